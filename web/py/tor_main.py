"""Tor's page entry point (``web/tor.html``, run by PyScript on the main thread).

It creates the :class:`tor_bridge.TorBridge` that owns the game and hands its
functions to the JavaScript as ``window.torPython`` (each takes plain values
and returns a JSON string), with the AI worker's functions of ``ai_host.py``
(the worker plays Tor when a request names ``"game": "tor"``). Then it fires
``mixtour:python-ready``; ``web/js/tor-app.js`` takes over from there.
"""

from __future__ import annotations

import js
from ai_host import worker_functions
from publish import publish
from tor_bridge import TorBridge

EXPORTED = (
    "state",
    "play",
    "explain",
    "undo",
    "redo",
    "goto",
    "new_game",
    "load_link",
    "link",
    "snapshot",
    "restore",
)

bridge = TorBridge()


def _game() -> tuple[str, list[str]]:
    """The game as it is now, for a think request: its start and the actions played."""
    return bridge.game.start, bridge.game.record()


js.document.body.dataset.engine = "1"
publish(
    "torPython",
    {name: getattr(bridge, name) for name in EXPORTED} | worker_functions(_game),
)
