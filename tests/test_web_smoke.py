"""End-to-end smoke test: the built page boots Python offline and reports no errors."""

from __future__ import annotations

from http.client import HTTPMessage
from pathlib import Path
from urllib.request import Request, urlopen

from conftest import AppPage
from webhelpers import another_site

import build


def test_page_becomes_ready_offline(web_app: AppPage) -> None:
    web_app.open("index.html", wait_ready=False)
    web_app.wait_ready(timeout_ms=60_000)

    assert web_app.dataset("painted") == "1"
    if (build.PACKAGE / "__init__.py").is_file():
        assert web_app.dataset("engine") == "1", "mixtour did not import in Pyodide"
    assert web_app.errors == []
    assert web_app.blocked == []


def head(url: str) -> HTTPMessage:
    with urlopen(Request(url, method="HEAD")) as response:
        headers: HTTPMessage = response.headers
        return headers


def test_site_headers_follow_netlify_toml(site_url: str) -> None:
    page = head(site_url + "index.html")
    assert page["X-Content-Type-Options"] == "nosniff"
    assert "Cache-Control" not in page

    pyodide, pyscript = build.site_vendors()
    wasm = head(f"{site_url}{pyodide.url_path}/pyodide.asm.wasm")
    assert wasm.get_all("Content-Type") == ["application/wasm"]
    assert "immutable" in wasm["Cache-Control"]
    assert wasm["X-Content-Type-Options"] == "nosniff"

    script = head(f"{site_url}{pyscript.url_path}/core.js")
    assert script["Content-Type"].startswith("text/javascript")


def test_a_request_to_the_outside_is_refused_by_the_guard_and_noted(
    web_app: AppPage, tmp_path: Path
) -> None:
    # The guard every browser test relies on. The page is another site's, with
    # no content security policy that would stop the requests before they
    # leave: so they get as far as the network, where the tests' proxy refuses
    # them (not the lack of a network, not a policy), and they are in the list
    # the tests assert empty.
    outside = ["http://example.com/picture.png", "https://example.org/data.json"]
    (tmp_path / "outside.html").write_text(
        '<!doctype html><link rel="icon" href="data:,"><title>outside</title>'
        f'<img src="{outside[0]}">'
    )
    page = web_app.page
    failures: dict[str, str | None] = {}
    page.on("requestfailed", lambda request: failures.update({request.url: request.failure}))
    with another_site(tmp_path) as url:
        page.goto(url + "outside.html")
        fetched = page.evaluate(
            """async (url) => {
                try { await fetch(url); return "answered"; } catch { return "refused"; }
            }""",
            outside[1],
        )
        page.wait_for_function("document.images[0].complete")
    assert fetched == "refused"
    assert not page.evaluate("document.images[0].naturalWidth")
    proxy_refused = "net::ERR_PROXY_CONNECTION_FAILED"
    assert failures == dict.fromkeys(outside, proxy_refused), failures
    assert web_app.blocked == outside
