"""The computer player, run by PyScript in a web worker (named ``ai``).

The worker only computes: it never touches the page, so it needs no
SharedArrayBuffer and the site runs on any static host. The main thread
(``main.py``) starts it once the page is ready and calls its exported
functions with a JSON string; each returns a JSON string.

``think(request)``
    request: ``{"id": n, "start": P1, "actions": [N1...], "level": 1-6,
    "time_ms": optional cap, "seed": optional}`` (or ``"fen"`` instead of
    ``start``/``actions``, without the history that R9 needs).
    answer: ``{"id": n, "move": "c4:2-d3", "action": {kind, square, from,
    to, count}, "score", "depth", "nodes", "time_ms", "nps", "pv": [...],
    "level"}``. ``id`` is echoed so the page can drop stale answers.
``ping()``
    ``{"ok": true, "python": version}``: the worker is up and the engine
    imported.

Under CPython the module imports without PyScript, so tests can call
:func:`think` directly.
"""

from __future__ import annotations

import json
import sys

from mixtour.ai import choose_move
from mixtour.ai.levels import LEVELS
from mixtour.core import Action
from mixtour.game import Game

__all__ = ["ping", "think"]

# Never let one request hold the worker longer than this, whatever it asks.
MAX_TIME_MS = 10_000


def think(request: str) -> str:
    """Choose a move for the player to move (see the module docstring)."""
    req = json.loads(request)
    if req.get("crash"):  # sent only by a test page (window.mixtourDebug.crashNext)
        raise RuntimeError("the page asked the worker to fail (test)")
    if "fen" in req:
        game = Game(str(req["fen"]))
    else:
        game = Game(str(req["start"]), [str(a) for a in req.get("actions", [])])
    level = int(req.get("level", 6))
    if level not in LEVELS:
        raise ValueError(f"level {level}: expected 1 to 6")
    time_ms = req.get("time_ms")
    limit = LEVELS[level].time_ms
    if time_ms is not None:
        limit = min(float(time_ms), float(limit)) if limit is not None else float(time_ms)
    seed = req.get("seed")
    result = choose_move(
        game.position,
        level=level,
        time_ms=None if limit is None else min(limit, MAX_TIME_MS),
        seed=None if seed is None else int(seed),
    )
    return json.dumps(
        {
            "id": req.get("id"),
            "move": result.text,
            "action": Action(result.move).as_dict(),
            "score": result.score,
            "depth": result.depth,
            "nodes": result.nodes,
            "time_ms": round(result.time_ms, 1),
            "nps": round(result.nps),
            "pv": [str(Action(code)) for code in result.pv],
            "level": level,
        },
        separators=(",", ":"),
    )


def ping() -> str:
    return json.dumps({"ok": True, "python": sys.version.split()[0]})


def memory() -> str:
    """``{"wasm_bytes": n, "objects": n}``: the worker's WebAssembly memory and the
    number of Python objects the garbage collector tracks (for the endurance bench)."""
    import gc

    wasm = None
    try:
        import pyodide_js  # type: ignore[import-not-found]

        wasm = int(pyodide_js._module.HEAP8.byteLength)
    except Exception:  # under CPython, or another Pyodide layout
        wasm = None
    return json.dumps({"wasm_bytes": wasm, "objects": len(gc.get_objects())})


__export__ = ["think", "ping", "memory"]
