"""How long a game review takes: a 40-action game under CPython and in Chromium.

Run directly: ``.venv/bin/python tests/bench_review.py`` (``--depth``, ``--actions``,
``--no-browser``). The game is seeded self-play at Intermediate (level 3,
a node budget, so the same game on every machine) from the standard start:
the first seed whose game lasts ``--actions`` actions.

CPython: :func:`mixtour.mixtour.ai.review.review_game` at the review's default depth
(every position, the start included). Chromium: the built site opened on the
game's link, "Review the game" clicked, and the time until
``body[data-review="done"]`` (``body[data-review-ms]``, measured by the page),
with the largest gap between two animation frames while the worker reviewed:
the page must keep drawing (under 50 ms). Beside it, the same measures on the
idle page and during Master searches for as long as the review took, and the
main thread's tasks over 50 ms (``PerformanceObserver`` "longtask"): on a
loaded machine a frame can come late with no long task, when the browser's
other threads wait for a core.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
for extra in (ROOT, ROOT / "tests"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

import build  # noqa: E402
from mixtour.mixtour.ai.player import choose_move  # noqa: E402
from mixtour.mixtour.ai.review import DEFAULT_DEPTH, report, review_game  # noqa: E402
from mixtour.mixtour.core import STANDARD_START  # noqa: E402
from mixtour.mixtour.game import Game  # noqa: E402
from mixtour.mixtour.link import format_link  # noqa: E402

GAPS = """() => {
  const gaps = { max: 0, frames: 0, running: true, list: [], long: 0 };
  // Tasks of the main thread over 50 ms: a gap without one is the machine's, not the page's.
  new PerformanceObserver((entries) => {
    if (gaps.running) gaps.long += entries.getEntries().length;
  }).observe({ type: "longtask" });
  let last = performance.now();
  const tick = (now) => {
    gaps.max = Math.max(gaps.max, now - last);
    gaps.list.push(now - last);
    gaps.frames += 1;
    last = now;
    if (gaps.running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.__frameGaps = gaps;
}"""


def bench_game(actions: int) -> tuple[int, list[str]]:
    """The first seed whose level-3 self-play lasts ``actions`` actions, and them."""
    for seed in range(1, 200):
        rng = random.Random(seed)
        game = Game(STANDARD_START)
        while len(game.actions()) < actions and not game.position.is_over:
            game.play(choose_move(game.position, level=3, seed=rng.randrange(1 << 30)).move)
        if len(game.actions()) == actions:
            return seed, [str(a) for a in game.actions()]
    raise SystemExit(f"no seed below 200 gives a game of {actions} actions")


THINK = """
async (request) => await window.mixtourWorker.call("think", JSON.parse(request))
"""


def gap_text(gaps: dict[str, Any]) -> str:
    ordered = sorted(gaps["list"])
    p99 = ordered[int(0.99 * (len(ordered) - 1))] if ordered else 0.0
    over = sum(1 for gap in ordered if gap > 50)
    return (
        f"{gaps['frames']} frames, largest {gaps['max']:.0f} ms, "
        f"99th percentile {p99:.0f} ms, {over} over 50 ms, "
        f"{gaps['long']} main-thread tasks over 50 ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH, help="depth per position")
    parser.add_argument("--actions", type=int, default=40, help="length of the game")
    parser.add_argument("--no-browser", action="store_true", help="CPython only")
    args = parser.parse_args(argv)

    seed, actions = bench_game(args.actions)
    print(f"game: {len(actions)} actions (level-3 self-play, seed {seed}), depth {args.depth}")
    t0 = time.perf_counter()
    plies = review_game(STANDARD_START, actions, depth=args.depth)
    cpython_s = time.perf_counter() - t0
    summary = report(plies, actions)["summary"]
    print(
        f"CPython {sys.version.split()[0]}: {cpython_s:.2f} s for {len(plies)} positions "
        f"({1000 * cpython_s / len(plies):.0f} ms each); summary {summary}"
    )
    if args.no_browser:
        return 0

    if not (build.DIST / "index.html").is_file():
        build.build_site()
    link = format_link(Game(STANDARD_START, actions))
    with build.serve_in_background(build.DIST) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(build.chromium_path()),
            args=list(build.CHROMIUM_ARGS),
            headless=True,
        )
        page = browser.new_page()
        page.add_init_script(f"window.mixtourDebug = {{ reviewDepth: {args.depth} }}")
        page.goto(server.url + "index.html#" + link)
        page.wait_for_function(build.READY_SCRIPT, timeout=120_000)
        page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=180_000)
        # The same measure with the page idle, for comparison (a busy machine shows here too).
        page.evaluate(GAPS)
        page.wait_for_timeout(3000)
        idle = page.evaluate(
            "() => { window.__frameGaps.running = false; return window.__frameGaps; }"
        )
        page.evaluate(GAPS)
        page.click("#review-start")
        page.wait_for_function("document.body.dataset.review === 'done'", timeout=900_000)
        gaps = page.evaluate(
            "() => { window.__frameGaps.running = false; return window.__frameGaps; }"
        )
        review_ms = float(page.evaluate("() => document.body.dataset.reviewMs"))
        # And while the worker searches moves for as long (no review): what a
        # busy worker costs the page by itself on this machine.
        page.evaluate(GAPS)
        searched = 0.0
        while searched < review_ms:
            t1 = time.perf_counter()
            request = {"id": 0, "start": STANDARD_START, "actions": actions, "level": 6}
            page.evaluate(THINK, json.dumps({**request, "time_ms": 1500}))
            searched += 1000 * (time.perf_counter() - t1)
        think = page.evaluate(
            "() => { window.__frameGaps.running = false; return window.__frameGaps; }"
        )
        browser.close()
    print(
        f"Chromium worker: {review_ms / 1000:.2f} s for {len(plies)} positions "
        f"({review_ms / len(plies):.0f} ms each); frame gaps while reviewing: {gap_text(gaps)}; "
        f"idle page, 3 s: {gap_text(idle)}; Master searches as long: {gap_text(think)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
