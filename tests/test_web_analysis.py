"""The analysis board (analysis.html) in the browser, by clicks.

Opened from a game, the engine's depth rises and a best line appears; moves
for both sides build the tree, a move played where another was tried makes
a side line, clicks go between them and the side line is deleted; the link
brings the tree back; a tampered link gets a message and a working board;
"play from here" starts a game at that position. Tests cap the engine's
depth through ``window.mixtourDebug.analysisMaxDepth``, so it stops soon.
"""

from __future__ import annotations

import re

import pytest
from conftest import AppPage
from playwright.sync_api import Page, expect
from webhelpers import HeldRequests, play, position

from mixtour.mixtour.game import Game
from mixtour.mixtour.link import format_link

pytestmark = pytest.mark.browser

ENGINE_TIMEOUT_MS = 120_000  # the worker boots Pyodide on a busy two-core machine


def cap(page: Page, depth: int) -> None:
    page.add_init_script(f"window.mixtourDebug = {{ analysisMaxDepth: {depth} }}")


def engine(page: Page, name: str) -> str:
    return page.locator("#engine").get_attribute(f"data-{name}") or ""


def wait_engine(page: Page, state: str) -> None:
    page.wait_for_function(
        f"document.querySelector('#engine').dataset.state === '{state}'",
        timeout=ENGINE_TIMEOUT_MS,
    )


def move(page: Page, n: int) -> str:
    return f'#an-tree button.an-move[data-n="{n}"]'


def test_from_a_game_the_engine_deepens_and_shows_its_line(web_app: AppPage) -> None:
    page = web_app.page
    cap(page, 3)
    web_app.open("index.html#" + format_link(Game(None, ["c3", "b4"])))
    link = page.locator("#open-analysis")
    expect(link).to_have_attribute("href", re.compile(r"analysis\.html#p=.*&m=c3,b4&ply=2"))
    link.click()
    web_app.wait_ready()
    expect(page.locator(move(page, 2))).to_have_attribute("aria-current", "true")
    wait_engine(page, "capped")
    assert engine(page, "depth") == "3"
    assert engine(page, "node") == "2"
    pv = (page.locator("#engine-line").get_attribute("data-pv") or "").split()
    assert len(pv) >= 1
    expect(page.locator("#engine-line")).to_contain_text(pv[0])
    expect(page.locator("#board")).to_have_attribute("data-engine-best", pv[0])
    expect(page.locator("#eval-text")).not_to_have_text("")
    expect(page.locator("#engine-info")).to_contain_text("Depth 3")
    # Resume after the cap: deeper.
    page.click("#engine-toggle")
    page.wait_for_function(
        "Number(document.querySelector('#engine').dataset.depth) >= 4", timeout=ENGINE_TIMEOUT_MS
    )
    page.click("#engine-toggle")  # pause
    wait_engine(page, "paused")
    assert web_app.errors == []


def test_moves_build_a_tree_with_a_side_line_that_can_be_deleted(web_app: AppPage) -> None:
    page = web_app.page
    cap(page, 2)
    web_app.open("analysis.html")
    wait_engine(page, "capped")
    play(page, "c3")  # White
    play(page, "b4")  # Red
    expect(page.locator("#an-tree button.an-move")).to_have_text(["c3", "b4"])
    wait_engine(page, "capped")
    assert engine(page, "node") == "2"  # the engine follows the position shown
    page.click("#an-back")
    expect(page.locator(move(page, 1))).to_have_attribute("aria-current", "true")
    after_c3 = position(page)
    play(page, "d4")  # another answer to c3: a side line
    expect(page.locator("#an-tree .an-var button.an-move")).to_have_text(["d4"])
    expect(page).to_have_url(re.compile(r"#p=.*&t=c3,b4\(d4\)&k=3&at=[^&]+$"))
    # Click between the lines.
    page.click(move(page, 2))
    expect(page.locator(move(page, 2))).to_have_attribute("aria-current", "true")
    page.click(move(page, 3))
    expect(page.locator(move(page, 3))).to_have_attribute("aria-current", "true")
    # The keys: back to c3, forward along the main line (b4).
    page.locator(move(page, 3)).focus()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#board")).to_have_attribute("data-position", after_c3)
    page.keyboard.press("ArrowRight")
    expect(page.locator(move(page, 2))).to_have_attribute("aria-current", "true")
    # Delete the side line.
    page.click(move(page, 3))
    page.click("#an-delete")
    expect(page.locator("#an-tree .an-var")).to_have_count(0)
    expect(page.locator("#an-tree button.an-move")).to_have_text(["c3", "b4"])
    expect(page.locator("#board")).to_have_attribute("data-position", after_c3)
    expect(page).to_have_url(re.compile(r"&t=c3,b4&k=1&at=[^&]+$"))
    assert web_app.errors == []


def test_the_link_restores_the_tree_and_play_from_here_starts_a_game(web_app: AppPage) -> None:
    page = web_app.page
    cap(page, 2)
    web_app.open("analysis.html#t=c3,b4(d4,e5)(a1),b4-c3&k=4")
    expect(page.locator("#an-tree button.an-move")).to_have_text(
        ["c3", "b4", "d4", "e5", "a1", "b4-c3"]
    )
    expect(page.locator(move(page, 4))).to_have_attribute("aria-current", "true")
    shown = Game(None, ["c3", "d4", "e5"]).fen()
    expect(page.locator("#board")).to_have_attribute("data-position", shown)
    expect(page.locator("#an-problems")).to_be_hidden()
    # The page's own link, opened afresh, gives the same tree at the same move.
    href = page.locator("#an-link").get_attribute("href") or ""
    web_app.open(href.removeprefix("./"))
    expect(page.locator("#an-tree button.an-move")).to_have_count(6)
    expect(page.locator("#board")).to_have_attribute("data-position", shown)
    # Make the side line the main line.
    page.click("#an-promote")
    expect(page.locator("#an-tree .an-main > .an-run button.an-move").first).to_have_text("c3")
    expect(page).to_have_url(re.compile(r"&t=c3,d4\(b4,b4-c3\)\(a1\),e5&k=6&at=[^&]+$"))
    # Play from here against the computer: a game at this position, Red to move.
    page.select_option("#play-level", "2")
    page.click("#play-computer")
    web_app.wait_ready()
    expect(page.locator("#board")).to_have_attribute("data-position", shown)
    expect(page.locator("#moves")).to_have_attribute("data-count", "3")
    expect(page.locator("#board")).to_have_attribute("data-seats", re.compile(r"w:2|r:2"))
    assert web_app.errors == []


def test_a_tampered_link_says_so_and_the_board_works(web_app: AppPage) -> None:
    page = web_app.page
    cap(page, 2)
    web_app.open("analysis.html#t=c3,b4(c3,e5),b4-c3&k=5")
    expect(page.locator("#an-problems")).to_be_visible()
    expect(page.locator("#an-problem-list li")).to_have_text(
        [
            "The link's variations stop at move 3 (c3): it cannot be played there.",
            "The link names no move 5; the start is shown.",
        ]
    )
    assert web_app.dataset("link") == "bad"
    expect(page.locator("#an-tree button.an-move")).to_have_text(["c3", "b4"])
    # The board plays on from the start shown.
    play(page, "e5")
    expect(page.locator("#an-tree .an-var button.an-move")).to_have_text(["e5"])
    wait_engine(page, "capped")
    assert web_app.errors == []


def test_a_finished_game_offers_the_analysis_and_the_board_flips(web_app: AppPage) -> None:
    page = web_app.page
    cap(page, 1)
    won = ["d4", "b2", "c2", "e5", "e4", "d4-e5", "b2-c2", "e5:2-e4", "e4:3-c2"]
    web_app.open("index.html#" + format_link(Game(None, won)))
    expect(page.locator("#result")).to_be_visible()
    page.click("#result-analyse")
    web_app.wait_ready()
    expect(page.locator(move(page, 9))).to_have_attribute("aria-current", "true")
    wait_engine(page, "done")  # the game is over there: nothing to search
    expect(page.locator("#eval-text")).to_have_text("White has won")
    expect(page.locator("#engine-note")).to_have_text("The game is over in this position.")
    page.click("#an-flip")
    expect(page.locator("#an-flip")).to_have_attribute("aria-pressed", "true")
    expect(page).to_have_url(re.compile(r"&k=9&flip=1&at=[^&]+$"))
    assert '"flipped":true' in (page.locator("#board").get_attribute("data-geometry") or "")
    assert web_app.errors == []


def test_three_players_try_moves_but_the_engine_says_it_is_for_two(web_app: AppPage) -> None:
    page = web_app.page
    web_app.open("analysis.html#p=5/5/5/5/5_w_17/17/17_0/0/0_1_-")
    expect(page.locator("#engine")).to_have_attribute("data-state", "off")
    expect(page.locator("#engine-note")).to_contain_text("two-player games only")
    play(page, "c3")
    play(page, "b4")
    play(page, "a1")
    expect(page.locator("#an-tree button.an-move")).to_have_text(["c3", "b4", "a1"])
    expect(page.locator(move(page, 3))).to_have_attribute("data-color", "b")
    assert web_app.errors == []


def test_play_two_players_hands_every_seat_to_a_person(web_app: AppPage) -> None:
    page = web_app.page
    cap(page, 1)
    web_app.open("index.html#ai=r3")  # the computer plays Red here first
    expect(page.locator("#board")).to_have_attribute("data-seats", re.compile(r"r:3"))
    web_app.open("analysis.html#t=c3,b4&k=2")
    page.click("#play-people")
    web_app.wait_ready()
    expect(page.locator("#moves")).to_have_attribute("data-count", "2")
    expect(page.locator("#board")).to_have_attribute("data-seats", re.compile(r"^w:0 r:0"))
    assert web_app.errors == []


def test_the_review_opens_the_analysis_at_the_move_it_shows(web_app: AppPage) -> None:
    page = web_app.page
    cap(page, 1)
    won = ["d4", "b2", "c2", "e5", "e4", "d4-e5", "b2-c2", "e5:2-e4", "e4:3-c2"]
    web_app.open("index.html#" + format_link(Game(None, won)))
    page.click('#moves button.ply[data-ply="4"]')
    # One link to the analysis board (the review panel had a second, the same).
    link = page.get_by_role("link", name="Open this position on the analysis board")
    expect(link).to_have_count(1)
    expect(link).to_have_attribute("href", re.compile(r"&ply=4&at=[^&]+$"))
    link.click()
    web_app.wait_ready()
    expect(page.locator("#an-tree button.an-move")).to_have_count(9)
    expect(page.locator(move(page, 4))).to_have_attribute("aria-current", "true")
    expect(page.locator("#board")).to_have_attribute("data-position", Game(None, won[:4]).fen())
    assert web_app.errors == []


def test_a_failed_worker_is_reported_and_resume_starts_a_fresh_one(web_app: AppPage) -> None:
    page = web_app.page
    cap(page, 2)
    web_app.open("analysis.html#t=c3&k=1")
    wait_engine(page, "capped")
    page.evaluate("window.mixtourDebug.crashNext = true")
    play(page, "b4")
    wait_engine(page, "error")
    expect(page.locator("#engine-note")).to_contain_text("The engine stopped:")
    expect(page.locator("#engine-note")).to_contain_text("the page asked the worker to fail")
    expect(page.locator("#engine-toggle")).to_have_text("Resume")
    # The board still plays, and Resume brings the engine back.
    page.click("#engine-toggle")
    wait_engine(page, "capped")
    assert engine(page, "node") == "2" and engine(page, "depth") == "2"
    expect(page.locator("body")).to_have_attribute("data-ai-workers", "2")  # a fresh one
    assert web_app.errors == []


def test_the_editor_opens_its_position_on_the_analysis_board(web_app: AppPage) -> None:
    page = web_app.page
    cap(page, 1)
    fen = "5/1,w,rw,2/2,r,2/5/5 w 18/18 0/0 1 -"
    web_app.open("editor.html#p=" + fen.replace(" ", "_"))
    page.click("#open-analysis")
    page.wait_for_url(re.compile(r"analysis\.html#"))
    web_app.wait_ready()
    expect(page.locator("#board")).to_have_attribute("data-position", fen)
    expect(page.locator("#an-tree button.an-move")).to_have_count(0)
    wait_engine(page, "capped")
    assert web_app.errors == []


def test_a_worker_that_does_not_answer_counts_as_stuck(web_app: AppPage) -> None:
    page = web_app.page
    # Depth 12 from the start takes seconds a depth; an answer is awaited 300 ms.
    page.add_init_script("window.mixtourDebug = { analysisMaxDepth: 12, analysisTimeoutMs: 300 }")
    web_app.open("analysis.html")
    wait_engine(page, "error")
    expect(page.locator("#engine-note")).to_have_text(
        "The engine stopped: it does not answer. Resume to try again."
    )
    # Resume: a fresh worker, which answers one depth more than was shown.
    deeper = int(engine(page, "depth") or 0) + 1
    page.evaluate(f"window.mixtourDebug = {{ analysisMaxDepth: {deeper} }}")
    page.click("#engine-toggle")
    wait_engine(page, "capped")
    assert engine(page, "depth") == str(deeper)
    expect(page.locator("body")).to_have_attribute("data-ai-workers", "2")  # a fresh one
    assert web_app.errors == []


def test_up_and_down_go_between_the_moves_tried_at_one_place(web_app: AppPage) -> None:
    page = web_app.page
    cap(page, 1)
    web_app.open("analysis.html#t=c3,b4(d4)(a1),b4-c3&k=2")
    page.locator(move(page, 2)).focus()
    page.keyboard.press("ArrowDown")
    expect(page.locator(move(page, 3))).to_have_attribute("aria-current", "true")
    page.keyboard.press("ArrowDown")
    expect(page.locator(move(page, 4))).to_have_attribute("aria-current", "true")
    expect(page.locator("#board")).to_have_attribute(
        "data-position", Game(None, ["c3", "a1"]).fen()
    )
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    expect(page.locator(move(page, 2))).to_have_attribute("aria-current", "true")
    assert web_app.errors == []


def test_the_engine_rests_while_the_page_is_out_of_sight(web_app: AppPage) -> None:
    page = web_app.page
    cap(page, 30)  # deep enough to be still running when the page is hidden
    web_app.open("analysis.html#t=c3,b4&k=2")
    wait_engine(page, "running")
    page.evaluate(
        """(hidden) => {
            Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
            document.dispatchEvent(new Event("visibilitychange"));
        }""",
        True,
    )
    wait_engine(page, "paused")
    page.evaluate(
        """(hidden) => {
            Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
            document.dispatchEvent(new Event("visibilitychange"));
        }""",
        False,
    )
    wait_engine(page, "running")
    page.click("#engine-toggle")  # the player pauses: it stays paused
    wait_engine(page, "paused")
    assert web_app.errors == []


def test_a_start_with_red_to_move_is_numbered_from_reds_move(web_app: AppPage) -> None:
    page = web_app.page
    cap(page, 2)
    # White has entered c3; the start shown is Red's turn (as the editor makes it).
    start = Game(None, ["c3"]).position.fen()
    web_app.open("analysis.html#p=" + start.replace(" ", "_"))
    wait_engine(page, "capped")
    play(page, "b4")  # Red
    play(page, "d2")  # White: the second round begins
    play(page, "a1")  # Red
    labels = page.locator("#an-tree .an-num").all_inner_texts()
    assert labels == ["1…", "2."], labels
    wait_engine(page, "capped")
    line = page.locator("#engine-line").inner_text()
    assert re.search(r"(^|\s)3\. ", line), line  # White's action that begins round 3
    assert web_app.errors == []


@pytest.mark.parametrize("path", ["index.html", "puzzles.html"])
def test_the_footer_leads_to_the_analysis_board(web_app: AppPage, path: str) -> None:
    page = web_app.page
    web_app.open(path)
    page.locator(".site-footer").get_by_role("link", name="Analysis board").click()
    web_app.wait_ready()
    expect(page).to_have_url(re.compile(r"/analysis\.html"))
    expect(page.locator("#board")).to_have_attribute("data-position", Game().position.fen())
    assert web_app.errors == []


def test_before_python_the_board_shows_the_position_of_the_link(web_app: AppPage) -> None:
    """A link carries the position shown (at=): the board is drawn from it while
    Python loads; a link without it, shown past its start, waits for Python."""
    page = web_app.page
    python = HeldRequests(page, "**/py/app.zip")
    game = Game(None, ["c3", "b4", "b4-c3"])
    shown = game.fen().replace(" ", "_")
    board = page.locator("#board")

    web_app.open(f"analysis.html#t=c3,b4,b4-c3&k=3&at={shown}", wait_ready=False)
    page.wait_for_function('document.body.dataset.painted === "1"')
    expect(page.locator("#an-turn")).to_have_text(re.compile("Red"))
    drawn = board.screenshot()
    assert web_app.dataset("ready") is None  # Python's files are held back

    python.forget()  # (the page they were for is left)
    page.goto("about:blank")  # a new page, not a new fragment of this one
    web_app.open("analysis.html#t=c3,b4,b4-c3&k=3", wait_ready=False)
    page.wait_for_function('document.body.dataset.painted === "1"')
    assert web_app.dataset("ready") is None  # Python's files are held back
    assert board.screenshot() != drawn, "no position drawn from a link without at="
    expect(page.locator("#an-turn")).to_have_text("")

    # Python, once there, shows the same position, and writes at= into the address.
    python.release()
    web_app.wait_ready()
    assert position(page) == game.fen()
    page.wait_for_function("(at) => location.hash.endsWith(at)", arg="&at=" + shown)
