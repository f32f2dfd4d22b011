"""Play without sight on Tor's page: the text board, the command box, the log
and the announcements, driven by the keyboard as a blind player would, on the
same panel as Mixtour's (web/js/textplay.js with Tor's part, web/js/tor/text.js).

The words a screen reader reads are the text of the page's regions: the move
log (``#move-log``, role=log), the cursor region (``#cursor-live``), the
command answers (``#command-answer``) and the text board's cell labels. What
they should say of each action is worked out here from the position string
before it (T7) and the rules page's steps (T3), so the page must tell exactly
what happened.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import AppPage
from playwright.sync_api import Locator, Page, expect
from test_web_axe import violations
from test_web_tor import open_tor
from test_web_tor_board import click
from webhelpers import wait_position

import build
from mixtour.tor.game import Game

pytestmark = pytest.mark.browser

OPENING = ["c3", "d5", "b6", "e2"]
COLOURS = {"B": "blue", "R": "red", "O": "orange", "Y": "yellow"}
PLAYERS = {"w": "White", "b": "Black"}
FILES = "abcdef"
AI_TIMEOUT_MS = 180_000


# -- what the page should say, from the position string -----------------------------------


def tokens_of(fen: str) -> dict[str, str]:
    """Each square's tokens, bottom to top, read from a T7 position string."""
    squares: dict[str, str] = {}
    for i, rank in enumerate(fen.split()[0].split("/")):
        cells = re.findall(r"[bory]?[BROY][wk]?|\.[wk]?", rank)
        assert len(cells) == 6, rank
        for file, cell in enumerate(cells):
            squares[f"{FILES[file]}{8 - i}"] = re.sub(r"[wk.]", "", cell).upper()
    return squares


def said(fen: str, action: str) -> str:
    """The log's words for ``action`` played in the position ``fen`` (T2, T3)."""
    _, turn, hand = fen.split()
    player = PLAYERS[turn]
    if "-" not in action:
        return f"{player} places a pawn on {action}."
    frm, rest = action.split("-")
    to, _, place = rest.partition("@")
    left = tokens_of(fen)[frm]
    other = PLAYERS["b" if turn == "w" else "w"]
    parts = [
        f"{player} steps from {frm} to {to}",
        f"{other} gets the {COLOURS[left[-1]]} token of {frm}",
        f"{frm} is empty for the rest of the game"
        if len(left) == 1
        else f"{frm} is {COLOURS[left[0]]} now",
    ]
    if hand != "-":
        colour = COLOURS[hand]
        parts.append(
            f"the {colour} token goes onto {place}"
            if place
            else f"the {colour} token leaves the game: no square can take it"
        )
    return "; ".join(parts) + "."


def said_for_game(actions: list[str], start: str | None = None) -> list[str]:
    game = Game(start)
    lines = []
    for action in actions:
        lines.append(said(game.fen(), action))
        game.play(action)
    return lines


def listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def steps_of(game: Game, square: str) -> list[str]:
    """Where the pawn on ``square`` steps, in the order of the squares (a1 first)."""
    tos = {a.split("-")[1].split("@")[0] for a in game.legal_texts() if a.startswith(f"{square}-")}
    return sorted(tos, key=index)


def index(name: str) -> int:
    return (int(name[1]) - 1) * 6 + FILES.index(name[0])


# -- reading and driving the page ---------------------------------------------------------


# A fresh visit's first-screen choice, answered, is told in the log too.
CHOSEN = ("New game for two at this screen.", "Nouvelle partie à deux sur cet écran.")


def log_lines(page: Page) -> list[str]:
    lines = page.locator("#move-log p").all_text_contents()
    while lines and lines[0].startswith(CHOSEN):
        lines = lines[1:]
    return lines


def position(page: Page) -> str:
    return page.locator("#board").get_attribute("data-position") or ""


def cell(page: Page, square: str) -> Locator:
    return page.locator(f"#text-board [role=gridcell][data-square='{index(square)}']")


def focused_square(page: Page) -> str:
    square = page.evaluate("() => document.activeElement.dataset.square ?? null")
    assert square is not None, "no cell of the text board has the focus"
    return f"{FILES[int(square) % 6]}{int(square) // 6 + 1}"


def open_text_play(page: Page) -> None:
    toggle = page.locator("#text-play-toggle")
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    expect(page.locator("#text-board")).to_be_visible()


def type_command(page: Page, text: str) -> None:
    page.locator("#command").fill(text)
    page.locator("#command").press("Enter")


def answer_after(page: Page, text: str) -> str:
    """Type a line and return the answer it gets (answers replace each other)."""
    page.evaluate("() => document.querySelector('#command-answer').replaceChildren()")
    type_command(page, text)
    expect(page.locator("#command-answer")).not_to_be_empty()
    return page.locator("#command-answer").text_content() or ""


def go_to(page: Page, square: str) -> None:
    """Arrow keys on the text board (not turned) from the focused cell to ``square``."""
    here = focused_square(page)
    files = FILES.index(square[0]) - FILES.index(here[0])
    ranks = int(square[1]) - int(here[1])
    for key in ["ArrowRight" if files > 0 else "ArrowLeft"] * abs(files):
        page.keyboard.press(key)
    for key in ["ArrowUp" if ranks > 0 else "ArrowDown"] * abs(ranks):
        page.keyboard.press(key)
    assert focused_square(page) == square


def grid_play(page: Page, action: str) -> None:
    """Play an action on the text board: to each of its squares, then Enter."""
    for square in action.replace("@", "-").split("-"):
        go_to(page, square)
        page.keyboard.press("Enter")


# -- the tests ------------------------------------------------------------------------------


def test_the_skip_link_opens_the_text_board_and_it_stays_open(web_app: AppPage) -> None:
    """A fresh visit, with the keyboard only: the first Tab reaches the skip
    link, the text board takes the focus on c4 (where the canvas's cursor
    starts), a pawn placed there while the first screen's choice shows starts
    a game for two at this screen, said in the log before the action."""
    web_app.open("tor.html")
    page = web_app.page
    expect(page.locator("#start")).to_be_visible()
    page.keyboard.press("Tab")
    skip = page.locator("#skip-to-text")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()
    page.keyboard.press("Enter")
    expect(cell(page, "c4")).to_be_focused()
    toggle = page.locator("#text-play-toggle")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    grid = page.get_by_role("grid", name="Text board, rank 8 at the top, file a on the left")
    expect(grid.get_by_role("row")).to_have_count(8)
    expect(grid.get_by_role("gridcell")).to_have_count(48)
    assert page.locator("#text-board [tabindex='0']").count() == 1
    expect(cell(page, "c4")).to_have_attribute("aria-label", "c4: orange token, a pawn can go here")
    page.keyboard.press("Enter")
    wait_position(page, Game(None, ["c4"]).fen())
    expect(page.locator("#start")).to_be_hidden()
    assert page.locator("#move-log p").all_text_contents() == [
        "New game for two at this screen. White begins; take turns.",
        "White places a pawn on c4.",
    ]
    expect(cell(page, "c4")).to_have_attribute("aria-label", "c4: orange token, White's pawn")
    expect(cell(page, "c4")).to_be_focused()  # the focus stays on the text board
    # Home and End go to the ends of the row, with Ctrl to the corners.
    page.keyboard.press("Home")
    assert focused_square(page) == "a4"
    page.keyboard.press("End")
    assert focused_square(page) == "f4"
    page.keyboard.press("Control+Home")
    assert focused_square(page) == "a8"
    page.keyboard.press("Control+End")
    assert focused_square(page) == "f1"
    # Opened, the panel is kept open for the next visit; its log is reachable.
    page.reload()
    web_app.wait_ready()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#text-board")).to_be_visible()
    assert page.locator("#move-log").get_attribute("tabindex") == "0"
    # Closed, it stays closed.
    toggle.click()
    expect(page.locator("#text-board")).to_be_hidden()
    page.reload()
    web_app.wait_ready()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#text-board")).to_be_hidden()
    assert web_app.errors == []


def test_turns_typed_in_the_command_box_are_told_in_the_log(web_app: AppPage) -> None:
    page = open_tor(web_app)
    open_text_play(page)
    assert answer_after(page, "last") == "No action has been played yet"
    assert answer_after(page, "undo") == "There is nothing to undo"
    line = [*OPENING, "c3-d4", "d5-c4@a2"]
    for action in line:
        type_command(page, action)
        wait_position(page, Game(None, line[: line.index(action) + 1]).fen())
        expect(page.locator("#command-answer")).to_be_empty()
    expected = said_for_game(line)
    assert log_lines(page) == expected
    assert expected[4:] == [
        "White steps from c3 to d4; Black gets the blue token of c3; "
        "c3 is empty for the rest of the game.",
        "Black steps from d5 to c4; White gets the red token of d5; "
        "d5 is empty for the rest of the game; the blue token goes onto a2.",
    ]
    # The same words come back on demand, and the other commands answer from the engine.
    game = Game(None, line)
    assert answer_after(page, "whose turn") == "White to play, holding the red token"
    assert answer_after(page, "Whose turn?") == "White to play, holding the red token"
    assert answer_after(page, "last") == f"Last action: {expected[-1][:-1]}"
    steps = steps_of(game, "d4")
    assert answer_after(page, "legal d4") == f"The pawn on d4 can step to {listed(steps)}"
    placements = sorted(
        (a.split("@")[1] for a in game.legal_texts() if a.startswith(f"d4-{steps[0]}@")), key=index
    )
    assert answer_after(page, f"legal d4-{steps[0]}") == (
        f"After d4-{steps[0]}, the red token can go onto {listed(placements)}"
    )
    everything = answer_after(page, "legal")
    assert everything.startswith("White to play, holding the red token. Steps: ")
    pawns = sorted({a.split("-")[0] for a in game.legal_texts()}, key=index)
    for pawn in pawns:
        assert f"{pawn} to {listed(steps_of(game, pawn))}" in everything
    board = answer_after(page, "board")
    assert board.startswith(
        "White to play, holding the red token. White's pawns: d4 and b6. Black's pawns: e2 and c4. "
        "Rank 8: a orange, b yellow, c orange, d yellow, e orange, f yellow."
    )
    assert "Rank 5: a blue, b red, c blue, d empty, e blue, f red." in board
    assert "Rank 2: a blue on orange, b yellow" in board
    assert "help" in answer_after(page, "help") and "c3-d4@e6" in answer_after(page, "help")
    # undo and redo, typed: the log tells them, and the board follows.
    type_command(page, "undo")
    wait_position(page, Game(None, line[:-1]).fen())
    assert log_lines(page)[-1] == "Took back d5-c4@a2."
    type_command(page, "REDO")
    wait_position(page, game.fen())
    assert log_lines(page)[-1] == "Replayed d5-c4@a2."
    assert answer_after(page, "redo") == "There is nothing to redo"
    # The arrows bring back what was typed.
    command = page.locator("#command")
    command.press("ArrowUp")
    expect(command).to_have_value("redo")
    command.press("ArrowUp")
    expect(command).to_have_value("REDO")
    assert web_app.errors == []


def test_a_wrong_line_gets_a_clear_answer_and_changes_nothing(web_app: AppPage) -> None:
    page = open_tor(web_app, "#m=" + ",".join([*OPENING, "c3-d4"]))
    open_text_play(page)
    fen = position(page)
    lines = log_lines(page)
    answers = {
        "hello": "“hello” is neither a move nor a command. Type help for the list.",
        "c3": "c3 is not possible: you have no pawn on c3",
        "d5": "d5 is only the pawn: type where it steps too, as in d5-c4",
        "d5-d7": "d5-d7 is not possible: your pawn on d5 cannot reach d7: "
        "it steps to one of its eight neighbours",
        "d5-c4": "d5-c4 is not possible: you must place the blue token you hold: "
        "a2, for one, can take it",
        "d5-c4@d4": "d5-c4@d4 is not possible: a pawn stands on d4: "
        "a token goes only onto a square without a pawn",
        "b6-b7": "b6-b7 is not possible: you have no pawn on b6",
        "legal z9": "“z9” is not a square: squares go from a1 to f8",
        "legal c3": "c3 is not possible: you have no pawn on c3",
    }
    for text, answer in answers.items():
        assert answer_after(page, text) == answer, text
    assert position(page) == fen
    assert log_lines(page) == lines
    # A typed action that the engine accepts after all is played.
    type_command(page, "d5-c4@a2")
    wait_position(page, Game(None, [*OPENING, "c3-d4", "d5-c4@a2"]).fen())
    assert web_app.errors == []


def test_turns_played_on_the_text_board_with_arrows_and_enter(web_app: AppPage) -> None:
    page = open_tor(web_app)
    open_text_play(page)
    cell(page, "c4").focus()
    line = [*OPENING, "c3-d4", "d5-c4@a2"]
    for n, action in enumerate(OPENING):
        grid_play(page, action)
        wait_position(page, Game(None, line[: n + 1]).fen())
    # A turn in steps: the pawn, then where it steps; each step is said.
    go_to(page, "c3")
    expect(cell(page, "c3")).to_have_attribute(
        "aria-label", "c3: blue token, White's pawn, this pawn can step"
    )
    page.keyboard.press("Enter")
    expect(page.locator("#board")).to_have_attribute("data-selection", "c3")
    expect(cell(page, "c3")).to_have_attribute("aria-selected", "true")
    game = Game(None, OPENING)
    expect(page.locator("#cursor-live")).to_have_text(
        f"Pawn on c3 chosen; it can step to {listed(steps_of(game, 'c3'))}"
    )
    expect(cell(page, "d4")).to_have_attribute(
        "aria-label", "d4: yellow token, the pawn can step here"
    )
    # Escape goes back one step, as on the canvas; Enter again chooses the pawn.
    page.keyboard.press("Escape")
    expect(page.locator("#board")).not_to_have_attribute("data-selection", re.compile("."))
    expect(cell(page, "c3")).to_have_attribute("aria-selected", "false")
    page.keyboard.press("Enter")
    expect(page.locator("#board")).to_have_attribute("data-selection", "c3")
    go_to(page, "d4")
    page.keyboard.press("Enter")
    wait_position(page, Game(None, line[:5]).fen())
    # Black holds the blue token: pawn, destination, then where the token goes.
    go_to(page, "d5")
    page.keyboard.press("Enter")
    go_to(page, "c4")
    page.keyboard.press("Enter")
    expect(page.locator("#board")).to_have_attribute("data-selection", "d5-c4")
    places = [a.split("@")[1] for a in Game(None, line[:5]).legal_texts() if "d5-c4@" in a]
    expect(page.locator("#cursor-live")).to_have_text(
        f"d5 to c4 chosen; the blue token can go onto {listed(sorted(places, key=index))}"
    )
    expect(cell(page, "a2")).to_have_attribute(
        "aria-label", "a2: orange token, the token can go here"
    )
    # A square the token may not go to is refused in words, as a click is.
    go_to(page, "d4")
    page.keyboard.press("Enter")
    expect(page.locator("#message")).to_have_text(
        "d5-c4@d4 is not possible: a pawn stands on d4: "
        "a token goes only onto a square without a pawn"
    )
    assert position(page) == Game(None, line[:5]).fen()
    go_to(page, "a2")
    page.keyboard.press("Enter")
    wait_position(page, Game(None, line).fen())
    assert log_lines(page) == said_for_game(line)
    expect(cell(page, "a2")).to_have_attribute("aria-label", "a2: blue token on orange")
    assert focused_square(page) == "a2"
    assert web_app.errors == []


def test_the_canvas_and_the_text_board_show_the_same_choice(web_app: AppPage) -> None:
    page = open_tor(web_app, "#m=" + ",".join(OPENING))
    open_text_play(page)
    # A pawn chosen on the canvas is marked on the text board, its steps with it.
    click(page, "c3")
    expect(page.locator("#board")).to_have_attribute("data-selection", "c3")
    expect(cell(page, "c3")).to_have_attribute("aria-selected", "true")
    expect(cell(page, "c3")).to_have_attribute("aria-label", "c3: blue token, White's pawn, chosen")
    for square in steps_of(Game(None, OPENING), "c3"):
        expect(cell(page, square)).to_have_class(re.compile(r"\btarget\b"))
    # Another pawn chosen on the text board shows on the canvas.
    cell(page, "b6").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#board")).to_have_attribute("data-selection", "b6")
    expect(cell(page, "c3")).to_have_attribute("aria-selected", "false")
    expect(cell(page, "b6")).to_have_attribute("aria-selected", "true")
    # Its step finished by a click on the canvas; the text board shows the turn played.
    click(page, "c5")
    wait_position(page, Game(None, [*OPENING, "b6-c5"]).fen())
    expect(cell(page, "c5")).to_have_attribute("aria-label", "c5: blue token, White's pawn")
    expect(cell(page, "b6")).to_have_attribute("aria-label", "b6: no token")
    expect(cell(page, "b6")).to_have_class(re.compile(r"\blast\b"))
    assert log_lines(page)[-1] == said(Game(None, OPENING).fen(), "b6-c5")
    # Undo by its button is told, and the text board follows.
    page.click("#undo")
    wait_position(page, Game(None, OPENING).fen())
    assert log_lines(page)[-1] == "Took back b6-c5."
    expect(cell(page, "b6")).to_have_attribute(
        "aria-label", "b6: yellow token, White's pawn, this pawn can step"
    )
    assert web_app.errors == []


def test_the_end_of_the_game_and_a_new_game_are_told(web_app: AppPage) -> None:
    """A shipped win-in-1 puzzle played by typing its answer: the action, then
    the result, in the log; a new game from the dialog is told too."""
    puzzles = json.loads((build.WEB / "data" / "tor-puzzles.json").read_text())["puzzles"]
    puzzle = next(p for p in puzzles if p["n"] == 1 and "@" not in p["line"][0])
    fen, action = puzzle["fen"], puzzle["line"][0]
    page = open_tor(web_app, "#p=" + fen.replace(" ", "_"))
    open_text_play(page)
    type_command(page, action)
    winner = PLAYERS[fen.split()[1]]
    loser = PLAYERS["w" if fen.split()[1] == "b" else "b"]
    expect(page.locator("#board")).to_have_attribute("data-status", re.compile("-wins$"))
    assert log_lines(page)[-2:] == [said(fen, action), f"{winner} wins: {loser} cannot move."]
    assert answer_after(page, "whose turn") == f"{winner} wins: {loser} cannot move."
    assert answer_after(page, "legal") == f"{winner} wins: {loser} cannot move."
    page.click("#new-game")
    page.check("input[name=opponent][value=friend]")
    page.check("input[name=layout][value=standard]")
    page.click("#start-game")
    expect(page.locator("#move-log p").last).to_have_text("New game: Player against Player.")
    assert web_app.errors == []


def test_the_computers_actions_are_told_and_its_turn_refuses_input(web_app: AppPage) -> None:
    """The computer against itself, slowed to one action: its action is in the
    log; while it is to move, the text board and the command box say so and
    change nothing."""
    page = web_app.page
    page.add_init_script("window.mixtourDebug = { demoDelayMs: 600000 }")
    open_tor(web_app)
    open_text_play(page)
    page.click("#new-game")
    page.check("input[name=opponent][value=demo]")
    page.select_option("#new-level", "1")
    page.click("#start-game")
    page.wait_for_function(
        "document.querySelector('#board').dataset.position.split(' ')[1] === 'b'",
        timeout=AI_TIMEOUT_MS,
    )
    first = page.locator("#board").get_attribute("data-position") or ""
    played = next(a for a in Game().legal_texts() if Game(None, [a]).fen() == first)
    expect(page.locator("#move-log p").last).to_have_text(said(Game().fen(), played))
    assert answer_after(page, "c3") == "Black is played by the computer: wait for its move"
    assert answer_after(page, "whose turn") == (
        "Black to play. Black is played by the computer: wait for its move"
    )
    cell(page, "c3").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#cursor-live")).to_have_text(
        "Black is played by the computer: wait for its move"
    )
    assert position(page) == first
    assert web_app.errors == []


def test_commands_and_the_log_in_french(web_app: AppPage) -> None:
    page = open_tor(web_app, query="?lang=fr")
    open_text_play(page)
    grid = page.get_by_role("grid", name="Plateau texte, rangée 8 en haut, colonne a à gauche")
    expect(grid).to_be_visible()
    for action in OPENING:
        type_command(page, action)
    type_command(page, "c3-d4")
    wait_position(page, Game(None, [*OPENING, "c3-d4"]).fen())
    assert log_lines(page)[-2:] == [
        "Noir pose un pion en e2.",
        "Blanc va de c3 en d4\u00a0; Noir reçoit le jeton bleu de c3\u00a0; "
        "c3 reste vide jusqu'à la fin de la partie.",
    ]
    assert answer_after(page, "à qui le tour") == "Noir joue et tient un jeton bleu"
    assert answer_after(page, "Légal d5-c4").startswith(
        "Après d5-c4, le jeton bleu peut aller en b1, d1, f1, a2"
    )
    type_command(page, "annuler")
    wait_position(page, Game(None, OPENING).fen())
    assert log_lines(page)[-1] == "Annulé\u00a0: c3-d4."
    assert web_app.errors == []


def test_the_keys_help_tells_of_the_text_board(web_app: AppPage) -> None:
    page = open_tor(web_app)
    page.locator("#board").focus()
    page.keyboard.press("?")
    dialog = page.get_by_role("dialog", name="Keys")
    expect(dialog).to_contain_text("On the text board")
    expect(dialog).to_contain_text("First or last square of the row.")
    expect(dialog).to_contain_text("Each square is read as its name, its tokens and the pawn")
    expect(dialog).to_contain_text("legal c3-d4")
    expect(dialog).to_contain_text("the text board, the command box")
    expect(dialog).not_to_contain_text("disc")
    assert web_app.errors == []


@pytest.mark.parametrize("path", ["tor.html", "index.html"])
def test_the_open_panel_has_no_axe_violations_in_light_and_dark(
    web_app: AppPage, path: str
) -> None:
    """Both games' panels, open and in use: a choice in progress and a log."""
    page = web_app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    web_app.open(path)
    web_app.two_players_here()
    open_text_play(page)
    type_command(page, "c3")
    expect(page.locator("#move-log p")).not_to_have_count(0)
    type_command(page, "board")
    found: list[str] = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found += violations(page, f"{path} with the text board open ({scheme})")
    assert found == []
    assert web_app.errors == []
