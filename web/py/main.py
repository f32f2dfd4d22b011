"""The page's Python entry point (run by PyScript on the main thread).

It creates the :class:`bridge.Bridge` that owns the game and hands its
functions to the JavaScript as ``window.mixtourPython``, an object whose
methods take plain values and return JSON strings (see ``bridge.py``). Then
it fires the ``mixtour:python-ready`` event on ``window``; ``web/js/app.js``
takes over from there. ``document.body.dataset.engine = "1"`` tells the tests
that the engine imported.

The computer player lives in a PyScript worker (``ai_worker.py``, named
``ai``), started and called through the functions of ``ai_host.py``
(``ai_start``, ``ai_call``, ``ai_restart``). See ``web/js/ai.js``.
"""

from __future__ import annotations

import js
from ai_host import worker_functions
from bridge import Bridge, rules
from publish import publish

EXPORTED: tuple[str, ...] = (
    "state",
    "play",
    "explain",
    "explain_lift",
    "undo",
    "redo",
    "new_game",
    "load",
)
# Sharing (links, image, records): see the end of bridge.py and web/js/links.js.
EXPORTED += ("load_link", "link", "goto", "svg", "record", "load_record")
# The game in progress, kept by the page after every change (web/js/library.js).
EXPORTED += ("snapshot", "restore")
# Correspondence games by link (mixtour/correspondence.py, web/js/corr.js).
EXPORTED += ("corr_new", "corr_read", "corr_open", "corr_link", "corr_name")

bridge = Bridge()


def _game() -> tuple[str, list[str]]:
    """The game as it is now, for a think request: its start and the actions played."""
    return bridge.game.start, [str(action) for action in bridge.game.actions()]


js.document.body.dataset.engine = "1"
publish(
    "mixtourPython",
    {name: getattr(bridge, name) for name in EXPORTED} | worker_functions(_game) | {"rules": rules},
)
