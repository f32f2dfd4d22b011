"""A smoke suite in Firefox ESR and WebKitGTK, beside the Chromium suite.

Each test runs once per engine (see ``tests/xbrowser.py`` for the clients):
every page becomes ready with nothing from outside, a game against the
computer by clicks on the canvas, a refused click and its message, a link
round trip, an embed in an iframe, the rules page's live boards, the saved
game after a reload, play with the server gone after one visit (service
worker), Tor's page, a game by link passed to the friend and back with
tampered links refused, and taps and a long press where the automation has a
touch pointer (Firefox). It reads the page as a person would: the board's
``data-*`` attributes and the visible text.

Set ``MIXTOUR_XBROWSER_SHOTS`` to a folder to also save screenshots of every
page at phone and desktop sizes, light and dark, in each engine.
"""

from __future__ import annotations

import functools
import io
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import warnings
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from pathlib import Path
from typing import Any, TypeVar, cast

import pytest
import xbrowser
from test_tor_review import BLUNDER_PLY, HEMMED
from test_web_headers import other_origin  # noqa: F401  (a fixture)
from test_web_rules import examples
from xbrowser import (
    COMMAND_LIMIT_S,
    FIREFOX,
    SHOWN_FAULTS,
    START_TRIES,
    WEBKIT_DRIVER,
    XVFB,
    BrowserCrashed,
    Engine,
    Firefox,
    OutsideRecorder,
    Relaunching,
    TouchUnsupported,
    WebKit,
    shown_fault,
    xvfb_display,
)

import build
from mixtour.mixtour.core import Action
from mixtour.mixtour.correspondence import (
    CorrespondenceGame,
    _checksum,
    decode,
    encode,
    encode_actions,
)
from mixtour.mixtour.game import Game
from mixtour.mixtour.link import format_link, parse_link
from mixtour.tor import correspondence as tor_corr
from mixtour.tor.game import Game as TorGame
from mixtour.tor.link import format_link as tor_link
from web.tools.testenv import XBROWSER_REQUIRED_ENV

pytestmark = [pytest.mark.browser, pytest.mark.xbrowser]


def ready_check(doc: str = "document") -> str:
    """Whether the page in ``doc`` (a script's expression for a document) is ready."""
    return f"() => {{ const d = {doc}; return Boolean(d?.body) && d.body.dataset.ready === '1'; }}"


def loading_line(doc: str = "document") -> str:
    """What the loading line of the page in ``doc`` says."""
    return f"() => ({doc})?.querySelector('#loading')?.textContent ?? ''"


READY = ready_check()
LOADING_LINE = loading_line()
# The document of the embed host's board.
FRAME = "document.querySelector('iframe')?.contentDocument"
AI_TIMEOUT_S = 120
# A review boots the worker, then searches each move: 33 s in WebKit in a full
# run, 132 s once with the machine at a load of 11 (review "running", five
# searches done). A hang guard, not a speed target.
REVIEW_TIMEOUT_S = 300

# Every page of the site, and whether it sets body[data-ready] itself (the
# rules pages have none: their boards in iframes do).
PAGES = [
    ("index.html", True),
    ("editor.html", True),
    ("learn.html", True),
    ("rules.html", False),
    ("rules.fr.html", False),
    ("rules.de.html", False),
    ("embed.html", True),
    ("tor.html", True),
    ("tor-learn.html", True),
    ("tor-embed.html", True),
    ("tor-rules.html", False),
    ("tor-rules.fr.html", False),
    ("tor-rules.de.html", False),
    ("puzzles.html", True),
    ("tor-puzzles.html", True),
    ("tor-editor.html", True),
    ("analysis.html", True),
    ("tor-analysis.html", True),
]
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
# Both engines draw at two device pixels to the CSS pixel, as phones and most laptops do.
SCALE = 2

# Page coordinates of a square's centre on the board of `doc` (a document),
# from #board[data-geometry]; for a Mixtour stack, of disc `disc` (0 = bottom).
# The board is scrolled into view first. Works for Mixtour's 5x5 and Tor's board.
SQUARE_POINT = """(square, disc, frameIndex) => {
  let doc = document, dx = 0, dy = 0;
  if (frameIndex !== null) {
    const frame = document.querySelectorAll("iframe")[frameIndex];
    frame.scrollIntoView({ block: "center" });
    const box = frame.getBoundingClientRect();
    doc = frame.contentDocument;
    dx = box.left + frame.clientLeft;
    dy = box.top + frame.clientTop;
  }
  const canvas = doc.querySelector("#board");
  if (frameIndex === null) canvas.scrollIntoView({ block: "center" });
  const box = canvas.getBoundingClientRect();
  const g = JSON.parse(canvas.dataset.geometry);
  const files = g.files ?? 5, ranks = g.ranks ?? 5;
  let file = square.charCodeAt(0) - 97, rank = Number(square.slice(1)) - 1;
  if (g.flipped) { file = files - 1 - file; rank = ranks - 1 - rank; }
  let x = box.left + g.x + (file + 0.5) * g.cell;
  let y = box.top + g.y + (ranks - 1 - rank + 0.5) * g.cell;
  if (disc !== null) y += g.base - (disc + 0.5) * g.step;
  return [x + dx, y + dy];
}"""

BOARD_DATA = """(name, frameIndex) => {
  const doc = frameIndex === null ? document
    : document.querySelectorAll("iframe")[frameIndex].contentDocument;
  const board = doc && doc.querySelector("#board");
  return board ? board.getAttribute("data-" + name) : null;
}"""


# --------------------------------------------------------------------------
# Engines
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def outside() -> Iterator[OutsideRecorder]:
    recorder = OutsideRecorder()
    yield recorder
    recorder.close()


def start_engine(name: str, outside: OutsideRecorder, display: str | None) -> Engine:
    if name == "firefox":
        return Firefox(outside.port)
    assert display is not None
    return WebKit(display, outside.port)


def missing(name: str) -> str | None:
    if name == "firefox":
        return None if FIREFOX.is_file() else f"no Firefox at {FIREFOX}"
    if not WEBKIT_DRIVER.is_file():
        return f"no WebKitWebDriver at {WEBKIT_DRIVER}"
    return None if shutil.which(XVFB) else "no Xvfb"


@pytest.fixture(scope="module", params=["firefox", "webkit"])
def engine(request: pytest.FixtureRequest, outside: OutsideRecorder) -> Iterator[Relaunching]:
    name: str = request.param
    reason = missing(name)
    if reason:
        if os.environ.get(XBROWSER_REQUIRED_ENV):
            pytest.fail(reason)
        pytest.skip(f"{reason}; `python3 build.py test` installs it")
    with xvfb_display() if name == "webkit" else nullcontext("") as display:
        browser = Relaunching(name, lambda: start_engine(name, outside, display or None))
        try:
            yield browser
        finally:
            browser.close()


def prepare(engine: Engine, site_url: str) -> None:
    """Desktop size and the site's storage emptied."""
    engine.size(*SIZES["desktop"], SCALE)
    engine.goto(site_url + "no-such-page-for-tests")
    engine.run(
        """async () => {
            localStorage.clear();
            sessionStorage.clear();
            // WebKit may hold these back while a service worker of the last
            // test still installs: give each a few seconds, then go on (a
            // worker left behind serves the same files).
            const within = (promise) =>
                Promise.race([promise, new Promise((done) => setTimeout(done, 5000))]);
            const workers = navigator.serviceWorker;
            if (workers) {
                await within(workers.getRegistrations()
                    .then((all) => Promise.all(all.map((r) => r.unregister()))));
            }
            await within(caches.keys()
                .then((keys) => Promise.all(keys.map((key) => caches.delete(key)))));
        }"""
    )
    engine.errors()


@pytest.fixture
def tab(engine: Relaunching, site_url: str, outside: OutsideRecorder) -> Iterator[Relaunching]:
    """The engine's tab at desktop size, with the site's storage emptied; afterwards
    nothing may have been asked of the outside world and no error reported."""
    try:
        prepare(engine, site_url)
    except BrowserCrashed:
        engine.relaunch()
        prepare(engine, site_url)
    engine.prepare = functools.partial(prepare, engine, site_url)
    outside.take()
    yield engine
    assert [url for url in outside.take() if not browser_own(engine, url)] == []
    assert engine.errors() == []


Test = TypeVar("Test", bound=Callable[..., None])


def relaunch_on_crash(test: Test) -> Test:
    """Run the test once more in a new browser if the browser program itself
    died or went silent under it (see ``xbrowser.BrowserCrashed``): a second
    crash, and any other failure, fails the test."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        again_after_crash(kwargs["tab"], "the test", lambda: test(*args, **kwargs))

    return run  # type: ignore[return-value]


def again_after_crash(tab: Relaunching, what: str, step: Callable[[], None]) -> None:
    """Do ``step``; if the browser died under it (:class:`BrowserCrashed`), do it
    once more in a new browser, with a warning; a second crash is raised."""
    try:
        step()
    except BrowserCrashed as crash:
        warnings.warn(f"{tab.name} crashed, running {what} again: {crash}", stacklevel=1)
        tab.relaunch()
        tab.prepare()
        step()


def browser_own(engine: Engine, request_line: str) -> bool:
    """Firefox's own calls home (remote settings) that no preference stops: not the page's."""
    return engine.name == "firefox" and ".services.mozilla.com:" in request_line


# --------------------------------------------------------------------------
# Reading and clicking the page
# --------------------------------------------------------------------------


def board(tab: Engine, name: str, frame: int | None = None) -> str:
    return str(tab.run(BOARD_DATA, name, frame) or "")


def click_square(
    tab: Engine, square: str, disc: int | None = None, frame: int | None = None
) -> None:
    x, y = tab.run(SQUARE_POINT, square, disc, frame)
    tab.click(x, y)


def stacks(fen: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for i, rank_text in enumerate(fen.split()[0].split("/")):
        file = 0
        for item in rank_text.split(","):
            if item.isdigit():
                file += int(item)
            else:
                out[f"{'abcde'[file]}{5 - i}"] = item
                file += 1
    return out


def wait_board(
    tab: Engine, fn: str, arg: Any = None, timeout_s: float = 30, frame: int | None = None
) -> None:
    """Wait until ``fn(board, arg)`` is true for the #board canvas."""
    tab.wait(
        f"""([arg, frameIndex]) => {{
            const doc = frameIndex === null ? document
              : document.querySelectorAll("iframe")[frameIndex].contentDocument;
            const board = doc && doc.querySelector("#board");
            return Boolean(board) && ({fn})(board, arg);
        }}""",
        [arg, frame],
        timeout_s,
    )


def open_ready(tab: Engine, url: str, timeout_s: float = 90) -> None:
    """Open a page and wait until it is ready. A page of the site that never
    gets there while the browser still answers is taken for a browser that
    stalled (seen once in WebKit on a loaded machine, where the same pages
    were ready in seconds before and after): the test runs again in a new
    browser (``relaunch_on_crash``, with a warning that says what the page
    showed), and a second time fails it."""
    tab.goto(url)
    wait_ready(tab, url, timeout_s=timeout_s)


def wait_ready(tab: Engine, what: str, doc: str = "document", timeout_s: float = 90) -> None:
    """Wait until the page in ``doc`` is ready (see :func:`open_ready`); one
    that never gets there, or whose loading line names one of the browser's
    own faults (xbrowser.SHOWN_FAULTS), raises BrowserCrashed."""
    ready, loading = ready_check(doc), loading_line(doc)
    ready_or_fault = f"(faults) => ({ready})() || faults.some((f) => ({loading})().includes(f))"
    try:
        tab.wait(ready_or_fault, list(SHOWN_FAULTS), timeout_s=timeout_s)
    except TimeoutError as error:
        raise BrowserCrashed(f"{tab.name}: {what} was not ready: {error}") from error
    if tab.run(ready):
        return
    shown = str(tab.run(loading))
    raise BrowserCrashed(f"{tab.name}: {what} stopped on {shown_fault(shown)!r}: {shown}")


def text(tab: Engine, selector: str) -> str:
    return str(tab.run("(s) => document.querySelector(s)?.textContent ?? ''", selector))


def click_element(tab: Engine, selector: str) -> None:
    """A pointer click at the middle of an element, as a person would click it."""
    x, y = tab.run(
        """(s) => {
            const element = document.querySelector(s);
            element.scrollIntoView({ block: "center" });
            const box = element.getBoundingClientRect();
            return [box.left + box.width / 2, box.top + box.height / 2];
        }""",
        selector,
    )
    tab.click(x, y)


# --------------------------------------------------------------------------
# Tests
# --------------------------------------------------------------------------


def test_every_page_becomes_ready_with_nothing_from_outside(
    tab: Relaunching, site_url: str
) -> None:
    shots = os.environ.get("MIXTOUR_XBROWSER_SHOTS")
    for path, has_ready in PAGES:
        # After a crash only this page is checked again: started again from the
        # first page, WebKit once died twice in a row on a loaded machine.
        check = functools.partial(check_page, tab, site_url, path, has_ready, shots)
        again_after_crash(tab, f"the check of {path}", check)


def check_page(tab: Engine, site_url: str, path: str, has_ready: bool, shots: str | None) -> None:
    """One page of the site: ready (or its boards drawn), laid out at every size
    without overflow, and its pictures taken when shots are asked for."""
    tab.size(*SIZES["desktop"], SCALE)
    if has_ready:
        open_ready(tab, site_url + path)
        assert tab.run("() => document.body.dataset.painted") == "1", path
    else:
        tab.goto(site_url + path)
        # Every board is drawn, in the page (Mixtour's rules) or in its
        # frame (Tor's); their Python starts when one is in view:
        # test_the_rules_pages_boards_are_live.
        tab.wait(
            """() => {
                const frames = [...document.querySelectorAll('iframe.board-frame')];
                const boards = [...document.querySelectorAll('.live-board canvas')];
                return frames.length + boards.length > 0 && frames.every((frame) => {
                    const body = frame.contentDocument && frame.contentDocument.body;
                    return Boolean(body) && body.dataset.painted === '1';
                }) && boards.every((board) => Boolean(board.dataset.geometry));
            }""",
            timeout_s=60,
        )
    for size, (width, height) in SIZES.items():
        tab.size(width, height, SCALE)
        # The page is laid out at the whole width asked for (no classic
        # scrollbar taking some, no browser window with a minimum width)...
        laid_out = tab.run("() => document.documentElement.clientWidth")
        assert laid_out == width, f"{path} at {size} is laid out at {laid_out}px"
        # ...and nothing is wider than the window, in either engine.
        overflow = tab.run(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"{path} at {size} is {overflow}px wider than the window"
        if shots:
            for theme in ("light", "dark"):
                tab.run("(t) => { document.documentElement.dataset.theme = t; }", theme)
                tab.wait("() => new Promise((r) => requestAnimationFrame(() => r(true)))")
                name = f"{tab.name}-{path.removesuffix('.html')}-{size}-{theme}.png"
                out = Path(shots) / name
                out.parent.mkdir(parents=True, exist_ok=True)
                tab.shot(out)
            tab.run("() => { delete document.documentElement.dataset.theme; }")


@relaunch_on_crash
def test_a_move_against_the_computer_its_reply_and_the_game_after_a_reload(
    tab: Engine, site_url: str
) -> None:
    open_ready(tab, site_url + "index.html#ai=1")
    tab.wait("() => document.body.dataset.ai === 'ready'", timeout_s=AI_TIMEOUT_S)
    assert board(tab, "position").startswith("5/5/5/5/5 w")
    click_square(tab, "c3")
    # White entered c3; the computer (Red) answers and it is White's turn again.
    wait_board(
        tab,
        "(b) => b.dataset.position.split(' ')[1] === 'w' && !b.dataset.thinking"
        " && b.dataset.position !== '5/5/5/5/5 w 20/20 0/0 1'",
        timeout_s=AI_TIMEOUT_S,
    )
    shown = board(tab, "position")
    placed = stacks(shown)
    assert placed.get("c3") == "w" and len(placed) == 2, shown
    # With a game saved, the page asked to keep the storage (Firefox asks the
    # player in a prompt, which stays "asked" here; the others answer at once).
    tab.wait("() => document.body.dataset.persist !== undefined")
    persist = tab.run("() => document.body.dataset.persist")
    assert persist in ("asked", "granted", "refused", "unavailable")
    if tab.name == "webkit":
        tab.wait("() => document.body.dataset.persist !== 'asked'")
    # The saved game comes back after a reload.
    tab.reload()
    tab.wait(READY, timeout_s=90)
    assert tab.run("() => document.body.dataset.save") == "restored"
    assert board(tab, "position") == shown


@relaunch_on_crash
def test_a_refused_click_is_explained(tab: Engine, site_url: str) -> None:
    game = Game(None, ["a1", "b2", "e5"])
    open_ready(tab, site_url + "index.html#" + format_link(game))
    before = board(tab, "position")
    assert before == game.fen()
    click_square(tab, "a1", 0)
    wait_board(tab, "(b) => b.dataset.selection === 'a1:1'")
    click_square(tab, "e5", 0)
    tab.wait(
        "() => document.querySelector('#message').textContent.includes('a1-e5 is not possible')"
    )
    assert "blocked by b2" in text(tab, "#message")
    assert board(tab, "position") == before


@relaunch_on_crash
def test_a_link_round_trip(tab: Engine, site_url: str) -> None:
    game = Game(None, ["c3", "b4", "b4-c3", "d2", "e5", "c3:2-d2"])
    game.goto(3)
    link = format_link(game)
    open_ready(tab, site_url + "index.html#" + link)
    assert board(tab, "position") == game.fen()
    # The address the page shows says the same game at the same move.
    address = str(tab.run("() => location.href"))
    back = parse_link(address.split("#", 1)[1]).game
    assert back.fen() == game.fen()
    assert back.ply == game.ply
    assert [str(a) for a in back.actions() + back.future()] == [
        str(a) for a in game.actions() + game.future()
    ]


@pytest.fixture
def host_url(site_url: str) -> Iterator[str]:
    """A second origin serving the site and a host page for embeds: a page of
    someone else's site with the board in an iframe, as the embed is meant to be used."""
    with tempfile.TemporaryDirectory(prefix="mixtour-host-") as folder:
        root = Path(folder)
        for item in build.DIST.iterdir():
            (root / item.name).symlink_to(item)
        game = Game()
        (root / "embed-host.html").write_text(
            '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">'
            f'</head><body><iframe src="embed.html#{format_link(game)}" width="320" height="360">'
            "</iframe></body></html>",
            encoding="utf-8",
        )
        with build.serve_in_background(root) as server:
            yield server.url + "embed-host.html"


@relaunch_on_crash
def test_an_embed_in_an_iframe_plays(tab: Engine, host_url: str) -> None:
    tab.goto(host_url)
    # As a page: a board never ready is a stalled browser (once in WebKit under load).
    wait_ready(tab, f"the embed in {host_url}", doc=FRAME)
    click_square(tab, "c3", frame=0)
    wait_board(tab, "(b, fen) => b.dataset.position === fen", Game(None, ["c3"]).fen(), 90, 0)
    click_square(tab, "b4", frame=0)
    wait_board(tab, "(b, fen) => b.dataset.position === fen", Game(None, ["c3", "b4"]).fen(), 30, 0)


@relaunch_on_crash
def test_the_rules_pages_boards_are_live(tab: Engine, site_url: str) -> None:
    tab.goto(site_url + "rules.html")
    found = examples()
    names = tab.run(
        "() => [...document.querySelectorAll('.live-board')].map((b) => b.dataset.example)"
    )
    assert sorted(names) == sorted(found)
    # A smoke test: the first boards (the Chromium suite checks them all).
    for i, name in enumerate(names[:3]):
        tab.run("(i) => document.querySelectorAll('.live-board')[i].scrollIntoView()", i)
        tab.wait(
            "(i) => document.querySelectorAll('.live-board')[i].dataset.ready === '1'",
            i,
            timeout_s=120,
        )
        shown = tab.run(
            """(i) => {
                const canvas = document.querySelectorAll('.live-board')[i].querySelector('canvas');
                return [canvas.dataset.position, canvas.dataset.status];
            }""",
            i,
        )
        assert shown == [parse_link(found[name]).game.fen(), "playing"], name
    # One engine for every board, in a worker of the page.
    assert tab.run("() => document.querySelectorAll('iframe').length") == 0
    assert tab.run("() => document.body.dataset.engineRole") == "host"


@relaunch_on_crash
def test_the_script_embed_plays_in_another_sites_page(
    tab: Engine,
    site_url: str,
    other_origin: tuple[str, Path],  # noqa: F811
) -> None:
    other_url, folder = other_origin
    (folder / "boards.html").write_text(
        '<!doctype html><html lang="de"><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        '</head><body><div style="display:flex;gap:8px">'
        '<div class="mixtour-board" data-link="m=c3"></div>'
        '<div class="mixtour-board" data-game="tor" data-link="m=c3"></div></div>'
        f'<script type="module" src="{site_url}js/boards.js"></script></body></html>',
        encoding="utf-8",
    )
    tab.goto(other_url + "boards.html")
    holders = "[...document.querySelectorAll('.mixtour-board')]"
    tab.wait(
        f"() => {holders}.length === 2 && {holders}.every((h) => h.dataset.ready === '1')",
        timeout_s=120,
    )
    canvas = "document.querySelector('.mixtour-board canvas')"
    assert tab.run(f"() => {canvas}.dataset.position") == Game(None, ["c3"]).fen()
    point = tab.run(
        f"""() => {{
            const canvas = {canvas};
            const box = canvas.getBoundingClientRect();
            const g = JSON.parse(canvas.dataset.geometry);
            return [box.left + g.x + 1.5 * g.cell, box.top + g.y + 0.5 * g.cell];
        }}"""
    )
    tab.click(*point)  # b5
    tab.wait(
        f"(fen) => {canvas}.dataset.position === fen", Game(None, ["c3", "b5"]).fen(), timeout_s=30
    )
    # The boards speak the page's language, and leave it as it was.
    assert "Weiß ist am Zug" in str(
        tab.run("() => document.querySelector('.mixtour-board .status').textContent")
    )
    assert tab.run("() => document.documentElement.lang") == "de"
    assert tab.run("() => document.querySelectorAll('iframe[data-mixtour-engine]').length") == 1


@relaunch_on_crash
def test_play_goes_on_with_the_server_gone_after_one_visit(tab: Engine) -> None:
    with build.serve_in_background(build.DIST) as server:
        open_ready(tab, server.url + "index.html")
        tab.wait("() => document.body.dataset.offline === '1'", timeout_s=180)
    # The server is stopped: the page, its Python and the computer come from the cache.
    open_ready(tab, server.url + "index.html#ai=1")
    tab.wait("() => document.body.dataset.ai === 'ready'", timeout_s=AI_TIMEOUT_S)
    click_square(tab, "c3")
    wait_board(
        tab,
        "(b) => b.dataset.position.split(' ')[1] === 'w' && !b.dataset.thinking"
        " && b.dataset.position !== '5/5/5/5/5 w 20/20 0/0 1'",
        timeout_s=AI_TIMEOUT_S,
    )
    assert stacks(board(tab, "position")).get("c3") == "w"


@relaunch_on_crash
def test_tor_a_move_and_the_computers_reply(tab: Engine, site_url: str) -> None:
    open_ready(tab, site_url + "tor.html#ai=b1")
    start = TorGame().fen()
    assert board(tab, "position") == start
    click_square(tab, "c3")
    # Black (the computer) answers: White to move again, two moves in the list.
    tab.wait(
        """() => document.querySelector('#board').dataset.position.endsWith(' w -')
            && document.querySelectorAll('#moves button.ply').length === 2""",
        timeout_s=AI_TIMEOUT_S,
    )
    moves = json.loads(
        tab.run(
            """() => JSON.stringify([...document.querySelectorAll(
                '#moves button.ply')].map((s) => s.textContent.trim()))"""
        )
    )
    assert moves[0] == "c3"


def open_link(tab: Engine, url: str) -> None:
    """Open a game by link as a person would: from a chat program, in a new page."""
    tab.goto("about:blank")
    open_ready(tab, url)


CORR_STATE = "() => document.querySelector('#corr').dataset.state"


@relaunch_on_crash
def test_a_game_by_link_goes_to_the_friend_and_a_tampered_link_is_refused(
    tab: Engine, site_url: str
) -> None:
    # Ann (White) played d4 and sent the link (made here by the Python library).
    sent = CorrespondenceGame.new("XbrW0418", names=["Ann"]).extend("d4")
    open_link(tab, site_url + "index.html#" + encode(sent))
    tab.wait(f"() => ({CORR_STATE})() === 'your-move'")
    assert text(tab, "#corr-status") == "You play Red. Ann (White) played d4 — your move."
    assert board(tab, "position") == sent.game().fen()
    # Bob (Red) answers by a click on the board; the page gives the link to send back.
    click_square(tab, "c4")
    tab.wait(f"() => ({CORR_STATE})() === 'wait'")
    back = str(tab.run("() => document.querySelector('#corr-link').value"))
    assert decode(back.split("#", 1)[1]) == sent.extend("c4")
    assert text(tab, "#corr-send-text") == "Your move is made. Send this link to Ann (White)"
    # Ann opens it (a browser holding nothing of this game: its storage emptied).
    tab.run("() => localStorage.clear()")
    open_link(tab, back)
    tab.wait(f"() => ({CORR_STATE})() === 'your-move'")
    assert text(tab, "#corr-status") == "You play White. Red played c4 — your move."
    assert board(tab, "position") == sent.extend("c4").game().fen()
    kept = tab.run("() => JSON.stringify(Object.entries(localStorage).sort())")
    # The same link with an illegal move added and its check made again (a forger),
    # then one cut short: each refused with its reason, nothing kept changed.
    body = back.split("#", 1)[1].rpartition("&k=")[0]
    body += encode_actions([Action.parse("d4-e5").code])
    forged = f"{body}&k={_checksum(body)}"
    for fragment, why in (
        (forged, "action 3 (d4-e5) is not legal"),
        (back.split("#", 1)[1][:-5], "it was cut short or changed on the way"),
    ):
        open_link(tab, site_url + "index.html#" + fragment)
        tab.wait(f"() => ({CORR_STATE})() === 'refused'")
        status = text(tab, "#corr-status")
        assert status.startswith("This link cannot be opened: ") and why in status, status
        assert status.endswith("Nothing you had was changed."), status
        assert tab.run("() => JSON.stringify(Object.entries(localStorage).sort())") == kept


@relaunch_on_crash
def test_tor_by_link_reaches_the_friend_and_your_games_keeps_both_kinds(
    tab: Engine, site_url: str
) -> None:
    # Ann (White) placed a pawn on c3 and sent the link of Tor (made by the Python library).
    sent = tor_corr.CorrespondenceGame.new("XbrTor01", names=["Ann"]).extend("c3")
    open_link(tab, site_url + "tor.html#" + tor_corr.encode(sent))
    tab.wait(f"() => ({CORR_STATE})() === 'your-move'")
    assert text(tab, "#corr-status") == "You play Black. Ann (White) played c3 — your move."
    assert board(tab, "position") == sent.game().fen()
    # Bob (Black) answers by a click; the page gives the link to send back.
    click_square(tab, "d5")
    tab.wait(f"() => ({CORR_STATE})() === 'wait'")
    back = str(tab.run("() => document.querySelector('#corr-link').value"))
    assert tor_corr.decode(back.split("#", 1)[1]) == sent.extend("d5")
    # A link with a changed action is refused, and the game by link comes back as it was.
    open_link(tab, back.replace("&a=", "&a=A", 1))
    tab.wait(f"() => ({CORR_STATE})() === 'refused'")
    assert "it was cut short or changed on the way" in text(tab, "#corr-status")
    # (Waited for, not read at once: CI's WebKit once read no position here, as a page
    # does while it loads again; see web/js/offline.js's controllerchange.)
    kept = sent.extend("d5").game().fen()
    tab.wait("(fen) => document.querySelector('#board')?.dataset.position === fen", kept)
    assert board(tab, "position") == kept
    # A local game of Tor beside it: both are listed in Your games.
    open_ready(tab, site_url + "tor.html#m=c3,d5,b6")
    click_element(tab, "#open-games")
    tab.wait("() => document.querySelector('#games-dialog').open")
    assert tab.run("() => document.querySelectorAll('#games-list li[data-id]').length") == 1
    games = text(tab, "#corr-games-list li[data-corr-id]")
    assert "With Ann (White)" in games and "2 moves" in games, games


@relaunch_on_crash
def test_tor_a_finished_game_is_reviewed_and_its_blunder_marked(tab: Engine, site_url: str) -> None:
    # The game of tests/test_tor_review.py: White's b6-c7@c8 lets Black hem him in.
    open_ready(tab, site_url + "tor.html#" + tor_link(TorGame(None, HEMMED)))
    tab.run("() => { window.mixtourDebug = { reviewDepth: 1 }; }")  # a review in seconds
    click_element(tab, "#result-review")
    # The review ends done, or in error with the page's words for it.
    tab.wait(
        "() => ['done', 'error'].includes(document.body.dataset.review)", timeout_s=REVIEW_TIMEOUT_S
    )
    ended = tab.run("() => [document.body.dataset.review, document.body.dataset.aiRestarts]")
    assert ended[0] == "done", (ended, text(tab, "#message"))
    cell = f'#moves button.ply[data-ply="{BLUNDER_PLY}"]'
    assert tab.run("(s) => document.querySelector(s).dataset.review", cell) == "blunder"
    assert "??" in text(tab, cell)
    blunders = text(tab, '#review-summary td[data-color="w"][data-kind="blunder"]')
    assert int(blunders) >= 1, blunders
    assert text(tab, "#review-label") == "Black has won"
    # A move clicked in the list shows the position after it.
    click_element(tab, '#moves button.ply[data-ply="4"]')
    wait_board(tab, "(b, fen) => b.dataset.position === fen", TorGame(None, HEMMED[:4]).fen())


def tap_square(tab: Engine, square: str, disc: int | None = None, hold_ms: int = 50) -> None:
    x, y = tab.run(SQUARE_POINT, square, disc, None)
    tab.touch(x, y, hold_ms)


@relaunch_on_crash
def test_taps_make_a_move_and_a_long_press_takes_a_disc_off(tab: Engine, site_url: str) -> None:
    game = Game(None, ["c3", "b4"])
    open_ready(tab, site_url + "index.html#" + format_link(game))
    tab.run(
        """() => {
            window.pointerKinds = [];
            addEventListener("pointerdown", (e) => pointerKinds.push(e.pointerType), true);
        }"""
    )
    try:
        tap_square(tab, "b4", 0)
    except TouchUnsupported as error:
        pytest.skip(f"no touch pointer in {tab.name}'s automation: {error}")
    kinds = tab.run("() => pointerKinds")
    if kinds != ["touch"]:
        # WebKitWebDriver takes a touch pointer's actions but the page gets a mouse.
        pytest.skip(f"{tab.name}'s automation turns a touch into pointer events of {kinds}")
    wait_board(tab, "(b) => b.dataset.selection === 'b4:1'")
    tap_square(tab, "c3", 0)
    game.play("b4-c3")
    wait_board(tab, "(b, fen) => b.dataset.position === fen", game.fen())
    # The editor: a tap puts a disc on, a long press takes the top one off.
    open_ready(tab, site_url + "editor.html")
    one, two = "5/5/2,w,2/5/5 w 19/20 0/0 1 -", "5/5/2,ww,2/5/5 w 18/20 0/0 1 -"
    tap_square(tab, "c3")
    wait_board(tab, "(b, fen) => b.dataset.position === fen", one)
    tap_square(tab, "c3")
    wait_board(tab, "(b, fen) => b.dataset.position === fen", two)
    # The lift is read once the page has handled it: a task after its pointerup
    # (or pointercancel), where the editor places a disc if it ever does.
    tab.run(
        """() => {
            window.lifted = new Promise((done) => {
                const after = () => setTimeout(() => done(true));
                for (const kind of ["pointerup", "pointercancel"]) {
                    addEventListener(kind, after, { capture: true, once: true });
                }
            });
        }"""
    )
    tap_square(tab, "c3", hold_ms=1200)
    wait_board(tab, "(b, fen) => b.dataset.position === fen", one)
    # Lifting the finger after the long press placed nothing.
    tab.wait("() => window.lifted")
    assert board(tab, "position") == one


def play_action(tab: Engine, fen: str, text: str) -> None:
    """Clicks that make a Mixtour action in notation: "c3" enters a disc; "a1-b2"
    moves a whole stack, "a1:2-b2" its top two discs (the click picks the
    lowest disc that moves)."""
    if "-" not in text:
        click_square(tab, text)
        return
    source, target = text.split("-")
    square, _, count = source.partition(":")
    height = len(stacks(fen)[square])
    click_square(tab, square, height - int(count or height))
    click_square(tab, target, 0)


@relaunch_on_crash
def test_a_puzzle_is_solved_by_clicks(tab: Engine, site_url: str) -> None:
    data = json.loads((build.WEB / "data" / "puzzles.json").read_text(encoding="utf-8"))
    # A win in one by a stack's move: a click on a disc, then on a square.
    puzzle = next(p for p in data["puzzles"] if p["n"] == 1 and "-" in p["line"][0])
    pid = puzzle["id"]
    open_ready(tab, site_url + f"puzzles.html#id={pid}")
    tab.wait("(text) => document.body.dataset.puzzle === text", f"{pid} todo")
    assert board(tab, "position") == puzzle["fen"]
    play_action(tab, puzzle["fen"], puzzle["line"][0])
    tab.wait("(text) => document.body.dataset.puzzle === text", f"{pid} solved")
    assert "Solved" in text(tab, "#puzzle-feedback")
    assert text(tab, "#stat-streak") == "1"


@relaunch_on_crash
def test_the_analysis_board_deepens_and_keeps_a_side_line(tab: Engine, site_url: str) -> None:
    open_ready(tab, site_url + "analysis.html#t=c3,b4&k=1")
    tab.run("() => { window.mixtourDebug = { analysisMaxDepth: 3 }; }")
    # The engine, in this browser's worker, reaches the cap with a line.
    tab.wait("() => document.querySelector('#engine').dataset.state === 'capped'", timeout_s=120)
    assert tab.run("() => document.querySelector('#engine-line').dataset.pv") != ""
    # Another answer to c3 than b4: a side line, and the link says so.
    click_square(tab, "d4")
    tab.wait("() => document.querySelectorAll('#an-tree .an-var button.an-move').length === 1")
    shown = Game(None, ["c3", "d4"]).fen().replace(" ", "_")
    assert tab.run("() => location.hash").endswith("&t=c3,b4(d4)&k=3&at=" + shown)


@relaunch_on_crash
def test_the_board_is_sharp_at_two_pixels_a_point_and_the_dialog_works(
    tab: Engine, site_url: str
) -> None:
    open_ready(tab, site_url + "index.html")
    ratio, css_width, pixels = tab.run(
        """() => {
            const board = document.querySelector("#board");
            return [devicePixelRatio, board.getBoundingClientRect().width, board.width];
        }"""
    )
    assert ratio == SCALE
    assert abs(pixels - css_width * SCALE) <= 2, (pixels, css_width)
    # One font for the page, its form controls and the board's letters: each
    # engine has its own default for a select, and WebKitGTK knows no system-ui.
    page_font, select_font, board_font = tab.run(
        """() => [
            getComputedStyle(document.body).fontFamily,
            getComputedStyle(document.querySelector(".start-level select")).fontFamily,
            document.querySelector("#board").getContext("2d").font,
        ]"""
    )
    assert select_font == page_font
    assert board_font.endswith(" " + page_font), (board_font, page_font)
    # The <dialog> of Your games opens by a click, says what Safari does, and closes.
    click_element(tab, "#open-games")
    tab.wait("() => document.querySelector('#games-dialog').open")
    assert "Safari" in text(tab, "#games-dialog")
    shots = os.environ.get("MIXTOUR_XBROWSER_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        tab.shot(Path(shots) / f"{tab.name}-games-dialog-desktop-light.png")
    click_element(tab, "#games-dialog [data-close]")
    tab.wait("() => !document.querySelector('#games-dialog').open")


@relaunch_on_crash
def test_a_browser_that_dies_or_hangs_is_started_again(tab: Relaunching, site_url: str) -> None:
    """The suite's own safety net (see xbrowser.BrowserCrashed): a browser that
    is killed, or stops answering, fails the call in seconds instead of holding
    the run for ever, and a new one takes over."""
    open_ready(tab, site_url + "index.html")
    for signal_number, limit_s in ((signal.SIGKILL, COMMAND_LIMIT_S), (signal.SIGSTOP, 5.0)):
        tab.set_limit(limit_s)
        for pid in tab.browser():
            os.kill(pid, signal_number)
        with pytest.raises(BrowserCrashed):
            # A command, and what the tests do next: wait for the page.
            tab.goto(site_url + "index.html")
            tab.wait(READY, timeout_s=30)
        tab.relaunch()
        tab.prepare()
        open_ready(tab, site_url + "index.html")
        assert board(tab, "position").startswith("5/5/5/5/5 w")


def test_no_height_follows_a_large_viewport_unit_alone() -> None:
    """Mobile WebKit's 100vh is taller than the window while its toolbars show:
    every vh length is followed by the same property in dvh or svh."""
    for sheet in sorted((build.WEB / "css").glob("*.css")):
        css = re.sub(r"/\*.*?\*/", "", sheet.read_text("utf-8"), flags=re.S)
        declarations = [d.strip() for d in re.split(r"[;{}]", css)]
        for i, declaration in enumerate(declarations):
            if not re.search(r"\d(\.\d+)?vh\b", declaration):
                continue
            prop = declaration.split(":", 1)[0].strip()
            follows = declarations[i + 1] if i + 1 < len(declarations) else ""
            assert follows.startswith(prop + ":") and re.search(r"\d[ds]vh\b", follows), (
                f"{sheet.name}: '{declaration}' has no dvh/svh fallback after it"
            )


def test_a_lost_wait_answer_is_asked_again_a_few_times() -> None:
    """WebKitWebDriver sometimes cannot read a wait's answer: the wait asks
    again, and gives up after a few such losses rather than looping."""
    from selenium.common.exceptions import WebDriverException

    class Driver:
        def __init__(self, losses: int) -> None:
            self.losses = losses
            self.calls = 0

        def execute_async_script(self, *args: Any) -> bool:
            self.calls += 1
            if self.calls <= self.losses:
                raise WebDriverException("Could not parse script result")
            return True

    def engine(driver: Driver) -> WebKit:
        webkit = WebKit.__new__(WebKit)
        webkit.crashed = ""
        webkit.driver = driver  # type: ignore[assignment]
        webkit._shell_alive = lambda: True  # type: ignore[method-assign]
        return webkit

    twice = Driver(losses=2)
    engine(twice).wait("() => true", timeout_s=5)
    assert twice.calls == 3
    always = Driver(losses=99)
    with pytest.raises(WebDriverException, match="Could not parse"):
        engine(always).wait("() => true", timeout_s=5)
    assert always.calls == 4


def test_firefox_failing_a_navigation_of_its_own_counts_as_a_crash() -> None:
    """Firefox's "corrupted content" answer to a navigation (NS_ERROR_INTERCEPTION_FAILED,
    once in CI) is taken for a browser fault and runs the test again; any other
    error of a command stays the test's own."""

    class Process:
        def __init__(self, answer: dict[str, Any]) -> None:
            self.stdin = io.StringIO()
            self.stdout = io.StringIO(json.dumps(answer) + "\n")

        def poll(self) -> None:
            return None

    def answering(error: str) -> Firefox:
        firefox = Firefox.__new__(Firefox)
        firefox._process = Process({"ok": False, "error": error})  # type: ignore[assignment]
        firefox._lock = threading.Lock()
        firefox._limit_s = 5
        firefox.browser = lambda: {1: "firefox"}  # type: ignore[method-assign]
        return firefox

    navigation = "ProtocolError: unknown error Error: NS_ERROR_INTERCEPTION_FAILED #onNavi"
    with pytest.raises(BrowserCrashed, match="Firefox failed .*INTERCEPTION"):
        answering(navigation).goto("http://127.0.0.1:1/index.html")
    stalled = "TimeoutError: Navigation timeout of 60000 ms exceeded"
    with pytest.raises(BrowserCrashed, match="Firefox failed .*Navigation timeout"):
        answering(stalled).goto("http://127.0.0.1:1/index.html")
    with pytest.raises(RuntimeError, match="not defined") as refused:
        answering("ReferenceError: board is not defined").goto("http://127.0.0.1:1/")
    assert not isinstance(refused.value, BrowserCrashed)


def test_a_page_never_ready_runs_the_test_again_in_a_new_browser() -> None:
    """A page that never gets ready while the browser still answers is taken
    for a stalled browser: the test runs once more in a new one, saying what
    the page showed; a second time it fails."""

    class Stalled:
        name = "webkit"

        def __init__(self, stalls: int) -> None:
            self.stalls = stalls
            self.relaunched = 0
            self.prepared = 0

        def goto(self, url: str) -> None:
            pass

        def wait(self, fn: str, arg: Any = None, timeout_s: float = 60) -> None:
            if self.stalls:
                self.stalls -= 1
                raise TimeoutError('webkit: still false after 90 s; {"readyState": "loading"}')

        def run(self, fn: str, *args: Any) -> Any:
            return True  # asked once the wait is over: the page is ready

        def relaunch(self) -> None:
            self.relaunched += 1

        def prepare(self) -> None:
            self.prepared += 1

    @relaunch_on_crash
    def opens(tab: Any, site_url: str) -> None:
        open_ready(tab, site_url + "index.html")

    once = Stalled(stalls=1)
    with pytest.warns(UserWarning, match="index.html was not ready: .*readyState"):
        opens(tab=once, site_url="http://127.0.0.1:1/")
    assert once.relaunched == 1 and once.prepared == 1
    with pytest.raises(BrowserCrashed, match="was not ready"), pytest.warns(UserWarning):
        opens(tab=Stalled(stalls=2), site_url="http://127.0.0.1:1/")


def test_a_crash_on_one_page_checks_that_page_again_not_the_earlier_ones() -> None:
    """The every-page check's steps: a crash under one page does that page once
    more in a new browser; a second crash on it is raised."""

    class Tab:
        name = "webkit"
        relaunched = 0

        def relaunch(self) -> None:
            self.relaunched += 1

        def prepare(self) -> None:
            pass

    checked: list[str] = []
    crashes = {"b.html": 1, "c.html": 2}

    def check(path: str) -> None:
        checked.append(path)
        if crashes.get(path):
            crashes[path] -= 1
            raise BrowserCrashed(f"webkit: died under {path}")

    tab = Tab()
    for path in ("a.html", "b.html"):
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always")
            step = functools.partial(check, path)
            again_after_crash(cast(Relaunching, tab), f"the check of {path}", step)
    assert checked == ["a.html", "b.html", "b.html"] and tab.relaunched == 1
    assert "running the check of b.html again" in str(said[0].message)
    with pytest.raises(BrowserCrashed, match="c.html"), pytest.warns(UserWarning):
        step = functools.partial(check, "c.html")
        again_after_crash(cast(Relaunching, tab), "the check of c.html", step)
    assert checked[-2:] == ["c.html", "c.html"] and tab.relaunched == 2


def test_a_bare_driver_error_while_minibrowser_is_still_listed_counts_as_its_crash() -> None:
    """Killed, MiniBrowser can still be listed when the driver answers at once
    with a bare "unknown error" (once under load): the harness looks again for
    a moment and takes it for a crash. A script's own error with the browser
    alive, or a wait's answer the driver could not read, stays the test's, with
    no wait."""
    from selenium.common.exceptions import JavascriptException, WebDriverException

    def webkit(listed: int) -> tuple[WebKit, list[int]]:
        looks: list[int] = []
        tab = WebKit.__new__(WebKit)
        tab.crashed = ""
        tab._limit_s = 5
        tab._closing = threading.Event()
        tab._service = type("Service", (), {"process": None})()

        def browser() -> dict[int, str]:
            looks.append(1)
            return {7: "MiniBrowser"} if len(looks) <= listed else {}

        tab.browser = browser  # type: ignore[method-assign]
        return tab, looks

    def failing(error: Exception) -> Callable[[], None]:
        def fn() -> None:
            raise error

        return fn

    tab, looks = webkit(listed=3)
    with pytest.raises(BrowserCrashed, match="MiniBrowser stopped"):
        tab._do("run", failing(WebDriverException("unknown error")))
    assert len(looks) == 4 and tab._closing.is_set()
    for error in (
        JavascriptException("board is not defined"),
        WebDriverException("Could not parse script result"),
    ):
        tab, looks = webkit(listed=10**6)
        with pytest.raises(type(error)):
            tab._do("run", failing(error))
        assert len(looks) == 1 and not tab.crashed


def test_a_browser_start_that_fails_is_tried_again_from_the_first_start_on() -> None:
    """A start that fails, even the very first, is tried again after a pause,
    a few times at most; then its error is the test's."""
    tries: list[int] = []
    started = cast(Engine, object())

    def start(fails: int) -> Callable[[], Engine]:
        def go() -> Engine:
            tries.append(len(tries))
            if len(tries) <= fails:
                raise BrowserCrashed("firefox: no session (it died as it started)")
            return started

        return go

    with pytest.warns(UserWarning, match="a start failed after 0 s .*died as it started"):
        browser = Relaunching("firefox", start(START_TRIES - 1), pause_s=0)
    assert browser.current is started and len(tries) == START_TRIES
    assert browser.relaunches == START_TRIES - 1
    tries.clear()
    with (
        pytest.raises(BrowserCrashed, match="died as it started"),
        pytest.warns(UserWarning),
    ):
        Relaunching("firefox", start(START_TRIES), pause_s=0)
    assert len(tries) == START_TRIES


def test_a_webkit_start_without_its_minibrowser_is_given_up_early(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A WebKitWebDriver that has shown no MiniBrowser for SHELL_SHOW_S never
    gives a session: its start is given up then, not after START_LIMIT_S
    (each such start cost the suite two minutes). A driver whose MiniBrowser
    is up keeps its START_LIMIT_S."""
    monkeypatch.setattr(xbrowser, "SHELL_SHOW_S", 0.5)
    monkeypatch.setattr(xbrowser, "START_LIMIT_S", 2.0)
    shell = tmp_path / "MiniBrowser"
    shutil.copy(shutil.which("sleep") or "/bin/sleep", shell)

    def watched(driver: list[str]) -> tuple[str, subprocess.Popen[bytes]]:
        process = subprocess.Popen(driver)
        tab = WebKit.__new__(WebKit)
        tab.crashed = ""
        tab._closing = threading.Event()
        tab._service = type("Service", (), {"process": process})()
        try:
            tab._watch()  # returns when it gives the start up
            process.wait(timeout=10)
        finally:
            xbrowser.stop_tree(process)
        return tab.crashed, process

    crashed, driver = watched(["sleep", "60"])
    assert crashed == "no MiniBrowser in 0.5 s" and driver.returncode is not None
    crashed, driver = watched(["sh", "-c", f"{shell} 60 & wait"])
    assert crashed == "no session in time" and driver.returncode is not None


def test_a_page_showing_the_browsers_own_fault_counts_as_a_crash() -> None:
    """A page whose Python start stopped on a JavaScriptCore memory fault (once,
    on a loaded machine) fails at once as a crashed browser, naming the fault,
    so the test runs again in a new one; a page that is not ready for any other
    reason is still waited for to the end of its time."""
    fault = (
        "The game could not start (RuntimeError: Out of bounds memory access "
        "(evaluating '_PyRun_SimpleString(r)'))."
    )
    assert shown_fault(fault) == "Out of bounds memory access"
    assert shown_fault("The game could not start (TypeError: x is undefined).") is None

    class Page:
        """A tab whose page is never ready and shows ``line``."""

        name = "webkit"

        def __init__(self, line: str) -> None:
            self.line = line

        def goto(self, url: str) -> None:
            pass

        def wait(self, fn: str, arg: Any = None, timeout_s: float = 60) -> None:
            if not any(fault in self.line for fault in arg or ()):
                raise TimeoutError(f"still false after {timeout_s} s")

        def run(self, fn: str, *args: Any) -> Any:
            return self.line if fn == LOADING_LINE else False

    with pytest.raises(BrowserCrashed, match="Out of bounds memory access"):
        open_ready(cast(Engine, Page(fault)), "http://127.0.0.1:1/index.html", timeout_s=1)
    with pytest.raises(BrowserCrashed, match="was not ready"):
        open_ready(cast(Engine, Page("Loading Python…")), "http://127.0.0.1:1/", timeout_s=1)
