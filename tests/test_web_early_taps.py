"""A tap before the game is ready is not lost (web/js/early-taps.js), on
Mixtour's page and on Tor's, clicked and read in Chromium as a person would.

Each test holds the page's Python back (``open_before_ready``): the board
is drawn but the page is not ready, as in a phone's first seconds. A tap
then is marked on the board and the line says it will be played; once
Python is let through, it is played through the page's ordinary path, or
the page says why not. It is never played on another position than the one
tapped, and never dropped without a word.
"""

from __future__ import annotations

import json

import pytest
from conftest import AppPage
from playwright.sync_api import Page, expect
from test_web_board import pixel
from test_web_tor_board import centre
from webhelpers import HeldRequests, keep_messages, open_before_ready, point, said, wait_position

from mixtour.mixtour.game import Game
from mixtour.tor.game import Game as TorGame
from mixtour.tor.link import format_link

AI_TIMEOUT_MS = 180_000  # the worker boots Pyodide on a busy two-core machine
KEPT = {
    "en": "Your move is played as soon as the game is loaded.",
    "fr": "Votre coup sera joué dès que le jeu sera chargé.",
    "de": "Dein Zug wird gespielt, sobald das Spiel geladen ist.",
}
OPENING = ["c3", "d5", "b6", "e2"]  # Tor: the four pawns placed
REFUSED_D5 = "d5 is not possible: you have no pawn on d5"  # Tor's words for a click on d5 then


def board(page: Page, name: str) -> str | None:
    return page.locator("#board").get_attribute(f"data-{name}")


def wait_turn_back(page: Page, after: str, timeout_ms: float = AI_TIMEOUT_MS) -> str:
    """Wait for the computer's answer to the position ``after``: the turn is White's again."""
    page.wait_for_function(
        """(after) => {
            const shown = document.querySelector('#board').dataset.position;
            return shown !== after && shown.split(' ')[1] === 'w';
        }""",
        arg=after,
        timeout=timeout_ms,
    )
    return board(page, "position") or ""


# -- Mixtour ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_newcomers_tap_is_played_against_the_computer_once_ready(
    web_app: AppPage, lang: str
) -> None:
    page = web_app.page
    python = open_before_ready(page, f"{web_app.base_url}index.html?lang={lang}")
    expect(page.locator("#loading")).to_be_visible()
    page.mouse.click(*point(page, "c3"))
    # Shown at once: the square marked, and the line says what will happen;
    # the loading pill, over c3, steps aside.
    expect(page.locator("#board")).to_have_attribute("data-kept", "c3")
    expect(page.locator("#message")).to_have_text(KEPT[lang])
    expect(page.locator("#loading")).to_be_hidden()
    assert web_app.dataset("ready") is None

    python.release()
    web_app.wait_ready()
    # The first screen's first choice (the computer) started, and the tap played in it.
    played = Game()
    played.play("c3")
    assert web_app.dataset("start") == "computer"
    expect(page.locator("#start")).to_be_hidden()
    assert board(page, "kept") is None
    assert web_app.dataset("early") == "replay"
    answered = wait_turn_back(page, played.fen())
    assert "w" in answered.split()[0]  # White's disc is on the board
    assert answered.split()[2] == "19/19"  # and Red has answered with one of its own
    assert web_app.errors == []


def test_a_key_before_ready_plays_for_a_player_who_chose_two_here(web_app: AppPage) -> None:
    page = web_app.page
    web_app.open()
    page.evaluate(
        """() => {
            localStorage.clear();
            sessionStorage.clear();
            localStorage.setItem('mixtour.prefs', JSON.stringify({'start.choice': 'friends'}));
        }"""
    )
    python = open_before_ready(page, web_app.base_url + "index.html")
    page.locator("#board").focus()
    page.keyboard.press("ArrowRight")  # the cursor from c3 to d3
    page.keyboard.press("Enter")
    expect(page.locator("#board")).to_have_attribute("data-kept", "d3")
    expect(page.locator("#message")).to_have_text(KEPT["en"])

    python.release()
    web_app.wait_ready()
    assert web_app.dataset("start") == "friends"
    played = Game()
    played.play("d3")
    wait_position(page, played.fen())
    expect(page.locator("#message")).to_have_text("White played d3")
    assert web_app.dataset("ai") is None or page.locator("#board[data-thinking]").count() == 0
    assert web_app.errors == []


def save_one_disc(web_app: AppPage) -> Game:
    """A game between two here with White's disc on c3, kept in Your games."""
    page = web_app.page
    web_app.open()
    web_app.two_players_here()
    page.mouse.click(*point(page, "c3"))
    saved = Game()
    saved.play("c3")
    wait_position(page, saved.fen())
    return saved


def test_a_saved_game_is_drawn_before_python_and_a_tap_on_it_is_played(
    web_app: AppPage,
) -> None:
    page = web_app.page
    saved = save_one_disc(web_app)

    python = open_before_ready(page, web_app.base_url + "index.html")
    # The game that comes back is drawn as it was left: a disc on c3 (and the
    # last move marked), where e5, a square of the same colour, is empty.
    assert pixel(page, *point(page, "c3", 0)) != pixel(page, *point(page, "e5", 0))
    page.mouse.click(*point(page, "d4"))
    expect(page.locator("#board")).to_have_attribute("data-kept", "d4")
    expect(page.locator("#message")).to_have_text(KEPT["en"])
    assert web_app.dataset("ready") is None

    python.release()
    web_app.wait_ready()
    assert web_app.dataset("save") == "restored"
    assert web_app.dataset("early") == "replay"
    saved.play("d4")
    wait_position(page, saved.fen())
    assert board(page, "kept") is None
    assert web_app.errors == []


def test_a_tap_before_an_older_pages_save_comes_back_is_not_kept_and_says_so(
    web_app: AppPage,
) -> None:
    page = web_app.page
    saved = save_one_disc(web_app)
    # Saves of older pages do not say what the board showed.
    page.evaluate(
        """() => {
            for (const key of Object.keys(localStorage)) {
                if (!key.startsWith('mixtour.library.')) continue;
                const entry = JSON.parse(localStorage.getItem(key));
                delete entry.shown;
                localStorage.setItem(key, JSON.stringify(entry));
            }
        }"""
    )

    python = open_before_ready(page, web_app.base_url + "index.html")
    # The board drawn meanwhile is empty, but the game coming back is not: no tap is kept on it.
    page.mouse.click(*point(page, "d4"))
    expect(page.locator("#message")).to_have_text(
        "Your game is still loading: play your move once it shows."
    )
    assert board(page, "kept") is None

    python.release()
    web_app.wait_ready()
    assert web_app.dataset("save") == "restored"
    assert board(page, "position") == saved.fen()
    assert web_app.dataset("early") is None
    assert web_app.errors == []


# -- Tor ------------------------------------------------------------------------------


def test_a_newcomers_tap_on_tor_places_a_pawn_and_the_computer_answers(web_app: AppPage) -> None:
    page = web_app.page
    python = open_before_ready(page, web_app.base_url + "tor.html?lang=de")
    # New game asks the engine for its start: it waits for Python, as on Mixtour's page.
    expect(page.locator("#new-game")).to_be_disabled()
    # Named as Tor's board meanwhile (it was "Mixtour's board (loading)").
    expect(page.locator("#board")).to_have_attribute("aria-label", "Tor-Spielbrett (wird geladen)")
    page.mouse.click(*centre(page, "c3"))
    expect(page.locator("#board")).to_have_attribute("data-kept", "c3")
    expect(page.locator("#message")).to_have_text(KEPT["de"])

    python.release()
    web_app.wait_ready()
    expect(page.locator("#new-game")).to_be_enabled()
    assert web_app.dataset("start") == "computer"
    expect(page.locator("#start")).to_be_hidden()
    placed = TorGame()
    placed.play("c3")
    answered = wait_turn_back(page, placed.fen())
    # Black (the computer) answered White's pawn on c3 with its own.
    game = TorGame(None, ["c3"])
    replies = [a for a in game.legal_texts() if TorGame(None, ["c3", a]).fen() == answered]
    assert replies, f"{answered} is not one placement after c3"
    assert board(page, "kept") is None
    assert web_app.errors == []


def opening_before_ready(web_app: AppPage) -> tuple[TorGame, HeldRequests]:
    """Tor's page opened on a link to the position after OPENING, its Python
    held back: the position, and the hold."""
    shown = TorGame(None, OPENING)
    link = format_link(shown, whole_game=False)
    return shown, open_before_ready(web_app.page, f"{web_app.base_url}tor.html#{link}")


def test_taps_of_a_whole_turn_on_a_linked_position_play_it(web_app: AppPage) -> None:
    page = web_app.page
    _, python = opening_before_ready(web_app)
    page.mouse.click(*centre(page, "c3"))  # the pawn
    page.mouse.click(*centre(page, "d4"))  # where it steps
    expect(page.locator("#board")).to_have_attribute("data-kept", "c3 d4")

    python.release()
    web_app.wait_ready()
    after = TorGame(None, [*OPENING, "c3-d4"])
    wait_position(page, after.fen())
    expect(page.locator("#message")).to_have_text("White played c3-d4.")
    assert web_app.errors == []


def test_a_refused_tap_before_ready_gets_the_pages_explanation(web_app: AppPage) -> None:
    page = web_app.page
    shown, python = opening_before_ready(web_app)
    page.mouse.click(*centre(page, "d5"))  # Black's pawn, on White's turn
    expect(page.locator("#board")).to_have_attribute("data-kept", "d5")

    python.release()
    web_app.wait_ready()
    expect(page.locator("#board")).to_have_attribute("data-refused", "not-your-pawn")
    # The words a click on Black's pawn gets once the page is ready.
    expect(page.locator("#message")).to_have_text(REFUSED_D5)
    assert board(page, "position") == shown.fen()
    assert web_app.errors == []


def test_a_tap_on_the_computers_turn_is_not_played_and_the_page_says_why(
    web_app: AppPage,
) -> None:
    page = web_app.page
    keep_messages(page, from_load=True)
    start = TorGame()
    link = format_link(start, whole_game=False, seats={"w": 1})  # White is the computer's
    python = open_before_ready(page, f"{web_app.base_url}tor.html#{link}")
    page.mouse.click(*centre(page, "c3"))
    expect(page.locator("#board")).to_have_attribute("data-kept", "c3")

    python.release()
    web_app.wait_ready()
    assert web_app.dataset("early") == "blocked"
    assert "White is played by the computer: wait for its move" in said(page)
    assert board(page, "kept") is None
    assert web_app.errors == []


def test_a_tap_on_a_drawn_position_the_game_does_not_have_is_never_played(
    web_app: AppPage,
) -> None:
    page = web_app.page
    # A link whose picture (at=) is the start, though its game has a pawn placed.
    placed = TorGame(None, ["c3"])
    start = TorGame().fen().replace(" ", "_")
    python = open_before_ready(page, f"{web_app.base_url}tor.html#m=c3&at={start}")
    page.mouse.click(*centre(page, "d4"))
    expect(page.locator("#board")).to_have_attribute("data-kept", "d4")

    python.release()
    web_app.wait_ready()
    assert web_app.dataset("early") == "changed"
    expect(page.locator("#message")).to_have_text(
        "Your move was not played: the game shown changed while it loaded."
    )
    assert board(page, "position") == placed.fen()
    assert json.loads(board(page, "geometry") or "{}")["files"] == 6
    assert web_app.errors == []


def test_a_saved_tor_game_is_drawn_turned_as_left_and_a_turn_tapped_on_it_is_played(
    web_app: AppPage,
) -> None:
    page = web_app.page
    shown = TorGame(None, OPENING)
    web_app.open("tor.html#" + format_link(shown, whole_game=False))
    page.click("#flip-board")
    page.mouse.click(*centre(page, "c3"))
    page.mouse.click(*centre(page, "d4"))
    left = TorGame(None, [*OPENING, "c3-d4"])
    wait_position(page, left.fen())

    python = open_before_ready(page, web_app.base_url + "tor.html")
    # Drawn as left: turned round, White's pawn on d4 and none on c3.
    assert json.loads(board(page, "geometry") or "{}")["flipped"] is True
    assert pixel(page, *centre(page, "d4")) != pixel(page, *centre(page, "c3"))
    # Black's pawn, where it steps, and where the token left behind goes
    step = next(a for a in left.legal_texts() if a.startswith("d5-"))
    squares = step.replace("@", "-").split("-")
    for square in squares:
        page.mouse.click(*centre(page, square))
    expect(page.locator("#board")).to_have_attribute("data-kept", " ".join(squares))

    python.release()
    web_app.wait_ready()
    assert web_app.dataset("save") == "restored"
    left.play(step)
    wait_position(page, left.fen())
    assert web_app.dataset("early") == "replay"
    assert web_app.errors == []


# -- The engine's worker starts with the page when the computer will play ------------
#
# (early-taps.js, computerComing): its Python then starts beside the page's,
# and the computer's first move does not wait for both in turn. Before ready
# the page's own Python is held back, so a worker started then was started
# by the page's first code, not at ready.

GAME_PAGES = ["index.html", "tor.html"]


def workers_before_ready(web_app: AppPage, path: str) -> tuple[str | None, HeldRequests]:
    """Open ``path`` with its Python held back: the workers started by then."""
    python = open_before_ready(web_app.page, web_app.base_url + path)
    return web_app.page.evaluate("document.body.dataset.aiWorkers ?? null"), python


def wait_computers_first_move(page: Page) -> None:
    """The computer, White, has played: the other side is to move."""
    page.wait_for_function(
        "document.querySelector('#board').dataset.position.split(' ')[1] !== 'w'",
        timeout=AI_TIMEOUT_MS,
    )


@pytest.mark.parametrize("path", GAME_PAGES)
def test_a_link_that_names_the_computer_starts_its_worker_before_python(
    web_app: AppPage, path: str
) -> None:
    started, python = workers_before_ready(web_app, path + "#ai=w3")
    assert started == "1"
    python.release()
    web_app.wait_ready()
    wait_computers_first_move(web_app.page)
    # One worker, and one search for the one move (Tor's page once asked twice).
    assert web_app.dataset("aiWorkers") == "1"
    assert web_app.dataset("aiSearches") == "1"
    assert web_app.errors == []


@pytest.mark.parametrize("path", GAME_PAGES)
def test_a_player_whose_last_choice_was_the_computer_gets_its_worker_before_python(
    web_app: AppPage, path: str
) -> None:
    prefs = "start" if path == "index.html" else "tor.start"
    web_app.page.add_init_script(
        f"localStorage.setItem('mixtour.prefs', JSON.stringify({{'{prefs}.choice': 'computer'}}))"
    )
    started, python = workers_before_ready(web_app, path)
    assert started == "1"
    python.release()
    web_app.wait_ready()


@pytest.mark.parametrize("path", GAME_PAGES)
def test_a_newcomer_or_a_link_without_the_computer_gets_no_worker_before_python(
    web_app: AppPage, path: str
) -> None:
    started, python = workers_before_ready(web_app, path)
    assert started is None
    python.release()
    web_app.wait_ready()
    # A link to a position, with no computer in it.
    tor_link = format_link(TorGame(None, OPENING), whole_game=False)
    link = tor_link if path == "tor.html" else "p=5/5/5/5/5_w_20/20_0/0_1_-"
    for n, shown in enumerate([link, link + "&ai=0"]):  # ai=0: people only
        started, python = workers_before_ready(web_app, f"{path}?again={n}#{shown}")
        assert started is None
        python.release()
        web_app.wait_ready()


def test_a_kept_game_against_the_computer_gets_its_worker_before_python(
    web_app: AppPage,
) -> None:
    page = web_app.page
    web_app.open("index.html#ai=r3")
    page.mouse.click(*point(page, "c3"))
    played = Game()
    played.play("c3")
    wait_turn_back(page, played.fen())
    # The game is kept; the next visit brings it back with its computer seat.
    started, python = workers_before_ready(web_app, "index.html?again")
    assert started == "1"
    python.release()
    web_app.wait_ready()
    assert (board(page, "position") or "").split(" ")[1] == "w"
    assert web_app.errors == []
