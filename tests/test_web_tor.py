"""Tor's game page (web/tor.html) in Chromium, played by clicks as a person
would: the turn in its steps, a refused click explained in the player's
language, the move list, undo and redo, links, the saved game, the page
contract and the credit to Tor's authors.
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from conftest import AppPage
from playwright.sync_api import Page, expect
from test_web_axe import violations
from test_web_tor_board import click
from webhelpers import wait_position

import build
from mixtour.tor.core import STANDARD_START
from mixtour.tor.game import Game

PAGE = "tor.html"
OPENING = ["c3", "d5", "b6", "e2"]


def open_tor(app: AppPage, fragment: str = "", query: str = "") -> Page:
    """Tor's page; on a fresh visit, set for two players at this screen."""
    app.open(f"{PAGE}{query}{fragment}")
    app.two_players_here()
    return app.page


def board(page: Page, name: str) -> str:
    return page.locator("#board").get_attribute(f"data-{name}") or ""


def click_action(page: Page, action: str) -> None:
    """Play a T6 action by clicking its squares: pawn, destination, placement."""
    squares = action.replace("@", "-").split("-")
    for square in squares:
        click(page, square)


def moves(page: Page) -> list[str]:
    return [text.strip() for text in page.locator("#moves button.ply").all_text_contents()]


def test_the_page_keeps_the_contract_and_credits_tors_authors(web_app: AppPage) -> None:
    page = open_tor(web_app)
    assert web_app.dataset("painted") == "1" and web_app.dataset("ready") == "1"
    assert board(page, "position") == STANDARD_START
    assert board(page, "status") == "playing"
    geometry = json.loads(board(page, "geometry"))
    assert geometry["files"] == 6 and geometry["ranks"] == 8
    expect(page.locator(".site-footer")).to_contain_text("Tor by Alain Couchot and Bernard Klein")
    expect(page.locator("#status")).to_have_text("White to play")
    expect(page.locator("#hint")).to_have_text("Place a pawn on a highlighted square.")
    assert web_app.errors == []


def test_two_players_play_turns_in_steps_by_clicks(web_app: AppPage) -> None:
    page = open_tor(web_app)
    game = Game()
    for action in OPENING:
        click_action(page, action)
        game.play(action)
        wait_position(page, game.fen())
    # The first turn: a pawn, then its destination; nobody holds a token yet.
    click(page, "c3")
    page.wait_for_function("document.querySelector('#board').dataset.selection === 'c3'")
    expect(page.locator("#hint")).to_have_text("Choose where the pawn steps.")
    click(page, "d4")
    game.play("c3-d4")
    wait_position(page, game.fen())
    # Black now holds the blue token c3 gave: pawn, destination, placement.
    expect(page.locator("#status")).to_have_text("Black to play, holding the blue token")
    click(page, "d5")
    click(page, "c4")
    expect(page.locator("#hint")).to_have_text("Place the blue token on a highlighted square.")
    click(page, "a2")
    game.play("d5-c4@a2")
    wait_position(page, game.fen())
    assert moves(page) == [*OPENING, "c3-d4", "d5-c4@a2"]
    # Undo and redo walk the game, and the list shows what was undone.
    page.click("#undo")
    wait_position(page, Game(None, [*OPENING, "c3-d4"]).fen())
    expect(page.locator("#moves .undone")).to_have_text("d5-c4@a2")
    page.click("#redo")
    wait_position(page, game.fen())
    assert web_app.errors == []


def test_a_refused_click_is_explained_in_english(web_app: AppPage) -> None:
    page = open_tor(web_app, "#m=" + ",".join(OPENING))
    click(page, "d5")  # Black's pawn, on White's turn
    expect(page.locator("#message")).to_have_text("d5 is not possible: you have no pawn on d5")
    click(page, "c3")
    click(page, "c5")  # two squares away
    expect(page.locator("#message")).to_have_text(
        "c3-c5 is not possible: your pawn on c3 cannot reach c5:"
        " it steps to one of its eight neighbours"
    )
    assert board(page, "position") == Game(None, OPENING).fen()


def test_a_refused_click_is_explained_in_french(web_app: AppPage) -> None:
    page = open_tor(web_app, "#m=c3", query="?lang=fr")
    expect(page.locator("#status")).to_have_text("Noir joue")
    click(page, "c3")  # White's pawn stands there
    expect(page.locator("#message")).to_have_text(
        "c3 est impossible : un pion de Blanc se trouve déjà sur c3"
    )
    expect(page.locator(".site-footer")).to_contain_text("Tor d'Alain Couchot et Bernard Klein")


def test_a_game_link_round_trips_through_the_copy_button(web_app: AppPage) -> None:
    page = open_tor(web_app, "#m=" + ",".join([*OPENING, "c3-d4"]) + "&ply=4")
    wait_position(page, Game(None, OPENING).fen())
    expect(page.locator("#redo")).to_be_enabled()
    page.click("#copy-game-link")
    link = page.locator("#copied-link-text").input_value()
    assert "m=c3,d5,b6,e2,c3-d4" in link and "ply=4" in link
    other = page.context.new_page()
    other.goto(link)
    other.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    assert board(other, "position") == Game(None, OPENING).fen()
    other.click("#redo")
    wait_position(other, Game(None, [*OPENING, "c3-d4"]).fen())


def test_a_broken_link_keeps_its_valid_part_and_says_what_is_wrong(web_app: AppPage) -> None:
    page = open_tor(web_app, "#m=c3,c3,d5&colour=green")
    wait_position(page, Game(None, ["c3"]).fen())
    expect(page.locator("#link-problems")).to_be_visible()
    expect(page.locator("#link-problem-list")).to_contain_text("White's pawn already stands on c3")
    expect(page.locator("#link-problem-list")).to_contain_text("colour")
    assert web_app.errors == []


def test_the_game_in_progress_comes_back_after_a_reload(web_app: AppPage) -> None:
    page = open_tor(web_app)
    for action in OPENING[:3]:
        click_action(page, action)
    fen = Game(None, OPENING[:3]).fen()
    wait_position(page, fen)
    page.goto(web_app.base_url + PAGE)  # no link: the saved game
    web_app.wait_ready()
    assert board(page, "position") == fen
    assert web_app.dataset("save") == "restored"
    expect(page.locator("#message")).to_have_text("Your game was restored where you left it.")
    assert moves(page) == OPENING[:3]
    # Tor's game is kept in the one library, marked as Tor's (tests/test_web_tor_library.py).
    keys = page.evaluate("Object.keys(localStorage)")
    kept = [k for k in keys if k.startswith("mixtour.library.")]
    assert len(kept) == 1 and "tor.game" not in keys
    stored = json.loads(page.evaluate("(key) => localStorage.getItem(key)", kept[0]))
    assert stored["game"]["game"] == "tor"


def test_a_corrupt_saved_game_gives_a_message_and_a_new_game(web_app: AppPage) -> None:
    page = web_app.page
    page.add_init_script(
        "localStorage.setItem('tor.game', JSON.stringify({snapshot: '{\"version\": 1}'}))"
    )
    web_app.open(PAGE)  # the message is read before the first screen's choice is made
    assert board(page, "position") == STANDARD_START
    expect(page.locator("#message")).to_contain_text("could not be restored")
    expect(page.locator("#start")).to_be_visible()
    assert web_app.errors == []


AI_TIMEOUT_MS = 180_000


def wait_my_turn_or_end(page: Page) -> None:
    """Until White (the person) is to move and the computer rests, or the game is over."""
    page.wait_for_function(
        """() => {
            const board = document.querySelector('#board');
            if (board.dataset.status !== 'playing') return true;
            const turn = board.dataset.position.split(' ')[1];
            return turn === 'w' && !board.hasAttribute('data-thinking');
        }""",
        timeout=AI_TIMEOUT_MS,
    )


def play_computer_at_level_1(page: Page) -> None:
    """New game, by the dialog: White against the computer at level 1."""
    page.click("#new-game")
    page.check("input[name=opponent][value=computer]")
    page.select_option("#new-level", "1")
    page.check("input[name=side][value=w]")
    page.click("#start-game")


def test_a_whole_game_against_the_computer_at_level_1_by_clicks(web_app: AppPage) -> None:
    page = open_tor(web_app)
    play_computer_at_level_1(page)
    expect(page.locator("#seats")).to_have_text("Player against Computer 1")
    game = Game()
    seen: set[str] = set()
    while True:
        wait_my_turn_or_end(page)
        shown = board(page, "position")
        if board(page, "status") != "playing":
            break
        # Replay what the computer did, so the engine here knows the whole game.
        while game.fen() != shown:
            reply = [a for a in game.legal_texts() if after(game, a) == shown]
            assert reply, f"the board shows {shown}, no single action away from {game.fen()}"
            game.play(reply[0])
        seen.add(shown)
        # Head for positions not seen yet, so the game moves on; level 1 can
        # still walk into a third repetition (T5), which ends it as a draw.
        legal = game.legal_texts()
        action = next((a for a in legal if after(game, a) not in seen), legal[0])
        click_action(page, action)
        game.play(action)
        seen.add(game.fen())
        page.wait_for_function(
            "(fen) => document.querySelector('#board').dataset.position !== fen",
            arg=shown,
        )
    status = board(page, "status")
    assert status in ("w-wins", "b-wins", "draw-repetition")
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result-text")).to_contain_text(
        "third time" if status == "draw-repetition" else "wins"
    )
    expect(page.locator("#turn")).to_be_hidden()
    assert len(moves(page)) >= len(game.record())
    assert web_app.dataset("ai") == "ready"
    assert web_app.errors == []


def test_the_computers_worker_starts_before_its_first_turn(web_app: AppPage) -> None:
    """The computer's worker starts as soon as a game has a computer in it, and
    at ready for a player who chose the computer last time: its first turn does
    not wait for Python's start in the worker too."""
    page = open_tor(web_app)
    assert web_app.dataset("ai") is None  # two players here: no worker
    play_computer_at_level_1(page)  # White is the person's: the computer has no turn yet
    page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=AI_TIMEOUT_MS)
    assert web_app.dataset("aiSearches") is None  # nothing asked of it
    # Another day, no game kept, the computer chosen last time.
    page.evaluate(
        """() => {
            localStorage.clear();
            localStorage.setItem('mixtour.prefs', JSON.stringify({'tor.start.choice': 'computer'}));
        }"""
    )
    web_app.open(PAGE)
    assert web_app.dataset("choosing") == "1"
    page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=AI_TIMEOUT_MS)
    assert web_app.dataset("aiSearches") is None
    assert web_app.errors == []


def after(game: Game, action: str) -> str:
    """The position string after ``action``, the game left as it was."""
    game.play(action)
    fen = game.fen()
    game.undo()
    return fen


@pytest.mark.browser_context_args(service_workers="allow")  # offline play
def test_tor_plays_offline_after_one_visit(web_app: AppPage) -> None:
    page = web_app.page
    with build.serve_in_background(build.DIST) as server:
        page.goto(server.url + PAGE)
        web_app.wait_ready()
        page.wait_for_function("document.body.dataset.offline === '1'", timeout=180_000)
    # The server is gone and the network is off: the page, its Python, the
    # computer and the embed all come from the cache.
    page.context.set_offline(True)
    try:
        page.goto(server.url + PAGE + "#ai=b1")
        web_app.wait_ready()
        click(page, "c3")
        page.wait_for_function(
            "document.querySelector('#board').dataset.position.endsWith(' w -')"
            " && document.querySelectorAll('#moves button.ply').length === 2",
            timeout=AI_TIMEOUT_MS,
        )
        page.goto(server.url + "tor-embed.html#m=c3")
        web_app.wait_ready()
        assert board(page, "position") == Game(None, ["c3"]).fen()
    finally:
        page.context.set_offline(False)
    assert web_app.errors == []


def test_the_keyboard_plays_and_a_screen_reader_hears_the_squares(web_app: AppPage) -> None:
    page = open_tor(web_app)
    page.locator("#board").focus()
    page.keyboard.press("ArrowRight")  # from c4, the board's centre, to d4
    expect(page.locator("#cursor-live")).to_have_text("d4: yellow token")
    page.keyboard.press("Enter")
    wait_position(page, Game(None, ["d4"]).fen())
    expect(page.locator("#message")).to_have_text("White played d4.")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#cursor-live")).to_have_text("d4: yellow token, White's pawn")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    wait_position(page, Game(None, ["d4", "d5"]).fen())
    # A typed action is played as a click would be (web/js/textplay.js's command box).
    page.click("#text-play-toggle")
    page.fill("#command", "c3")
    page.press("#command", "Enter")
    wait_position(page, Game(None, ["d4", "d5", "c3"]).fen())


def test_the_hint_shows_an_action_the_engine_allows(web_app: AppPage) -> None:
    page = open_tor(web_app, "#m=" + ",".join(OPENING))
    # A game of two people has started no engine worker; the hint starts it.
    assert web_app.dataset("ai") is None and web_app.dataset("aiWorkers") is None
    page.click("#hint-button")
    page.wait_for_function("document.querySelector('#board').dataset.hint", timeout=AI_TIMEOUT_MS)
    hint = board(page, "hint")
    assert hint in Game(None, OPENING).legal_texts()
    expect(page.locator("#message")).to_have_text(f"Hint: {hint}")
    assert board(page, "position") == Game(None, OPENING).fen()  # a hint plays nothing


def test_a_new_game_on_a_random_layout_for_two_players(web_app: AppPage) -> None:
    page = open_tor(web_app, "#m=" + ",".join(OPENING))
    page.click("#new-game")
    page.check("input[name=opponent][value=friend]")
    page.check("input[name=layout][value=random]")
    page.click("#start-game")
    page.wait_for_function(
        "(fen) => document.querySelector('#board').dataset.position !== fen",
        arg=Game(None, OPENING).fen(),
    )
    fen = board(page, "position")
    assert fen != STANDARD_START and fen.endswith(" w -") and "w" not in fen.split()[0]
    expect(page.locator("#seats")).to_have_text("Player against Player")
    assert moves(page) == []


def test_a_friend_by_link_from_the_new_game_dialog_starts_no_other_game(
    web_app: AppPage,
) -> None:
    """The dialog once remembered its last answer: after a game started from it,
    "Play a friend by link" there started a new game too, and the game on the
    board was gone."""
    page = open_tor(web_app)
    page.click("#new-game")
    page.check("input[name=opponent][value=friend]")
    page.click("#start-game")
    for action in OPENING:
        click_action(page, action)
    wait_position(page, Game(None, OPENING).fen())
    page.click("#new-game")
    page.click("#new-corr")
    expect(page.locator("#corr-dialog")).to_be_visible()
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    page.keyboard.press("Escape")
    expect(page.locator("#corr-dialog")).to_be_hidden()
    assert board(page, "position") == Game(None, OPENING).fen()
    assert moves(page) == OPENING
    assert web_app.errors == []


def test_the_new_game_dialog_offers_only_the_choices_that_apply(web_app: AppPage) -> None:
    page = open_tor(web_app)
    page.click("#new-game")
    level = page.locator("#new-level")
    sides = page.locator("input[name=side]")
    expect(level).to_be_enabled()
    expect(sides.first).to_be_enabled()
    page.check("input[name=opponent][value=friend]")
    expect(level).to_be_disabled()
    expect(sides.first).to_be_disabled()
    page.check("input[name=opponent][value=demo]")
    expect(level).to_be_enabled()
    expect(sides.first).to_be_disabled()
    page.check("input[name=opponent][value=computer]")
    expect(level).to_be_enabled()
    expect(sides.nth(1)).to_be_enabled()
    # The choice is kept: the dialog opens again as it was left.
    page.check("input[name=opponent][value=friend]")
    page.click("#start-game")
    expect(page.locator("#seats")).to_have_text("Player against Player")
    page.click("#new-game")
    expect(page.locator("input[name=opponent][value=friend]")).to_be_checked()
    expect(level).to_be_disabled()
    assert web_app.errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_tors_pages_and_dialogs_have_no_axe_violations(
    web_app: AppPage, scheme: Literal["light", "dark"]
) -> None:
    page = web_app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.emulate_media(color_scheme=scheme)
    found: list[str] = []
    for path in (f"{PAGE}#m=c3,d5,b6", "tor-embed.html#m=c3,d5,b6&ply=2"):
        web_app.open(path)
        found += violations(page, f"{path} ({scheme})")
    web_app.open(PAGE)
    for opener in ("#new-game", "#open-settings"):
        page.click(opener)
        page.locator("dialog[open]").wait_for()
        found += violations(page, f"{PAGE} with {opener}'s dialog ({scheme})")
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('dialog[open]')")
    assert found == []
    assert web_app.errors == []


def test_the_computer_plays_itself_until_a_new_game_stops_it(web_app: AppPage) -> None:
    page = web_app.page
    page.add_init_script("window.mixtourDebug = { demoDelayMs: 0 }")
    open_tor(web_app)
    page.click("#new-game")
    page.check("input[name=opponent][value=demo]")
    page.select_option("#new-level", "1")
    page.click("#start-game")
    expect(page.locator("#seats")).to_have_text("Computer 1 against Computer 1")
    page.wait_for_function(
        "document.querySelectorAll('#moves button.ply').length >= 6",
        timeout=AI_TIMEOUT_MS,
    )
    expect(page.locator("#hint-button")).to_be_disabled()
    page.click("#new-game")
    page.check("input[name=opponent][value=friend]")
    page.check("input[name=layout][value=standard]")
    page.click("#start-game")
    # The dialog's close event, which starts the game, comes after the click.
    expect(page.locator("#board")).to_have_attribute("data-position", STANDARD_START)
    page.wait_for_function(
        "!document.querySelector('#board').hasAttribute('data-thinking')", timeout=AI_TIMEOUT_MS
    )
    # A move of the game before, still on its way, must not land in this one:
    # once the computer has nothing under way, the new game is untouched.
    page.wait_for_function("!document.body.hasAttribute('data-ai-busy')", timeout=AI_TIMEOUT_MS)
    assert board(page, "position") == STANDARD_START
    assert moves(page) == []
    assert web_app.errors == []


# Every message the page shows, with whether the board was still drawing a
# change at that moment (#board[data-animating]).
TOLD_LOG = """() => {
  const board = document.querySelector('#board');
  window.__told = [];
  new MutationObserver(() => {
    const text = document.querySelector('#message').textContent;
    window.__told.push([text, board.hasAttribute('data-animating')]);
  }).observe(document.querySelector('#message'),
             { childList: true, characterData: true, subtree: true });
}"""


def test_the_computers_move_is_told_after_the_players_step_is_shown(web_app: AppPage) -> None:
    """Against the computer, its move is played and told only once the board has
    shown the player's own action: the words follow the pictures."""
    page = open_tor(web_app)
    play_computer_at_level_1(page)
    page.evaluate(TOLD_LOG)
    game = Game()
    for turn in range(1, 4):
        wait_my_turn_or_end(page)
        shown = board(page, "position")
        while game.fen() != shown:
            game.play(next(a for a in game.legal_texts() if after(game, a) == shown))
        action = game.legal_texts()[0]
        click_action(page, action)
        game.play(action)
        page.wait_for_function(
            "(n) => window.__told.filter(([text]) => text.startsWith('Black played')).length >= n",
            arg=turn,
            timeout=AI_TIMEOUT_MS,
        )
    told = page.evaluate("window.__told")
    computer = [moving for text, moving in told if text.startswith("Black played")]
    assert len(computer) >= 3
    assert not any(computer), told
    assert web_app.errors == []


def test_a_full_storage_is_said_and_the_game_goes_on(web_app: AppPage) -> None:
    """Tor's page kept a game in a full storage without a word: the player
    believed it saved."""
    page = open_tor(web_app)
    page.evaluate(
        """() => {
            Storage.prototype.setItem = function () {
                throw new DOMException('full', 'QuotaExceededError');
            };
        }"""
    )
    click_action(page, OPENING[0])
    wait_position(page, Game(None, OPENING[:1]).fen())
    expect(page.locator("#library-notice")).to_contain_text("storage for this site is full")
    assert web_app.dataset("save") == "full"
    click_action(page, OPENING[1])  # the game goes on
    wait_position(page, Game(None, OPENING[:2]).fen())
    assert web_app.errors == []


def test_the_keys_help_opens_with_question_mark_and_words_tors_turn(web_app: AppPage) -> None:
    """Tor's page had no Keys help: "?" did nothing."""
    page = open_tor(web_app)
    dialog = page.get_by_role("dialog", name="Keys")
    page.locator("#board").focus()
    page.keyboard.press("?")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("the token in your hand")
    expect(dialog).to_contain_text("c3-d4@e6")
    expect(dialog).not_to_contain_text("disc")  # none of Mixtour's rows
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    button = page.get_by_role("button", name="Keys")
    assert button.get_attribute("aria-keyshortcuts") == "?"
    button.click()
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    page.click("#text-play-toggle")
    page.locator("#command").focus()
    page.keyboard.press("?")  # typed into the command box, not a call for help
    expect(dialog).to_be_hidden()
    expect(page.locator("#command")).to_have_value("?")
    assert web_app.errors == []
