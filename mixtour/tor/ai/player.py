"""``choose_move`` for Tor: the one entry point of Tor's computer player.

It searches the position in place with the kit's search and Tor's hooks,
restores it, and returns the move with its depth, score, principal line,
node count and time (a :class:`~mixtour.kit.search.SearchResult`).

>>> from mixtour.tor.core import Position, action_text
>>> pos = Position("OYOYOY/BRBRBR/OYwOYOY/BRBRkBR/OYOYwOY/BR.RBR/OYOYOkY/BRBRBR b B")
>>> result = choose_move(pos, level=3, seed=1)
>>> pos.is_legal(result.move), pos.fen()[-3:]
(True, 'b B')
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ...kit.search import (
    WIN,
    WIN_BOUND,
    Searcher,
    SearchInfo,
    SearchResult,
    StaticEvaluator,
    deepen,
    stoppable,
)
from ..core import Position, TorError
from .evaluate import Evaluator
from .levels import LEVELS
from .search import tor_rules
from .tactics import winning_action

__all__ = ["choose_move"]


def choose_move(
    position: Position,
    *,
    level: int | None = None,
    time_ms: float | None = None,
    depth: int | None = None,
    nodes: int | None = None,
    seed: int | None = None,
    evaluator: StaticEvaluator[Position] | None = None,
    on_info: Callable[[SearchInfo], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    stop: Callable[[], bool] | None = None,
) -> SearchResult:
    """Choose an action for the player to move in ``position``.

    ``level`` (1-6, default 6) sets the budget and the kind of mistakes;
    ``time_ms``, ``depth`` and ``nodes`` override its limits.  With a depth
    or node limit and a seed the result is the same on every run.  The
    position's history counts for the repetition rule (T5).  ``stop`` is
    asked every 1024 nodes after the first iteration; when it answers true
    the search ends at once with the best move found so far.
    """
    if position.status:
        raise TorError("the game is over: there is no move to choose")
    lv = LEVELS[6 if level is None else level]
    if seed is None:
        seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    t0 = clock()
    iterations: list[SearchInfo] = []

    def result(move: int, score: int, d: int, n: int, pv: tuple[int, ...]) -> SearchResult:
        ms = (clock() - t0) * 1000
        return SearchResult(move, score, d, n, ms, pv, tuple(iterations), lv.number, seed)

    def report(info: SearchInfo) -> None:
        iterations.append(info)
        if on_info is not None:
            on_info(info)

    moves = position.legal_actions()
    if len(moves) == 1:
        report(SearchInfo(0, 0, 0, (clock() - t0) * 1000, (moves[0],)))
        return result(moves[0], 0, 0, 0, (moves[0],))
    if lv.see_wins:
        win = winning_action(position)
        if win is not None:
            report(SearchInfo(1, WIN - 1, 1, (clock() - t0) * 1000, (win,)))
            return result(win, WIN - 1, 1, 1, (win,))

    s = Searcher(
        position,
        tor_rules(),
        evaluator if evaluator is not None else Evaluator(),
        noise=lv.noise,
        salt=rng.getrandbits(62),
        qdepth=0,
    )
    s.clock = clock if stop is None else stoppable(clock, stop)
    s.see_wins = lv.see_wins
    s.exact_root = lv.pick_chance > 0
    max_depth = max(1, min(depth if depth is not None else lv.max_depth, 60))
    if nodes is not None:
        s.max_nodes = nodes
    elif lv.max_nodes is not None and depth is None:
        s.max_nodes = lv.max_nodes
    budget = time_ms
    if budget is None and depth is None and nodes is None:
        budget = lv.time_ms
    if budget is not None:
        s.deadline = t0 + budget / 1000
    found = deepen(s, moves, max_depth, t0=t0, clock=clock, info=SearchInfo, on_info=report)
    move, score, pv = found.move, found.score, found.pv
    if lv.pick_chance > 0 and s.root_scores and rng.random() < lv.pick_chance:
        move = _near_best(s.root_scores, score, lv.pick_margin, rng)
        if move != pv[0]:
            pv, score = (move,), s.root_scores[move]
    return result(move, score, found.depth, s.nodes, pv)


def _near_best(scores: dict[int, int], best: int, margin: int, rng: random.Random) -> int:
    """A random move within ``margin`` of ``best``; never a proven loss
    when the best move is not one."""
    floor = best - margin
    if best > -WIN_BOUND:
        floor = max(floor, -WIN_BOUND + 1)
    return rng.choice(sorted(m for m, v in scores.items() if v >= floor))
