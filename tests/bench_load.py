"""Page-load benchmark of the built site in headless Chromium.

Run by ``python3 build.py bench`` with the virtual environment's Python (it needs
Playwright); it can also be run directly: ``.venv/bin/python tests/bench_load.py``.

Each run starts Chromium on a fresh, empty profile and loads the page (cold
cache), then closes it, starts it again on the same profile and loads the page
once more (warm cache). Two moments are timed from the start of navigation:

* first paint: when the page sets ``document.body.dataset.painted = "1"`` (the
  board frame is drawn); if it never does, the ``first-contentful-paint`` entry;
* ready: when the page sets ``document.body.dataset.ready = "1"`` (Python is up).

No request routing is used (it would disable the HTTP cache); Chromium's host
resolver rules keep all traffic on the loopback address.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import BrowserContext, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (needs the repository root on sys.path)

# Records when the page sets its data-painted / data-ready attributes, in ms since
# navigation start, so the figures do not depend on how often Playwright polls.
MARKS_SCRIPT = """
(() => {
  const marks = {};
  window.__loadMarks = marks;
  const check = () => {
    const body = document.body;
    if (!body) return;
    const now = performance.now();
    if (marks.painted === undefined && body.dataset.painted === "1") marks.painted = now;
    if (marks.ready === undefined && body.dataset.ready === "1") marks.ready = now;
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ["data-painted", "data-ready"],
  });
})();
"""

READ_MARKS = """
() => {
  const marks = window.__loadMarks || {};
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  return {
    painted: marks.painted ?? null,
    ready: marks.ready ?? null,
    fcp: fcp ? fcp.startTime : null,
  };
}
"""


@dataclass(frozen=True)
class Load:
    first_paint_ms: float
    ready_ms: float
    paint_from_fcp: bool


def load_once(context: BrowserContext, url: str, timeout_ms: float) -> Load:
    page = context.new_page()
    page.add_init_script(MARKS_SCRIPT)
    page.goto(url)
    page.wait_for_function(build.READY_SCRIPT, timeout=timeout_ms)
    marks = page.evaluate(READ_MARKS)
    page.close()
    from_fcp = marks["painted"] is None
    paint = marks["fcp"] if from_fcp else marks["painted"]
    return Load(math.nan if paint is None else float(paint), float(marks["ready"]), from_fcp)


def launch(playwright: Playwright, profile: Path) -> BrowserContext:
    return playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=str(build.chromium_path()),
        args=list(build.CHROMIUM_ARGS),
        headless=True,
    )


def measure(url: str, runs: int, timeout_ms: float) -> tuple[list[Load], list[Load]]:
    cold: list[Load] = []
    warm: list[Load] = []
    with sync_playwright() as playwright:
        for _ in range(runs):
            with tempfile.TemporaryDirectory(prefix="mixtour-bench-") as profile_dir:
                profile = Path(profile_dir)
                context = launch(playwright, profile)
                cold.append(load_once(context, url, timeout_ms))
                context.close()
                context = launch(playwright, profile)
                warm.append(load_once(context, url, timeout_ms))
                context.close()
    return cold, warm


def report(label: str, loads: list[Load]) -> None:
    paint = statistics.median(load.first_paint_ms for load in loads)
    ready = statistics.median(load.ready_ms for load in loads)
    note = " (first-contentful-paint)" if any(load.paint_from_fcp for load in loads) else ""
    print(
        f"{label}: first paint {paint:7.0f} ms{note}, ready {ready:7.0f} ms"
        f"  (median of {len(loads)})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="loads per measurement")
    parser.add_argument(
        "--page",
        action="append",
        help="page to load, from the site root (repeat for several; default index.html)",
    )
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for ready")
    args = parser.parse_args(argv)

    if not (build.DIST / "index.html").is_file():
        build.build_site()
    with build.serve_in_background(build.DIST) as server:
        for page in args.page or ["index.html"]:
            url = server.url + page
            print(f"loading {url} in {build.chromium_path()}", flush=True)
            cold, warm = measure(url, args.runs, args.timeout * 1000)
            report("cold cache", cold)
            report("warm cache", warm)
    return 0


if __name__ == "__main__":
    sys.exit(main())
