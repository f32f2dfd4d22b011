"""A computer player that cannot be had (its script cannot be downloaded) is
given up within seconds, said so, and the game goes on between people; the
analysis board says so in the same words.

Before, each of four tries waited 180 s for a worker that would never start,
with an uncaught "Failed to fetch" on the page. The wait below is a hang guard.
"""

from __future__ import annotations

import pytest
from conftest import AppPage
from playwright.sync_api import Page, Route, expect
from test_web_embed import host, iframe
from test_web_tor_board import click
from webhelpers import move_list, play

pytestmark = pytest.mark.browser


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, object]) -> dict[str, object]:
    """No service worker: it would download (and then serve) the worker script
    that the test refuses to deliver."""
    return {**browser_context_args, "service_workers": "block"}


def refuse_the_worker(page: Page) -> None:
    """The engine worker's script never arrives (a failed download)."""

    def refuse(route: Route) -> None:
        route.abort("connectionfailed")

    page.route("**/js/engine/worker.js", refuse)


def test_a_worker_that_cannot_load_is_given_up_and_people_play_on(web_app: AppPage) -> None:
    page = web_app.page
    refuse_the_worker(page)
    web_app.open("index.html#ai=1")
    # Four tries (the first and three restarts), each failing at once.
    expect(page.locator("#ai-unavailable")).to_be_visible(timeout=60_000)
    assert web_app.dataset("ai") == "error"
    page.click("#ai-humans")
    expect(page.locator("#board")).to_have_attribute("data-seats", "w:0 r:0 b:0")
    play(page, "c3")
    play(page, "b4")  # Red is played by a person now
    assert move_list(page) == "1. c3 b4"
    # The browser logs each refused download itself; nothing else went wrong.
    expected = ("Failed to load resource",)
    assert [e for e in web_app.errors if not any(x in e for x in expected)] == []


def test_the_analysis_board_says_in_the_same_words_that_the_worker_cannot_load(
    web_app: AppPage,
) -> None:
    page = web_app.page
    refuse_the_worker(page)
    web_app.open("analysis.html#t=c3&k=1")
    unavailable = "document.querySelector('#engine').dataset.state === 'unavailable'"
    # Four tries fail at once each (the first and three restarts, 0 + 1 + 2 s apart).
    page.wait_for_function(unavailable, timeout=60_000)
    expect(page.locator("#engine-note")).to_have_text(
        "The computer player failed: its script could not load. "
        "The game is kept; press Resume to try again."
    )
    expect(page.locator("#engine-toggle")).to_have_text("Resume")
    # The board still plays; the next position tries a fresh worker, in vain here.
    play(page, "b4")
    expect(page.locator("#an-tree button.an-move")).to_have_count(2)
    page.wait_for_function(unavailable, timeout=60_000)
    expected = ("Failed to load resource",)
    assert [e for e in web_app.errors if not any(x in e for x in expected)] == []


def test_an_embed_whose_engine_cannot_load_says_so_and_offers_a_reload(web_app: AppPage) -> None:
    page = web_app.page
    refuse_the_worker(page)
    frame = host(page, web_app.base_url, iframe("m=c3"))(0)
    # Before the one health policy the board waited for ever ("taking unusually
    # long ... keep waiting"), its worker recreated every 12 s.
    loading = frame.locator("#loading")
    expect(loading).to_contain_text(
        "The game could not start (its script could not load).", timeout=60_000
    )
    expect(loading).to_have_attribute("role", "alert")
    expect(loading.locator("button")).to_have_text("Reload")
    # The board of its link is still drawn (before Python, from the link).
    expect(frame.locator("body")).to_have_attribute("data-painted", "1")


def test_tors_page_offers_try_again_and_the_computer_plays_once_it_can(web_app: AppPage) -> None:
    """Tor's page only said the computer had failed, with no way to try again."""
    page = web_app.page
    refuse_the_worker(page)
    web_app.open("tor.html#ai=1")  # the computer plays Black
    click(page, "c3")
    expect(page.locator("#ai-unavailable")).to_be_visible(timeout=60_000)
    assert web_app.dataset("ai") == "error"
    expect(page.locator("#message")).not_to_contain_text("Resume")  # a button Tor has not
    page.unroute("**/js/engine/worker.js")  # the script can be had again
    page.click("#ai-retry")
    expect(page.locator("#ai-unavailable")).to_be_hidden()
    page.wait_for_function(
        "document.querySelector('#board').dataset.position.split(' ')[1] === 'w'",
        timeout=120_000,
    )
    expect(page.locator("#moves button.ply")).to_have_count(2)
    expected = ("Failed to load resource",)
    assert [e for e in web_app.errors if not any(x in e for x in expected)] == []


def test_tors_page_plays_on_between_people_when_the_computer_cannot_be_had(
    web_app: AppPage,
) -> None:
    page = web_app.page
    refuse_the_worker(page)
    web_app.open("tor.html#ai=1")
    click(page, "c3")
    expect(page.locator("#ai-unavailable")).to_be_visible(timeout=60_000)
    page.click("#ai-humans")
    expect(page.locator("#board")).to_have_attribute("data-seats", "w0b0")
    expect(page.locator("#message")).to_have_text("Every seat is now played by a person.")
    click(page, "d5")  # Black is played by a person now
    expect(page.locator("#moves button.ply")).to_have_count(2)
    expected = ("Failed to load resource",)
    assert [e for e in web_app.errors if not any(x in e for x in expected)] == []
