"""Tor's embeddable board's Python (``web/tor-embed.html``): one
:class:`tor_bridge.TorBridge` published as ``window.torPython``, and nothing
else (no AI worker), so a page with several boards stays light.
``web/js/tor-embed.js`` inserts this script only when the board is seen or used.
"""

from __future__ import annotations

from publish import publish
from tor_bridge import TorBridge

EXPORTED = ("state", "play", "explain", "undo", "redo", "goto", "load_link", "link")

bridge = TorBridge()
publish("torPython", {name: getattr(bridge, name) for name in EXPORTED})
