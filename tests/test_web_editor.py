"""The position editor: a position built by real clicks, the engine's verdict
shown as text, and "Play from here" opening the game page on that position.
"""

from __future__ import annotations

import pytest
from conftest import AppPage
from playwright.sync_api import Page, expect
from webhelpers import click_square, play, point, position, wait_position

from mixtour.mixtour.core import InvalidPositionError, Position
from mixtour.mixtour.game import Game


def validity(page: Page) -> str:
    return page.locator("#validity").text_content() or ""


def engine_message(fen: str) -> str:
    with pytest.raises(InvalidPositionError) as error:
        Position(fen)
    return str(error.value)


def test_build_a_position_by_clicks_then_play_from_here(web_app: AppPage) -> None:
    web_app.open("editor.html")
    page = web_app.page
    assert position(page) == "5/5/5/5/5 w 20/20 0/0 1 -"
    click_square(page, "c3")
    page.click(".tool[data-tool=r]")
    click_square(page, "c3")
    click_square(page, "b4")
    page.click(".tool[data-tool=w]")
    click_square(page, "d2")
    built = "5/1,r,3/2,wr,2/3,w,1/5 w 18/18 0/0 1 -"
    wait_position(page, built)
    assert Position(built).fen() == built
    expect(page.locator("#position-text")).to_have_value(built)
    expect(page.locator("#validity")).to_have_text("Valid position, White to move")

    # A right-click takes the top disc off, back into its reserve.
    x, y = point(page, "d2", 0)
    page.mouse.click(x, y, button="right")
    wait_position(page, "5/1,r,3/2,wr,2/5/5 w 19/18 0/0 1 -")
    # A stack stops at 4 discs.
    for _ in range(4):
        click_square(page, "a1")
    click_square(page, "a1")
    wait_position(page, "5/1,r,3/2,wr,2/5/wwww,4 w 15/18 0/0 1 -")
    expect(page.locator("#message")).to_contain_text("4 high")
    for _ in range(4):
        x, y = point(page, "a1", 0)
        page.mouse.click(x, y, button="right")
    page.click("#setup-form label[data-color=r]")
    fen = "5/1,r,3/2,wr,2/5/5 r 19/18 0/0 1 -"
    wait_position(page, fen)

    # An impossible setup: the engine's own message, and no way to play it.
    page.fill("input[name=reserve-w]", "25")
    bad = "5/1,r,3/2,wr,2/5/5 r 25/18 0/0 1 -"
    wait_position(page, bad)
    message = engine_message(bad)
    assert "every player must own the same number of discs" in message
    expect(page.locator("#validity")).to_have_text(message)
    expect(page.locator("#play-here")).to_be_disabled()
    assert web_app.dataset("valid") == "0"
    page.fill("input[name=reserve-w]", "19")
    wait_position(page, fen)
    expect(page.locator("#play-here")).to_be_enabled()

    page.click("#play-here")
    page.wait_for_url(lambda url: "/index.html#p=" in url)
    web_app.wait_ready()
    assert position(page) == fen
    after = play(page, "a1")
    assert after == Game(fen, ["a1"]).fen()
    assert web_app.errors == []


def test_position_string_typed_in_the_field(web_app: AppPage) -> None:
    web_app.open("editor.html")
    page = web_app.page
    three = "5/5/2,b,2/5/5 w 15/15/14 0/0/0 2 -"
    page.fill("#position-text", three.replace(" ", "_"))
    wait_position(page, three)
    expect(page.locator(".tool[data-tool=b]")).to_be_visible()
    expect(page.locator("input[name=target]")).to_have_value("2")
    page.fill("#position-text", "5/5/5/5 w 20/20 0/0 1 -")
    expect(page.locator("#validity")).to_have_text(engine_message("5/5/5/5 w 20/20 0/0 1 -"))
    assert position(page) == three  # the board keeps the last valid position
    # Markup in the field is text, never HTML.
    page.fill("#position-text", "<b>x</b>")
    expect(page.locator("#validity")).to_contain_text("6 fields")
    assert page.locator("#validity b").count() == 0
    expect(page.locator("#open-embed")).to_be_disabled()
    # Back to a valid string: the embed code shows that position.
    page.fill("#position-text", three)
    expect(page.locator("#open-embed")).to_be_enabled()
    page.click("#open-embed")
    code = page.locator("#embed-code").input_value()
    assert "/embed.html#p=" + three.replace(" ", "_") in code
    assert code.startswith("<iframe ")
    assert web_app.errors == []


def test_editor_link_from_the_game_page_starts_from_its_position(app_page: AppPage) -> None:
    page = app_page.page
    fen = play(page, "c3")
    page.click("#open-editor")
    page.wait_for_url(lambda url: "/editor.html#p=" in url)
    app_page.wait_ready()
    assert position(page) == fen
    expect(page.locator("#validity")).to_have_text("Valid position, Red to move")
    assert app_page.errors == []


@pytest.mark.browser_context_args(has_touch=True)
def test_on_a_touch_screen_a_tap_places_and_a_long_press_takes_off(web_app: AppPage) -> None:
    web_app.open("editor.html")
    page = web_app.page
    cdp = page.context.new_cdp_session(page)

    def touch(square: str, hold_ms: int) -> None:
        x, y = point(page, square, 0)
        points = [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points})
        page.wait_for_timeout(hold_ms)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    touch("c3", 50)  # a tap puts a disc of the chosen colour
    wait_position(page, "5/5/2,w,2/5/5 w 19/20 0/0 1 -")
    touch("c3", 50)
    wait_position(page, "5/5/2,ww,2/5/5 w 18/20 0/0 1 -")
    touch("c3", 1200)  # a long press takes the top disc off, and places nothing
    wait_position(page, "5/5/2,w,2/5/5 w 19/20 0/0 1 -")
    # The page handles input in order: a disc the long press wrongly placed
    # would be on c3 before the next tap's disc is on d4.
    touch("d4", 50)
    wait_position(page, "5/3,w,1/2,w,2/5/5 w 18/20 0/0 1 -")
    assert web_app.errors == []


def test_the_address_follows_the_position_so_a_reload_keeps_it(web_app: AppPage) -> None:
    web_app.open("editor.html")
    page = web_app.page
    click_square(page, "c3")
    page.click(".tool[data-tool=r]")
    click_square(page, "b4")
    built = "5/1,r,3/2,w,2/5/5 w 19/19 0/0 1 -"
    wait_position(page, built)
    assert page.url.endswith("#p=" + built.replace(" ", "_"))
    # switching the language reloads the page: the position is still there
    page.locator("#language").select_option("de")
    page.wait_for_load_state()
    web_app.wait_ready()
    assert page.evaluate("document.documentElement.lang") == "de"
    wait_position(page, built)
    expect(page.locator("#position-text")).to_have_value(built)
    assert web_app.errors == []
