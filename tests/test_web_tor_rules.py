"""Tor's rules pages (tor-rules.html, .fr, .de) and the way between the games.

Every example board is a link that the engine plays under CPython, and shows
what its caption says; the three pages carry the same boards, each in its
language, a badge per rule id and the authors' credit; in the browser each
page speaks its language, leads to the others and to Mixtour, passes axe,
and asks nothing of the network. The front page's start panel and footer
lead to Tor by keyboard.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Literal

import pytest
from conftest import AppPage
from playwright.sync_api import Page, Route, expect
from test_web_axe import inject_axe
from test_web_i18n import table
from test_web_tor_embed import click_in_frame

import build
from mixtour.tor.core import STANDARD_START, Position, parse_square
from mixtour.tor.game import Game

WEB = Path(__file__).resolve().parent.parent / "web"
PAGES = {
    "en": WEB / "tor-rules.html",
    "fr": WEB / "tor-rules.fr.html",
    "de": WEB / "tor-rules.de.html",
}
CREDITS = {
    "en": "Tor by Alain Couchot and Bernard Klein",
    "fr": "Tor d’Alain Couchot et Bernard Klein",
    "de": "Tor von Alain Couchot und Bernard Klein",
}
RULE_IDS = ["T1", "T2", "T3", "T4", "T5", "T6"]
EXAMPLES = ["layout", "closed", "step", "lay", "discard", "stuck"]


def boards(path: Path) -> list[tuple[str, str]]:
    """(data-example, link) of each live board of a page, in order."""
    text = path.read_text(encoding="utf-8")
    found = re.findall(r'data-game="tor" [^>]*data-example="([^"]+)"\s+data-link="([^"]*)"', text)
    return [(name, html.unescape(link)) for name, link in found]


def open_link(fragment: str) -> tuple[Game, str | None]:
    """The game a board's link describes, at its ply, and its ``at=`` (the position drawn
    before the engine loads). Read strictly: every key known, every action legal."""
    fields = dict(part.split("=", 1) for part in fragment.split("&"))
    assert set(fields) <= {"p", "m", "ply", "at"}, fields
    start = fields["p"].replace("_", " ") if "p" in fields else None
    actions = fields["m"].split(",") if fields.get("m") else []
    game = Game(start, actions)  # raises on an illegal action
    game.goto(int(fields.get("ply", len(actions))))
    at = fields.get("at")
    return game, None if at is None else at.replace("_", " ")


def examples() -> dict[str, Game]:
    return {name: open_link(fragment)[0] for name, fragment in boards(PAGES["en"])}


def squares_of(pos: Position, letter: str) -> list[str]:
    """The open squares (one token or two, no pawn) whose top token is ``letter``."""
    rows = pos.fen().split()[0].split("/")
    found = []
    for rank, row in zip(range(8, 0, -1), rows, strict=True):
        cells = re.findall(r"\.|[broy]?[BROY][wk]?", row)
        for file, cell in zip("abcdef", cells, strict=True):
            if cell != "." and cell[-1] == letter:
                found.append(f"{file}{rank}")
    return found


# -- the pages' text, under CPython ---------------------------------------------------


def test_every_tor_example_is_a_link_the_engine_plays_and_draws_at_once() -> None:
    found = boards(PAGES["en"])
    assert [name for name, _ in found] == EXAMPLES
    for name, fragment in found:
        game, at = open_link(fragment)
        assert game.result.code == "playing", name
        # A board that opens part-way through a game says where, to draw it before Python.
        if game.ply:
            assert at == game.fen(), name
        else:
            assert at in {None, game.fen()}, name


def test_the_tor_examples_show_what_their_captions_say() -> None:
    found = examples()
    layout = found["layout"]
    assert layout.fen() == STANDARD_START and len(layout.legal_texts()) == 48

    # T2: White's pawn on blue c3 closes every blue square to Black, and only those.
    closed = found["closed"]
    blue = set(squares_of(closed.position, "B")) - {"c3"}
    for square in blue:
        reason = closed.why_not(square)
        assert reason is not None and reason.id == "closed", square
    assert set(closed.legal_texts()) == {
        f"{f}{r}" for f in "abcdef" for r in range(1, 9)
    } - blue - {"c3"}

    # T3: the step gives c3's blue token to Black and leaves a hole; Black lays it on d3.
    step = found["step"]
    assert [str(a) for a in step.future()] == ["c3-d4", "d5-c4@d3"]
    step.redo()
    assert step.position.tokens(parse_square("c3")) == []
    assert step.fen().endswith(" b B")
    step.redo()
    assert len(step.position.tokens(parse_square("d3"))) == 2
    assert step.fen().endswith(" w R")

    # T3: White holds red; neither a red square nor the double d3 takes it.
    lay = found["lay"]
    assert lay.fen().endswith(" w R")
    assert set(lay.position.closed_colors(0)) == {2}  # orange, under both black pawns
    pawn_step = next(a for a in lay.legal_texts() if "@" in a).split("@")[0]
    for square in ["d3", *squares_of(lay.position, "R")]:
        assert lay.why_not(f"{pawn_step}@{square}") is not None, square

    # T3: the yellow token in hand fits nowhere, whatever White does.
    discard = found["discard"]
    assert discard.fen().endswith(" w Y") and discard.legal_texts()
    assert all("@" not in action for action in discard.legal_texts())
    assert [str(a) for a in discard.future()] == ["c3-d4"]

    # T4: stepping onto yellow d4 leaves Black no step; e4-f3 lets Black out.
    stuck = found["stuck"]
    stuck.redo()
    assert stuck.result.code == "w-wins" and stuck.legal_texts() == []
    stuck.undo()
    stuck.play(next(a for a in stuck.legal_texts() if a.startswith("e4-f3")))
    assert stuck.result.code == "playing"

    # T6: the game the examples come from begins as the text says.
    text = PAGES["en"].read_text(encoding="utf-8")
    begun = "c3 d5 b6 e2 c3-d4 d5-c4@d3"
    assert f"<code>{begun}</code>" in text
    assert step.record() == begun.split(" ")


@pytest.mark.parametrize("code", ["en", "fr", "de"])
def test_each_tor_rules_page_has_its_language_badges_credit_and_boards(code: str) -> None:
    text = build.page_html(PAGES[code])  # its head, header and footer are the shells
    assert f'<html lang="{code}" data-fixed-language>' in text
    assert re.findall(r'<span class="rule-id">(T\d)</span>', text) == RULE_IDS
    assert re.findall(r'<section id="(t\d)">', text) == [i.lower() for i in RULE_IDS]
    assert CREDITS[code] in text
    # The same boards: each speaks the page's language (<html lang>), whatever the reader's.
    assert boards(PAGES[code]) == boards(PAGES["en"])
    for page in PAGES.values():
        assert f'href="./{page.name}"' in text, page.name
    assert 'href="./tor.html"' in text


# -- in the browser -------------------------------------------------------------------


def without_boards(page: Page) -> None:
    """The engine's worker gets an empty script: these tests look at the rules
    page itself, its boards drawn but never started (they are played below)."""

    def stand_in(route: Route) -> None:
        route.fulfill(status=200, content_type="text/javascript", body="")

    page.route(re.compile(r"/engine/worker\.js"), stand_in)


READY_MS = 120_000


def test_the_tor_rules_boards_are_live_in_the_page_with_one_engine(web_app: AppPage) -> None:
    page = web_app.page
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    web_app.open("tor-rules.html", wait_ready=False)
    found = examples()
    expect(page.locator(".live-board canvas")).to_have_count(len(found))
    for name, game in found.items():
        holder = page.locator(f'.live-board[data-example="{name}"]')
        holder.scroll_into_view_if_needed()
        expect(holder).to_have_attribute("data-ready", "1", timeout=READY_MS)
        assert holder.locator("canvas").get_attribute("data-position") == game.fen(), name
    assert page.locator("iframe").count() == 0
    assert [url for url in workers if "engine/worker" in url] == [
        web_app.base_url + "js/engine/worker.js"
    ]
    # A closed square is refused with its reason; an open one is played.
    closed = page.locator('.live-board[data-example="closed"]')
    canvas = closed.locator("canvas")
    blue = sorted(set(squares_of(found["closed"].position, "B")) - {"c3"})[0]
    before = canvas.get_attribute("data-position")
    click_in_frame(canvas, blue)
    expect(closed.locator(".toast")).to_contain_text(blue)
    assert canvas.get_attribute("data-position") == before
    click_in_frame(canvas, "d5")
    expect(canvas).to_have_attribute("data-position", Game(None, ["c3", "d5"]).fen())
    # Another board steps through its game.
    step = page.locator('.live-board[data-example="step"]')
    ply = step.locator("[data-part=ply]").inner_text()
    step.locator("[data-part=next]").click()
    expect(step.locator("[data-part=ply]")).not_to_have_text(ply)
    shown = found["step"]
    shown.redo()
    expect(step.locator("canvas")).to_have_attribute("data-position", shown.fen())
    assert web_app.errors == []


@pytest.mark.browser_context_args(locale="de-DE")
def test_a_tor_rules_page_speaks_its_own_language_and_leads_to_the_others(
    web_app: AppPage,
) -> None:
    # A German-speaking browser opens the French page: the page and its footer stay French.
    without_boards(web_app.page)
    page = web_app.page
    web_app.open("tor-rules.fr.html", wait_ready=False)
    assert page.evaluate("document.documentElement.lang") == "fr"
    fr = table("fr")
    games = page.locator("footer nav.games")
    expect(games).to_have_attribute("aria-label", fr["games.label"])
    expect(games.locator("span")).to_have_text(fr["games.title"])
    expect(page.locator("footer .theme-choice span")).to_have_text(fr["theme.label"])
    expect(games.locator("a[aria-current=page]")).to_have_text("Tor")
    # the language links lead to the German page, its footer to Mixtour's German rules
    page.locator("nav.languages a[hreflang=de]").click()
    page.wait_for_url("**/tor-rules.de.html")
    assert page.evaluate("document.documentElement.lang") == "de"
    expect(page.locator("main .credit")).to_have_text(CREDITS["de"])
    page.locator("footer nav.games a", has_text="Mixtour").click()
    page.wait_for_url("**/rules.de.html")
    # ...and back from Mixtour's rules to Tor's, in the same language
    page.locator("footer nav.games a", has_text="Tor").click()
    page.wait_for_url("**/tor-rules.de.html")
    expect(page.locator("h1 a")).to_have_attribute("href", "./tor.html")
    assert web_app.errors == []
    assert web_app.blocked == []


AXE_PAGE_ONLY = """
async (tags) => {
  const options = { runOnly: { type: "tag", values: tags }, iframes: false };
  const result = await axe.run(document, options);
  return result.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ") + ": " + n.failureSummary),
  }));
}
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_tor_rules_pages_have_no_axe_violations(
    web_app: AppPage, scheme: Literal["light", "dark"]
) -> None:
    page = web_app.page
    without_boards(page)
    page.emulate_media(color_scheme=scheme)
    found = []
    for width in [390, 1280]:
        page.set_viewport_size({"width": width, "height": 800})
        for code, path in PAGES.items():
            web_app.open(path.name, wait_ready=False)
            page.wait_for_load_state("load")
            inject_axe(page)
            for v in page.evaluate(
                AXE_PAGE_ONLY, ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
            ):
                found.append(
                    f"{code} {width} {scheme}: {v['id']} ({v['help']}) {json.dumps(v['nodes'])}"
                )
    assert found == []
    assert web_app.errors == []


def test_the_front_page_leads_a_newcomer_to_tor_by_keyboard(web_app: AppPage) -> None:
    app_page = web_app
    app_page.open()
    page = app_page.page
    link = page.locator("#start-tor")
    expect(link).to_be_visible()
    expect(link).to_have_text(re.compile(r"\bTor\b"))
    # From the last of the start choices, Tab reaches it, and Enter follows it.
    page.focus("#start-more")
    page.keyboard.press("Tab")
    expect(link).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_url("**/tor.html")
    assert app_page.blocked == []


def test_the_game_page_footer_names_both_games_and_leads_to_tor(app_page: AppPage) -> None:
    page = app_page.page
    games = page.locator("footer nav.games a")
    expect(games).to_have_text(["Mixtour", "Tor"])
    expect(games.nth(0)).to_have_attribute("aria-current", "page")
    expect(games.nth(1)).to_have_attribute("href", "./tor.html")
    games.nth(1).focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/tor.html")


@pytest.mark.parametrize(("lang", "rules"), [("en", "tor-rules.html"), ("fr", "tor-rules.fr.html")])
def test_the_tor_page_leads_to_tors_rules_in_its_language(
    web_app: AppPage, lang: str, rules: str
) -> None:
    web_app.open(f"tor.html?lang={lang}")
    page = web_app.page
    games = page.locator("footer nav.games a")
    expect(games).to_have_text(["Mixtour", "Tor"])
    expect(games.nth(1)).to_have_attribute("aria-current", "page")
    how = page.locator("footer a[data-rules-link]")
    expect(how).to_have_attribute("href", f"./{rules}")
    how.click()
    page.wait_for_url(f"**/{rules}")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert web_app.errors == []


def test_the_tor_page_sums_up_the_rules_and_remembers_it_folded(web_app: AppPage) -> None:
    web_app.open("tor.html?lang=de")
    page = web_app.page
    summary = page.locator("#rules-summary")
    expect(summary.locator("summary")).to_have_text("Tor in drei Zeilen")
    expect(summary.locator("li")).to_have_count(3)
    expect(summary.locator("li").nth(2)).to_contain_text("verliert")
    expect(summary.locator("a[data-rules-link]")).to_have_attribute("href", "./tor-rules.de.html")
    # The page keeps the fold on the details' toggle event, which comes a task
    # after the click: the reload waits for it (a listener added after the page's).
    page.evaluate(
        """() => { window.__toggled = new Promise((done) => document.querySelector('#rules-summary')
            .addEventListener('toggle', () => done(true), { once: true })); }"""
    )
    summary.locator("summary").click()
    expect(summary).not_to_have_attribute("open", "")
    page.evaluate("() => window.__toggled")
    page.reload()
    web_app.wait_ready()
    expect(page.locator("#rules-summary")).not_to_have_attribute("open", "")
    assert web_app.errors == []
