"""Tactics Tor's computer player must never miss from level 3 up (T4: the
player to move who has no step loses).

Each position (T7) is either a *win*: the mover can leave the opponent
without a step at once, and must; or a *defence*: the mover cannot, some of
his turns let the opponent do it next, and the AI must choose one of the
others.  The sets of right answers are computed here by pushing every
action, never hard-coded.  The positions come from seeded games between
levels 1 and 2 (a scan over games seeded 1000 and up), from the pawn drops
to the late middle game.

The search sees a hem through :func:`~mixtour.tor.ai.tactics.winning_action`,
which finds it from bit masks without pushing a move; it is checked here
against pushing every action, on every position of seeded random games.
"""

from __future__ import annotations

import random

import pytest

from mixtour.tor.ai import choose_move
from mixtour.tor.ai.tactics import winning_action
from mixtour.tor.core import Position, Status, action_text

WINS = [
    "oB.oYyRk../bR.Bw.../oR.oRyB../bYrO..bY./.yO..../bOrObY..rY/oRyO..../bYrY.rYwbOkrB w O",
    "OYOY.Y/BkRBkRwbOR/OwYO.OY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR w Y",
    "oByB...yO/bOrOw...rO/oY.oYk..Y/bY..rB.rYk/.yR...yR/bR...bRw./oByOoY.../bYrO.rBbRrO w B",
    "..OyB.yB/bYrObRR.R/oRwYoB.OyO/bO...BRw/oY.O.OkY/B..R.R/oByROY.Y/bRRBkRbY. b Y",
    "OYOYOY/BRBrBBR/oYYOYOyR/BRbORk.R/OY.YoY./BrBk...R/Ow.OyR.Yw/B.BRBrB b O",
    "oY....yO/bOrY.rB../oR...../bY.bYrY../oByRwoYyR.yB/.....rOk/oR.oB.../BwRbOkrBbRrO w Y",
    ".YoYyOoYyR/.rB.rBBrB/.yRoR.oRyO/Bw.bY..rB/O..yRk.yO/bOk...../....OyBw/bY..rObRrO b B",
    "OyROYOY/BRBrYBRk/OyBw...yB/BrO.RBR/oYw.oY.OY/...rObYR/...yOOyB/BRk.rBBR w O",
    "oRyRoB..yR/BrB..bOw./.yBOyOw../...Rk../.yO..../...rYbRrO/oYyBO.oByR/bYrYBkrBbOrO b Y",
    "OYOYOY/BRBRBR/OYOyOOY/BRBRBR/OYOYOY/B.BwRBR/Ok..YkOY/BRBwRBrY b R",
    "OYOyBOY/BRBRBR/OYOYOY/BRBwRBR/OYOYOY/BRBRBR/OY.YwOY/BRBRk.Rk w O",
    "OYOYOY/bR.BRBRk/.Yk.Y../BrBw..BwrO/OYOYOY/BRBrYbOR/OYOYOY/bRRBRBR b O",
    "OwYoYk..yB/.rY..bO./OyB..oB./.rBbY..rO/...yO.Y/bOrYbRrY.rBk/oBYoR.../bRrYbR..rOw b O",
    "OyO..oByB/.rYbR.bOwrY/.....yO/BkrY.rObRR/oYY...yO/bR.bO.bO./OY..oY./.rYwBk.bRrB w R",
]

DEFENCES = [
    "oBYOyROY/BrOB.BwR/OYk.Y.Y/..B.BR/OyB.YOyO/bR..RkBrO/OwY..OyR/bRRbORBR w Y",
    "oByOOyR../bOrOBk..Rw/O..yR.yB/..B.BkR/oYyB..OyO/bR....rO/.yB..OyR/bRwrYbORbYR w Y",
    "oByOOyR../bOrOk...Rw/O..yR.yB/..bR.BkR/oYyB..OyO/bR....rO/.yB..OyR/bYrYwbORbYR w B",
    "O.OYOY/.rBbOkRBR/oYYOYOY/BRBRBR/.YkoYYOY/BRbRRbORw/O.OY.Y/BRwB..R w B",
    "O.OYOY/.rBbOkRBR/oYYOYOY/BRBRBR/..oYkYOY/bRRbRRbORw/O.OY.yB/Bw.B..R w Y",
    "OYOyRoYwY/BR.rY.Rk/OyR...Y/bRrYwBRbO./oByO..O./BR..B./oRyB..OkY/bORB.bOrY b B",
    "OYOYk.Y/Bw.bOrBbRR/O.OYOY/BRBRB./OyROYOwY/BRk.RBR/O.oYYOY/BRBRBR w Y",
    "OYO..yB/..bOrBkbRR/Ow.OYOY/BRBRB./OyROYOwY/BRk.RBR/O.oYYOY/BRBRBrY w Y",
    "oYYOk..yB/..BRbRR/..OYoRwY/BRbR.B./OYwOk..yB/B..RbYR/O.oYYOY/BRbOrObOrY b R",
    "OYOY../BRBR.Rk/OYOYOwY/BRBwRBR/OYOYOY/BRBRBR/OYOYkOY/BrYBRbOR b B",
    "oByRwOyR../bOrBbO.../oRyOOyB../bYR..bY./OkY..../BRBRw.rY/oRY..OyO/BRBkrYbOR b Y",
    "oByRoYwyR../bOrBbO.../oRyOOyB../bYR..bY./OkY..../BRBRw.rY/oRY..OY/BRBkrYbOR w O",
    "OYOYOY/BRBRBR/OYOYwOkY/bRRbORBRw/OYOkYO./BR.RB./OY.YOY/BRBRBrY w B",
]

LEVELS = [3, 4, 5, 6]


def winning_moves(pos: Position) -> set[int]:
    """Actions after which the mover has won (T4)."""
    me = pos.turn
    out = set()
    for m in pos.legal_actions():
        pos.push(m)
        if pos.status == Status.WIN and pos.winner == me:
            out.add(m)
        pos.pop()
    return out


def safe_moves(pos: Position) -> set[int]:
    """Actions after which the opponent cannot win at once."""
    out = set()
    for m in pos.legal_actions():
        pos.push(m)
        if pos.status or not winning_moves(pos):
            out.add(m)
        pos.pop()
    return out


def _search(fen: str, level: int, seed: int) -> int:
    pos = Position(fen)
    # Master plays on the clock; in a test it gets a node budget instead.
    nodes = 4000 if level == 6 else None
    result = choose_move(pos, level=level, seed=seed, nodes=nodes)
    assert pos.fen() == fen, "the search must leave the position as it found it"
    return result.move


def test_the_hem_detector_agrees_with_playing_every_action() -> None:
    rng = random.Random(3)
    seen = wins = 0
    for _ in range(40):
        pos = Position()
        while not pos.status:
            found = winning_action(pos)
            wins_here = winning_moves(pos)
            assert (found is None) == (not wins_here), pos.fen()
            assert found is None or found in wins_here, pos.fen()
            seen += 1
            wins += found is not None
            pos.push(rng.choice(pos.legal_actions()))
    # Random games end in hems: the check met many of them, with a token in
    # hand of every kind.
    assert seen > 1000 and wins > 40


def test_the_suite_is_varied() -> None:
    positions = [Position(f) for f in WINS + DEFENCES]
    assert len(WINS) >= 12 and len(DEFENCES) >= 12
    assert {p.turn for p in positions} == {0, 1}
    assert {p.hand for p in positions} == {0, 1, 2, 3}
    assert len({p.fen() for p in positions}) == len(positions)


@pytest.mark.parametrize("fen", WINS)
def test_win_position_is_a_win(fen: str) -> None:
    pos = Position(fen)
    wins = winning_moves(pos)
    assert wins, "the mover must have a winning action"
    assert len(wins) < len(pos.legal_actions())


@pytest.mark.parametrize("fen", DEFENCES)
def test_defence_position_needs_a_defence(fen: str) -> None:
    pos = Position(fen)
    assert not winning_moves(pos), "a defence position has no immediate win"
    safe = safe_moves(pos)
    assert safe, "some action must avoid an immediate loss"
    assert len(safe) < len(pos.legal_actions()), "some action must lose at once"


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("fen", WINS)
def test_ai_plays_the_immediate_win(fen: str, level: int) -> None:
    wins = winning_moves(Position(fen))
    for seed in (1, 2):
        move = _search(fen, level, seed)
        assert move in wins, f"level {level} played {action_text(move)}"


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("fen", DEFENCES)
def test_ai_never_leaves_an_immediate_win(fen: str, level: int) -> None:
    safe = safe_moves(Position(fen))
    move = _search(fen, level, seed=level)
    assert move in safe, f"level {level} played {action_text(move)}, which loses at once"


def test_level_one_misses_some_hems_the_others_see() -> None:
    """Level 1 does not look past its own move: from some defence, it lets
    the opponent hem it in (what makes it a beginner)."""
    blunders = 0
    for fen in DEFENCES:
        safe = safe_moves(Position(fen))
        blunders += sum(_search(fen, 1, seed) not in safe for seed in (1, 2, 3))
    assert blunders > 0
