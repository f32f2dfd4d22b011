"""Bad links never break the page: each malformed link shows a message and a
board that still plays, with no uncaught error and nothing injected."""

from __future__ import annotations

from urllib.parse import quote

from conftest import AppPage
from playwright.sync_api import Page, expect
from webhelpers import play, position

from mixtour.mixtour.core import Action, Position

START = "5/5/5/5/5_w_20/20_0/0_1_-"
PWNED = "window.__pwned = 1"

BAD_LINKS = {
    "truncated position": "p=5/5/5/5/5_w_20/2",
    "truncated game": "p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3,b4,b4-",
    "four ranks": "p=5/5/5/5_w_20/20_0/0_1_-",
    "six squares in a rank": "p=6/5/5/5/5_w_20/20_0/0_1_-",
    "stack of six": "p=5/5/wwwrrr,4/5/5_w_17/17_0/0_1_-",
    "stack of five": "p=5/5/wwrrw,4/5/5_w_17/18_0/0_1_-",
    "wrong disc totals": "p=5/5/w,4/5/5_w_20/20_0/0_1_-",
    "unknown colour": "p=5/5/x,4/5/5_w_19/20_0/0_1_-",
    "illegal action": "m=c3,c3",
    "ply not a number": "m=c3&ply=abc",
    "ply past the end": "m=c3&ply=9",
    "bad flip and level": "flip=2&ai=9",
    "unknown parameter": "colour=green&p=" + START,
    "script tag": "p=" + quote(f"<script>{PWNED}</script>", safe=""),
    "script tag raw": f"m=<script>{PWNED}</script>",
    "img onerror": "m=" + quote(f'<img src=x onerror="{PWNED}">', safe=""),
    "img onerror in a key": quote(f'<img src=x onerror="{PWNED}">', safe="") + "=1",
    "broken escapes": "p=%E0%A4%A&m=%",
    "huge": "m=" + ",".join(["c3"] * 12_000),
}


def check_page(page: Page, name: str) -> None:
    box = page.locator("#link-problems")
    expect(box, name).to_be_visible()
    assert int(box.get_attribute("data-count") or "0") >= 1, name
    assert page.evaluate("window.__pwned === undefined"), name
    injected = page.evaluate(
        """() => [...document.querySelectorAll('img, iframe, object, embed, script')]
            .filter((el) => !(el.tagName === 'SCRIPT' && (el.src || el.type === 'py')))
            .map((el) => el.outerHTML.slice(0, 80))"""
    )
    assert injected == [], name
    # A working board: the shown position is valid and a legal action plays by clicks.
    fen = position(page)
    pos = Position(fen)
    actions = [Action(code) for code in pos.legal_actions()]
    action = next((a for a in actions if a.is_enter), None) or next(
        (a for a in actions if not a.is_pass), None
    )
    if action is not None and not pos.status:
        assert play(page, str(action)) != fen, name


def test_malformed_links_on_a_fresh_page(web_app: AppPage) -> None:
    page = web_app.page
    for i, (name, fragment) in enumerate(BAD_LINKS.items()):
        if i % 3:  # every third link by loading the page, the others as a pasted link
            continue
        page.goto(f"{web_app.base_url}index.html?{i}#{fragment}")
        web_app.wait_ready()
        check_page(page, name)
    assert web_app.errors == []


def test_malformed_links_pasted_into_the_address_bar(app_page: AppPage) -> None:
    page = app_page.page
    for name, fragment in BAD_LINKS.items():
        page.evaluate("() => { location.hash = ''; }")
        page.evaluate("(fragment) => { location.hash = fragment; }", fragment)
        page.wait_for_function(
            "() => !document.querySelector('#link-problems').hidden", timeout=10_000
        )
        check_page(page, name)
    assert app_page.errors == []


def test_malformed_links_in_an_embed(web_app: AppPage) -> None:
    page = web_app.page
    for name in ("stack of six", "script tag raw", "img onerror", "huge"):
        page.goto(f"{web_app.base_url}embed.html#{BAD_LINKS[name]}")
        page.locator("#board").click()
        web_app.wait_ready()
        assert page.evaluate("window.__pwned === undefined"), name
        assert page.locator("img").count() == 0, name
        Position(page.locator("#board").get_attribute("data-position") or "")
    assert web_app.errors == []
