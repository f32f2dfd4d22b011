"""The script embed (web/js/boards.js): boards drawn in any page by one script,
no frame per board. In a page of our site, and in another site's page (another
origin), where the engine runs in one hidden frame of ours and nothing of that
page changes but its holders. Every board draws, becomes live, steps, plays
and refuses; all share one engine.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import AppPage
from playwright.sync_api import Locator, Page, Position, expect
from test_web_embed import host
from test_web_headers import other_origin  # noqa: F401  (a fixture)
from test_web_theme import BOARD_LIGHTNESS
from test_web_tor_embed import click_in_frame
from webhelpers import play, position

from mixtour.mixtour.game import Game
from mixtour.tor.game import Game as TorGame
from web.tools.embedstyles import board_styles

READY_MS = 120_000
WEB = Path(__file__).resolve().parent.parent / "web"


def holders(site_url: str) -> str:
    """Two Mixtour boards and a Tor board, and the script, as an author writes them."""
    return (
        '<div class="mixtour-board" data-link="m=c3,b4&amp;ply=1"></div>'
        '<p style="height:1200px">Text between the boards.</p>'
        '<div class="mixtour-board" data-link="p=5/1,wrw,2,r/5/3,r,1/4,ww_w_16/17_0/0_1_-"'
        ' aria-label="The distance rule" data-theme="dark"></div>'
        '<div class="mixtour-board" data-game="tor" data-link="m=c3"></div>'
        f'<script type="module" src="{site_url}js/boards.js"></script>'
    )


def board(page: Page, i: int) -> Locator:
    return page.locator(".mixtour-board").nth(i)


def ready(holder: Locator) -> Locator:
    holder.scroll_into_view_if_needed()
    expect(holder).to_have_attribute("data-ready", "1", timeout=READY_MS)
    return holder.locator("canvas")


def square_point(canvas: Locator, square: str) -> Position:
    geometry = canvas.evaluate("(c) => JSON.parse(c.dataset.geometry)")
    file, rank = "abcde".index(square[0]), int(square[1]) - 1
    return {
        "x": geometry["x"] + (file + 0.5) * geometry["cell"],
        "y": geometry["y"] + (4 - rank + 0.5) * geometry["cell"],
    }


def play_on(canvas: Locator, *squares: str) -> None:
    for square in squares:
        canvas.click(position=square_point(canvas, square))


def check_boards(page: Page, site: str) -> None:
    """What every page with the three holders shows and does."""
    first = ready(board(page, 0))
    expect(first).to_have_attribute("data-position", Game(None, ["c3"]).fen())
    # Steps, then a disc entered by a click.
    board(page, 0).locator("[data-part=next]").click()
    expect(first).to_have_attribute("data-position", Game(None, ["c3", "b4"]).fen())
    play_on(first, "d2")
    expect(first).to_have_attribute("data-position", Game(None, ["c3", "b4", "d2"]).fen())
    expect(board(page, 0).locator("[data-part=open]")).to_have_attribute(
        "href", re.compile("^" + re.escape(site) + r"index\.html#.*m=c3,b4,d2")
    )
    # Refused, with its reason: e1 cannot pass d2.
    second = ready(board(page, 1))
    before = second.get_attribute("data-position")
    play_on(second, "e1", "b4")
    expect(board(page, 1).locator(".toast")).to_contain_text("d2")
    assert second.get_attribute("data-position") == before
    expect(board(page, 1)).to_have_attribute("aria-label", "The distance rule")
    # Dark as its holder asks, on a light system: its bar and its squares.
    page.emulate_media(color_scheme="light")
    expect(board(page, 1).locator(".embed")).to_have_attribute("data-theme", "dark")
    lightness = f"({BOARD_LIGHTNESS})(document.querySelectorAll('.mixtour-board canvas')[1])"
    page.wait_for_function(f"{lightness} < 90")
    # Tor's board plays too.
    tor = ready(board(page, 2))
    click_in_frame(tor, "d5")
    expect(tor).to_have_attribute("data-position", TorGame(None, ["c3", "d5"]).fen())


def test_the_board_styles_are_the_sites_colours_on_the_boards_alone() -> None:
    text = board_styles(WEB)
    assert ":root" not in text
    theme = (WEB / "css" / "theme.css").read_text("utf-8")
    # every colour of the site, light and dark, on the boards' element
    for name in set(re.findall(r"(--[a-z-]+):", theme)):
        assert f"{name}:" in text, name
    assert '.embed[data-theme="dark"]' in text
    assert ".embed .status" in text  # the board's own styles follow


def test_a_page_of_our_site_shows_boards_with_one_script(web_app: AppPage) -> None:
    page = web_app.page
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    html = f"<!doctype html><title>boards</title><body>{holders('./')}</body>"
    page.route(
        "**/script-embed-test.html",
        lambda route: route.fulfill(body=html, content_type="text/html; charset=utf-8"),
    )
    page.goto(web_app.base_url + "script-embed-test.html")
    check_boards(page, "./")
    assert page.locator("iframe").count() == 0
    assert [url for url in workers if "engine/worker" in url] == [
        web_app.base_url + "js/engine/worker.js"
    ]
    assert web_app.errors == []


@pytest.mark.browser_context_args(service_workers="allow")  # none is registered
def test_another_sites_page_shows_boards_and_keeps_its_own_settings(
    page: Page,
    page_errors: list[str],
    site_url: str,
    other_origin: tuple[str, Path],  # noqa: F811
) -> None:
    other_url, folder = other_origin
    (folder / "boards.html").write_text(
        '<!doctype html><html lang="fr" data-theme="sepia"><head><meta charset="utf-8">'
        "<title>Mixtour chez nous</title></head>"
        f'<body class="theirs">{holders(site_url)}</body></html>',
        encoding="utf-8",
    )
    page.goto(other_url + "boards.html")
    check_boards(page, site_url)
    # The boards speak the page's language.
    expect(board(page, 0).locator(".status")).to_contain_text("Au tour")
    # One hidden frame of our site runs the engine; the page is left as it was.
    engine = page.locator("iframe[data-mixtour-engine]")
    expect(engine).to_have_count(1)
    assert engine.get_attribute("src") == site_url + "embed-engine.html"
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.evaluate("document.documentElement.dataset.theme") == "sepia"
    assert page.evaluate("document.body.getAttributeNames()") == ["class"]
    registrations = page.evaluate(
        "navigator.serviceWorker.getRegistrations().then((all) => all.length)"
    )
    assert registrations == 0
    # Our colours stay on the boards: the page's own variables are not set.
    assert page.evaluate("getComputedStyle(document.body).getPropertyValue('--page')") == ""
    # The page's own script takes the engine's frame away, once between two
    # requests and once with a request on its way: another frame takes its
    # place, the request is asked again, and the boards keep their games.
    first = board(page, 0)
    first.scroll_into_view_if_needed()
    engine.evaluate("(frame) => frame.remove()")
    first.locator("[data-part=previous]").click()
    expect(first.locator("canvas")).to_have_attribute(
        "data-position", Game(None, ["c3", "b4"]).fen(), timeout=READY_MS
    )
    expect(engine).to_have_count(1)
    first.evaluate(
        """(holder) => {
            holder.querySelector("[data-part=previous]").click();
            setTimeout(() => document.querySelector("iframe[data-mixtour-engine]").remove());
        }"""
    )
    expect(first.locator("canvas")).to_have_attribute(
        "data-position", Game(None, ["c3"]).fen(), timeout=READY_MS
    )
    expect(engine).to_have_count(1)
    assert page_errors == []


def test_the_embed_dialog_writes_script_code_that_works(app_page: AppPage) -> None:
    page = app_page.page
    for action in ["c3", "b4"]:
        play(page, action)
    fen = position(page)
    page.click("#open-embed")
    dialog = page.locator("#embed-dialog")
    dialog.get_by_label("A script (lighter for a page of many boards)").check()
    dialog.get_by_label("Theme of the board").select_option("dark")
    code = page.locator("#embed-code").input_value()
    script = f'<script type="module" src="{app_page.base_url}js/boards.js"></script>'
    assert code.startswith('<div class="mixtour-board" data-link="') and code.endswith(script)
    assert 'data-theme="dark"' in code and "&amp;m=c3,b4&amp;" in code
    # The boards speak the page's language: no choice of it for a script.
    expect(dialog.get_by_label("Language of the board")).to_be_hidden()
    expect(page.locator("#embed-script-hint")).to_be_visible()
    page.click("#embed-dialog button[value=close]")
    # The code works in another page.
    host(page, app_page.base_url, code)
    holder = page.locator(".mixtour-board")
    expect(holder).to_have_attribute("data-ready", "1", timeout=READY_MS)
    expect(holder.locator("canvas")).to_have_attribute("data-position", fen)
    expect(holder.locator("[data-part=ply]")).to_have_text("2/2")
    assert app_page.errors == []
