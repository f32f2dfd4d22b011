"""The position editor's discs, counted by the engine (web/py/editing.py):
players added and removed, reserves evened, the board cleared and the start
set up, each by a click, with the position string the engine accepts.
"""

from __future__ import annotations

import re

from conftest import AppPage
from playwright.sync_api import expect
from webhelpers import click_square, position, wait_position


def test_the_editor_buttons_keep_every_player_owning_the_same_discs(web_app: AppPage) -> None:
    web_app.open("editor.html#p=5/5/2,wr,2/5/5_w_19/19_0/0_1_-")
    page = web_app.page
    wait_position(page, "5/5/2,wr,2/5/5 w 19/19 0/0 1 -")

    # A third player gets as many discs as White owns, and Blue discs go on the board.
    page.click("#setup-form label:has(input[name=players][value='3'])")
    wait_position(page, "5/5/2,wr,2/5/5 w 19/19/20 0/0/0 1 -")
    page.click(".tool[data-tool=b]")
    click_square(page, "a1")
    wait_position(page, "5/5/2,wr,2/5/b,4 w 19/19/19 0/0/0 1 -")
    expect(page.locator("#validity")).to_have_text("Valid position, White to move")

    # Back to two players: the Blue discs leave the board.
    page.click("#setup-form label:has(input[name=players][value='2'])")
    wait_position(page, "5/5/2,wr,2/5/5 w 19/19 0/0 1 -")

    # White gets more discs; "even" gives Red as many.
    page.fill("input[name=reserve-w]", "24")
    wait_position(page, "5/5/2,wr,2/5/5 w 24/19 0/0 1 -")
    expect(page.locator("#play-here")).to_be_disabled()
    page.click("#even-reserves")
    wait_position(page, "5/5/2,wr,2/5/5 w 24/24 0/0 1 -")
    expect(page.locator("#message")).to_contain_text("25")
    expect(page.locator("#play-here")).to_be_enabled()

    # Clearing the board puts its discs back into the reserves.
    page.click("#clear-board")
    wait_position(page, "5/5/5/5/5 w 25/25 0/0 1 -")

    # The start position: the usual discs, whatever was set before.
    page.fill("input[name=target]", "3")
    wait_position(page, "5/5/5/5/5 w 25/25 0/0 3 -")
    page.click("#start-position")
    wait_position(page, "5/5/5/5/5 w 20/20 0/0 1 -")
    assert position(page) == "5/5/5/5/5 w 20/20 0/0 1 -"
    assert web_app.errors == []


def test_the_editor_links_to_play_its_position_against_the_computer(web_app: AppPage) -> None:
    web_app.open("editor.html")
    page = web_app.page
    click_square(page, "c3")
    fen = "5/5/2,w,2/5/5 w 19/20 0/0 1 -"
    wait_position(page, fen)
    assert page.url.endswith("#p=" + fen.replace(" ", "_"))
    page.locator("#opponent").select_option("3")
    page.click("#play-here")
    page.wait_for_url(lambda url: "/index.html#p=" in url)
    # The game page writes the seats once it is ready: ai=3 becomes ai=r3.
    link = "#p=" + fen.replace(" ", "_")
    assert page.url.endswith((f"{link}&ai=3", f"{link}&ai=r3"))
    web_app.wait_ready()
    assert position(page) == fen
    expect(page.locator("#board")).to_have_attribute("data-seats", re.compile(r"r:3"))
    assert web_app.errors == []
