"""A baseline opponent: the kind of engine other Mixtour programs ship.

Plain negamax with alpha-beta, deepening one ply at a time until its time
is up (or to a fixed depth), with no transposition table and no move
ordering.  Its evaluation counts the stacks each side tops, weighted by
height, plus a bonus for each tower that could be completed next move.
With three players it is paranoid, like the main search.  It exists to
measure the real AI against (``python -m mixtour arena master baseline``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

from ...core import SOURCES, Position, Status
from ..evaluate import TOP
from ..search import INF, WIN, SearchResult

__all__ = ["baseline_evaluate", "baseline_move"]

_HEIGHT: Final = (0, 1, 2, 3, 4)
_TOWER_BONUS: Final = 5


class _OutOfTime(Exception):
    pass


def baseline_evaluate(pos: Position, root: int) -> int:
    """Stacks topped, weighted by height, plus 5 per completable tower."""
    st = pos.stacks
    occ = pos.occupied
    value = [0, 0, 0]
    b = occ
    while b:
        low = b & -b
        t = low.bit_length() - 1
        b ^= low
        h = len(st[t])
        value[TOP[st[t]]] += _HEIGHT[h]
        for need, bit, src in SOURCES[t * 5 + h]:
            if occ & need == bit and len(st[src]) + h >= 5:
                value[TOP[st[src]]] += _TOWER_BONUS
    for c in range(pos.players):
        value[c] += 100 * pos.scores[c]
    others = [value[c] for c in range(pos.players) if c != root]
    return value[root] - max(others)


class _Baseline:
    __slots__ = ("pos", "root", "deadline", "nodes", "clock")

    def __init__(self, pos: Position, deadline: float, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.pos = pos
        self.root = pos.turn
        self.deadline = deadline
        self.nodes = 0

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        pos = self.pos
        self.nodes += 1
        if not self.nodes & 255 and self.clock() > self.deadline:
            raise _OutOfTime
        if pos.status:
            if pos.status == Status.WIN:
                mine = (pos.winner == self.root) == (pos.turn == self.root)
                return WIN - ply if mine else ply - WIN
            return 0
        if depth == 0:
            v = baseline_evaluate(pos, self.root)
            return v if pos.turn == self.root else -v
        best = -INF
        mover_is_root = pos.turn == self.root
        for m in pos.legal_actions():
            pos.push(m)
            try:
                if (pos.turn == self.root) == mover_is_root:
                    v = self.negamax(depth - 1, alpha, beta, ply + 1)
                else:
                    v = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
            finally:
                pos.pop()
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best


def baseline_move(
    pos: Position,
    *,
    time_ms: float | None = 1000,
    depth: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> SearchResult:
    """The baseline's choice: deepen until ``time_ms`` is spent (measured by
    ``clock``) or ``depth`` done."""
    t0 = clock()
    deadline = t0 + time_ms / 1000 if time_ms is not None else float("inf")
    b = _Baseline(pos, deadline, clock)
    moves = pos.legal_actions()
    best_move, best_score, done = moves[0], 0, 0
    max_depth = depth if depth is not None else 64
    for d in range(1, max_depth + 1):
        # The first ply always completes: the baseline never plays blind.
        b.deadline = deadline if d > 1 else float("inf")
        try:
            alpha = -INF
            move = moves[0]
            root_is = True
            for m in moves:
                pos.push(m)
                try:
                    if (pos.turn == b.root) == root_is:
                        v = b.negamax(d - 1, alpha, INF, 1)
                    else:
                        v = -b.negamax(d - 1, -INF, -alpha, 1)
                finally:
                    pos.pop()
                if v > alpha:
                    alpha, move = v, m
        except _OutOfTime:
            break
        best_move, best_score, done = move, alpha, d
        if abs(alpha) > WIN - 1000:
            break
    ms = (clock() - t0) * 1000
    return SearchResult(best_move, best_score, done, b.nodes, ms, (best_move,))
