"""Nothing lost: the game in progress survives a reload (undo history too), a
link does not silently replace it, damaged saved data is set aside, and a
failing AI worker is restarted without losing a move. (The game library's own
scenarios are in test_web_library.py.)"""

from __future__ import annotations

import json

from conftest import AppPage
from playwright.sync_api import Page, expect
from webhelpers import move_list, play, position

AI_TIMEOUT_MS = 180_000
OLD_SAVE_KEY = "mixtour.game"  # the one-slot save of older pages, moved into the library
BROKEN_KEY = "mixtour.broken"
PREFIX = "mixtour.library."


def stored(page: Page, key: str) -> str | None:
    value = page.evaluate("(key) => localStorage.getItem(key)", key)
    return None if value is None else str(value)


def stored_games(page: Page) -> list[list[str]]:
    """The actions of every game in the library."""
    texts = page.evaluate(
        """(prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix))
            .map((k) => localStorage.getItem(k))""",
        PREFIX,
    )
    return sorted(json.loads(text)["game"]["actions"] for text in texts)


def test_reload_restores_the_game_with_undo_and_redo(app_page: AppPage) -> None:
    page = app_page.page
    for action in ("c3", "b4", "b4-c3", "d2"):
        play(page, action)
    page.click("#undo")  # d2 is now on the redo list
    page.click("#flip-board")
    before, moves = position(page), move_list(page)
    page.reload()
    app_page.wait_ready()
    assert app_page.dataset("save") == "restored"
    assert position(page) == before
    assert move_list(page) == moves
    expect(page.locator("#redo")).to_be_enabled()
    expect(page.locator("#flip-board")).to_have_attribute("aria-pressed", "true")
    page.click("#redo")
    expect(page.locator("#moves")).to_have_attribute("data-count", "4")
    for _ in range(4):
        page.click("#undo")
    expect(page.locator("#moves")).to_have_attribute("data-count", "0")
    assert app_page.errors == []


def test_reload_keeps_the_seats(app_page: AppPage) -> None:
    page = app_page.page
    page.goto(app_page.base_url + "index.html#ai=1")
    app_page.wait_ready()
    expect(page.locator("#board")).to_have_attribute("data-seats", "w:0 r:1 b:0")
    page.goto(app_page.base_url + "index.html")  # no link: the saved game comes back
    app_page.wait_ready()
    expect(page.locator("#board")).to_have_attribute("data-seats", "w:0 r:1 b:0")
    assert app_page.errors == []


def corrupt(app_page: AppPage, raw: str) -> None:
    page = app_page.page
    page.evaluate("([key, raw]) => localStorage.setItem(key, raw)", [OLD_SAVE_KEY, raw])
    page.goto(app_page.base_url + "index.html")
    app_page.wait_ready()


BAD_SAVES = {
    "bad json": "{not json",
    "wrong version": json.dumps({"version": 99, "game": {}}),
    "version as text": json.dumps({"version": "1", "game": {}}),
    "illegal moves": json.dumps(
        {
            "version": 1,
            "game": {
                "version": 1,
                "start": "5/5/5/5/5 w 20/20 0/0 1 -",
                "actions": ["c3", "c3"],
                "ply": 2,
            },
        }
    ),
    "not an object": "[1, 2, 3]",
}


def test_damaged_saved_data_is_set_aside(app_page: AppPage) -> None:
    page = app_page.page
    for name, raw in BAD_SAVES.items():
        page.evaluate("() => localStorage.clear()")
        corrupt(app_page, raw)
        assert app_page.dataset("save") == "broken", name
        text = page.text_content("#message") or ""
        assert "could not be restored" in text, name
        assert "another version (" not in text, name
        broken = json.loads(stored(page, BROKEN_KEY) or "[]")
        assert broken[-1]["raw"] == raw, name
        # A working board: a new game that can be played and is saved again.
        assert position(page) == "5/5/5/5/5 w 20/20 0/0 1 -", name
        app_page.two_players_here()
        play(page, "c3")
        assert stored_games(page) == [["c3"]], name
    assert app_page.errors == []


def test_a_link_keeps_the_saved_game_reachable(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    play(page, "b4")
    saved = position(page)
    # A fresh load of the page with a link (the query makes it a new document).
    page.goto(app_page.base_url + "index.html?shared#m=a1,e5")
    app_page.wait_ready()
    assert app_page.dataset("save") == "linked"
    assert move_list(page) == "1. a1 e5"
    assert stored_games(page) == [["a1", "e5"], ["c3", "b4"]]
    page.click("#resume-saved")
    assert position(page) == saved
    assert move_list(page) == "1. c3 b4"
    expect(page.locator("#resume-saved")).to_have_count(0)
    assert stored_games(page) == [["a1", "e5"], ["c3", "b4"]]
    # A link pasted into the address bar later keeps it reachable as well.
    page.evaluate("location.hash = 'm=e1'")
    expect(page.locator("#moves")).to_have_attribute("data-count", "1")
    assert app_page.dataset("save") == "linked"
    page.click("#resume-saved")
    assert move_list(page) == "1. c3 b4"
    assert app_page.errors == []


def wait_white_to_move(page: Page) -> None:
    page.wait_for_function(
        """() => {
            const board = document.querySelector('#board');
            return board.dataset.position.split(' ')[1] === 'w' && !board.dataset.thinking;
        }""",
        timeout=AI_TIMEOUT_MS,
    )


def test_a_crashing_worker_is_restarted_and_the_move_arrives(app_page: AppPage) -> None:
    page = app_page.page
    page.goto(app_page.base_url + "index.html#ai=1")
    app_page.wait_ready()
    page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=AI_TIMEOUT_MS)
    page.evaluate("window.mixtourDebug = { crashNext: true }")
    play(page, "c3")
    page.wait_for_function("document.body.dataset.aiRestarts === '1'", timeout=AI_TIMEOUT_MS)
    wait_white_to_move(page)
    assert len(page.locator("#moves .ply").all()) == 2
    assert app_page.dataset("ai") == "ready"
    assert len(page.workers) == 1  # the fresh one: the old one was ended
    assert [e for e in app_page.errors if "asked the worker to fail" not in e] == []


def test_a_dead_worker_is_restarted_and_the_move_arrives(app_page: AppPage) -> None:
    page = app_page.page
    page.goto(app_page.base_url + "index.html#ai=1")
    app_page.wait_ready()
    page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=AI_TIMEOUT_MS)
    page.evaluate(
        """() => {
            window.mixtourDebug = { aiTimeoutMs: 5000 };
            window.mixtourWorker.kill();
        }"""
    )
    play(page, "c3")
    page.wait_for_function("document.body.dataset.aiRestarts === '1'", timeout=AI_TIMEOUT_MS)
    assert "Restarting" in (page.text_content("#message") or "")
    wait_white_to_move(page)
    assert len(page.locator("#moves .ply").all()) == 2
    assert app_page.errors == []


def test_the_first_saved_move_asks_the_browser_to_keep_the_storage(app_page: AppPage) -> None:
    page = app_page.page
    # No game saved yet: nothing asked.
    assert app_page.dataset("persist") is None
    play(page, "c3")
    # Chromium offers navigator.storage.persist() and answers at once, yes or no.
    page.wait_for_function("['granted', 'refused'].includes(document.body.dataset.persist)")
    expect(page.locator("#games-dialog .games-intro").nth(1)).to_contain_text("Safari")
    assert app_page.errors == []
