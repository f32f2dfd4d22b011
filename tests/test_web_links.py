"""Links on the game page: the address bar follows the board, and a link opens
exactly the position or game it names (compared with the engine under CPython).
"""

from __future__ import annotations

from conftest import AppPage
from playwright.sync_api import Page, expect
from webhelpers import click_square, play, point, position, wait_position_change

from mixtour.mixtour.core import Position
from mixtour.mixtour.game import Game
from mixtour.mixtour.link import format_link, parse_link

GAME = ["c3", "b4", "b4-c3", "d2", "e5", "c3:2-d2"]


def fragment(page: Page) -> str:
    return str(page.evaluate("location.hash"))


def wait_hash(page: Page, text: str) -> None:
    page.wait_for_function("(h) => location.hash === h", arg=text, timeout=10_000)


def test_position_link_round_trip(web_app: AppPage) -> None:
    game = Game(None, GAME)
    fen = game.fen()
    link = format_link(game, whole_game=False)
    web_app.open("index.html#" + link)
    page = web_app.page
    assert position(page) == fen == Position(fen).fen()
    expect(page.locator("#link-problems")).to_be_hidden()
    assert fragment(page) == "#" + link
    assert web_app.errors == []


def test_game_link_at_a_ply_then_step_to_the_end(web_app: AppPage) -> None:
    game = Game(None, GAME)
    game.goto(3)
    link = format_link(game)
    assert "ply=3" in link
    web_app.open("index.html#" + link)
    page = web_app.page
    assert position(page) == game.fen()
    expect(page.locator("#moves .ply:not(.future)")).to_have_count(3)
    expect(page.locator("#moves .ply.future")).to_have_count(3)
    for ply in range(4, len(GAME) + 1):
        before = position(page)
        page.click("#redo")
        wait_position_change(page, before)
        game.goto(ply)
        assert position(page) == game.fen()
        wait_hash(page, "#" + format_link(game))
    assert web_app.errors == []


def test_broken_link_shows_the_problem_and_a_working_board(web_app: AppPage) -> None:
    link = "p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3,b4,c3,d4&flip=2&zoom=3"
    expected = parse_link(link)
    assert len(expected.problems) == 3
    web_app.open("index.html#" + link)
    page = web_app.page
    problems = page.locator("#link-problem-list li")
    expect(problems).to_have_count(3)
    texts = problems.all_text_contents()
    assert texts == expected.problems
    assert any("'c3'" in text and "action 3" in text for text in texts)
    assert position(page) == expected.game.fen()
    # The valid part is playable.
    after = play(page, "d4")
    expected.game.play("d4")
    assert after == expected.game.fen()
    wait_hash(page, "#" + format_link(expected.game))
    # A link whose position is unreadable still gives the standard start.
    page.evaluate("location.hash = '#p=6/5/5/5/5_w_20/20_0/0_1_-'")
    page.wait_for_function(
        "document.querySelectorAll('#link-problem-list li').length === 1"
        " && document.querySelector('#board').dataset.position.startsWith('5/5/5/5/5 w 20/20')"
    )
    expect(page.locator("#link-problem-list li")).to_contain_text("bad position in the link")
    page.click("#link-problems-close")
    expect(page.locator("#link-problems")).to_be_hidden()
    assert web_app.errors == []


def test_html_in_a_link_is_shown_as_text(web_app: AppPage) -> None:
    web_app.open("index.html#<b>bold</b>=1")
    page = web_app.page
    expect(page.locator("#link-problem-list li")).to_have_count(1)
    assert page.locator("#link-problems b").count() == 0
    expect(page.locator("#link-problem-list li")).to_contain_text("'<b>bold</b>'")
    assert web_app.errors == []


def test_address_bar_follows_the_game(app_page: AppPage) -> None:
    page = app_page.page
    game = Game()
    wait_hash(page, "#" + format_link(game))
    history_length = page.evaluate("history.length")
    for action in GAME[:3]:
        play(page, action)
        game.play(action)
        wait_hash(page, "#" + format_link(game))
    page.click("#undo")
    game.undo()
    wait_hash(page, "#" + format_link(game))
    assert "m=c3,b4,b4-c3&ply=2" in fragment(page)
    assert page.evaluate("history.length") == history_length  # replaceState only
    # Pasting another link loads it.
    other = Game(None, ["a1", "e5"])
    page.evaluate("(h) => { location.hash = h; }", "#" + format_link(other))
    page.wait_for_function(
        "(fen) => document.querySelector('#board').dataset.position === fen", arg=other.fen()
    )
    assert app_page.errors == []


def test_flipped_board_link_and_clicks(web_app: AppPage) -> None:
    web_app.open("index.html#p=5/5/5/5/5_w_20/20_0/0_1_-&flip=1")
    page = web_app.page
    expect(page.locator("#flip-board")).to_have_attribute("aria-pressed", "true")
    # a1 is drawn at the top right: a click there enters a disc on a1.
    box = page.locator("#board").bounding_box()
    assert box is not None
    x, y = point(page, "a1")
    assert x > box["x"] + box["width"] / 2 and y < box["y"] + box["height"] / 2
    before = position(page)
    click_square(page, "a1")
    assert wait_position_change(page, before).startswith("5/5/5/5/w,4 r")
    assert "flip=1" in fragment(page)
    page.click("#flip-board")
    expect(page.locator("#flip-board")).to_have_attribute("aria-pressed", "false")
    page.wait_for_function("!location.hash.includes('flip=1')")
    assert web_app.errors == []


def test_copy_link_falls_back_to_a_field(web_app: AppPage) -> None:
    page = web_app.page
    page.add_init_script(
        "navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));"
    )
    web_app.open("index.html")
    web_app.two_players_here()
    play(page, "c3")
    page.click("#copy-position-link")
    field = page.locator("#copied-link-text")
    expect(field).to_be_visible()
    value = field.input_value()
    assert value.startswith(web_app.base_url + "index.html#p=")
    assert parse_link(value.split("#", 1)[1]).game.fen() == position(page)
    page.click("#copy-game-link")
    expect(field).to_have_value(web_app.base_url + "index.html" + fragment(page))
    assert web_app.errors == []
