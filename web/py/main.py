"""The page's Python entry point (run by PyScript on the main thread).

It creates the :class:`bridge.Bridge` that owns the game and hands its
functions to the JavaScript as ``window.mixtourPython``, an object whose
methods take plain values and return JSON strings (see ``bridge.py``). Then
it fires the ``mixtour:python-ready`` event on ``window``; ``web/js/app.js``
takes over from there. ``document.body.dataset.engine = "1"`` tells the tests
that the engine imported.
"""

from __future__ import annotations

from typing import Any

import js
from bridge import Bridge
from pyodide.ffi import create_proxy

EXPORTED = ("state", "play", "explain", "explain_lift", "undo", "redo", "new_game", "load")
# Sharing (links, image, records): see the end of bridge.py and web/js/links.js.
EXPORTED += ("load_link", "link", "goto", "svg", "record", "load_record")

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
js.document.body.dataset.engine = "1"
js.window.dispatchEvent(js.CustomEvent.new("mixtour:python-ready"))
