"""The frame of a computer player's choice, for every game.

A game's ``player.py`` (``choose_move``) makes a
:class:`Choice`, answers at once where it can (one legal action, a win in
one, a book move: :meth:`Choice.at_once`), builds the game's ``Searcher``,
lets :meth:`Choice.prepare` set the level's switches, adds its own, and
ends with :meth:`Choice.search`: the level's budget (or the caller's
depth, nodes and time), iterative deepening, and a weak level's near-best
pick. The random choices come from one generator seeded by ``seed`` in a
fixed order, so a seeded search with a depth or node budget replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from .errors import GameError
from .levels import Level
from .protocol import GamePosition
from .search import (
    WIN,
    WIN_BOUND,
    Searcher,
    SearchInfo,
    SearchResult,
    deepen,
    sharpen,
    stoppable,
)

__all__ = ["Choice"]

#: The deepest any level searches.
MAX_DEPTH = 60

R = TypeVar("R", bound=SearchResult)


class Choice(Generic[R]):
    """One choice of a move in progress: the level, the seeded generator,
    the clock and the iterations reported so far. ``info`` and ``answer``
    are the game's classes of an iteration's report and of the result."""

    def __init__(
        self,
        level: Level,
        seed: int | None,
        clock: Callable[[], float],
        on_info: Callable[[Any], None] | None,
        *,
        info: type[SearchInfo],
        answer: type[R],
    ) -> None:
        self.level = level
        self.info = info
        self.answer = answer
        self.seed = random.randrange(1 << 30) if seed is None else seed
        self.rng = random.Random(self.seed)
        self.clock = clock
        self.t0 = clock()
        self.iterations: list[SearchInfo] = []
        self.on_info = on_info

    def elapsed_ms(self) -> float:
        return (self.clock() - self.t0) * 1000

    def report(self, info: SearchInfo) -> None:
        self.iterations.append(info)
        if self.on_info is not None:
            self.on_info(info)

    def result(self, move: int, score: int, depth: int, nodes: int, pv: tuple[int, ...]) -> R:
        ms, lv = self.elapsed_ms(), self.level.number
        return self.answer(move, score, depth, nodes, ms, pv, tuple(self.iterations), lv, self.seed)

    def at_once(self, move: int, score: int = 0, depth: int = 0, nodes: int = 0) -> R:
        """A move found without a search (the only one, a win in one, the book's)."""
        self.report(self.info(depth, score, nodes, self.elapsed_ms(), (move,)))
        return self.result(move, score, depth, nodes, (move,))

    def unsearched(
        self,
        position: GamePosition,
        error: type[GameError],
        win: Callable[[], int | None] | None,
    ) -> tuple[list[int], R | None]:
        """The legal actions of ``position`` and the answer where no search is
        needed: the only legal action, or the win in one that ``win`` (the
        game's test, ``None`` where the game does not look) finds; the game's
        ``error`` when the game is over."""
        if position.status:
            raise error("the game is over: there is no move to choose")
        moves = position.legal_actions()
        if len(moves) == 1:
            return moves, self.at_once(moves[0])  # a forced action: nothing to search
        found = None if win is None else win()
        if found is not None:
            return moves, self.at_once(found, WIN - 1, depth=1, nodes=1)
        return moves, None

    def prepare(self, s: Searcher[Any], stop: Callable[[], bool] | None) -> None:
        """The level's switches on a new searcher, and the caller's ``stop``."""
        lv = self.level
        s.clock = self.clock if stop is None else stoppable(self.clock, stop)
        s.see_wins = lv.see_wins
        s.exact_root = lv.pick_chance > 0
        sharpen(s, lv.sharp, lv.rfp, lv.lmp, lv.lmr_from)

    def search(
        self,
        s: Searcher[Any],
        moves: list[int],
        *,
        depth: int | None,
        nodes: int | None,
        time_ms: float | None,
    ) -> R:
        """Search to the level's budget, or to the caller's ``depth``, ``nodes``
        and ``time_ms`` (whichever comes first), then let a weak level err."""
        lv = self.level
        # The level's node budget and depth cap hold unless a depth or node limit
        # is given; ``time_ms`` is one more cap (and the clock of a timed level).
        max_depth = max(1, min(depth if depth is not None else lv.max_depth, MAX_DEPTH))
        if nodes is not None:
            s.max_nodes = nodes
        elif lv.max_nodes is not None and depth is None:
            s.max_nodes = lv.max_nodes
        budget = time_ms
        if budget is None and depth is None and nodes is None:
            budget = lv.time_ms
        if budget is not None:
            s.deadline = self.t0 + budget / 1000
        found = deepen(
            s, moves, max_depth, t0=self.t0, clock=self.clock, info=self.info, on_info=self.report
        )
        move, score, pv = found.move, found.score, found.pv
        if lv.pick_chance > 0 and s.root_scores and self.rng.random() < lv.pick_chance:
            move = self._near_best(s.root_scores, score)
            if move != pv[0]:
                pv, score = (move,), s.root_scores[move]
        return self.result(move, score, found.depth, s.nodes, pv)

    def _near_best(self, scores: dict[int, int], best: int) -> int:
        """A random move within the level's margin of ``best``; never a proven
        loss when the best move is not one."""
        floor = best - self.level.pick_margin
        if best > -WIN_BOUND:
            floor = max(floor, -WIN_BOUND + 1)
        return self.rng.choice(sorted(m for m, v in scores.items() if v >= floor))
