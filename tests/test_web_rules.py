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
READY = 'document.body.dataset.ready === "1"'


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
