"""A board out of sight rests (web/js/rest.js): an embed that has been out of
the reader's view for a while, and does not host the engine, leaves a picture
of itself (embed-rest.html) and comes back live, with its game as it was, when
it is seen again. Played by clicks and scrolling in Chromium, with the wait
shortened through window.mixtourDebug.restMs.
"""

from __future__ import annotations

from conftest import AppPage
from playwright.sync_api import Frame, Page, expect
from test_web_embed import InFrame, host
from test_web_embed_shared import READY, READY_MS, frames
from test_web_tor_embed import click_in_frame
from test_web_tor_embed import position as tor_position
from webhelpers import play, position, wait_position

from mixtour.mixtour.game import Game
from mixtour.tor.game import Game as TorGame

REST_MS = 700
GAME = ["c3", "b4", "b4-c3", "d2"]
SPACE = '<div style="height:2400px"></div>'


RESTING = 'document.body?.dataset.resting === "1"'


def resting(frame: Frame) -> bool:
    return bool(frame.evaluate(RESTING))


def wait_resting(frame: Frame) -> None:
    frame.wait_for_function(RESTING, timeout=30_000)


def wait_live(frame: Frame) -> None:
    frame.wait_for_function(READY, timeout=READY_MS)


def seen(page: Page, index: int) -> None:
    """Scroll the page until its frame ``index`` is in view."""
    page.locator("iframe").nth(index).scroll_into_view_if_needed()


def test_boards_out_of_sight_rest_and_come_back_as_they_were(web_app: AppPage) -> None:
    page = web_app.page
    page.add_init_script(f"window.mixtourDebug = {{ restMs: {REST_MS} }}")
    body = (
        '<iframe src="embed.html#m=c3" width="300" height="340"></iframe>'
        + SPACE
        + f'<iframe src="embed.html#m={",".join(GAME)}" width="300" height="340"></iframe>'
        + SPACE
        + '<iframe src="tor-embed.html#m=c3" width="300" height="400"></iframe>'
    )
    host(page, web_app.base_url, body)
    first, mixtour, tor = frames(page)
    wait_live(first)  # in view from the start: it hosts the engine
    assert first.evaluate("document.body.dataset.engineRole") == "host"

    # The reader steps back one move on the second board, plays a move on the Tor board.
    seen(page, 1)
    wait_live(mixtour)
    board = InFrame(mixtour, page)
    board.locator("#previous").click()
    stepped = Game(None, GAME)
    stepped.goto(3)
    wait_position(mixtour, stepped.fen())
    expect(mixtour.locator("#ply")).to_have_text("3/4")
    status = mixtour.locator("#status").inner_text()
    seen(page, 2)
    wait_live(tor)
    click_in_frame(tor, "d5")
    played = TorGame(None, ["c3", "d5"]).fen()
    tor.wait_for_function(
        "(fen) => document.querySelector('#board').dataset.position === fen", arg=played
    )
    history = page.evaluate("history.length")

    # Back to the top: the two boards below rest; the first, the engine's host, never does.
    page.evaluate("window.scrollTo(0, 0)")
    page.mouse.click(2, 2)  # the focus back on the page, out of the frames
    wait_resting(mixtour)
    wait_resting(tor)
    assert "/embed-rest.html?rest-to=embed.html&rest-picture=data" in mixtour.url
    picture = mixtour.locator("#picture")
    expect(picture).to_be_visible()
    assert mixtour.evaluate("document.querySelector('#picture').naturalWidth") > 100
    expect(mixtour.locator("#status")).to_have_text(status)
    assert not mixtour.evaluate("!!document.querySelector('canvas')"), "no live board while resting"
    seen(page, 2)
    seen(page, 1)
    page.evaluate("window.scrollTo(0, 0)")
    # Out of view again, the two rest again; the first, out of view all the
    # while the reader was below, is still the live host.
    wait_resting(mixtour)
    wait_resting(tor)
    assert not resting(first) and first.evaluate("document.body.dataset.engineRole") == "host"

    # Seen again, each board is back, live, as the reader left it; the page's
    # history has not grown.
    seen(page, 1)
    wait_live(mixtour)
    assert position(InFrame(mixtour, page)) == stepped.fen()
    expect(mixtour.locator("#ply")).to_have_text("3/4")
    mixtour.locator("#next").click()
    wait_position(mixtour, Game(None, GAME).fen())
    play(board, "e5")
    seen(page, 2)
    wait_live(tor)
    assert tor_position(tor) == played
    assert page.evaluate("history.length") == history
    assert "rest-" not in mixtour.url, "the live board's address carries nothing of the rest"


def test_a_tampered_resting_address_comes_back_to_our_board(web_app: AppPage) -> None:
    page = web_app.page
    web_app.open(
        "embed-rest.html?rest-to=https://example.com/&rest-picture=javascript:1&rest-board=x#m=c3",
        wait_ready=False,
    )
    page.wait_for_function(READY, timeout=READY_MS)
    assert page.url.endswith("/embed.html#m=c3")
    assert position(page) == Game(None, ["c3"]).fen()
