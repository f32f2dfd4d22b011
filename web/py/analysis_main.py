"""The analysis board's Python entry point (``web/analysis.html``).

It publishes an :class:`analysis_bridge.AnalysisBoard` as
``window.mixtourPython`` with the AI worker's functions (``ai_start``,
``ai_call``, ``ai_restart`` of ``ai_host.py``), and fires
``mixtour:python-ready``; ``web/js/analysis.js`` takes over from there. The
page asks the worker for ``analyse`` with the position it shows (its start
and the moves to it), depth after depth.
"""

from __future__ import annotations

from ai_host import worker_functions
from analysis_bridge import AnalysisBoard
from publish import publish

EXPORTED: tuple[str, ...] = (
    "state",
    "open",
    "play",
    "explain",
    "explain_lift",
    "select",
    "step",
    "delete",
    "promote",
    "set_flip",
)

board = AnalysisBoard()


def _shown() -> tuple[str, list[str]]:
    """The position shown, for the worker: the tree's start and the moves to the node."""
    return board.tree.start, [str(action) for action in board.board.game.actions()]


functions = {name: getattr(board, name) for name in EXPORTED}
publish("mixtourPython", functions | worker_functions(_shown))
