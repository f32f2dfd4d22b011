"""The kit's puzzles (``mixtour/kit/puzzles.py``) for both games, through
each game's plug-in: the exact solver against a plain AND/OR search written
from the definition on the position protocol alone, the game's hints
(move order, "wins at once") changing no answer, the checker refusing a
tampered line, and the set's JSON naming its game."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from mixtour.kit import puzzles as kit
from mixtour.mixtour.ai.puzzles import RULES as MIXTOUR
from mixtour.tor.ai.puzzles import RULES as TOR

RULES: dict[str, kit.PuzzleRules[Any]] = {"mixtour": MIXTOUR, "tor": TOR}

# (game, position, the most own moves brute force searches here, shortest win)
CASES = [
    # Mixtour: the lesson's a1-e5, and positions of seeded self-play.
    ("mixtour", "4,wrwr/5/5/5/w,3,r w 17/17 0/0 1 -", 2, 1),
    ("mixtour", "1,ww,2,w/wrw,rr,1,wr,1/1,rr,3/5/5 r 14/14 0/0 1 a4-b3", 2, 2),
    ("mixtour", "1,ww,2,w/wrwr,2,wr,1/1,r,3/5/5 w 14/16 0/0 1 b3", 2, 0),
    # Tor, from seeded self-play: a hem in 1 three ways, a win in 2 four
    # ways, a win in 3 whatever the first step, a lone win in 3, and a
    # position with none within 3 though the opponent has one step.
    (
        "tor",
        "oR.oYyBoYyR/.rYkbY..rB/...yRw.yB/bOwrYbY.../oB...../.....rO/oR.oBk.oRyB/bYrObOrB.. b O",
        2,
        1,
    ),
    (
        "tor",
        "oB..yOoByR/..bRrB.rO/...yO../bO...bYrB/oY..yBk.yOk/bRrYw...rYw/..oY.oR./bRrYbO... w B",
        2,
        2,
    ),
    (
        "tor",
        "O.oY..yO/Bk....rYw/O...oByO/bO.bYrOw.rB/.yR.yB.yR/.rB.rY.rB/.yR.yBoByRk/.rObO..rB b O",
        3,
        3,
    ),
    (
        "tor",
        "OYkOw.oByR/..B..rYk/...yR../.rO.rYbO./oB.oByB.yR/bO.bR.bO./oB..yROwyR/bYrY.rO.rB w Y",
        3,
        3,
    ),
    (
        "tor",
        "oB...../bOrYbY..rO/.....yB/bYrBbRrO.rY/.YoYk..yR/...rBwbYrO/oYyOoRyOkoRw./..bR.bO. b B",
        3,
        0,
    ),
]
IDS = [f"{game}-{i}" for i, (game, *_) in enumerate(CASES)]


def plain_wins(pos: Any, n: int) -> bool:
    """A forced win within ``n`` own moves by the definition alone: no table,
    no ordering, every action of both sides pushed; who won is the
    protocol's ``status`` and ``winner``."""
    me = pos.turn
    for action in pos.legal_actions():
        pos.push(action)
        try:
            if pos.status:
                if pos.winner == me:
                    return True
                continue
            if n > 1 and all(plain_reply_loses(pos, r, me, n - 1) for r in pos.legal_actions()):
                return True
        finally:
            pos.pop()
    return False


def plain_reply_loses(pos: Any, reply: int, me: int, n: int) -> bool:
    pos.push(reply)
    try:
        if pos.status:
            return bool(pos.winner == me)
        return plain_wins(pos, n)
    finally:
        pos.pop()


def plain_winning_moves(pos: Any, n: int) -> list[int]:
    me = pos.turn
    moves = []
    for action in pos.legal_actions():
        pos.push(action)
        wins = bool(pos.status) and pos.winner == me
        if not pos.status and n > 1:
            wins = all(plain_reply_loses(pos, r, me, n - 1) for r in pos.legal_actions())
        pos.pop()
        if wins:
            moves.append(action)
    return moves


@pytest.mark.parametrize(("game", "fen", "depth", "shortest"), CASES, ids=IDS)
def test_the_solver_agrees_with_brute_force(game: str, fen: str, depth: int, shortest: int) -> None:
    rules = RULES[game]
    pos = rules.read(fen)
    solver = kit.Solver(rules)
    for n in range(1, depth + 1):
        assert solver.wins_within(pos, n) == plain_wins(pos, n), n
        assert solver.winning_moves(pos, n) == plain_winning_moves(pos, n), n
    assert solver.shortest_win(pos) == shortest
    assert pos.fen() == fen  # restored


@pytest.mark.parametrize(("game", "fen", "depth", "shortest"), CASES, ids=IDS)
def test_the_games_hints_change_no_answer(game: str, fen: str, depth: int, shortest: int) -> None:
    # The same proofs with the legal actions in their own order and every
    # action pushed to see a win at once: the hints only make it faster.
    rules = RULES[game]
    bare = dataclasses.replace(rules, order=None, wins_at_once=None)
    pos = rules.read(fen)
    hinted, plain = kit.Solver(rules), kit.Solver(bare)
    for n in range(1, kit.MAX_LENGTH + 1):
        assert hinted.winning_moves(pos, n) == plain.winning_moves(pos, n), n
    assert hinted.shortest_win(pos) == plain.shortest_win(pos) == shortest
    for attacking in (True, False):
        assert sorted(hinted.in_order(pos, attacking)) == sorted(pos.legal_actions())


@pytest.mark.parametrize("game", ["mixtour", "tor"])
def test_a_found_puzzle_checks_and_a_tampered_one_does_not(game: str) -> None:
    rules = RULES[game]
    # A win in 2 (Mixtour's), a lone win in 3 (Tor's).
    fen = CASES[1][1] if game == "mixtour" else CASES[6][1]
    puzzle = kit.find_puzzle(rules, rules.read(fen))
    assert puzzle is not None and puzzle.kind == "win"
    data = puzzle.as_json()
    assert kit.check(rules, data) == []
    assert len(data["line"]) == 2 * puzzle.length - 1
    other = next(
        rules.action_text(a)
        for a in rules.read(fen).legal_actions()
        if rules.action_text(a) != data["line"][0]
    )
    assert kit.check(rules, {**data, "line": [other, *data["line"][1:]]}) != []
    assert kit.check(rules, {**data, "n": puzzle.length + 1}) != []
    assert kit.check(rules, {**data, "line": data["line"][:-1]}) != []
    assert kit.check(rules, {**data, "kind": "mate"}) == [f"unknown task 'mate' {puzzle.length}"]
    assert kit.check(rules, {**data, "fen": "garbage"})[0].startswith("unreadable")
    assert kit.check(rules, [data]) == ["not a puzzle"]


@pytest.mark.parametrize("game", ["mixtour", "tor"])
def test_a_win_that_is_not_unique_makes_no_puzzle(game: str) -> None:
    rules = RULES[game]
    for g, fen, _, shortest in CASES:
        if g != game or not shortest:
            continue
        pos = rules.read(fen)
        wins = kit.Solver(rules).winning_moves(pos, shortest)
        found = kit.find_puzzle(rules, pos)
        if len(wins) > 1:
            assert found is None
            if shortest == 1:  # stored anyway, each winning move is refused
                for first in wins:
                    line = [rules.action_text(first)]
                    stored = {"fen": fen, "kind": "win", "n": 1, "line": line}
                    assert kit.check(rules, stored)[0].startswith("step 0: winning moves")
        else:
            assert found is not None and found.line[0] == rules.action_text(wins[0])


@pytest.mark.parametrize("game", ["mixtour", "tor"])
def test_a_set_names_its_game(game: str) -> None:
    rules = RULES[game]
    other = RULES["tor" if game == "mixtour" else "mixtour"]
    puzzle = kit.Puzzle(fen="x", kind="win", length=1, line=("a",), tries=0, rating=900, id=1)
    text = kit.set_json(rules, [puzzle], 5, "a command")
    data = json.loads(text)
    assert data["seed"] == 5 and data["command"] == "a command"
    assert data["puzzles"] == [puzzle.as_json()]
    assert data.get("game") == (None if game == "mixtour" else "tor")
    assert kit.read_set(rules, text) == [puzzle.as_json()]
    with pytest.raises(ValueError, match="the set"):
        kit.read_set(other, text)
    assert text.count("\n") == 3  # the head, one line a puzzle, the end
