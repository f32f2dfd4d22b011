"""Continuous analysis for every game: the analysis board's engine, one depth
at a time.

An :class:`Analysis` keeps one search of one position (its transposition
table, killers and history) and deepens it one iteration per :meth:`step`,
so a page can show each depth as it completes and ask for the next, or stop
and ask about another position.  The AI worker (``web/py/ai_worker.py``,
``analyse``) keeps the analysis of the position shown and steps it once per
request.  The game's strongest evaluation, no book, no noise: the same
position gives the same lines everywhere.  Two players only, like the
review, whose labels (:meth:`mixtour.kit.review.Reviewer.label`: "White is
winning", "a forced win in 3") and expected result it reports with each
depth.

A game plugs in with :class:`AnalysisRules`: its reviewer (which names its
``Game``, players, scale and notation), how to make its searcher for a
position, and its error family.  Mixtour's is
:data:`mixtour.mixtour.ai.analysis.RULES`, Tor's :data:`mixtour.tor.ai.analysis.RULES`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic

from .protocol import P
from .review import Reviewer
from .search import INF, WIN, WIN_BOUND, Searcher, Stop, stoppable

__all__ = ["MAX_DEPTH", "Analysis", "AnalysisReport", "AnalysisRules"]

#: No analysis searches deeper than this (a page sets its own, lower cap).
MAX_DEPTH: Final = 30
# Forced actions (a pass, the only legal step) followed before the search starts.
_MAX_FORCED = 6


@dataclass(frozen=True, slots=True)
class AnalysisRules(Generic[P]):
    """One game's part of the analysis: ``review`` (its reviewer: the game
    from a start and actions, its players' letters, its scale, labels and
    notation), ``searcher(pos)`` (a search of ``pos`` with the game's
    strongest evaluation and hooks, no noise) and ``error`` (the game's error
    family, raised for a game the analysis cannot take)."""

    review: Reviewer[P]
    searcher: Callable[[P], Searcher[P]]
    error: type[Exception]


@dataclass(frozen=True, slots=True)
class AnalysisReport:
    """One completed depth: ``score`` for the first player (``WIN - n``: he
    wins in ``n`` plies) and ``white``, his expected result; the review's
    ``label`` of it, the principal line in the game's notation, the nodes
    and milliseconds spent so far, ``done`` once deeper search cannot change
    anything (a proven result, the game over, or :data:`MAX_DEPTH`), and the
    letter of the player to move."""

    depth: int
    score: int
    white: float
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
            # The first player's expected result, 0 to 1 (the bar beside the board).
            "white": round(self.white, 3),
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


class Analysis(Generic[P]):
    """The analysis of the position after ``actions`` from ``start``, over a
    game's ``rules`` (raises the game's errors for a bad game, and
    ``rules.error`` for three players)."""

    def __init__(self, rules: AnalysisRules[P], start: str, actions: Sequence[str]) -> None:
        self.rules = rules
        review = rules.review
        game = review.rules.game(start, list(actions))
        pos: P = game.position
        if pos.players != 2:
            raise rules.error("analysis is for two-player games")
        self.turn = pos.turn
        self.pos = pos
        # A forced action (a pass) is played first: the search scores the
        # position it leads to (as the review does).
        self.forced: list[int] = []
        while not pos.status and len(self.forced) < _MAX_FORCED:
            legal = pos.legal_actions()
            if len(legal) != 1:
                break
            pos.push(legal[0])
            self.forced.append(legal[0])
        self.order = [] if pos.status else pos.legal_actions()
        self.searcher = rules.searcher(pos)
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
        first = score if self.turn == 0 else -score
        review = self.rules.review
        text = review.rules.text
        report = AnalysisReport(
            depth,
            first,
            review.expected(first),
            review.label(first),
            tuple(text(code) for code in [*self.forced, *pv]),
            self.searcher.nodes,
            self.time_ms,
            done or abs(first) >= WIN_BOUND or depth >= MAX_DEPTH,
            review.rules.colors[self.turn],
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
        if pos.status:
            winner = pos.winner
            score = 0 if winner is None else WIN if winner == pos.turn else -WIN
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
