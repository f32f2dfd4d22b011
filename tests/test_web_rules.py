"""The rules page: every example board is a valid link (checked with the engine
under CPython), and in the browser each one becomes ready and shows it.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from conftest import AppPage
from playwright.sync_api import expect

from mixtour.link import parse_link

RULES = Path(__file__).resolve().parent.parent / "web" / "rules.html"
READY = 'document.body?.dataset.ready === "1"'  # a new frame may have no <body> yet


def examples() -> dict[str, str]:
    """data-example name -> the link fragment of its iframe."""
    text = RULES.read_text(encoding="utf-8")
    found = re.findall(r'data-example="([^"]+)"\s+src="\./embed\.html#([^"]*)"', text)
    return {name: html.unescape(fragment) for name, fragment in found}


def test_every_example_is_a_valid_link() -> None:
    found = examples()
    assert set(found) == {"distance", "neighbours", "split", "takeback", "score", "pass", "gift"}
    for name, fragment in found.items():
        assert parse_link(fragment).problems == [], name


def test_examples_show_what_the_text_says() -> None:
    found = {name: parse_link(fragment).game for name, fragment in examples().items()}
    assert found["distance"].explain("e4-b4") is None
    assert "blocked by d2" in (found["distance"].explain("e1-b4") or "")
    for neighbour in ["b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"]:
        assert found["neighbours"].explain(f"{neighbour}-c3") is None, neighbour
    assert "take back" in (found["takeback"].explain("c4-c3") or "")
    assert found["takeback"].explain("c4:2-c3") is None
    assert [str(a) for a in found["pass"].legal_actions()] == ["pass"]
    score = found["score"]
    score.goto(1)
    assert score.position.scores[0] == 1 and list(score.position.reserves) == [20, 20]
    assert sorted(str(a) for a in found["gift"].legal_actions()) == ["d3-c3", "d3:2-c3"]


def test_rules_page_boards_become_ready(web_app: AppPage) -> None:
    web_app.open("rules.html", wait_ready=False)
    page = web_app.page
    credit = page.locator("a[href='http://spielstein.com/games/mixtour/']").first
    expect(credit).to_have_text("Mixtour by Dieter Stein")
    found = examples()
    frames = page.locator("iframe.board-frame")
    expect(frames).to_have_count(len(found))
    for i in range(len(found)):
        handle = frames.nth(i).element_handle()
        assert handle is not None
        name = handle.get_attribute("data-example") or ""
        handle.scroll_into_view_if_needed()
        frame = handle.content_frame()
        assert frame is not None
        frame.wait_for_function(READY, timeout=120_000)
        expected = parse_link(found[name]).game.fen()
        assert frame.locator("#board").get_attribute("data-position") == expected, name
        assert frame.locator("#board").get_attribute("data-status") == "playing", name
    assert web_app.errors == []


TRANSLATIONS = {"fr": RULES.with_name("rules.fr.html"), "de": RULES.with_name("rules.de.html")}


def framed(path: Path) -> list[tuple[str, str, str]]:
    """(data-example, ?lang= of the embed or "", link fragment) of each board, in order."""
    text = path.read_text(encoding="utf-8")
    found = re.findall(
        r'data-example="([^"]+)"\s+src="\./embed\.html(?:\?lang=(\w+))?#([^"]*)"', text
    )
    return [(name, lang, html.unescape(fragment)) for name, lang, fragment in found]


def test_the_translated_rules_show_the_same_boards_in_their_language() -> None:
    english = [(name, fragment) for name, _, fragment in framed(RULES)]
    ids = set(re.findall(r'\bid="([^"]+)"', RULES.read_text(encoding="utf-8")))
    for code, path in TRANSLATIONS.items():
        text = path.read_text(encoding="utf-8")
        assert f'<html lang="{code}" data-fixed-language>' in text
        boards = framed(path)
        assert [(name, fragment) for name, _, fragment in boards] == english, code
        assert {lang for _, lang, _ in boards} == {code}, code
        assert set(re.findall(r'\bid="([^"]+)"', text)) == ids, code
        # every page links to the rules in each language
        for other in ["rules.html", *(p.name for p in TRANSLATIONS.values())]:
            assert f'href="./{other}"' in text, (code, other)


def test_a_translated_rules_page_works_in_its_language(web_app: AppPage) -> None:
    # An English-speaking browser opens the French rules: the boards speak French.
    web_app.open("rules.fr.html", wait_ready=False)
    page = web_app.page
    assert page.evaluate("document.documentElement.lang") == "fr"
    handle = page.locator("iframe.board-frame").first.element_handle()
    assert handle is not None
    handle.scroll_into_view_if_needed()
    frame = handle.content_frame()
    assert frame is not None
    frame.wait_for_function(READY, timeout=120_000)
    assert frame.evaluate("document.documentElement.lang") == "fr"
    name, _, fragment = framed(TRANSLATIONS["fr"])[0]
    expected = parse_link(fragment).game.fen()
    assert frame.locator("#board").get_attribute("data-position") == expected, name
    # the switch leads to the German page
    page.locator("nav.languages a[hreflang=de]").click()
    page.wait_for_url("**/rules.de.html")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert web_app.errors == []
