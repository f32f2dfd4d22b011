"""Tor's continuous analysis: its plug-in (:data:`RULES`) on the kit's
(:mod:`mixtour.kit.analysis`, written once for every game).

**Tor's part:** Master's evaluation with Tor's hooks (a hem at hand as the
tactic, no quiescence), no noise; the review's labels and scale
(:data:`mixtour.tor.ai.review.REVIEW`); White and Black.  A turn of Tor has
a few hundred forms, so each depth costs about ten times the one before.

>>> from mixtour.tor.core import STANDARD_START
>>> a = Analysis(STANDARD_START, ["c3", "d5", "b6", "e2"])
>>> [a.step().depth for _ in range(2)], a.last.turn, a.last.pv[0]
([1, 2], 'w', 'c3-b2')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...kit import analysis as kit
from ...kit.analysis import MAX_DEPTH, AnalysisReport, AnalysisRules
from ...kit.search import Searcher
from ..core import Position, TorError
from .evaluate import TUNED_WEIGHTS, Evaluator
from .review import REVIEW
from .search import tor_rules

__all__ = ["MAX_DEPTH", "RULES", "Analysis", "AnalysisReport"]


def _searcher(pos: Position) -> Searcher[Position]:
    return Searcher(pos, tor_rules(), Evaluator(TUNED_WEIGHTS), qdepth=0)


#: Tor's part of the kit's analysis.
RULES: Final[AnalysisRules[Position]] = AnalysisRules(
    review=REVIEW, searcher=_searcher, error=TorError
)


class Analysis(kit.Analysis[Position]):
    """The analysis of the Tor position after ``actions`` from ``start``
    (raises :class:`~mixtour.tor.core.TorError` for a bad game)."""

    def __init__(self, start: str, actions: Sequence[str]) -> None:
        super().__init__(RULES, start, actions)
