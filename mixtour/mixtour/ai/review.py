"""Mixtour's game review: its plug-in on the kit's (:mod:`mixtour.kit.review`,
where the verdicts, the graph and the thresholds are written once for every
game), with the names Mixtour's callers know.

**The scale.**  Our evaluation counts in centi-discs, and its weights were
fitted so that ``1 / (1 + exp(-score / 250))`` predicts the result of a game
(:data:`mixtour.mixtour.ai.evaluate.SCALE`).  Near an even position a loss of 0.05
(good to inaccuracy) is about 50 centi-discs, 0.20 (a blunder) about 200 (a
winning threat is worth 260 to 900, a point 1200), so a lost point or an
open winning tower is always at least a mistake.

**Mixtour's part:** a position is searched by Master's evaluation (no book,
no noise, seed 0) to the depth asked; "the opponent wins at once" is a
winning tower at hand (:func:`~mixtour.mixtour.ai.search.immediate_win`); White and
Red are the two players.

>>> from mixtour.mixtour.core import STANDARD_START
>>> plies = review_game(STANDARD_START, ["c3", "d4"], depth=1)
>>> [p.ply for p in plies], plies[0].turn
([0, 1, 2], 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...kit.review import (
    CLASSES,
    THRESHOLDS,
    MoveVerdict,
    PlyAnalysis,
    Reviewer,
    ReviewError,
    ReviewRules,
    classify,
    master_search,
    wins_now,
)
from ..core import COLORS, Position
from ..game import Game
from .evaluate import SCALE
from .player import choose_move
from .search import immediate_win

__all__ = [
    "CLASSES",
    "DEFAULT_DEPTH",
    "REVIEW",
    "RULES",
    "SCALE",
    "THRESHOLDS",
    "MoveVerdict",
    "PlyAnalysis",
    "ReviewError",
    "analyse",
    "analyse_ply",
    "classify",
    "expected",
    "label",
    "report",
    "review_game",
]


#: The depth a review of Mixtour searches each position to (the page's default).
DEFAULT_DEPTH: Final = 4


RULES: Final[ReviewRules[Position]] = ReviewRules(
    game=Game,
    colors=(COLORS[0], COLORS[1]),
    scale=SCALE,
    depth=DEFAULT_DEPTH,
    search=master_search(choose_move),
    wins_now=wins_now(immediate_win),
)
#: Mixtour's reviewer: the kit's review over :data:`RULES`.
REVIEW: Final = Reviewer(RULES)

analyse = REVIEW.analyse
analyse_ply = REVIEW.analyse_ply
review_game = REVIEW.review_game
expected = REVIEW.expected


def label(score: int, turn: int = 0) -> dict[str, Any]:
    """Who is winning (:func:`mixtour.kit.review.label`); ``score`` is for
    White (``turn``, the player to move there, changes nothing).

    >>> label(-300, 0)
    {'side': 'r', 'kind': 'better', 'moves': 0}
    """
    return REVIEW.label(score)


def report(
    plies: Sequence[PlyAnalysis], actions: Sequence[str], *, calibrated: bool = True
) -> dict[str, Any]:
    """The review of a game from its positions' analyses (:meth:`Reviewer.report`)."""
    return REVIEW.report(plies, actions, calibrated=calibrated)
