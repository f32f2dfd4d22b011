"""Tor's game review in the browser, by clicks: the same review as Mixtour's
(web/js/game-review.js over Tor's part in tor-app.js). A game opened from a
link, in which White lets Black hem him in, is reviewed in the AI worker:
the blunder is marked in the move list and counted in the summary, the graph
and a move clicked in the list show a position, the better move is drawn on
Tor's board, Stop ends a review, and a move played ends one.

Tests set ``window.mixtourDebug.reviewDepth`` so a review takes seconds.
"""

from __future__ import annotations

import re

import pytest
from conftest import AppPage
from playwright.sync_api import Page, expect
from test_tor_review import BLUNDER_PLY, HEMMED
from test_web_axe import violations
from test_web_tor import board, click_action, moves, open_tor
from webhelpers import wait_position

from mixtour.tor.core import STANDARD_START
from mixtour.tor.game import Game
from mixtour.tor.link import format_link

pytestmark = pytest.mark.browser

REVIEW_TIMEOUT_MS = 180_000  # the worker boots Pyodide on a busy two-core machine


def open_game(web_app: AppPage, actions: list[str], depth: int) -> Page:
    page = web_app.page
    page.add_init_script(f"window.mixtourDebug = {{ reviewDepth: {depth} }}")
    open_tor(web_app, "#" + format_link(Game(STANDARD_START, actions)))
    assert moves(page) == actions
    return page


def ply_cell(ply: int) -> str:
    return f'#moves button.ply[data-ply="{ply}"]'


def wait_done(page: Page) -> None:
    page.wait_for_function("document.body.dataset.review === 'done'", timeout=REVIEW_TIMEOUT_MS)


def test_tor_review_marks_the_blunder_and_shows_positions(web_app: AppPage) -> None:
    page = open_game(web_app, HEMMED, depth=2)
    # The game is over (Black hemmed White in): its result offers the review.
    expect(page.locator("#result")).to_be_visible()
    page.click("#result-review")
    expect(page.locator("#review-stop")).to_be_visible()
    wait_done(page)
    blunder = page.locator(ply_cell(BLUNDER_PLY))
    expect(blunder).to_have_attribute("data-review", "blunder")
    expect(blunder).to_contain_text("??")
    expect(blunder).to_have_attribute("aria-label", re.compile(r"White: b6-c7@c8, blunder$"))
    expect(page.locator(ply_cell(len(HEMMED)))).to_have_attribute("data-review", "best")
    white_blunders = page.locator('#review-summary td[data-color="w"][data-kind="blunder"]')
    assert int(white_blunders.inner_text()) >= 1
    expect(page.locator('#review-summary td[data-color="b"][data-kind="mistake"]')).to_be_visible()
    expect(page.locator("#review-label")).to_have_text("Black has won")
    expect(page.locator("#result-review")).to_be_hidden()
    summary = page.locator("#message").inner_text()
    assert re.search(r"White: \d+ inaccurac(y|ies), \d+ mistakes?, \d+ blunders?\.", summary)
    assert re.search(r"Black: \d+ inaccurac(y|ies)", summary), summary
    graph = page.locator("#review-graph")
    expect(graph).to_have_attribute(
        "aria-label", re.compile("White at the top, Black at the bottom")
    )

    # A click on the graph, four fourteenths along, shows the position after the 4th action.
    graph.scroll_into_view_if_needed()
    box = graph.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] * 4 / len(HEMMED), box["y"] + box["height"] / 2)
    expect(page.locator('#moves [aria-current="step"]')).to_have_attribute("data-ply", "4")
    wait_position(page, Game(STANDARD_START, HEMMED[:4]).fen())
    expect(graph).to_have_attribute("aria-valuenow", "4")
    graph.focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator('#moves [aria-current="step"]')).to_have_attribute("data-ply", "5")
    wait_position(page, Game(STANDARD_START, HEMMED[:5]).fen())

    # The blunder, clicked in the move list: its verdict, the better turn drawn on the board.
    page.click(ply_cell(BLUNDER_PLY))
    wait_position(page, Game(STANDARD_START, HEMMED[:BLUNDER_PLY]).fen())
    verdict = page.locator("#review-verdict")
    expect(verdict).to_contain_text("b6-c7@c8: blunder")
    expect(verdict).to_contain_text("Better:")
    expect(page.locator("#board")).to_have_attribute("data-review-best", re.compile(r"\S"))
    best = board(page, "review-best")
    assert best != HEMMED[BLUNDER_PLY - 1]
    expect(verdict).to_contain_text(best)
    expect(page.locator("#review-label")).to_have_text("Black wins by force in 1 move")
    # The last move, the best one: no arrow.
    page.click(ply_cell(len(HEMMED)))
    expect(page.locator("#board")).not_to_have_attribute("data-review-best", re.compile(".*"))
    assert web_app.errors == []


def test_tor_review_can_be_stopped(web_app: AppPage) -> None:
    # Deep enough that the review is still running when Stop is pressed.
    page = open_game(web_app, HEMMED, depth=4)
    page.click("#review-start")
    expect(page.locator("body")).to_have_attribute("data-review", "running")
    page.click("#review-stop")
    expect(page.locator("body")).to_have_attribute("data-review", "stopped")
    expect(page.locator("#review-stop")).to_be_hidden()
    expect(page.locator("#review-start")).to_be_visible()
    done = page.locator("#review-progress").evaluate("(p) => p.value")
    # The worker lets go of the position it was on, and the review asks no more.
    page.wait_for_function("!document.body.hasAttribute('data-ai-busy')", timeout=REVIEW_TIMEOUT_MS)
    assert page.locator("#review-progress").evaluate("(p) => p.value") == done
    expect(page.locator("#moves button.ply[data-review]")).to_have_count(max(0, done - 1))
    assert web_app.errors == []


def test_a_move_played_ends_the_tor_review(web_app: AppPage) -> None:
    # The game before White's blunder, for two players at this screen.
    played = HEMMED[: BLUNDER_PLY - 1]
    page = open_game(web_app, played, depth=1)
    page.click("#review-start")
    wait_done(page)
    expect(page.locator("#moves button.ply[data-review]")).to_have_count(len(played))
    expect(page.locator("#review-summary")).to_be_visible()
    # Looking back at a move does not end it; a move played does.
    page.click(ply_cell(3))
    expect(page.locator("body")).to_have_attribute("data-review", "done")
    page.click(ply_cell(len(played)))
    wait_position(page, Game(STANDARD_START, played).fen())
    click_action(page, HEMMED[BLUNDER_PLY - 1])
    wait_position(page, Game(STANDARD_START, HEMMED[:BLUNDER_PLY]).fen())
    expect(page.locator("body")).not_to_have_attribute("data-review", re.compile(".*"))
    expect(page.locator("#moves button.ply[data-review]")).to_have_count(0)
    expect(page.locator("#review-summary")).to_be_hidden()
    expect(page.locator("#review-start")).to_be_enabled()
    assert web_app.errors == []


def test_the_reviewed_tor_page_passes_axe_in_light_and_dark(web_app: AppPage) -> None:
    page = open_game(web_app, HEMMED, depth=1)
    page.click("#review-start")
    wait_done(page)
    page.click(ply_cell(BLUNDER_PLY))
    expect(page.locator("#board")).to_have_attribute("data-review-best", re.compile(r"\S"))
    found: list[str] = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found += violations(page, f"tor.html after a review ({scheme})")
    assert found == []
