"""Mixtour's analysis board's bridge (``web/analysis.html``): the
game-neutral part (``analysis_part.py``: the tree of variations, the node
shown, moving about and changing the tree) over Mixtour's tree
(:class:`mixtour.mixtour.variations.Tree`) and a :class:`bridge.Bridge` on the game
up to the node shown, which gives the board its view and judges every move.

The view is :meth:`bridge.Bridge.view` plus the part's tree fields (see
``analysis_part.py``). Pure Python: ``tests/test_analysis.py`` drives it
under CPython.
"""

from __future__ import annotations

from analysis_part import AnalysisPart
from bridge import Bridge
from contract import AnalysisView, Explained, ExplainedJson

from mixtour.mixtour.game import Game

__all__ = ["AnalysisBoard"]


class AnalysisBoard(AnalysisPart[Game, Bridge, AnalysisView, Explained]):
    """Mixtour's tree, the node shown, and the functions the page calls."""

    bridge_class = Bridge

    def explain_lift(self, square: int, count: int) -> ExplainedJson:
        """Why the top ``count`` discs of ``square`` have no legal move (or legal: true)."""
        return self.board.explain_lift(square, count)
