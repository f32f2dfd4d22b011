"""Puzzles made by the engine (``mixtour/mixtour/ai/puzzles.py``): the exact solver
against a plain AND/OR search, the generator's determinism, the refutation of
wrong moves, and every puzzle the site ships (``web/data/puzzles.json``)
proved again: unique at each of the solver's steps, forced against every
defence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_kit_puzzles import plain_reply_loses, plain_wins

from mixtour.mixtour.ai.puzzles import (
    DEFEND_DEPTH,
    Solver,
    check,
    find_puzzle,
    generate,
    read_set,
    refute,
    set_json,
)
from mixtour.mixtour.core import PASS, Action, Position, Status, action_text

SHIPPED = Path(__file__).resolve().parent.parent / "web" / "data" / "puzzles.json"

# The lesson's last step: a1-e5 puts White on top of a 4-high stack.
WIN_IN_ONE = "4,wrwr/5/5/5/w,3,r w 17/17 0/0 1 -"
# Positions of seeded self-play where the generator found a win in 2 or 3.
WIN_IN_TWO = "1,ww,2,w/wrw,rr,1,wr,1/1,rr,3/5/5 r 14/14 0/0 1 a4-b3"
WIN_IN_THREE = "1,ww,2,w/wrwr,rr,1,wr,1/5/5/5 r 14/15 0/0 1 b5-b4"
DEFEND = "1,ww,2,w/wrwr,2,wr,1/1,r,3/5/5 w 14/16 0/0 1 b3"


@pytest.mark.parametrize(
    ("fen", "shortest"),
    [(WIN_IN_ONE, 1), (WIN_IN_TWO, 2), (WIN_IN_THREE, 3), (DEFEND, 0), (None, 0)],
)
def test_the_solver_finds_the_shortest_win(fen: str | None, shortest: int) -> None:
    assert Solver().shortest_win(Position(fen)) == shortest


@pytest.mark.parametrize("fen", [WIN_IN_ONE, WIN_IN_TWO, WIN_IN_THREE, DEFEND])
def test_the_solver_agrees_with_a_plain_search(fen: str) -> None:
    pos = Position(fen)
    solver = Solver()
    for n in (1, 2):
        assert solver.wins_within(pos, n) == plain_wins(pos, n), n
        # Move by move too, the moves that win within n are the same.
        plain = []
        for action in pos.legal_actions():
            pos.push(action)
            wins = pos.status == Status.WIN and pos.winner == 1 - pos.turn
            if not pos.status and n > 1:
                me = 1 - pos.turn
                wins = all(plain_reply_loses(pos, r, me, n - 1) for r in pos.legal_actions())
            pos.pop()
            if wins:
                plain.append(action)
        assert solver.winning_moves(pos, n) == plain, n
    assert pos.fen() == fen and pos.ply == 0  # restored


def test_the_win_in_one_is_the_lessons_move() -> None:
    pos = Position(WIN_IN_ONE)
    assert [action_text(a) for a in Solver().winning_moves(pos, 1)] == ["a1-e5"]


def test_a_forced_pass_inside_a_proof() -> None:
    # White has no disc in reserve and no stack can move (the 4-high stacks
    # are out of every line's reach): White must pass (R7) and the turn goes
    # back to Red, who then forces a tower in 2; the solver follows the pass.
    pos = Position("5/5/1,wrrr,3/5/wwww,4 w 0/2 0/0 1 -")
    assert pos.legal_actions() == [PASS]
    solver = Solver()
    assert [solver.wins_within(pos, n) for n in (1, 2)] == [plain_wins(pos, n) for n in (1, 2)]
    pos.push(PASS)
    assert pos.turn == 1 and not pos.status
    assert [solver.wins_within(pos, n) for n in (1, 2)] == [False, True]
    assert plain_wins(pos, 2) and not plain_wins(pos, 1)


def test_a_defence_puzzle_has_one_move_that_holds() -> None:
    puzzle = find_puzzle(Position(DEFEND))
    assert puzzle is not None and puzzle.kind == "defend"
    solver = Solver()
    pos = Position(DEFEND)
    holding = []
    for action in pos.legal_actions():
        pos.push(action)
        if not pos.status and not solver.wins_within(pos, DEFEND_DEPTH):
            holding.append(action_text(action))
        pos.pop()
    assert holding == list(puzzle.line)


def test_find_puzzle_gives_a_unique_line() -> None:
    puzzle = find_puzzle(Position(WIN_IN_THREE))
    assert puzzle is not None
    assert (puzzle.kind, puzzle.length, len(puzzle.line)) == ("win", 3, 5)
    assert check(puzzle.as_json()) == []


def test_check_finds_a_tampered_puzzle() -> None:
    puzzle = find_puzzle(Position(WIN_IN_TWO))
    assert puzzle is not None
    data = puzzle.as_json()
    other = next(
        action_text(a)
        for a in Position(WIN_IN_TWO).legal_actions()
        if action_text(a) != data["line"][0]
    )
    assert check({**data, "line": [other, *data["line"][1:]]}) != []
    assert check({**data, "n": 3}) != []
    assert check({**data, "fen": "garbage"}) != []
    defend = find_puzzle(Position(DEFEND))
    assert defend is not None
    assert check({**defend.as_json(), "line": [other]}) != []


def test_refutations() -> None:
    pos = Position(WIN_IN_ONE)
    pos.push(Action.parse("e1-e5").code)  # Red's tower: the game is over
    assert refute(pos, "win", 1).outcome == "over"
    pos = Position(WIN_IN_TWO)
    puzzle = find_puzzle(pos)
    assert puzzle is not None
    wrong = next(a for a in pos.legal_actions() if action_text(a) != puzzle.line[0])
    pos.push(wrong)
    answer = refute(pos, "win", 2)
    assert answer.outcome in ("tower", "escape") and answer.reply is not None
    reply = Action.parse(answer.reply).code
    pos.push(reply)
    if answer.outcome == "tower":
        assert pos.status == Status.WIN and pos.winner == 1  # Red was defending
    else:
        assert not Solver().wins_within(pos, answer.moves)


@pytest.mark.slow
def test_the_generator_is_deterministic() -> None:
    # Any kind will do: a small run that stops early.
    quotas = {("win", 1): 3, ("win", 2): 3, ("win", 3): 3, ("defend", 1): 3}
    first = generate(3, seed=11, quotas=quotas)
    again = generate(3, seed=11, quotas=quotas)
    assert [p.as_json() for p in first] == [p.as_json() for p in again]
    assert set_json(first, 11, "x") == set_json(again, 11, "x")
    assert len(first) == 3 and all(check(p.as_json()) == [] for p in first)
    assert [p.id for p in first] == [1, 2, 3]
    assert [p.rating for p in first] == sorted(p.rating for p in first)
    other = generate(3, seed=12, quotas=quotas)
    assert [p.fen for p in other] != [p.fen for p in first]


def test_the_quotas_shape_the_set() -> None:
    only = generate(2, seed=11, quotas={("win", 2): 2})
    assert [(p.kind, p.length) for p in only] == [("win", 2), ("win", 2)]


def test_the_shipped_set() -> None:
    data = json.loads(SHIPPED.read_text(encoding="utf-8"))
    puzzles = read_set(SHIPPED.read_text(encoding="utf-8"))
    assert data["seed"] == 2026 and "python -m mixtour puzzles" in data["command"]
    assert len(puzzles) >= 300
    assert [p["id"] for p in puzzles] == list(range(1, len(puzzles) + 1))
    assert len({p["fen"] for p in puzzles}) == len(puzzles)
    kinds = {(p["kind"], p["n"]) for p in puzzles}
    assert kinds == {("win", 1), ("win", 2), ("win", 3), ("defend", 1)}


def test_every_shipped_puzzle_holds() -> None:
    solver = Solver()
    failed = {}
    for puzzle in read_set(SHIPPED.read_text(encoding="utf-8")):
        problems = check(puzzle, solver)
        if problems:
            failed[puzzle["id"]] = problems
    assert failed == {}


@pytest.mark.slow
def test_the_command_checks_a_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from mixtour.__main__ import main

    assert main(["puzzles", "--check", str(SHIPPED)]) == 0
    assert "all hold" in capsys.readouterr().out
    data = json.loads(SHIPPED.read_text(encoding="utf-8"))
    # A tampered copy: the first win in 2 claims a win in 3.
    spoiled = next(p for p in data["puzzles"] if p["kind"] == "win" and p["n"] == 2)
    spoiled["n"] = 3
    path = tmp_path / "set.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["puzzles", "--check", str(path)]) == 1
    assert f"puzzle {spoiled['id']}: a win in 3 needs 5 actions" in capsys.readouterr().out


@pytest.mark.parametrize("text", [None, "{not json", '{"puzzles": 3}', "[1, 2]", '{"x": 1}'])
def test_the_command_refuses_what_is_not_a_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | None
) -> None:
    from mixtour.__main__ import main

    path = tmp_path / "set.json"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    assert main(["puzzles", "--check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mixtour: cannot read the puzzle set") and err.count("\n") == 1


def test_a_set_of_odd_entries_is_reported_not_crashed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from mixtour.__main__ import main

    path = tmp_path / "set.json"
    path.write_text('{"puzzles": [3, {"fen": 1}, {"id": 9, "fen": "5/5/5/5/5 w 20/20 0/0 1 -"}]}')
    assert main(["puzzles", "--check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "puzzle #1: not a puzzle" in out and "puzzle None: unreadable" in out
    assert "puzzle 9: unreadable" in out
