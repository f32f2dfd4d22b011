"""The game page, played with real clicks and drags on the board canvas.

Every action goes through the mouse at the square (and disc) coordinates
that the page publishes; the expected positions come from the engine run
here under CPython, so the page must agree with the rules engine exactly.
"""

from __future__ import annotations

import re

import pytest
from conftest import AppPage
from playwright.sync_api import Page, expect
from webhelpers import (
    click_square,
    drag,
    field,
    lift,
    message,
    move_list,
    play,
    point,
    position,
    wait_position_change,
)

from mixtour.mixtour.game import Game

START = "5/5/5/5/5 w 20/20 0/0 1 -"

# White builds a tower of five with White on top; every move lifts a whole stack.
WIN_GAME = ["d4", "c4", "d4-c4", "d4", "c4:2-d4", "c4", "d4:3-c4", "d4", "c4:4-d4"]

# With 5 discs each, White runs out of discs and moves after ten actions.
PASS_GAME = ["d2", "c2", "b3", "d1", "a2", "d1-d2", "e5", "c2-b3", "b1", "b1-a2"]


def status(page: Page) -> str:
    return page.locator("#board").get_attribute("data-status") or ""


def numbered(actions: list[str], players: int = 2) -> str:
    words = []
    for i, action in enumerate(actions):
        if i % players == 0:
            words.append(f"{i // players + 1}.")
        words.append(action)
    return " ".join(words)


def new_game(
    page: Page, players: int | None = None, discs: int | None = None, target: int | None = None
) -> str:
    before = position(page)
    page.click("#new-game")
    dialog = page.locator("#new-game-dialog")
    expect(dialog).to_be_visible()
    if players is not None:
        dialog.locator(f"input[name=players][value='{players}']").check()
    if discs is not None:
        page.fill("#discs", str(discs))
    if target is not None:
        page.fill("#target-input", str(target))
    page.click("#start-game")
    expect(dialog).to_be_hidden()
    return wait_position_change(page, before)


def test_page_loads_offline_and_shows_the_start(app_page: AppPage) -> None:
    page = app_page.page
    assert app_page.dataset("painted") == "1"
    assert position(page) == START
    assert status(page) == "playing"
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#status")).to_have_text("White to move")
    assert field(page, "w", "reserve") == "20"
    assert field(page, "r", "reserve") == "20"
    assert field(page, "w", "score") == "0 / 1"
    credit = page.locator("footer a").first
    expect(credit).to_have_text("Mixtour by Dieter Stein")
    assert credit.get_attribute("href") == "http://spielstein.com/games/mixtour/"
    canvas = page.locator("#board")
    assert canvas.get_attribute("tabindex") == "0"
    assert canvas.get_attribute("aria-label")
    assert page.locator("#message").get_attribute("aria-live") == "polite"
    assert app_page.errors == []
    assert app_page.blocked == []


def test_a_whole_game_to_a_win_by_clicks(app_page: AppPage) -> None:
    page = app_page.page
    engine = Game()
    for ply, action in enumerate(WIN_GAME, start=1):
        engine.play(action)
        assert play(page, action) == engine.fen(), f"after {action}"
        pos = engine.position
        assert field(page, "w", "reserve") == str(pos.reserves[0])
        assert field(page, "r", "reserve") == str(pos.reserves[1])
        assert field(page, "w", "score") == f"{pos.scores[0]} / 1"
        assert move_list(page) == numbered(WIN_GAME[:ply])
    assert position(page) == "5/5/5/5/5 r 20/20 1/0 1 c4:4-d4"
    assert status(page) == "w-wins"
    # The tower went home: all discs are back in the reserves, White has scored.
    assert field(page, "w", "reserve") == "20"
    assert field(page, "r", "reserve") == "20"
    assert field(page, "w", "score") == "1 / 1"
    banner = page.locator("#result")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("White wins")
    assert "White scores a point" in message(page)
    # The game is over: a click changes nothing and says why.
    click_square(page, "c3")
    expect(page.locator("#message")).to_contain_text("the game is over")
    assert position(page) == "5/5/5/5/5 r 20/20 1/0 1 c4:4-d4"
    assert app_page.errors == []


def test_a_move_can_split_a_stack(app_page: AppPage) -> None:
    page = app_page.page
    for action in ["c3", "b4", "b4-c3", "d4"]:
        play(page, action)
    assert position(page) == "5/3,r,1/2,wr,2/5/5 w 19/18 0/0 1 d4"
    # Lifting the top disc of c3 highlights its targets; then move it to d4.
    lift(page, "c3", 1)
    expect(page.locator("#board")).to_have_attribute("data-selection", "c3:1")
    expect(page.locator("#hint")).to_contain_text("1 disc from c3")
    before = position(page)
    click_square(page, "d4")
    after = wait_position_change(page, before)
    assert after == "5/3,rr,1/2,w,2/5/5 r 19/18 0/0 1 c3-d4"
    assert move_list(page) == "1. c3 b4 2. b4-c3 d4 3. c3-d4"


def test_an_illegal_click_explains_and_changes_nothing(app_page: AppPage) -> None:
    page = app_page.page
    for action in ["a1", "b2", "e5"]:
        play(page, action)
    before = position(page)
    # a1 may move onto b2, but not onto e5: b2 is in the way.
    lift(page, "a1", 1)
    expect(page.locator("#board")).to_have_attribute("data-selection", "a1:1")
    click_square(page, "e5")
    expect(page.locator("#message")).to_contain_text("a1-e5 is not possible")
    expect(page.locator("#message")).to_contain_text("blocked by b2")
    assert position(page) == before
    # e5 cannot move at all: the message says so.
    click_square(page, "e5")
    expect(page.locator("#message")).to_contain_text("the top disc of e5 cannot move")
    assert position(page) == before
    assert page.locator("#board").get_attribute("data-selection") is None
    # Escape cancels a selection.
    lift(page, "a1", 1)
    expect(page.locator("#board")).to_have_attribute("data-selection", "a1:1")
    page.keyboard.press("Escape")
    expect(page.locator("#board")).not_to_have_attribute("data-selection", "a1:1")
    assert position(page) == before
    assert app_page.errors == []


def test_undo_and_redo(app_page: AppPage) -> None:
    page = app_page.page
    undo, redo = page.locator("#undo"), page.locator("#redo")
    expect(undo).to_be_disabled()
    fens = [position(page)]
    for action in ["c3", "b4", "b4-c3"]:
        fens.append(play(page, action))
    expect(redo).to_be_disabled()

    undo.click()
    assert wait_position_change(page, fens[3]) == fens[2]
    undo.click()
    assert wait_position_change(page, fens[2]) == fens[1]
    assert move_list(page) == "1. c3"
    expect(page.locator("#moves .future")).to_have_count(2)
    expect(redo).to_be_enabled()

    redo.click()
    assert wait_position_change(page, fens[1]) == fens[2]
    assert field(page, "r", "reserve") == "19"
    # A new action replaces what could have been redone.
    play(page, "e1")
    expect(redo).to_be_disabled()
    assert move_list(page) == "1. c3 b4 2. e1"
    expect(page.locator("#moves .future")).to_have_count(0)


def test_new_game_with_other_discs_and_target(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    assert new_game(page, discs=8, target=2) == "5/5/5/5/5 w 8/8 0/0 2 -"
    assert field(page, "w", "reserve") == "8"
    assert field(page, "r", "score") == "0 / 2"
    expect(page.locator("#target")).to_contain_text("2 points")
    assert move_list(page) == ""
    # Three players: the discs field follows the usual 15 unless edited.
    assert new_game(page, players=3, target=1) == "5/5/5/5/5 w 15/15/15 0/0/0 1 -"
    expect(page.locator("#player-b")).to_be_visible()
    play(page, "a1")
    play(page, "b1")
    assert play(page, "e5") == "4,b/5/5/5/w,r,3 w 14/14/14 0/0/0 1 e5"
    assert move_list(page) == "1. a1 b1 e5"


def test_new_game_dialog_can_be_cancelled(app_page: AppPage) -> None:
    page = app_page.page
    before = play(page, "c3")
    page.click("#new-game")
    page.fill("#discs", "6")
    page.locator("#new-game-dialog button[value=cancel]").click()
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    assert position(page) == before


def test_drag_and_drop_moves_discs(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    before = play(page, "b4")
    drag(page, "b4", 1, "c3")
    assert wait_position_change(page, before) == "5/5/2,wr,2/5/5 r 19/19 0/0 1 b4-c3"
    before = play(page, "d4")
    # A drop on a square that is not a target explains and changes nothing.
    drag(page, "c3", 2, "e1")
    expect(page.locator("#message")).to_contain_text("c3:2-e1 is not possible")
    assert position(page) == before
    # The whole stack, dragged from its bottom disc.
    drag(page, "c3", 2, "d4")
    assert wait_position_change(page, before) == "5/3,rwr,1/5/5/5 r 19/18 0/0 1 c3:2-d4"


def test_a_forced_pass(app_page: AppPage) -> None:
    page = app_page.page
    new_game(page, discs=5)
    for action in PASS_GAME:
        play(page, action)
    assert position(page) == "4,w/5/1,wr,3/ww,2,wr,1/5 w 0/3 0/0 1 b1-a2"
    expect(page.locator("#status")).to_have_text("White cannot enter or move and must pass")
    click_square(page, "c1")
    expect(page.locator("#message")).to_contain_text("no discs left")
    pass_button = page.locator("#pass")
    expect(pass_button).to_be_visible()
    assert play(page, "pass") == "4,w/5/1,wr,3/ww,2,wr,1/5 r 0/3 0/0 1 pass"
    expect(pass_button).to_be_hidden()
    expect(page.locator("#message")).to_have_text("White passed")
    assert move_list(page).endswith("6. pass")


def test_keyboard_enters_and_moves(app_page: AppPage) -> None:
    page = app_page.page
    page.locator("#board").focus()
    before = position(page)
    page.keyboard.press("Enter")  # the cursor starts on c3
    assert wait_position_change(page, before) == "5/5/2,w,2/5/5 r 19/20 0/0 1 c3"
    before = position(page)
    page.keyboard.press("ArrowUp")
    expect(page.locator("#cursor-live")).to_have_text("c4, empty")
    page.keyboard.press("Enter")
    after = wait_position_change(page, before)
    assert after.startswith("5/2,r,2/2,w,2/5/5 w")
    page.keyboard.press("Enter")  # lift the top disc of c4
    expect(page.locator("#board")).to_have_attribute("data-selection", "c4:1")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert wait_position_change(page, after) == "5/5/2,wr,2/5/5 r 19/19 0/0 1 c4-c3"
    assert re.search(r"c4-c3", message(page))


def test_phone_portrait_layout_and_play(app_page: AppPage) -> None:
    page = app_page.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function(
        "() => JSON.parse(document.querySelector('#board').dataset.geometry).cell < 80"
    )
    box = page.locator("#board").bounding_box()
    assert box is not None and box["width"] <= 390 and box["x"] >= 0
    # The panels go under the board.
    panel = page.locator(".panel").bounding_box()
    assert panel is not None and panel["y"] >= box["y"] + box["height"]
    play(page, "c3")
    play(page, "b4")
    assert play(page, "b4-c3") == "5/5/2,wr,2/5/5 r 19/19 0/0 1 b4-c3"
    play(page, "d4")
    # A click off the board drops a selection.
    lift(page, "c3", 2)
    expect(page.locator("#board")).to_have_attribute("data-selection", "c3:2")
    page.mouse.click(5, box["y"] + box["height"] + 5)
    expect(page.locator("#board")).not_to_have_attribute("data-selection", "c3:2")
    assert app_page.errors == []


@pytest.mark.browser_context_args(
    has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844}
)
def test_touch_taps_and_a_touch_drag(app_page: AppPage) -> None:
    page = app_page.page
    before = position(page)
    page.touchscreen.tap(*point(page, "c3"))
    before = wait_position_change(page, before)
    page.touchscreen.tap(*point(page, "b4"))
    before = wait_position_change(page, before)
    # Tap the disc, then the target.
    page.touchscreen.tap(*point(page, "b4", 0))
    expect(page.locator("#board")).to_have_attribute("data-selection", "b4:1")
    page.touchscreen.tap(*point(page, "c3"))
    before = wait_position_change(page, before)
    assert before == "5/5/2,wr,2/5/5 r 19/19 0/0 1 b4-c3"
    page.touchscreen.tap(*point(page, "d4"))
    before = wait_position_change(page, before)
    # A finger drags the top disc of c3 onto d4.
    cdp = page.context.new_cdp_session(page)
    (x0, y0), (x1, y1) = point(page, "c3", 1), point(page, "d4")
    cdp.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]}
    )
    for i in range(1, 9):
        x, y = x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert wait_position_change(page, before) == "5/3,rr,1/2,w,2/5/5 r 19/18 0/0 1 c3-d4"
    assert app_page.errors == []


# White c3, Red d3, White d3-c3 (c3 is 2 high), Red b3, White a1, Red b2: b3 may
# move onto b2, and is 1 square from the 2-high c3, whose top disc may move too.
DROP_GAME = ["c3", "d3", "d3-c3", "b3", "a1", "b2"]
DROP_WORDS = {
    "en": ["b3-c3 is not possible", "c3 is 2 high", "b3 is 1 square away"],
    "de": ["b3-c3 ist nicht möglich", "c3 ist 2 hoch", "b3 ist 1 Feld entfernt"],
    "fr": ["b3-c3 est impossible", "hauteur de 2", "b3 est à 1 case"],
}


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_a_refused_drop_on_a_stack_that_can_move_is_explained(
    web_app: AppPage, language: str
) -> None:
    """Lift b3, tap c3 (2 high, 1 square away): c3's top disc could move, so it
    is lifted instead, and the page says why the drop was refused, in the
    page's language; a later selection clears the line, so it never goes stale."""
    app_page = web_app
    app_page.open()
    page = app_page.page
    if language != "en":
        page.locator("#language").select_option(language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        app_page.wait_ready()
    app_page.two_players_here()
    for action in DROP_GAME:
        play(page, action)
    before = position(page)
    lift(page, "b3", 1)
    expect(page.locator("#board")).to_have_attribute("data-selection", "b3:1")
    click_square(page, "c3")
    expect(page.locator("#board")).to_have_attribute("data-selection", "c3:1")
    for words in DROP_WORDS[language]:
        expect(page.locator("#message")).to_contain_text(words)
    assert position(page) == before
    # Put back, then lift again: the old line is gone, not left standing.
    page.keyboard.press("Escape")
    expect(page.locator("#board")).not_to_have_attribute("data-selection", "c3:1")
    lift(page, "b3", 1)
    expect(page.locator("#board")).to_have_attribute("data-selection", "b3:1")
    expect(page.locator("#message")).to_have_text("")
    assert app_page.errors == []
