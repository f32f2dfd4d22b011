"""The Python entry point of the lesson (``learn.html``) and the puzzles
(``puzzles.html``): one :class:`bridge.Bridge` published as
``window.mixtourPython`` (firing ``mixtour:python-ready``), and nothing else
(no AI worker). The embeddable boards (``embed.html``, ``tor-embed.html``) no
longer run it: they share one engine in a worker (``engine_host.py``).
"""

from __future__ import annotations

from bridge import Bridge
from publish import publish

# refute: the puzzles page (puzzles.html) asks for the answer to a wrong move;
# lesson_reply: the lesson's short game against the computer at level 1.
EXPORTED = (
    "state",
    "play",
    "explain",
    "explain_lift",
    "load_link",
    "link",
    "goto",
    "refute",
    "lesson_reply",
)

bridge = Bridge()
publish("mixtourPython", {name: getattr(bridge, name) for name in EXPORTED})
