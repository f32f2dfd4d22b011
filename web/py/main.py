"""The page's Python entry point (run by PyScript on the main thread).

It creates the :class:`bridge.Bridge` that owns the game and hands its
functions to the JavaScript as ``window.mixtourPython``, an object whose
methods take plain values and return JSON strings (see ``bridge.py``). Then
it fires the ``mixtour:python-ready`` event on ``window``; ``web/js/app.js``
takes over from there. ``document.body.dataset.engine = "1"`` tells the tests
that the engine imported.

The computer player lives in a PyScript worker (``ai_worker.py``, named
``ai``). ``ai_start()`` creates it, only when the page asks (after the board
is ready, so it does not slow the first load), and ``ai_call(name, json)``
returns a JavaScript Promise of the worker function's JSON answer (rejected
with the error text if the worker raises). See ``web/js/ai.js``.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, TypedDict

import js
from bridge import Bridge, rules
from publish import publish
from pyodide.ffi import create_once_callable
from pyscript import workers


class _Worker(TypedDict):
    name: str
    count: int


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
AI_WORKER = "ai"
# A restarted worker gets a new name ("ai-2", ...): PyScript resolves the
# promise of a worker name only once.
_worker: _Worker = {"name": AI_WORKER, "count": 1}
# Sharing (links, image, records): see the end of bridge.py and web/js/links.js.
EXPORTED += ("load_link", "link", "goto", "svg", "record", "load_record")
# The game in progress, saved by the page after every change (web/js/save.js).
EXPORTED += ("snapshot", "restore")

bridge = Bridge()

_tasks: set[asyncio.Task[None]] = set()


def ai_start(src: str, config: str) -> None:
    """Start the AI worker (once): a ``<script type="py" worker name="ai">``."""
    if js.document.querySelector(f'script[name="{_worker["name"]}"]'):
        return
    script = js.document.createElement("script")
    script.type = "py"
    script.src = src
    script.setAttribute("worker", "")
    script.setAttribute("name", _worker["name"])
    script.setAttribute("config", config)
    js.document.body.append(script)


def ai_restart(src: str, config: str) -> None:
    """Stop the AI worker (crashed or not answering) and start a fresh one."""
    old = js.document.querySelector(f'script[name="{_worker["name"]}"]')
    if old:
        try:
            old.xworker.terminate()
        except Exception as error:  # already gone: nothing to stop
            js.console.warn(f"stopping the AI worker: {error}")
        old.remove()
    _worker["count"] += 1
    _worker["name"] = f"{AI_WORKER}-{_worker['count']}"
    ai_start(src, config)


def _with_game(payload: str) -> str:
    """A think request for the game as it is now: its start and the actions played."""
    request = json.loads(payload or "{}")
    if "fen" not in request:
        request["start"] = bridge.game.start
        request["actions"] = [str(action) for action in bridge.game.actions()]
    return json.dumps(request)


def ai_call(name: str, payload: str = "") -> Any:
    """A Promise of ``worker.name(payload)`` (a JSON string)."""

    if name == "think":
        payload = _with_game(payload)

    def executor(resolve: Any, reject: Any) -> None:
        async def run() -> None:
            try:
                worker = await workers[_worker["name"]]
                method = getattr(worker, name)
                answer = await (method(payload) if payload else method())
                resolve(str(answer))
            except Exception as error:  # reported on the page, the game goes on
                reject(str(error))

        task = asyncio.ensure_future(run())
        _tasks.add(task)
        task.add_done_callback(_tasks.discard)

    return js.Promise.new(create_once_callable(executor))


js.document.body.dataset.engine = "1"
publish(
    "mixtourPython",
    {name: getattr(bridge, name) for name in EXPORTED}
    | {"ai_start": ai_start, "ai_call": ai_call, "ai_restart": ai_restart, "rules": rules},
)
