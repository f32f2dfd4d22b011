"""Serving ``dist/`` as the production host does: the response headers of
``netlify.toml`` (matched against the normalised request path, the last rule
setting a header winning, as on Netlify), fixed MIME types, no directory
listings. Used by ``build.py serve``, the browser tests and the benchmarks.
"""

from __future__ import annotations

import http.server
import io
import os
import posixpath
import re
import socket
import sys
import threading
import tomllib
import urllib.parse
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, BinaryIO

from web.tools.common import DIST, NETLIFY_TOML

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "application/toml",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
}


@dataclass(frozen=True)
class HeaderRule:
    """One ``[[headers]]`` table of netlify.toml."""

    pattern: re.Pattern[str]
    values: tuple[tuple[str, str], ...]


def netlify_pattern(path_pattern: str) -> re.Pattern[str]:
    """Compile a Netlify ``for`` path: ``*`` matches any run of characters, slashes too.

    ``/*`` matches every path and ``/vendor/*`` everything below /vendor/ (and
    /vendor itself, as on Netlify).
    """
    regex = "".join(
        ".*" if part == "*" else re.escape(part) for part in re.split(r"(\*)", path_pattern)
    )
    if path_pattern.endswith("/*"):
        regex = regex[: -len("/.*")] + "(?:/.*)?"
    return re.compile(regex + r"\Z")


def load_header_rules(config: Path = NETLIFY_TOML) -> tuple[HeaderRule, ...]:
    if not config.is_file():
        return ()
    data = tomllib.loads(config.read_text(encoding="utf-8"))
    rules = []
    for table in data.get("headers", []):
        values = tuple((str(k), str(v)) for k, v in table.get("values", {}).items())
        rules.append(HeaderRule(netlify_pattern(str(table["for"])), values))
    return tuple(rules)


def headers_for(path: str, rules: Sequence[HeaderRule]) -> dict[str, str]:
    """Headers for a URL path: all matching rules apply; where several set the
    same header, the last one wins (as on Netlify, and as ``netlify dev`` does)."""
    headers: dict[str, str] = {}
    names: dict[str, str] = {}  # lower-case name -> name as first written
    for rule in rules:
        if not rule.pattern.match(path):
            continue
        for name, value in rule.values:
            headers[names.setdefault(name.lower(), name)] = value
    return headers


def normalise_path(raw: str) -> str:
    """The path a request names, as the file lookup sees it: query and
    fragment dropped, percent-escapes decoded, ``.`` and ``..`` segments and
    repeated slashes resolved. Header rules are matched against this, never
    the raw text, or ``/%65ditor.html`` and ``/vendor/../index.html`` would
    serve a page while escaping its rules.

    >>> normalise_path("/vendor/../%69ndex.html?x=1")
    '/index.html'
    >>> normalise_path("//./rules/../")
    '/'
    """
    path = urllib.parse.unquote(raw.split("?", 1)[0].split("#", 1)[0])
    trailing = path.endswith("/")
    path = "/" + posixpath.normpath("/" + path).lstrip("/")
    return path + "/" if trailing and path != "/" else path


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder like a static host: fixed MIME types, netlify.toml headers, no listings."""

    protocol_version = "HTTP/1.1"  # keep-alive: a page load makes dozens of requests
    # Headers and body go out in two writes: without this the body of every
    # answer after the first on a connection waits for a delayed ACK.
    disable_nagle_algorithm = True
    header_rules: tuple[HeaderRule, ...] = ()
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    _extra_headers: dict[str, str]

    def send_head(self) -> io.BytesIO | BinaryIO | None:
        self._extra_headers = headers_for(normalise_path(self.path), self.header_rules)
        return super().send_head()

    def send_header(self, keyword: str, value: str) -> None:
        extra = getattr(self, "_extra_headers", {})
        if keyword.lower() not in {name.lower() for name in extra}:
            super().send_header(keyword, value)

    def end_headers(self) -> None:
        for name, value in getattr(self, "_extra_headers", {}).items():
            super().send_header(name, value)
        self._extra_headers = {}
        super().end_headers()

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        self.send_error(404, "File not found")
        return None

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if isinstance(code, int) and code >= 400:
            super().log_request(code, size)

    def log_error(self, format: str, *args: object) -> None:
        pass  # log_request above reports the failed request once

    def log_message(self, format: str, *args: object) -> None:
        sys.stderr.write(f"[serve] {self.address_string()} {format % args}\n")


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading HTTP server that takes clients hanging up mid-response calmly."""

    daemon_threads = True

    def handle_error(
        self, request: socket.socket | tuple[bytes, socket.socket], client_address: Any
    ) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the browser closed the connection: routine, not a server fault
        super().handle_error(request, client_address)


def make_server(port: int = 0, directory: Path = DIST) -> SiteServer:
    """A server for ``directory`` on 127.0.0.1 (``port=0`` picks a free port)."""
    rules = load_header_rules()
    handler_class = type("ConfiguredSiteHandler", (SiteHandler,), {"header_rules": rules})
    return SiteServer(("127.0.0.1", port), partial(handler_class, directory=str(directory)))


def server_url(server: SiteServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host!s}:{port}/"


@dataclass
class BackgroundServer:
    """A site server running in a daemon thread; use as a context manager."""

    server: SiteServer
    thread: threading.Thread

    @property
    def url(self) -> str:
        return server_url(self.server)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)

    def __enter__(self) -> BackgroundServer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def serve_in_background(directory: Path = DIST, port: int = 0) -> BackgroundServer:
    server = make_server(port, directory)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    return BackgroundServer(server, thread)
