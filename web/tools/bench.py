"""Benchmarks: what ``python3 build.py bench`` prints.

Engine figures (``python3 -m mixtour perft 5`` and ``bench-parse``), the size
of ``dist/`` raw and gzipped, page-load times in headless Chromium
(``tests/bench_load.py``), a newcomer's first minute
(``tests/bench_first_minute.py``), hostile input and full storage
(``tests/bench_hostile.py``), what embedded boards cost in memory and time
(``tests/bench_embeds.py``), the AI's speed inside Pyodide under Node
(``tests/pyodide_bench.mjs``) and in the page's worker
(``tests/bench_ai_web.py``), its recovery (``tests/bench_ai_recovery.py``)
and an endurance run (``tests/bench_endurance.py``). The scripts under
``tests/`` run with the virtual environment's Python.
"""

from __future__ import annotations

import gzip
import re
import shutil
import subprocess
import sys
from pathlib import Path

from web.tools.common import DIST, PACKAGE, ROOT, run, walk_files
from web.tools.testenv import ensure_chromium, ensure_venv, tool_env

TESTS = ROOT / "tests"
BENCH_SCRIPT = TESTS / "bench_load.py"
AI_WEB_BENCH_SCRIPT = TESTS / "bench_ai_web.py"
AI_RECOVERY_BENCH_SCRIPT = TESTS / "bench_ai_recovery.py"
AI_NODE_BENCH_SCRIPT = TESTS / "pyodide_bench.mjs"
ENDURANCE_SCRIPT = TESTS / "bench_endurance.py"
FIRST_MINUTE_SCRIPT = TESTS / "bench_first_minute.py"
EMBEDS_SCRIPT = TESTS / "bench_embeds.py"
HOSTILE_SCRIPT = TESTS / "bench_hostile.py"

# Pages timed by `build.py bench`: every page that takes input (the rules
# pages' boards are the embeds'), Mixtour's then Tor's; the embeds show a
# position, as a rules page would have them.
BENCH_PAGES = (
    "index.html",
    "editor.html",
    "embed.html#p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3,b4,c4,c3-b4",
    "learn.html",
    "puzzles.html",
    "analysis.html",
    "tor.html",
    "tor-editor.html",
    "tor-embed.html#m=c3,d5,b6,e2,c3-d4",
    "tor-learn.html",
    "tor-puzzles.html",
    "tor-analysis.html",
)
# Pages where the computer (level 3) has the first move: its first reply is timed.
REPLY_PAGES = ("index.html#ai=w3", "tor.html#ai=w3")


def dist_sizes(directory: Path = DIST) -> tuple[int, int]:
    """Total bytes of ``directory``: raw, and with each file compressed by gzip -9."""
    raw = packed = 0
    for path in walk_files(directory):
        data = path.read_bytes()
        raw += len(data)
        packed += len(gzip.compress(data, compresslevel=9, mtime=0))
    return raw, packed


def bench_engine() -> None:
    """Engine figures from ``python3 -m mixtour``; failures are reported, not raised."""
    main_module = PACKAGE / "__main__.py"
    if not main_module.is_file():
        print("engine: mixtour/__main__.py does not exist yet; skipped")
        return
    commands = [["perft", "5"], ["bench-parse"]]
    if re.search(r"""["']bench["']""", main_module.read_text(encoding="utf-8")):
        commands.append(["bench"])
    for extra in commands:
        label = "python3 -m mixtour " + " ".join(extra)
        print(f"engine: {label}", flush=True)
        try:
            result = subprocess.run(
                [sys.executable, "-m", "mixtour", *extra],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=900,
                check=False,
            )
        except subprocess.TimeoutExpired:
            print("  failed: timed out after 900 s")
            continue
        output = (result.stdout + result.stderr).strip() or "(no output)"
        status = (
            "" if result.returncode == 0 else f"  failed with exit status {result.returncode}:\n"
        )
        print(status + "\n".join("  " + line for line in output.splitlines()), flush=True)


def run_benchmarks(runs: int) -> int:
    """Print every figure for the site built in ``dist/``; non-zero if a step failed."""
    print("\n== Engine ==", flush=True)
    bench_engine()

    print("\n== Site size ==")
    raw, packed = dist_sizes()
    print(f"dist/ raw:     {raw / 1e6:6.2f} MB")
    print(f"dist/ gzip -9: {packed / 1e6:6.2f} MB", flush=True)

    print("\n== Page load (headless Chromium) ==", flush=True)
    python = ensure_venv()
    chromium = ensure_chromium()
    command: list[str | Path] = [python, BENCH_SCRIPT, "--runs", str(runs), "--bare"]
    for page in BENCH_PAGES:
        command += ["--page", page]
    for page in REPLY_PAGES:
        command += ["--reply", page]
    status = run(command, env=tool_env(chromium))

    # A newcomer's first minute: the choice on screen, the computer's first reply, the lesson.
    print("\n== First minute (390x844, touch, cold) ==", flush=True)
    status = run([python, FIRST_MINUTE_SCRIPT, "--runs", "3"], env=tool_env(chromium)) or status

    # Hostile links and damaged saves: the longest main-thread task; full storage: time to say so.
    print("\n== Hostile input and full storage ==", flush=True)
    status = run([python, HOSTILE_SCRIPT, "--runs", "3"], env=tool_env(chromium)) or status

    # Embedded boards: memory, Python runtimes and answer times (one shared engine).
    print("\n== Embeds (one rules page, 20 boards) ==", flush=True)
    status = run([python, EMBEDS_SCRIPT], env=tool_env(chromium)) or status

    # The AI: inside Pyodide under Node (tests/pyodide_bench.mjs, the same table
    # as `python3 -m mixtour bench`), and in the page's engine worker.
    print("\n== AI in Pyodide (Node) ==", flush=True)
    node = shutil.which("node")
    if node is None:
        print("node not found; skipped")
    elif run([node, AI_NODE_BENCH_SCRIPT, "1000", "3"]) != 0:
        status = status or 1
    print("\n== AI in the browser (Chromium worker) ==", flush=True)
    ai_command: list[str | Path] = [python, AI_WEB_BENCH_SCRIPT, "--runs", "3"]
    status = run(ai_command, env=tool_env(chromium)) or status
    print("\n== AI recovery (cancelled searches, a dead worker) ==", flush=True)
    recovery: list[str | Path] = [python, AI_RECOVERY_BENCH_SCRIPT, "--runs", "3"]
    status = run(recovery, env=tool_env(chromium)) or status

    # Endurance: 50 computer-vs-computer games in one page, memory at start and end.
    print("\n== Endurance (50 AI games in one page) ==", flush=True)
    endurance: list[str | Path] = [python, ENDURANCE_SCRIPT, "--games", "50"]
    return run(endurance, env=tool_env(chromium)) or status
