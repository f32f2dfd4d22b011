"""Tor's analysis board (tor-analysis.html) in the browser, by clicks.

Opened from a game of Tor's page, the engine's depth rises and its line
shows; turns clicked on the board in their steps (pawn, step, token) build
the tree, a turn played where another was tried makes a side line kept in
the address and over a reload, which can be promoted and deleted; a broken
``t=`` is reported and its valid part kept; Tor's editor opens its position
here. Tests cap the engine's depth (``window.mixtourDebug.analysisMaxDepth``).
"""

from __future__ import annotations

import re

import pytest
from conftest import AppPage
from playwright.sync_api import Page, expect
from test_web_analysis import cap, engine, wait_engine
from test_web_tor import OPENING, click_action

from mixtour.tor.core import STANDARD_START
from mixtour.tor.game import Game
from mixtour.tor.link import format_link

pytestmark = pytest.mark.browser
PAGE = "tor-analysis.html"


def move(n: int) -> str:
    return f'#an-tree button.an-move[data-n="{n}"]'


def tree(page: Page) -> list[str]:
    return [text.strip() for text in page.locator("#an-tree button.an-move").all_text_contents()]


def test_a_game_of_tors_page_opens_here_and_the_engine_deepens(web_app: AppPage) -> None:
    page = web_app.page
    cap(page, 2)
    game = Game(STANDARD_START, [*OPENING, "c3-d4"])
    web_app.open("tor.html#" + format_link(game))
    shown = game.fen()
    expect(page.locator("#board")).to_have_attribute("data-position", shown)
    # One link to the analysis board (the review panel had a second, the same).
    link = page.get_by_role("link", name="Open this position on the analysis board")
    expect(link).to_have_count(1)
    linked = re.compile(r"tor-analysis\.html#p=.*&m=c3,d5,b6,e2,c3-d4")
    expect(link).to_have_attribute("href", linked)
    link.click()
    web_app.wait_ready()
    expect(page.locator("body")).to_have_attribute("data-surface", "tor-analysis")
    expect(page.locator("#board")).to_have_attribute("aria-label", re.compile("Tor"))
    expect(page.locator("#board")).to_have_attribute("data-position", shown)
    expect(page.locator(move(5))).to_have_attribute("aria-current", "true")
    assert tree(page) == [*OPENING, "c3-d4"]
    expect(page.locator(".site-footer")).to_contain_text("Tor by Alain Couchot and Bernard Klein")
    expect(page.locator("#an-turn")).to_contain_text("Black to play")
    wait_engine(page, "capped")
    assert engine(page, "depth") == "2" and engine(page, "node") == "5"
    pv = (page.locator("#engine-line").get_attribute("data-pv") or "").split()
    assert pv, "the engine gave no line"
    Game(STANDARD_START, [*OPENING, "c3-d4", *pv])  # Tor's turns, legal from here
    expect(page.locator("#engine-line")).to_contain_text(pv[0])
    expect(page.locator("#board")).to_have_attribute("data-engine-best", pv[0])
    expect(page.locator("#engine-info")).to_contain_text("Depth 2")
    expect(page.locator("#eval-text")).not_to_have_text("")
    assert web_app.errors == []


def test_turns_by_clicks_make_a_side_line_kept_in_the_address_and_a_reload(
    web_app: AppPage,
) -> None:
    page = web_app.page
    cap(page, 1)
    web_app.open(f"{PAGE}#t={','.join(OPENING)}&k=4")
    expect(page.locator(move(4))).to_have_attribute("aria-current", "true")
    click_action(page, "c3-d4")  # White's pawn, then where it steps
    expect(page.locator(move(5))).to_have_attribute("aria-current", "true")
    assert tree(page) == [*OPENING, "c3-d4"]
    page.click(move(4))
    expect(page.locator("#board")).to_have_attribute(
        "data-position", Game(STANDARD_START, OPENING).fen()
    )
    click_action(page, "c3-b4")  # another answer: a side line
    expect(page.locator("#an-tree .an-var button.an-move")).to_have_text(["c3-b4"])
    expect(page).to_have_url(re.compile(r"&t=c3,d5,b6,e2,c3-d4\(c3-b4\)&k=6&at=[^&]+$"))
    after = Game(STANDARD_START, [*OPENING, "c3-b4"]).fen()
    expect(page.locator("#board")).to_have_attribute("data-position", after)
    # A reload keeps the tree and the node shown.
    page.reload()
    web_app.wait_ready()
    assert tree(page) == [*OPENING, "c3-d4", "c3-b4"]
    expect(page.locator(move(6))).to_have_attribute("aria-current", "true")
    expect(page.locator("#board")).to_have_attribute("data-position", after)
    # Make the side line the main line, then delete the other.
    page.click("#an-promote")
    expect(page).to_have_url(re.compile(r"&t=c3,d5,b6,e2,c3-b4\(c3-d4\)&k=5&at="))
    expect(page.locator("#an-tree .an-var button.an-move")).to_have_text(["c3-d4"])
    page.click(move(6))
    page.click("#an-delete")
    expect(page.locator("#an-tree .an-var")).to_have_count(0)
    assert tree(page) == [*OPENING, "c3-b4"]
    expect(page).to_have_url(re.compile(r"&t=c3,d5,b6,e2,c3-b4&k=4&at="))
    # A refused click is explained and changes nothing.
    page.click(move(5))
    click_action(page, "c3")  # an empty square: Black's pawns are elsewhere
    expect(page.locator("#an-message")).not_to_have_text("")
    assert tree(page) == [*OPENING, "c3-b4"]
    assert web_app.errors == []


def test_a_broken_tree_is_reported_and_its_valid_part_kept(web_app: AppPage) -> None:
    page = web_app.page
    cap(page, 1)
    web_app.open(f"{PAGE}#t=c3,d5,zz,e2&k=2")
    expect(page.locator("body")).to_have_attribute("data-link", "bad")
    expect(page.locator("#an-problems")).to_be_visible()
    expect(page.locator("#an-problem-list")).to_contain_text("move 3 (zz)")
    assert tree(page) == ["c3", "d5"]
    expect(page.locator("#board")).to_have_attribute(
        "data-position", Game(STANDARD_START, ["c3", "d5"]).fen()
    )
    expect(page).to_have_url(re.compile(r"&t=c3,d5&k=2&at="))
    expect(page.locator("#board")).to_have_attribute("aria-label", re.compile("Tor"))
    assert web_app.errors == []


def test_tors_editor_opens_its_position_here(web_app: AppPage) -> None:
    page = web_app.page
    cap(page, 1)
    game = Game(STANDARD_START, OPENING)
    web_app.open("tor-editor.html#" + format_link(game, whole_game=False))
    expect(page.locator("body")).to_have_attribute("data-valid", "1")
    page.click("#open-analysis")
    page.wait_for_url(re.compile(r"tor-analysis\.html#p="))
    web_app.wait_ready()
    expect(page.locator("#board")).to_have_attribute("data-position", game.fen())
    assert tree(page) == []
    assert web_app.errors == []
