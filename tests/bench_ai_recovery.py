"""The computer player's recovery in the browser: cancelled searches and a dead worker.

Run by ``python3 build.py bench`` with the virtual environment's Python (it needs
Playwright), or directly: ``.venv/bin/python tests/bench_ai_recovery.py``.

Two figures, each the median of ``--runs`` runs in a fresh page of the built site:

* **answer after cancels**: White (human) against Red at Master (level 6).
  White plays c3, then Undo and Redo are clicked ``--cycles`` times (default 45),
  ``--gap-ms`` apart (default 100): every Redo starts a Master search and every
  Undo cancels it. Printed: the seconds from the last Redo to Red's move on the
  board. Without real cancellation every cancelled search runs to its end
  first (tens of seconds); with it, about one Master budget (~1.5 s).
* **dead worker noticed**: while Red thinks, the AI worker is terminated from
  outside (as a crashed tab process would leave it). Printed: the seconds until
  the page notices (``body[data-ai-restarts]`` goes up) and until Red's move
  arrives from the fresh worker.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
for extra in (ROOT, ROOT / "tests"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

import build  # noqa: E402

WAIT_MS = 180_000
RED_MOVED = """() => {
    const board = document.querySelector('#board');
    return board.dataset.position.split(' ')[1] === 'w' && !board.dataset.thinking
        && document.querySelector('#moves').dataset.count === '2';
}"""


def open_game(page: Page, url: str) -> None:
    # 19 discs each: out of the opening book, so Red searches from its first move.
    page.goto(url + "index.html#p=5/5/5/5/5_w_19/19_0/0_1_-&ai=6")
    page.wait_for_function(build.READY_SCRIPT, timeout=WAIT_MS)
    page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=WAIT_MS)


def answer_after_cancels(page: Page, url: str, cycles: int, gap_ms: int) -> float:
    open_game(page, url)
    box = page.locator("#board").bounding_box()
    assert box is not None
    geometry = page.evaluate("JSON.parse(document.querySelector('#board').dataset.geometry)")
    x = box["x"] + geometry["x"] + 2.5 * geometry["cell"]
    y = box["y"] + geometry["y"] + 2.5 * geometry["cell"]
    page.mouse.click(x, y)  # White enters c3; Red starts thinking
    page.wait_for_function("document.querySelector('#moves').dataset.count === '1'")
    for _ in range(cycles):
        page.wait_for_timeout(gap_ms)
        page.click("#undo")
        page.wait_for_timeout(gap_ms)
        page.click("#redo")
    started = time.perf_counter()
    page.wait_for_function(RED_MOVED, timeout=WAIT_MS, polling=20)
    return time.perf_counter() - started


def dead_worker_noticed(page: Page, url: str) -> tuple[float, float]:
    open_game(page, url)
    box = page.locator("#board").bounding_box()
    assert box is not None
    geometry = page.evaluate("JSON.parse(document.querySelector('#board').dataset.geometry)")
    page.mouse.click(
        box["x"] + geometry["x"] + 2.5 * geometry["cell"],
        box["y"] + geometry["y"] + 2.5 * geometry["cell"],
    )
    page.wait_for_function("document.querySelector('#board').dataset.thinking === '1'")
    page.evaluate("window.mixtourWorker.kill()")
    started = time.perf_counter()
    page.wait_for_function("document.body.dataset.aiRestarts === '1'", timeout=WAIT_MS, polling=20)
    noticed = time.perf_counter() - started
    page.wait_for_function(RED_MOVED, timeout=WAIT_MS, polling=20)
    return noticed, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3, help="runs to take the median of")
    parser.add_argument("--cycles", type=int, default=45, help="undo/redo cycles")
    parser.add_argument("--gap-ms", type=int, default=100, help="between two clicks")
    args = parser.parse_args(argv)
    if not (build.DIST / "index.html").is_file():
        build.build_site()
    answers: list[float] = []
    noticed: list[float] = []
    moved: list[float] = []
    with build.serve_in_background(build.DIST) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(build.chromium_path()),
            args=list(build.CHROMIUM_ARGS),
            headless=True,
        )
        for _ in range(args.runs):
            context = browser.new_context()
            answers.append(
                answer_after_cancels(context.new_page(), server.url, args.cycles, args.gap_ms)
            )
            context.close()
            context = browser.new_context()
            seen, arrived = dead_worker_noticed(context.new_page(), server.url)
            noticed.append(seen)
            moved.append(arrived)
            context.close()
        browser.close()
    print(
        f"AI answer after {args.cycles} undo/redo cycles {args.gap_ms} ms apart (Master): "
        f"{statistics.median(answers):.2f} s  (median of {args.runs}; "
        f"{', '.join(f'{a:.2f}' for a in answers)})"
    )
    print(
        f"Dead AI worker noticed after {statistics.median(noticed):.2f} s, "
        f"its move from a fresh worker after {statistics.median(moved):.2f} s  "
        f"(median of {args.runs}; noticed {', '.join(f'{a:.2f}' for a in noticed)})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
