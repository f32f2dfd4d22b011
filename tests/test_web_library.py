"""The game library: no game is ever lost, whatever links, buttons and tabs do.

Each scenario below lost a game with the one-slot save that came before the
library (a second link, "Resume" after playing on a link, two tabs), or broke
the page for good (a deeply nested saved game).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import AppPage
from playwright.sync_api import Page, expect
from webhelpers import board_stacks, click_square, message, move_list, play, position

import build

PREFIX = "mixtour.library."


def library(page: Page) -> list[dict[str, Any]]:
    """Every game stored by the page, newest first."""
    raw = page.evaluate(
        """(prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix))
            .map((k) => localStorage.getItem(k))""",
        PREFIX,
    )
    games = [json.loads(text) for text in raw]
    return sorted(games, key=lambda g: -g["updated"])


def played(game: dict[str, Any]) -> list[str]:
    """The actions of a stored game up to its ply."""
    return list(game["game"]["actions"][: game["game"]["ply"]])


def kept_games(page: Page) -> list[list[str]]:
    return sorted(played(g) for g in library(page))


def open_list(page: Page) -> None:
    page.click("#open-games")
    expect(page.locator("#games-dialog")).to_be_visible()


def open_from_list(page: Page, game_id: str) -> None:
    open_list(page)
    page.click(f"#games-list li[data-id='{game_id}'] .game-open")
    expect(page.locator("#games-dialog")).to_be_hidden()


def notice(page: Page) -> str:
    return page.locator("#library-notice").text_content() or ""


def goto(app_page: AppPage, path: str) -> None:
    """A fresh load of the page (a new document, as when a link is opened)."""
    app_page.page.goto(app_page.base_url + path)
    app_page.wait_ready()


def test_a_second_link_keeps_the_game_played_on_the_first(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    play(page, "b4")  # game A
    goto(app_page, "index.html?first#m=a1,e5")  # link L1: A is set aside
    play(page, "d2")
    play(page, "d4")  # game B, played on from the first link
    goto(app_page, "index.html?second#m=e1")  # link L2
    assert move_list(page) == "1. e1"
    # Every game opened is kept: A, B and the second link's.
    assert kept_games(page) == [["a1", "e5", "d2", "d4"], ["c3", "b4"], ["e1"]]
    open_list(page)
    expect(page.locator("#games-list li")).to_have_count(3)
    page.keyboard.press("Escape")
    game_b = next(g for g in library(page) if played(g)[0] == "a1")
    open_from_list(page, game_b["id"])
    assert move_list(page) == "1. a1 e5 2. d2 d4"
    assert app_page.errors == []


def test_back_to_your_game_keeps_the_game_played_on_the_link(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    play(page, "b4")
    goto(app_page, "index.html?shared#m=a1")
    assert app_page.dataset("save") == "linked"
    play(page, "e5")  # a move on the link's game
    page.click("#resume-saved")
    assert move_list(page) == "1. c3 b4"
    assert kept_games(page) == [["a1", "e5"], ["c3", "b4"]]
    linked = next(g for g in library(page) if played(g)[0] == "a1")
    open_from_list(page, linked["id"])
    assert move_list(page) == "1. a1 e5"
    assert app_page.errors == []


def test_two_tabs_never_lose_each_others_moves(app_page: AppPage) -> None:
    tab1 = app_page.page
    tab2 = tab1.context.new_page()
    tab2.goto(app_page.base_url + "index.html")
    tab2.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    AppPage(tab2, app_page.base_url).two_players_here()
    play(tab1, "c3")
    play(tab1, "b4")
    play(tab2, "a1")  # another game, started in the other tab
    tab3 = tab1.context.new_page()
    tab3.goto(app_page.base_url + "index.html")
    tab3.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    assert move_list(tab3) == "1. a1"  # the latest game
    assert kept_games(tab3) == [["a1"], ["c3", "b4"]]
    # Two tabs on one game: a move in one is followed by the other, and said.
    play(tab3, "e5")
    tab2.wait_for_function("document.body.dataset.save === 'followed'")
    assert move_list(tab2) == "1. a1 e5"
    assert "another tab" in notice(tab2)
    play(tab2, "e1")
    tab3.wait_for_function("document.querySelector('#moves').dataset.count === '3'")
    assert move_list(tab3) == "1. a1 e5 2. e1"
    assert kept_games(tab1) == [["a1", "e5", "e1"], ["c3", "b4"]]
    tab2.close()
    tab3.close()
    assert app_page.errors == []


def test_a_tab_that_missed_a_change_elsewhere_keeps_both_games(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    game_id = app_page.dataset("gameId")
    # Another tab's write whose storage event has not arrived yet.
    page.evaluate(
        """([key]) => {
            const entry = JSON.parse(localStorage.getItem(key));
            entry.rev += 1;
            entry.game.actions = ['c3', 'a1'];
            entry.game.ply = 2;
            localStorage.setItem(key, JSON.stringify(entry));
        }""",
        [PREFIX + str(game_id)],
    )
    play(page, "b4")
    assert app_page.dataset("save") == "forked"
    assert "another tab" in notice(page)
    assert app_page.dataset("gameId") != game_id
    assert kept_games(page) == [["c3", "a1"], ["c3", "b4"]]
    assert app_page.errors == []


def test_a_deeply_nested_saved_game_is_set_aside_and_the_page_starts(web_app: AppPage) -> None:
    page = web_app.page
    web_app.open("index.html")
    nested = "[" * 12_000 + "]" * 12_000
    raw = (
        '{"version": 1, "game": {"version": 1, "start": "5/5/5/5/5 w 20/20 0/0 1 -", '
        f'"actions": {nested}, "ply": 0}}}}'
    )
    page.evaluate("(raw) => localStorage.setItem('mixtour.game', raw)", raw)
    page.goto(web_app.base_url + "index.html")
    web_app.wait_ready()
    assert web_app.dataset("save") == "broken"
    assert "could not be restored" in message(page)
    broken = json.loads(page.evaluate("localStorage.getItem('mixtour.broken')"))
    assert broken[-1]["raw"] == raw
    assert page.evaluate("localStorage.getItem('mixtour.game')") is None
    web_app.two_players_here()
    play(page, "c3")  # a working page and engine
    assert kept_games(page) == [["c3"]]
    page.reload()
    web_app.wait_ready()
    assert move_list(page) == "1. c3"
    assert web_app.errors == []


def test_the_old_saved_game_and_the_one_a_link_set_aside_move_into_the_library(
    web_app: AppPage,
) -> None:
    page = web_app.page
    web_app.open("index.html")

    def old(actions: list[str], ai: int | None = None) -> str:
        game = {"version": 1, "start": "5/5/5/5/5 w 20/20 0/0 1 -", "actions": actions}
        return json.dumps(
            {"version": 1, "game": {**game, "ply": len(actions)}, "seats": {}, "ai": ai}
        )

    page.evaluate(
        """([a, b]) => {
            localStorage.clear();
            localStorage.setItem('mixtour.game', a);
            localStorage.setItem('mixtour.game.resume', b);
        }""",
        [old(["c3", "b4"]), old(["a1"])],
    )
    page.goto(web_app.base_url + "index.html")
    web_app.wait_ready()
    assert move_list(page) == "1. c3 b4"
    assert kept_games(page) == [["a1"], ["c3", "b4"]]
    assert page.evaluate("localStorage.getItem('mixtour.game.resume')") is None
    assert web_app.errors == []


def test_a_full_storage_is_said_and_the_game_goes_on(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    page.evaluate(
        """() => {
            Storage.prototype.setItem = function () {
                throw new DOMException('full', 'QuotaExceededError');
            };
        }"""
    )
    play(page, "b4")
    assert app_page.dataset("save") == "full"
    assert "storage" in notice(page)
    play(page, "d2")
    assert move_list(page) == "1. c3 b4 2. d2"
    assert app_page.errors == []


def test_finished_games_are_kept_up_to_the_bound(app_page: AppPage) -> None:
    page = app_page.page
    finished = {
        "version": 2,
        "kind": "local",
        "rev": 1,
        "game": {"version": 1, "start": "5/5/5/5/5 w 20/20 0/0 1 -", "actions": [], "ply": 0},
        "seats": {},
        "flip": False,
        "status": "w-wins",
        "turn": "w",
        "players": 2,
        "moves": 0,
    }
    page.evaluate(
        """([prefix, entry]) => {
            for (let i = 0; i < 60; i += 1) {
                const id = `old-${i}`;
                const game = {...entry, id, created: i, updated: i};
                localStorage.setItem(prefix + id, JSON.stringify(game));
            }
        }""",
        [PREFIX, finished],
    )
    play(page, "c3")  # a new game is kept: the oldest finished ones make room
    games = library(page)
    old = sorted(int(g["id"].split("-")[1]) for g in games if g["id"].startswith("old-"))
    assert old == list(range(10, 60))
    assert played(games[0]) == ["c3"]
    assert app_page.errors == []


def test_a_link_with_the_computer_wins_over_the_saved_seats_of_the_same_game(
    app_page: AppPage,
) -> None:
    page = app_page.page
    play(page, "c3")  # a game between people, kept
    assert app_page.dataset("gameId")
    fragment = page.evaluate("location.hash.slice(1)")
    goto(app_page, f"index.html?again#{fragment}&ai=3")
    expect(page.locator("#board")).to_have_attribute("data-seats", "w:3 r:0 b:0")
    goto(app_page, f"index.html?flipped#{fragment}&flip=1")
    expect(page.locator("#flip-board")).to_have_attribute("aria-pressed", "true")
    assert app_page.errors == []


def test_new_game_against_the_computer_puts_it_in_the_link(app_page: AppPage) -> None:
    page = app_page.page
    page.click("#new-game")
    page.select_option("#seat-r", "2")
    page.click("#start-game")
    play(page, "c3")
    page.wait_for_function("document.querySelector('#moves').dataset.count === '2'", timeout=90_000)
    assert page.evaluate("location.hash").endswith("&ai=r2")
    # The link alone (another browser) gives the same opponent.
    fresh = page.context.browser.new_context()  # type: ignore[union-attr]
    other = fresh.new_page()
    other.goto(page.url)
    other.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    expect(other.locator("#board")).to_have_attribute("data-seats", "w:0 r:2 b:0")
    fresh.close()
    assert app_page.errors == []


# White builds a five-high tower topped by White and wins (R6, R8): nine actions.
WON = ["d4", "c4", "d4-c4", "d4", "c4:2-d4", "c4", "d4:3-c4", "d4", "c4:4-d4"]


def test_looking_back_at_a_finished_game_never_changes_it(app_page: AppPage) -> None:
    """A finished game against the computer, looked back at from its move list:
    nothing pauses or plays on; a move, or playing on from the computer's turn,
    asks first and becomes a new game, and the finished one stays as it ended."""
    page = app_page.page
    goto(app_page, "index.html#m=" + ",".join(WON) + "&ai=r1")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-status", "w-wins")
    page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=60_000)
    page.wait_for_function("document.body.dataset.gameId")
    finished_id = app_page.dataset("gameId")

    # Move 5 is White's c4:2-d4: Red, the computer, is to move there.
    page.click("#moves button.ply[data-ply='5']")
    expect(board).to_have_attribute("data-status", "playing")
    expect(page.locator("#thinking")).to_contain_text("finished game")
    expect(page.locator("#thinking")).not_to_contain_text("Paused")
    expect(page.locator("#pause")).to_be_hidden()
    expect(page.locator("#branch")).to_be_visible()
    # The computer did not play on: nothing was asked of it, the list is whole.
    assert page.evaluate("document.body.dataset.aiSearches ?? '0'") == "0"
    assert page.locator("#moves button.ply").count() == len(WON)
    assert [played(g) for g in library(page)] == [WON]

    # Move 4 is Red's d4: White, the player, is to move; a move asks first.
    page.click("#moves button.ply[data-ply='4']")
    before = position(page)
    play_at = "a1"
    click_square(page, play_at)
    dialog = page.locator("#discard-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("stays in Your games as it ended")
    page.click("#discard-dialog button[value='keep']")
    expect(dialog).to_be_hidden()
    assert position(page) == before
    assert [played(g) for g in library(page)] == [WON]

    # Back on move 5, "Play on from here" asks, then the computer plays a new game.
    page.click("#moves button.ply[data-ply='5']")
    page.click("#branch")
    expect(dialog).to_be_visible()
    page.click("#discard-play")
    page.wait_for_function("document.querySelectorAll('#moves button.ply').length === 6")
    expect(board).to_have_attribute("data-status", "playing")
    page.wait_for_function("document.body.dataset.gameId")
    assert app_page.dataset("gameId") != finished_id
    games = {g["id"]: g for g in library(page)}
    assert len(games) == 2
    kept = games[str(finished_id)]
    assert played(kept) == WON and kept["status"] == "w-wins"
    (new,) = [g for g in games.values() if g["id"] != finished_id]
    assert played(new)[:5] == WON[:5] and len(played(new)) == 6
    assert app_page.errors == []


def test_the_201st_game_says_which_unfinished_game_went_and_offers_it(
    app_page: AppPage,
) -> None:
    """Your games holds 200: with 200 unfinished games kept, a new one takes out
    the oldest, and the page says so (it once did it silently) and offers the
    games that went as links that open them again."""
    page = app_page.page
    unfinished = {
        "version": 2,
        "kind": "local",
        "rev": 1,
        "game": {"version": 1, "start": "5/5/5/5/5 w 20/20 0/0 1 -", "actions": ["e5"], "ply": 1},
        "seats": {},
        "flip": False,
        "status": "playing",
        "turn": "r",
        "players": 2,
        "moves": 1,
    }
    page.evaluate(
        """([prefix, entry]) => {
            for (let i = 0; i < 200; i += 1) {
                const id = `open-${i}`;
                const game = {...entry, id, created: i + 1, updated: i + 1};
                localStorage.setItem(prefix + id, JSON.stringify(game));
            }
        }""",
        [PREFIX, unfinished],
    )
    play(page, "c3")
    ids = {g["id"] for g in library(page)}
    assert len(ids) == 200 and "open-0" not in ids and "open-1" in ids
    assert app_page.dataset("dropped") == "1"
    expect(page.locator("#library-notice")).to_contain_text("oldest unfinished game was taken out")
    with page.expect_download() as waited:
        page.click("#library-notice a.library-dropped")
    download = waited.value
    assert download.suggested_filename == "mixtour-games.txt"
    text = Path(download.path()).read_text(encoding="utf-8")
    assert text.strip().endswith("index.html#p=5/5/5/5/5_w_20/20_0/0_1_-&m=e5&ply=1")
    assert app_page.errors == []


# Types `action` in the command box and submits it at the instant `at` (ms since
# the epoch, one clock for every tab of the machine).
AT_INSTANT = """([action, at]) => {
  document.querySelector('#command').value = action;
  setTimeout(() => document.querySelector('#command-form').requestSubmit(), at - Date.now());
}"""


def test_two_tabs_moving_at_the_same_instant_keep_both_moves(app_page: AppPage) -> None:
    """Both tabs on one game enter a disc at the same instant, eight rounds: both
    moves are kept every time (one in the game, the other as a new game, said
    in the tab whose save was overwritten), where the same revision written
    twice once lost one of them in every round."""
    tab1 = app_page.page
    play(tab1, "c3")
    tab2 = tab1.context.new_page()
    tab2.goto(app_page.base_url + "index.html")
    tab2.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    assert move_list(tab2) == "1. c3"  # the latest game: the same one
    line = ["c3"]
    free = [f"{f}{r}" for r in "12345" for f in "abcde" if f"{f}{r}" != "c3"]
    for round_ in range(8):
        x, y = free[2 * round_], free[2 * round_ + 1]
        # The instant lies far enough ahead for both tabs to be told of it even
        # on a busy machine (each call to a page takes a few milliseconds).
        at = tab1.evaluate("Date.now()") + 1500
        tab1.evaluate(AT_INSTANT, [x, at])
        tab2.evaluate(AT_INSTANT, [y, at])
        for tab in (tab1, tab2):
            tab.wait_for_function(
                "(n) => document.querySelector('#moves').dataset.count === String(n)",
                arg=len(line) + 1,
            )
        # Both lines are kept, whoever's save came last.
        tab1.wait_for_function(
            """([prefix, a, b]) => {
                const lines = Object.keys(localStorage).filter((k) => k.startsWith(prefix))
                    .map((k) => JSON.parse(localStorage.getItem(k)).game.actions.join(","));
                return lines.includes(a) && lines.includes(b);
            }""",
            arg=[PREFIX, ",".join([*line, x]), ",".join([*line, y])],
            timeout=10_000,
        )
        ids = [str(tab.evaluate("document.body.dataset.gameId")) for tab in (tab1, tab2)]
        assert ids[0] != ids[1], round_
        forked = [
            tab for tab in (tab1, tab2) if tab.evaluate("document.body.dataset.save") == "forked"
        ]
        assert len(forked) == 1, round_
        assert "another tab" in notice(forked[0])
        stayed = tab2 if forked[0] is tab1 else tab1
        kept = next(
            g
            for g in library(tab1)
            if g["id"] == str(stayed.evaluate("document.body.dataset.gameId"))
        )
        line = played(kept)
        # The tab that forked goes back to the game, for the next round.
        open_from_list(forked[0], kept["id"])
        forked[0].evaluate("delete document.body.dataset.save")
        assert move_list(forked[0]) == move_list(stayed)
    tab2.close()
    assert app_page.errors == []


def moves_shown(page: Page) -> int:
    return int(page.evaluate("document.querySelector('#moves').dataset.count ?? '0'"))


def wait_moves(page: Page, count: int, timeout_ms: float = 60_000) -> None:
    page.wait_for_function(
        "(n) => Number(document.querySelector('#moves').dataset.count) === n",
        arg=count,
        timeout=timeout_ms,
    )


def searches(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.aiSearches ?? '0'"))


def enter_somewhere(page: Page) -> None:
    """The player enters a disc on an empty square, by a click."""
    taken = board_stacks(page)
    square = next(f"{f}{r}" for r in "32415" for f in "cbdae" if f"{f}{r}" not in taken)
    play(page, square)


def test_one_tab_plays_the_computer_of_a_game_open_in_two(web_app: AppPage) -> None:
    """A game against the computer open in two tabs: only the tab where the
    player moved searches the answer, the other shows it when it is saved and
    says where the computer plays; if that tab closes while the computer is to
    move, the other plays on. (Both tabs searched before, and a background
    tab's different answer once made a game nobody played.)"""
    tab1 = web_app.page
    web_app.open("index.html#ai=r1")
    enter_somewhere(tab1)
    wait_moves(tab1, 2)
    tab2 = tab1.context.new_page()
    tab2.goto(web_app.base_url + "index.html")
    tab2.wait_for_function(build.READY_SCRIPT, timeout=60_000)
    expect(tab2.locator("#start")).to_be_hidden()  # the kept game, not the first screen
    assert move_list(tab2) == move_list(tab1)
    # The computer's answer waits in the tab that searched it: the other tab
    # meanwhile shows the player's move and says where the computer plays.
    tab1.evaluate("window.mixtourDebug = { replyDelayMs: 1500 }")
    enter_somewhere(tab1)
    wait_moves(tab2, 3)
    expect(tab2.locator("#thinking")).to_contain_text("another tab")
    wait_moves(tab2, 4)
    assert move_list(tab2) == move_list(tab1)
    assert searches(tab2) == 0
    # The player moves in the other tab: its computer answers there.
    before = searches(tab1)
    enter_somewhere(tab2)
    wait_moves(tab2, 6)
    wait_moves(tab1, 6)
    assert searches(tab2) >= 1
    assert searches(tab1) == before
    # The tab whose computer is to answer closes before it does: the other plays on.
    tab2.evaluate("window.mixtourDebug = { replyDelayMs: 600000 }")
    enter_somewhere(tab2)
    wait_moves(tab1, 7)
    expect(tab1.locator("#thinking")).to_contain_text("another tab")
    tab2.close()
    wait_moves(tab1, 8)
    assert searches(tab1) == before + 1
    kept = [g for g in library(tab1) if g["seats"]["r"]]
    assert [len(played(g)) for g in kept] == [8]  # one game, no fork
    assert web_app.errors == []
