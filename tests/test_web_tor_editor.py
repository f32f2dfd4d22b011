"""Tor's position editor (tor-editor.html, the editor page over Tor's plug-in)
in Chromium, by clicks and keys as a person would: a position built on the
board, the engine's verdict (T7) in words, a refused position, a typed T7
string, Play here on Tor's page, the link kept over a reload, the keyboard,
the embed code and the way in from Tor's game page.
"""

from __future__ import annotations

import pytest
from conftest import AppPage
from playwright.sync_api import Page, expect
from test_web_tor_board import centre, click
from webhelpers import wait_position

from mixtour.tor.core import STANDARD_START, InvalidPositionError, Position
from mixtour.tor.game import Game

PAGE = "tor-editor.html"


def open_editor(app: AppPage, fragment: str = "") -> Page:
    app.open(PAGE + fragment)
    return app.page


def position(page: Page) -> str:
    return page.locator("#board").get_attribute("data-position") or ""


def engine_message(fen: str) -> str:
    with pytest.raises(InvalidPositionError) as error:
        Position(fen)
    return str(error.value)


def with_rank(fen: str, rank: int, text: str) -> str:
    """``fen`` with rank ``rank`` (1 to 8) written ``text``."""
    board, *rest = fen.split()
    ranks = board.split("/")
    ranks[8 - rank] = text
    return " ".join(["/".join(ranks), *rest])


def tool(page: Page, name: str) -> None:
    page.click(f".tool[data-tool={name}]")


def test_build_a_position_by_clicks_then_play_here(web_app: AppPage) -> None:
    page = open_editor(web_app)
    assert position(page) == STANDARD_START
    expect(page.locator("#validity")).to_have_text("Valid position, White to move")
    expect(page.locator("footer")).to_contain_text("Tor by Alain Couchot and Bernard Klein")
    tool(page, "erase")
    click(page, "a1")  # the blue token of a1 taken off...
    tool(page, "B")
    click(page, "b1")  # ...and laid on b1's red one
    tool(page, "w")
    click(page, "c3")
    tool(page, "b")
    click(page, "d5")
    built = "OYOYOY/BRBRBR/OYOYOY/BRBRkBR/OYOYOY/BRBwRBR/OYOYOY/.rBBRBR w -"
    wait_position(page, built)
    assert Position(built).fen() == built
    expect(page.locator("#position-text")).to_have_value(built)
    expect(page.locator("#validity")).to_have_text("Valid position, White to move")
    assert web_app.dataset("valid") == "1"

    # A right-click takes the pawn off first, then the top token.
    page.mouse.click(*centre(page, "d5"), button="right")
    wait_position(page, built.replace("BRBRkBR", "BRBRBR"))
    expect(page.locator("#message")).to_have_text("Black's pawn taken off d5")
    tool(page, "b")
    click(page, "d5")
    wait_position(page, built)

    page.click("#play-here")
    page.wait_for_url(lambda url: "/tor.html#p=" in url)
    web_app.wait_ready()
    wait_position(page, built)
    web_app.two_players_here()
    click(page, "a3")  # White places his second pawn, on this position
    wait_position(page, Game(built, ["a3"]).fen())
    assert web_app.errors == []


def test_an_impossible_position_is_refused_with_the_engines_message(web_app: AppPage) -> None:
    page = open_editor(web_app)
    tool(page, "w")
    click(page, "c3")
    click(page, "a3")
    two_white = "OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BwRBwRBR/OYOYOY/BRBRBR w -"
    wait_position(page, two_white)
    message = engine_message(two_white)
    assert "as many pawns as Black or one more" in message
    expect(page.locator("#validity")).to_have_text(message)
    assert web_app.dataset("valid") == "0"
    for button in ("#play-here", "#copy-position-link", "#open-embed"):
        expect(page.locator(button)).to_be_disabled()

    # A third pawn is refused by the editor itself, and the board stays.
    click(page, "e3")
    expect(page.locator("#message")).to_have_text("White already has two pawns")
    assert position(page) == two_white
    # So is a third token on a square, and a thirteenth of a colour.
    tool(page, "R")
    click(page, "b2")
    expect(page.locator("#message")).to_have_text("All 12 red tokens are already out")

    # Typed text the board cannot take: the engine says why; the board keeps its position.
    three_high = "OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/rBYRBRBR w -"
    page.fill("#position-text", three_high)
    expect(page.locator("#validity")).to_have_text(engine_message(three_high))
    assert position(page) == two_white
    too_many = "OYOwYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BwRBwRBR/OYOYOY/BRBRBR w -"
    page.fill("#position-text", too_many)
    expect(page.locator("#validity")).to_have_text(engine_message(too_many))
    assert "at most two pawns" in engine_message(too_many)
    assert page.locator("#validity b").count() == 0

    # The page still works: Black's pawn makes the position valid.
    page.fill("#position-text", "")
    page.locator("#board").focus()  # the field's change shows the board's string again
    tool(page, "b")
    click(page, "d5")
    page.check("#setup-form input[name=turn][value=b]")
    after = Game(None, ["c3", "d5", "a3"]).fen()
    wait_position(page, after)
    expect(page.locator("#validity")).to_have_text("Valid position, Black to move")
    expect(page.locator("#play-here")).to_be_enabled()
    assert web_app.errors == []


def test_a_typed_position_string_sets_up_the_board(web_app: AppPage) -> None:
    page = open_editor(web_app)
    fen = Game(None, ["c3", "d5", "b6", "e2", "c3-d4"]).fen()
    page.fill("#position-text", fen.replace(" ", "_"))
    wait_position(page, fen)
    expect(page.locator("#validity")).to_have_text("Valid position, Black to move")
    # The token in hand and the player to move are shown in the fields.
    expect(page.locator("select[name=hand]")).to_have_value(fen.split()[2])
    expect(page.locator("#setup-form input[name=turn][value=b]")).to_be_checked()
    # The embed code shows that position on Tor's embed page.
    page.click("#open-embed")
    code = page.locator("#embed-code").input_value()
    assert code.startswith("<iframe ") and "/tor-embed.html#p=" + fen.replace(" ", "_") in code
    assert web_app.errors == []


def test_clear_then_the_standard_layout_button_set_the_board_again(web_app: AppPage) -> None:
    page = open_editor(web_app)
    page.click("#clear-board")
    wait_position(page, "....../....../....../....../....../....../....../...... w -")
    expect(page.locator("#message")).to_have_text("Board cleared")
    expect(page.locator("#start-position")).to_have_text("Standard layout")
    page.click("#start-position")
    wait_position(page, STANDARD_START)
    expect(page.locator("#message")).to_have_text("The standard layout")
    assert web_app.errors == []


def test_the_address_follows_the_position_so_a_reload_keeps_it(web_app: AppPage) -> None:
    page = open_editor(web_app)
    page.click("#clear-board")
    for colour, square in [("O", "c3"), ("Y", "c3"), ("R", "d4")]:
        tool(page, colour)
        click(page, square)
    built = "....../....../....../....../...R../..oY.../....../...... w -"
    wait_position(page, built)
    assert page.url.endswith("#p=" + built.replace(" ", "_"))
    page.reload()
    web_app.wait_ready()
    wait_position(page, built)
    expect(page.locator("#position-text")).to_have_value(built)
    # Switching the language reloads the page: the position is still there.
    page.locator("#language").select_option("fr")
    page.wait_for_load_state()
    web_app.wait_ready()
    wait_position(page, built)
    expect(page.locator("#validity")).to_have_text("Position valide, au tour de Blanc")
    assert web_app.errors == []


def test_the_keyboard_sets_up_and_the_squares_are_read(web_app: AppPage) -> None:
    page = open_editor(web_app)
    page.locator("#board").focus()
    page.keyboard.press("ArrowRight")  # from c4, the board's centre, to d4
    expect(page.locator("#message")).to_have_text("d4: yellow token")
    page.keyboard.press("Enter")  # the blue tool: every blue token is on the board
    expect(page.locator("#message")).to_have_text("All 12 blue tokens are already out")
    tool(page, "w")
    page.locator("#board").focus()
    page.keyboard.press("Enter")
    wait_position(page, with_rank(STANDARD_START, 4, "OYOYwOY"))
    expect(page.locator("#message")).to_have_text("White's pawn put on d4")
    assert web_app.dataset("valid") == "0"  # one pawn placed: Black is to move
    page.keyboard.press("Delete")  # the pawn first...
    wait_position(page, STANDARD_START)
    page.keyboard.press("Backspace")  # ...then the token
    wait_position(page, with_rank(STANDARD_START, 4, "OYO.OY"))
    expect(page.locator("#message")).to_have_text("A yellow token taken off d4")
    assert web_app.errors == []


def test_tors_game_page_leads_to_the_editor(web_app: AppPage) -> None:
    web_app.open("tor.html")
    page = web_app.page
    page.click("footer a[href='./tor-editor.html']")
    page.wait_for_url(lambda url: "/tor-editor.html" in url)
    web_app.wait_ready()
    assert position(page) == STANDARD_START
    assert web_app.errors == []
