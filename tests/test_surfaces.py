"""The one table of the ways pages reach Python (``web/py/surfaces.py``).

Every surface's methods exist on its bridge; every page that loads Python
names a surface and loads it through the one entry script; the embeds'
shared worker allows exactly its surfaces' methods; and a name outside the
table is refused.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
for folder in (ROOT, WEB / "py"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import engine_host  # noqa: E402
from surfaces import SURFACES, make_bridge  # noqa: E402

import build  # noqa: E402

PAGE_SURFACE = re.compile(r'<body[^>]*\bdata-surface="([^"]+)"')
PY_SCRIPT = re.compile(r'<script type="py"[^>]*\bsrc="([^"]+)"')


@pytest.mark.parametrize("name", sorted(SURFACES))
def test_every_method_of_a_surface_is_a_function_of_its_bridge(name: str) -> None:
    surface = SURFACES[name]
    bridge = make_bridge(surface)
    module = sys.modules[surface.module]
    for method in surface.methods:
        assert callable(getattr(bridge, method, None)), f"{name}: no {method}"
    for function in surface.functions:
        assert callable(getattr(module, function, None)), f"{name}: no {function}"
    assert len(set(surface.methods)) == len(surface.methods), f"{name}: a method twice"


def pages_with_python() -> dict[str, tuple[str | None, list[str]]]:
    """Each page of web/ that runs Python on its main thread: its surface and scripts."""
    found: dict[str, tuple[str | None, list[str]]] = {}
    for page in sorted(WEB.glob("*.html")):
        html = build.page_html(page)  # the body and the scripts come from the shells
        scripts = PY_SCRIPT.findall(html)
        if scripts:
            named = PAGE_SURFACE.search(html)
            found[page.name] = (named.group(1) if named else None, scripts)
    return found


def test_every_page_names_its_surface_and_loads_the_one_entry() -> None:
    pages = pages_with_python()
    known = {"index.html", "tor.html", "analysis.html", "tor-analysis.html", "editor.html"}
    known |= {"tor-editor.html"}
    assert known <= set(pages)
    for page, (surface, scripts) in pages.items():
        assert surface in SURFACES, f"{page} names no known surface: {surface!r}"
        assert scripts == ["./py/page_main.py"], f"{page}: {scripts}"
    entries = {path.name for path in (WEB / "py").glob("*main*.py")}
    assert entries == {"page_main.py"}


def test_every_main_thread_surface_is_some_pages() -> None:
    used = {surface for surface, _ in pages_with_python().values()}
    served_by_the_embeds_worker = set(engine_host.SURFACE_OF.values())
    assert used | served_by_the_embeds_worker == set(SURFACES)


def test_the_embeds_worker_allows_its_surfaces_methods_and_nothing_else() -> None:
    for game, name in engine_host.SURFACE_OF.items():
        assert engine_host.METHODS[game] == frozenset(SURFACES[name].methods)
    refused = engine_host.handle(
        '{"game": "mixtour", "board": "b", "link": "", "method": "corr_new", "args": []}'
    )
    assert "unknown method" in refused


def test_the_pages_javascript_reads_the_global_its_surface_publishes() -> None:
    scripts = "\n".join(path.read_text(encoding="utf-8") for path in (WEB / "js").rglob("*.js"))
    for name, surface in SURFACES.items():
        named = (f"window.{surface.publish_as}", f'"{surface.publish_as}"')
        assert any(text in scripts for text in named), name


def test_a_name_outside_the_table_is_refused() -> None:
    from surfaces import open_surface

    with pytest.raises(KeyError):
        open_surface("chess")


# -- the engine worker's calls (web/py/engine_calls.py) ---------------------------------


def test_the_engine_worker_reaches_every_call_of_the_computer_and_the_embeds() -> None:
    import ai_worker
    import engine_calls

    reached = {
        module_function for module_function in engine_calls.CALLS.values()
    }  # (module, function)
    assert {("ai_worker", name) for name in ai_worker.__export__} <= reached
    assert ("engine_host", "handle") in reached
    for module, function in reached:
        assert callable(getattr(__import__(module), function)), f"{module}.{function}"


def run_call(name: str, body: str) -> str:
    """``engine_calls.call`` run to its end in a thread of its own (the browser
    tests of this process may have an event loop running in this one)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    import engine_calls

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, engine_calls.call(name, body)).result()


def test_an_engine_call_answers_json_text_and_refuses_a_name_outside_the_table() -> None:
    import json

    pong = json.loads(run_call("ping", ""))
    assert pong["ok"] is True
    request = {"game": "mixtour", "board": "b1", "link": "", "method": "play", "args": ["c3"]}
    answer = json.loads(run_call("board", json.dumps(request)))
    assert answer["result"]["ok"] is True
    with pytest.raises(KeyError, match="no engine call handle"):
        run_call("handle", "{}")  # a function's own name is not a call


def test_the_engine_worker_plays_and_reviews_without_the_offline_tools() -> None:
    """What the browser runs never imports what build.py leaves out of app.zip."""
    import subprocess

    script = (
        "import json, sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]\n"
        "import ai_worker, engine_calls\n"
        "start = '5/5/5/5/5 w 20/20 0/0 1 -'\n"
        "ai_worker.think_now(json.dumps({'id': 1, 'start': start, 'level': 3}))\n"
        "from mixtour.tor.core import STANDARD_START as TOR\n"
        "ai_worker.think_now(json.dumps({'id': 2, 'game': 'tor', 'start': TOR, 'level': 1}))\n"
        "ai_worker.review_now(json.dumps({'id': 3, 'start': start, 'actions': ['c3'],"
        " 'ply': 1, 'depth': 1}))\n"
        "ai_worker.analyse_now(json.dumps({'id': 4, 'start': start, 'actions': [], 'depth': 2}))\n"
        "print(sorted(m for m in sys.modules if '.tools' in m or m.endswith('cli')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(ROOT), str(WEB / "py")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "[]"
