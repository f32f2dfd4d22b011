"""How fast the analysis board's engine deepens: the time to each depth.

Run directly: ``.venv/bin/python tests/bench_analysis.py`` (``--depth``,
``--no-browser``). The positions: the standard start, and the start after
c3 b4 d4 c2 (the first tactics).

CPython: :class:`mixtour.mixtour.ai.analysis.Analysis` stepped depth after depth
(the worker's own loop), with the time and nodes of each depth. Chromium:
the built site's ``analysis.html`` at the same position, and the time from
the page being ready until ``#engine[data-depth]`` shows each depth (the
worker's start included in the first), with the largest gap between two
animation frames meanwhile: the page keeps drawing while the engine thinks.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
for extra in (ROOT, ROOT / "tests"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

import build  # noqa: E402
from mixtour.mixtour.ai.analysis import Analysis  # noqa: E402
from mixtour.mixtour.core import STANDARD_START  # noqa: E402

POSITIONS = {"start": [], "after c3 b4 d4 c2": ["c3", "b4", "d4", "c2"]}

WATCH = """(deepest) => {
  const seen = { t0: performance.now(), depths: {}, gap: 0 };
  const engine = document.querySelector("#engine");
  new MutationObserver(() => {
    const d = engine.dataset.depth;
    if (d && !(d in seen.depths)) seen.depths[d] = performance.now() - seen.t0;
  }).observe(engine, { attributes: true });
  let last = performance.now();
  const tick = (now) => {
    seen.gap = Math.max(seen.gap, now - last);
    last = now;
    if (!(String(deepest) in seen.depths)) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.__analysisBench = seen;
}"""


def cpython(actions: list[str], depth: int) -> None:
    analysis = Analysis(STANDARD_START, actions)
    t0 = time.perf_counter()
    for _ in range(depth):
        report = analysis.step()
        assert report is not None
        elapsed = (time.perf_counter() - t0) * 1000
        print(
            f"  depth {report.depth:2}: {elapsed:8.0f} ms, {report.nodes:9} nodes, "
            f"{report.label['kind']}, line {' '.join(report.pv[:4])}"
        )
        if report.done:
            break


def chromium(actions: list[str], depth: int) -> None:
    fragment = "t=" + ",".join(actions) + f"&k={len(actions)}" if actions else ""
    with build.serve_in_background(build.DIST) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(build.chromium_path()), args=list(build.CHROMIUM_ARGS)
        )
        page = browser.new_page()
        page.add_init_script(f"window.mixtourDebug = {{ analysisMaxDepth: {depth} }}")
        page.goto(server.url + "analysis.html#" + fragment)
        page.wait_for_function(build.READY_SCRIPT, timeout=120_000)
        page.evaluate(WATCH, depth)
        page.wait_for_function(
            f"'{depth}' in window.__analysisBench.depths", timeout=600_000, polling=200
        )
        seen = page.evaluate("window.__analysisBench")
        for d in sorted(seen["depths"], key=int):
            print(f"  depth {int(d):2}: {seen['depths'][d]:8.0f} ms after the page was ready")
        print(f"  largest gap between two frames meanwhile: {seen['gap']:.0f} ms")
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    for name, actions in POSITIONS.items():
        print(f"CPython {sys.version.split()[0]}, {name}:")
        cpython(actions, args.depth)
    if args.no_browser:
        return
    if not (build.DIST / "index.html").is_file():
        build.build_site()
    for name, actions in POSITIONS.items():
        print(f"Chromium (the page's worker, Pyodide), {name}:")
        chromium(actions, args.depth)


if __name__ == "__main__":
    main()
