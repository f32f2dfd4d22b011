"""Board animation benchmark: distinct frames drawn during one move, in headless Chromium.

Run it with the virtual environment's Python after a build:
``.venv/bin/python tests/bench_animation.py [--moves N]``.

It plays a two-player game on the game page by clicks (entries and moves
alternate), hashes the board canvas at every animation frame
(tests/webhelpers.py ``record_frames``) and prints, for entries, moves and undo,
the median number of distinct pictures drawn for one action, and the median
frame rate the browser ran at (the figures assume about 60 Hz; a busy machine
drops frames).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "tests"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from webhelpers import frames_of, play, position, record_frames, stop_frames  # noqa: E402

import build  # noqa: E402

# Entry, entry, then a move onto it: every third action slides discs.
ROUNDS = [("c3", "b4", "b4-c3"), ("d2", "e2", "e2-d2"), ("b2", "a1", "a1-b2")]


def measure(page: Page, action: str) -> tuple[int, float]:
    """Distinct pictures drawn for one action and the frame rate meanwhile (Hz)."""
    record_frames(page)
    after = play(page, action) if action != "undo" else undo(page)
    pictures = frames_of(page, after)
    times = page.evaluate("() => window.__boardFrames.map((f) => f.time)")
    stop_frames(page)
    gaps = [b - a for a, b in zip(times, times[1:], strict=False) if b > a]
    return len(pictures), 1000 / statistics.median(gaps) if gaps else 0.0


def undo(page: Page) -> str:
    before = position(page)
    page.click("#undo")
    page.wait_for_function(
        "(b) => document.querySelector('#board').dataset.position !== b", arg=before
    )
    return position(page)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--moves", type=int, default=3, help="rounds of entry, entry, move")
    args = parser.parse_args(argv)
    if not (build.DIST / "index.html").is_file():
        build.build_site()
    figures: dict[str, list[int]] = {"entry": [], "move": [], "undo": []}
    rates: list[float] = []
    with build.serve_in_background(build.DIST) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(build.chromium_path()), args=list(build.CHROMIUM_ARGS)
        )
        for rounds in range(args.moves):
            # A fresh profile each time: no saved game to restore.
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            page = context.new_page()
            page.goto(server.url + "index.html")
            page.wait_for_function(build.READY_SCRIPT, timeout=120_000)
            # The AI worker boots after the page is ready; measure once it is up.
            page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=180_000)
            for entry_a, entry_b, move in ROUNDS[: rounds % len(ROUNDS) + 1]:
                for action, kind in ((entry_a, "entry"), (entry_b, "entry"), (move, "move")):
                    count, rate = measure(page, action)
                    figures[kind].append(count)
                    rates.append(rate)
            count, rate = measure(page, "undo")
            figures["undo"].append(count)
            rates.append(rate)
            context.close()
        browser.close()
    for kind, counts in figures.items():
        print(f"distinct frames per {kind}: median {statistics.median(counts):g} (n={len(counts)})")
    print(f"frame rate: median {statistics.median(rates):.0f} Hz")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
