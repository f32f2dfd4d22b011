"""The play flow of the game page: the first minutes (start panel, rules in
short, the board turned to the player), review by move, and what the page says
in the moments that used to be confusing (a stack lifted instead of another,
a click while the computer thinks, a draw after a pass, a three-player game
whose turn was handed back).

Everything goes through clicks and keys on the page (tests/webhelpers.py);
expected positions come from the engine under CPython.
"""

from __future__ import annotations

import json

import pytest
from conftest import AppPage
from playwright.sync_api import Page, Route, expect
from webhelpers import (
    board_stacks,
    click_square,
    keep_messages,
    lift,
    move_columns,
    move_list,
    play,
    play_against,
    played,
    position,
    wait_position_change,
    wait_said,
)

from mixtour.mixtour.game import Game

AI_TIMEOUT_MS = 180_000  # the worker boots Pyodide on a busy two-core machine

# The three-player game: Blue passes, the turn goes back to Red (R10), Red plays e2.
HANDED_BACK_START = "5/5/5/5/5_w_6/6/6_0/0/0_3_-"
HANDED_BACK = (
    "c2,b2,b5,b2-c2,c3,b2,c2:2-c3,e5,c1,c3:3-b2,b2:4-c1,a4,a4-b5,a2,d3,c4,b4,a3,d3-c4,"
    "c4:2-b4,d5,e5-d5,d5-b5,c4,c4-d5,b5:3-d5,a3-a2,c4,b5,e5,b4:2-c4,c4:2-a2,e1,b4-b5,d5,"
    "e5-d5,e4,b5:2-c4,b5,c4-b5,e4-c4,e3,c1,b5:2-d5,c1-c4,c2,a4,pass,e2"
)

# Three players, nobody can move and every reserve is empty: Blue must pass,
# and then Red cannot act either (R7, R10).
THREE_STUCK = "5/5/wrb,1,wrb,2/5/wrb,1,wrb,1,wrb_b_0/0/0_0/0/0_1_-"


def fen_after(actions: list[str]) -> str:
    return Game(None, actions).fen()


def flipped(page: Page) -> bool:
    return bool(
        json.loads(page.locator("#board").get_attribute("data-geometry") or "{}")["flipped"]
    )


# -- bugs -----------------------------------------------------------------------------


def test_three_player_moves_stand_under_the_player_who_made_them(web_app: AppPage) -> None:
    web_app.open(f"index.html#p={HANDED_BACK_START}&m={HANDED_BACK}")
    page = web_app.page
    expect(page.locator("#moves")).to_have_attribute("data-count", "49")
    rows = move_columns(page)
    assert rows[0] == {"w": "c2", "r": "b2", "b": "b5"}
    # Blue's pass hands the turn back to Red: e2 is Red's, in a row of its own.
    assert rows[-2] == {"w": "c2", "r": "a4", "b": "pass"}
    assert rows[-1] == {"r": "e2"}
    # The cells line up under the colour headers.
    red_head = page.locator('#moves-head [data-color="r"]').bounding_box()
    e2 = page.locator('#moves .ply[data-ply="49"]').bounding_box()
    assert red_head and e2 and abs(red_head["x"] - e2["x"]) < 2
    white_head = page.locator('#moves-head [data-color="w"]').bounding_box()
    first = page.locator('#moves .ply[data-ply="1"]').bounding_box()
    assert white_head and first and abs(white_head["x"] - first["x"]) < 2
    assert web_app.errors == []


def test_a_draw_after_one_pass_does_not_speak_of_two(web_app: AppPage) -> None:
    web_app.open(f"index.html#p={THREE_STUCK}")
    page = web_app.page
    expect(page.locator("#pass")).to_be_visible()
    page.click("#pass")
    expect(page.locator("#board")).to_have_attribute("data-status", "draw-passes")
    text = page.locator("#result-text")
    expect(text).to_have_text("Draw: Blue had to pass and Red cannot act either")
    assert "two passes" not in (text.text_content() or "")
    assert move_list(page) == "1. pass"
    assert web_app.errors == []


def test_lifting_another_stack_instead_says_why_the_drop_was_refused(app_page: AppPage) -> None:
    """d1 is no target for a1 (b1 stands between), but its disc can move: d1 is
    lifted instead, and the message says why a1 could not go there."""
    page = app_page.page
    for action in ["a1", "b1", "d1", "e1"]:
        play(page, action)
    before = position(page)
    lift(page, "a1", 1)
    expect(page.locator("#board")).to_have_attribute("data-selection", "a1:1")
    click_square(page, "d1")  # d1 can move (onto e1): lifted instead
    expect(page.locator("#board")).to_have_attribute("data-selection", "d1:1")
    expect(page.locator("#message")).to_contain_text("a1-d1 is not possible")
    expect(page.locator("#hint")).to_contain_text("from d1")
    assert position(page) == before
    assert app_page.errors == []


def test_a_click_while_the_computer_thinks_is_answered_and_not_queued(web_app: AppPage) -> None:
    app_page = web_app
    app_page.open()
    page = app_page.page
    # An answer from the opening book comes at once: the computer's answers
    # wait 3 s here, so that the click lands while it thinks.
    page.evaluate("window.mixtourDebug = { replyDelayMs: 3000 }")
    page.select_option("#start-level", "6")
    page.click("#start-computer")
    expect(page.locator("#board")).to_have_attribute("data-seats", "w:0 r:6 b:0")
    play_against(page, "c3", AI_TIMEOUT_MS)
    page.wait_for_function("!document.querySelector('#board').dataset.thinking")
    stacks = board_stacks(page)
    asked = played(page, next(sq for sq in ("a1", "e1", "e5") if sq not in stacks))
    page.wait_for_function("document.querySelector('#board').dataset.thinking === '1'")
    click_square(page, "a5")
    expect(page.locator("#message")).to_have_text(
        "The computer is thinking… your turn comes after its move."
    )
    assert position(page) == asked
    reply = wait_position_change(page, asked, timeout_ms=AI_TIMEOUT_MS)
    assert reply.split()[1] == "w"  # the computer played once, and nothing more
    page.wait_for_function("!document.querySelector('#board').dataset.thinking")
    assert position(page) == reply
    assert app_page.errors == []


# -- the first minutes ------------------------------------------------------------------


def test_a_newcomer_plays_the_computer_in_one_click_and_it_is_remembered(web_app: AppPage) -> None:
    app_page = web_app
    app_page.open()
    page = app_page.page
    start = page.locator("#start")
    expect(start).to_be_visible()
    expect(page.locator("#rules-summary")).to_contain_text("exactly as many squares away")
    expect(page.locator("#start-learn")).to_be_visible()
    page.select_option("#start-level", "1")
    page.click("#start-computer")
    expect(start).to_be_hidden()
    expect(page.locator("#board")).to_have_attribute("data-seats", "w:0 r:1 b:0")
    reply = play_against(page, "c3", AI_TIMEOUT_MS)[1]
    assert reply.split()[1] == "w"
    # A returning player lands in their game; the start panel waits behind New game.
    page.reload()
    app_page.wait_ready()
    expect(page.locator("#board")).to_have_attribute("data-position", reply)
    expect(start).to_be_hidden()
    page.click("#new-game")
    page.click("#show-start")
    expect(start).to_be_visible()
    # The level and the choice of last time are remembered.
    expect(page.locator("#start-level")).to_have_value("1")
    expect(page.locator("#start-computer")).to_have_class("primary")
    page.click("#start-friends")
    expect(start).to_be_hidden()
    expect(page.locator("#board")).to_have_attribute("data-seats", "w:0 r:0 b:0")
    expect(page.locator("#board")).to_have_attribute("data-position", fen_after([]))
    assert app_page.errors == []


def test_the_start_panel_stays_away_from_a_game_opened_from_a_link(web_app: AppPage) -> None:
    web_app.open("index.html#m=c3,b4")
    page = web_app.page
    expect(page.locator("#board")).to_have_attribute("data-position", fen_after(["c3", "b4"]))
    expect(page.locator("#start")).to_be_hidden()
    assert web_app.errors == []


def test_the_loading_text_speaks_to_a_player_and_the_rules_can_be_read_meanwhile(
    web_app: AppPage,
) -> None:
    page = web_app.page
    held: list[Route] = []
    page.route("**/py/app.zip", lambda route: held.append(route))
    web_app.open(wait_ready=False)
    expect(page.locator("#loading")).to_contain_text("Getting the game ready…")
    expect(page.locator("#status")).to_have_text("Getting the game ready…")
    assert "Python" not in (page.locator("#loading").text_content() or "")
    expect(page.locator("#rules-summary li").nth(2)).to_be_visible()
    expect(page.locator("#rules-summary")).to_contain_text("A stack of five")
    expect(page.locator("#rules-summary a")).to_have_attribute("href", "./rules.html")
    for route in held:
        route.continue_()
    page.unroute("**/py/app.zip")
    web_app.wait_ready()
    expect(page.locator("#status")).to_have_text("White to move")


def test_red_against_a_computer_white_sees_the_board_turned(app_page: AppPage) -> None:
    page = app_page.page
    assert not flipped(page)
    page.click("#new-game")
    page.select_option("#seat-w", "1")
    page.select_option("#seat-r", "0")
    page.click("#start-game")
    expect(page.locator("#board")).to_have_attribute("data-seats", "w:1 r:0 b:0")
    page.wait_for_function("JSON.parse(document.querySelector('#board').dataset.geometry).flipped")
    expect(page.locator("#flip-board")).to_have_attribute("aria-pressed", "true")
    # The setting turns it off.
    page.click("#open-settings")
    page.uncheck("#turn-board")
    page.locator("#settings-dialog [data-close]").click()
    page.wait_for_function("!JSON.parse(document.querySelector('#board').dataset.geometry).flipped")
    page.click("#new-game")
    page.select_option("#seat-w", "1")
    page.select_option("#seat-r", "0")
    page.click("#start-game")
    expect(page.locator("#board")).to_have_attribute("data-seats", "w:1 r:0 b:0")
    assert not flipped(page)
    assert app_page.errors == []


# -- review by move ---------------------------------------------------------------------


GAME = ["c3", "b4", "b4-c3", "d4"]


@pytest.mark.parametrize("way", ["clicks", "keys"])
def test_review_by_move_and_continue_from_an_earlier_position(app_page: AppPage, way: str) -> None:
    page = app_page.page
    for action in GAME:
        play(page, action)
    board = page.locator("#board")
    if way == "clicks":
        page.click('#moves .ply[data-ply="2"]')
        expect(board).to_have_attribute("data-position", fen_after(GAME[:2]))
        page.click('#moves .ply[data-ply="3"]')
        expect(board).to_have_attribute("data-position", fen_after(GAME[:3]))
        page.click('#moves .ply[data-ply="1"]')
    else:
        page.locator('#moves .ply[data-ply="4"]').focus()
        page.keyboard.press("Home")
        expect(board).to_have_attribute("data-position", fen_after([]))
        page.keyboard.press("End")
        expect(board).to_have_attribute("data-position", fen_after(GAME))
        page.keyboard.press("ArrowLeft")
        expect(board).to_have_attribute("data-position", fen_after(GAME[:3]))
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowRight")
        expect(board).to_have_attribute("data-position", fen_after(GAME[:2]))
        page.keyboard.press("ArrowLeft")
    expect(board).to_have_attribute("data-position", fen_after(GAME[:1]))
    expect(page.locator('#moves .ply[aria-current="step"]')).to_have_text("c3")
    expect(page.locator("#moves .future")).to_have_count(3)
    # Playing from here asks first; keeping the game changes nothing.
    board.scroll_into_view_if_needed()  # the move list may have scrolled the page
    click_square(page, "e5")
    dialog = page.locator("#discard-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("later actions in the list: 3")
    dialog.get_by_role("button", name="Keep the game").click()
    expect(dialog).to_be_hidden()
    expect(board).to_have_attribute("data-position", fen_after(GAME[:1]))
    expect(page.locator("#moves .future")).to_have_count(3)
    click_square(page, "e5")
    page.click("#discard-play")
    expect(board).to_have_attribute("data-position", fen_after(["c3", "e5"]))
    assert move_list(page) == "1. c3 e5"
    expect(page.locator("#moves .future")).to_have_count(0)
    assert app_page.errors == []


def test_review_against_the_computer_waits_for_the_player(web_app: AppPage) -> None:
    app_page = web_app
    app_page.open()
    page = app_page.page
    page.select_option("#start-level", "1")
    page.click("#start-computer")
    after_c3, reply = play_against(page, "c3", AI_TIMEOUT_MS)
    page.wait_for_function("!document.querySelector('#board').dataset.thinking")
    # Back to the position after c3: the computer's turn, but it does not play.
    page.click('#moves .ply[data-ply="1"]')
    expect(page.locator("#board")).to_have_attribute("data-position", after_c3)
    expect(page.locator("#pause")).to_have_text("Resume")
    expect(page.locator("#thinking-text")).to_contain_text("Paused")
    assert page.locator("#board").get_attribute("data-thinking") is None
    assert position(page) == after_c3
    expect(page.locator("#moves .future")).to_have_count(1)
    # Back to the end: play goes on as before.
    page.click('#moves .ply[data-ply="2"]')
    expect(page.locator("#board")).to_have_attribute("data-position", reply)
    # A corner the computer's reply left empty (it may have played a1).
    stacks = board_stacks(page)
    corner = next(sq for sq in ("a1", "e1", "e5") if sq not in stacks)
    assert play_against(page, corner, AI_TIMEOUT_MS)[1].split()[1] == "w"
    assert app_page.errors == []


# -- sounds -----------------------------------------------------------------------------


def test_sounds_are_off_until_turned_on_in_settings(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    assert app_page.dataset("sound") is None
    page.click("#open-settings")
    page.check("#sound-on")  # plays a sample as it turns on
    expect(page.locator("body")).to_have_attribute("data-sound", "move 1")
    page.locator("#settings-dialog [data-close]").click()
    play(page, "b4")
    expect(page.locator("body")).to_have_attribute("data-sound", "move 2")
    play(page, "a1")
    click_square(page, "a1")  # a1 has no stack at distance 1 to move onto
    expect(page.locator("#message")).to_contain_text("cannot move")
    expect(page.locator("body")).to_have_attribute("data-sound", "illegal 4")
    # Kept for the next visit, and silent again once turned off.
    page.reload()
    app_page.wait_ready()
    page.click("#open-settings")
    expect(page.locator("#sound-on")).to_be_checked()
    page.uncheck("#sound-on")
    page.locator("#settings-dialog [data-close]").click()
    play(page, "e5")
    assert app_page.dataset("sound") is None
    assert app_page.errors == []


def test_the_result_speaks_to_the_player_and_a_rematch_swaps_colours(web_app: AppPage) -> None:
    won = ["d4", "c4", "d4-c4", "d4", "c4:2-d4", "c4", "d4:3-c4", "d4", "c4:4-d4"]
    web_app.open("index.html#m=" + ",".join(won) + "&ai=r1")
    page = web_app.page
    expect(page.locator("#result-text")).to_have_text(
        "You won. White wins: White reached the target"
    )
    # The computer's worker is ready by now: its opening move may replace the
    # rematch's words at once, so every text of the message line is kept.
    keep_messages(page)
    page.click("#result-rematch")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-seats", "w:1 r:0 b:0")
    wait_said(page, "Rematch: you play Red now.")
    expect(page.locator("#game-label")).to_have_text("You vs Computer, 1 Beginner")
    # The computer, White now, opens; the finished game stays in the library.
    page.wait_for_function(
        "document.querySelector('#board').dataset.position.split(' ')[1] === 'r'",
        timeout=AI_TIMEOUT_MS,
    )
    kept = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('mixtour.library.')).length"
    )
    assert kept == 2
    assert web_app.errors == []
