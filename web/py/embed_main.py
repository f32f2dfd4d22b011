"""The Python entry point of the embeddable board (``web/embed.html``).

Like ``main.py`` it publishes one :class:`bridge.Bridge` as
``window.mixtourPython`` and fires ``mixtour:python-ready``, but it starts
nothing else (no AI worker), so that a page with several embedded boards
stays light. ``web/js/embed.js`` inserts this script only when the board
scrolls into view or is clicked.
"""

from __future__ import annotations

from typing import Any

import js
from bridge import Bridge
from pyodide.ffi import create_proxy

EXPORTED = ("state", "play", "explain", "explain_lift", "load_link", "link", "goto")

bridge = Bridge()

# Every proxy handed to JavaScript stays referenced here for the page's life.
_proxies: list[Any] = []


def _export() -> Any:
    api = js.Object.new()
    for name in EXPORTED:
        proxy = create_proxy(getattr(bridge, name))
        _proxies.append(proxy)
        setattr(api, name, proxy)
    return api


js.window.mixtourPython = _export()
js.window.dispatchEvent(js.CustomEvent.new("mixtour:python-ready"))
