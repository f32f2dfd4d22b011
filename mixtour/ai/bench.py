"""Search speed figures: nodes per second and depth reached per time budget.

The positions are fixed middle games (from a self-play game, plus one with
target 3 and one with three players), so figures from different machines,
CPython and Pyodide can be compared.  Each is searched ``runs`` times; the
median is reported.  ``python -m mixtour bench-ai`` prints the table;
``tests/pyodide_bench.mjs`` runs the same function inside Pyodide.
"""

from __future__ import annotations

import platform
import statistics
import sys
import time
from collections.abc import Callable

from ..core import Position
from .player import choose_move

__all__ = ["BENCH_POSITIONS", "bench_lines", "run_bench"]

BENCH_POSITIONS: tuple[tuple[str, str], ...] = (
    ("mid-1", "5/1,wr,2,rww/5/2,w,1,r/1,rr,1,w,1 w 15/15 0/0 1 c4-b4"),
    ("mid-2", "5/1,wr,1,w,rww/4,w/2,w,1,rwr/1,rr,3 r 13/14 0/0 1 e3"),
    ("mid-3", "5/1,w,1,wrr,1/3,www,wr/2,w,1,rwr/1,rr,3 r 12/13 0/0 1 b4-d4"),
    ("target-3", "5/1,wr,r,w,rww/4,w/2,w,1,rwr/1,rr,3 w 13/13 1/0 3 c4"),
    ("3-players", "5/1,wb,1,r,rwb/5/2,w,1,b/1,rr,1,w,1 w 10/10/11 0/0/0 1 -"),
)


def run_bench(
    time_ms: float = 1000, runs: int = 3, out: Callable[[str], None] = print
) -> list[tuple[str, float, float]]:
    """Search each bench position ``runs`` times for ``time_ms`` at Master
    level; print and return (name, median nodes/s, median depth)."""
    # CPU time where the platform measures it well, so that a shared, busy
    # machine still gives the engine's own speed; wall time in the browser.
    cpu = sys.platform != "emscripten"
    clock = time.process_time if cpu else time.perf_counter
    out(f"python {platform.python_implementation()} {sys.version.split()[0]} ({sys.platform})")
    out(f"search time {time_ms:.0f} ms of {'CPU' if cpu else 'wall'} time, median of {runs} runs")
    rows: list[tuple[str, float, float]] = []
    for name, fen in BENCH_POSITIONS:
        rates: list[float] = []
        depths: list[int] = []
        for r in range(runs):
            pos = Position(fen)
            res = choose_move(pos, time_ms=time_ms, level=6, seed=r, clock=clock)
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


def bench_lines(time_ms: float = 1000, runs: int = 3) -> str:
    """The bench table as one string (for Pyodide, where print goes elsewhere)."""
    lines: list[str] = []
    run_bench(time_ms, runs, lines.append)
    return "\n".join(lines)
