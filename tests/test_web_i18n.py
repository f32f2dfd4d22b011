"""The interface in English, French and German (web/js/i18n.js, web/js/lang/).

The expected words are read from the translation tables themselves (through
Node, as the browser reads them), so these tests check the wiring: the
browser's language or the player's choice picks the table, every page follows
it, and the engine's refusals are worded from its data in that language.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from functools import cache

import pytest
from conftest import AppPage
from playwright.sync_api import Page, expect
from webhelpers import click_square, lift, play, position

import build

LANG_DIR = build.WEB / "js" / "lang"


@cache
def table(code: str) -> dict[str, str]:
    node = shutil.which("node")
    assert node, "node is needed to read the translation tables"
    script = (
        f"const m = await import({json.dumps((LANG_DIR / f'{code}.js').as_uri())});"
        "console.log(JSON.stringify(m.default));"
    )
    out = subprocess.run(
        [node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True
    )
    data: dict[str, str] = json.loads(out.stdout)
    return data


def fill(template: str, **values: str | int) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m.group(1), m.group(0))), template)


def english_keys() -> set[str]:
    text = (build.WEB / "js" / "i18n.js").read_text(encoding="utf-8")
    block = text[text.index("  en: {") : text.index("\n  },\n")]
    return set(re.findall(r'^\s+"([\w.-]+)":', block, re.M))


@pytest.mark.parametrize("code", ["fr", "de"])
def test_each_table_words_every_english_string_with_the_same_placeholders(code: str) -> None:
    words = table(code)
    missing = english_keys() - set(words)
    assert not missing, f"{code} lacks {sorted(missing)}"
    english = (build.WEB / "js" / "i18n.js").read_text(encoding="utf-8")
    for key in english_keys():
        source = re.search(rf'^\s+"{re.escape(key)}":\s*\n?\s*"((?:[^"\\]|\\.)*)"', english, re.M)
        assert source, key
        assert set(re.findall(r"\{\w+\}", words[key])) == set(
            re.findall(r"\{\w+\}", source.group(1))
        ), f"{code} {key}"


@pytest.mark.browser_context_args(locale="fr-FR")
def test_a_french_browser_gets_the_french_game_and_french_reasons(web_app: AppPage) -> None:
    fr = table("fr")
    web_app.open()
    page = web_app.page
    assert page.evaluate("document.documentElement.lang") == "fr"
    expect(page.locator("#new-game")).to_have_text(fr["button.newGame"])
    expect(page.locator("#undo")).to_have_text(fr["button.undo"])
    expect(page.locator("#language")).to_have_value("fr")

    web_app.two_players_here()
    for action in ["a1", "b2", "e5"]:
        play(page, action)
    # a1 onto e5: b2 is in the way (the engine's reason "blocked", worded in French)
    lift(page, "a1", 1)
    expect(page.locator("#board")).to_have_attribute("data-selection", "a1:1")
    click_square(page, "e5")
    blocked = fill(fr["reason.blocked"], frm="a1", to="e5", blockers="b2")
    expect(page.locator("#message")).to_have_text(
        fill(fr["msg.notLegal"], action="a1-e5", reason=blocked)
    )
    # e5 cannot move at all ("stuck", with the number of discs worded too)
    click_square(page, "e5")
    stuck = fill(fr["reason.stuck"], discs=fr["reason.discs.one"], square="e5")
    expect(page.locator("#message")).to_have_text(fill(fr["msg.cannotLift"], reason=stuck))
    assert web_app.errors == []


def test_choosing_german_reloads_in_german_and_keeps_the_game(web_app: AppPage) -> None:
    de = table("de")
    web_app.open()
    page = web_app.page
    assert page.evaluate("document.documentElement.lang") == "en"
    web_app.two_players_here()
    click_square(page, "c3")
    page.wait_for_function("document.querySelector('#board').dataset.position.includes('2,w,2')")
    played = position(page)

    page.locator("#language").select_option("de")
    page.wait_for_load_state()
    web_app.wait_ready()
    assert page.evaluate("document.documentElement.lang") == "de"
    expect(page.locator("#new-game")).to_have_text(de["button.newGame"])
    expect(page.locator("#board")).to_have_attribute("data-position", played)

    # the rules link leads to the German rules
    expect(page.locator("footer a[data-rules-link]")).to_have_attribute(
        "href", re.compile(r"rules\.de\.html$")
    )
    # the choice holds on the other pages of the site
    web_app.open("editor.html")
    assert page.evaluate("document.documentElement.lang") == "de"
    expect(page.locator("#language")).to_have_value("de")
    # ...unless a page asks for a language of its own (a French rules page's boards)
    web_app.open("embed.html?lang=fr#m=c3")
    assert page.evaluate("document.documentElement.lang") == "fr"


@pytest.mark.browser_context_args(locale="fr-FR")
def test_a_broken_link_is_explained_in_french(web_app: AppPage) -> None:
    fr = table("fr")
    page = web_app.page
    web_app.open("index.html#m=c3,c3&flip=2&colour=green")
    expect(page.locator("#link-problems")).to_be_visible()
    occupied = fill(fr["reason.occupied"], square="c3")
    expect(page.locator("#link-problems li")).to_have_text(
        [
            fill(fr["linkIssue.unknown-key"], key="colour"),
            fill(fr["linkIssue.bad-action"], index=2, action="c3", detail=occupied),
            fill(fr["linkIssue.bad-flip"], value="2"),
        ]
    )
    # The editor and an embed word a link's problems in the same language.
    page.goto(f"{web_app.base_url}embed.html#m=c3,zz")
    page.locator("#board").click()
    web_app.wait_ready()
    not_action = fill(
        fr["linkIssue.bad-action"], index=2, action="zz", detail=fr["reason.not-an-action"]
    )
    expect(page.locator("body")).to_contain_text(not_action)
    web_app.open("editor.html#m=c3&ply=abc")
    expect(page.locator("body")).to_contain_text(fill(fr["linkIssue.ply-not-number"], ply="abc"))
    assert web_app.errors == []


def tables_fetched(page: Page) -> set[str]:
    """The translation tables (web/js/lang/) the page has fetched."""
    names: list[str] = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    return {m.group(1) for name in names if (m := re.search(r"/js/lang/(\w+)\.js", name))}


def open_rules(web_app: AppPage, path: str) -> None:
    web_app.open(path, wait_ready=False)
    # rules.js has run once the theme switch is filled (after i18n.js's table)
    web_app.page.wait_for_function("document.querySelector('#theme')?.options.length > 0")


@pytest.mark.browser_context_args(locale="de-DE")
def test_a_page_fetches_only_the_table_of_the_language_it_shows(web_app: AppPage) -> None:
    page = web_app.page
    web_app.open()
    assert page.evaluate("document.documentElement.lang") == "de"
    assert tables_fetched(page) == {"de"}
    # A rules page is written in one language, whatever the browser's.
    open_rules(web_app, "rules.fr.html")
    assert page.evaluate("document.documentElement.lang") == "fr"
    expect(page.locator("#theme option").first).to_have_text(table("fr")["theme.system"])
    assert tables_fetched(page) == {"fr"}
    open_rules(web_app, "tor-rules.html")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert tables_fetched(page) == set()


def test_an_english_page_fetches_no_table(web_app: AppPage) -> None:
    web_app.open("embed.html#m=c3")
    assert web_app.page.evaluate("document.documentElement.lang") == "en"
    assert tables_fetched(web_app.page) == set()


def test_french_names_the_analysis_board_a_plateau_not_a_chessboard() -> None:
    """Mixtour has no chessboard: the French table says "plateau d'analyse"."""
    text = (build.WEB / "js" / "lang" / "fr.js").read_text(encoding="utf-8")
    assert "échiquier" not in text
    assert "plateau d'analyse" in text
