"""Mixtour's continuous analysis: its plug-in (:data:`RULES`) on the kit's
(:mod:`mixtour.kit.analysis`, where the deepening, the forced passes and the
report are written once for every game).

**Mixtour's part:** Master's tuned evaluation with Mixtour's hooks (towers as
tactics, quiescence), no book and no noise; the review's labels and scale
(:data:`mixtour.mixtour.ai.review.REVIEW`); White and Red.

>>> a = Analysis("5/5/rrw,1,ww,2/5/5 w 17/18 0/0 1 -", [])
>>> first = a.step()
>>> first.depth, first.pv[0], first.label, first.done
(1, 'a3:3-c3', {'side': 'w', 'kind': 'win', 'moves': 1}, True)
>>> b = Analysis("5/5/5/5/5 w 20/20 0/0 1 -", ["c3"])
>>> [b.step().depth for _ in range(3)]
[1, 2, 3]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...kit import analysis as kit
from ...kit.analysis import MAX_DEPTH, AnalysisReport, AnalysisRules
from ..core import MixtourError, Position
from .evaluate import Evaluator, weights_for
from .review import REVIEW
from .search import Searcher

__all__ = ["MAX_DEPTH", "RULES", "Analysis", "AnalysisReport"]


def _searcher(pos: Position) -> Searcher:
    return Searcher(pos, Evaluator(weights_for(pos, tuned=True)))


#: Mixtour's part of the kit's analysis.
RULES: Final[AnalysisRules[Position]] = AnalysisRules(
    review=REVIEW, searcher=_searcher, error=MixtourError
)


class Analysis(kit.Analysis[Position]):
    """The analysis of the Mixtour position after ``actions`` from ``start``
    (raises :class:`~mixtour.mixtour.core.MixtourError` for a bad game or three
    players)."""

    def __init__(self, start: str, actions: Sequence[str]) -> None:
        super().__init__(RULES, start, actions)
