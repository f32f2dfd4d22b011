"""Hand Python functions to the page's JavaScript (used by every entry script).

:func:`publish` puts them on ``window`` as one object whose methods JavaScript
calls directly, then fires ``mixtour:python-ready`` on ``window``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import js
from pyodide.ffi import create_proxy

# Every proxy handed to JavaScript stays referenced here for the page's life.
_proxies: list[Any] = []


def publish(global_name: str, functions: Mapping[str, Callable[..., Any]]) -> None:
    """Set ``window[global_name]`` to an object of ``functions``, then announce it."""
    api = js.Object.new()
    for name, function in functions.items():
        proxy = create_proxy(function)
        _proxies.append(proxy)
        setattr(api, name, proxy)
    setattr(js.window, global_name, api)
    js.window.dispatchEvent(js.CustomEvent.new("mixtour:python-ready"))
