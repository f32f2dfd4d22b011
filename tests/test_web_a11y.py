"""Play without sight: the keys help, the text board, the command box and the
announcements of the game page, driven by the keyboard as a blind player would.

The words a screen reader reads are the text of the page's regions: the move
log (``#move-log``, role=log), the cursor region (``#cursor-live``), the
command answers (``#command-answer``) and the text board's cell labels. What
they should say is worked out here from the engine under CPython, so the page
must tell exactly what happened.
"""

from __future__ import annotations

import re

import pytest
from conftest import AppPage
from playwright.sync_api import Locator, Page, expect
from webhelpers import click_square, lift, play, position, square_index, wait_position_change

from mixtour.mixtour.ai import choose_move
from mixtour.mixtour.core import COLOR_NAMES, COLORS, Action, Position
from mixtour.mixtour.game import Game

# White builds a tower of five with White on top; every move lifts a whole stack.
WIN_GAME = ["d4", "c4", "d4-c4", "d4", "c4:2-d4", "c4", "d4:3-c4", "d4", "c4:4-d4"]
AI_TIMEOUT_MS = 180_000  # the worker boots Pyodide on a busy two-core machine

pytestmark = pytest.mark.browser


# -- what the page should say, from the engine ----------------------------------------


def name(color: str) -> str:
    return COLOR_NAMES[COLORS.index(color)]


def discs(count: int) -> str:
    return "1 disc" if count == 1 else f"{count} discs"


def said(before: Position, text: str) -> str:
    """The log's words for playing ``text`` in ``before`` (which is left unchanged)."""
    after = Position(before.fen())
    after.push(Action.parse(text).code)
    mover = name(COLORS[before.turn])
    action = Action.parse(text)
    if action.is_pass:
        return f"{mover} passes."
    if action.is_enter:
        return f"{mover} enters a disc on {text}."
    frm, to = text.split(":")[0].split("-")[0], text.split("-")[1]
    height = len(before.stacks[action.to]) + action.count
    words = f"{mover} moves {discs(action.count)} from {frm} to {to}; {to} is now {height} high"
    scorers = [
        name(c) for i, c in enumerate(COLORS[: after.players]) if after.scores[i] > before.scores[i]
    ]
    if scorers:
        words += f": {' and '.join(scorers)} scores"
    return words + "."


def said_for_game(actions: list[str], start: str | None = None) -> list[str]:
    """The log's lines for a game, with the page's notice when a side is left only a pass."""
    game = Game(start)
    lines = []
    for text in actions:
        lines.append(said(game.position, text))
        game.play(text)
        if not game.position.is_over and game.must_pass():
            turn = name(COLORS[game.position.turn])
            lines.append(f"{turn} cannot enter or move and must pass.")
    return lines


def label(square: str, stack: str) -> str:
    if not stack:
        return f"{square}, empty"
    if len(stack) == 1:
        return f"{square}, 1 disc: {name(stack)}"
    return f"{square}, {len(stack)} high, bottom to top: {', '.join(name(c) for c in stack)}"


# -- reading the page --------------------------------------------------------------------


# The first screen's "Two players here" (the app_page fixture's choice) is told
# in the log too; these tests read what comes after it.
CHOSEN = ("New game for two at this screen.", "Nouvelle partie à deux sur cet écran.")


def log_lines(page: Page) -> list[str]:
    lines = page.locator("#move-log p").all_text_contents()
    while lines and lines[0].startswith(CHOSEN):
        lines = lines[1:]
    return lines


def status(page: Page) -> str:
    return page.locator("#board").get_attribute("data-status") or ""


def cell(page: Page, square: str) -> Locator:
    return page.locator(f"#text-board [role=gridcell][data-square='{square_index(square)}']")


def focused_square(page: Page) -> str:
    index = page.evaluate("() => document.activeElement.dataset.square ?? null")
    assert index is not None, "no cell of the text board has the focus"
    return "abcde"[int(index) % 5] + str(int(index) // 5 + 1)


def stacks_of(fen: str) -> list[str]:
    return Position(fen).stacks


# -- keyboard drivers ----------------------------------------------------------------------


def arrows(frm: str, to: str) -> list[str]:
    """The arrow keys from one square to another on an unturned board."""
    df = "abcde".index(to[0]) - "abcde".index(frm[0])
    dr = int(to[1]) - int(frm[1])
    keys = ["ArrowRight" if df > 0 else "ArrowLeft"] * abs(df)
    return keys + ["ArrowUp" if dr > 0 else "ArrowDown"] * abs(dr)


def keyboard_play(page: Page, cursor: str, text: str, where: str) -> str:
    """Play an action with keys only: arrows to the square, a digit to lift, Enter to
    enter or drop. ``cursor`` is where the cursor is; returns where it ends. On the
    canvas each arrow is announced in the cursor region; on the text board the
    focused cell is checked."""
    before = position(page)

    def go(square: str) -> None:
        for key in arrows(cursor_at[0], square):
            page.keyboard.press(key)
        cursor_at[0] = square
        if where == "canvas":
            if cursor_at[0] != cursor_at[1]:
                stack = stacks_of(position(page))[square_index(square)]
                expect(page.locator("#cursor-live")).to_have_text(label(square, stack))
        else:
            assert focused_square(page) == square
        cursor_at[1] = square

    cursor_at = [cursor, cursor]
    if text == "pass":
        raise AssertionError("pass is typed, not keyed")
    action = Action.parse(text)
    if action.is_enter:
        go(text)
        page.keyboard.press("Enter")
    else:
        frm, to = text.split(":")[0].split("-")[0], text.split("-")[1]
        go(frm)
        page.keyboard.press(str(action.count))
        expect(page.locator("#board")).to_have_attribute("data-selection", f"{frm}:{action.count}")
        go(to)
        page.keyboard.press("Enter")
    wait_position_change(page, before)
    return cursor_at[0]


def type_command(page: Page, text: str) -> None:
    page.locator("#command").fill(text)
    page.keyboard.press("Enter")


def answer_after(page: Page, text: str) -> str:
    """Type a command and return the answer it gets (answers replace each other)."""
    page.evaluate("() => document.querySelector('#command-answer').replaceChildren()")
    type_command(page, text)
    expect(page.locator("#command-answer")).not_to_be_empty()
    return page.locator("#command-answer").text_content() or ""


def open_text_play(page: Page) -> None:
    toggle = page.locator("#text-play-toggle")
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    expect(page.locator("#text-board")).to_be_visible()


# -- the tests --------------------------------------------------------------------------------


def test_the_keys_help_opens_with_question_mark_and_its_button(app_page: AppPage) -> None:
    page = app_page.page
    dialog = page.get_by_role("dialog", name="Keys")
    page.locator("#board").focus()
    page.keyboard.press("?")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("lift its top disc")
    expect(dialog).to_contain_text("legal c4")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # The header's button opens it too, and says which key does.
    button = page.get_by_role("button", name="Keys")
    assert button.get_attribute("aria-keyshortcuts") == "?"
    button.click()
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    # A "?" typed in the command box is text, not a call for help.
    open_text_play(page)
    page.locator("#command").focus()
    page.keyboard.press("?")
    expect(dialog).to_be_hidden()
    expect(page.locator("#command")).to_have_value("?")
    # The hint says how to play with a mouse and with keys.
    hint = page.locator("#hint")
    expect(hint).to_contain_text("Click an empty square")
    expect(hint).to_contain_text("arrows, then Enter")
    assert app_page.errors == []


def test_a_whole_game_won_with_the_keyboard_only_on_the_board(app_page: AppPage) -> None:
    page = app_page.page
    page.locator("#board").focus()
    # The first arrow starts the cursor from c3; put it on c3 itself.
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#cursor-live")).to_have_text("c3, empty")
    cursor = "c3"
    for text in WIN_GAME:
        cursor = keyboard_play(page, cursor, text, "canvas")
    assert status(page) == "w-wins"
    expected = said_for_game(WIN_GAME)
    assert expected[-1] == "White moves 4 discs from c4 to d4; d4 is now 5 high: White scores."
    assert log_lines(page) == [*expected, "White wins: first to 1 point."]
    expect(page.locator("#result")).to_contain_text("White wins")
    assert app_page.errors == []


def test_a_whole_game_won_with_the_keyboard_only_on_the_text_board(web_app: AppPage) -> None:
    """A fresh visit played with the keyboard only: the first Tab reaches the skip
    link; a move typed on the text board while the first screen's choice shows
    starts a game for two at this screen, said in the log before the move."""
    app_page = web_app
    app_page.open()
    page = app_page.page
    page.keyboard.press("Tab")
    skip = page.locator("#skip-to-text")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()
    page.keyboard.press("Enter")
    expect(cell(page, "c3")).to_be_focused()
    expect(page.locator("#text-play-toggle")).to_have_attribute("aria-expanded", "true")
    cursor = "c3"
    for text in WIN_GAME:
        cursor = keyboard_play(page, cursor, text, "grid")
    assert status(page) == "w-wins"
    assert log_lines(page) == [*said_for_game(WIN_GAME), "White wins: first to 1 point."]
    # The focus stayed on the text board all game long.
    assert focused_square(page) == "d4"
    expect(cell(page, "d4")).to_have_attribute("aria-label", "d4, empty")
    assert app_page.errors == []


def test_enter_on_the_text_board_lifts_one_more_disc_each_time(app_page: AppPage) -> None:
    page = app_page.page
    for text in ["c3", "c4", "c4-c3", "b4"]:  # c3: White, Red; b4: Red
        play(page, text)
    open_text_play(page)
    page.locator("#text-play-toggle").focus()
    page.keyboard.press("Tab")
    expect(cell(page, "c3")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#board")).to_have_attribute("data-selection", "c3:1")
    expect(cell(page, "c3")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#cursor-live")).to_have_text("1 disc lifted from c3; targets: b4")
    expect(cell(page, "b4")).to_have_attribute("aria-label", "b4, 1 disc: Red, target")
    page.keyboard.press("Enter")
    expect(page.locator("#board")).to_have_attribute("data-selection", "c3:2")
    expect(cell(page, "c3")).to_have_attribute(
        "aria-label", "c3, 2 high, bottom to top: White, Red, 2 discs lifted"
    )
    page.keyboard.press("Escape")
    expect(page.locator("#board")).not_to_have_attribute("data-selection", re.compile("."))
    expect(cell(page, "c3")).to_have_attribute("aria-selected", "false")
    # What the board refuses is said as on the canvas.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # d3 is empty: White enters there
    before = wait_position_change(page, "5/1,r,3/2,wr,2/5/5 w 19/18 0/0 1 b4")
    assert log_lines(page)[-1] == "White enters a disc on d3."
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # e3: Red enters
    before = wait_position_change(page, before)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")  # lift d3: it can go to e3
    expect(page.locator("#cursor-live")).to_have_text("1 disc lifted from d3; targets: e3")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")  # b4 cannot move, and is not in line with d3
    expect(page.locator("#message")).to_contain_text("d3-b4 is not possible")
    assert position(page) == before
    page.keyboard.press("ArrowDown")  # back to row 3 (b3)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # d3 lifted again
    expect(page.locator("#board")).to_have_attribute("data-selection", "d3:1")
    # c3 can move too: Enter on it lifts it instead, which is no error.
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    expect(page.locator("#board")).to_have_attribute("data-selection", "c3:1")
    assert position(page) == before
    # Home and End go to the ends of the row, with Ctrl to the corners; ? opens the keys help.
    page.keyboard.press("Escape")
    page.keyboard.press("Home")
    assert focused_square(page) == "a3"
    page.keyboard.press("End")
    assert focused_square(page) == "e3"
    page.keyboard.press("Control+Home")
    assert focused_square(page) == "a5"
    page.keyboard.press("Control+End")
    assert focused_square(page) == "e1"
    page.keyboard.press("?")
    expect(page.get_by_role("dialog", name="Keys")).to_be_visible()
    assert app_page.errors == []


def test_the_text_board_follows_clicks_undo_redo_and_the_flip(app_page: AppPage) -> None:
    page = app_page.page
    open_text_play(page)
    grid = page.get_by_role("grid", name=re.compile("Text board"))
    expect(grid.get_by_role("gridcell")).to_have_count(25)
    expect(cell(page, "c3")).to_have_attribute("aria-label", "c3, empty")
    for text in ["c3", "b4", "b4-c3"]:
        play(page, text)
    expect(cell(page, "c3")).to_have_attribute("aria-label", label("c3", "wr"))
    expect(cell(page, "b4")).to_have_attribute("aria-label", "b4, empty")
    page.click("#undo")
    expect(cell(page, "c3")).to_have_attribute("aria-label", "c3, 1 disc: White")
    expect(cell(page, "b4")).to_have_attribute("aria-label", "b4, 1 disc: Red")
    assert log_lines(page)[-1] == "Took back b4-c3."
    page.click("#redo")
    expect(cell(page, "c3")).to_have_attribute("aria-label", label("c3", "wr"))
    assert log_lines(page)[-1] == "Replayed b4-c3."
    # A lift on the canvas shows on the text board, and the targets with it.
    play(page, "d4")
    lift(page, "c3", 2)
    expect(cell(page, "c3")).to_have_attribute("aria-selected", "true")
    expect(cell(page, "d4")).to_have_attribute("aria-label", "d4, 1 disc: Red, target")
    page.keyboard.press("Escape")
    expect(cell(page, "c3")).to_have_attribute("aria-selected", "false")
    # The flipped board is read from the other side: e1 first, a5 last.
    page.click("#flip-board")
    expect(grid).to_have_attribute("aria-label", re.compile("rank 1 at the top"))
    cells = grid.get_by_role("gridcell")
    expect(cells.first).to_have_attribute("aria-label", "e1, empty")
    expect(cells.nth(20)).to_have_attribute("aria-label", "e5, empty")
    expect(cells.last).to_have_attribute("aria-label", "a5, empty")
    expect(cell(page, "d4")).to_have_attribute("aria-label", "d4, 1 disc: Red")
    assert app_page.errors == []


def test_commands_answer_in_words(app_page: AppPage) -> None:
    page = app_page.page
    open_text_play(page)
    assert answer_after(page, "last") == "No action has been played yet"
    assert answer_after(page, "undo") == "There is nothing to undo"
    for text in ["c3", "c4", "c4-c3", "b4"]:
        type_command(page, text)
        expect(page.locator("#move-log p")).not_to_have_count(0)
    expected = said_for_game(["c3", "c4", "c4-c3", "b4"])
    assert log_lines(page) == expected
    fen = position(page)
    assert fen == "5/1,r,3/2,wr,2/5/5 w 19/18 0/0 1 b4"
    assert answer_after(page, "whose turn") == "White to move"
    assert answer_after(page, "Whose turn?") == "White to move"
    assert answer_after(page, "last") == f"Last action: {expected[-1][:-1]}"
    assert answer_after(page, "board") == (
        "White to move. b4, 1 disc: Red; c3, 2 high, bottom to top: White, Red. "
        "Empty squares: 23. White: 19 in reserve, score 0 of 1. Red: 18 in reserve, score 0 of 1."
    )
    # What c3 can do: the engine's targets for each number of discs.
    game = Game(fen)
    targets = game.moves_from(square_index("c3"))
    parts = []
    for count, tos in sorted(targets.items()):
        names = ["abcde"[t % 5] + str(t // 5 + 1) for t in sorted(tos)]
        where = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        parts.append(f"{discs(count)} to {where}")
    assert answer_after(page, "legal c3") == f"From c3: {'; '.join(parts)}"
    assert answer_after(page, "legal d2") == "d2 is empty: a disc can be entered there"
    assert answer_after(page, "legal z9") == "“z9” is not a square: squares go from a1 to e5"
    everything = answer_after(page, "legal")
    assert everything.startswith("White to move. Entering: on 23 empty squares. Moves: ")
    listed = set(everything.split("Moves: ")[1].rstrip(".").split(", "))
    assert listed == {str(a) for a in game.legal_actions() if a.is_move}
    # Refusals give the engine's reason; nonsense says what is understood.
    assert answer_after(page, "c3") == (
        "c3 is not possible: c3 is occupied: a disc can only be entered on an empty square"
    )
    assert answer_after(page, "pass").startswith("pass is not possible: ")
    assert (
        answer_after(page, "hello")
        == "“hello” is neither a move nor a command. Type help for the list."
    )
    assert "legal c4 (what c4 can do)" in answer_after(page, "help")
    assert position(page) == fen
    # undo and redo, typed: the log tells them.
    type_command(page, "undo")
    expect(page.locator("#board")).to_have_attribute("data-position", re.compile("c4-c3$"))
    assert log_lines(page)[-1] == "Took back b4."
    type_command(page, "REDO")
    expect(page.locator("#board")).to_have_attribute("data-position", fen)
    assert log_lines(page)[-1] == "Replayed b4."
    assert answer_after(page, "redo") == "There is nothing to redo"
    # The arrows bring back what was typed.
    command = page.locator("#command")
    command.press("ArrowUp")
    expect(command).to_have_value("redo")
    command.press("ArrowUp")
    expect(command).to_have_value("REDO")
    command.press("ArrowDown")
    expect(command).to_have_value("redo")
    command.press("ArrowDown")
    expect(command).to_have_value("")
    assert app_page.errors == []


def test_commands_in_french(web_app: AppPage) -> None:
    web_app.open("index.html?lang=fr")
    page = web_app.page
    open_text_play(page)
    type_command(page, "c3")
    expect(page.locator("#move-log p").last).to_have_text("Blanc pose une pièce en c3.")
    assert log_lines(page) == ["Blanc pose une pièce en c3."]
    assert answer_after(page, "plateau").startswith("Au tour de Rouge. c3, 1 pièce\u00a0: Blanc")
    assert answer_after(page, "Légal d2") == "d2 est vide\u00a0: on peut y poser une pièce"
    assert answer_after(page, "legal d2") == "d2 est vide\u00a0: on peut y poser une pièce"
    assert answer_after(page, "aide").startswith("Tapez un coup")
    type_command(page, "annuler")
    expect(page.locator("#board")).to_have_attribute("data-position", "5/5/5/5/5 w 20/20 0/0 1 -")
    assert answer_after(page, "passer").startswith("pass est impossible\u00a0: ")
    # Lists of stacks and of a stack's moves are joined as French writes a
    # semicolon: a no-break space before it.
    for text in ["c3", "c4", "c4-c3", "b4"]:
        type_command(page, text)
    expect(page.locator("#board")).to_have_attribute(
        "data-position", "5/1,r,3/2,wr,2/5/5 w 19/18 0/0 1 b4"
    )
    board = answer_after(page, "plateau")
    assert "Rouge\u00a0; c3, " in board, board
    moves = answer_after(page, "légal c3")
    assert moves.startswith("Depuis c3\u00a0: ") and "\u00a0; " in moves, moves
    assert not re.search("[^\u00a0]; ", board + moves), (board, moves)
    assert web_app.errors == []


def test_a_whole_game_through_the_command_box_against_the_computer(web_app: AppPage) -> None:
    web_app.open("index.html#p=5/5/5/5/5_w_8/8_0/0_1_-&ai=1")
    page = web_app.page
    page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=AI_TIMEOUT_MS)
    open_text_play(page)
    start = position(page)
    game = Game(start)
    for ply in range(80):
        if status(page) != "playing":
            break
        assert position(page) == game.fen()
        text = choose_move(game.position, level=3, seed=ply).text
        type_command(page, text)
        game.play(text)
        page.wait_for_function(
            """() => {
                const board = document.querySelector('#board');
                if (board.dataset.status !== 'playing') return true;
                return board.dataset.position.split(' ')[1] === 'w' && !board.dataset.thinking;
            }""",
            timeout=AI_TIMEOUT_MS,
        )
        expect(page.locator("#command-answer")).to_be_empty()
        if (
            position(page) != game.fen()
        ):  # the computer replied: its action ends the position string
            game.play(position(page).split()[-1])
    else:
        pytest.fail(f"the game did not end in 80 moves: {position(page)}")
    assert position(page) == game.fen()
    # Every action, the computer's too, is in the log in words, then the result.
    result = {
        "w-wins": "White wins: first to 1 point.",
        "r-wins": "Red wins: first to 1 point.",
        "draw-passes": "Draw: two passes in a row, nobody can act.",
        "draw-repetition": "Draw: the same position occurred a third time.",
    }[status(page)]
    expected = [*said_for_game([str(a) for a in game.actions()], start), result]
    lines = log_lines(page)
    assert len(lines) == min(40, len(expected))  # the log keeps the last 40
    assert lines == expected[-len(lines) :]
    assert web_app.errors == []


def test_a_forced_pass_is_told_and_typed(web_app: AppPage) -> None:
    # With 5 discs each, White has none left and nothing to move after these.
    actions = ["d2", "c2", "b3", "d1", "a2", "d1-d2", "e5", "c2-b3", "b1", "b1-a2"]
    web_app.open(f"index.html#p=5/5/5/5/5_w_5/5_0/0_1_-&m={','.join(actions[:-1])}")
    page = web_app.page
    open_text_play(page)
    type_command(page, actions[-1])
    expect(page.locator("#move-log p")).to_have_text(
        [
            "Red moves 1 disc from b1 to a2; a2 is now 2 high.",
            "White cannot enter or move and must pass.",
        ]
    )
    # The helper that the whole-game tests compare with says the same.
    assert said_for_game(actions, "5/5/5/5/5 w 5/5 0/0 1 -")[-2:] == log_lines(page)
    type_command(page, "pass")
    expect(page.locator("#move-log p").last).to_have_text("White passes.")
    assert position(page).endswith(" pass")
    assert web_app.errors == []


def test_cursor_words_and_move_words_go_to_separate_regions(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    assert log_lines(page) == ["White enters a disc on c3."]
    page.locator("#board").focus()
    page.keyboard.press("ArrowUp")
    expect(page.locator("#cursor-live")).to_have_text("c4, empty")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#cursor-live")).to_have_text("c3, 1 disc: White")
    # The cursor did not touch the log, and a move does not touch the cursor words.
    assert log_lines(page) == ["White enters a disc on c3."]
    click_square(page, "a1")
    page.wait_for_function(
        "() => document.querySelector('#move-log p:last-child').textContent.includes('a1')"
    )
    assert len(log_lines(page)) == 2
    expect(page.locator("#cursor-live")).to_have_text("c3, 1 disc: White")
    # The visible message shows the move without announcing it a second time.
    message = page.locator("#message")
    expect(message).to_have_text("Red played a1")
    assert message.locator("[aria-hidden=true]").count() == 1
    # A refusal is still announced by the message region.
    click_square(page, "a1")
    expect(message).to_contain_text("cannot move")
    assert message.locator("[aria-hidden=true]").count() == 0
    assert app_page.errors == []


def test_regions_dialogs_and_controls_have_roles_and_names(app_page: AppPage) -> None:
    page = app_page.page
    log = page.get_by_role("log", name="What happened")
    assert log.count() == 1
    cursor = page.locator("#cursor-live")
    assert cursor.get_attribute("aria-live") == "polite"
    assert page.locator("#command-answer").get_attribute("role") == "status"
    toggle = page.get_by_role("button", name="Text board and commands")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    assert toggle.get_attribute("aria-controls") == "text-play-body"
    expect(page.locator("#text-play-body")).to_be_hidden()
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    grid = page.get_by_role("grid", name="Text board, rank 5 at the top, file a on the left")
    expect(grid).to_be_visible()
    expect(grid.get_by_role("row")).to_have_count(5)
    cells = grid.get_by_role("gridcell")
    expect(cells).to_have_count(25)
    expect(cells.first).to_have_attribute("aria-label", "a5, empty")
    # One cell in the tab order (roving tabindex).
    assert page.locator("#text-board [tabindex='0']").count() == 1
    expect(page.get_by_role("textbox", name="Move or command")).to_be_visible()
    dialog = page.locator("#keys-dialog")
    assert dialog.get_attribute("aria-labelledby") == "keys-title"
    ids = page.evaluate("() => [...document.querySelectorAll('[id]')].map((el) => el.id)")
    assert len(ids) == len(set(ids)), "duplicate ids"
    # Kept for the next visit.
    page.reload()
    app_page.wait_ready()
    expect(page.locator("#text-play-toggle")).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#text-board")).to_be_visible()
    assert app_page.errors == []
