"""Endurance: many computer-vs-computer games in one page, without a reload.

Run by ``python3 build.py bench`` with the virtual environment's Python (it needs
Playwright), or directly: ``.venv/bin/python tests/bench_endurance.py --games 50``.

Opens the built game page, starts a game of two computers (level ``--level``,
``--discs`` discs each) from the new-game dialog, waits for its end, starts the
next one the same way, and prints the page's JavaScript heap (Chrome DevTools
``Performance.getMetrics``, after a garbage collection) and the AI worker's
WebAssembly memory and Python object count (the worker's ``memory()``) at the
start and at the end. Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402

WORKER_MEMORY = "async () => await window.mixtourWorker.call('memory')"
GAME_TIMEOUT_MS = 600_000


def figures(page: Page, cdp: Any) -> dict[str, Any]:
    cdp.send("HeapProfiler.collectGarbage")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    worker = page.evaluate(WORKER_MEMORY)
    return {
        "js_heap": metrics.get("JSHeapUsedSize", 0),
        "nodes": metrics.get("Nodes", 0),
        "worker_wasm": worker.get("wasm_bytes"),
        "worker_objects": worker.get("objects"),
    }


def start_game(page: Page, level: int, discs: int) -> None:
    page.click("#new-game")
    page.locator("#new-game-dialog input[name=players][value='2']").check()
    page.fill("#discs", str(discs))
    page.fill("#target-input", "1")
    page.select_option("#seat-w", str(level))
    page.select_option("#seat-r", str(level))
    page.click("#start-game")


def mb(value: float | None) -> str:
    return "n/a" if value is None else f"{value / 1e6:7.1f} MB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--level", type=int, default=1, help="AI level of both players")
    parser.add_argument("--discs", type=int, default=8, help="discs per player")
    parser.add_argument("--site", type=Path, default=build.DIST, help="the built site to serve")
    args = parser.parse_args(argv)

    if args.site == build.DIST and not (build.DIST / "index.html").is_file():
        build.build_site()
    with build.serve_in_background(args.site) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(build.chromium_path()), args=list(build.CHROMIUM_ARGS)
        )
        page = browser.new_page()
        page.add_init_script("window.mixtourDebug = { demoDelayMs: 0 }")
        page.goto(server.url + "index.html")
        page.wait_for_function(build.READY_SCRIPT, timeout=120_000)
        page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=180_000)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        before = figures(page, cdp)
        started = time.perf_counter()
        plies = 0
        results: dict[str, int] = {}
        for _ in range(args.games):
            start_game(page, args.level, args.discs)
            page.wait_for_function(
                "document.querySelector('#board').dataset.status !== 'playing'",
                timeout=GAME_TIMEOUT_MS,
            )
            status = page.locator("#board").get_attribute("data-status") or "?"
            results[status] = results.get(status, 0) + 1
            plies += int(page.locator("#moves").get_attribute("data-count") or "0")
        elapsed = time.perf_counter() - started
        after = figures(page, cdp)
        browser.close()

    print(
        f"{args.games} games of two level-{args.level} computers, {args.discs} discs each, "
        f"in one page: {plies} plies in {elapsed:.0f} s; results {json.dumps(results)}"
    )
    for label, key in (("page JS heap", "js_heap"), ("worker wasm memory", "worker_wasm")):
        print(f"  {label:20} start {mb(before[key])}   end {mb(after[key])}")
    print(f"  {'DOM nodes':20} start {before['nodes']:10.0f}   end {after['nodes']:10.0f}")
    print(
        f"  {'worker Python objects':20} start {before['worker_objects']:10}   "
        f"end {after['worker_objects']:10}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
