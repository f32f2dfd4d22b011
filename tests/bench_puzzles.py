"""Figures of the puzzles (``mixtour/ai/puzzles.py``, the set in
``web/data/puzzles.json``): its size and make-up, the time to prove every
puzzle again, and the time the page's engine takes to answer a wrong first
move (``refute``) over every wrong first move of every puzzle, in CPython
(Pyodide is about 2x slower). Not a test: run ``python tests/bench_puzzles.py``.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mixtour.ai.puzzles import Solver, check, read_set, refute  # noqa: E402
from mixtour.core import Position, action_text  # noqa: E402

SET = ROOT / "web" / "data" / "puzzles.json"


def main() -> int:
    text = SET.read_text(encoding="utf-8")
    puzzles = read_set(text)
    kinds = Counter(
        f"win in {p['n']}" if p["kind"] == "win" else "only move (defend)" for p in puzzles
    )
    print(f"{SET.relative_to(ROOT)}: {len(puzzles)} puzzles, {len(text.encode())} bytes")
    for kind, n in sorted(kinds.items()):
        print(f"  {kind:20} {n}")
    ratings = [p["rating"] for p in puzzles]
    print(f"  ratings {min(ratings)} to {max(ratings)}, median {statistics.median(ratings):.0f}")

    t0 = time.perf_counter()
    solver = Solver()
    bad = sum(1 for p in puzzles if check(p, solver))
    print(f"proving every puzzle again: {time.perf_counter() - t0:.2f} s, {bad} fail")

    times: dict[str, list[float]] = {}
    for p in puzzles:
        pos = Position(p["fen"])
        left = p["n"] if p["kind"] == "win" else 1
        label = f"{p['kind']} {p['n']}"
        for action in pos.legal_actions():
            if action_text(action) == p["line"][0]:
                continue
            pos.push(action)
            t1 = time.perf_counter()
            refute(pos, p["kind"], left)
            times.setdefault(label, []).append(time.perf_counter() - t1)
            pos.pop()
    print("answer to a wrong first move (refute), CPython:")
    for label, values in sorted(times.items()):
        values.sort()
        median, p99 = statistics.median(values), values[int(len(values) * 0.99)]
        print(
            f"  {label:9} {len(values):5} moves: median {median * 1000:6.1f} ms,"
            f" 99th {p99 * 1000:6.1f} ms, max {values[-1] * 1000:6.1f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
