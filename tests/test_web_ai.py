"""The computer player in the browser: games against the AI worker, hints,
undo while it thinks, a demo of two computers, and a page that keeps responding.

The human's moves are real clicks on the board (tests/webhelpers.py). Where a
test needs a sensible human move it asks the engine under CPython, from the
position the page shows (``#board[data-position]``).
"""

from __future__ import annotations

import json

import pytest
from conftest import AppPage
from playwright.sync_api import Page, Route, expect
from webhelpers import from_engine_worker, play, position

from mixtour.mixtour.ai import choose_move
from mixtour.mixtour.core import Action, Position

START = "5/5/5/5/5 w 20/20 0/0 1 -"
AI_TIMEOUT_MS = 180_000  # the worker boots Pyodide on a busy two-core machine

pytestmark = pytest.mark.browser


def turn(page: Page) -> str:
    return position(page).split()[1]


def status(page: Page) -> str:
    return page.locator("#board").get_attribute("data-status") or ""


def wait_ai_ready(page: Page) -> None:
    page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=AI_TIMEOUT_MS)


def new_game(
    page: Page,
    seats: dict[str, int],
    players: int = 2,
    discs: int | None = None,
    target: int | None = None,
) -> None:
    """Start a game from the dialog; seats: colour -> 0 (human) or AI level 1-6."""
    page.click("#new-game")
    dialog = page.locator("#new-game-dialog")
    expect(dialog).to_be_visible()
    dialog.locator(f"input[name=players][value='{players}']").check()
    if discs is not None:
        page.fill("#discs", str(discs))
    if target is not None:
        page.fill("#target-input", str(target))
    colors = "wrb"[:players]
    for color in colors:
        page.select_option(f"#seat-{color}", str(seats.get(color, 0)))
    page.click("#start-game")
    expect(dialog).to_be_hidden()
    expected = " ".join(f"{c}:{seats.get(c, 0) if c in colors else 0}" for c in "wrb")
    expect(page.locator("#board")).to_have_attribute("data-seats", expected)


def wait_turn(page: Page, color: str) -> None:
    """Wait until ``color`` is to move and the AI is idle, or the game is over."""
    page.wait_for_function(
        """(color) => {
            const board = document.querySelector('#board');
            if (board.dataset.status !== 'playing') return true;
            return board.dataset.position.split(' ')[1] === color && !board.dataset.thinking;
        }""",
        arg=color,
        timeout=AI_TIMEOUT_MS,
    )


def moves_played(page: Page) -> int:
    return int(page.locator("#moves").get_attribute("data-count") or "0")


def legal_texts(fen: str) -> set[str]:
    return {str(Action(code)) for code in Position(fen).legal_actions()}


def test_the_ai_answers_a_move_and_undo_takes_both_back(app_page: AppPage) -> None:
    page = app_page.page
    new_game(page, {"w": 0, "r": 1})
    expect(page.locator("#player-r .player-kind")).to_have_text("Computer, 1 Beginner")
    assert app_page.dataset("ready") == "1"
    play(page, "c3")
    wait_turn(page, "w")
    assert moves_played(page) == 2
    after = position(page)
    assert after.split()[1] == "w" and after != START
    assert "Red played" in (page.text_content("#message") or "")
    # Undo takes back the AI's reply and the player's move: White to move again.
    page.click("#undo")
    expect(page.locator("#board")).to_have_attribute("data-position", START)
    assert moves_played(page) == 0
    assert not page.locator("#board").get_attribute("data-thinking")
    assert app_page.errors == []


def test_a_whole_game_against_level_1_by_clicks(app_page: AppPage) -> None:
    page = app_page.page
    new_game(page, {"w": 0, "r": 1}, discs=8, target=1)
    wait_ai_ready(page)
    for ply in range(60):
        if status(page) != "playing":
            break
        fen = position(page)
        assert fen.split()[1] == "w"
        action = choose_move(Position(fen), level=3, seed=ply).text
        play(page, action)
        wait_turn(page, "w")
    else:
        pytest.fail(f"the game did not end in 60 moves: {position(page)}")
    assert status(page) in {"w-wins", "r-wins", "draw-passes", "draw-repetition"}
    expect(page.locator("#result")).to_be_visible()
    assert not page.locator("#board").get_attribute("data-thinking")
    assert app_page.errors == []


def test_a_hint_shows_a_legal_move_without_playing_it(app_page: AppPage) -> None:
    """A game of two people starts no engine worker (a second Python, on a
    phone); the first hint starts it and is answered."""
    page = app_page.page
    play(page, "c3")
    play(page, "c4")
    assert app_page.dataset("ai") is None and app_page.dataset("aiWorkers") is None
    before = position(page)
    hint_button = page.locator("#hint-button")
    expect(hint_button).to_be_enabled()
    hint_button.click()
    page.wait_for_function("document.querySelector('#board').dataset.hint", timeout=AI_TIMEOUT_MS)
    hint = page.locator("#board").get_attribute("data-hint") or ""
    assert hint in legal_texts(before)
    expect(page.locator("#message")).to_have_text(f"Hint: {hint}")
    assert position(page) == before
    assert not page.locator("#board").get_attribute("data-thinking")
    # Playing the hinted move clears the hint.
    play(page, hint)
    assert page.locator("#board").get_attribute("data-hint") is None
    assert app_page.errors == []


START_19 = "5/5/5/5/5 w 19/19 0/0 1 -"


def master_thinks_after_c3(page: Page) -> None:
    """A new game against the Master (Red): White enters c3 and the Master starts searching.

    19 discs each, not 20: the standard game's first moves come from the
    opening book, with no search to watch."""
    # The Master's answer waits 10 s (a test hook): a quick search on a loaded
    # machine must not end the thinking before the test has looked.
    page.evaluate("window.mixtourDebug = { replyDelayMs: 10000 }")
    new_game(page, {"w": 0, "r": 6}, discs=19)
    wait_ai_ready(page)
    play(page, "c3")
    page.wait_for_function(
        "document.querySelector('#board').dataset.thinking === '1'", timeout=AI_TIMEOUT_MS
    )


def test_undo_while_the_master_thinks_drops_its_move(app_page: AppPage) -> None:
    page = app_page.page
    master_thinks_after_c3(page)
    expect(page.locator("#thinking")).to_be_visible()
    expect(page.locator("#thinking")).to_contain_text("Red is thinking")
    page.click("#undo")
    assert position(page) == START_19
    assert not page.locator("#board").get_attribute("data-thinking")
    # The worker answers in order: once a hint asked now has come back, the
    # cancelled Master search has come back too, and must have been dropped.
    page.click("#hint-button")
    page.wait_for_function("document.querySelector('#board').dataset.hint", timeout=AI_TIMEOUT_MS)
    assert position(page) == START_19
    assert moves_played(page) == 0
    assert turn(page) == "w"
    assert app_page.errors == []


# The time of every frame the page draws, on the page's clock (performance.now()).
FRAME_MONITOR = """
() => {
  const frames = { times: [], running: true };
  const tick = (now) => {
    frames.times.push(now);
    if (frames.running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.__frames = frames;
}
"""


def test_the_page_responds_while_the_master_searches(app_page: AppPage) -> None:
    page = app_page.page
    page.evaluate(FRAME_MONITOR)  # from before the search to after it
    master_thinks_after_c3(page)
    # A button works while the AI thinks: the new-game dialog opens and closes.
    opened = page.evaluate(
        """() => {
            const thinking = document.querySelector('#board').dataset.thinking;
            document.querySelector('#new-game').click();
            return { thinking, open: document.querySelector('#new-game-dialog').open };
        }"""
    )
    assert opened == {"thinking": "1", "open": True}
    expect(page.locator("#new-game-dialog")).to_be_visible()
    page.click("#new-game-dialog button[value=cancel]")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    wait_turn(page, "w")
    times = page.evaluate("() => { __frames.running = false; return __frames.times; }")
    assert moves_played(page) == 2
    # The page drew frames while the Master searched: its answer came at
    # `received` after a search of time_ms. A search on the page's own thread
    # would have drawn none in between, however fast or slow the machine.
    info = json.loads(page.locator("#board").get_attribute("data-ai-info") or "{}")
    assert info["level"] == 6 and info["time_ms"] > 100, info
    start, end = info["received"] - info["time_ms"], info["received"]
    during = [t for t in times if start < t < end]
    assert times[0] < start, "the frames were counted from before the search"
    assert len(during) >= 2, f"{len(during)} frames in the {info['time_ms']} ms of the search"
    assert app_page.errors == []


def test_two_computers_play_a_demo_that_pauses_and_resumes(app_page: AppPage) -> None:
    page = app_page.page
    new_game(page, {"w": 1, "r": 1})
    pause = page.locator("#pause")
    expect(pause).to_be_visible()
    expect(pause).to_have_text("Pause")
    expect(page.locator("#hint-button")).to_be_hidden()
    page.wait_for_function(
        "Number(document.querySelector('#moves').dataset.count) >= 2", timeout=AI_TIMEOUT_MS
    )
    pause.click()
    expect(pause).to_have_text("Resume")
    assert not page.locator("#board").get_attribute("data-thinking")
    paused_at = position(page)
    # Paused, the computer lets go of what it had under way (a search, or a
    # move waiting for the demo's pace) and nothing is played.
    page.wait_for_function("!document.body.hasAttribute('data-ai-busy')", timeout=AI_TIMEOUT_MS)
    assert position(page) == paused_at
    pause.click()
    expect(pause).to_have_text("Pause")
    page.wait_for_function(
        "(before) => document.querySelector('#board').dataset.position !== before",
        arg=paused_at,
        timeout=AI_TIMEOUT_MS,
    )
    assert app_page.errors == []


def test_three_players_with_two_computers(app_page: AppPage) -> None:
    page = app_page.page
    new_game(page, {"w": 0, "r": 1, "b": 2}, players=3)
    expect(page.locator("#player-b .player-kind")).to_have_text("Computer, 2 Casual")
    play(page, "c3")
    wait_turn(page, "w")
    assert moves_played(page) == 3
    assert turn(page) == "w"
    assert app_page.errors == []


def test_a_link_with_ai_sets_the_computer_against_the_player_to_move(web_app: AppPage) -> None:
    web_app.open("index.html#m=c3&ai=1")
    page = web_app.page
    expect(page.locator("#board")).to_have_attribute("data-seats", "w:1 r:0 b:0")
    assert turn(page) == "r"
    play(page, "c4")
    wait_turn(page, "r")
    assert moves_played(page) == 3
    assert web_app.errors == []


def test_a_worker_that_cannot_start_is_restarted_quietly(web_app: AppPage) -> None:
    # The worker's own download of our Python fails once (a flaky connection):
    # the page starts a new worker, the computer plays, and the console has no error.
    page = web_app.page
    fetches: list[str] = []
    aborted: list[str] = []

    def flaky(route: Route) -> None:
        fetches.append(route.request.url)
        if from_engine_worker(route) and not aborted:  # the first worker's, once
            aborted.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route("**/py/app.zip", flaky)
    web_app.open("index.html#ai=1")
    page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=AI_TIMEOUT_MS)
    assert web_app.dataset("aiRestarts") == "1"
    # The page's download, the failed worker's and the fresh one's.
    assert len(aborted) == 1 and len(fetches) >= 3
    before = position(page)
    play(page, "c3")
    page.wait_for_function(
        "(s) => document.querySelector('#board').dataset.position.split(' ')[1] === s",
        arg=before.split()[1],
        timeout=AI_TIMEOUT_MS,
    )
    assert web_app.errors == []
