"""The puzzles page (puzzles.html) in Chromium, played by clicks: a win in 2
solved with the engine's reply in between, a wrong move answered by the
opponent's refutation on the board and in words, links to a puzzle (and
broken ones), the streak and rating kept after a reload, damaged saved
results, and the way in from the game page's footer."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import AppPage
from playwright.sync_api import Page, expect
from webhelpers import POSITION_LOG, play, position

import build
from mixtour.mixtour.ai.puzzles import refute
from mixtour.mixtour.core import Action, Position, action_text
from mixtour.mixtour.game import Game

SET = Path(__file__).resolve().parent.parent / "web" / "data" / "puzzles.json"


def puzzles() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(SET.read_text(encoding="utf-8"))["puzzles"]
    return data


def first(kind: str, n: int) -> dict[str, Any]:
    return next(p for p in puzzles() if p["kind"] == kind and p["n"] == n)


def may_enter(puzzle: dict[str, Any]) -> bool:
    pos = Position(puzzle["fen"])
    return pos.reserves[pos.turn] > 0


def wait_puzzle(page: Page, text: str) -> None:
    expect(page.locator("body")).to_have_attribute("data-puzzle", text, timeout=30_000)


def open_puzzle(web_app: AppPage, hash_: str) -> None:
    web_app.open(f"puzzles.html#{hash_}")


def feedback(page: Page) -> str:
    return page.locator("#puzzle-feedback").text_content() or ""


def test_a_win_in_two_solved_by_clicks(web_app: AppPage) -> None:
    puzzle = first("win", 2)
    pid = puzzle["id"]
    open_puzzle(web_app, f"id={pid}")
    page = web_app.page
    wait_puzzle(page, f"{pid} todo")
    assert position(page) == puzzle["fen"]
    expect(page.locator("#puzzle-title")).to_have_text(f"Puzzle {pid}")
    expect(page.locator("#puzzle-task")).to_contain_text("win in 2 moves")
    expect(page.locator("#puzzle-link")).to_have_attribute("href", f"./puzzles.html#id={pid}")

    play(page, puzzle["line"][0])
    # The engine plays the stored defence, and the puzzle waits for the last move.
    wait_puzzle(page, f"{pid} todo")
    after_reply = Game(puzzle["fen"], puzzle["line"][:2]).fen()
    expect(page.locator("#board")).to_have_attribute("data-position", after_reply)
    expect(page.locator("#puzzle-feedback")).to_contain_text(f"answers {puzzle['line'][1]}")
    play(page, puzzle["line"][2])
    wait_puzzle(page, f"{pid} solved")
    expect(page.locator("#puzzle-feedback")).to_contain_text("Solved!")
    winner = Position(puzzle["fen"]).turn
    expect(page.locator("#board")).to_have_attribute("data-status", f"{'wr'[winner]}-wins")
    expect(page.locator("#stat-streak")).to_have_text("1")
    expect(page.locator("#stat-solved")).to_have_text("1")
    rating = int(page.locator("#stat-rating").text_content() or "0")
    assert rating > 1200

    # The record is kept in the browser: a reload shows it again.
    page.reload()
    web_app.wait_ready()
    wait_puzzle(page, f"{pid} todo")
    expect(page.locator("#stat-streak")).to_have_text("1")
    expect(page.locator("#stat-rating")).to_have_text(str(rating))
    assert web_app.errors == []


def test_a_wrong_move_shows_the_refutation(web_app: AppPage) -> None:
    # A win in 1 where the mover may enter a disc: a wrong move by one click.
    puzzle = next(p for p in puzzles() if p["kind"] == "win" and p["n"] == 1 and may_enter(p))
    pid = puzzle["id"]
    start = Position(puzzle["fen"])
    empty = next(a for a in start.legal_actions() if a < 25)
    wrong = action_text(empty)
    # What the engine will answer, worked out here the same way.
    start.push(empty)
    expected = refute(start, "win", 1)
    if expected.reply is not None:
        start.push(Action.parse(expected.reply).code)
    shown = start.fen()

    open_puzzle(web_app, f"id={pid}")
    page = web_app.page
    wait_puzzle(page, f"{pid} todo")
    play(page, wrong)
    wait_puzzle(page, f"{pid} failed")
    body = page.locator("body")
    expect(body).to_have_attribute("data-refutation", expected.outcome)
    expect(page.locator("#board")).to_have_attribute("data-position", shown)
    assert feedback(page).startswith(f"{wrong} is not it")
    if expected.reply is not None:
        assert expected.reply in feedback(page)
    expect(page.locator("#stat-streak")).to_have_text("0")
    assert int(page.locator("#stat-rating").text_content() or "0") < 1200

    # Try again: the puzzle's position, and the solution is still accepted.
    page.click("#puzzle-retry")
    wait_puzzle(page, f"{pid} todo")
    expect(page.locator("#board")).to_have_attribute("data-position", puzzle["fen"])
    play(page, puzzle["line"][0])
    wait_puzzle(page, f"{pid} solved")
    expect(page.locator("#stat-solved")).to_have_text("0")  # the first try counts
    assert web_app.errors == []


@pytest.mark.parametrize(
    ("fragment", "words"),
    [("id=99999", "There is no puzzle 99999"), ("nonsense=1", "does not name a puzzle")],
)
def test_a_broken_link_gives_the_puzzle_of_the_day(
    web_app: AppPage, fragment: str, words: str
) -> None:
    open_puzzle(web_app, fragment)
    page = web_app.page
    expect(page.locator("body")).to_have_attribute("data-link", "bad")
    expect(page.locator("#puzzle-feedback")).to_contain_text(words)
    # The day's puzzle among those near a newcomer's rating (1200, within 150).
    near = sorted(p["id"] for p in puzzles() if abs(p["rating"] - 1200) <= 150)
    pid = near[page.evaluate("(n) => Math.floor(Date.now() / 86400000) % n", len(near))]
    wait_puzzle(page, f"{pid} todo")
    expect(page.locator("#board")).to_have_attribute("data-position", puzzles()[pid - 1]["fen"])
    # The page works: the next puzzle opens by its link.
    page.click("#puzzle-next")
    expect(page.locator("body")).to_have_attribute("data-link", "ok")
    assert "#id=" in page.url
    expect(page.locator("body")).not_to_have_attribute("data-puzzle", f"{pid} todo")
    # And the puzzle of the day is one click away.
    page.click("#puzzle-daily")
    wait_puzzle(page, f"{pid} todo")
    assert page.url.endswith("#daily")
    assert web_app.errors == []


def test_damaged_saved_results_start_again(web_app: AppPage) -> None:
    web_app.open("puzzles.html#id=1")
    page = web_app.page
    page.evaluate("localStorage.setItem('mixtour.puzzles', '{\"rating\": \"high\"')")
    page.reload()
    web_app.wait_ready()
    wait_puzzle(page, "1 todo")
    expect(page.locator("#puzzle-feedback")).to_contain_text("could not be read")
    expect(page.locator("#stat-rating")).to_have_text("1200")
    saved = json.loads(page.evaluate("localStorage.getItem('mixtour.puzzles')"))
    assert saved["rating"] == 1200
    assert web_app.errors == []


def test_the_game_page_links_to_the_puzzles(app_page: AppPage) -> None:
    page = app_page.page
    page.click("footer a[href='./puzzles.html']")
    page.wait_for_url("**/puzzles.html")
    app_page.wait_ready()
    expect(page.locator("body")).to_have_attribute("data-puzzle", re.compile(r"^\d+ todo$"))
    expect(page.locator("footer")).to_contain_text("Mixtour by Dieter Stein")
    expect(page.locator("#puzzle-title")).to_contain_text("Puzzle ")


@pytest.mark.browser_context_args(service_workers="allow")  # offline play
def test_the_puzzles_work_offline_with_the_server_gone(web_app: AppPage) -> None:
    page = web_app.page
    puzzle = first("win", 1)
    pid = puzzle["id"]
    with build.serve_in_background(build.DIST) as server:
        page.goto(server.url + f"puzzles.html#id={pid}")
        web_app.wait_ready()
        page.wait_for_function("document.body.dataset.offline === '1'", timeout=120_000)
    # The server is gone and the browser offline: the page, its set of
    # puzzles and its Python all come from the service worker's cache.
    page.context.set_offline(True)
    try:
        page.reload()
        web_app.wait_ready()
        wait_puzzle(page, f"{pid} todo")
        play(page, puzzle["line"][0])
        wait_puzzle(page, f"{pid} solved")
    finally:
        page.context.set_offline(False)
    assert web_app.errors == []


def test_a_missing_set_is_said_and_the_page_still_works(web_app: AppPage) -> None:
    page = web_app.page
    page.route("**/data/puzzles.json", lambda route: route.fulfill(status=404, body="gone"))
    web_app.open("puzzles.html#id=3")
    expect(page.locator("body")).to_have_attribute("data-puzzle", "none")
    expect(page.locator("#puzzle-feedback")).to_contain_text("could not be loaded")
    expect(page.locator("body")).to_have_attribute("data-painted", "1")
    expect(page.locator("#puzzle-next")).to_be_disabled()
    # The rest of the page answers: the language can still be changed.
    page.select_option("#language", "fr")
    expect(page.locator("#puzzle-stats-title")).to_have_text("Vos problèmes")
    # A failed fetch is reported on the console by the browser itself, not by the page.
    assert [e for e in web_app.errors if "puzzles.json" not in e and "404" not in e] == []


def test_the_solution_is_played_on_the_board_counts_as_a_miss_and_can_be_tried(
    web_app: AppPage,
) -> None:
    puzzle = first("win", 2)
    pid = puzzle["id"]
    open_puzzle(web_app, f"id={pid}")
    page = web_app.page
    wait_puzzle(page, f"{pid} todo")
    page.evaluate(POSITION_LOG)
    page.click("#puzzle-solution")
    first_move, reply, last = puzzle["line"]
    expect(page.locator("#puzzle-feedback")).to_contain_text(f"{first_move} ({reply}) {last}")
    expect(page.locator("#stat-streak")).to_have_text("0")
    assert int(page.locator("#stat-rating").text_content() or "0") < 1200
    # The whole line is played on the board, move by move, to the win.
    expect(page.locator("body")).to_have_attribute("data-solution", "shown", timeout=30_000)
    game = Game(puzzle["fen"], puzzle["line"])
    assert page.evaluate("window.__positions")[-4:] == [
        Game(puzzle["fen"], puzzle["line"][:n]).fen() for n in range(4)
    ]
    expect(page.locator("#board")).to_have_attribute("data-position", game.fen())
    page.click("#puzzle-retry")
    wait_puzzle(page, f"{pid} todo")
    play(page, first_move)
    wait_puzzle(page, f"{pid} todo")
    play(page, last)
    wait_puzzle(page, f"{pid} solved")
    expect(page.locator("#stat-solved")).to_have_text("0")
    assert web_app.errors == []


def test_a_newcomers_first_puzzle_is_near_their_rating(web_app: AppPage) -> None:
    """A fresh visit (rating 1200) gets the puzzle of the day from those within
    150 of 1200, not whatever the day's turn of the whole set is."""
    web_app.open("puzzles.html")
    page = web_app.page
    page.wait_for_function("/^\\d+ todo$/.test(document.body.dataset.puzzle || '')")
    pid = int(str(web_app.dataset("puzzle")).split()[0])
    rating = next(p["rating"] for p in puzzles() if p["id"] == pid)
    assert abs(rating - 1200) <= 150, (pid, rating)
    assert web_app.errors == []


def test_a_puzzle_with_red_to_play_is_shown_from_reds_side(web_app: AppPage) -> None:
    red = next(p for p in puzzles() if p["fen"].split()[1] == "r")
    white = next(p for p in puzzles() if p["fen"].split()[1] == "w")
    for puzzle, flipped in ((red, True), (white, False)):
        open_puzzle(web_app, f"id={puzzle['id']}")
        page = web_app.page
        wait_puzzle(page, f"{puzzle['id']} todo")
        geometry = json.loads(page.get_attribute("#board", "data-geometry") or "{}")
        assert geometry["flipped"] is flipped, puzzle["id"]
    assert web_app.errors == []


def solve_one_move(page: Page, puzzle: dict[str, Any]) -> None:
    wait_puzzle(page, f"{puzzle['id']} todo")
    play(page, puzzle["line"][0])
    wait_puzzle(page, f"{puzzle['id']} solved")


def stored_record(page: Page) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(page.evaluate("localStorage.getItem('mixtour.puzzles')"))
    return record


def test_two_tabs_keep_each_others_results(web_app: AppPage) -> None:
    """Each tab scores on the record as stored: {5} then {6} then {5, 6, 7},
    never a tab's results overwritten by the other's."""
    one = [p for p in puzzles() if p["kind"] == "win" and p["n"] == 1][:3]
    open_puzzle(web_app, f"id={one[0]['id']}")
    tab1 = web_app.page
    tab2 = tab1.context.new_page()
    tab2.goto(web_app.base_url + f"puzzles.html#id={one[1]['id']}")
    tab2.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    solve_one_move(tab1, one[0])
    # Another tab's write reaches a tab's storage a moment later (Chromium
    # hands it over between processes), with a storage event: each tab
    # plays on once its record shows the other's result, as a person sees it.
    expect(tab2.locator("#stat-solved")).to_have_text("1")
    solve_one_move(tab2, one[1])
    expect(tab1.locator("#stat-solved")).to_have_text("2")
    tab1.goto(web_app.base_url + f"puzzles.html#id={one[2]['id']}")  # tab 1 moves on
    solve_one_move(tab1, one[2])
    record = stored_record(tab1)
    assert sorted(record["done"]) == sorted(str(p["id"]) for p in one)
    # Three solves in a row from 1200: the rating rose three times.
    expected = 1200
    for p in one:
        gain = 32 * (1 - 1 / (1 + 10 ** ((p["rating"] - expected) / 400)))
        expected = math.floor(expected + gain + 0.5)  # JavaScript's Math.round
    assert record["rating"] == expected
    # The other tab shows the merged record too (a storage event).
    expect(tab2.locator("#stat-solved")).to_have_text("3")
    assert web_app.errors == []


def test_a_full_storage_is_said_when_a_result_cannot_be_kept(web_app: AppPage) -> None:
    puzzle = next(p for p in puzzles() if p["kind"] == "win" and p["n"] == 1)
    open_puzzle(web_app, f"id={puzzle['id']}")
    page = web_app.page
    page.evaluate(
        """() => {
            Storage.prototype.setItem = function () {
                throw new DOMException('full', 'QuotaExceededError');
            };
        }"""
    )
    solve_one_move(page, puzzle)
    expect(page.locator("#puzzle-storage")).to_be_visible()
    expect(page.locator("#puzzle-storage")).to_contain_text("storage is full")
    assert web_app.dataset("save") == "full"
    expect(page.locator("#stat-solved")).to_have_text("1")  # kept for this visit
    assert web_app.errors == []


def test_an_unusual_record_is_accepted_and_an_unreadable_one_set_aside(web_app: AppPage) -> None:
    web_app.open("puzzles.html#id=1")
    page = web_app.page
    # Another version might write a fractional rating: read, not wiped.
    page.evaluate(
        "localStorage.setItem('mixtour.puzzles',"
        " JSON.stringify({rating: 1333.7, streak: 1, best: 2, done: {5: 1}}))"
    )
    page.reload()
    web_app.wait_ready()
    expect(page.locator("#stat-rating")).to_have_text("1334")
    expect(page.locator("#stat-solved")).to_have_text("1")
    # Text that is no record at all is set aside (mixtour.broken), then a fresh start.
    raw = '{"rating": "high"'
    page.evaluate("(raw) => localStorage.setItem('mixtour.puzzles', raw)", raw)
    page.reload()
    web_app.wait_ready()
    expect(page.locator("#stat-rating")).to_have_text("1200")
    broken = json.loads(page.evaluate("localStorage.getItem('mixtour.broken')"))
    assert broken[-1]["raw"] == raw
    assert web_app.errors == []
