"""Firefox and WebKit for the cross-browser smoke tests (``tests/test_xbrowser.py``).

Playwright drives Debian's Chromium only, so the other engines have their own
clients, both pinned and both using the browser Debian installs (no download):

* Firefox ESR through WebDriver BiDi with npm's ``puppeteer-core``: a small
  Node program (``tests/js/firefox_driver.mjs``) takes one JSON command a line.
* WebKitGTK through ``WebKitWebDriver`` with PyPI's ``selenium``, on an Xvfb
  display started here.

Both are wrapped in one :class:`Engine` interface (load, run a script, wait for
a condition, click at page coordinates, size the window, screenshot), so one
test body runs in each engine.

No call may wait for ever. WebKitWebDriver keeps a request open when its
browser program (``MiniBrowser``, Debian's test shell) dies, and that shell
now and then stops with a protection fault in libc while the page itself is
fine: a watchdog thread sees the shell gone, or a command with no answer in
:data:`COMMAND_LIMIT_S`, stops the driver, and the call raises
:class:`BrowserCrashed`. :class:`Relaunching` then starts a new browser, so
the test can run again once (``relaunch_on_crash`` in the tests).

Every request that is not for the loopback address goes to an
:class:`OutsideRecorder`, a proxy that writes down what it was asked for and
serves nothing: the tests assert that list stays empty.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Protocol

import build

FIREFOX = Path(os.environ.get("MIXTOUR_FIREFOX") or "/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path(os.environ.get("MIXTOUR_WEBKIT_DRIVER") or "/usr/bin/WebKitWebDriver")
XVFB = "Xvfb"
# JavaScriptCore reads its options from JSC_ variables of the environment.
WEBKIT_TEST_ENV = {"JSC_useOMGJIT": "false"}
SCALE = 2  # device pixels to the CSS pixel in WebKit (GDK_SCALE); Firefox takes it per size()
FIREFOX_DRIVER = build.ROOT / "tests" / "js" / "firefox_driver.mjs"
# The longest a single command may go unanswered (the longest wait a test asks
# for is 180 s, and a script may run 120 s); the first session gets START_LIMIT_S.
COMMAND_LIMIT_S = 240.0
START_LIMIT_S = 120.0
# How long a WebKit start may go without its MiniBrowser before it is given
# up: WebKitWebDriver shows it within 0.5 s of its start (30 starts beside
# an arena keeping both cores busy), and a driver still without one at 5 s
# never gave a session (7 of those 30: each waited START_LIMIT_S before).
SHELL_SHOW_S = 15.0
# How long a bare "unknown error" waits to see MiniBrowser gone (WebKit._shell_gone).
SHELL_GONE_S = 3.0
BARE_ANSWERS = ("", "unknown error")
# A browser start that fails is tried again, this many tries in all, after a
# pause: Debian's MiniBrowser now and then dies as it starts, once twice in a
# row a second apart.
START_TRIES = 5
START_PAUSE_S = 2.0  # after the first failed start; twice that after the second, and so on


class TouchUnsupported(RuntimeError):
    """The engine's automation cannot put a finger on the page."""


class BrowserCrashed(RuntimeError):
    """The browser program stopped, or stopped answering: not a fault of the page."""


def _processes() -> dict[int, tuple[int, str]]:
    """Every live process: its parent and its name, from /proc."""
    table: dict[int, tuple[int, str]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with suppress(OSError, ValueError, IndexError):
            stat = (entry / "stat").read_text()
            name = stat[stat.index("(") + 1 : stat.rindex(")")]
            state, parent = stat[stat.rindex(")") + 2 :].split()[:2]
            if state not in "ZX":  # a dead process not yet collected is gone
                table[int(entry.name)] = (int(parent), name)
    return table


# What the driver's error says when Firefox's end of the connection is gone.
FIREFOX_GONE = ("TargetCloseError", "Target closed", "Connection closed")
#: Firefox's own failures, not the page's: once in CI, on a loaded machine, a
#: navigation to a page of the site its service worker had answered all along
#: ended on Firefox's "corrupted content" page; it never happened here in
#: hundreds of the same loads. Taken as a crash: the test runs again in a new
#: browser (``relaunch_on_crash``), and a second time fails.
#: Once, on a quiet machine, a navigation never ended in Firefox (puppeteer's
#: own 60 s limit): a stalled browser, as open_ready takes a page never ready.
FIREFOX_FAULTS = ("NS_ERROR_INTERCEPTION_FAILED", "Navigation timeout of")
#: A browser's own failures that a page can only show: once, on a loaded
#: machine, WebKit's JavaScriptCore stopped Pyodide's start with "Out of bounds
#: memory access (evaluating '_PyRun_SimpleString(r)')" on index.html, a page it
#: had started hundreds of times before and after. A page showing one is taken
#: for a crashed browser (``shown_fault``), so the test runs again in a new one.
SHOWN_FAULTS = ("Out of bounds memory access",)


def shown_fault(shown: str) -> str | None:
    """The browser's own fault named in a page's loading line, if any."""
    return next((fault for fault in SHOWN_FAULTS if fault in shown), None)


def descendants(pid: int) -> dict[int, str]:
    """The processes started by ``pid``, directly or not: pid to name."""
    table = _processes()
    found: dict[int, str] = {}
    parents = {pid}
    while True:
        more = {p: name for p, (parent, name) in table.items() if parent in parents}
        more = {p: name for p, name in more.items() if p not in found}
        if not more:
            return found
        found.update(more)
        parents = set(more)


# The programs of a WebKitGTK session: WebKitWebDriver, the MiniBrowser shell
# it starts, and the shell's helpers (a helper can outlive its parent, taken in
# by init, out of reach of stop_tree).
WEBKIT_PROGRAMS = (
    "WebKitWebDriver",
    "MiniBrowser",
    "WebKitWebProces",
    "WebKitNetworkPr",
    "WebKitGPUProces",
)


def webkit_leftovers() -> dict[int, str]:
    """The WebKit programs alive now: pid to name (/proc's names are cut at 15 characters)."""
    return {
        pid: name for pid, (_, name) in _processes().items() if name.startswith(WEBKIT_PROGRAMS)
    }


def clear_webkit(limit_s: float = 10.0) -> None:
    """Kill every WebKit program alive and wait until they are gone: one left
    alive (stopped, even), or still dying, by a browser that was killed or
    froze, or by a start that failed, can keep the next session from starting."""
    deadline = time.monotonic() + limit_s
    while True:
        left = webkit_leftovers()
        if not left or time.monotonic() > deadline:
            return
        for pid in left:
            with suppress(OSError):
                os.kill(pid, 9)
        time.sleep(0.1)


def stop_tree(process: subprocess.Popen[Any] | None) -> None:
    """Kill a process and everything it started."""
    if process is None:
        return
    for pid in descendants(process.pid):
        with suppress(OSError):
            os.kill(pid, 9)
    with suppress(OSError):
        process.kill()


class Engine(Protocol):
    """One browser tab, whatever drives it."""

    name: str

    def goto(self, url: str) -> None: ...

    def reload(self) -> None: ...

    def run(self, fn: str, *args: Any) -> Any:
        """Run the JavaScript function ``fn`` (its source) with ``args``; return its value."""

    def wait(self, fn: str, arg: Any = None, timeout_s: float = 60) -> None:
        """Wait until ``fn(arg)`` is truthy in the page."""

    def click(self, x: float, y: float) -> None:
        """A real pointer click at page (viewport) coordinates in CSS pixels."""

    def touch(self, x: float, y: float, hold_ms: int = 50) -> None:
        """A finger put down at page coordinates and lifted after ``hold_ms``;
        raises :class:`TouchUnsupported` where the automation has no touch pointer."""

    def size(self, width: int, height: int, scale: float = 1) -> None:
        """Make the viewport ``width`` x ``height`` CSS pixels."""

    def shot(self, path: Path) -> None: ...

    def errors(self) -> list[str]:
        """Console errors and uncaught exceptions since the last call (Firefox only)."""

    def browser(self) -> dict[int, str]:
        """The browser's own processes (pid to name), for tests of a crash."""

    def set_limit(self, seconds: float) -> None:
        """How long one command may go unanswered before the browser counts as hung."""

    def close(self) -> None: ...


# --------------------------------------------------------------------------
# Requests for the outside world
# --------------------------------------------------------------------------


class OutsideRecorder:
    """A proxy on 127.0.0.1 that records the first line of each request and closes."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self._server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._server.bind(("127.0.0.1", 0))
        self._server.listen(16)
        self.port: int = self._server.getsockname()[1]
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self._server.accept()
            except OSError:
                return
            with conn:
                conn.settimeout(2)
                with suppress(OSError):
                    first = conn.recv(4096).split(b"\r\n", 1)[0].decode("latin-1")
                    if first:
                        self.seen.append(first)
                    conn.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")

    def take(self) -> list[str]:
        seen, self.seen = self.seen, []
        return seen

    def close(self) -> None:
        self._server.close()


# --------------------------------------------------------------------------
# Firefox
# --------------------------------------------------------------------------


class Firefox:
    name = "firefox"

    def __init__(self, proxy_port: int) -> None:
        node = shutil.which("node") or "node"
        self._process = subprocess.Popen(
            [node, str(FIREFOX_DRIVER), str(FIREFOX), str(proxy_port)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=build.ROOT,
        )
        self._lock = threading.Lock()
        self._limit_s = COMMAND_LIMIT_S
        self.version = str(self._call("version"))

    def _call(self, op: str, **fields: Any) -> Any:
        assert self._process.stdin is not None and self._process.stdout is not None
        limit = self._limit_s + fields.get("timeout", 0) / 1000
        with self._lock:
            # No answer in time: stop the driver, and the read below ends.
            guard = threading.Timer(limit, stop_tree, (self._process,))
            guard.start()
            try:
                self._process.stdin.write(json.dumps({"op": op, **fields}) + "\n")
                self._process.stdin.flush()
                line = self._process.stdout.readline()
            except OSError as error:
                raise BrowserCrashed(f"firefox {op}: the driver is gone ({error})") from error
            finally:
                guard.cancel()
        if not line:
            raise BrowserCrashed(
                f"firefox {op}: the driver stopped (exit status {self._process.poll()})"
            )
        answer = json.loads(line)
        if not answer["ok"]:
            # A killed Firefox can outlive its connection by a moment, its
            # processes still dying: a closed connection is a crash too.
            closed = any(words in answer["error"] for words in FIREFOX_GONE)
            if closed or not self.browser():
                raise BrowserCrashed(f"firefox {op}: Firefox stopped ({answer['error']})")
            if any(words in answer["error"] for words in FIREFOX_FAULTS):
                raise BrowserCrashed(f"firefox {op}: Firefox failed ({answer['error']})")
            raise RuntimeError(f"firefox {op}: {answer['error']}")
        return answer["value"]

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    def run(self, fn: str, *args: Any) -> Any:
        return self._call("run", fn=fn, args=list(args))

    def wait(self, fn: str, arg: Any = None, timeout_s: float = 60) -> None:
        self._call("wait", fn=fn, arg=arg, timeout=int(timeout_s * 1000))

    def click(self, x: float, y: float) -> None:
        self._call("click", x=x, y=y)

    def touch(self, x: float, y: float, hold_ms: int = 50) -> None:
        self._call("touch", x=x, y=y, hold=hold_ms)

    def size(self, width: int, height: int, scale: float = 1) -> None:
        self._call("size", width=width, height=height, scale=scale, mobile=False)

    def shot(self, path: Path) -> None:
        self._call("shot", path=str(path))

    def errors(self) -> list[str]:
        return list(self._call("errors"))

    def browser(self) -> dict[int, str]:
        return {
            pid: name
            for pid, name in descendants(self._process.pid).items()
            if name.startswith("firefox")
        }

    def set_limit(self, seconds: float) -> None:
        self._limit_s = seconds

    def close(self) -> None:
        with suppress(Exception):
            self._call("quit")
        try:
            self._process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            stop_tree(self._process)
            self._process.wait()


# --------------------------------------------------------------------------
# WebKit
# --------------------------------------------------------------------------


@contextmanager
def xvfb_display(scale: int = 1) -> Iterator[str]:
    """A private X display for WebKitGTK (it needs one even when nothing is seen)."""
    read, write = os.pipe()
    process = subprocess.Popen(
        [XVFB, "-displayfd", str(write), "-screen", "0", "1920x1200x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start")
        yield f":{number}"
    finally:
        process.terminate()
        process.wait(timeout=10)


# MiniBrowser's toolbar (address field, buttons) holds its window at 447 CSS
# pixels or more. A user style sheet for GTK, read from $XDG_CONFIG_HOME, shrinks
# the browser's own widgets to nothing, so the window, and the page's viewport,
# can be a phone's 390 pixels (or less). The page is not a GTK widget: it is untouched.
GTK_SHRINK_CSS = "* { font-size: 1px; padding: 0; margin: 0; min-width: 0; min-height: 0; }\n"


# How WebKit waits for a condition: in the page, every 100 ms, for at most
# the given milliseconds (then false; the caller asks again until its deadline).
WAIT_IN_PAGE = """
const [arg, limitMs, done] = arguments;
const condition = (CONDITION);
const start = Date.now();
const check = async () => {
  if (await condition(arg)) done(true);
  else if (Date.now() - start >= limitMs) done(false);
  else setTimeout(check, 100);
};
check().catch((error) => done(false));
"""
WAIT_STEP_S = 20.0
# What a page shows, said when a wait on it gives up.
PAGE_STATE = """
const body = document.body;
const loading = document.querySelector("#loading");
return JSON.stringify({
  url: location.href,
  readyState: document.readyState,
  body: body ? { ...body.dataset } : null,
  loading: loading && { hidden: loading.hidden, text: loading.textContent.trim().slice(0, 200) },
  message: document.querySelector("#message")?.textContent?.trim().slice(0, 200) ?? null,
});
"""
# WebKitWebDriver's word for a script result it could not read.
LOST_RESULT = "Could not parse script result"
LOST_RESULT_TRIES = 3


class WebKit:
    name = "webkit"

    def __init__(self, display: str, proxy_port: int) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        options = webdriver.WebKitGTKOptions()
        # Every request but the loopback ones goes to the recorder.
        recorder = f"127.0.0.1:{proxy_port}"
        options.set_capability(
            "proxy",
            {
                "proxyType": "manual",
                "httpProxy": recorder,
                "sslProxy": recorder,
                "noProxy": ["127.0.0.1", "localhost"],
            },
        )
        # GDK_SCALE: the window has two device pixels to the CSS pixel.
        self._gtk_config = tempfile.TemporaryDirectory(prefix="mixtour-gtk-")
        sheet = Path(self._gtk_config.name) / "gtk-3.0" / "gtk.css"
        sheet.parent.mkdir()
        sheet.write_text(GTK_SHRINK_CSS, encoding="utf-8")
        env = {**os.environ, "DISPLAY": display, "GDK_SCALE": str(SCALE)}
        env["XDG_CONFIG_HOME"] = self._gtk_config.name
        env.pop("WAYLAND_DISPLAY", None)
        # WebAssembly without JavaScriptCore's optimising tier (OMG), as the
        # tests' Chromium runs without TurboFan (tests/TESTING.md, Speed).
        env.update(WEBKIT_TEST_ENV)
        self._service = Service(executable_path=str(WEBKIT_DRIVER), env=env)
        self.crashed = ""
        self._closing = threading.Event()
        self._watchdog = threading.Thread(target=self._watch, daemon=True)
        self._watchdog.start()
        try:
            self.driver = webdriver.WebKitGTK(service=self._service, options=options)
        except Exception as error:
            self._closing.set()
            stop_tree(self._service.process if hasattr(self._service, "process") else None)
            left = sorted(set(webkit_leftovers().values()))
            raise BrowserCrashed(
                f"webkit: no session ({self.crashed or error}; WebKit programs alive: {left})"
            ) from error
        # Every later command has a time limit (Selenium's default is none).
        executor = self.driver.command_executor
        assert not isinstance(executor, str)
        executor.client_config.timeout = self._limit_s = COMMAND_LIMIT_S
        self.driver.set_script_timeout(120)
        self.version = str(self.driver.capabilities.get("browserVersion", "?"))

    def _watch(self) -> None:
        """Stop the driver when its browser program dies, when it has shown
        no MiniBrowser in SHELL_SHOW_S, or when no session comes in
        START_LIMIT_S: its pending request then fails at once."""
        started = time.monotonic()
        seen = False
        while not self._closing.wait(0.5):
            process = getattr(self._service, "process", None)
            if process is None:
                continue
            shell = self._shell_alive()
            seen = seen or shell
            starting = not hasattr(self, "version")
            waited = time.monotonic() - started
            if seen and not shell:
                self.crashed = "MiniBrowser stopped"
            elif starting and not seen and waited > SHELL_SHOW_S:
                self.crashed = f"no MiniBrowser in {SHELL_SHOW_S:g} s"
            elif starting and waited > START_LIMIT_S:
                self.crashed = "no session in time"
            elif process.poll() is not None:
                self.crashed = "WebKitWebDriver stopped"
            else:
                continue
            stop_tree(process)
            return

    def _shell_alive(self) -> bool:
        return "MiniBrowser" in self.browser().values()

    def _shell_gone(self, error: BaseException) -> bool:
        """Whether MiniBrowser is gone behind a failed command. A killed one
        can still be listed when the driver answers "unknown error" at once:
        that answer, a bare WebDriverException with no words of its own,
        looks again for up to SHELL_GONE_S. Any other error (a script's own
        exception, a missing element, a wait's answer the driver could not
        read) looks once."""
        from selenium.common.exceptions import WebDriverException

        bare = type(error) is WebDriverException and (error.msg or "").strip() in BARE_ANSWERS
        deadline = time.monotonic() + (SHELL_GONE_S if bare else 0)
        while self._shell_alive():
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.1)
        return True

    def browser(self) -> dict[int, str]:
        process = getattr(self._service, "process", None)
        return {} if process is None else descendants(process.pid)

    def set_limit(self, seconds: float) -> None:
        executor = self.driver.command_executor
        assert not isinstance(executor, str)
        executor.client_config.timeout = self._limit_s = seconds

    def _do(self, what: str, fn: Any, *args: Any) -> Any:
        """Run a Selenium call; the browser gone or silent raises BrowserCrashed."""
        if self.crashed:
            raise BrowserCrashed(f"webkit {what}: {self.crashed}")
        try:
            return fn(*args)
        except Exception as error:
            from selenium.common.exceptions import InvalidSessionIdException

            if not self.crashed and _silent(error):
                self.crashed = f"no answer in {self._limit_s:g} s"
            elif not self.crashed and isinstance(error, InvalidSessionIdException):
                # WebKitWebDriver's word when its browser died or hung.
                self.crashed = error.msg or "the session is gone"
            elif not self.crashed and self._shell_gone(error):
                # The driver may answer first with some other error.
                self.crashed = "MiniBrowser stopped"
            if self.crashed:
                self._closing.set()
                stop_tree(self._service.process)
                raise BrowserCrashed(f"webkit {what}: {self.crashed}") from error
            raise

    def goto(self, url: str) -> None:
        self._do("goto", self.driver.get, url)

    def reload(self) -> None:
        self._do("reload", self.driver.refresh)

    def run(self, fn: str, *args: Any) -> Any:
        return self._do("run", self.driver.execute_script, f"return ({fn})(...arguments);", *args)

    def wait(self, fn: str, arg: Any = None, timeout_s: float = 60) -> None:
        # The page polls itself, and answers once: a WebDriver round trip every
        # 100 ms cost MiniBrowser and the driver CPU the page needed to start.
        from selenium.common.exceptions import WebDriverException

        deadline = time.monotonic() + timeout_s
        lost = 0
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"webkit: still false after {timeout_s} s: {fn}; {self._seen()}")
            try:
                found = self._do(
                    "wait",
                    self.driver.execute_async_script,
                    WAIT_IN_PAGE.replace("CONDITION", fn),
                    arg,
                    int(min(left, WAIT_STEP_S) * 1000),
                )
            except WebDriverException as error:
                # WebKitWebDriver now and then loses the answer of a script
                # that did answer (CI saw it once, on a page with no navigation
                # under way); the condition is asked again, a few times at most.
                if LOST_RESULT not in (error.msg or "") or lost >= LOST_RESULT_TRIES:
                    raise
                lost += 1
                print(f"webkit: a wait's answer was lost ({lost}); asked again", file=sys.stderr)
                continue
            if found:
                return

    def _seen(self) -> str:
        """What the page showed when a wait gave up (its address, whether it
        loaded, its hooks and loading line), for the failure's message."""
        try:
            return str(self.driver.execute_script(PAGE_STATE))
        except Exception as error:  # the page cannot even say: that is the news
            return f"the page did not answer ({type(error).__name__})"

    def click(self, x: float, y: float) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver)
        pointer = actions.pointer_action
        pointer.move_to_location(round(x), round(y))  # type: ignore[no-untyped-call]
        pointer.click()
        self._do("click", actions.perform)

    def touch(self, x: float, y: float, hold_ms: int = 50) -> None:
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput

        finger = PointerInput(interaction.POINTER_TOUCH, "finger")  # type: ignore[no-untyped-call]
        actions = ActionBuilder(self.driver, mouse=finger)
        pointer = actions.pointer_action
        pointer.move_to_location(round(x), round(y))  # type: ignore[no-untyped-call]
        pointer.pointer_down()  # type: ignore[no-untyped-call]
        pointer.pause(hold_ms / 1000)
        pointer.pointer_up()  # type: ignore[no-untyped-call]
        try:
            self._do("touch", actions.perform)
        except WebDriverException as error:
            raise TouchUnsupported(f"webkit: {error.msg}") from error

    def size(self, width: int, height: int, scale: float = 1) -> None:
        # The window is sized from outside (the scale is GDK_SCALE, fixed at the
        # start): correct by what the page then measures.
        outer = [width, height]
        for _ in range(4):
            self._do("size", self.driver.set_window_size, *outer)
            inner = self._settled_viewport()
            if inner == [width, height]:
                return
            outer = [
                max(width, outer[0] + width - inner[0]),
                max(height, outer[1] + height - inner[1]),
            ]
        raise RuntimeError(f"webkit: a viewport of {inner} instead of {width}x{height}")

    def _settled_viewport(self) -> list[int]:
        """The page's viewport once the window has followed a resize (two equal reads)."""
        measure = "() => [window.innerWidth, window.innerHeight]"
        seen = self.run(measure)
        for _ in range(20):
            time.sleep(0.1)
            now = self.run(measure)
            if now == seen:
                break
            seen = now
        return list(seen)

    def shot(self, path: Path) -> None:
        self._do("shot", self.driver.save_screenshot, str(path))

    def errors(self) -> list[str]:
        return []  # WebKitWebDriver gives no console log

    def close(self) -> None:
        self._closing.set()
        if not self.crashed:
            guard = threading.Timer(30, stop_tree, (self._service.process,))
            guard.start()
            with suppress(Exception):
                self.driver.quit()
            guard.cancel()
        stop_tree(self._service.process)
        self._gtk_config.cleanup()


def _silent(error: BaseException) -> bool:
    """Whether an error (or one behind it) is a socket read that timed out."""
    seen: set[int] = set()
    pending: list[BaseException | None] = [error]
    while pending:
        item = pending.pop()
        if item is None or id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, TimeoutError | socket.timeout):
            return True
        reason = getattr(item, "reason", None)
        pending += [item.__cause__, item.__context__]
        if isinstance(reason, BaseException):
            pending.append(reason)
    return False


class Relaunching:
    """An :class:`Engine` that can start its browser again after a crash: the
    tests hold this one object while the browser behind it changes."""

    def __init__(
        self, name: str, start: Callable[[], Engine], pause_s: float = START_PAUSE_S
    ) -> None:
        self.name = name
        self._start = start
        self._pause_s = pause_s
        self.relaunches = 0
        self.current = self._launch()
        # What makes a new browser ready for the test again (set by the tests).
        self.prepare: Callable[[], None] = lambda: None

    def _launch(self) -> Engine:
        """A new browser; a start that fails (a loaded machine can be slow to
        give the first session, a browser can die as it starts) is tried
        again, :data:`START_TRIES` in all, each time after what the failed
        WebKit start left behind is gone and a pause that grows (a WebKit
        killed by a test was seen to refuse three starts in a row, 2 s apart)."""
        for attempt in range(1, START_TRIES):
            began = time.monotonic()
            try:
                return self._start()
            except BrowserCrashed as error:
                # A warning, so that the run's summary shows it even when the
                # test passes: a start that fails slowly costs the suite minutes.
                took = time.monotonic() - began
                said = f"{self.name}: a start failed after {took:.0f} s ({error}); trying again"
                warnings.warn(said, stacklevel=1)
                self.relaunches += 1
                if self.name == "webkit":
                    clear_webkit()
                time.sleep(self._pause_s * attempt)
        return self._start()

    def relaunch(self) -> None:
        with suppress(Exception):
            self.current.close()
        if self.name == "webkit":
            clear_webkit()
        self.relaunches += 1
        self.current = self._launch()

    def goto(self, url: str) -> None:
        self.current.goto(url)

    def reload(self) -> None:
        self.current.reload()

    def run(self, fn: str, *args: Any) -> Any:
        return self.current.run(fn, *args)

    def wait(self, fn: str, arg: Any = None, timeout_s: float = 60) -> None:
        self.current.wait(fn, arg, timeout_s)

    def click(self, x: float, y: float) -> None:
        self.current.click(x, y)

    def touch(self, x: float, y: float, hold_ms: int = 50) -> None:
        self.current.touch(x, y, hold_ms)

    def size(self, width: int, height: int, scale: float = 1) -> None:
        self.current.size(width, height, scale)

    def shot(self, path: Path) -> None:
        self.current.shot(path)

    def errors(self) -> list[str]:
        return self.current.errors()

    def browser(self) -> dict[int, str]:
        return self.current.browser()

    def set_limit(self, seconds: float) -> None:
        self.current.set_limit(seconds)

    def close(self) -> None:
        self.current.close()
