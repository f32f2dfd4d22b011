"""The Python entry point of the embeddable board (``web/embed.html``).

Like ``main.py`` it publishes one :class:`bridge.Bridge` as
``window.mixtourPython`` and fires ``mixtour:python-ready``, but it starts
nothing else (no AI worker), so that a page with several embedded boards
stays light. The lesson (``learn.html``) and the puzzles (``puzzles.html``)
use it too. ``web/js/embed.js`` inserts this script only when the board
scrolls into view or is clicked.
"""

from __future__ import annotations

from bridge import Bridge
from publish import publish

# refute: the puzzles page (puzzles.html) asks for the answer to a wrong move.
EXPORTED = ("state", "play", "explain", "explain_lift", "load_link", "link", "goto", "refute")

bridge = Bridge()
publish("mixtourPython", {name: getattr(bridge, name) for name in EXPORTED})
