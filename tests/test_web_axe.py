"""Accessibility checks with axe-core on every page, in light and in dark, with
each dialog of a page opened in turn.

axe-core is a pinned npm dev dependency: the test injects it from
node_modules/ into the page and its frames (it is never part of dist/ and
never comes from a CDN). Every WCAG 2.0/2.1 A and AA rule and every
best-practice rule runs; the expected number of violations is zero.
"""

from __future__ import annotations

import json
from typing import Literal

from conftest import AppPage
from playwright.sync_api import Page

import build

AXE = build.NODE_MODULES / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
SCHEMES: tuple[Literal["light", "dark"], ...] = ("light", "dark")

# Pages, and how to tell each is ready (the rules pages have no Python of their
# own; their boards are frames of embed.html).
PAGES = {
    "index.html": True,
    "editor.html": True,
    "learn.html": True,
    "tor-learn.html": True,
    "puzzles.html#id=1": True,
    "tor-puzzles.html#id=1": True,
    "tor-editor.html#p=OYOYOY/BRBRBR/OYwOYOY/BRBRkBR/OYOYwOY/BR.RBR/OYOYOkY/BRBRBR_b_B": True,
    "analysis.html#t=c3,b4(d4,e5)&k=3": True,
    "tor-analysis.html#t=c3,d5,b6,e2,c3-d4(c3-b4)&k=6": True,
    "rules.html": False,
    "rules.fr.html": False,
    "rules.de.html": False,
    "embed.html#p=5/5/2,wr,2/5/5_w_19/19_0/0_1_-&m=c3,b4&ply=1": True,
}

# Buttons that open a dialog, by page; any other <dialog> is opened with showModal().
OPENERS = {
    "index.html": ["#new-game", "#open-settings", "#open-embed", "#open-record"],
    "editor.html": ["#open-embed"],
    "tor-editor.html": ["#open-embed"],
}

RUN_AXE = """
async (tags) => {
  const result = await axe.run(document, { runOnly: { type: "tag", values: tags } });
  return result.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ") + ": " + n.failureSummary),
  }));
}
"""


def inject_axe(page: Page) -> None:
    source = AXE.read_text(encoding="utf-8")
    for frame in page.frames:
        frame.evaluate(source)


def violations(page: Page, where: str) -> list[str]:
    inject_axe(page)
    found = page.evaluate(RUN_AXE, TAGS)
    return [f"{where}: {v['id']} ({v['help']}) {json.dumps(v['nodes'])}" for v in found]


def wait_loaded(page: Page, ready: bool) -> None:
    if ready:
        page.wait_for_function(build.READY_SCRIPT, timeout=60_000)
    else:
        page.wait_for_load_state("load")
        # Each example board's frame draws its board before Python.
        for frame in page.frames[1:]:
            frame.wait_for_function("document.body && document.body.dataset.painted === '1'")


def check_page(page: Page, base_url: str, path: str) -> list[str]:
    """Load the page once, then check it in each colour scheme: the scheme is a
    media query, so the page follows it live (a reload per scheme cost half the
    test's time)."""
    page.goto(base_url + path)
    wait_loaded(page, PAGES[path])
    found: list[str] = []
    backgrounds = set()
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        backgrounds.add(page.evaluate("() => getComputedStyle(document.body).backgroundColor"))
        found += check_dialogs(page, path, f"{path.split('#')[0]} ({scheme})")
    assert len(backgrounds) == len(SCHEMES), f"{path} looks the same in every scheme"
    return found


def check_dialogs(page: Page, path: str, where: str) -> list[str]:
    """The page as it is, then with each of its dialogs open in turn."""
    found = violations(page, where)
    seen = set()
    for opener in OPENERS.get(path, []):
        page.click(opener)
        dialog = page.locator("dialog[open]")
        dialog.wait_for()
        seen.add(dialog.get_attribute("id"))
        found += violations(page, f"{where} with {opener}'s dialog")
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('dialog[open]')")
    for name in page.evaluate("() => [...document.querySelectorAll('dialog')].map((d) => d.id)"):
        if name in seen:
            continue
        page.evaluate("(id) => document.getElementById(id).showModal()", name)
        found += violations(page, f"{where} with #{name} open")
        page.evaluate("(id) => document.getElementById(id).close()", name)
    return found


def test_every_page_has_no_axe_violations_in_light_and_dark(web_app: AppPage) -> None:
    assert AXE.is_file(), "axe-core is missing: run npm ci"
    page = web_app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    found: list[str] = []
    for path in PAGES:
        found += check_page(page, web_app.base_url, path)
    print(f"\naxe violations: {len(found)} over {len(PAGES)} pages in {len(SCHEMES)} schemes")
    assert found == []
    assert web_app.errors == []


def test_axe_finds_a_planted_violation(app_page: AppPage) -> None:
    """The check itself can fail: a button with no name is reported."""
    page = app_page.page
    page.evaluate(
        "() => document.querySelector('.controls').append(document.createElement('button'))"
    )
    found = violations(page, "index.html")
    assert any("button-name" in line for line in found), found
