"""Frozen players: Master as it was, to measure new work against.

``master-v1`` is the Master of November 2026 (before any tuning): its
evaluation is copied here with its weights written out, and its search
features are set explicitly, so that changing :mod:`~mixtour.mixtour.ai.evaluate`
or the defaults of :class:`~mixtour.mixtour.ai.search.Searcher` does not change it.
A change to the search *code* must keep these switches meaning what they
meant (``python -m mixtour arena master master-v1`` then tells whether the
change made Master stronger).

``master-v2`` is the Master of the end of November 2026, the one that beat
the strongest other Mixtour program with half its time: its three sets of
fitted weights are written out here (:class:`EvaluatorV2`), its search
switches are set explicitly (:func:`master_v2_search`), and it plays the
opening book shipped then. What it shares with today's Master, the
evaluation's code, the search code (the kit's and Mixtour's hooks) and the
book, is pinned by ``tests/test_ai_frozen.py``: its evaluation of seeded
positions, fixed-depth searches that must visit the same nodes and choose
the same moves, and the book's entries. A change that moves those figures
changes master-v2 too: write what it changes out here first.
"""

from __future__ import annotations

from typing import Final

from ....kit.search import sharpen
from ...core import SOURCES, Position
from ..evaluate import TOP, Evaluator, Weights
from ..search import Searcher

__all__ = [
    "V1_HEIGHT",
    "V2_ONE_POINT",
    "V2_POINTS",
    "V2_THREE",
    "EvaluatorV1",
    "EvaluatorV2",
    "master_v1_search",
    "master_v2_search",
]

V1_HEIGHT: Final = (0, 10, 24, 40, 52)
V1_THREAT_WIN: Final = (260, 900, 1400)
V1_THREAT_POINT: Final = (500, 800, 1000)
V1_OWN_THREAT: Final = 60
V1_RESERVE: Final = 2
V1_POINT: Final = 1200
V1_NEAR_TOWER: Final = 6


class EvaluatorV1:
    """The evaluation of Master v1, word for word (threats, control, reserves)."""

    __slots__ = ()

    def evaluate(self, pos: Position, root: int) -> int:
        st = pos.stacks
        occ = pos.occupied
        top = TOP
        hw = V1_HEIGHT
        control = [0, 0, 0]
        threats = [0, 0, 0]
        near = [0, 0, 0]
        b = occ
        while b:
            low = b & -b
            t = low.bit_length() - 1
            b ^= low
            recv = st[t]
            h = len(recv)
            control[top[recv]] += hw[h]
            short = 5 - h
            for need, bit, src in SOURCES[t * 5 + h]:
                if occ & need == bit:
                    s = st[src]
                    n = len(s)
                    if n >= short:
                        threats[top[s]] += 1
                    elif n == short - 1:
                        near[top[s]] += 1
        turn = pos.turn
        scores = pos.scores
        reserves = pos.reserves
        target = pos.target
        players = pos.players
        point = V1_POINT if target > 1 else 0
        values = [0, 0, 0]
        for c in range(players):
            v = point * scores[c] + control[c] + V1_RESERVE * reserves[c] + V1_NEAR_TOWER * near[c]
            n = threats[c]
            if n:
                if c == turn:
                    v += V1_OWN_THREAT * (n if n < 3 else 3)
                else:
                    table = V1_THREAT_WIN if scores[c] + 1 >= target else V1_THREAT_POINT
                    v += table[n - 1 if n < 3 else 2]
            values[c] = v
        mine = values[root]
        if players == 2:
            return mine - values[1 - root]
        others = [values[c] for c in range(players) if c != root]
        return mine - max(others)


def master_v1_search(s: Searcher) -> None:
    """The search features of Master v1, set explicitly."""
    s.see_wins = True
    s.extend = True
    s.threat_ext = True
    s.lmr = True
    s.qdepth = 6
    s.noise = 0
    sharpen(s, False)


# ---------------------------------------------------------------------------
# Master v2

#: Master v2's weights in two-player games to one point (then TUNED_WEIGHTS).
V2_ONE_POINT: Final = Weights(
    height=(0, 54, 121, 238, 409),
    threat_win=(191, 412, 505),
    threat_point=(500, 800, 1000),
    own_threat=60,
    reserve=56,
    point=1200,
    near_tower=20,
    far_tower=42,
    tempo=66,
)
#: In two-player games to more points (then TUNED_POINTS_WEIGHTS).
V2_POINTS: Final = Weights(
    height=(0, 27, 130, 215, 280),
    threat_win=(213, 416, 200),
    threat_point=(89, 192, 201),
    own_threat=132,
    reserve=3,
    point=665,
    near_tower=21,
    far_tower=29,
    tempo=57,
)
#: In three-player games (then TUNED_THREE_WEIGHTS).
V2_THREE: Final = Weights(
    height=(0, -12, 3, -29, -74),
    threat_win=(40, -283, -382),
    threat_point=(500, 800, 1000),
    own_threat=60,
    reserve=25,
    point=1200,
    near_tower=-29,
    far_tower=7,
    tempo=-9,
)


class EvaluatorV2(Evaluator):
    """The evaluation of Master v2: today's :class:`~mixtour.mixtour.ai.evaluate.Evaluator`
    (its sums are pinned by ``tests/test_ai_frozen.py``) with the weights
    Master v2 took for the game of ``pos`` (its players and its target)."""

    __slots__ = ()

    def __init__(self, pos: Position) -> None:
        if pos.players == 3:
            super().__init__(V2_THREE)
        else:
            super().__init__(V2_ONE_POINT if pos.target == 1 else V2_POINTS)


def master_v2_search(s: Searcher) -> None:
    """The search switches of Master v2, set explicitly."""
    s.see_wins = True
    s.extend = True
    s.threat_ext = True
    s.lmr = True
    s.qdepth = 6
    s.noise = 0
    s.deep_lmr = True
    s.keep_partial = True
    s.rfp = 100
    s.lmp = ()
    s.lmr_from = 3
