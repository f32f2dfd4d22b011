"""Tor's analysis board's bridge (``web/tor-analysis.html``, the
``tor-analysis`` surface, published as ``window.torAnalysis``): the
game-neutral part (``analysis_part.py``) over Tor's tree
(:class:`mixtour.tor.variations.Tree`) and a :class:`tor_bridge.TorBridge`
on the game up to the node shown, which gives the board its view (its legal
turns, for the board to build a turn in steps) and judges every turn.

Pure Python: ``tests/test_tor_analysis.py`` drives it under CPython.

>>> import json
>>> board = TorAnalysisBoard()
>>> json.loads(board.open("t=c3,d5(e2),b6&k=2"))["state"]["moves"]
['c3', 'd5']
"""

from __future__ import annotations

from analysis_part import AnalysisPart
from contract import TorAnalysisView, TorExplained
from tor_bridge import TorBridge

from mixtour.tor.game import Game

__all__ = ["TorAnalysisBoard"]


class TorAnalysisBoard(AnalysisPart[Game, TorBridge, TorAnalysisView, TorExplained]):
    """Tor's tree, the node shown, and the functions the page calls."""

    bridge_class = TorBridge
