"""The Python entry script of every page (run by PyScript on the main thread).

The page names its surface (``<body data-surface="game">``; see
``surfaces.py``): this script makes that surface's bridge, publishes its
functions on ``window`` (``window.mixtourPython``, ``torPython`` or
``mixtourEditor``: methods that take plain values and return JSON strings)
and fires ``mixtour:python-ready``; the page's JavaScript takes over from
there. The computer's searches run in the engine worker, which the page's
JavaScript reaches directly (``web/js/engine/client.js``).
"""

from __future__ import annotations

import js
from publish import publish
from surfaces import open_surface

surface, functions = open_surface(str(js.document.body.dataset.surface))
if surface.marks_engine:
    js.document.body.dataset.engine = "1"  # tests: the engine imported
publish(surface.publish_as, functions)
