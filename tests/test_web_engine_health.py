"""One health policy for the engine's worker on every page (web/js/engine/client.js).

A worker that dies, at any moment and on any page of either game, is noticed
by its silence to the client's heartbeat, replaced by a fresh one, and the
page says so in the same words ("The computer player stopped (...).
Restarting it; the game is kept."); what was asked of the dead worker is
asked again of the fresh one. Before the one client, these took from 15 s to
over three minutes, or for ever on Tor's page (no restart at all).

The waits below are hang guards, several times what the client needs: a dead
worker is noticed after 4 s of silence while it searches and 30 s while it
starts (`POLICY` in client.js).
"""

from __future__ import annotations

import pytest
from conftest import AppPage
from playwright.sync_api import Page, Route, expect
from test_web_tor_board import click
from webhelpers import from_engine_worker, play

from mixtour.mixtour.core import STANDARD_START
from mixtour.mixtour.game import Game
from mixtour.mixtour.link import format_link
from mixtour.tor.game import Game as TorGame

pytestmark = pytest.mark.browser

BOOT_MS = 180_000  # a first boot of Pyodide on a busy two-core machine
NOTICED_MS = 90_000  # a dead worker is noticed after 4 s of silence, 30 s while it starts
# The killed worker's silence limit while it starts (the page's 30 s is for the
# slowest step of a real start under load; this one's download is held, or it
# is killed at once). Its replacement keeps the page's limit.
FIRST_BOOT_SILENCE_MS = 10_000
RESTARTING = "The computer player stopped (no answer in time). Restarting it; the game is kept."


def kill_worker(page: Page) -> None:
    page.evaluate("window.mixtourWorker.kill()")


def wait_restarted(page: Page) -> None:
    page.wait_for_function("document.body.dataset.aiRestarts === '1'", timeout=NOTICED_MS)


def test_tor_replaces_a_dead_worker_and_its_move_arrives(web_app: AppPage) -> None:
    page = web_app.page
    web_app.open("tor.html#ai=b1")
    expect(page.locator("#seats")).to_have_text("Player against Computer 1")
    click(page, "c3")
    # The computer's answer is on the board (not only found): White's turn again.
    page.wait_for_function(
        """() => document.body.dataset.ai === 'ready' && !document.body.hasAttribute('data-ai-busy')
            && document.querySelector('#board').dataset.position.split(' ')[1] === 'w'""",
        timeout=BOOT_MS,
    )
    before = str(page.locator("#board").get_attribute("data-position"))
    kill_worker(page)
    # A drop of White's (the computer's reply differs from game to game); then
    # Black's turn is asked of a dead worker.
    drop = next(a for a in TorGame(before).legal_texts() if "-" not in a)
    click(page, drop)
    wait_restarted(page)
    expect(page.locator("#message")).to_have_text(RESTARTING)
    # The fresh worker answers: c3, the computer's reply, the drop and its reply.
    page.wait_for_function(
        """(before) => {
            const board = document.querySelector('#board');
            return board.dataset.position !== before && !document.body.hasAttribute('data-ai-busy')
                && document.querySelectorAll('#moves button.ply').length === 4;
        }""",
        arg=before,
        timeout=BOOT_MS,
    )
    assert web_app.dataset("ai") == "ready"
    assert len(page.workers) == 1
    assert web_app.errors == []


def test_the_analysis_board_replaces_a_dead_worker_and_deepens_on(web_app: AppPage) -> None:
    page = web_app.page
    page.add_init_script("window.mixtourDebug = { analysisMaxDepth: 30 }")
    web_app.open("analysis.html#t=c3,b4&k=2")
    page.wait_for_function(
        "Number(document.querySelector('#engine').dataset.depth || 0) >= 2", timeout=BOOT_MS
    )
    kill_worker(page)
    wait_restarted(page)
    expect(page.locator("#engine-note")).to_have_text(RESTARTING)
    # The fresh worker takes the position up again from depth 1 and goes deeper.
    page.wait_for_function(
        """() => document.querySelector('#engine').dataset.state === 'running'
            && Number(document.querySelector('#engine').dataset.depth || 0) >= 2""",
        timeout=BOOT_MS,
    )
    assert web_app.dataset("ai") == "ready"
    assert web_app.errors == []


def test_a_review_started_while_the_worker_boots_survives_its_death(web_app: AppPage) -> None:
    page = web_app.page
    actions = ["d4", "b2", "c2", "e5", "e4", "d4-e5"]
    page.add_init_script(
        f"window.mixtourDebug = {{ reviewDepth: 1, aiFirstBootSilenceMs: {FIRST_BOOT_SILENCE_MS} }}"
    )
    web_app.open("index.html#" + format_link(Game(STANDARD_START, actions)))
    expect(page.locator("#moves")).to_have_attribute("data-count", str(len(actions)))
    page.click("#review-start")
    kill_worker(page)  # booting or searching: the client notices either
    wait_restarted(page)
    page.wait_for_function("document.body.dataset.review === 'done'", timeout=BOOT_MS)
    assert page.locator("#moves button.ply[data-review]").count() == len(actions)
    assert web_app.errors == []


def test_a_request_lost_by_a_worker_that_answers_beats_is_asked_of_a_fresh_one(
    web_app: AppPage,
) -> None:
    """A worker whose searches cannot yield (WebKit's) answers no beat while a
    request runs in it. One that answers beats while a request waits past the
    search's limit has lost the request (once in WebKit: a review never ended):
    it is replaced, and the request asked again of the fresh one."""
    page = web_app.page
    actions = ["d4", "b2", "c2", "e5", "e4", "d4-e5"]
    page.add_init_script(
        "window.mixtourDebug = { reviewDepth: 1, aiYields: false, aiTimeoutMs: 1000,"
        " aiSearchCapMs: 1000, loseNext: true }"
    )
    web_app.open("index.html#" + format_link(Game(STANDARD_START, actions)))
    expect(page.locator("#moves")).to_have_attribute("data-count", str(len(actions)))
    page.click("#review-start")
    wait_restarted(page)
    page.wait_for_function("document.body.dataset.review === 'done'", timeout=BOOT_MS)
    assert page.locator("#moves button.ply[data-review]").count() == len(actions)
    assert page.evaluate("document.body.dataset.aiWorkers") == "2"
    assert web_app.errors == []


def test_the_computers_first_move_survives_a_worker_killed_while_it_boots(
    web_app: AppPage,
) -> None:
    page = web_app.page
    # The first worker's download of our Python is held: it is still booting
    # when White plays and when it is killed (a link naming the computer
    # starts it with the page, so it could otherwise be ready by then).
    held: list[Route] = []

    def hold_first_worker(route: Route) -> None:
        if from_engine_worker(route) and not held:
            held.append(route)
        else:
            route.continue_()

    page.route("**/py/app.zip", hold_first_worker)
    page.add_init_script(
        f"window.mixtourDebug = {{ aiFirstBootSilenceMs: {FIRST_BOOT_SILENCE_MS} }}"
    )
    web_app.open("index.html#ai=1")
    play(page, "c3")
    assert held and web_app.dataset("ai") == "loading"
    kill_worker(page)
    wait_restarted(page)
    page.wait_for_function(
        """() => {
            const board = document.querySelector('#board');
            return board.dataset.position.split(' ')[1] === 'w' && !board.dataset.thinking
                && document.querySelector('#moves').dataset.count === '2';
        }""",
        timeout=BOOT_MS,
    )
    assert web_app.errors == []
