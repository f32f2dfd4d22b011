"""Tor's game page: the features it shares with Mixtour's page, written once
for both games (flip the board, download its picture, a rematch, asking
before a move from an earlier position drops the later ones, the embed
code), clicked and read in Chromium as a person would.
"""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path

from conftest import AppPage
from playwright.sync_api import Page, expect
from test_web_tor import OPENING, board, click_action, moves, open_tor
from test_web_tor_board import centre
from webhelpers import keep_messages, wait_position, wait_said

from mixtour.tor.core import Position, random_layout, start_fen
from mixtour.tor.game import Game
from mixtour.tor.link import format_link
from mixtour.tor.svg import board as svg_board


def test_flip_board_turns_tors_board_and_the_link_keeps_it(web_app: AppPage) -> None:
    page = open_tor(web_app)
    for action in OPENING[:2]:
        click_action(page, action)
    wait_position(page, Game(None, OPENING[:2]).fen())
    flip = page.locator("#flip-board")
    expect(flip).to_have_attribute("aria-pressed", "false")
    a1_before = centre(page, "a1")
    flip.click()
    expect(flip).to_have_attribute("aria-pressed", "true")
    assert json.loads(board(page, "geometry"))["flipped"] is True
    page.wait_for_function("location.hash.includes('flip=1')")
    # a1 is drawn at the top right now, and a click there still means a1's square.
    a1 = centre(page, "a1")
    assert a1[0] > a1_before[0] and a1[1] < a1_before[1]
    click_action(page, OPENING[2])
    wait_position(page, Game(None, OPENING[:3]).fen())
    assert "flip=1" in page.evaluate("location.hash")
    # The link opens turned round, in another tab as in this one.
    link = page.evaluate("location.href")
    other = page.context.new_page()
    other.goto(link)
    other.wait_for_function("document.body.dataset.ready === '1'")
    expect(other.locator("#flip-board")).to_have_attribute("aria-pressed", "true")
    assert json.loads(other.locator("#board").get_attribute("data-geometry") or "{}")["flipped"]
    other.close()
    # Your games keeps it too: the page without a link comes back turned round.
    page.goto(web_app.base_url + "tor.html")
    web_app.wait_ready()
    assert moves(page) == OPENING[:3]
    expect(flip).to_have_attribute("aria-pressed", "true")
    flip.click()
    expect(flip).to_have_attribute("aria-pressed", "false")
    page.wait_for_function("!location.hash.includes('flip=1')")
    assert json.loads(board(page, "geometry"))["flipped"] is False
    assert web_app.errors == []


def test_download_image_is_the_position_shown_turned_like_the_board(web_app: AppPage) -> None:
    page = open_tor(web_app)
    for action in OPENING:
        click_action(page, action)
    click_action(page, "c3-d4")
    fen = Game(None, [*OPENING, "c3-d4"]).fen()
    wait_position(page, fen)
    page.click("#flip-board")
    expect(page.locator("#flip-board")).to_have_attribute("aria-pressed", "true")
    with page.expect_download() as info:
        page.click("#download-image")
    download = info.value
    assert download.suggested_filename == "tor-position.svg"
    text = Path(download.path()).read_text(encoding="utf-8")
    # The engine's picture of the position on the board, turned round as it is.
    assert text == svg_board(Position(fen), flipped=True)
    expect(page.locator("#message")).to_have_text("Image of the position downloaded")
    assert web_app.errors == []


def finished_game(seed: int) -> Game:
    """A game played to its end by random turns, on a random layout."""
    rng = random.Random(seed)
    game = Game(start_fen(random_layout(seed)))
    while not game.position.is_over:
        game.play(rng.choice(game.legal_actions()))
    return game


def test_rematch_swaps_the_sides_on_the_same_layout(web_app: AppPage) -> None:
    game = finished_game(7)
    # White (you) against the computer at level 1, the game over.
    page = open_tor(web_app, "#" + format_link(game, seats={"b": 1}))
    expect(page.locator("#result")).to_be_visible()
    assert board(page, "seats") == "w0b1"
    keep_messages(page)  # the computer's opening move may replace the rematch's words
    page.click("#result-rematch")
    expect(page.locator("#result")).to_be_hidden()
    wait_said(page, "Rematch: you play Black now.")
    assert board(page, "seats") == "w1b0"
    # The computer, White now, opens the new game on the layout of the last one.
    page.wait_for_function(
        "document.querySelectorAll('#moves button.ply').length === 1", timeout=60_000
    )
    wait_position(page, Game(game.start, moves(page)).fen())
    assert board(page, "status") == "playing"
    # The finished game stays in Your games beside the new one.
    page.wait_for_function(
        "Object.keys(localStorage).filter((k) => k.startsWith('mixtour.library.')).length === 2"
    )
    assert web_app.errors == []


def looking_back_at_ply_3(web_app: AppPage) -> tuple[Page, list[str]]:
    """Tor's page with the opening and c3-d4 played, then turn 3 clicked in
    the list: the page and the actions played."""
    page = open_tor(web_app)
    played = [*OPENING, "c3-d4"]
    for action in played:
        click_action(page, action)
    wait_position(page, Game(None, played).fen())
    page.click("#moves button.ply[data-ply='3']")
    wait_position(page, Game(None, played[:3]).fen())
    return page, played


def test_a_turn_from_an_earlier_position_asks_before_dropping_the_later_ones(
    web_app: AppPage,
) -> None:
    page, played = looking_back_at_ply_3(web_app)
    # Black places his second pawn elsewhere than in the game: the page asks.
    dialog = page.locator("#discard-dialog")
    click_action(page, "e8")
    expect(dialog).to_be_visible()
    expect(page.locator("#discard-text")).to_have_text(
        "Playing e8 here replaces the later part of the game (later actions in the list: 2)."
    )
    # Keep the game: nothing changes.
    dialog.get_by_role("button", name="Keep the game").click()
    expect(dialog).to_be_hidden()
    assert board(page, "position") == Game(None, played[:3]).fen()
    assert moves(page) == played
    # Asked again and answered Play from here: the later turns go.
    click_action(page, "e8")
    expect(dialog).to_be_visible()
    page.click("#discard-play")
    wait_position(page, Game(None, [*played[:3], "e8"]).fen())
    assert moves(page) == [*played[:3], "e8"]
    # Undo then a turn asks nothing: the undone turn is not looked at.
    page.click("#undo")
    wait_position(page, Game(None, played[:3]).fen())
    click_action(page, "e2")
    wait_position(page, Game(None, played[:4]).fen())
    expect(dialog).to_be_hidden()
    assert web_app.errors == []


def test_the_editor_link_opens_tors_editor_on_the_position_shown(web_app: AppPage) -> None:
    page = open_tor(web_app)
    for action in OPENING[:3]:
        click_action(page, action)
    fen = Game(None, OPENING[:3]).fen()
    wait_position(page, fen)
    page.click("#open-editor")
    page.wait_for_url(lambda url: "/tor-editor.html#p=" in url)
    web_app.wait_ready()
    assert board(page, "position") == fen
    assert web_app.errors == []


def test_the_new_game_dialog_shows_the_first_screen_again(web_app: AppPage) -> None:
    page = open_tor(web_app)
    # A game started from the dialog first (two people), and a turn in it.
    page.click("#new-game")
    page.check("input[name=opponent][value=friend]")
    page.click("#start-game")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    click_action(page, "c3")
    wait_position(page, Game(None, ["c3"]).fen())
    # The dialog again: "Show the first screen" closes it and starts nothing.
    page.click("#new-game")
    page.click("#show-start")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    expect(page.locator("#start")).to_be_visible()
    assert web_app.dataset("choosing") == "1"
    assert moves(page) == ["c3"]
    page.click("#start-friends")
    expect(page.locator("#start")).to_be_hidden()
    wait_position(page, Game().fen())
    assert web_app.errors == []


def test_sounds_are_off_until_turned_on_in_settings_as_on_mixtours_page(
    web_app: AppPage,
) -> None:
    page = open_tor(web_app)
    click_action(page, "c3")
    wait_position(page, Game(None, ["c3"]).fen())
    assert web_app.dataset("sound") is None
    page.click("#open-settings")
    page.check("#sound-on")  # plays a sample as it turns on
    expect(page.locator("body")).to_have_attribute("data-sound", "move 1")
    page.locator("#settings-dialog [data-close]").click()
    click_action(page, "d5")
    wait_position(page, Game(None, ["c3", "d5"]).fen())
    expect(page.locator("body")).to_have_attribute("data-sound", "move 2")
    # b1 is red, the colour under Black's pawn: closed to White.
    click_action(page, "b1")
    expect(page.locator("body")).to_have_attribute("data-sound", "illegal 3")
    assert board(page, "refused") != ""
    # One preference for both games: kept, and silent again once turned off.
    page.reload()
    web_app.wait_ready()
    page.click("#open-settings")
    expect(page.locator("#sound-on")).to_be_checked()
    page.uncheck("#sound-on")
    page.locator("#settings-dialog [data-close]").click()
    click_action(page, "b6")
    wait_position(page, Game(None, ["c3", "d5", "b6"]).fen())
    assert web_app.dataset("sound") is None
    assert web_app.errors == []


def embedded(web_app: AppPage, src: str, size: tuple[int, int] | None = None) -> Page:
    """The embed page of ``src`` in a tab of its own (of ``size``), ready."""
    other = web_app.page.context.new_page()
    if size:
        other.set_viewport_size({"width": size[0], "height": size[1]})
    other.goto(src)
    other.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
    return other


def test_the_embed_code_shows_the_game_at_the_position_shown_on_tors_embed(
    web_app: AppPage,
) -> None:
    # Looking back at turn 3, the board turned round.
    page, played = looking_back_at_ply_3(web_app)
    shown = Game(None, played)
    shown.goto(3)
    assert board(page, "position") == shown.fen()
    page.click("#flip-board")
    expect(page.locator("#flip-board")).to_have_attribute("aria-pressed", "true")

    page.click("#open-embed")
    dialog = page.locator("#embed-dialog")
    expect(dialog).to_be_visible()
    page.uncheck("#embed-coords")
    code = page.locator("#embed-code").input_value()
    # Tor's embed page, with Tor's link of the game at the position shown.
    link = format_link(shown, preview=True, flip=True)
    src = f"{web_app.base_url}tor-embed.html#{link}&coords=0"
    assert code.startswith(f'<iframe src="{html.escape(src)}" width="360" height="469" ')
    assert 'title="Tor board"' in code
    # The position alone: no actions in the link, and the script embed names Tor.
    dialog.locator("input[name=what][value=position]").check()
    code_position = page.locator("#embed-code").input_value()
    assert "&amp;m=" not in code_position
    assert format_link(shown, whole_game=False, preview=True, flip=True) in html.unescape(
        code_position
    )
    dialog.locator("input[name=kind][value=script]").check()
    assert 'data-game="tor"' in page.locator("#embed-code").input_value()
    page.click("#embed-dialog button[value=close]")
    expect(dialog).to_be_hidden()

    # The code's address shows the same position, turned round, at turn 3 of 5.
    found = re.match(r'<iframe src="([^"]+)"', code)
    assert found is not None
    frame = embedded(web_app, html.unescape(found.group(1)))
    assert frame.locator("#board").get_attribute("data-position") == shown.fen()
    expect(frame.locator("#ply")).to_have_text("3/5")
    bare = json.loads(frame.locator("#board").get_attribute("data-geometry") or "{}")
    assert bare["flipped"] is True
    frame.close()
    # Without coordinates the squares are larger than with them, in the same frame.
    frame = embedded(web_app, html.unescape(found.group(1)).removesuffix("&coords=0"))
    framed = json.loads(frame.locator("#board").get_attribute("data-geometry") or "{}")
    assert framed["cell"] < bare["cell"]
    frame.close()
    # The frame is as tall as Tor's board at its width (6 by 8 squares, the
    # trays beside): the squares are as large as in a frame twice as tall.
    cells = []
    for height in (469, 2 * 469):
        frame = embedded(web_app, html.unescape(found.group(1)), (360, height))
        cells.append(json.loads(frame.locator("#board").get_attribute("data-geometry") or "{}"))
        frame.close()
    assert cells[0]["cell"] == cells[1]["cell"], cells
    assert web_app.errors == []


def test_a_finished_game_looked_back_at_becomes_a_new_game_from_there(
    web_app: AppPage,
) -> None:
    """As on Mixtour's page: a finished game looked back at stays as it ended;
    a turn from there, or "Play on from here" on the computer's turn, asks
    first and starts a new game from the position shown."""
    game = finished_game(7)
    actions = game.record()
    # White (you) against the computer at level 1, the game over.
    page = open_tor(web_app, "#" + format_link(game, seats={"b": 1}))
    expect(page.locator("#result")).to_be_visible()
    page.wait_for_function("document.body.dataset.gameId")
    finished_id = web_app.dataset("gameId")
    branch = page.locator("#branch")
    dialog = page.locator("#discard-dialog")
    expect(branch).to_be_hidden()

    # Three turns before the end White is to move: a turn there asks first.
    white_at = len(actions) - 3
    shown = Game(game.start, actions[:white_at])
    assert shown.position.turn == 0
    page.click(f"#moves button.ply[data-ply='{white_at}']")
    wait_position(page, shown.fen())
    expect(branch).to_be_hidden()  # the player's own turn asks by itself
    other = next(a for a in shown.legal_texts() if a != actions[white_at])
    click_action(page, other)
    expect(dialog).to_be_visible()
    expect(page.locator("#discard-text")).to_have_text(
        "This game is finished and stays in Your games as it ended. "
        f"Play {other} here as the first move of a new game from this position?"
    )
    dialog.get_by_role("button", name="Keep the game").click()
    expect(dialog).to_be_hidden()
    assert board(page, "position") == shown.fen()
    assert moves(page) == actions

    # One turn later Black, the computer, is to move: it waits, and the
    # button offers to play on.
    black_at = white_at + 1
    page.click(f"#moves button.ply[data-ply='{black_at}']")
    wait_position(page, Game(game.start, actions[:black_at]).fen())
    expect(branch).to_be_visible()
    expect(page.locator("#thinking")).to_be_visible()
    expect(page.locator("#thinking")).to_have_text(
        "Looking back at a finished game: it stays as it ended."
    )
    assert moves(page) == actions
    branch.click()
    expect(page.locator("#discard-text")).to_have_text(
        "This game is finished and stays in Your games as it ended. "
        "Let the computer play on from here, as a new game?"
    )
    page.click("#discard-play")
    expect(dialog).to_be_hidden()
    # A new game from that position: the computer plays its turn in it.
    page.wait_for_function(
        f"document.querySelectorAll('#moves button.ply').length === {black_at + 1}",
        timeout=60_000,
    )
    assert moves(page)[:black_at] == actions[:black_at]
    assert board(page, "status") == "playing"
    expect(branch).to_be_hidden()
    page.wait_for_function(
        "(old) => document.body.dataset.gameId && document.body.dataset.gameId !== old",
        arg=finished_id,
    )

    # The finished game is in Your games as it ended, and opens so.
    page.click("#open-games")
    row = page.locator(f"#games-list li[data-id='{finished_id}']")
    expect(row).to_be_visible()
    row.locator(".game-open").click()
    expect(page.locator("#games-dialog")).to_be_hidden()
    wait_position(page, game.fen())
    expect(page.locator("#result")).to_be_visible()
    assert moves(page) == actions
    assert web_app.errors == []


def test_the_thinking_line_and_the_moves_head_as_on_mixtours_page(web_app: AppPage) -> None:
    """The line under the turn says whose move the computer thinks of, or what
    it looks for; the move list has a column per player under its name."""
    page = open_tor(web_app, "#ai=1")
    head = page.locator("#moves-head .moves-color")
    expect(head).to_have_text(["White", "Black"])
    assert head.evaluate_all("cells => cells.map((c) => c.dataset.color)") == ["w", "b"]
    thinking = page.locator("#thinking")
    expect(thinking).to_be_hidden()
    # The computer's answer waits 30 s (a test hook), so the line can be read:
    # first while its player loads, then while it searches.
    page.evaluate("window.mixtourDebug = { replyDelayMs: 30000 }")
    click_action(page, "c3")
    expect(thinking).to_be_visible()
    expect(thinking).to_have_text(re.compile("Loading the computer player…|Black is thinking…"))
    expect(thinking).to_have_text("Black is thinking…", timeout=25_000)
    expect(thinking).to_have_class(re.compile(r"\bbusy\b"))
    # Undo drops the search: the line goes with it.
    page.click("#undo")
    wait_position(page, Game().fen())
    expect(thinking).to_be_hidden()
    # A hint on the player's turn: the line says the computer looks for a move.
    # A ready worker finds a level-1 hint in a few milliseconds, so every text
    # the line shows is kept, rather than read while it lasts.
    keep_messages(page, "#thinking")
    page.click("#hint-button")
    page.wait_for_function("document.querySelector('#board').dataset.hint", timeout=60_000)
    wait_said(page, "Looking for a good move…", "#thinking")
    expect(thinking).to_be_hidden()
    # The column heads follow the language.
    page.locator("#language").select_option("fr")
    page.wait_for_load_state()
    web_app.wait_ready()
    expect(head).to_have_text(["Blanc", "Noir"])
    assert web_app.errors == []
