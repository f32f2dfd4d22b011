"""Offline play: the service worker precaches the whole site on the first visit,
so the next visit works with the network off and the server gone, AI included.
Also the manifest, the icons and the precache list written by build.py.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from pathlib import Path

import pytest
from conftest import AppPage
from playwright.sync_api import Page, expect
from webhelpers import move_list, play, position

import build

# Every test here is about the service worker (blocked elsewhere: tests/conftest.py).
pytestmark = pytest.mark.browser_context_args(service_workers="allow")

SW_TIMEOUT_MS = 180_000  # precaching ~15 MB on a busy two-core machine
AI_TIMEOUT_MS = 180_000

CACHE_FILES = """async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith("mixtour-"));
  const out = {};
  for (const name of names) out[name] = (await (await caches.open(name)).keys()).length;
  return out;
}"""


def test_precache_list_covers_every_file_of_the_build() -> None:
    if not (build.DIST / "index.html").is_file():
        build.build_site()
    listing = json.loads((build.DIST / build.PRECACHE_FILE).read_text(encoding="utf-8"))
    sw = (build.DIST / build.SERVICE_WORKER).read_text(encoding="utf-8")
    assert f'"{listing["build"]}"' in sw and "{{BUILD_ID}}" not in sw
    listed = {entry["url"]: entry for entry in listing["files"]}
    on_disk = {
        "./" + p.relative_to(build.DIST).as_posix()
        for p in build.walk_files(build.DIST)
        if p.name not in {build.PRECACHE_FILE, build.SERVICE_WORKER} or p.parent != build.DIST
    }
    assert set(listed) == on_disk
    pyodide, _ = build.site_vendors()
    assert f"./{pyodide.url_path}/pyodide.asm.wasm" in listed
    for url in ("./index.html", "./embed.html", "./rules.html", "./py/ai_worker.py"):
        data = (build.DIST / url[2:]).read_bytes()
        assert listed[url]["size"] == len(data)
        assert listed[url]["sha256"] == hashlib.sha256(data).hexdigest()


def test_manifest_and_icons() -> None:
    if not (build.DIST / "index.html").is_file():
        build.build_site()
    manifest = json.loads((build.DIST / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#6f5a43"  # --accent in app.css
    for icon in manifest["icons"]:
        data = (build.DIST / icon["src"][2:]).read_bytes()
        if icon["type"] == "image/png":
            assert data.startswith(b"\x89PNG\r\n\x1a\n")
            size = int.from_bytes(data[16:20], "big")
            assert icon["sizes"] == f"{size}x{size}"
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}


def wait_offline_ready(page: Page) -> None:
    page.wait_for_function("document.body.dataset.offline === '1'", timeout=SW_TIMEOUT_MS)


def test_second_visit_works_offline_with_the_server_gone(web_app: AppPage) -> None:
    page = web_app.page
    listing = json.loads((build.DIST / build.PRECACHE_FILE).read_text(encoding="utf-8"))
    with build.serve_in_background(build.DIST) as server:
        page.goto(server.url + "index.html#ai=1")
        web_app.wait_ready()
        wait_offline_ready(page)
        caches = page.evaluate(CACHE_FILES)
        # One cache, of this build, with every listed file (and the list itself).
        assert caches == {f"mixtour-{listing['build']}": len(listing["files"]) + 1}
    page.context.set_offline(True)
    try:
        page.reload()
        web_app.wait_ready()
        page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=AI_TIMEOUT_MS)
        play(page, "c3")
        page.wait_for_function(
            """() => {
                const board = document.querySelector('#board');
                return board.dataset.position.split(' ')[1] === 'w' && !board.dataset.thinking;
            }""",
            timeout=AI_TIMEOUT_MS,
        )
        assert len(page.locator("#moves .ply").all()) == 2
        assert position(page).split()[1] == "w"
        # A rules page and its live boards come from the cache as well.
        page.goto(server.url + "rules.fr.html")
        boards = page.locator(".live-board")
        boards.first.locator("canvas").click()
        expect(boards.first).to_have_attribute("data-ready", "1", timeout=AI_TIMEOUT_MS)
        expect(boards.first.locator(".status")).to_contain_text("Au tour")
        # Another board of the page asks the engine the first one started (offline too).
        boards.nth(2).scroll_into_view_if_needed()
        expect(boards.nth(2)).to_have_attribute("data-ready", "1", timeout=AI_TIMEOUT_MS)
        assert page.evaluate("document.body.dataset.engineRole") == "host"
        # Tor's rules and their boards, from the cache too.
        page.goto(server.url + "tor-rules.fr.html")
        tor = page.locator(".live-board").first
        tor.locator("canvas").click()
        expect(tor).to_have_attribute("data-ready", "1", timeout=AI_TIMEOUT_MS)
        # The analysis board, its engine included.
        page.goto(server.url + "analysis.html#t=c3,b4&k=2")
        web_app.wait_ready()
        page.wait_for_function(
            "Number(document.querySelector('#engine').dataset.depth) >= 1", timeout=AI_TIMEOUT_MS
        )
    finally:
        page.context.set_offline(False)
    assert web_app.errors == []


def new_build(site: Path) -> str:
    """Make the site in ``site`` a "new build": another id in the worker and
    the list, one page changed. Returns the new id."""
    listing = json.loads((site / build.PRECACHE_FILE).read_text(encoding="utf-8"))
    new_id = "0123456789ab"
    sw = (site / build.SERVICE_WORKER).read_text(encoding="utf-8")
    (site / build.SERVICE_WORKER).write_text(sw.replace(listing["build"], new_id), encoding="utf-8")
    rules = site / "rules.html"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n<!-- new -->\n", "utf-8")
    data = rules.read_bytes()
    for entry in listing["files"]:
        if entry["url"] == "./rules.html":
            entry.update(size=len(data), sha256=hashlib.sha256(data).hexdigest())
    listing["build"] = new_id
    (site / build.PRECACHE_FILE).write_text(json.dumps(listing), encoding="utf-8")
    return new_id


def test_a_new_build_is_offered_and_replaces_the_old_cache(web_app: AppPage) -> None:
    """A changed build: the page offers a reload, and afterwards only the new cache is left."""
    page = web_app.page
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(build.DIST, site)
        with build.serve_in_background(site) as server:
            page.goto(server.url + "index.html")
            web_app.wait_ready()
            wait_offline_ready(page)
            old = page.evaluate(CACHE_FILES)
            new_id = new_build(site)
            listing = json.loads((site / build.PRECACHE_FILE).read_text(encoding="utf-8"))
            page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
            page.wait_for_function("document.body.dataset.update === '1'", timeout=SW_TIMEOUT_MS)
            # Until the player agrees, the old build keeps serving the page.
            assert page.evaluate(CACHE_FILES).keys() >= old.keys()
            # The page reloads: a mark left on this document is gone from the next
            # (its offline flag may be set again before a test could see it clear).
            page.evaluate("window.oldBuildPage = true")
            page.click("#update-reload")
            page.wait_for_function("!window.oldBuildPage", timeout=SW_TIMEOUT_MS)
            web_app.wait_ready()
            wait_offline_ready(page)
            assert page.evaluate(CACHE_FILES) == {f"mixtour-{new_id}": len(listing["files"]) + 1}
            assert "<!-- new -->" in page.evaluate("fetch('rules.html').then((r) => r.text())")
    assert web_app.errors == []


def test_a_new_build_taken_in_one_tab_reloads_the_others_with_their_games(
    web_app: AppPage,
) -> None:
    """Two tabs, each with a game; one takes the new build. The other starts
    again on the new build with its own game (it once went on running the old
    build's page with the new build's files)."""
    page = web_app.page
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(build.DIST, site)
        with build.serve_in_background(site) as server:
            page.goto(server.url + "index.html")
            web_app.wait_ready()
            web_app.two_players_here()
            play(page, "c3")
            wait_offline_ready(page)
            other = page.context.new_page()
            other.goto(server.url + "index.html#m=a1,e5")
            other.wait_for_function(build.READY_SCRIPT, timeout=60_000)
            play(other, "b2")
            wait_offline_ready(other)
            assert move_list(other) == "1. a1 e5 2. b2" and move_list(page) == "1. c3"
            new_id = new_build(site)
            page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
            page.wait_for_function("document.body.dataset.update === '1'", timeout=SW_TIMEOUT_MS)
            other.evaluate("window.oldBuildPage = true")
            page.click("#update-reload")
            other.wait_for_function("!window.oldBuildPage", timeout=SW_TIMEOUT_MS)
            other.wait_for_function(build.READY_SCRIPT, timeout=60_000)
            wait_offline_ready(other)
            assert move_list(other) == "1. a1 e5 2. b2"
            assert other.evaluate("fetch('sw.js').then((r) => r.text())").count(new_id)
            other.close()
    assert web_app.errors == []
