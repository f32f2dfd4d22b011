"""Figures of Tor's engine: perft from the standard setup with its time, and
push/pop speed. Not a test: run ``python tests/bench_tor.py [--deep]``.

Each figure is the median of several runs (the machine is shared and noisy);
``--deep`` adds perft 5, run once (about 10 to 40 s).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mixtour.kit.perft import perft  # noqa: E402
from mixtour.tor import Position, parse_action  # noqa: E402

MIDGAME_ACTIONS = ["c3", "d5", "b6", "e2", "c3-d4", "d5-c4@d3", "d4-e5@e4"]


def median_time(run: object, runs: int) -> float:
    assert callable(run)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        run()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def push_pop_per_second(pos: Position, rounds: int = 200) -> float:
    """Every legal action pushed and popped, ``rounds`` times over."""
    actions = pos.legal_actions()
    push, pop = pos.push, pos.pop
    t0 = time.perf_counter()
    for _ in range(rounds):
        for a in actions:
            push(a)
            pop()
    return rounds * len(actions) / (time.perf_counter() - t0)


def generate_per_second(pos: Position, rounds: int = 2000) -> float:
    t0 = time.perf_counter()
    for _ in range(rounds):
        pos.legal_actions()
    return rounds / (time.perf_counter() - t0)


def main() -> None:
    deep = "--deep" in sys.argv
    for depth in range(1, 6 if deep else 5):
        runs = 1 if depth == 5 else 5
        pos = Position()
        count = perft(pos, depth)
        t = median_time(lambda d=depth: perft(Position(), d), runs)
        print(f"perft {depth}: {count:>10,}  {t:8.3f} s  (median of {runs})", flush=True)
    midgame = Position()
    for text in MIDGAME_ACTIONS:
        midgame.push(parse_action(text))
    for name, pos in (("start", Position()), ("midgame", midgame)):
        rate = statistics.median(push_pop_per_second(pos) for _ in range(5))
        gen = statistics.median(generate_per_second(pos) for _ in range(5))
        n = len(pos.legal_actions())
        print(f"{name} ({n} actions): {rate:,.0f} push+pop/s, {gen:,.0f} generations/s")


if __name__ == "__main__":
    main()
