"""The Mixtour AI: search, evaluation, levels, a baseline opponent, tools.

One narrow interface, :func:`choose_move`: a position in, a
:class:`SearchResult` out (the move, the depth reached, the score, the
principal line, nodes and time).  The rules stay in :mod:`mixtour.mixtour.core`;
the search plays on the caller's position with push/pop and restores it.

Modules, bottom to top:

``evaluate``  the threat scan and the static evaluation (:class:`Evaluator`,
              injectable: anything with ``evaluate(pos, root) -> int``)
``search``    Mixtour's hooks on the kit's search (:mod:`mixtour.kit.search`:
              iterative-deepening PVS with a transposition table, killers,
              history, late-move reductions; paranoid with 3 players):
              threat extensions and quiescence over scoring moves
``entry``     Mixtour's entry in the kit's games (the AI worker's view)
``levels``    the six levels (table below)
``player``    :func:`choose_move`
``baseline``  a plain alpha-beta opponent to measure against
``standin``   the baseline's evaluation searched to a fixed depth: a stand-in
              for a fast engine in another language (arena ``depth5``)
``frozen``    Master before tuning, kept as it was (arena ``master-v1``)
``tune``      seeded self-play positions and a Texel-style fit of the
              evaluation's weights (``python -m mixtour tune-eval``)
``book``      the opening book's symmetries, look-up and builder
              (``build-book``; the arena plays another with ``master+BOOK``)
``opening_book`` the book Expert and Master open the standard game from
              (data, written by ``build-book``)
``tactics``   double threats found in self-play (``tactics-scan``)
``arena``     paired games between levels / baseline / stand-ins / random
``engine``    a UCI-like line protocol (``python -m mixtour engine``)
``bench``     nodes per second and depth per time budget
``cli``       the subcommands ``bestmove``, ``engine``, ``arena``, ``bench-ai``,
              ``tune-eval``, ``build-book``, ``tactics-scan``, ``arena-summary``

Levels (node budgets make levels 1-5 play the same on every machine)::

    level  name          depth  nodes    time     noise  near-best pick
    1      Beginner      1      -        -        220    50 % within 140, blind to replies
    2      Casual        2      600      -        90     30 % within 60
    3      Intermediate  3      2 500    -        40     -
    4      Advanced      -      8 000    -        15     -
    5      Expert        -      25 000   -        0      -
    6      Master        -      -        1.5 s    0      -

From level 3 up an immediate win is always played and an avoidable
immediate loss always avoided (``tests/test_ai_tactics.py``).  Expert and
Master open the standard game from the book; Master evaluates with fitted
weights (two players: ``evaluate.TUNED_WEIGHTS`` to one point,
``evaluate.TUNED_POINTS_WEIGHTS`` to more; three players:
``evaluate.TUNED_THREE_WEIGHTS``) and searches with the switches
that pay on the clock (``Level.sharp``: deeper late-move reductions, the
proven better move of an iteration cut short, and reverse futility pruning).
"""

from .evaluate import DEFAULT_WEIGHTS, Evaluator, EvaluatorLike, Weights
from .levels import LEVELS, Level, parse_level
from .player import choose_move
from .search import SearchInfo, SearchResult

__all__ = [
    "DEFAULT_WEIGHTS",
    "LEVELS",
    "Evaluator",
    "EvaluatorLike",
    "Level",
    "SearchInfo",
    "SearchResult",
    "Weights",
    "choose_move",
    "parse_level",
]
