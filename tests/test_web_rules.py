"""The rules page: every example board is a valid link (checked with the engine
under CPython), and in the browser each one becomes ready and shows it. The
boards are drawn in the page itself (web/js/live-boards.js), not framed: they
play, step and refuse as an embed does, with one engine for all of them.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conftest import AppPage
from playwright.sync_api import Locator, Mouse, Page, ViewportSize, expect
from webhelpers import click_square, lift, play, position

import build
from mixtour.mixtour.link import parse_link

RULES = Path(__file__).resolve().parent.parent / "web" / "rules.html"
READY_MS = 120_000


def examples() -> dict[str, str]:
    """data-example name -> the link of its live board."""
    text = RULES.read_text(encoding="utf-8")
    found = re.findall(r'data-example="([^"]+)"\s+data-link="([^"]*)"', text)
    return {name: html.unescape(fragment) for name, fragment in found}


@dataclass
class LiveBoard:
    """One of a page's live boards, as the board helpers (webhelpers) use a
    page: its canvas is their "#board", its parts are found in its holder."""

    page: Page
    example: str

    @property
    def holder(self) -> Locator:
        return self.page.locator(f'.live-board[data-example="{self.example}"]')

    def locator(self, selector: str) -> Locator:
        return self.holder.locator("canvas" if selector == "#board" else selector)

    @property
    def mouse(self) -> Mouse:
        return self.page.mouse

    @property
    def viewport_size(self) -> ViewportSize | None:
        return self.page.viewport_size

    def wait_for_function(
        self, expression: str, *, arg: Any = None, timeout: float | None = None
    ) -> Any:
        canvas = f".live-board[data-example={self.example}] canvas"
        expression = expression.replace("'#board'", f"'{canvas}'")
        return self.page.wait_for_function(expression, arg=arg, timeout=timeout)

    def click(self, selector: str) -> None:
        self.locator(selector).click()

    def wait_ready(self) -> None:
        self.holder.scroll_into_view_if_needed()
        expect(self.holder).to_have_attribute("data-ready", "1", timeout=READY_MS)


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
    page = web_app.page
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    web_app.open("rules.html", wait_ready=False)
    credit = page.locator("a[href='http://spielstein.com/games/mixtour/']").first
    expect(credit).to_have_text("Mixtour by Dieter Stein")
    found = examples()
    expect(page.locator(".live-board canvas")).to_have_count(len(found))
    for name, link in found.items():
        board = LiveBoard(page, name)
        board.wait_ready()
        expected = parse_link(link).game.fen()
        assert position(board) == expected, name
        assert board.locator("#board").get_attribute("data-status") == "playing", name
        expect(board.holder).to_have_attribute("aria-label", re.compile("."))
    # Every board in the page itself, one engine for all of them.
    assert page.locator("iframe").count() == 0
    assert [url for url in workers if "engine/worker" in url] == [
        web_app.base_url + "js/engine/worker.js"
    ]
    assert web_app.errors == []


def test_a_board_of_the_rules_page_plays_steps_and_refuses(web_app: AppPage) -> None:
    web_app.open("rules.html", wait_ready=False)
    page = web_app.page
    found = examples()
    distance = LiveBoard(page, "distance")
    distance.wait_ready()
    # Refused, with the reason, on that board alone: e1 cannot reach b4 past d2.
    before = position(distance)
    lift(distance, "e1", 1)
    click_square(distance, "b4")
    expect(distance.locator(".toast")).to_contain_text("d2")
    expect(page.locator(".live-board .toast:visible")).to_have_count(1)
    assert position(distance) == before
    # Played by clicks: the single disc on e4 jumps onto b4.
    game = parse_link(found["distance"]).game
    game.play("e4-b4")
    assert play(distance, "e4-b4") == game.fen()
    # Another board steps through its example.
    score = LiveBoard(page, "score")
    score.wait_ready()
    expect(score.locator("[data-part=ply]")).to_have_text("0/1")
    score.locator("[data-part=next]").click()
    expect(score.locator("[data-part=ply]")).to_have_text("1/1")
    shown = parse_link(found["score"]).game
    shown.goto(1)
    assert position(score) == shown.fen()
    assert position(distance) == game.fen()  # the first board kept its game
    assert web_app.errors == []


TRANSLATIONS = {"fr": RULES.with_name("rules.fr.html"), "de": RULES.with_name("rules.de.html")}


def boards_of(path: Path) -> list[tuple[str, str]]:
    """(data-example, link) of each live board of a rules page, in order."""
    text = path.read_text(encoding="utf-8")
    found = re.findall(r'data-example="([^"]+)"\s+data-link="([^"]*)"', text)
    return [(name, html.unescape(link)) for name, link in found]


def test_the_translated_rules_show_the_same_boards_in_their_language() -> None:
    english = boards_of(RULES)
    assert len(english) == 7
    ids = set(re.findall(r'\bid="([^"]+)"', build.page_html(RULES)))
    for code, path in TRANSLATIONS.items():
        text = build.page_html(path)  # its head, header and footer are the shells
        assert f'<html lang="{code}" data-fixed-language>' in text
        assert boards_of(path) == english, code
        assert set(re.findall(r'\bid="([^"]+)"', text)) == ids, code
        # every page links to the rules in each language
        for other in ["rules.html", *(p.name for p in TRANSLATIONS.values())]:
            assert f'href="./{other}"' in text, (code, other)


def test_a_translated_rules_page_works_in_its_language(web_app: AppPage) -> None:
    # An English-speaking browser opens the French rules: the boards speak French.
    web_app.open("rules.fr.html", wait_ready=False)
    page = web_app.page
    assert page.evaluate("document.documentElement.lang") == "fr"
    name, link = boards_of(TRANSLATIONS["fr"])[0]
    board = LiveBoard(page, name)
    board.wait_ready()
    assert position(board) == parse_link(link).game.fen(), name
    expect(board.locator(".status")).to_contain_text("Blanc")
    expect(board.locator("[data-part=open]")).to_have_attribute(
        "aria-label", re.compile("^Ouvrir dans")
    )
    # the switch leads to the German page
    page.locator("nav.languages a[hreflang=de]").click()
    page.wait_for_url("**/rules.de.html")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert web_app.errors == []


CANVAS_WIDTH = "(name) => document.querySelector(`.live-board[data-example=${name}] canvas`).width"


def test_a_board_far_out_of_sight_lets_its_picture_go_and_draws_it_again(
    web_app: AppPage,
) -> None:
    web_app.open("rules.html", wait_ready=False)
    page = web_app.page
    first = LiveBoard(page, "distance")
    first.wait_ready()
    shown = position(first)
    assert page.evaluate(CANVAS_WIDTH, "distance") > 0
    # At the foot of the page the first board is screens away: no pixels kept.
    page.locator(".site-footer").scroll_into_view_if_needed()
    page.wait_for_function(f"({CANVAS_WIDTH})('distance') === 0")
    assert position(first) == shown
    # Back in sight, it is drawn again, as it was.
    first.holder.scroll_into_view_if_needed()
    page.wait_for_function(f"({CANVAS_WIDTH})('distance') > 0")
    lit = page.evaluate(
        """() => {
            const canvas = document.querySelector('.live-board[data-example=distance] canvas');
            const { width, height } = canvas;
            const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
            let painted = 0;
            for (let i = 3; i < data.length; i += 4) painted += data[i] > 0 ? 1 : 0;
            return painted / (data.length / 4);
        }"""
    )
    assert lit > 0.5
    assert position(first) == shown
    assert web_app.errors == []
