"""The first screen of both games (web/js/start-choice.js), as a newcomer meets
it on a phone, a landscape phone and a desktop: the choice of how to play lies
over the board and fits the window without scrolling; a tap on the board
before a choice starts nothing; Play the computer labels the game and its
first move is answered."""

from __future__ import annotations

import pytest
from conftest import AppPage
from playwright.sync_api import Browser, Page, expect
from test_web_tor_board import click as tor_click
from webhelpers import play_against, position

SIZES = [(320, 480), (390, 844), (844, 390), (1280, 800)]
# page -> the choices on its first screen
CHOICES = {
    "index.html": [
        "#start-computer",
        "#start-level",
        "#start-friends",
        "#start-corr",
        "#start-learn",
    ],
    "tor.html": ["#start-computer", "#start-level", "#start-friends", "#start-learn"],
}
AI_TIMEOUT_MS = 180_000


def inside(page: Page, selector: str) -> bool:
    """Whether the element lies wholly inside the window, the page not scrolled."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None, selector
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )


def fresh(browser: Browser, site_url: str, path: str, width: int, height: int) -> AppPage:
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=width < 900
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(error.message))
    app = AppPage(page, site_url, errors)
    app.open(path)
    return app


@pytest.mark.parametrize("path", list(CHOICES))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_choice_fits_the_first_screen_and_the_board_waits_for_it(
    browser: Browser, site_url: str, path: str, size: tuple[int, int]
) -> None:
    app = fresh(browser, site_url, path, *size)
    page = app.page
    expect(page.locator("#start")).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    for selector in CHOICES[path]:
        assert inside(page, selector), f"{selector} is not on the first screen at {size}"
    # A tap where the board is, but on no button, starts nothing: the board is
    # inert under the choice, and takes no key either.
    page.wait_for_function("document.querySelector('#board').dataset.position")
    start = position(page)
    assert page.evaluate("document.querySelector('#board').inert") is True
    page.click("#start-title")
    page.keyboard.press("Enter")
    assert position(page) == start
    assert app.dataset("start") is None
    expect(page.locator("#start")).to_be_visible()
    expect(page.locator("#hint")).to_have_text(
        "Choose how to play: the choices lie over the board."
    )
    assert app.errors == []
    page.context.close()


def test_play_the_computer_labels_the_game_and_answers_the_first_tap(web_app: AppPage) -> None:
    web_app.open()
    page = web_app.page
    expect(page.locator("#rules-summary")).to_have_attribute("open", "")
    page.click("#start-computer")
    expect(page.locator("#start")).to_be_hidden()
    # The game begins: the rules in three lines fold to one, the game is named.
    expect(page.locator("#rules-summary")).not_to_have_attribute("open", "")
    expect(page.locator("#game-label")).to_have_text("You vs Computer, 2 Casual")
    mine, answer = play_against(page, "c3", AI_TIMEOUT_MS)
    assert mine != answer
    # Two players here: labelled too.
    page.click("#new-game")
    page.click("#show-start")
    expect(page.locator("#game-label")).to_be_hidden()
    page.click("#start-friends")
    expect(page.locator("#game-label")).to_have_text("Two players on this screen")
    assert web_app.errors == []


def test_tors_first_screen_starts_a_game_against_the_computer(web_app: AppPage) -> None:
    web_app.open("tor.html")
    page = web_app.page
    expect(page.locator("#start")).to_be_visible()
    page.select_option("#start-level", "1")
    page.click("#start-computer")
    expect(page.locator("#start")).to_be_hidden()
    expect(page.locator("#seats")).to_have_text("Player against Computer 1")
    before = position(page)
    tor_click(page, "c3")  # White places a pawn; the computer answers
    page.wait_for_function(
        "(fen) => { const p = document.querySelector('#board').dataset.position;"
        " return p !== fen && p.split(' ')[1] === 'w'; }",
        arg=before,
        timeout=AI_TIMEOUT_MS,
    )
    # A reload lands in the game, not on the choice.
    page.reload()
    web_app.wait_ready()
    expect(page.locator("#start")).to_be_hidden()
    assert web_app.errors == []


def test_a_touch_screen_is_told_to_tap_and_a_mouse_to_click(
    browser: Browser, site_url: str
) -> None:
    for touch, words, absent in [
        (True, "Tap an empty square", "Keys:"),
        (False, "Click an empty square", "Tap"),
    ]:
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, has_touch=touch, is_mobile=touch
        )
        app = AppPage(context.new_page(), site_url)
        app.open()
        app.two_players_here()
        hint = app.page.locator("#hint")
        expect(hint).to_contain_text(words)
        expect(hint).not_to_contain_text(absent)
        context.close()


# dialog -> how it opens, its main button (on the game page)
DIALOGS = {
    "#new-game-dialog": ("#new-game", "#start-game"),
    "#corr-dialog": ("#start-corr", "#corr-begin"),
    "#record-dialog": ("#open-record", "#record-load"),
    "#keys-dialog": ("#open-keys", "#keys-dialog [data-close]"),
    "#settings-dialog": ("#open-settings", "#settings-dialog [data-close]"),
    "#games-dialog": ("#open-games", "#games-dialog [data-close]"),
}

# The widest text a select shows, against its own width (the arrow's room left).
SELECT_FITS = """(select) => {
  const style = getComputedStyle(select);
  const ctx = document.createElement("canvas").getContext("2d");
  ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const widest = Math.max(...[...select.options].map((o) => ctx.measureText(o.text).width));
  return widest + 20 <= select.clientWidth;
}"""


@pytest.mark.parametrize("size", [(320, 480), (844, 390)], ids=["320x480", "844x390"])
def test_every_dialogs_main_button_shows_without_scrolling_on_a_small_screen(
    browser: Browser, site_url: str, size: tuple[int, int]
) -> None:
    app = fresh(browser, site_url, "index.html", *size)
    page = app.page
    for dialog, (opener, main) in DIALOGS.items():
        if dialog != "#corr-dialog":
            app.two_players_here()
        else:
            page.click("#new-game")
            page.click("#show-start")
        if page.locator(opener).is_visible():
            page.click(opener)
        else:  # a narrow header leaves out Keys: its key, "?", opens it
            page.evaluate("document.activeElement?.blur()")
            page.keyboard.press("?")
        expect(page.locator(dialog)).to_be_visible()
        assert inside(page, main), f"{main} is below the fold at {size}"
        if dialog == "#new-game-dialog":
            for color in ("w", "r"):
                assert page.locator(f"#seat-{color}").evaluate(SELECT_FITS), color
        page.keyboard.press("Escape")
        expect(page.locator(dialog)).to_be_hidden()
    assert app.errors == []
    page.context.close()
