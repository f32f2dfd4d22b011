"""Figures of the puzzles (``mixtour/mixtour/ai/puzzles.py``, the set in
``web/data/puzzles.json``): its size and make-up, the time to prove every
puzzle again, and the time the page's engine takes to answer a wrong first
move (``refute``) over every wrong first move of every puzzle, in CPython
(Pyodide is about 2x slower). Not a test: run ``python tests/bench_puzzles.py``;
``--web`` also times the same answers in the built page (``dist/``, headless
Chromium: the bridge's ``refute`` as the page calls it, on its main thread).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mixtour.mixtour.ai.puzzles import Solver, check, read_set, refute  # noqa: E402
from mixtour.mixtour.core import Position, action_text  # noqa: E402

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
    if "--web" in sys.argv[1:]:
        in_the_page(puzzles)
    return 0


def in_the_page(puzzles: list[dict[str, Any]]) -> None:
    """The bridge's ``refute`` after every wrong first move, timed in the page."""
    sys.path.insert(0, str(ROOT / "tests"))
    from playwright.sync_api import sync_playwright

    import build

    jobs = []
    for p in puzzles:
        pos = Position(p["fen"])
        left = p["n"] if p["kind"] == "win" else 1
        link = "p=" + p["fen"].replace(" ", "_")
        for action in pos.legal_actions():
            if action_text(action) != p["line"][0]:
                jobs.append((link, action_text(action), p["kind"], left))
    with build.serve_in_background(build.DIST) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(build.chromium_path()), args=list(build.CHROMIUM_ARGS)
        )
        page = browser.new_page()
        page.goto(server.url + "puzzles.html#id=1")
        page.wait_for_function(build.READY_SCRIPT, timeout=90_000)
        times: dict[str, list[float]] = page.evaluate(TIME_REFUTE, jobs)
        browser.close()
    print("the same in the page (Pyodide, Chromium's main thread):")
    for label, values in sorted(times.items()):
        values.sort()
        median, p99 = statistics.median(values), values[int(len(values) * 0.99)]
        print(
            f"  {label:9} {len(values):5} moves: median {median:6.1f} ms,"
            f" 99th {p99:6.1f} ms, max {values[-1]:6.1f} ms"
        )


TIME_REFUTE = """(jobs) => {
  const py = window.mixtourPython;
  const out = {};
  for (const [link, move, kind, left] of jobs) {
    py.load_link(link);
    py.play(move);
    const t0 = performance.now();
    py.refute(kind, left);
    (out[`${kind} ${kind === "win" ? left : 1}`] ??= []).push(performance.now() - t0);
  }
  return out;
}"""


if __name__ == "__main__":
    sys.exit(main())
