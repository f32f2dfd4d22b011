"""Tor's games in the one library: New game, a link, a second tab or a
broken save never loses a game of Tor, and "Your games" lists both games'.

Before, Tor's page kept one game under `tor.game`: a link opened in a new tab
or New game replaced it for good, two tabs overwrote each other, and a deeply
nested `tor.game` broke the page on every load.
"""

from __future__ import annotations

import json
from typing import Any

from conftest import AppPage
from playwright.sync_api import Page, expect
from test_web_library import goto, library, notice, open_list, played
from test_web_tor import OPENING, PAGE, board, click_action, moves, open_tor
from webhelpers import move_list, play, wait_position

from mixtour.tor.core import STANDARD_START
from mixtour.tor.game import Game

# The one saved game of Tor's older pages, alone in the storage.
SET_OLD_SAVE = "(raw) => { localStorage.clear(); localStorage.setItem('tor.game', raw); }"


def tor_games(page: Page) -> list[dict[str, Any]]:
    return [g for g in library(page) if g["game"].get("game") == "tor"]


def kept(page: Page) -> list[list[str]]:
    return sorted(played(g) for g in tor_games(page))


def play_tor(page: Page, actions: list[str]) -> None:
    before = moves(page)
    for action in actions:
        click_action(page, action)
    wait_position(page, Game(None, [*before, *actions]).fen())


def new_game_for_two(page: Page) -> None:
    page.click("#new-game")
    page.check("input[name=opponent][value=friend]")
    page.click("#new-game-dialog button[value=start]")


def test_new_game_keeps_the_game_in_progress_in_your_games(web_app: AppPage) -> None:
    page = open_tor(web_app)
    play_tor(page, OPENING[:3])
    new_game_for_two(page)
    wait_position(page, STANDARD_START)
    play_tor(page, ["a1"])
    assert kept(page) == [["a1"], OPENING[:3]]
    open_list(page)
    rows = page.locator("#games-list li")
    expect(rows).to_have_count(2)
    expect(rows.first).to_have_attribute("aria-current", "true")
    old = next(g for g in tor_games(page) if played(g) == OPENING[:3])
    page.click(f"#games-list li[data-id='{old['id']}'] .game-open")
    wait_position(page, Game(None, OPENING[:3]).fen())
    assert moves(page) == OPENING[:3]
    assert web_app.errors == []


def test_a_link_in_a_new_tab_keeps_the_game_in_progress(web_app: AppPage) -> None:
    page = open_tor(web_app)
    play_tor(page, OPENING[:2])
    other = page.context.new_page()
    other.goto(web_app.base_url + PAGE + "#m=f8,a1")
    other.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    assert other.evaluate("document.body.dataset.save") == "linked"
    expect(other.locator("#resume-saved")).to_be_visible()
    click_action(other, "b2")  # a move on the link's game
    wait_position(other, Game(None, ["f8", "a1", "b2"]).fen())
    other.click("#resume-saved")
    wait_position(other, Game(None, OPENING[:2]).fen())
    assert kept(other) == [OPENING[:2], ["f8", "a1", "b2"]]
    other.close()
    assert web_app.errors == []


def test_two_tabs_on_one_game_follow_each_other(web_app: AppPage) -> None:
    tab1 = open_tor(web_app)
    play_tor(tab1, OPENING[:1])
    tab2 = tab1.context.new_page()
    tab2.goto(web_app.base_url + PAGE)  # this tab's game is the latest one
    tab2.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    assert moves(tab2) == OPENING[:1]
    play_tor(tab2, OPENING[1:2])
    tab1.wait_for_function("document.body.dataset.save === 'followed'")
    wait_position(tab1, Game(None, OPENING[:2]).fen())
    assert "another tab" in notice(tab1)
    play_tor(tab1, OPENING[2:3])
    wait_position(tab2, Game(None, OPENING[:3]).fen())
    assert kept(tab1) == [OPENING[:3]]
    tab2.close()
    assert web_app.errors == []


def test_the_one_saved_game_of_older_pages_moves_into_the_library(web_app: AppPage) -> None:
    page = web_app.page
    web_app.open(PAGE)
    start = Game().start
    snapshot = {"version": 1, "game": "tor", "start": start, "actions": OPENING, "ply": 3}
    page.evaluate(
        SET_OLD_SAVE,
        json.dumps({"snapshot": snapshot, "seats": {"w": 0, "b": 2}}),
    )
    page.goto(web_app.base_url + PAGE)
    web_app.wait_ready()
    assert web_app.dataset("save") == "restored"
    assert board(page, "position") == Game(None, OPENING[:3]).fen()
    expect(page.locator("#redo")).to_be_enabled()  # the undone action is kept too
    assert page.evaluate("localStorage.getItem('tor.game')") is None
    (entry,) = tor_games(page)
    assert entry["game"]["actions"] == OPENING and entry["seats"] == {"w": 0, "b": 2}
    assert web_app.errors == []


def test_deeply_nested_saves_are_set_aside_and_the_page_works(web_app: AppPage) -> None:
    """100,000 levels broke Tor's page on every load; 5,000 were overwritten."""
    page = web_app.page
    web_app.open(PAGE)
    for depth in (100_000, 5_000):
        raw = '{"snapshot": ' * depth + "1" + "}" * depth
        page.evaluate(SET_OLD_SAVE, raw)
        page.goto(web_app.base_url + PAGE)
        web_app.wait_ready()
        assert web_app.dataset("save") == "broken", depth
        expect(page.locator("#message")).to_contain_text("could not be restored")
        broken = json.loads(page.evaluate("localStorage.getItem('mixtour.broken')"))
        # Set aside, at most its first 200,000 characters.
        assert broken[-1]["raw"] == raw[:200_000], depth
        assert page.evaluate("localStorage.getItem('tor.game')") is None
        web_app.two_players_here()
        play_tor(page, ["c3"])  # a working page and engine
        page.reload()
        web_app.wait_ready()
        assert moves(page) == ["c3"] and web_app.dataset("save") == "restored"
    assert web_app.errors == []


def test_your_games_opens_each_game_on_its_own_page(web_app: AppPage) -> None:
    page = open_tor(web_app)
    play_tor(page, OPENING[:2])
    goto(web_app, "index.html")
    web_app.two_players_here()
    play(page, "c3")
    open_list(page)
    rows = page.locator("#games-list li")
    expect(rows).to_have_count(2)
    tor_row = rows.filter(has_text="Tor · ")
    expect(tor_row).to_contain_text("White vs Black · 2 moves · White to play")
    tor_row.locator(".game-open").click()
    page.wait_for_url("**/tor.html*")
    web_app.wait_ready()
    assert moves(page) == OPENING[:2]
    open_list(page)
    mixtour_row = page.locator("#games-list li").filter(has_text="Mixtour · ")
    mixtour_row.locator(".game-open").click()
    page.wait_for_url("**/index.html*")
    web_app.wait_ready()
    assert move_list(page) == "1. c3"
    assert len(library(page)) == 2 and all(g["id"] for g in library(page))
    assert web_app.errors == []
