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

from typing import cast

from analysis_part import AnalysisPart
from bridge import Bridge
from contract import AnalysisView, ExplainedJson

from mixtour.mixtour.core import COLORS
from mixtour.mixtour.game import Game
from mixtour.mixtour.variations import Tree

__all__ = ["AnalysisBoard"]


class AnalysisBoard(AnalysisPart[Game]):
    """Mixtour's tree, the node shown, and the functions the page calls."""

    tree_class = Tree
    bridge_class = Bridge
    colors = COLORS

    board: Bridge

    def view(self) -> AnalysisView:  # type: ignore[override]
        return cast(AnalysisView, super().view())

    def explain(self, text: str) -> ExplainedJson:
        return self.board.explain(text)

    def explain_lift(self, square: int, count: int) -> ExplainedJson:
        return self.board.explain_lift(square, count)
