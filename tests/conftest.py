"""Shared pytest fixtures, above all for browser tests of the built site.

Browser tests use pytest-playwright with Debian's Chromium (never a downloaded
browser) and an isolated network: every request that does not go to the
loopback addresses is refused (by a proxy that refuses every connection), so a
page that needs anything from outside fails.

Fixtures for test authors:

``site_url``
    (session) ``http://127.0.0.1:PORT/`` serving ``dist/`` with ``build.py``'s own
    server, so MIME types and netlify.toml headers are those of ``build.py serve``.
    ``dist/`` is built first if it is missing.
``page``
    pytest-playwright's page, in a context whose non-loopback requests are refused.
    Its ``base_url`` is ``site_url``, so ``page.goto("index.html")`` works.
``page_errors``
    list of console errors and uncaught page errors of ``page`` (assert it empty).
``blocked_requests``
    list of the non-loopback URLs that were asked for (and refused).
``web_app``
    an :class:`AppPage` bundling the above, not yet navigated.
``app_page``
    ``web_app`` after ``open()``: index.html loaded and Python ready.

Any test that uses one of these fixtures, or lives in a ``test_web_*.py`` file,
is marked ``browser`` automatically (``pytest -m "not browser"`` skips them).
Other tests never start Chromium.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest
from hypothesis import settings

import build

if TYPE_CHECKING:  # the engine's tests run without Playwright: it is only named here
    from playwright.sync_api import BrowserContext, ConsoleMessage, Error, Page, Request

# The benchmarks and the screenshot script are programs, not tests: `build.py
# bench` and `build.py shots` run them, and pytest never collects them.
collect_ignore_glob = ["bench_*.py", "shots.py"]

# Slow, shared CI machines make per-example timing meaningless.
settings.register_profile("mixtour", deadline=None)
settings.load_profile("mixtour")

# The tests' Chromium runs WebAssembly on V8's baseline compiler alone: each
# page and engine worker starts Pyodide, and optimising its 10 MB module took
# more time than the tests' Python then saves (a fresh page ready in a median
# 1.6 s instead of 2.7 s; tests/TESTING.md). The benchmarks keep the default.
TEST_ONLY_ARGS = ("--js-flags=--liftoff-only",)

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "127.0.0.2", "localhost", "::1"})
BROWSER_FIXTURES = frozenset(
    {"site_url", "page", "context", "new_context", "browser", "web_app", "app_page", "page_errors"}
)


def is_local_url(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in {"data", "blob", "about"}:
        return True
    return parts.scheme in {"http", "https", "ws", "wss"} and parts.hostname in LOOPBACK_HOSTS


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        uses_browser = BROWSER_FIXTURES.intersection(getattr(item, "fixturenames", ()))
        if item.path.name.startswith("test_web_") or uses_browser:
            item.add_marker(pytest.mark.browser)


# How long a test of each kind takes, roughly, in seconds on a quiet 2-core
# machine (a full run's --durations). The scheduler hands out the longest
# files first, so that no long file starts last while the other worker
# idles: by the times measured in the last run that had them (pytest's
# cache, SCOPE_TIMES), else by these guesses.
SECONDS_GUESS = {"engine": 0.3, "browser": 6.0, "xbrowser": 20.0}
SCOPE_TIMES = "mixtour/scope-seconds"
# Tests long enough to be a file of their own for the scheduler.
ALONE = ("test_every_page_becomes_ready_with_nothing_from_outside[webkit]",)


def scope_of(nodeid: str) -> str:
    """The scheduler's unit for ``nodeid``: its file, the cross-browser
    suite split by engine, and a test in ALONE alone."""
    path, _, name = nodeid.partition("::")
    if nodeid.rpartition("::")[2] in ALONE:
        return nodeid
    if path.endswith("test_xbrowser.py"):
        for engine in ("firefox", "webkit"):
            if name.endswith(f"[{engine}]"):
                return f"{path}[{engine}]"
    return path


def seconds_guess(nodeid: str) -> float:
    """How long the test ``nodeid`` takes, roughly, from its file's name."""
    path = nodeid.partition("::")[0]
    if "test_xbrowser" in path:
        return SECONDS_GUESS["xbrowser"]
    if "test_web_" in path:
        return SECONDS_GUESS["browser"]
    return SECONDS_GUESS["engine"]


def longest_first(workqueue: dict[str, dict[str, bool]], measured: dict[str, float]) -> list[str]:
    """The scopes of ``workqueue`` in the order to hand them out: the longest
    first, by ``measured`` seconds where known, else guessed (ties in the
    order collected)."""

    def seconds(scope: str) -> float:
        known = measured.get(scope)
        return known if known is not None else sum(map(seconds_guess, workqueue[scope]))

    return sorted(workqueue, key=lambda scope: -seconds(scope))


class ScopeTimes:
    """The seconds each scheduler unit took in this run (the controller's
    reports of every worker), kept in pytest's cache for the next run."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        scope = scope_of(report.nodeid)
        self.seconds[scope] = self.seconds.get(scope, 0.0) + report.duration

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        cache = getattr(session.config, "cache", None)
        if cache is None or not self.seconds:
            return
        kept = dict(cache.get(SCOPE_TIMES, {}))
        kept.update({scope: round(seconds, 1) for scope, seconds in self.seconds.items()})
        cache.set(SCOPE_TIMES, kept)


def pytest_configure(config: pytest.Config) -> None:
    if config.getvalue("dist") == "loadfile" and not hasattr(config, "workerinput"):
        config.pluginmanager.register(ScopeTimes(), "mixtour-scope-times")


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadfile`` (what build.py asks for) as pytest-xdist has it, each
    file whole to one worker (its tests share their set-up), but with the
    cross-browser suite split by engine, so that Firefox and WebKit run side
    by side instead of one after the other, and the files handed out longest
    first (pytest-xdist's own order is by the number of tests, which puts a
    file of a hundred quick engine tests before one of ten page tests)."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling  # type: ignore[import-untyped]

    class FilesAndEngines(LoadFileScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return scope_of(nodeid)

        def _assign_work_unit(self, node: Any) -> None:
            if not getattr(self, "ordered", False):
                cache = getattr(config, "cache", None)
                measured = cache.get(SCOPE_TIMES, {}) if cache is not None else {}
                order = longest_first(self.workqueue, measured)
                queue = {scope: self.workqueue[scope] for scope in order}
                self.workqueue.clear()
                self.workqueue.update(queue)
                self.ordered = True
            super()._assign_work_unit(node)

    return FilesAndEngines(config, log)


# --------------------------------------------------------------------------
# The site
# --------------------------------------------------------------------------


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    if not (build.DIST / "index.html").is_file():
        build.build_site()
    with build.serve_in_background(build.DIST) as server:
        yield server.url


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    """Overrides pytest-playwright's base_url: relative ``page.goto`` targets the site."""
    return site_url


# --------------------------------------------------------------------------
# Playwright configuration
# --------------------------------------------------------------------------


# Every request that does not go to the loopback addresses goes to a proxy
# that refuses it: a port bound but never listening, so the connection fails
# at once and nothing leaves the machine. Interception through Playwright's
# routes would do the same, at a round trip to Python for each of a page's
# requests and with the browser's cache off: a page took 5.1 s to be ready
# with a route and 4.3 s without (medians of 24 on a loaded machine; see
# tests/TESTING.md, "The network guard").
LOOPBACK_BYPASS = "127.0.0.1,127.0.0.2,localhost,[::1]"


@pytest.fixture(scope="session")
def refusing_proxy() -> Iterator[str]:
    """``http://127.0.0.1:PORT``, an address where every connection is refused."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as held:
        held.bind(("127.0.0.1", 0))
        yield f"http://127.0.0.1:{held.getsockname()[1]}"


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, object], refusing_proxy: str
) -> dict[str, object]:
    executable = build.chromium_for_tests()
    if not executable.is_file():
        if os.environ.get(build.CHROMIUM_ENV) or os.environ.get(build.TEST_CHROMIUM_ENV):
            pytest.fail(f"the tests' Chromium, {executable}, does not exist")
        pytest.skip(f"no Chromium at {executable}; `python3 build.py test` installs it")
    return {
        **browser_type_launch_args,
        "executable_path": str(executable),
        "args": [*build.CHROMIUM_ARGS, *TEST_ONLY_ARGS],
        "proxy": {"server": refusing_proxy, "bypass": LOOPBACK_BYPASS},
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, object]) -> dict[str, object]:
    """No service worker unless a test asks for one: once a page is ready the
    site's worker downloads and checks every file of the build (16 MB) from
    the test's server, beside the test. Blocking it took three page-test
    files from 148 and 137 s to 127 and 122 s (two runs each, -n 2). The
    tests of offline play, the update banner and whatever else needs the
    worker mark themselves ``browser_context_args(service_workers="allow")``."""
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture
def blocked_requests() -> list[str]:
    return []


def record_outside_requests(context: BrowserContext, into: list[str]) -> None:
    """Note in ``into`` each request of ``context`` (its pages and workers) that
    does not go to the loopback addresses; the browser's proxy refuses them."""

    def note(request: Request) -> None:
        if not is_local_url(request.url):
            into.append(request.url)

    context.on("request", note)


@pytest.fixture
def context(context: BrowserContext, blocked_requests: list[str]) -> BrowserContext:
    """pytest-playwright's context, with every non-loopback request refused
    and noted."""
    record_outside_requests(context, blocked_requests)
    return context


@pytest.fixture
def page_errors() -> list[str]:
    return []


@pytest.fixture
def page(page: Page, page_errors: list[str]) -> Page:
    """pytest-playwright's page, recording console errors and uncaught exceptions."""

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location.get("url", "")
            line = message.location.get("lineNumber")
            page_errors.append(
                f"console: {message.text} ({where}:{line})" if where else f"console: {message.text}"
            )

    def on_page_error(error: Error) -> None:
        page_errors.append(f"page error: {error.message}")

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    return page


# --------------------------------------------------------------------------
# The app
# --------------------------------------------------------------------------


@dataclass
class AppPage:
    """A browser page on the built site, with what went wrong on it."""

    page: Page
    base_url: str
    errors: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)

    def open(self, path: str = "index.html", *, wait_ready: bool = True) -> None:
        """Load ``path`` (relative to the site root) and by default wait until ready."""
        self.page.goto(self.base_url + path.lstrip("/"))
        if wait_ready:
            self.wait_ready()

    def wait_ready(self, timeout_ms: float = 60_000) -> None:
        """Wait until the page sets ``document.body.dataset.ready = "1"``."""
        self.page.wait_for_function(build.READY_SCRIPT, timeout=timeout_ms)

    def two_players_here(self) -> None:
        """Answer the first screen's choice, if it shows, with "Two players here"
        (a fresh visit to a game page asks how to play before the board takes a move)."""
        start = self.page.locator("#start")
        if start.count() and start.is_visible():
            self.page.click("#start-friends")
            self.page.wait_for_function("!document.body.dataset.choosing")

    def dataset(self, name: str) -> str | None:
        """``document.body.dataset[name]``, or None when unset."""
        value = self.page.evaluate("(name) => document.body.dataset[name] ?? null", name)
        return None if value is None else str(value)


@pytest.fixture
def web_app(
    page: Page, site_url: str, page_errors: list[str], blocked_requests: list[str]
) -> AppPage:
    return AppPage(page, site_url, page_errors, blocked_requests)


@pytest.fixture
def app_page(web_app: AppPage) -> AppPage:
    """The game page on a fresh visit, set for two players at this screen."""
    web_app.open()
    web_app.two_players_here()
    return web_app
