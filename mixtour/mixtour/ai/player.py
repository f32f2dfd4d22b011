"""``choose_move``: the one entry point of the AI.

Searching in place and restoring the position, it returns the move with
the depth, score, principal line, node count and time of the search:

>>> from mixtour.mixtour.core import Position
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

from ...kit.player import Choice
from ..core import MixtourError, Position
from .evaluate import Evaluator, EvaluatorLike, weights_for
from .levels import LEVELS
from .search import Searcher, SearchInfo, SearchResult, immediate_win

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
    :func:`~mixtour.mixtour.ai.evaluate.weights_for`);
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
    With an opening ``book`` (:mod:`mixtour.mixtour.ai.book`), a position found in it
    gets a weighted random book move (chosen with ``seed``) and no search;
    the levels that take a book (Expert, Master) use the shipped one
    (:mod:`mixtour.mixtour.ai.opening_book`) when none is given, unless a ``depth``
    or ``nodes`` limit asks for a search (analysis, a fixed-depth engine
    command, building a book).
    """
    lv = LEVELS[6 if level is None else level]
    choice = Choice(lv, seed, clock, on_info, info=SearchInfo, answer=SearchResult)
    # The only action is often PASS; a win in one is taken at every level.
    moves, quick = choice.unsearched(position, MixtourError, lambda: immediate_win(position))
    if quick is not None:
        return quick

    if book is None and lv.book and depth is None and nodes is None:
        from .opening_book import BOOK

        book = BOOK
    if book is not None:
        from .book import book_move

        move = book_move(position, book, random.Random(choice.seed))
        if move is not None:
            return choice.at_once(move)

    if evaluator is None and lv.tuned:
        evaluator = Evaluator(weights_for(position, tuned=True))
    s = Searcher(position, evaluator, noise=lv.noise, salt=choice.rng.getrandbits(62))
    choice.prepare(s, stop)
    if configure is not None:
        configure(s)
    # The first iteration always completes (two with three players: refusing
    # gifts to the player after next needs two plies).
    return choice.search(s, moves, depth=depth, nodes=nodes, time_ms=time_ms)
