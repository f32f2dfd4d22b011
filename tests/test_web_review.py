"""Game review in the browser, by clicks: a game opened from a link with a
planted blunder is reviewed in the AI worker, the blunder is marked in the
move list and counted in the summary, the graph takes the player to a move,
the better move is drawn on the board, and "Stop" ends a review.

Tests set ``window.mixtourDebug.reviewDepth`` low so a review takes seconds.
"""

from __future__ import annotations

import re

import pytest
from conftest import AppPage
from playwright.sync_api import Page, expect
from test_web_axe import violations
from webhelpers import position

from mixtour.mixtour.core import STANDARD_START, Position
from mixtour.mixtour.game import Game
from mixtour.mixtour.link import format_link

pytestmark = pytest.mark.browser

AI_TIMEOUT_MS = 180_000  # the worker boots Pyodide on a busy two-core machine
REVIEW_TIMEOUT_MS = AI_TIMEOUT_MS  # the first one includes the worker's boot
# Careless play, then Red's e5:2-e4 (the 8th action) lets White's e4:3-c2 win
# at once (the same game as tests/test_review.py's).
PLANTED = ["d4", "b2", "c2", "e5", "e4", "d4-e5", "b2-c2", "e5:2-e4", "e4:3-c2"]


def open_game(
    web_app: AppPage, actions: list[str], depth: int, start: str = STANDARD_START
) -> Page:
    page = web_app.page
    page.add_init_script(f"window.mixtourDebug = {{ reviewDepth: {depth} }}")
    web_app.open("index.html#" + format_link(Game(start, actions)))
    expect(page.locator("#moves")).to_have_attribute("data-count", str(len(actions)))
    return page  # (the engine's worker starts with the review: a game of two people needs none)


def ply_cell(page: Page, ply: int) -> str:
    return f'#moves button.ply[data-ply="{ply}"]'


def test_review_marks_the_blunder_counts_it_and_the_graph_jumps(web_app: AppPage) -> None:
    page = open_game(web_app, PLANTED, depth=2)
    # The game is over (White's tower): its result offers the review.
    expect(page.locator("#result")).to_be_visible()
    page.click("#result-review")
    page.wait_for_function("document.body.dataset.review === 'done'", timeout=REVIEW_TIMEOUT_MS)
    blunder = page.locator(ply_cell(page, 8))
    expect(blunder).to_have_attribute("data-review", "blunder")
    expect(blunder).to_contain_text("??")
    expect(page.locator(ply_cell(page, 9))).to_have_attribute("data-review", "best")
    red_blunders = page.locator('#review-summary td[data-color="r"][data-kind="blunder"]')
    assert int(red_blunders.inner_text()) >= 1
    # The game ended with White's tower: the label says who has won.
    expect(page.locator("#review-label")).to_have_text("White has won")
    expect(page.locator("#result-review")).to_be_hidden()
    # The summary is also told in words, counted in the language's plural forms.
    summary = page.locator("#message").inner_text()
    assert re.search(r"Red: \d+ inaccurac(y|ies), \d+ mistakes?, \d+ blunders?\.", summary), summary
    assert "1 blunders" not in summary and "1 mistakes" not in summary

    # A click on the graph, four ninths along, shows the position after the 4th action.
    page.locator("#review-graph").scroll_into_view_if_needed()
    box = page.locator("#review-graph").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] * 4 / 9, box["y"] + box["height"] / 2)
    expect(page.locator('#moves [aria-current="step"]')).to_have_attribute("data-ply", "4")
    after_four = Game(STANDARD_START, PLANTED[:4]).fen()
    assert Position(position(page)).fen() == after_four
    # The graph is a slider: the arrow keys step through the game from there.
    graph = page.locator("#review-graph")
    expect(graph).to_have_attribute("aria-valuenow", "4")
    graph.focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator('#moves [aria-current="step"]')).to_have_attribute("data-ply", "5")
    expect(graph).to_have_attribute("aria-valuenow", "5")
    expect(graph).to_have_attribute("aria-valuetext", re.compile(r"^After action 5: "))

    # The blunder, clicked in the move list: its verdict, the better move and its line.
    page.click(ply_cell(page, 8))
    verdict = page.locator("#review-verdict")
    expect(verdict).to_contain_text("e5:2-e4: blunder")
    expect(verdict).to_contain_text("Better:")
    best = page.locator("#board").get_attribute("data-review-best")
    assert best and best != "e5:2-e4"
    expect(verdict).to_contain_text(best)
    expect(page.locator("#review-label")).to_have_text("White wins by force in 1 move")
    assert web_app.errors == []


def test_review_can_be_stopped_and_started_again(web_app: AppPage) -> None:
    # Deep enough that the review is still running when Stop is pressed.
    page = open_game(web_app, PLANTED, depth=7)
    page.click("#review-start")
    expect(page.locator("body")).to_have_attribute("data-review", "running")
    expect(page.locator("#review-stop")).to_be_visible()
    page.click("#review-stop")
    expect(page.locator("body")).to_have_attribute("data-review", "stopped")
    expect(page.locator("#review-stop")).to_be_hidden()
    done = page.locator("#review-progress").evaluate("(p) => p.value")
    # The worker lets go of the position it was on, and the review asks no more.
    page.wait_for_function("!document.body.hasAttribute('data-ai-busy')", timeout=REVIEW_TIMEOUT_MS)
    assert page.locator("#review-progress").evaluate("(p) => p.value") == done
    # The worker is free again: a shallow review runs to its end.
    page.evaluate("window.mixtourDebug.reviewDepth = 1")
    page.click("#review-start")
    page.wait_for_function("document.body.dataset.review === 'done'", timeout=REVIEW_TIMEOUT_MS)
    expect(page.locator(ply_cell(page, 8))).to_have_attribute("data-review", "blunder")
    assert web_app.errors == []


def test_review_is_for_two_players(web_app: AppPage) -> None:
    page = open_game(web_app, ["c3"], depth=1, start=Position.start(players=3).fen())
    expect(page.locator("#review-start")).to_be_disabled()
    expect(page.locator("#review-note")).to_have_text("The review is for two-player games.")
    assert web_app.errors == []


def test_a_review_the_worker_refuses_says_why_and_keeps_the_game(web_app: AppPage) -> None:
    # A depth the worker does not take (a tampered test hook): it answers with an error.
    page = open_game(web_app, PLANTED, depth=99)
    before = position(page)
    page.click("#review-start")
    expect(page.locator("body")).to_have_attribute("data-review", "error")
    expect(page.locator("#message")).to_contain_text("The review stopped")
    expect(page.locator("#message")).to_contain_text("depth 99")
    assert position(page) == before
    expect(page.locator("#moves")).to_have_attribute("data-count", str(len(PLANTED)))
    expect(page.locator("#review-start")).to_be_enabled()
    # The worker still plays: a hint comes after undoing the last move.
    page.click("#undo")
    page.click("#hint-button")
    expect(page.locator("#board")).to_have_attribute("data-hint", "e4:3-c2", timeout=60_000)


def test_the_reviewed_page_passes_axe_in_light_and_dark(web_app: AppPage) -> None:
    page = open_game(web_app, PLANTED, depth=1)
    page.click("#review-start")
    page.wait_for_function("document.body.dataset.review === 'done'", timeout=REVIEW_TIMEOUT_MS)
    page.click(ply_cell(page, 8))
    expect(page.locator("#board")).to_have_attribute("data-review-best", re.compile(r"\S"))
    found: list[str] = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found += violations(page, f"index.html after a review ({scheme})")
    assert found == []
