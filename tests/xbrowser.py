"""Firefox and WebKit for the cross-browser smoke tests (``tests/test_xbrowser.py``).

Playwright drives Debian's Chromium only, so the other engines have their own
clients, both pinned and both using the browser Debian installs (no download):

* Firefox ESR through WebDriver BiDi with npm's ``puppeteer-core``: a small
  Node program (``tests/js/firefox_driver.mjs``) takes one JSON command a line.
* WebKitGTK through ``WebKitWebDriver`` with PyPI's ``selenium``, on an Xvfb
  display started here.

Both are wrapped in one :class:`Engine` interface (load, run a script, wait for
a condition, click at page coordinates, size the window, screenshot), so one
test body runs in each engine. Every request that is not for the loopback
address goes to an :class:`OutsideRecorder`, a proxy that writes down what it
was asked for and serves nothing: the tests assert that list stays empty.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Protocol

import build

FIREFOX = Path(os.environ.get("MIXTOUR_FIREFOX") or "/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path(os.environ.get("MIXTOUR_WEBKIT_DRIVER") or "/usr/bin/WebKitWebDriver")
XVFB = "Xvfb"
SCALE = 2  # device pixels to the CSS pixel in WebKit (GDK_SCALE); Firefox takes it per size()
FIREFOX_DRIVER = build.ROOT / "tests" / "js" / "firefox_driver.mjs"


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

    def size(self, width: int, height: int, scale: float = 1) -> None:
        """Make the viewport ``width`` x ``height`` CSS pixels."""

    def shot(self, path: Path) -> None: ...

    def errors(self) -> list[str]:
        """Console errors and uncaught exceptions since the last call (Firefox only)."""

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
        self.version = str(self._call("version"))

    def _call(self, op: str, **fields: Any) -> Any:
        assert self._process.stdin is not None and self._process.stdout is not None
        with self._lock:
            self._process.stdin.write(json.dumps({"op": op, **fields}) + "\n")
            self._process.stdin.flush()
            line = self._process.stdout.readline()
        if not line:
            raise RuntimeError(f"the Firefox driver stopped (exit status {self._process.poll()})")
        answer = json.loads(line)
        if not answer["ok"]:
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

    def size(self, width: int, height: int, scale: float = 1) -> None:
        self._call("size", width=width, height=height, scale=scale, mobile=False)

    def shot(self, path: Path) -> None:
        self._call("shot", path=str(path))

    def errors(self) -> list[str]:
        return list(self._call("errors"))

    def close(self) -> None:
        with suppress(Exception):
            self._call("quit")
        try:
            self._process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self._process.kill()
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
        env = {**os.environ, "DISPLAY": display, "GDK_SCALE": str(SCALE)}
        env.pop("WAYLAND_DISPLAY", None)
        service = Service(executable_path=str(WEBKIT_DRIVER), env=env)
        self.driver = webdriver.WebKitGTK(service=service, options=options)
        self.driver.set_script_timeout(120)
        self.version = str(self.driver.capabilities.get("browserVersion", "?"))

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def run(self, fn: str, *args: Any) -> Any:
        return self.driver.execute_script(f"return ({fn})(...arguments);", *args)

    def wait(self, fn: str, arg: Any = None, timeout_s: float = 60) -> None:
        deadline = time.monotonic() + timeout_s
        while not self.run(fn, arg):
            if time.monotonic() > deadline:
                raise TimeoutError(f"webkit: still false after {timeout_s} s: {fn}")
            time.sleep(0.1)

    def click(self, x: float, y: float) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver)
        pointer = actions.pointer_action
        pointer.move_to_location(round(x), round(y))  # type: ignore[no-untyped-call]
        pointer.click()
        actions.perform()

    def size(self, width: int, height: int, scale: float = 1) -> None:
        # The window is sized from outside (the scale is GDK_SCALE, fixed at the
        # start): correct by what the page then measures.
        self.driver.set_window_size(width, height)
        inner = self.run("() => [window.innerWidth, window.innerHeight]")
        dw, dh = width - inner[0], height - inner[1]
        if dw or dh:
            self.driver.set_window_size(width + dw, height + dh)

    def shot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def errors(self) -> list[str]:
        return []  # WebKitWebDriver gives no console log

    def close(self) -> None:
        with suppress(Exception):
            self.driver.quit()
