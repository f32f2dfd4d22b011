"""The computer player's calls, run in the engine worker (``web/js/engine/worker.js``).

The worker only computes: it never touches the page, so it needs no
SharedArrayBuffer and the site runs on any static host. The pages' engine
client (``web/js/engine/client.js``) starts it and asks these functions by
name (``engine_calls.CALLS``), each with a JSON string; each returns a JSON
string.

``think(request)``
    request: ``{"id": n, "game": "mixtour", "start": P1, "actions": [N1...],
    "level": 1-6, "time_ms": optional cap, "seed": optional}`` (or ``"fen"``
    instead of ``start``/``actions``, without the history that R9 needs).
    ``game`` names the game (:mod:`mixtour.kit.games`), ``mixtour`` when it
    is left out; positions and actions are written in that game's notation.
    answer: ``{"id": n, "move": "c4:2-d3", "action": {kind, square, from,
    to, count}, "score", "depth", "nodes", "time_ms", "nps", "pv": [...],
    "level"}``. ``id`` is echoed so the page can drop stale answers.
``review(request)``
    one position of a game review (:mod:`mixtour.kit.review`, through the
    game's ``review`` in :mod:`mixtour.kit.games`): request ``{"id": n,
    "game": "mixtour", "start": P1, "actions": [N1...], "ply": i, "depth":
    d}`` (two players; depth 1 to 8, the game's own when left out); answer:
    :meth:`~mixtour.kit.review.Reviewer.ply_json` with ``id`` and
    ``cancelled``. The page asks for one position at a time, so it shows the
    progress and can stop between two, and ``cancel`` ends the one under way.
``review_report(request)``
    ``{"game": "mixtour", "actions": [N1...], "plies": [review answers...]}``
    -> :meth:`mixtour.kit.review.Reviewer.report` (the graph, the labels, a
    verdict per move and the summary per player).
``analyse(request)``
    the analysis board's continuous analysis (:mod:`mixtour.mixtour.ai.analysis`):
    request ``{"id": n, "start": P1, "actions": [N1...], "depth": d,
    "time_ms": optional cap}`` (Mixtour, two players). The worker keeps the
    analysis of the last position asked about and deepens it to ``depth``
    (at most :data:`~mixtour.mixtour.ai.analysis.MAX_DEPTH`), so the page asks for
    depth 1, 2, 3... of the same position and shows each answer; a request
    about another position starts afresh. answer:
    :meth:`~mixtour.kit.analysis.AnalysisReport.as_json` of the deepest depth
    completed, with ``id``, ``cancelled`` (a cancel or the time cap ended
    the depth: nothing new to show) and ``error`` (null, or the engine's
    words for a position it cannot analyse).
``cancel()``
    ends the search under way (if any) at once: it answers with the best move
    found so far, which the page drops. ``{"ok": true}``.
``ping()``
    ``{"ok": true, "python": version, "yields": bool}``: the worker is up and
    the engine imported; ``yields`` tells whether its searches hear messages
    (see below): such a worker answers pings during a search too, so the page
    can tell a busy worker from a dead one.

A search must hear ``cancel`` and ``ping`` while it runs, but a worker runs
one thing at a time: a message waits until the running code returns to the
event loop. So ``think`` is a coroutine, and every few tens of milliseconds the
search (through ``choose_move``'s ``stop`` callback) blocks on a short
``asyncio.sleep`` with Pyodide's ``run_sync``, which suspends the WebAssembly
stack (JavaScript Promise Integration) and lets the worker's event loop deliver
waiting messages. Where the browser has no JSPI (``can_run_sync()`` is false)
the search runs to its budget without yielding; the page then keeps at most one
search in flight, so cancelled searches never queue up.

Under CPython the module imports without Pyodide, so tests can call
:func:`think` directly.
"""

from __future__ import annotations

import asyncio
import json
import math
import sys
import time
from collections.abc import Callable
from typing import Any

from contract import (
    AnalysedJson,
    AnalyseRequestJson,
    DoneJson,
    MemoryJson,
    PongJson,
    ReviewedPlyJson,
    ReviewReportJson,
    ReviewReportRequestJson,
    ReviewRequestJson,
    ThinkRequestJson,
    ThoughtJson,
)

from mixtour.kit.games import game_ai

__all__ = ["analyse", "cancel", "ping", "review", "review_report", "think"]

# Never let one request hold the worker longer than this, whatever it asks.
MAX_TIME_MS = 10_000
# How long a search runs between two visits to the worker's event loop.
YIELD_EVERY_S = 0.025
# A review searches each position to a fixed depth, at most this one.
MAX_REVIEW_DEPTH = 8

# Searches are numbered as they arrive; cancel() ends every one up to the
# newest, so a cancel that arrives between two searches stops nothing new.
_searches = {"started": 0, "cancelled": 0}


def _block_on_sleep() -> Callable[[], None] | None:
    """A function that lets the event loop run (Pyodide with JSPI), or None."""
    try:
        from pyodide.ffi import can_run_sync, run_sync
    except ImportError:  # CPython: nothing else can arrive during a search
        return None
    if not can_run_sync():
        return None
    return lambda: run_sync(asyncio.sleep(0.001))


def _stop_for(serial: int) -> Callable[[], bool]:
    """``choose_move``'s ``stop``: visits the event loop now and then, and is
    true once this search was cancelled."""
    yield_now = _block_on_sleep()
    last = [time.perf_counter()]

    def stop() -> bool:
        if yield_now is not None and time.perf_counter() - last[0] >= YIELD_EVERY_S:
            yield_now()
            last[0] = time.perf_counter()
        return _searches["cancelled"] >= serial

    return stop


def _begin(req: dict[str, Any], *, crash: bool = True) -> int:
    """Count a search request in; its serial number (a cancel ends the searches
    counted before it). A request with ``crash`` fails here: sent only by a
    test page (window.mixtourDebug.crashNext)."""
    _searches["started"] += 1
    if crash and req.get("crash"):
        raise RuntimeError("the page asked the worker to fail (test)")
    return _searches["started"]


async def think(request: ThinkRequestJson) -> ThoughtJson:
    """Choose a move for the player to move (see the module docstring)."""
    return think_now(request)


def think_now(request: ThinkRequestJson) -> ThoughtJson:
    """:func:`think`, run to its end here and now."""
    req = json.loads(request)
    serial = _begin(req)
    ai = game_ai(str(req.get("game", "mixtour")))
    if "fen" in req:
        position = ai.read(str(req["fen"]))
    else:
        position = ai.replay(str(req["start"]), [str(a) for a in req.get("actions", [])])
    level = int(req.get("level", 6))
    if level not in ai.levels:
        raise ValueError(f"level {level}: expected {min(ai.levels)} to {max(ai.levels)}")
    time_ms = req.get("time_ms")
    limit: float | None = ai.levels[level]
    if time_ms is not None:
        cap = float(time_ms)
        if math.isnan(cap):  # no deadline, not even a cancel, could end that search
            raise ValueError("time_ms: expected a number of milliseconds, not NaN")
        limit = cap if limit is None else min(cap, limit)
    seed = req.get("seed")
    result = ai.choose(
        position,
        level=level,
        time_ms=None if limit is None else min(limit, MAX_TIME_MS),
        seed=None if seed is None else int(seed),
        stop=_stop_for(serial),
    )
    return json.dumps(
        {
            "id": req.get("id"),
            "move": ai.action_text(result.move),
            "action": ai.action_dict(result.move),
            "score": result.score,
            "depth": result.depth,
            "nodes": result.nodes,
            "time_ms": round(result.time_ms, 1),
            "nps": round(result.nps),
            "pv": [ai.action_text(code) for code in result.pv],
            "level": level,
            "cancelled": _searches["cancelled"] >= serial,
        },
        separators=(",", ":"),
    )


async def review(request: ReviewRequestJson) -> ReviewedPlyJson:
    """Analyse one position of a game (see the module docstring)."""
    return review_now(request)


def review_now(request: ReviewRequestJson) -> ReviewedPlyJson:
    """:func:`review`, run to its end here and now."""
    req = json.loads(request)
    serial = _begin(req, crash=False)
    reviewer = game_ai(str(req.get("game", "mixtour"))).review
    depth = int(req.get("depth") or reviewer.rules.depth)
    if not 1 <= depth <= MAX_REVIEW_DEPTH:
        raise ValueError(f"depth {depth}: expected 1 to {MAX_REVIEW_DEPTH}")
    actions = req.get("actions", [])
    if not isinstance(actions, list):
        raise ValueError("actions: expected a list of actions")
    analysis = reviewer.analyse_ply(
        str(req["start"]),
        [str(a) for a in actions],
        int(req["ply"]),
        depth=depth,
        stop=_stop_for(serial),
    )
    answer = reviewer.ply_json(analysis)
    answer["id"] = req.get("id")
    answer["cancelled"] = _searches["cancelled"] >= serial
    return json.dumps(answer, separators=(",", ":"))


# The analysis board's position: its key (start and actions) and its analysis.
_analysis: dict[str, object] = {"key": None, "analysis": None}


async def analyse(request: AnalyseRequestJson) -> AnalysedJson:
    """Deepen the analysis of a position (see the module docstring)."""
    return analyse_now(request)


def analyse_now(request: AnalyseRequestJson) -> AnalysedJson:
    """:func:`analyse`, run to its end here and now."""
    from mixtour.kit.analysis import MAX_DEPTH, Analysis
    from mixtour.kit.errors import GameError

    req = json.loads(request)
    serial = _begin(req)
    name = str(req.get("game", "mixtour"))
    rules = game_ai(name).analysis
    actions = req.get("actions", [])
    if not isinstance(actions, list):
        raise ValueError("actions: expected a list of actions")
    start = str(req["start"])
    key = json.dumps([name, start, [str(a) for a in actions]])
    depth = int(req.get("depth") or 1)
    if not 1 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth {depth}: expected 1 to {MAX_DEPTH}")
    time_ms = req.get("time_ms")
    cap = MAX_TIME_MS if time_ms is None else min(float(time_ms), MAX_TIME_MS)
    if math.isnan(cap):
        raise ValueError("time_ms: expected a number of milliseconds, not NaN")
    answer: dict[str, object] = {"id": req.get("id"), "cancelled": False, "error": None}
    if _analysis["key"] != key or _analysis["analysis"] is None:
        try:
            _analysis["analysis"] = Analysis(rules, start, [str(a) for a in actions])
        except GameError as error:
            _analysis["key"] = _analysis["analysis"] = None
            answer["error"] = str(error)
            return json.dumps(answer, separators=(",", ":"))
        _analysis["key"] = key
    analysis = _analysis["analysis"]
    assert isinstance(analysis, Analysis)
    deadline = time.perf_counter() + cap / 1000
    stop = _stop_for(serial)
    while analysis.last is None or (analysis.depth < depth and not analysis.done):
        left = (deadline - time.perf_counter()) * 1000
        if left <= 0 or analysis.step(time_ms=left, stop=stop) is None:
            answer["cancelled"] = True
            break
    if analysis.last is not None:
        answer.update(analysis.last.as_json())
    return json.dumps(answer, separators=(",", ":"))


def review_report(request: ReviewReportRequestJson) -> ReviewReportJson:
    """The review of a game from its positions' analyses (see the module docstring)."""
    req = json.loads(request)
    reviewer = game_ai(str(req.get("game", "mixtour"))).review
    plies = [reviewer.ply_from_json(p) for p in req["plies"]]
    actions = [str(a) for a in req["actions"]]
    return json.dumps(reviewer.report(plies, actions), separators=(",", ":"))


def cancel() -> DoneJson:
    """End every search started so far (see the module docstring)."""
    _searches["cancelled"] = _searches["started"]
    return json.dumps({"ok": True})


async def ping() -> PongJson:
    """``{"ok": true, "python": version, "yields": bool}``; ``yields``: a search
    here visits the event loop, so it hears ``cancel`` and answers pings."""
    return json.dumps(
        {"ok": True, "python": sys.version.split()[0], "yields": _block_on_sleep() is not None}
    )


def memory() -> MemoryJson:
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


# What the engine worker may ask of this module (engine_calls.CALLS names them).
__export__ = ["think", "cancel", "ping", "memory", "review", "review_report", "analyse"]
