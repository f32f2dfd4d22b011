"""Search speed figures: nodes per second and depth reached per time budget.

The positions are fixed middle games (from a self-play game, plus one with
target 3 and one with three players), so figures from different machines,
CPython and Pyodide can be compared.  Each is searched ``runs`` times; the
median is reported.  ``python -m mixtour bench-ai`` prints the table;
``tests/pyodide_bench.mjs`` runs the same function inside Pyodide.  The
player is Master, or ``master-v1`` (Master before tuning, the arena's player
of that name) for the figures from before.

``profile_lines`` (``bench-ai --profile``, ``pyodide_bench.mjs --profile``)
searches the same positions to a fixed node count under :mod:`cProfile` and
lists where the time goes, so that the two runtimes' costs can be compared
function by function.
"""

from __future__ import annotations

import platform
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from ...core import Position
from ..player import choose_move

__all__ = ["BENCH_POSITIONS", "bench_lines", "profile_lines", "run_bench"]

BENCH_POSITIONS: tuple[tuple[str, str], ...] = (
    ("mid-1", "5/1,wr,2,rww/5/2,w,1,r/1,rr,1,w,1 w 15/15 0/0 1 c4-b4"),
    ("mid-2", "5/1,wr,1,w,rww/4,w/2,w,1,rwr/1,rr,3 r 13/14 0/0 1 e3"),
    ("mid-3", "5/1,w,1,wrr,1/3,www,wr/2,w,1,rwr/1,rr,3 r 12/13 0/0 1 b4-d4"),
    ("target-3", "5/1,wr,r,w,rww/4,w/2,w,1,rwr/1,rr,3 w 13/13 1/0 3 c4"),
    ("3-players", "5/1,wb,1,r,rwb/5/2,w,1,b/1,rr,1,w,1 w 10/10/11 0/0/0 1 -"),
)


PLAYERS = ("master", "master-v1")


def run_bench(
    time_ms: float = 1000,
    runs: int = 3,
    out: Callable[[str], None] = print,
    player: str = "master",
) -> list[tuple[str, float, float]]:
    """Search each bench position ``runs`` times for ``time_ms`` with Master
    (or ``master-v1``); print and return (name, median nodes/s, median depth)."""
    if player not in PLAYERS:
        raise ValueError(f"player: one of {', '.join(PLAYERS)}")
    frozen: dict[str, Any] = {}
    if player == "master-v1":
        from .frozen import EvaluatorV1, master_v1_search

        frozen = {"evaluator": EvaluatorV1(), "configure": master_v1_search}
    # CPU time where the platform measures it well, so that a shared, busy
    # machine still gives the engine's own speed; wall time in the browser.
    cpu = sys.platform != "emscripten"
    clock = time.process_time if cpu else time.perf_counter
    out(f"python {platform.python_implementation()} {sys.version.split()[0]} ({sys.platform})")
    out(
        f"{player}: search time {time_ms:.0f} ms of {'CPU' if cpu else 'wall'} time, "
        f"median of {runs} runs"
    )
    rows: list[tuple[str, float, float]] = []
    for name, fen in BENCH_POSITIONS:
        rates: list[float] = []
        depths: list[int] = []
        for r in range(runs):
            pos = Position(fen)
            res = choose_move(pos, time_ms=time_ms, level=6, seed=r, clock=clock, **frozen)
            assert pos.fen() == fen, "the search must restore the position"
            rates.append(res.nps)
            depths.append(res.depth)
        rate, depth = statistics.median(rates), statistics.median(depths)
        rows.append((name, rate, depth))
        out(f"{name:10s} {rate:9,.0f} nodes/s  depth {depth:g}")
    out(
        f"{'median':10s} {statistics.median(r[1] for r in rows):9,.0f} nodes/s  "
        f"depth {statistics.median(r[2] for r in rows):g}"
    )
    return rows


def bench_lines(time_ms: float = 1000, runs: int = 3, player: str = "master") -> str:
    """The bench table as one string (for Pyodide, where print goes elsewhere)."""
    lines: list[str] = []
    run_bench(time_ms, runs, lines.append, player)
    return "\n".join(lines)


def profile_lines(nodes: int = 40_000, top: int = 25) -> str:
    """Search each two-player bench position to ``nodes`` nodes at Master
    level under cProfile; the ``top`` functions by their own time, as one
    string: share of the total, own seconds, calls, function."""
    import cProfile
    import pstats

    clock = time.perf_counter if sys.platform == "emscripten" else time.process_time
    # Built-in calls (len, bit_length...) are charged to their caller: timed
    # one by one, their overhead would swamp the figures.
    profiler = cProfile.Profile(clock, builtins=False)
    for name, fen in BENCH_POSITIONS:
        if name == "3-players":
            continue
        pos = Position(fen)
        profiler.enable()
        choose_move(pos, nodes=nodes, level=6, seed=0)
        profiler.disable()
    stats = pstats.Stats(profiler)
    entries = stats.stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in entries.values()) or 1.0
    rows = sorted(entries.items(), key=lambda item: item[1][2], reverse=True)[:top]
    lines = [
        f"python {platform.python_implementation()} {sys.version.split()[0]} ({sys.platform})",
        f"{nodes:,} nodes per position, own time {total:.2f} s (under the profiler)",
        f"{'share':>6} {'own s':>7} {'calls':>9}  function",
    ]
    for (filename, line, function), (_, calls, own, _cum, _callers) in rows:
        where = filename.replace("\\", "/").rsplit("/mixtour/", 1)[-1]
        share = 100 * own / total
        lines.append(f"{share:5.1f}% {own:7.3f} {calls:9,}  {function} ({where}:{line})")
    return "\n".join(lines)
