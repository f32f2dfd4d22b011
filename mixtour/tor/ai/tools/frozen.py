"""Tor's Master of November 2026, kept as it was: the arena's ``master-v2``.

Its evaluation is written out here with its weights (the hand-written
ones), its hooks on the kit's search and its search switches are set
explicitly, so that changing :mod:`~mixtour.tor.ai.evaluate`,
:mod:`~mixtour.tor.ai.search`, :mod:`~mixtour.tor.ai.levels` or
:mod:`~mixtour.tor.ai.player` leaves it alone.  It shares the kit's
``Searcher`` (whose switches must keep meaning what they meant) and
:func:`~mixtour.tor.ai.tactics.winning_action` (exact: checked against
playing every action, so a faster one plays the same).
``python -m mixtour tor arena 6 master-v2`` then tells whether a change made
Master stronger.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

from ....kit.levels import Level
from ....kit.player import Choice
from ....kit.search import MUST_PARRY, WIN, WIN_NOW, GameRules, Searcher, SearchInfo, SearchResult
from ...core import NUM_SQUARES, TOP, Position
from ..tactics import around, steps_left, winning_action

__all__ = ["EvaluatorV2", "MASTER_V2", "master_v2_move", "master_v2_rules"]

#: Master's level then: no node budget, 2.5 s by the clock, no noise.
MASTER_V2: Final = Level(6, "Master", 64, None, 2_500, noise=0)

V2_STEPS: Final = (-400, -170, -70, -20, 10, 35, 55, 72, 86, 98, 108, 116, 122, 127, 131, 132, 133)
V2_HEMMED: Final = 45
V2_ROOM: Final = 6
V2_HAND_BLOCK: Final = 30
V2_TEMPO: Final = 8


class EvaluatorV2:
    """Master v2's evaluation: steps, a pawn hemmed in, room two steps away,
    the token in hand that closes one of the opponent's few steps, tempo."""

    __slots__ = ()

    def evaluate(self, pos: Position, root: int) -> int:
        squares = pos.squares
        tops = pos.tops
        p0, p1 = pos.pawns
        avail = pos.occupied & ~(p0 | p1)
        closed_by = [0, 0]
        for side, pawns in ((0, p0), (1, p1)):
            m = 0
            while pawns:
                low = pawns & -pawns
                m |= tops[TOP[squares[low.bit_length() - 1]]]
                pawns ^= low
            closed_by[side] = m
        score = [0, 0]
        steps_of = [0, 0]
        for side, pawns in ((0, p0), (1, p1)):
            free = avail & ~closed_by[1 - side]
            steps = around(pawns) & free
            n = steps.bit_count()
            steps_of[side] = n
            v = V2_STEPS[n]
            b = pawns
            while b:
                low = b & -b
                b ^= low
                if not around(low) & free:
                    v -= V2_HEMMED
            v += V2_ROOM * (around(steps) & free).bit_count()
            score[side] = v
        mover = pos.turn
        hand = pos.hand
        if hand >= 0:
            opp = 1 - mover
            if tops[hand] & closed_by[mover] and steps_of[opp] <= 3:
                score[mover] += V2_HAND_BLOCK * (4 - steps_of[opp])
        score[mover] += V2_TEMPO
        v = score[0] - score[1]
        return v if root == 0 else -v


def _tactics(pos: Position) -> int:
    if winning_action(pos) is not None:
        return WIN_NOW
    if not pos.placing and steps_left(pos, pos.turn).bit_count() <= 2:
        return MUST_PARRY
    return 0


def _wins_now(pos: Position) -> bool:
    return winning_action(pos) is not None


def master_v2_rules() -> GameRules[Position]:
    """Master v2's hooks: hems as wins now, two steps or fewer must parry."""
    return GameRules(
        tactics=_tactics,
        noisy_actions=None,
        promising_actions=None,
        wins_now=_wins_now,
        action_space=NUM_SQUARES << 12,
        history_from=0,
    )


def master_v2_move(
    pos: Position,
    seed: int,
    time_ms: float | None,
    clock: Callable[[], float] = time.process_time,
) -> int:
    """Master v2's action in ``pos`` (``time_ms`` of ``clock`` a move;
    ``None`` for its level's 2.5 s)."""
    choice = Choice(MASTER_V2, seed, clock, None, info=SearchInfo, answer=SearchResult)
    moves = pos.legal_actions()
    if len(moves) == 1:
        return moves[0]
    win = winning_action(pos)
    if win is not None:
        return choice.at_once(win, WIN - 1, depth=1, nodes=1).move
    s = Searcher(
        pos, master_v2_rules(), EvaluatorV2(), noise=0, salt=choice.rng.getrandbits(62), qdepth=0
    )
    s.lmr = True
    s.clock = clock
    s.see_wins = True
    s.exact_root = False
    s.extend = True
    s.threat_ext = True
    s.deep_lmr = False
    s.keep_partial = False
    s.rfp = 0
    s.lmp = ()
    s.lmr_from = 3
    return choice.search(s, moves, depth=None, nodes=None, time_ms=time_ms).move
