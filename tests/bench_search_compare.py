"""The search of this checkout against the search of another commit.

Moving Mixtour's search onto the shared kit (``mixtour/kit/search.py``) must
change nothing: at a fixed depth or a node budget, the same move, the same
score and the same node count on every position.  This script plays seeded
random games (two players with target 1 and 3, three players), and asks both
searches for a move on positions taken from them, with their history (R9),
at several levels and budgets; it prints how many agree and the first
differences, and the CPU time each side took.

    python3 tests/bench_search_compare.py [--ref main] [--games 30] [--seed 1]

The other commit's ``mixtour/`` is exported with ``git archive`` into a
temporary folder; each side runs in its own process.

``--instructions`` compares speed instead, in a way a busy, shared machine
cannot disturb: the machine instructions (counted by Valgrind) that each
side's interpreter executes per search node, on the positions of ``python
-m mixtour bench-ai`` searched to a fixed depth (the same nodes on both
sides), less those of the same run without the searches.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

STARTS = {
    "2p-target-1": "5/5/5/5/5 w 20/20 0/0 1 -",
    "2p-target-3": "5/5/5/5/5 w 20/20 0/0 3 -",
    "3p": "5/5/5/5/5 w 15/15/15 0/0/0 1 -",
}

# (name, choose_move arguments): fixed depths, node budgets, noisy levels,
# the weak level that is blind to replies and the stand-in's plain search.
SETTINGS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("master-depth-3", {"level": 6, "depth": 3}),
    ("master-8000-nodes", {"level": 6, "nodes": 8000}),
    ("level-3", {"level": 3}),
    ("level-1", {"level": 1}),
    ("plain-depth-3", {"level": 6, "depth": 3, "plain": True}),
)


def positions(games: int, seed: int) -> list[dict[str, Any]]:
    """Seeded random games; from each, a few positions with their history."""
    sys.path.insert(0, str(ROOT))
    from mixtour.mixtour.core import Position

    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for family, start in STARTS.items():
        for g in range(games):
            pos = Position(start)
            actions: list[int] = []
            length = rng.randrange(6, 70)
            while len(actions) < length and pos.legal_actions():
                action = rng.choice(pos.legal_actions())
                pos.push(action)
                actions.append(action)
                if len(actions) % 9 == 4 and not pos.status:
                    out.append(
                        {"family": family, "game": g, "start": start, "actions": list(actions)}
                    )
    return out


def child(root: str) -> None:
    """Read the positions on stdin, search each with every setting, print JSON."""
    sys.path.insert(0, root)
    from mixtour.mixtour.ai.player import choose_move
    from mixtour.mixtour.ai.tools.standin import plain_alpha_beta
    from mixtour.mixtour.core import Position

    jobs = json.load(sys.stdin)
    rows: list[list[Any]] = []
    t0 = time.process_time()
    for job in jobs:
        pos = Position(job["start"])
        for a in job["actions"]:
            pos.push(a)
        row: list[Any] = []
        for i, (_, args) in enumerate(SETTINGS):
            kw = {k: v for k, v in args.items() if k != "plain"}
            if args.get("plain"):
                kw["configure"] = plain_alpha_beta
            r = choose_move(pos, seed=1000 * i + job["game"], **kw)
            iters = [(it.depth, it.score, it.nodes, list(it.pv)) for it in r.iterations]
            row.append([r.move, r.score, r.depth, r.nodes, list(r.pv), iters])
        rows.append(row)
    json.dump({"rows": rows, "cpu_s": time.process_time() - t0}, sys.stdout)


# Depths that give each bench position some ten thousand nodes.
SPEED_DEPTHS = {"mid-1": 5, "mid-2": 4, "mid-3": 4, "target-3": 4, "3-players": 3}


def speed_child(root: str, search: bool) -> None:
    """Search the bench positions to SPEED_DEPTHS (or only set them up); print the nodes."""
    sys.path.insert(0, root)
    from mixtour.mixtour.ai.search import INF, Searcher
    from mixtour.mixtour.ai.tools.bench import BENCH_POSITIONS
    from mixtour.mixtour.core import Position

    nodes = 0
    for name, fen in BENCH_POSITIONS:
        pos = Position(fen)
        s = Searcher(pos)
        order = pos.legal_actions()
        if search:
            for d in range(1, SPEED_DEPTHS[name] + 1):
                s.root_search(d, order, -INF, INF)
        nodes += s.nodes
    print(f"nodes {nodes}")


def instructions(root: Path, search: bool) -> tuple[int, int]:
    """(instructions executed, nodes searched) of one speed_child run under Valgrind."""
    proc = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--speed-child",
            str(root),
            "--search" if search else "--no-search",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    refs = re.search(r"I\s+refs:\s+([\d,]+)", proc.stderr)
    nodes = re.search(r"nodes (\d+)", proc.stdout)
    if refs is None or nodes is None:
        raise RuntimeError(f"no instruction count from valgrind: {proc.stderr[-500:]}")
    return int(refs.group(1).replace(",", "")), int(nodes.group(1))


def compare_instructions(ref: str) -> int:
    if shutil.which("valgrind") is None:
        print("--instructions needs valgrind (apt-get install valgrind)")
        return 2
    per_node: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="search-ref-") as tmp:
        export(ref, Path(tmp))
        for side, root in ((ref, Path(tmp)), ("here", ROOT)):
            base, _ = instructions(root, search=False)
            total, nodes = instructions(root, search=True)
            per_node[side] = (total - base) / nodes
            print(f"{side:>6}: {total - base:,} instructions for {nodes:,} nodes")
    old, new = per_node[ref], per_node["here"]
    print(
        f"instructions per node: {ref} {old:,.0f}, here {new:,.0f} ({100 * (new / old - 1):+.1f} %)"
    )
    print(f"python {sys.version.split()[0]}")
    return 0


def export(ref: str, into: Path) -> None:
    """``mixtour/`` as it is in commit ``ref``, written under ``into``."""
    data = subprocess.run(
        ["git", "archive", "--format=tar", ref, "mixtour"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")


def run_side(root: Path, jobs: list[dict[str, Any]]) -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, __file__, "--child", str(root)],
        input=json.dumps(jobs),
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(proc.stdout)
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ref", default="main", help="the commit to compare with (default main)")
    ap.add_argument("--games", type=int, default=30, help="random games per family")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--instructions", action="store_true", help="compare instructions per node (valgrind)"
    )
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--speed-child", help=argparse.SUPPRESS)
    ap.add_argument("--search", action=argparse.BooleanOptionalAction, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child)
        return 0
    if args.speed_child:
        speed_child(args.speed_child, bool(args.search))
        return 0
    if args.instructions:
        return compare_instructions(args.ref)
    jobs = positions(args.games, args.seed)
    with tempfile.TemporaryDirectory(prefix="search-ref-") as tmp:
        export(args.ref, Path(tmp))
        old = run_side(Path(tmp), jobs)
    new = run_side(ROOT, jobs)
    differ = 0
    searched = 0
    by_family: dict[str, list[int]] = {}
    for job, a, b in zip(jobs, old["rows"], new["rows"], strict=True):
        tally = by_family.setdefault(job["family"], [0, 0])
        for (name, _), ra, rb in zip(SETTINGS, a, b, strict=True):
            tally[0] += 1
            searched += ra[3] > 1
            if ra != rb:
                differ += 1
                tally[1] += 1
                if differ <= 5:
                    print(f"differs: {job['family']} game {job['game']} {name}")
                    print(f"  {args.ref}: {ra[:5]}")
                    print(f"  here: {rb[:5]}")
    total = len(jobs) * len(SETTINGS)
    print(f"{len(jobs)} positions x {len(SETTINGS)} settings = {total} searches ({searched} ran)")
    for family, (n, bad) in by_family.items():
        print(f"  {family:12s} {n - bad:5d} of {n} identical (move, score, depth, nodes, pv)")
    print(f"CPU time: {args.ref} {old['cpu_s']:.1f} s, here {new['cpu_s']:.1f} s")
    print("identical" if not differ else f"{differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
