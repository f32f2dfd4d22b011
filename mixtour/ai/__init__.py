"""The Mixtour AI: search, evaluation, levels, a baseline opponent, tools.

One narrow interface: :func:`choose_move` (position in, :class:`SearchResult`
out).  The rules stay in :mod:`mixtour.core`; nothing here changes them.
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
