"""The page's side of the AI worker, published with every surface that has a
game (``surfaces.py``: Mixtour's game page, Tor's, the analysis board).

:func:`worker_functions` gives the three functions a page publishes for
``web/js/ai.js``: ``ai_start(src, config)`` creates the worker (a
``<script type="py" worker>``, only when the page asks, so it does not slow
the first load), ``ai_restart`` replaces a crashed or silent one, and
``ai_call(name, json)`` returns a JavaScript Promise of the worker function's
JSON answer (rejected with the error text if the worker raises). A ``think``
request gets the game as it is now: its start and the actions played.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_once_callable
from pyscript import workers

AI_WORKER = "ai"

# The worker's name: a restarted worker gets a new one ("ai-2", ...), since
# PyScript resolves the promise of a worker name only once.
_worker: dict[str, Any] = {"name": AI_WORKER, "count": 1}
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


def worker_functions(game: Callable[[], tuple[str, list[str]]]) -> dict[str, Callable[..., Any]]:
    """``ai_start``, ``ai_restart`` and ``ai_call`` for a page whose game is
    ``game()``: its start position and the actions played, as texts."""

    def with_game(payload: str) -> str:
        request = json.loads(payload or "{}")
        if "fen" not in request:
            request["start"], request["actions"] = game()
        return json.dumps(request)

    def ai_call(name: str, payload: str = "") -> Any:
        """A Promise of ``worker.name(payload)`` (a JSON string)."""
        if name == "think":
            payload = with_game(payload)

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

    return {"ai_start": ai_start, "ai_call": ai_call, "ai_restart": ai_restart}
