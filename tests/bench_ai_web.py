"""AI search speed in the browser: a Master search in Chromium's engine worker.

Run by ``python3 build.py bench`` with the virtual environment's Python (it needs
Playwright), or directly: ``.venv/bin/python tests/bench_ai_web.py``.

Loads the built site, waits for the AI worker (``body[data-ai="ready"]``), then
asks it through the page's own engine client (``mixtourWorker.call("think", ...)``)
to search the fixed middle-game position ``mid-1`` of ``mixtour.mixtour.ai.tools.bench`` at
Master level for ``--time-ms`` (default 1000), ``--runs`` times (default 3), and
prints the median nodes per second and depth reached.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
for extra in (ROOT, ROOT / "tests"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

import build  # noqa: E402
from mixtour.mixtour.ai.tools.bench import BENCH_POSITIONS  # noqa: E402

THINK = """
async (request) => await window.mixtourWorker.call("think", JSON.parse(request))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--time-ms", type=float, default=1000, help="search time per run")
    parser.add_argument("--runs", type=int, default=3, help="searches to take the median of")
    parser.add_argument(
        "--position", default="mid-1", help="a name from mixtour.mixtour.ai.tools.bench"
    )
    args = parser.parse_args(argv)
    fen = dict(BENCH_POSITIONS)[args.position]

    if not (build.DIST / "index.html").is_file():
        build.build_site()
    rates: list[float] = []
    depths: list[int] = []
    with build.serve_in_background(build.DIST) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(build.chromium_path()),
            args=list(build.CHROMIUM_ARGS),
            headless=True,
        )
        page = browser.new_page()
        page.goto(server.url + "index.html")
        page.wait_for_function(build.READY_SCRIPT, timeout=120_000)
        page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=120_000)
        for run in range(args.runs):
            request = {"id": run, "fen": fen, "level": 6, "time_ms": args.time_ms, "seed": run}
            answer = page.evaluate(THINK, json.dumps(request))
            rates.append(float(answer["nps"]))
            depths.append(int(answer["depth"]))
        browser.close()
    print(
        f"AI in Chromium's worker (Pyodide), Master {args.time_ms:.0f} ms on {args.position}: "
        f"{statistics.median(rates):,.0f} nodes/s, depth {statistics.median(depths):g}"
        f"  (median of {args.runs}; depths {depths})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
