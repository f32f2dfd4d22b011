"""Security headers (netlify.toml, sent by build.py's server as by Netlify):
a Content-Security-Policy allowing this origin only, framing denied by default
and allowed for the embeddable board alone, rules matched on the path as the
file is found (decoded, dot segments resolved), and CSP violations reported as
errors by the browser tests (so the whole suite passing shows the policy lets
the site work)."""

from __future__ import annotations

import http.client
import http.server
import time
from collections.abc import Iterator
from email.message import Message
from pathlib import Path
from urllib.error import HTTPError
from urllib.parse import urlsplit
from urllib.request import Request, urlopen

import pytest
from conftest import AppPage
from playwright.sync_api import Page, expect
from webhelpers import another_site

import build

PAGES_NOT_FRAMED = [
    "",
    "index.html",
    "rules.html",
    "rules.fr.html",
    "rules.de.html",
    "editor.html",
    "learn.html",
    "puzzles.html",
    "analysis.html",
    "tor.html",
    "tor-learn.html",
    "tor-puzzles.html",
    "tor-editor.html",
    "tor-analysis.html",
    "tor-rules.html",
    "tor-rules.fr.html",
    "tor-rules.de.html",
]
# The embeddable boards, which any site may frame (and the page a board rests
# in, and the engine's frame of the script embed in another site's page).
PAGES_FRAMED = ["embed.html", "embed-rest.html", "embed-engine.html", "tor-embed.html"]


def head(url: str) -> Message[str, str]:
    with urlopen(Request(url, method="HEAD")) as response:
        headers: Message[str, str] = response.headers
        return headers


def policies(headers: Message[str, str]) -> list[dict[str, list[str]]]:
    """Every CSP sent (comma-separated policies), as directive -> sources."""
    out = []
    for value in headers.get_all("Content-Security-Policy") or []:
        for policy in value.split(","):
            directives: dict[str, list[str]] = {}
            for directive in policy.split(";"):
                words = directive.split()
                if words:
                    directives[words[0]] = words[1:]
            out.append(directives)
    return out


def test_every_page_has_the_policy(site_url: str) -> None:
    html = sorted(p.name for p in build.DIST.glob("*.html"))
    assert "embed.html" in html
    for name in html + [""]:
        headers = head(site_url + name)
        assert headers["X-Content-Type-Options"] == "nosniff", name
        assert headers["Referrer-Policy"] == "strict-origin-when-cross-origin", name
        main = [p for p in policies(headers) if "default-src" in p]
        assert len(main) == 1, name
        csp = main[0]
        assert csp["default-src"] == ["'self'"]
        assert set(csp["script-src"]) <= {"'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"}
        assert "'unsafe-inline'" not in csp.get("style-src", [])
        assert csp["object-src"] == ["'none'"]
        # Nothing from other origins: only keywords, blob: and data: (who may
        # frame a page is checked below).
        for directive, sources in csp.items():
            for source in sources if directive != "frame-ancestors" else []:
                assert source.startswith("'") or source in {"blob:", "data:"}, (directive, source)
        ancestors = [p["frame-ancestors"] for p in policies(headers) if "frame-ancestors" in p]
        # X-Frame-Options on every path denies framing by default; a browser
        # ignores it where a policy has frame-ancestors, as the embed's has.
        assert headers["X-Frame-Options"] == "SAMEORIGIN", name
        assert len(policies(headers)) == 1, name
        if name in PAGES_FRAMED:
            assert ancestors == [["*"]]
        else:
            assert name in PAGES_NOT_FRAMED, f"{name}: add its frame-ancestors rule"
            assert ancestors == [["'self'"]], name


SPELLINGS = {
    "index.html": ["%69ndex.html", "./index.html", "vendor/../index.html", "/index.html"],
    "editor.html": ["%65ditor.html", "vendor/..%2Feditor.html", "js/../editor.html"],
    "rules.fr.html": ["rules%2Efr.html", "./rules.fr.html?x=../embed.html"],
}


def test_header_rules_match_the_path_the_file_is_found_by(site_url: str) -> None:
    """A page asked for by another spelling of its path gets its own headers
    (percent-escapes decoded, dot segments resolved), never the vendor folder's."""
    for name, spellings in SPELLINGS.items():
        plain = dict(head(site_url + name).items())
        for spelling in spellings:
            with urlopen(Request(site_url + spelling, method="GET")) as response:
                assert response.read() == (build.DIST / name).read_bytes(), spelling
                headers = response.headers
            ancestors = [p["frame-ancestors"] for p in policies(headers) if "frame-ancestors" in p]
            assert ancestors == [["'self'"]], spelling
            assert headers["X-Frame-Options"] == "SAMEORIGIN", spelling
            assert headers["Cache-Control"] == plain.get("Cache-Control"), spelling
            assert "immutable" not in (headers["Cache-Control"] or ""), spelling


def test_framing_is_denied_by_default(site_url: str) -> None:
    for path in ["js/app.js", "manifest.webmanifest", "no-such-page.html", "index", "editor"]:
        try:
            headers = head(site_url + path)
        except HTTPError as error:  # a 404 carries the rules too
            headers = error.headers
        assert headers["X-Frame-Options"] == "SAMEORIGIN", path


@pytest.fixture
def other_origin(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A plain server for ``tmp_path`` on another port: another origin, with no
    policy of its own that could stop it framing the site."""
    with another_site(tmp_path) as url:
        yield url, tmp_path


def test_another_site_can_frame_the_embed_and_no_other_page(
    page: Page, page_errors: list[str], site_url: str, other_origin: tuple[str, Path]
) -> None:
    other_url, folder = other_origin
    names = ["embed.html#m=c3", "index.html", "rules.html", "%65ditor.html", "%69ndex.html"]
    html = "".join(f'<iframe src="{site_url}{name}"></iframe>' for name in names)
    (folder / "host.html").write_text(f"<!doctype html><title>host</title>{html}")
    page.goto(other_url + "host.html")  # waits for the load event, so for every frame
    urls = [frame.url for frame in page.frames[1:]]
    assert urls[0] == site_url + "embed.html#m=c3", urls
    assert urls[1:] == ["chrome-error://chromewebdata/"] * 4, urls
    refusals = [e for e in page_errors if "violates" in e and "frame-ancestors" in e]
    assert len(refusals) == 4 and len(page_errors) == 4, page_errors
    page_errors.clear()
    embed = page.frame_locator("iframe").first
    expect(embed.locator("body[data-painted]")).to_have_count(1, timeout=30_000)


def test_the_service_worker_is_not_cached(site_url: str) -> None:
    assert head(site_url + "sw.js")["Cache-Control"] == "no-cache"


def test_a_csp_violation_is_a_test_error(app_page: AppPage) -> None:
    """An inline script is refused, and conftest records the console error."""
    page = app_page.page
    assert app_page.errors == []
    refused = page.evaluate(
        """() => new Promise((done) => {
            // The browser reports the refusal as an event: no waiting on a clock.
            document.addEventListener('securitypolicyviolation', (e) => done(e.violatedDirective));
            const script = document.createElement('script');
            script.textContent = 'window.inlineRan = true';
            document.head.append(script);
        })"""
    )
    assert refused.startswith("script-src")
    assert page.evaluate("window.inlineRan === undefined")
    page.wait_for_function("() => true")  # the console message has reached the test
    assert any("Content Security Policy" in error for error in app_page.errors), app_page.errors
    app_page.errors.clear()


def test_a_kept_alive_connection_answers_each_request_at_once(site_url: str) -> None:
    # A browser fetches a page's modules over a few kept-alive connections. The
    # server writes each answer's headers and body separately; with Nagle's
    # algorithm on, the body waited for the browser's delayed ACK (40 ms or
    # more on Linux) on every request after the first, which made a page with
    # thirty modules look hundreds of milliseconds slower than it is.
    parts = urlsplit(site_url)
    connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port)
    waits = []
    try:
        for _ in range(12):
            start = time.perf_counter()
            connection.request("GET", "/js/notation.js")
            response = connection.getresponse()
            assert response.status == 200 and response.read()
            waits.append(time.perf_counter() - start)
    finally:
        connection.close()
    # The quickest of the repeated requests: under 25 ms even on a busy machine,
    # at least 40 ms whenever the server lets Nagle's algorithm hold the body.
    assert min(waits[1:]) < 0.025, waits
