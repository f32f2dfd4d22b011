"""``choose_move``: the one entry point of the AI.

Searching in place and restoring the position, it returns the move with
the depth, score, principal line, node count and time of the search:

>>> from mixtour.core import Position
>>> pos = Position("5/5/rrw,1,ww,2/5/5 w 17/18 0/0 1 -")
>>> result = choose_move(pos, depth=3, seed=1)
>>> result.text, result.score > 0
('a3:3-c3', True)
>>> pos.fen()
'5/5/rrw,1,ww,2/5/5 w 17/18 0/0 1 -'
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping

from ..core import MixtourError, Position
from ..kit.search import deepen, stoppable
from .evaluate import Evaluator, EvaluatorLike, weights_for
from .levels import LEVELS, sharpen
from .search import (
    WIN,
    WIN_BOUND,
    Searcher,
    SearchInfo,
    SearchResult,
    immediate_win,
)

__all__ = ["choose_move"]

InfoCallback = Callable[[SearchInfo], None]


def choose_move(
    position: Position,
    *,
    time_ms: float | None = None,
    depth: int | None = None,
    level: int | None = None,
    seed: int | None = None,
    nodes: int | None = None,
    evaluator: EvaluatorLike | None = None,
    on_info: InfoCallback | None = None,
    clock: Callable[[], float] = time.perf_counter,
    stop: Callable[[], bool] | None = None,
    configure: Callable[[Searcher], None] | None = None,
    book: Mapping[str, tuple[tuple[int, int], ...]] | None = None,
) -> SearchResult:
    """Choose an action for the player to move in ``position``.

    ``level`` (1-6, default 6) sets the budget, the kind of mistakes and the
    evaluation's weights (Master's are fitted:
    :func:`~mixtour.ai.evaluate.weights_for`);
    an ``evaluator`` given replaces the level's;
    ``time_ms``, ``depth`` and ``nodes`` override its limits (the search
    stops at whichever comes first).  With a depth or node limit and a
    seed, the result is the same on every run and every machine.
    ``position`` is searched in place and restored before returning; its
    history is used for the repetition rule (R9).  ``clock`` measures
    ``time_ms``: wall time by default; the arena passes ``time.process_time``
    so that a busy machine does not weaken the timed players.
    ``stop`` is asked every 1024 nodes once the first iteration is done
    (two with three players); when it answers true, the search ends at once
    with the best move found so far (a cancelled or interrupted search).
    ``configure`` is called with the :class:`Searcher` before it starts, to
    switch its features on or off (the arena's fixed players use it).
    With an opening ``book`` (:mod:`mixtour.ai.book`), a position found in it
    gets a weighted random book move (chosen with ``seed``) and no search;
    the levels that take a book (Expert, Master) use the shipped one
    (:mod:`mixtour.ai.opening_book`) when none is given, unless a ``depth``
    or ``nodes`` limit asks for a search (analysis, a fixed-depth engine
    command, building a book).
    """
    if position.is_over:
        raise MixtourError("the game is over: there is no move to choose")
    lv = LEVELS[6 if level is None else level]
    if seed is None:
        seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    t0 = clock()

    def result(move: int, score: int, d: int, n: int, pv: tuple[int, ...]) -> SearchResult:
        ms = (clock() - t0) * 1000
        return SearchResult(move, score, d, n, ms, pv, tuple(iterations), lv.number, seed)

    iterations: list[SearchInfo] = []
    moves = position.legal_actions()
    if len(moves) == 1:
        # A forced action (often PASS): nothing to search, but still report.
        info = SearchInfo(0, 0, 0, (clock() - t0) * 1000, (moves[0],))
        iterations.append(info)
        if on_info is not None:
            on_info(info)
        return result(moves[0], 0, 0, 0, (moves[0],))
    win = immediate_win(position)
    if win is not None:
        info = SearchInfo(1, WIN - 1, 1, (clock() - t0) * 1000, (win,))
        iterations.append(info)
        if on_info is not None:
            on_info(info)
        return result(win, WIN - 1, 1, 1, (win,))

    if book is None and lv.book and depth is None and nodes is None:
        from .opening_book import BOOK

        book = BOOK
    if book is not None:
        from .book import book_move

        move = book_move(position, book, random.Random(seed))
        if move is not None:
            info = SearchInfo(0, 0, 0, (clock() - t0) * 1000, (move,))
            iterations.append(info)
            if on_info is not None:
                on_info(info)
            return result(move, 0, 0, 0, (move,))

    if evaluator is None and lv.tuned:
        evaluator = Evaluator(weights_for(position, tuned=True))
    s = Searcher(position, evaluator, noise=lv.noise, salt=rng.getrandbits(62))
    s.clock = clock if stop is None else stoppable(clock, stop)
    s.see_wins = lv.see_wins
    s.exact_root = lv.pick_chance > 0
    if lv.sharp:
        sharpen(s)
    if configure is not None:
        configure(s)
    # The level's node budget and depth cap hold unless a depth or node limit
    # is given; ``time_ms`` is one more cap (and Master's clock).
    max_depth = depth if depth is not None else lv.max_depth
    max_depth = max(1, min(max_depth, 60))
    if nodes is not None:
        s.max_nodes = nodes
    elif lv.max_nodes is not None and depth is None:
        s.max_nodes = lv.max_nodes
    budget = time_ms
    if budget is None and depth is None and nodes is None:
        budget = lv.time_ms
    if budget is not None:
        s.deadline = t0 + budget / 1000
    # The first iteration always completes (two with three players: refusing
    # gifts to the player after next needs two plies).
    found = deepen(s, moves, max_depth, t0=t0, clock=clock, info=SearchInfo, on_info=on_info)
    iterations.extend(found.iterations)
    best_move, best_score, done_depth, pv = found.move, found.score, found.depth, found.pv

    if lv.pick_chance > 0 and s.root_scores and rng.random() < lv.pick_chance:
        best_move = _near_best(s.root_scores, best_score, lv.pick_margin, rng)
        if best_move != pv[0]:
            pv = (best_move,)
            best_score = s.root_scores[best_move]
    return result(best_move, best_score, done_depth, s.nodes, pv)


def _near_best(scores: dict[int, int], best: int, margin: int, rng: random.Random) -> int:
    """A random move among those within ``margin`` of ``best``; never a
    proven loss when the best move is not one."""
    floor = best - margin
    if best > -WIN_BOUND:
        floor = max(floor, -WIN_BOUND + 1)
    cands = sorted(m for m, v in scores.items() if v >= floor)
    return rng.choice(cands)
