"""Security headers (netlify.toml, sent by build.py's server as by Netlify):
a Content-Security-Policy allowing this origin only, framing allowed for the
embeddable board alone, and CSP violations reported as errors by the browser
tests (so the whole suite passing shows the policy lets the site work)."""

from __future__ import annotations

from http.client import HTTPMessage
from urllib.request import Request, urlopen

from conftest import AppPage

import build

PAGES_NOT_FRAMED = [
    "",
    "index.html",
    "rules.html",
    "rules.fr.html",
    "rules.de.html",
    "editor.html",
    "learn.html",
]


def head(url: str) -> HTTPMessage:
    with urlopen(Request(url, method="HEAD")) as response:
        headers: HTTPMessage = response.headers
        return headers


def policies(headers: HTTPMessage) -> list[dict[str, list[str]]]:
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
        # Nothing from other origins: only keywords, blob: and data:.
        for directive, sources in csp.items():
            for source in sources:
                assert source.startswith("'") or source in {"blob:", "data:"}, (directive, source)
        ancestors = [p["frame-ancestors"] for p in policies(headers) if "frame-ancestors" in p]
        if name == "embed.html":
            assert ancestors == [["*"]]
            assert "X-Frame-Options" not in headers
        else:
            assert name in PAGES_NOT_FRAMED, f"{name}: add its frame-ancestors rule"
            assert ancestors == [["'self'"]], name
            assert headers["X-Frame-Options"] == "SAMEORIGIN", name


def test_the_service_worker_is_not_cached(site_url: str) -> None:
    assert head(site_url + "sw.js")["Cache-Control"] == "no-cache"


def test_a_csp_violation_is_a_test_error(app_page: AppPage) -> None:
    """An inline script is refused, and conftest records the console error."""
    page = app_page.page
    assert app_page.errors == []
    page.evaluate(
        """() => {
            const script = document.createElement('script');
            script.textContent = 'window.inlineRan = true';
            document.head.append(script);
        }"""
    )
    page.wait_for_function("() => true")
    page.wait_for_timeout(200)
    assert page.evaluate("window.inlineRan === undefined")
    assert any("Content Security Policy" in error for error in app_page.errors), app_page.errors
    app_page.errors.clear()
