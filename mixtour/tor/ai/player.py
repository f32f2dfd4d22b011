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

import time
from collections.abc import Callable

from ...kit.player import Choice
from ...kit.search import Searcher, SearchInfo, SearchResult, StaticEvaluator
from ..core import Position, TorError
from .evaluate import TUNED_WEIGHTS, Evaluator
from .levels import LEVELS
from .search import tor_rules
from .tactics import winning_action

__all__ = ["choose_move"]


def choose_move(
    position: Position,
    *,
    level: int | None = None,
    evaluator: StaticEvaluator[Position] | None = None,
    time_ms: float | None = None,
    depth: int | None = None,
    nodes: int | None = None,
    seed: int | None = None,
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
    lv = LEVELS[6 if level is None else level]
    choice = Choice(lv, seed, clock, on_info, info=SearchInfo, answer=SearchResult)
    win = (lambda: winning_action(position)) if lv.see_wins else None  # T4's hem in one
    moves, quick = choice.unsearched(position, TorError, win)
    if quick is not None:
        return quick
    s = Searcher(
        position,
        tor_rules(),
        evaluator if evaluator is not None else Evaluator(TUNED_WEIGHTS if lv.tuned else None),
        noise=lv.noise,
        salt=choice.rng.getrandbits(62),
        qdepth=0,
    )
    choice.prepare(s, stop)
    return choice.search(s, moves, depth=depth, nodes=nodes, time_ms=time_ms)
