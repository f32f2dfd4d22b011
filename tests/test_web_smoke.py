"""End-to-end smoke test: the built page boots Python offline and reports no errors."""

from __future__ import annotations

from http.client import HTTPMessage
from urllib.request import Request, urlopen

from conftest import AppPage

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
