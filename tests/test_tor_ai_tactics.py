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

from tactics import Suite, immediate_tests, winning_moves

from mixtour.tor.ai import choose_move
from mixtour.tor.ai.tactics import winning_action
from mixtour.tor.core import Position, action_text

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


def safe_moves(pos: Position) -> set[int]:
    """Actions after which the opponent cannot win at once."""
    out = set()
    for m in pos.legal_actions():
        pos.push(m)
        if pos.status or not winning_moves(pos):
            out.add(m)
        pos.pop()
    return out


SUITE = Suite(WINS, DEFENCES, Position, safe_moves, choose_move, action_text)
# The immediate wins and defences, tested as every game's are (tests/tactics.py).
globals().update(immediate_tests(SUITE))


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


def test_level_one_misses_some_hems_the_others_see() -> None:
    """Level 1 does not look past its own move: from some defence, it lets
    the opponent hem it in (what makes it a beginner)."""
    blunders = 0
    for fen in DEFENCES:
        safe = safe_moves(Position(fen))
        blunders += sum(SUITE.search(fen, 1, seed) not in safe for seed in (1, 2, 3))
    assert blunders > 0
