"""Helpers for browser tests of the game page: real clicks and drags on the board.

The board canvas publishes its geometry as ``data-geometry`` (CSS pixels,
relative to the canvas box): the board's top-left corner ``x``, ``y``, the
square size ``cell``, and for stacks ``base`` (the stack's bottom below the
square's centre) and ``step`` (the thickness of a disc). From that and the
canvas's bounding box these helpers compute where to click, so they read the
page only, never the Python behind it.
"""

from __future__ import annotations

import http.server
import json
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from playwright.sync_api import Frame, Locator, Mouse, Page, Route, ViewportSize

BOARD = "#board"
FILES = "abcde"


class PageLike(Protocol):
    """What the board helpers use of a page: a Playwright ``Page``, or a view
    of a frame that finds elements in the frame and clicks with the page's mouse."""

    def locator(self, selector: str) -> Locator: ...

    @property
    def mouse(self) -> Mouse: ...

    @property
    def viewport_size(self) -> ViewportSize | None: ...

    def wait_for_function(
        self, expression: str, *, arg: Any = None, timeout: float | None = None
    ) -> Any: ...

    def click(self, selector: str) -> None: ...


@dataclass(frozen=True)
class Geometry:
    left: float  # canvas box in page coordinates
    top: float
    x: float  # board corner inside the canvas
    y: float
    cell: float
    base: float
    step: float
    flipped: bool = False


def geometry(page: PageLike) -> Geometry:
    box = page.locator(BOARD).bounding_box()
    assert box is not None, "the board canvas is not visible"
    data = json.loads(page.locator(BOARD).get_attribute("data-geometry") or "{}")
    return Geometry(
        box["x"],
        box["y"],
        data["x"],
        data["y"],
        data["cell"],
        data["base"],
        data["step"],
        bool(data.get("flipped")),
    )


def square_index(name: str) -> int:
    return (int(name[1]) - 1) * 5 + FILES.index(name[0])


def point(page: PageLike, square: str, disc: int | None = None) -> tuple[float, float]:
    """Page coordinates of a square's centre, or of disc ``disc`` (0 = bottom) of its stack."""
    g = geometry(page)
    file = FILES.index(square[0])
    rank = int(square[1]) - 1
    if g.flipped:  # the board is turned round: a1 at the top right
        file, rank = 4 - file, 4 - rank
    cx = g.left + g.x + (file + 0.5) * g.cell
    cy = g.top + g.y + (4 - rank + 0.5) * g.cell
    if disc is not None:
        cy += g.base - (disc + 0.5) * g.step
    return cx, cy


def position(page: PageLike) -> str:
    return page.locator(BOARD).get_attribute("data-position") or ""


def board_stacks(page: PageLike) -> dict[str, str]:
    """The stacks of the displayed position, read from ``data-position``: square -> bottom..top."""
    board = position(page).split()[0]
    out: dict[str, str] = {}
    for i, rank_text in enumerate(board.split("/")):
        rank = 5 - i
        file = 0
        for item in rank_text.split(","):
            if item.isdigit():
                file += int(item)
            else:
                out[f"{FILES[file]}{rank}"] = item
                file += 1
    return out


def height(page: PageLike, square: str) -> int:
    return len(board_stacks(page).get(square, ""))


def wait_position_change(page: PageLike, before: str, timeout_ms: float = 10_000) -> str:
    page.wait_for_function(
        "(before) => document.querySelector('#board').dataset.position !== before",
        arg=before,
        timeout=timeout_ms,
    )
    return position(page)


def wait_position(where: Page | Frame, fen: str, timeout_ms: float = 30_000) -> None:
    """Wait until the board of a page or a frame shows ``fen``."""
    where.wait_for_function(
        "(fen) => document.querySelector('#board').dataset.position === fen",
        arg=fen,
        timeout=timeout_ms,
    )


def in_view(page: PageLike, square: str, disc: int | None = None) -> tuple[float, float]:
    """``point()``, after scrolling the board into view if that point is outside
    the window (a click elsewhere on the page may have scrolled it away)."""
    x, y = point(page, square, disc)
    size = page.viewport_size
    if size and not (0 <= x < size["width"] and 0 <= y < size["height"]):
        page.locator(BOARD).evaluate("(el) => el.scrollIntoView({block: 'center'})")
        x, y = point(page, square, disc)
    return x, y


def click_square(page: PageLike, square: str, disc: int | None = None) -> None:
    """Click a square; on a stack, ``disc`` picks the disc (default: the top one)."""
    if disc is None and height(page, square):
        disc = height(page, square) - 1
    x, y = in_view(page, square, disc)
    page.mouse.click(x, y)


def lift(page: PageLike, square: str, count: int) -> None:
    """Click the disc that lifts the top ``count`` discs of ``square``."""
    h = height(page, square)
    assert 1 <= count <= h, f"{square} is {h} high; cannot lift {count}"
    click_square(page, square, h - count)


def play(page: PageLike, action: str) -> str:
    """Play an action in N1 by clicks (``c3``, ``a1-b2``, ``c4:2-d3``); return the new position."""
    before = position(page)
    match = re.fullmatch(r"([a-e][1-5])(?::(\d))?-([a-e][1-5])", action)
    if match:
        frm, count, to = match.group(1), int(match.group(2) or 1), match.group(3)
        lift(page, frm, count)
        page.wait_for_function(
            "(s) => document.querySelector('#board').dataset.selection === s",
            arg=f"{frm}:{count}",
        )
        click_square(page, to)
    elif action == "pass":
        page.click("#pass")
    else:
        click_square(page, action)
    return wait_position_change(page, before)


# Keeps every position the board publishes, in order, in window.__positions.
POSITION_LOG = """() => {
  const board = document.querySelector("#board");
  const log = [board.dataset.position];
  window.__positions = log;
  new MutationObserver(() => {
    const shown = board.dataset.position;
    if (log[log.length - 1] !== shown) log.push(shown);
  }).observe(board, { attributes: true, attributeFilter: ["data-position"] });
}"""


def play_against(page: Page, action: str, timeout_ms: float) -> tuple[str, str]:
    """Play ``action`` by clicks on the computer's opponent's turn; return the
    position after it and the one after the computer's answer. Both are read
    from a log the page keeps of every position shown, so an answer that comes
    before the test looks again is never taken for the player's move."""
    page.evaluate(POSITION_LOG)
    play(page, action)
    page.wait_for_function("window.__positions.length >= 3", timeout=timeout_ms)
    log: list[str] = page.evaluate("window.__positions")
    return log[1], log[2]


def played(page: Page, action: str) -> str:
    """Play ``action`` by clicks and return the position right after it, even
    if the computer has answered since (see ``play_against``)."""
    page.evaluate(POSITION_LOG)
    play(page, action)
    log: list[str] = page.evaluate("window.__positions")
    return log[1]


def drag(page: PageLike, frm: str, count: int, to: str) -> None:
    """Drag the top ``count`` discs of ``frm`` and drop them on ``to``."""
    h = height(page, frm)
    x0, y0 = point(page, frm, h - count)
    x1, y1 = point(page, to)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + (x1 - x0) * 0.25, y0 + (y1 - y0) * 0.25, steps=4)
    page.mouse.move(x1, y1, steps=8)
    page.mouse.up()


def move_columns(page: Page) -> list[dict[str, str]]:
    """The move list row by row, as the player reads it: colour letter -> action
    (the columns under the colour headers; a gap is left out)."""
    rows = []
    for item in page.locator("#moves li").all():
        cells = item.locator(".ply")
        row = {}
        for i in range(cells.count()):
            cell = cells.nth(i)
            row[cell.get_attribute("data-color") or "?"] = cell.text_content() or ""
        if row:
            rows.append(row)
    return rows


def message(page: Page) -> str:
    return page.locator("#message").text_content() or ""


def field(page: Page, color: str, name: str) -> str:
    """A player's displayed value: ``field(page, "w", "reserve")``."""
    return page.locator(f"#player-{color} [data-field={name}]").text_content() or ""


def move_list(page: Page) -> str:
    """The move list as one line of text: ``1. c3 b4 2. b4-c3``."""
    items = page.locator("#moves li").all()
    cells = ".move-number, .ply:not(.future)"
    rounds = [" ".join(item.locator(cells).all_text_contents()) for item in items]
    return " ".join(r for r in rounds if r and re.search(r"\d\.\s+\S", r))


# --------------------------------------------------------------------------
# What the canvas draws, frame by frame
# --------------------------------------------------------------------------

# Hashes the board's pixels at every animation frame, with the position the
# page showed at that moment, until stop_frames(). Counting the distinct
# pictures tells whether a change was animated, as a person would see it.
FRAME_RECORDER = """() => {
  const canvas = document.querySelector("#board");
  const ctx = canvas.getContext("2d");
  const frames = [];
  window.__boardFrames = frames;
  // Every fifth pixel: a moving disc changes thousands, and a cheaper hash
  // leaves the page its frames on a busy machine.
  const hash = () => {
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const words = new Uint32Array(pixels.buffer);
    let h = 0x811c9dc5;
    for (let i = 0; i < words.length; i += 5) h = Math.imul(h ^ words[i], 16777619);
    return h >>> 0;
  };
  const tick = (time) => {
    if (window.__boardFrames !== frames) return;
    frames.push({ time, hash: hash(), position: canvas.dataset.position ?? "" });
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""

# True once the board has shown `position` and then the same picture for 20 frames.
FRAMES_SETTLED = """(position) => {
  const frames = window.__boardFrames || [];
  const first = frames.findIndex((f) => f.position === position);
  if (first < 0 || frames.length - first < 24) return false;
  const tail = frames.slice(-20);
  return tail.every((f) => f.hash === tail[0].hash);
}"""


def record_frames(page: Page) -> None:
    """Start hashing the board's picture at every frame (see ``frames_of``)."""
    page.evaluate(FRAME_RECORDER)


def frames_of(page: Page, shown: str, timeout_ms: float = 30_000) -> list[int]:
    """The distinct pictures drawn from the frame where the page first showed
    position ``shown`` until the board holds still, in order (repeats removed).
    A change shown at once gives one or two (the frame of the change may
    still hold the picture before); an animated one gives one per frame drawn."""
    page.wait_for_function(FRAMES_SETTLED, arg=shown, timeout=timeout_ms)
    frames = page.evaluate("() => window.__boardFrames")
    first = next(i for i, f in enumerate(frames) if f["position"] == shown)
    pictures: list[int] = []
    for frame in frames[first:]:
        if not pictures or pictures[-1] != frame["hash"]:
            pictures.append(frame["hash"])
    return pictures


def stop_frames(page: Page) -> None:
    page.evaluate("() => { window.__boardFrames = null; }")


class HeldRequests:
    """The page's requests for ``pattern`` held back until :meth:`release`;
    from then on they go straight to the server. The handler is never
    removed: what becomes of the requests a removed handler held depends on
    timing (one left held kept a page from starting on CI; one let through
    cannot be let through again), so each is let through here, by hand."""

    def __init__(self, page: Page, pattern: str) -> None:
        self.page = page
        self.held: list[Route] = []
        self.holding = True
        page.route(pattern, self._route)

    def wait(self, timeout_ms: float = 60_000) -> bool:
        """Wait until a request is held (the page may ask late on a busy
        machine); true if one is."""
        waited = 0.0
        while not self.held and waited < timeout_ms:
            self.page.wait_for_timeout(100)  # lets Playwright deliver the route
            waited += 100
        return bool(self.held)

    def _route(self, route: Route) -> None:
        if self.holding:
            self.held.append(route)
        else:
            route.continue_()

    def forget(self) -> None:
        """Drop the requests of a page that was left (the browser cancelled them)."""
        self.held.clear()

    def release(self) -> None:
        self.holding = False
        for route in self.held:
            route.continue_()
        self.held.clear()


# Keeps, in window.__shown[selector], every text the element shows while it is
# not hidden.
KEEP_SHOWN = """(selector) => {
    const shown = (window.__shown ??= {});
    const line = document.querySelector(selector);
    shown[selector] = [];
    new MutationObserver(() => {
        if (!line.hidden) shown[selector].push(line.textContent.trim());
    }).observe(line, { attributes: true, childList: true, characterData: true, subtree: true });
}"""


def keep_messages(page: Page, line: str = "#message", *, from_load: bool = False) -> None:
    """From now on (``from_load``: from the next page's load), keep every text
    the ``line`` element shows while it is not hidden (the message line by
    default): a computer whose worker is ready may replace or hide a text at
    once, before a test reads it."""
    if from_load:
        script = f"({KEEP_SHOWN})({json.dumps(line)})"
        page.add_init_script(f"document.addEventListener('DOMContentLoaded', () => {script})")
    else:
        page.evaluate(KEEP_SHOWN, line)


def said(page: Page, line: str = "#message") -> list[str]:
    """Every text ``line`` has shown so far (after keep_messages)."""
    return list(page.evaluate("(selector) => window.__shown?.[selector] ?? []", line))


def wait_said(page: Page, text: str, line: str = "#message") -> None:
    """Wait until ``line`` has shown ``text`` (after keep_messages)."""
    page.wait_for_function(
        "([selector, text]) => window.__shown[selector].some((said) => said.includes(text))",
        arg=[line, text],
    )


def from_engine_worker(route: Route) -> bool:
    """Whether ``route``'s request is the engine worker's own (its referrer is
    the worker's script): a game page may start its worker before or after
    its own Python, so the order of their downloads says nothing."""
    return "/js/engine/worker.js" in (route.request.header_value("referer") or "")


def open_before_ready(page: Page, url: str) -> HeldRequests:
    """Open ``url`` with the page's Python held back: the board is drawn
    (body[data-painted]) and the page stays short of body[data-ready] until
    the hold returned is released, as on a slow phone's first seconds.
    A page of the site already open has its service worker unregistered
    first: it would serve Python from its cache, where no route sees it."""
    if page.url.startswith("http"):
        page.evaluate(
            """async () => {
                const registrations = await navigator.serviceWorker.getRegistrations();
                await Promise.all(registrations.map((registration) => registration.unregister()));
            }"""
        )
    python = HeldRequests(page, "**/py/app.zip")
    page.goto(url)
    page.wait_for_function("document.body.dataset.painted === '1'")
    assert python.wait(), "the page asked for its Python"
    assert page.evaluate("document.body.dataset.ready ?? null") is None
    return python


class _OtherSiteHandler(http.server.SimpleHTTPRequestHandler):
    """A folder's files, quietly; and, as a site of its own would, an answer
    for the icon a browser asks of any page that names none (an empty one: a
    404 would be a console error the tests count as the page's)."""

    def do_GET(self) -> None:
        if self.path.split("?")[0] == "/favicon.ico":
            self.send_response(204)
            self.end_headers()
            return
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def another_site(folder: Path, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve ``folder`` on ``host`` at a free port, as a site that is not ours
    (no policy of its own that could stop it framing ours); yields its URL."""
    handler = partial(_OtherSiteHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer((host, 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
