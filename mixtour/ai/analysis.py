"""Continuous analysis: the analysis board's engine, one depth at a time.

An :class:`Analysis` keeps one search of one position (its transposition
table, killers and history) and deepens it one iteration per :meth:`step`,
so a page can show each depth as it completes and ask for the next, or stop
and ask about another position. The AI worker (``web/py/ai_worker.py``,
``analyse``) keeps the analysis of the position shown and steps it once per
request. Master's evaluation, no book, no noise: the same position gives the
same lines everywhere. Two players only, like the review, whose labels
(:func:`mixtour.ai.review.label`: "White is winning", "a forced win in 3")
it reports with each depth.

>>> from mixtour.core import Position
>>> a = Analysis("5/5/rrw,1,ww,2/5/5 w 17/18 0/0 1 -", [])
>>> first = a.step()
>>> first.depth, first.pv[0], first.label, first.done
(1, 'a3:3-c3', {'side': 'w', 'kind': 'win', 'moves': 1}, True)
>>> b = Analysis("5/5/5/5/5 w 20/20 0/0 1 -", ["c3"])
>>> [b.step().depth for _ in range(3)]
[1, 2, 3]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..core import COLORS, Action, MixtourError, Position, Status
from ..game import Game
from ..kit.search import INF, Stop, stoppable
from .evaluate import Evaluator, weights_for
from .review import expected, label
from .search import WIN, WIN_BOUND, Searcher

__all__ = ["MAX_DEPTH", "Analysis", "AnalysisReport"]

#: No analysis searches deeper than this (a page sets its own, lower cap).
MAX_DEPTH: Final = 30
# Forced actions (passes) followed before the search starts.
_MAX_FORCED = 6


@dataclass(frozen=True, slots=True)
class AnalysisReport:
    """One completed depth: ``score`` for White (``WIN - n``: White wins in
    ``n`` plies), the review's ``label`` of it, the principal line in N1,
    the nodes and milliseconds spent so far, and ``done`` once deeper
    search cannot change anything (a proven result, the game over, or
    :data:`MAX_DEPTH`)."""

    depth: int
    score: int
    label: dict[str, Any]
    pv: tuple[str, ...]
    nodes: int
    time_ms: float
    done: bool
    turn: str

    def as_json(self) -> dict[str, Any]:
        return {
            "depth": self.depth,
            "score": self.score,
            # White's expected result, 0 to 1 (the bar beside the board).
            "white": round(expected(self.score), 3),
            "label": self.label,
            "pv": list(self.pv),
            "nodes": self.nodes,
            "time_ms": round(self.time_ms, 1),
            "done": self.done,
            "turn": self.turn,
        }


def _one_ply_further(score: int) -> int:
    if abs(score) < WIN_BOUND:
        return score
    return score - 1 if score > 0 else score + 1


class Analysis:
    """The analysis of the position after ``actions`` from ``start``
    (raises :class:`~mixtour.core.MixtourError` for a bad game or three
    players)."""

    def __init__(self, start: str, actions: Sequence[str]) -> None:
        game = Game(start, list(actions))
        pos = game.position
        if pos.players != 2:
            raise MixtourError("analysis is for two-player games")
        self.turn = pos.turn
        self.pos: Position = pos
        # A forced action (a pass) is played first: the search scores the
        # position it leads to (as the review does).
        self.forced: list[int] = []
        while not pos.is_over and len(self.forced) < _MAX_FORCED:
            legal = pos.legal_actions()
            if len(legal) != 1:
                break
            pos.push(legal[0])
            self.forced.append(legal[0])
        self.order = [] if pos.is_over else pos.legal_actions()
        self.searcher = Searcher(pos, Evaluator(weights_for(pos, tuned=True)))
        self.depth = 0
        self.time_ms = 0.0
        self.last: AnalysisReport | None = None

    @property
    def done(self) -> bool:
        return self.last is not None and self.last.done

    def _report(self, depth: int, score: int, pv: Sequence[int], done: bool) -> AnalysisReport:
        """``score`` is for the mover after the forced actions."""
        for _ in self.forced:
            score = -_one_ply_further(score)
        white = score if self.turn == 0 else -score
        line = [*self.forced, *pv]
        report = AnalysisReport(
            depth,
            white,
            label(white, self.turn),
            tuple(str(Action(code)) for code in line),
            self.searcher.nodes,
            self.time_ms,
            done or abs(white) >= WIN_BOUND or depth >= MAX_DEPTH,
            COLORS[self.turn],
        )
        self.last = report
        return report

    def step(
        self,
        *,
        time_ms: float | None = None,
        stop: Callable[[], bool] | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> AnalysisReport | None:
        """Search one depth more and report it; None when ``stop()`` turned
        true or ``time_ms`` ran out before the depth completed (the analysis
        keeps what it learnt, and a later step tries that depth again)."""
        if self.done:
            return self.last
        pos = self.pos
        if pos.is_over:
            score = 0
            if pos.status == Status.WIN:
                score = WIN if pos.winner == pos.turn else -WIN
            return self._report(0, score, (), True)
        if stop is not None and stop():
            return None
        s = self.searcher
        depth = self.depth + 1
        t0 = clock()
        s.clock = clock if stop is None else stoppable(clock, stop)
        s.deadline = math.inf if time_ms is None else t0 + time_ms / 1000
        s.can_stop = depth > 1
        try:
            score, move = s.root_search(depth, self.order, -INF, INF)
        except Stop:
            self.time_ms += (clock() - t0) * 1000
            return None
        self.time_ms += (clock() - t0) * 1000
        self.depth = depth
        return self._report(depth, score, s.principal_variation(move), False)
