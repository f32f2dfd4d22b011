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
        html = page.read_text(encoding="utf-8")
        scripts = PY_SCRIPT.findall(html)
        if scripts:
            named = PAGE_SURFACE.search(html)
            found[page.name] = (named.group(1) if named else None, scripts)
    return found


def test_every_page_names_its_surface_and_loads_the_one_entry() -> None:
    pages = pages_with_python()
    assert {"index.html", "tor.html", "analysis.html", "editor.html"} <= set(pages)
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
