"""Everything the engine worker (``web/js/engine/worker.js``) may be asked, by name.

The worker is one plain Pyodide in a web worker; pages reach it only through
the engine client (``web/js/engine/client.js``). Each request names a call of
:data:`CALLS` and carries one JSON text; the answer is JSON text too. The
computer player's calls live in ``ai_worker.py`` (think, review,
review_report, analyse, cancel, ping, memory), the embeds' boards in
``engine_host.py`` (board). A module is imported when its first call comes,
so the embeds' worker never loads the search, nor the AI's the bridges.

>>> import asyncio, json
>>> json.loads(asyncio.run(call("ping", "")))["ok"]
True
>>> asyncio.run(call("format_disk", ""))
Traceback (most recent call last):
...
KeyError: 'no engine call format_disk'
"""

from __future__ import annotations

import importlib
import inspect

__all__ = ["CALLS", "call"]

# A call's name -> (module, function); nothing else is reachable from a page.
CALLS: dict[str, tuple[str, str]] = {
    "ping": ("ai_worker", "ping"),
    "think": ("ai_worker", "think"),
    "cancel": ("ai_worker", "cancel"),
    "review": ("ai_worker", "review"),
    "review_report": ("ai_worker", "review_report"),
    "analyse": ("ai_worker", "analyse"),
    "memory": ("ai_worker", "memory"),
    "board": ("engine_host", "handle"),
}


async def call(name: str, body: str) -> str:
    """The answer of the call ``name`` to ``body`` (empty: no argument)."""
    if name not in CALLS:
        raise KeyError(f"no engine call {name}")
    module, function = CALLS[name]
    target = getattr(importlib.import_module(module), function)
    result = target(body) if body else target()
    if inspect.isawaitable(result):
        result = await result
    return str(result)
