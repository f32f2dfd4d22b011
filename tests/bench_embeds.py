"""What embedded boards cost: browser memory, Python runtimes, answer times.

Run by ``python3 build.py bench`` with the virtual environment's Python (it needs
Playwright), or directly: ``.venv/bin/python tests/bench_embeds.py`` (builds
``dist/`` if it is missing).

One headless Chromium, one fresh browser context per case (the service worker
blocked, so every case loads from the same local server). Memory is the sum of
the proportional set size (PSS, ``/proc/<pid>/smaps_rollup``) of every process
Chromium reports through CDP ``SystemInfo.getProcessInfo`` (browser, renderers,
GPU and utility processes), minus the same sum with one empty tab, taken before
each case; PSS shares the libraries mapped by several processes out between
them, so processes are not counted twice. The cases:

* **one touched embed**: a page with one Mixtour embed, whose board is clicked
  once (a disc entered) after it is ready;
* **rules page**: ``rules.html`` with every board scrolled into view and
  touched once (a step, or a click on the board); its boards are drawn in the
  page (web/js/live-boards.js), not framed, so they never rest;
* **20 embeds**: a test page with 16 Mixtour and 4 Tor embeds, each scrolled
  to and touched once;
* **20 embeds, another site**: the same page served as ``127.0.0.2``, so our
  frames are third-party (partitioned storage; in this Chromium, no lock
  manager for them: they elect their host by claims, see web/js/engine/host.js);
* **20 boards by script**: the same boards drawn by the script embed
  (``js/boards.js``, no frame per board), in a page of our site and in one of
  another site (where the engine runs in one hidden frame of ours).

For the pages of many boards, memory is taken twice: when the last board has
answered, and REST_S later, when the boards out of the reader's sight have
rested (web/js/rest.js: each one leaves a picture in its frame; the engine's
host and the boards in view stay live).

Run it alone: PSS shares the pages of Chromium's program between every process
that maps them, so another Chromium running meanwhile (a test run) moves the
figures by tens of MiB.

Printed for each: the memory above the empty tab, the number of Python
runtimes (frames whose own Python published a bridge, plus engine workers
Playwright saw start), the ratio to the one touched embed, and the PSS by
process type. Also: the first board's time to ready (page opened to
``body[data-ready]``), and the time from touching a board of a 20-embed page,
scrolled to only then, to its first answer from the engine while another
board has already started the runtime: ``body[data-engine-ms]``, measured in
the frame (before the shared engine, which has no such hook: from the touch
to ``body[data-ready]`` as Playwright sees it); median and max over the
boards after the first. Last, the time a resting board takes to come back:
from scrolling it into view to the live board's ``body[data-ready]``, for five
boards of each 20-embed page.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Frame, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
for extra in (ROOT, ROOT / "tests"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

from webhelpers import another_site  # noqa: E402

import build  # noqa: E402

WAIT_MS = 180_000
READY = 'document.body && document.body.dataset.ready === "1"'
MIXTOUR_LINKS = (
    "p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3,b4,c4,c3-b4",
    "p=5/1,wrw,2,r/5/3,r,1/4,ww_w_16/17_0/0_1_-",
    "m=c3,b4,b4-c3,d2,e5",
    "p=5/5/5/5/5_w_20/20_0/0_1_-",
)
# Not an empty fragment: Chromium reports a frame at "embed.html#" as in view
# wherever it is, so it would start at once instead of when touched.
TOR_LINKS = ("m=c3,d5,b6,e2,c3-d4", "m=c3")
# Counted as a runtime: a frame whose Python published a bridge on window.
BRIDGE_IN_FRAME = "() => !!(window.mixtourPython || window.torPython)"


# Chromium's on-device AI service starts on its own, at times, in the middle
# of a case (about 57 MiB): shown in the breakdown, not counted in the total.
NOT_THE_PAGES = {"on_device_model.mojom.OnDeviceModelService"}


def pss_kib(pid: int) -> int:
    """A process's proportional set size in KiB (0 if it has gone)."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text(encoding="utf-8")
    except OSError:
        return 0
    for line in text.splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1])
    return 0


def browser_mib(browser: Browser) -> dict[str, float]:
    """The PSS of Chromium's processes in MiB, by process type, and ``all``."""
    session = browser.new_browser_cdp_session()
    try:
        info = session.send("SystemInfo.getProcessInfo")
    finally:
        session.detach()
    sizes: dict[str, float] = {"all": 0.0}
    for process in info["processInfo"]:
        mib = pss_kib(int(process["id"])) / 1024
        kind = str(process.get("type", "other"))
        sizes[kind] = sizes.get(kind, 0.0) + mib
        if kind not in NOT_THE_PAGES:
            sizes["all"] += mib
    return sizes


def above(sizes: dict[str, float], empty: dict[str, float]) -> dict[str, float]:
    return {kind: mib - empty.get(kind, 0.0) for kind, mib in sizes.items()}


def settle(page: Page) -> None:
    page.wait_for_timeout(2500)


# The boards' wait before resting (web/js/rest.js, REST_MS), and a margin.
REST_S = 60 + 8
RESTING = "() => document.body?.dataset.resting === '1'"


def rested(browser: Browser, page: Page) -> tuple[dict[str, float], int]:
    """Wait for the boards out of sight to rest: the memory then, and how many rest."""
    page.wait_for_timeout(REST_S * 1000)
    return browser_mib(browser), sum(1 for frame in page.frames if frame.evaluate(RESTING))


def wake_times(page: Page, every: list[Frame], count: int = 5) -> list[float]:
    """Bring resting boards back into view, one at a time: the seconds from the
    scroll to the live board's engine answering it again (body[data-ready])."""
    times = []
    for frame in [frame for frame in every if frame.evaluate(RESTING)][:count]:
        started = time.perf_counter()
        frame.frame_element().scroll_into_view_if_needed()
        frame.wait_for_url(lambda url: "/embed-rest.html" not in url, timeout=WAIT_MS)
        frame.wait_for_function(READY, timeout=WAIT_MS, polling=5)
        times.append(time.perf_counter() - started)
    return times


def bench_page(body: str) -> str:
    return (
        '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        "<style>body{margin:8px}iframe{display:block;border:0;margin:0 0 900px}</style>"
        f"</head><body>{body}</body></html>"
    )


@contextlib.contextmanager
def other_site(html: str) -> Iterator[str]:
    """``html`` served as embed-bench.html on 127.0.0.2: another site (the tests' own)."""
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "embed-bench.html").write_text(html, encoding="utf-8")
        with another_site(Path(folder), "127.0.0.2") as url:
            yield url


def host_page(context: BrowserContext, base: str, body: str) -> Page:
    html = bench_page(body)
    context.route(
        "**/embed-bench.html",
        lambda route: route.fulfill(body=html, content_type="text/html; charset=utf-8"),
    )
    page = context.new_page()
    return page


def frames_of(page: Page) -> list[Frame]:
    frames = []
    for i in range(page.locator("iframe").count()):
        handle = page.locator("iframe").nth(i).element_handle()
        assert handle is not None
        frame = handle.content_frame()
        assert frame is not None
        frames.append(frame)
    return frames


# Click a step button of the board in `root` (the frame's document if none)
# that can be used: true if there was one.
STEP_ONCE = """(root) => {
    const steps = (root ?? document).querySelectorAll("[data-part=steps]:not([hidden]) button");
    const button = [...steps].find((button) => !button.disabled);
    button?.click();
    return !!button;
}"""


def touch(page: Page, frame: Frame) -> None:
    """Scroll the board into view and use it once: a step, else a click on it."""
    # The frame first, from the page: Chromium stops drawing a cross-site frame
    # out of view, and Playwright waits for a frame's element to be drawn.
    frame.frame_element().scroll_into_view_if_needed()
    frame.locator("#board").scroll_into_view_if_needed()
    stepped = frame.evaluate(STEP_ONCE)
    if not stepped:
        box = frame.locator("#board").bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def runtimes(page: Page, workers: list[str]) -> int:
    count = sum(1 for frame in page.frames if frame.evaluate(BRIDGE_IN_FRAME))
    return count + len(workers)


class Case:
    """One fresh context: its page, and the engine host workers seen starting."""

    def __init__(self, browser: Browser) -> None:
        self.context = browser.new_context(
            service_workers="block", viewport={"width": 800, "height": 700}
        )
        self.workers: list[str] = []

    def watch(self, page: Page) -> Page:
        def on_worker(worker: Any) -> None:
            if "engine/worker" in worker.url:
                self.workers.append(worker.url)

        page.on("worker", on_worker)
        return page

    def close(self) -> None:
        self.context.close()


def one_embed(
    browser: Browser, base: str
) -> tuple[dict[str, float], int, float, tuple[dict[str, float], int]]:
    case = Case(browser)
    body = f'<iframe src="{base}embed.html#{MIXTOUR_LINKS[0]}" width="320" height="360"></iframe>'
    page = case.watch(host_page(case.context, base, body))
    started = time.perf_counter()
    page.goto(base + "embed-bench.html")
    frame = frames_of(page)[0]
    frame.wait_for_function(READY, timeout=WAIT_MS, polling=10)
    ready_s = time.perf_counter() - started
    box = frame.locator("#board").bounding_box()
    assert box is not None
    geometry = frame.evaluate("JSON.parse(document.querySelector('#board').dataset.geometry)")
    before = frame.evaluate("document.querySelector('#board').dataset.position")
    page.mouse.click(
        box["x"] + geometry["x"] + 0.5 * geometry["cell"],
        box["y"] + geometry["y"] + 0.5 * geometry["cell"],
    )
    frame.wait_for_function(
        "(before) => document.querySelector('#board').dataset.position !== before",
        arg=before,
        timeout=WAIT_MS,
    )
    settle(page)
    mib = browser_mib(browser)
    count = runtimes(page, case.workers)
    later = rested(browser, page)
    case.close()
    return mib, count, ready_s, later


def touch_all(page: Page, frames: list[Frame]) -> list[float]:
    """Touch every board in turn: the seconds from each board's start to its
    engine's first answer (``body[data-engine-ms]``, measured in the frame; the
    seconds from the touch to ``body[data-ready]`` seen by Playwright when the
    frame has no such hook)."""
    answers = []
    for frame in frames:
        started = time.perf_counter()
        touch(page, frame)
        frame.wait_for_function(READY, timeout=WAIT_MS, polling=5)
        seen = time.perf_counter() - started
        inside = frame.evaluate("document.body.dataset.engineMs ?? null")
        answers.append(seen if inside is None else int(inside) / 1000)
    return answers


def touch_live(page: Page, selector: str = ".live-board") -> list[float]:
    """Touch every board drawn in the page (not framed: web/js/live-boards.js,
    our rules pages' or the script embed's) as touch() does: the seconds from
    each board's start to its engine's first answer (the holder's data-engine-ms)."""
    answers = []
    holders = page.locator(selector)
    for i in range(holders.count()):
        holder = holders.nth(i)
        holder.scroll_into_view_if_needed()
        stepped = holder.evaluate(STEP_ONCE)
        if not stepped:
            holder.locator("canvas").click()
        page.wait_for_function(
            "([s, i]) => document.querySelectorAll(s)[i].dataset.ready === '1'",
            arg=[selector, i],
            timeout=WAIT_MS,
            polling=5,
        )
        answers.append(int(holder.get_attribute("data-engine-ms") or 0) / 1000)
    return answers


def rules_page(
    browser: Browser, base: str
) -> tuple[dict[str, float], int, tuple[dict[str, float], int]]:
    case = Case(browser)
    page = case.watch(case.context.new_page())
    page.goto(base + "rules.html")
    touch_live(page)
    settle(page)
    mib = browser_mib(browser)
    count = runtimes(page, case.workers)
    later = rested(browser, page)
    case.close()
    return mib, count, later


def twenty_embeds(
    browser: Browser, base: str, framed_from: bool = False
) -> tuple[dict[str, float], int, list[float], tuple[dict[str, float], int], list[float]]:
    """The 20-embed page, from our own site, or framed by another site."""
    case = Case(browser)
    frames = []
    for i in range(20):
        if i % 10 in (3, 7):
            src = f"{base}tor-embed.html#{TOR_LINKS[i % 2]}"
            frames.append(f'<iframe src="{src}" width="320" height="400"></iframe>')
        else:
            link = MIXTOUR_LINKS[i % len(MIXTOUR_LINKS)]
            src = f"{base}embed.html#{link}"
            frames.append(f'<iframe src="{src}" width="320" height="360"></iframe>')
    if framed_from:
        with other_site(bench_page("".join(frames))) as other:
            page = case.watch(case.context.new_page())
            page.goto(other + "embed-bench.html")
            answers = touch_all(page, frames_of(page))
    else:
        page = case.watch(host_page(case.context, base, "".join(frames)))
        page.goto(base + "embed-bench.html")
        answers = touch_all(page, frames_of(page))
    settle(page)
    mib = browser_mib(browser)
    count = runtimes(page, case.workers)
    later = rested(browser, page)
    wakes = wake_times(page, frames_of(page))
    case.close()
    return mib, count, answers, later, wakes


# memory when the last board answered, runtimes, answer times, memory REST_S later
ScriptCase = tuple[dict[str, float], int, list[float], dict[str, float]]


def script_boards(browser: Browser, base: str, framed_from: bool = False) -> ScriptCase:
    """The 20 boards of twenty_embeds() drawn by the script embed (js/boards.js),
    in a page of our site or of another: memory when the last has answered,
    and REST_S later."""
    case = Case(browser)
    holders = []
    for i in range(20):
        if i % 10 in (3, 7):
            link = TOR_LINKS[i % 2].replace("&", "&amp;")
            holders.append(
                f'<div class="mixtour-board" data-game="tor" data-link="{link}"'
                ' style="margin-bottom:900px"></div>'
            )
        else:
            link = MIXTOUR_LINKS[i % len(MIXTOUR_LINKS)].replace("&", "&amp;")
            holders.append(
                f'<div class="mixtour-board" data-link="{link}" style="margin-bottom:900px"></div>'
            )
    body = "".join(holders) + f'<script type="module" src="{base}js/boards.js"></script>'

    def measure(page: Page, url: str) -> ScriptCase:
        page.goto(url)
        answers = touch_live(page, ".mixtour-board")
        settle(page)
        mib = browser_mib(browser)
        count = runtimes(page, case.workers)
        page.wait_for_timeout(REST_S * 1000)
        return mib, count, answers, browser_mib(browser)

    if framed_from:
        with other_site(bench_page(body)) as other:
            result = measure(case.watch(case.context.new_page()), other + "embed-bench.html")
    else:
        result = measure(case.watch(host_page(case.context, base, body)), base + "embed-bench.html")
    case.close()
    return result


def empty_tab(browser: Browser) -> dict[str, float]:
    context = browser.new_context()
    page = context.new_page()
    page.goto("about:blank")
    page.wait_for_timeout(1500)
    mib = browser_mib(browser)
    context.close()
    return mib


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.parse_args(argv)
    if not (build.DIST / "index.html").is_file():
        build.build_site()
    with build.serve_in_background(build.DIST) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(build.chromium_path()), args=list(build.CHROMIUM_ARGS)
        )
        base = server.url
        results: dict[str, tuple[dict[str, float], int]] = {}

        def add_rested(
            name: str, empty: dict[str, float], after: tuple[dict[str, float], int]
        ) -> None:
            sizes, resting = after
            results[f"{name}, {REST_S} s later ({resting} resting)"] = (above(sizes, empty), 1)

        empty = empty_tab(browser)
        sizes, count, ready_s, after = one_embed(browser, base)
        results["one touched embed"] = (above(sizes, empty), count)
        add_rested("  one embed", empty, after)
        empty = empty_tab(browser)
        sizes, count, after = rules_page(browser, base)
        results["rules.html, 7 boards touched"] = (above(sizes, empty), count)
        add_rested("  rules.html", empty, after)
        empty = empty_tab(browser)
        sizes, count, answers, after, wakes = twenty_embeds(browser, base)
        results["20 embeds touched"] = (above(sizes, empty), count)
        add_rested("  20 embeds", empty, after)
        # The same page on another site (127.0.0.2): our frames are third-party
        # there, and elect by claims where the browser denies them the lock manager.
        empty = empty_tab(browser)
        sizes, count, other_answers, after, other_wakes = twenty_embeds(
            browser, base, framed_from=True
        )
        results["20 embeds, another site"] = (above(sizes, empty), count)
        add_rested("  another site", empty, after)
        # The same 20 boards drawn by the script embed (js/boards.js): no frame per board.
        script_answers: dict[str, list[float]] = {}
        for where, other in (("our site", False), ("another site", True)):
            empty = empty_tab(browser)
            sizes, count, script_answers[where], later_sizes = script_boards(
                browser, base, framed_from=other
            )
            results[f"20 boards by script ({where})"] = (above(sizes, empty), count)
            results[f"  by script ({where}), {REST_S} s later"] = (above(later_sizes, empty), count)
        browser.close()
    names = list(results)
    one, one_later = (results[name][0]["all"] for name in names[:2])
    print("embeds: browser memory above an empty tab (PSS of all Chromium processes);")
    print(
        f"  each ratio to the one touched embed at the same time ({REST_S} s later: its second row)"
    )
    for name, (sizes, count) in results.items():
        mib = sizes["all"]
        baseline = one_later if "later" in name else one
        kinds = ", ".join(
            f"{kind} {part:.0f}" for kind, part in sorted(sizes.items()) if kind != "all"
        )
        print(f"  {name:44} {mib:6.0f} MiB {mib / baseline:5.2f}x  runtimes: {count}  ({kinds})")
    print(
        f"embeds: first board ready after {ready_s * 1000:.0f} ms (page open to body[data-ready])"
    )
    for where, times in (("our site", wakes), ("another site", other_wakes)):
        print(
            f"embeds: a resting board seen again, to its engine's answer ({where}): "
            f"median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms "
            f"({len(times)} boards)"
        )
    for where, times in script_answers.items():
        later = times[1:]
        print(
            f"embeds: by script, touch to first answer, engine already started ({where}): "
            f"median {statistics.median(later) * 1000:.0f} ms, max {max(later) * 1000:.0f} ms "
            f"({len(later)} boards; first board {times[0] * 1000:.0f} ms)"
        )
    for where, times in (("our site", answers), ("another site", other_answers)):
        later = times[1:]
        print(
            f"embeds: touch to first answer, runtime already started by another board ({where}): "
            f"median {statistics.median(later) * 1000:.0f} ms, max {max(later) * 1000:.0f} ms "
            f"({len(later)} boards; first board {times[0] * 1000:.0f} ms)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
