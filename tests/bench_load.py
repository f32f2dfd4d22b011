"""Page-load benchmark of the built site in headless Chromium.

Run by ``python3 build.py bench`` with the virtual environment's Python (it needs
Playwright); it can also be run directly: ``.venv/bin/python tests/bench_load.py``.

Each run starts Chromium on a fresh, empty profile and loads the page (cold
cache), then closes it, starts it again on the same profile and loads the page
once more (warm cache). Two moments are timed from the start of navigation:

* first paint: when the page sets ``document.body.dataset.painted = "1"`` (the
  board frame is drawn); if it never does, the ``first-contentful-paint`` entry;
* ready: when the page sets ``document.body.dataset.ready = "1"`` (Python is up).

* reply (``--reply``, a page whose link gives the computer the first move):
  when the computer's first move is on the board (``#board``'s
  ``data-position`` changes after ready).

With ``--bare``, the same is timed for a bare page on the very same vendored
PyScript and Pyodide, whose one line of Python marks it painted and ready:
each page's time is then also given as a ratio to the bare runtime's in the
same run, which a busy machine slows alike. The figures are medians, printed
as one table.

No request routing is used (it would disable the HTTP cache); Chromium's host
resolver rules keep all traffic on the loopback address.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import BrowserContext, Playwright, sync_playwright
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (needs the repository root on sys.path)

# Records when the page sets its data-painted / data-ready attributes, and when
# the board's position first differs from the one it had at ready, in ms since
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
    if (marks.ready === undefined && body.dataset.ready === "1") {
      marks.ready = now;
      marks.readyPosition = document.querySelector("#board")?.dataset.position ?? null;
    }
    const position = document.querySelector("#board")?.dataset.position;
    const after = marks.ready !== undefined && marks.moved === undefined;
    if (after && position !== marks.readyPosition) marks.moved = now;
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ["data-painted", "data-ready", "data-position"],
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
    moved: marks.moved ?? null,
    fcp: fcp ? fcp.startTime : null,
  };
}
"""

MOVED_SCRIPT = "window.__loadMarks && window.__loadMarks.moved !== undefined"

# The bare runtime: the site's own PyScript and Pyodide, and one line of Python.
BARE_PAGE = "bench-bare.html"
BARE_FILES = {
    BARE_PAGE: """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Bare runtime</title><link rel="icon" href="./icons/icon.svg">
<script type="module" src="./vendor/{pyscript}/core.js"></script></head>
<body><script type="py" src="./bench-bare.py" config="./bench-bare.json"></script></body>
</html>
""",
    "bench-bare.py": (
        "from pyscript import document; "
        "document.body.dataset.painted = document.body.dataset.ready = '1'\n"
    ),
}


@contextmanager
def site_with_bare(dist: Path) -> Iterator[Path]:
    """A folder serving ``dist`` (linked, not copied) plus the bare runtime's page."""
    config = json.loads((dist / "pyscript.json").read_text(encoding="utf-8"))
    pyscript = next(p.name for p in (dist / "vendor").iterdir() if p.name.startswith("pyscript"))
    with tempfile.TemporaryDirectory(prefix="mixtour-bench-site-") as folder:
        site = Path(folder)
        for entry in dist.iterdir():
            (site / entry.name).symlink_to(entry)
        for name, text in BARE_FILES.items():
            (site / name).write_text(text.format(pyscript=pyscript), encoding="utf-8")
        bare_config = {"interpreter": config["interpreter"]}
        (site / "bench-bare.json").write_text(json.dumps(bare_config), encoding="utf-8")
        yield site


@dataclass(frozen=True)
class Load:
    first_paint_ms: float
    ready_ms: float
    paint_from_fcp: bool
    reply_ms: float = math.nan


def load_once(context: BrowserContext, url: str, timeout_ms: float, reply: bool = False) -> Load:
    page = context.new_page()
    page.add_init_script(MARKS_SCRIPT)
    page.goto(url)
    page.wait_for_function(build.READY_SCRIPT, timeout=timeout_ms)
    if reply:
        page.wait_for_function(MOVED_SCRIPT, timeout=timeout_ms)
    marks = page.evaluate(READ_MARKS)
    page.close()
    from_fcp = marks["painted"] is None
    paint = marks["fcp"] if from_fcp else marks["painted"]
    moved = math.nan if marks["moved"] is None or not reply else float(marks["moved"])
    return Load(math.nan if paint is None else float(paint), float(marks["ready"]), from_fcp, moved)


def load_counting_crashes(
    context: BrowserContext, url: str, timeout_ms: float, reply: bool
) -> Load:
    """``load_once``, tried once more if the page's renderer crashed (it
    happened once in a quiet five-run bench, on a warm load): the crash is
    printed, so that a page that crashes often shows in the output."""
    try:
        return load_once(context, url, timeout_ms, reply)
    except PlaywrightError as error:
        if "crashed" not in str(error):
            raise
        print(f"  {url}: the page crashed ({error.message}); loaded once more", flush=True)
        return load_once(context, url, timeout_ms, reply)


def launch(playwright: Playwright, profile: Path) -> BrowserContext:
    return playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=str(build.chromium_path()),
        args=list(build.CHROMIUM_ARGS),
        headless=True,
    )


def measure(
    pages: list[tuple[str, bool]], base: str, runs: int, timeout_ms: float
) -> dict[str, tuple[list[Load], list[Load]]]:
    """Cold and warm loads of each page (and whether to wait for a reply),
    the pages taken in turn within each run, so that a machine busier at
    one moment than another slows every page alike."""
    loads: dict[str, tuple[list[Load], list[Load]]] = {page: ([], []) for page, _ in pages}
    with sync_playwright() as playwright:
        for run in range(runs):
            for page, reply in pages:
                cold, warm = loads[page]
                with tempfile.TemporaryDirectory(prefix="mixtour-bench-") as profile_dir:
                    profile = Path(profile_dir)
                    for into in (cold, warm):  # the second launch finds the first one's cache
                        context = launch(playwright, profile)
                        into.append(load_counting_crashes(context, base + page, timeout_ms, reply))
                        context.close()
            print(f"  run {run + 1} of {runs} done", flush=True)
    return loads


def median(values: list[float]) -> float:
    return statistics.median(values) if values else math.nan


@dataclass(frozen=True)
class Row:
    """One page's medians, cold and warm."""

    page: str
    paint: tuple[float, float]
    ready: tuple[float, float]
    reply: tuple[float, float]
    from_fcp: bool
    runs: int

    @classmethod
    def of(cls, page: str, cold: list[Load], warm: list[Load]) -> Row:
        def both(pick: str) -> tuple[float, float]:
            return (
                median([getattr(load, pick) for load in cold]),
                median([getattr(load, pick) for load in warm]),
            )

        fcp = any(load.paint_from_fcp for load in cold + warm)
        return cls(page, both("first_paint_ms"), both("ready_ms"), both("reply_ms"), fcp, len(cold))


def ratio(value: float, bare: Row | None, warm: bool) -> str:
    if bare is None:
        return ""
    return f"{value / bare.ready[warm]:5.2f}x"


def short(page: str) -> str:
    """A page's name for the table: its link cut short."""
    return page if len(page) <= 32 else page[:31] + "…"


def table(rows: list[Row], bare: Row | None) -> list[str]:
    """The medians as a table; with the bare runtime, ready as a ratio to its ready."""
    width = max(len(short(row.page)) for row in rows)
    head = (
        f"{'page':<{width}}  {'paint cold':>10}  {'ready cold':>10} {'/bare':>6}"
        f"  {'paint warm':>10}  {'ready warm':>10} {'/bare':>6}"
    )
    lines = [head, "-" * len(head)]
    for row in rows:
        note = " (first-contentful-paint)" if row.from_fcp else ""
        lines.append(
            f"{short(row.page):<{width}}  {row.paint[0]:8.0f}ms  {row.ready[0]:8.0f}ms "
            f"{ratio(row.ready[0], bare, False):>6}  {row.paint[1]:8.0f}ms  "
            f"{row.ready[1]:8.0f}ms {ratio(row.ready[1], bare, True):>6}{note}"
        )
    replies = [row for row in rows if not math.isnan(row.reply[0])]
    for row in replies:
        lines.append(
            f"first computer reply on {row.page}: cold {row.reply[0]:.0f} ms, "
            f"warm {row.reply[1]:.0f} ms from navigation"
        )
    runs = sorted({row.runs for row in rows})
    lines.append(f"(medians of {', '.join(map(str, runs))} loads each)")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="loads per measurement")
    parser.add_argument(
        "--page",
        action="append",
        help="page to load, from the site root (repeat for several; default index.html)",
    )
    parser.add_argument(
        "--reply",
        action="append",
        default=[],
        help="a page whose link gives the computer the first move: time its reply (repeatable)",
    )
    parser.add_argument(
        "--bare", action="store_true", help="also time the bare runtime, and give ratios to it"
    )
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for ready")
    args = parser.parse_args(argv)

    if not (build.DIST / "index.html").is_file():
        build.build_site()
    pages = [(page, False) for page in args.page or ([] if args.reply else ["index.html"])]
    pages += [(page, True) for page in args.reply]
    if args.bare:
        pages.insert(0, (BARE_PAGE, False))
    with site_with_bare(build.DIST) as site, build.serve_in_background(site) as server:
        print(f"loading from {server.url} in {build.chromium_path()}", flush=True)
        loads = measure(pages, server.url, args.runs, args.timeout * 1000)
    rows = [Row.of(page, *loads[page]) for page, _ in pages]
    bare = rows[0] if args.bare else None
    print("\n".join(table(rows, bare)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
