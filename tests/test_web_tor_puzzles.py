"""Tor's puzzles page (tor-puzzles.html, Mixtour's page over Tor's plug-in) in
Chromium, played by clicks: a win in 1 and a win in 2 solved (the defender's
reply played from the stored line), a wrong action answered by the
opponent's refutation on the board and in words, Show the solution, a link to
a puzzle that does not exist, damaged saved results set aside, the player's
Tor record kept apart from their Mixtour record, and the way in from Tor's
game page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import AppPage
from playwright.sync_api import Page, expect
from test_web_tor import click_action
from webhelpers import POSITION_LOG, HeldRequests, wait_position

from mixtour.tor.ai.puzzles import refute
from mixtour.tor.core import Position, action_text
from mixtour.tor.game import Game

pytestmark = pytest.mark.browser

SET = Path(__file__).resolve().parent.parent / "web" / "data" / "tor-puzzles.json"
PAGE = "tor-puzzles.html"
MIXTOUR_RECORD = {"rating": 1333, "streak": 2, "best": 4, "done": {"5": 1}}


def puzzles() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(SET.read_text(encoding="utf-8"))["puzzles"]
    return data


def first(n: int) -> dict[str, Any]:
    return next(p for p in puzzles() if p["n"] == n)


def wait_puzzle(page: Page, text: str) -> None:
    expect(page.locator("body")).to_have_attribute("data-puzzle", text, timeout=30_000)


def open_puzzle(web_app: AppPage, fragment: str) -> Page:
    web_app.open(f"{PAGE}#{fragment}")
    return web_app.page


def feedback(page: Page) -> str:
    return page.locator("#puzzle-feedback").text_content() or ""


def stored(page: Page, key: str) -> Any:
    return json.loads(page.evaluate("(key) => localStorage.getItem(key)", key) or "null")


def after(puzzle: dict[str, Any], count: int) -> str:
    """The position after the first ``count`` actions of the puzzle's line."""
    game = Game(puzzle["fen"])
    for action in puzzle["line"][:count]:
        game.play(action)
    return game.fen()


def winner(puzzle: dict[str, Any]) -> str:
    """The solver's letter, the side to move in the puzzle's position."""
    return str(puzzle["fen"].split()[1])


def wrong_action(outcome: str) -> tuple[dict[str, Any], str, str | None]:
    """A win in 1 and a wrong first action of it whose refutation has this
    outcome, with the engine's reply, worked out here as the page's engine will."""
    for puzzle in (p for p in puzzles() if p["n"] == 1):
        pos = Position(puzzle["fen"])
        for action in pos.legal_actions():
            text = action_text(action)
            if text == puzzle["line"][0]:
                continue
            pos.push(action)
            answer = refute(pos, 1)
            pos.pop()
            if answer.outcome == outcome:
                return puzzle, text, answer.reply
    raise AssertionError(f"no wrong action refuted by {outcome}")


def test_a_win_in_one_solved_by_clicks(web_app: AppPage) -> None:
    puzzle = first(1)
    pid = puzzle["id"]
    page = open_puzzle(web_app, f"id={pid}")
    wait_puzzle(page, f"{pid} todo")
    assert web_app.dataset("painted") == "1"
    expect(page.locator("#board")).to_have_attribute("data-position", puzzle["fen"])
    geometry = json.loads(page.get_attribute("#board", "data-geometry") or "{}")
    assert (geometry["files"], geometry["ranks"]) == (6, 8)
    side = "White" if winner(puzzle) == "w" else "Black"
    other = "Black" if side == "White" else "White"
    expect(page.locator("#puzzle-title")).to_have_text(f"Puzzle {pid}")
    expect(page.locator("#puzzle-task")).to_have_text(
        f"{side} to play: in one move, leave {other} no pawn that can step."
    )
    expect(page.locator("#puzzle-link")).to_have_attribute("href", f"./{PAGE}#id={pid}")
    expect(page.locator(".site-footer")).to_contain_text("Tor by Alain Couchot and Bernard Klein")
    expect(page).to_have_title("Tor puzzles")

    click_action(page, puzzle["line"][0])
    wait_puzzle(page, f"{pid} solved")
    expect(page.locator("#puzzle-feedback")).to_have_text(
        f"Solved! After {puzzle['line'][0]}, {other} cannot move."
    )
    expect(page.locator("#board")).to_have_attribute("data-status", f"{winner(puzzle)}-wins")
    expect(page.locator("#stat-streak")).to_have_text("1")
    expect(page.locator("#stat-solved")).to_have_text("1")
    rating = int(page.locator("#stat-rating").text_content() or "0")
    assert rating > 1200
    record = stored(page, "tor.puzzles")
    assert record["done"] == {str(pid): 1} and record["rating"] == rating

    # Kept in the browser: a reload shows the record again.
    page.reload()
    web_app.wait_ready()
    wait_puzzle(page, f"{pid} todo")
    expect(page.locator("#stat-rating")).to_have_text(str(rating))
    assert web_app.errors == []


def test_a_win_in_two_with_the_defence_played_from_the_line(web_app: AppPage) -> None:
    puzzle = first(2)
    pid = puzzle["id"]
    mine, reply, last = puzzle["line"]
    page = open_puzzle(web_app, f"id={pid}")
    wait_puzzle(page, f"{pid} todo")
    expect(page.locator("#puzzle-task")).to_contain_text("win in 2 moves: hem")

    click_action(page, mine)
    # The page plays the stored defence, then waits for the last move.
    wait_position(page, after(puzzle, 2))
    wait_puzzle(page, f"{pid} todo")
    expect(page.locator("#puzzle-feedback")).to_contain_text(
        f"answers {reply}. Your move: finish it."
    )
    click_action(page, last)
    wait_puzzle(page, f"{pid} solved")
    expect(page.locator("#board")).to_have_attribute("data-position", after(puzzle, 3))
    expect(page.locator("#board")).to_have_attribute("data-status", f"{winner(puzzle)}-wins")
    expect(page.locator("#puzzle-next")).to_be_enabled()
    expect(page.locator("#stat-solved")).to_have_text("1")
    assert web_app.errors == []


@pytest.mark.parametrize(
    ("outcome", "words"),
    [("wins", "and none of your pawns can step"), ("escape", "you cannot hem")],
)
def test_a_wrong_action_gets_the_refutation_on_the_board_and_in_words(
    web_app: AppPage, outcome: str, words: str
) -> None:
    puzzle, wrong, reply = wrong_action(outcome)
    assert reply is not None
    pid = puzzle["id"]
    game = Game(puzzle["fen"])
    game.play(wrong)
    game.play(reply)

    page = open_puzzle(web_app, f"id={pid}")
    wait_puzzle(page, f"{pid} todo")
    click_action(page, wrong)
    wait_puzzle(page, f"{pid} failed")
    expect(page.locator("body")).to_have_attribute("data-refutation", outcome)
    expect(page.locator("#board")).to_have_attribute("data-position", game.fen())
    text = feedback(page)
    assert text.startswith(f"{wrong} is not it: ") and reply in text and words in text, text
    expect(page.locator("#puzzle-feedback")).to_have_attribute("data-kind", "wrong")
    expect(page.locator("#stat-streak")).to_have_text("0")
    assert int(page.locator("#stat-rating").text_content() or "0") < 1200
    if outcome == "wins":
        expect(page.locator("#board")).to_have_attribute(
            "data-status", "b-wins" if winner(puzzle) == "w" else "w-wins"
        )

    # Try again: the puzzle's position, and the solution is still accepted,
    # though only the first try counts.
    page.click("#puzzle-retry")
    wait_puzzle(page, f"{pid} todo")
    expect(page.locator("#board")).to_have_attribute("data-position", puzzle["fen"])
    expect(page.locator("body")).not_to_have_attribute("data-refutation", outcome)
    click_action(page, puzzle["line"][0])
    wait_puzzle(page, f"{pid} solved")
    expect(page.locator("#stat-solved")).to_have_text("0")
    assert web_app.errors == []


def test_show_the_solution_plays_the_line_on_the_board(web_app: AppPage) -> None:
    puzzle = first(2)
    pid = puzzle["id"]
    page = open_puzzle(web_app, f"id={pid}")
    wait_puzzle(page, f"{pid} todo")
    page.evaluate(POSITION_LOG)
    page.click("#puzzle-solution")
    mine, reply, last = puzzle["line"]
    expect(page.locator("#puzzle-feedback")).to_contain_text(f"{mine} ({reply}) {last}")
    expect(page.locator("body")).to_have_attribute("data-solution", "shown", timeout=30_000)
    assert page.evaluate("window.__positions")[-4:] == [after(puzzle, n) for n in range(4)]
    expect(page.locator("#board")).to_have_attribute("data-status", f"{winner(puzzle)}-wins")
    wait_puzzle(page, f"{pid} failed")
    expect(page.locator("#stat-streak")).to_have_text("0")  # seen, not solved
    page.click("#puzzle-retry")
    wait_puzzle(page, f"{pid} todo")
    click_action(page, mine)
    wait_position(page, after(puzzle, 2))
    click_action(page, last)
    wait_puzzle(page, f"{pid} solved")
    expect(page.locator("#stat-solved")).to_have_text("0")
    assert web_app.errors == []


def test_a_link_to_no_puzzle_says_so_and_gives_one_that_works(web_app: AppPage) -> None:
    page = open_puzzle(web_app, "id=9999")
    expect(page.locator("body")).to_have_attribute("data-link", "bad")
    count = len(puzzles())
    expect(page.locator("#puzzle-feedback")).to_contain_text(
        f"There is no puzzle 9999 (they are numbered 1 to {count})"
    )
    # The puzzle of the day, among those near a newcomer's rating.
    near = sorted(p["id"] for p in puzzles() if abs(p["rating"] - 1200) <= 150)
    pid = near[page.evaluate("(n) => Math.floor(Date.now() / 86400000) % n", len(near))]
    puzzle = puzzles()[pid - 1]
    wait_puzzle(page, f"{pid} todo")
    expect(page.locator("#board")).to_have_attribute("data-position", puzzle["fen"])
    # It plays: the whole line, the replies from the page.
    for i in range(0, len(puzzle["line"]), 2):
        click_action(page, puzzle["line"][i])
        if i + 1 < len(puzzle["line"]):
            wait_position(page, after(puzzle, i + 2))
    wait_puzzle(page, f"{pid} solved")
    # The next puzzle opens by its link.
    page.click("#puzzle-next")
    expect(page.locator("body")).to_have_attribute("data-link", "ok")
    assert f"{PAGE}#id=" in page.url
    expect(page.locator("body")).not_to_have_attribute("data-puzzle", f"{pid} solved")
    assert web_app.errors == []


def test_damaged_results_are_set_aside_with_a_word(web_app: AppPage) -> None:
    page = open_puzzle(web_app, "id=1")
    raw = '{"rating": "high"'
    page.evaluate(
        "([raw, mixtour]) => { localStorage.setItem('tor.puzzles', raw);"
        " localStorage.setItem('mixtour.puzzles', mixtour); }",
        [raw, json.dumps(MIXTOUR_RECORD)],
    )
    page.reload()
    web_app.wait_ready()
    wait_puzzle(page, "1 todo")
    expect(page.locator("#puzzle-feedback")).to_contain_text("could not be read; they start again")
    expect(page.locator("#stat-rating")).to_have_text("1200")
    assert stored(page, "tor.puzzles")["rating"] == 1200
    broken = stored(page, "mixtour.broken")
    assert broken[-1]["raw"] == raw and "tor.puzzles" in broken[-1]["problem"]
    assert stored(page, "mixtour.puzzles") == MIXTOUR_RECORD  # Mixtour's record untouched
    # The word goes with the first move.
    click_action(page, puzzles()[0]["line"][0])
    wait_puzzle(page, "1 solved")
    expect(page.locator("#puzzle-feedback")).not_to_contain_text("could not be read")
    assert web_app.errors == []


def test_solving_a_tor_puzzle_leaves_the_mixtour_record_as_it_was(web_app: AppPage) -> None:
    puzzle = first(1)
    pid = puzzle["id"]
    page = open_puzzle(web_app, f"id={pid}")
    before = json.dumps(MIXTOUR_RECORD)
    page.evaluate("(record) => localStorage.setItem('mixtour.puzzles', record)", before)
    page.reload()
    web_app.wait_ready()
    wait_puzzle(page, f"{pid} todo")
    # Tor's record starts apart, at 1200, whatever the Mixtour one says.
    expect(page.locator("#stat-rating")).to_have_text("1200")
    click_action(page, puzzle["line"][0])
    wait_puzzle(page, f"{pid} solved")
    expect(page.locator("#stat-streak")).to_have_text("1")
    assert page.evaluate("localStorage.getItem('mixtour.puzzles')") == before
    assert stored(page, "tor.puzzles")["done"] == {str(pid): 1}
    # Mixtour's page shows its own record.
    web_app.open("puzzles.html#id=1")
    expect(page.locator("#stat-rating")).to_have_text("1333")
    expect(page.locator("#stat-streak")).to_have_text("2")
    expect(page.locator("#stat-solved")).to_have_text("1")
    assert web_app.errors == []


def test_the_puzzle_is_drawn_and_set_before_python_is_ready(web_app: AppPage) -> None:
    page = web_app.page
    python = HeldRequests(page, "**/py/app.zip")
    puzzle = first(3)
    pid = puzzle["id"]
    web_app.open(f"{PAGE}#id={pid}", wait_ready=False)
    wait_puzzle(page, f"{pid} todo")
    assert web_app.dataset("painted") == "1" and web_app.dataset("ready") is None
    expect(page.locator("#puzzle-task")).to_contain_text("win in 3 moves")
    expect(page.locator("#puzzle-solution")).to_be_disabled()
    python.wait()
    python.release()
    web_app.wait_ready()
    expect(page.locator("#board")).to_have_attribute("data-position", puzzle["fen"])
    expect(page.locator("#puzzle-solution")).to_be_enabled()
    assert web_app.errors == []


def test_tors_game_page_leads_to_its_puzzles(web_app: AppPage) -> None:
    web_app.open("tor.html")
    page = web_app.page
    page.click("footer a[href='./tor-puzzles.html']")
    page.wait_for_url(f"**/{PAGE}")
    web_app.wait_ready()
    page.wait_for_function("/^\\d+ todo$/.test(document.body.dataset.puzzle || '')")
    pid = int(str(web_app.dataset("puzzle")).split()[0])
    rating = next(p["rating"] for p in puzzles() if p["id"] == pid)
    assert abs(rating - 1200) <= 150, (pid, rating)
    expect(page.locator("#puzzle-daily")).to_have_attribute("href", "#daily")
    assert web_app.errors == []
