"""Frozen players: today's Master kept as it was, to measure new work against.

``master-v1`` is the Master of November 2026 (before any tuning): its
evaluation is copied here with its weights written out, and its search
features are set explicitly, so that changing :mod:`~mixtour.mixtour.ai.evaluate`
or the defaults of :class:`~mixtour.mixtour.ai.search.Searcher` does not change it.
A change to the search *code* must keep these switches meaning what they
meant (``python -m mixtour arena master master-v1`` then tells whether the
change made Master stronger).
"""

from __future__ import annotations

from typing import Final

from ...core import SOURCES, Position
from ..evaluate import TOP
from ..levels import sharpen
from ..search import Searcher

__all__ = ["EvaluatorV1", "V1_HEIGHT", "master_v1_search"]

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
