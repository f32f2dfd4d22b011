"""Tor's puzzles (``mixtour/tor/ai/puzzles.py`` on ``mixtour/kit/puzzles.py``)
and the set the site ships, ``web/data/tor-puzzles.json``: every puzzle proved
again (a hem within its turns against every defence, no faster one, one first
action only), tampered lines refused, the command that checks a set, and the
generator replaying the set's first puzzles from the seed it records."""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from mixtour.tor.ai.puzzles import (
    MIN_CHOICES,
    RULES,
    Solver,
    check,
    find_puzzle,
    generate,
    read_set,
    refute,
    set_json,
)
from mixtour.tor.core import Position, action_text, parse_action

SHIPPED = Path(__file__).resolve().parent.parent / "web" / "data" / "tor-puzzles.json"
TEXT = SHIPPED.read_text(encoding="utf-8")
PUZZLES = read_set(TEXT)

# A hem in one three ways (seeded self-play): not a puzzle.
THREE_HEMS = (
    "oR.oYyBoYyR/.rYkbY..rB/...yRw.yB/bOwrYbY.../oB...../.....rO/oR.oBk.oRyB/bYrObOrB.. b O"
)


def first_of_length(n: int) -> dict[str, Any]:
    return next(p for p in PUZZLES if p["n"] == n)


def test_the_shipped_set() -> None:
    data = json.loads(TEXT)
    assert data["format"] == 1 and data["game"] == "tor" and data["players"] == 2
    assert data["seed"] == 2026
    assert data["command"] == "python -m mixtour tor puzzles --seed 2026 --count 150"
    assert len(PUZZLES) >= 150
    assert [p["id"] for p in PUZZLES] == list(range(1, len(PUZZLES) + 1))
    assert len({p["fen"] for p in PUZZLES}) == len(PUZZLES)
    assert [p["rating"] for p in PUZZLES] == sorted(p["rating"] for p in PUZZLES)
    lengths = Counter(p["n"] for p in PUZZLES)
    assert set(lengths) == {1, 2, 3} and min(lengths.values()) >= 30, lengths
    for p in PUZZLES:
        assert set(p) == {"id", "fen", "kind", "n", "line", "tries", "rating"}
        assert p["kind"] == "win" and len(p["line"]) == 2 * p["n"] - 1
        assert Position(p["fen"]).fen() == p["fen"]
        assert len(Position(p["fen"]).legal_actions()) >= MIN_CHOICES


def test_every_shipped_puzzle_holds() -> None:
    # All of them, with one solver: about a second on a shared machine.
    t0 = time.process_time()
    solver = Solver()
    failed = {p["id"]: problems for p in PUZZLES if (problems := check(p, solver))}
    assert failed == {}
    assert time.process_time() - t0 < 20


@pytest.mark.parametrize("n", [1, 2, 3])
def test_a_shipped_line_is_forced_and_each_step_unique(n: int) -> None:
    # What the checker proves, said again with the solver's plain questions.
    puzzle = first_of_length(n)
    pos = Position(puzzle["fen"])
    solver = Solver()
    me = pos.turn
    for step, text in enumerate(puzzle["line"]):
        left = n - step // 2
        if step % 2 == 0:
            assert [action_text(a) for a in solver.winning_moves(pos, left)] == [text]
            assert left == 1 or not solver.wins_within(pos, left - 1)
        pos.push(parse_action(text))
    assert pos.status and pos.winner == me  # the opponent is hemmed in (T4)
    assert not pos.legal_actions()


@pytest.mark.parametrize("n", [1, 2, 3])
def test_a_changed_first_action_is_refused(n: int) -> None:
    puzzle = first_of_length(n)
    assert check(puzzle) == []
    pos = Position(puzzle["fen"])
    for action in pos.legal_actions():
        text = action_text(action)
        if text != puzzle["line"][0]:
            problems = check({**puzzle, "line": [text, *puzzle["line"][1:]]})
            assert problems and problems[0].startswith("step 0: winning moves"), text


def test_a_second_winning_first_action_is_refused() -> None:
    pos = Position(THREE_HEMS)
    wins = Solver().winning_moves(pos, 1)
    assert len(wins) == 3 and find_puzzle(pos) is None
    for action in wins:
        stored = {"fen": THREE_HEMS, "kind": "win", "n": 1, "line": [action_text(action)]}
        others = [action_text(a) for a in wins]
        assert check(stored) == [f"step 0: winning moves {others}"]


def test_a_faster_win_is_refused() -> None:
    # A hem in 1 stored as a win in 2: the shorter win is found.
    puzzle = first_of_length(1)
    pos = Position(puzzle["fen"])
    first = parse_action(puzzle["line"][0])
    pos.push(first)
    assert pos.status  # the hem ends the game: no reply can follow
    problems = check({**puzzle, "n": 2, "line": [puzzle["line"][0], "a1-a2", "a2-a1"]})
    assert "step 0: a shorter win exists" in problems
    # A win in 2 whose first two actions are cut: a win in 1 is no puzzle of 2.
    two = first_of_length(2)
    assert check({**two, "n": 1, "line": two["line"][:1]}) != []


def test_a_reply_that_is_not_the_longest_defence_is_refused() -> None:
    # A reply after which the solver hems in 1 turn instead of 2, in the
    # first win in 3 that has one.
    solver = Solver()
    for puzzle in PUZZLES:
        if puzzle["n"] != 3:
            continue
        pos = Position(puzzle["fen"])
        me = pos.turn
        pos.push(parse_action(puzzle["line"][0]))
        shorter = [a for a in pos.legal_actions() if solver.reply_loses(pos, a, me, 1)]
        if shorter:
            reply = action_text(shorter[0])
            line = [puzzle["line"][0], reply, *puzzle["line"][2:]]
            assert f"step 1: {reply} is not a longest defence" in check({**puzzle, "line": line})
            return
    pytest.fail("no win in 3 has a reply that shortens it")


def test_a_position_with_too_few_actions_is_no_puzzle() -> None:
    # Two actions only: after the first placements of a cramped board.
    for p in PUZZLES:
        pos = Position(p["fen"])
        for action in pos.legal_actions():
            pos.push(action)
            if not pos.status and 0 < len(pos.legal_actions()) < MIN_CHOICES:
                fen = pos.fen()
                assert find_puzzle(Position(fen)) is None
                stored = {"fen": fen, "kind": "win", "n": 1, "line": ["a1-a2"]}
                assert check(stored)[0].startswith("the mover has fewer than")
                return
            pos.pop()
    pytest.fail("no cramped position found")


@pytest.mark.slow
def test_the_generator_replays_the_shipped_sets_first_puzzles() -> None:
    # The run that made the set (another process, on another day) found
    # these first, while every quota had room: the same seed and quotas give
    # them again, to the byte.
    quotas = {("win", 1): 50, ("win", 2): 50, ("win", 3): 50}
    first = generate(2, 2026, quotas=quotas)
    shipped = {p["fen"]: p for p in PUZZLES}
    assert [(p.id, p.length) for p in first] == [(1, 1), (2, 2)]
    for p in first:
        assert {**p.as_json(), "id": 0} == {**shipped[p.fen], "id": 0}
    assert read_set(set_json(first, 2026, "x")) == [p.as_json() for p in first]
    other = generate(1, 7, quotas=quotas)
    assert len(other) == 1 and other[0].fen not in {p.fen for p in first}
    assert check(other[0].as_json()) == []


@pytest.mark.slow
def test_the_quotas_shape_the_set() -> None:
    # The seed's first puzzle is a win in 2 (see above); with room for a
    # win in 1 only, the next one is taken.
    only = generate(1, 2026, quotas={("win", 1): 1})
    assert [(p.kind, p.length) for p in only] == [("win", 1)]
    assert only[0].as_json() == {**next(p for p in PUZZLES if p["fen"] == only[0].fen), "id": 1}


def test_the_command_checks_the_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from mixtour.__main__ import main

    assert main(["tor", "puzzles", "--check", str(SHIPPED), "-q"]) == 0
    assert capsys.readouterr().out == f"checked {len(PUZZLES)} puzzles: all hold\n"
    data = json.loads(TEXT)
    spoiled = next(p for p in data["puzzles"] if p["n"] == 2)
    spoiled["line"] = spoiled["line"][:-1]
    path = tmp_path / "set.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["tor", "puzzles", "--check", str(path)]) == 1
    assert f"puzzle {spoiled['id']}: a win in 2 needs 3 actions" in capsys.readouterr().out


def test_each_game_refuses_the_others_set(capsys: pytest.CaptureFixture[str]) -> None:
    from mixtour.__main__ import main

    mixtour_set = SHIPPED.with_name("puzzles.json")
    assert main(["puzzles", "--check", str(SHIPPED)]) == 2
    assert "the set is for 'tor', not for mixtour" in capsys.readouterr().err
    assert main(["tor", "puzzles", "--check", str(mixtour_set)]) == 2
    assert "the set does not say it is for tor" in capsys.readouterr().err


def test_the_rules_plug_in_is_tors() -> None:
    assert RULES.game == "tor" and RULES.self_play is not None
    assert 6 not in RULES.self_play.levels  # Master reads the clock


@pytest.mark.parametrize("n", [1, 2, 3])
def test_every_wrong_first_action_gets_an_answer_that_shows_it(n: int) -> None:
    """The puzzles page's answer to a wrong action (``refute``): a reply that
    hems the solver in at once, or one after which no hem is left in the
    turns that remain, each proved again by a fresh solver."""
    puzzle = first_of_length(n)
    pos = Position(puzzle["fen"])
    me = pos.turn
    outcomes: Counter[str] = Counter()
    for action in pos.legal_actions():
        if action_text(action) == puzzle["line"][0]:
            continue
        pos.push(action)
        answer = refute(pos, n)
        outcomes[answer.outcome] += 1
        assert answer.outcome in ("over", "wins", "escape", "none"), answer
        if answer.reply is not None:
            pos.push(parse_action(answer.reply))
            if answer.outcome == "wins":
                assert pos.status and pos.winner != me, answer
            else:
                need = max(n - 1, 1)
                assert answer.moves == need and not Solver().wins_within(pos, need), answer
            pos.pop()
        else:
            assert answer.outcome in ("over", "none")
        pos.pop()
    assert pos.fen() == puzzle["fen"], "the position is restored"
    # A wrong action in a longer win always lets the defender off the hook.
    if n > 1:
        assert set(outcomes) <= {"wins", "escape"}, outcomes
