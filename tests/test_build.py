"""What ``build.py`` puts in ``dist/``: compiled Python, and what is left out.

The page starts quickly because the Python it imports at start-up arrives as
bytecode (see "Precompiled Python" in build.py). These tests read the built
files; the browser tests show that the site runs from them.
"""

from __future__ import annotations

import _imp
import doctest
import hashlib
import importlib
import json
import re
import shutil
import zipfile
from pathlib import Path

import pytest

import build
from web.tools import bytecode, pages, serve, testenv
from web.tools.common import TOOLS

# A hash-based .pyc (PEP 552): magic, flags, the source's hash, then the code.
UNCHECKED_HASH_PYC = 0b01


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # Built beside the served dist/, never over it: browser tests in other
    # workers are loading pages from dist/ at the same time.
    return build.build_site(tmp_path_factory.mktemp("site") / "dist")


def stdlib_zip(dist: Path) -> zipfile.ZipFile:
    pyodide, _ = build.site_vendors(dist)
    return zipfile.ZipFile(dist / pyodide.url_path / "python_stdlib.zip")


def check_pyc(pyc: bytes, source: bytes | None = None) -> None:
    assert int.from_bytes(pyc[4:8], "little") == UNCHECKED_HASH_PYC
    if source is not None:  # the hash Python would compute for this source
        key = int.from_bytes(pyc[:4], "little")
        assert pyc[8:16] == _imp.source_hash(key, source)


def test_start_up_modules_of_the_standard_library_are_bytecode(dist: Path) -> None:
    with stdlib_zip(dist) as archive:
        names = set(archive.namelist())
        # imported by Pyodide, by PyScript and by the engine at start-up
        for module in ("asyncio/base_events", "json/decoder", "dataclasses", "encodings/cp437"):
            assert f"{module}.pyc" in names and f"{module}.py" not in names, module
            check_pyc(archive.read(f"{module}.pyc"))
        # the rest is still there, as source, to import on demand
        for module in ("email/message", "statistics", "fractions"):
            assert f"{module}.py" in names and f"{module}.pyc" not in names, module


def test_the_pyodide_folder_is_named_after_its_rewritten_standard_library(dist: Path) -> None:
    # Vendor folders are cached as immutable: a changed zip must change the name.
    pyodide, pyscript = build.site_vendors(dist)
    data = (dist / pyodide.url_path / "python_stdlib.zip").read_bytes()
    assert pyodide.tag == hashlib.sha256(data).hexdigest()[:8]
    assert (dist / pyodide.url_path / "pyodide.asm.wasm").is_file()
    vendor = {path.name for path in (dist / "vendor").iterdir()}
    assert vendor == {pyodide.folder, pyscript.folder, build.qr_vendor().folder}
    page = (dist / "index.html").read_text(encoding="utf-8")
    assert f"./{pyscript.url_path}/core.js" in page


def test_the_qr_encoder_is_shipped_and_named_in_the_page_module(dist: Path) -> None:
    qr = build.qr_vendor()
    assert (dist / qr.url_path / "qrcode.mjs").is_file()
    module = (dist / "js" / "qr.js").read_text(encoding="utf-8")
    assert f'"../{qr.url_path}/qrcode.mjs"' in module
    precache = (dist / "precache.json").read_text(encoding="utf-8")
    assert f"{qr.url_path}/qrcode.mjs" in precache  # offline too


def test_modules_a_browser_page_cannot_run_are_left_out(dist: Path) -> None:
    with stdlib_zip(dist) as archive:
        names = archive.namelist()
    for left_out in build.STDLIB_LEFT_OUT:
        assert not [name for name in names if name.startswith(left_out)], left_out
    original = build.vendors()[0].installed / "python_stdlib.zip"
    with zipfile.ZipFile(original) as archive:  # each entry names something real
        for left_out in build.STDLIB_LEFT_OUT:
            assert any(name.startswith(left_out) for name in archive.namelist()), left_out


def test_our_python_travels_as_one_zip_of_sources_and_matching_bytecode(dist: Path) -> None:
    config = json.loads((dist / "pyscript.json").read_text(encoding="utf-8"))
    assert config["files"] == {f"./{build.APP_ZIP}": "./*"}
    with zipfile.ZipFile(dist / build.APP_ZIP) as archive:
        names = set(archive.namelist())
        sources = {name for name in names if name.endswith(".py")}
        # every module of the engine and of the page, at the place Python looks for it
        expected = {path.as_posix() for path in build.package_modules()}
        expected |= {path.as_posix() for path in build.web_modules()}
        assert sources == expected
        compiled = set()
        for name in sources:
            source = archive.read(name)
            repo_file = build.WEB_PY / name if "/" not in name else build.ROOT / name
            assert source == repo_file.read_bytes(), name
            folder, _, file = name.rpartition("/")
            cached = f"{folder}/__pycache__/" if folder else "__pycache__/"
            pattern = re.escape(cached + file[:-3]) + r"\.cpython-\d+\.pyc"
            matches = [n for n in names if re.fullmatch(pattern, n)]
            assert len(matches) <= 1, name
            if matches:
                check_pyc(archive.read(matches[0]), source)
                compiled.add(name)
        # ...but none of the offline tools (the arena, tuning, the command lines)
        assert not [name for name in sources if "/tools/" in name or name.endswith("cli.py")]
        assert "mixtour/mixtour/ai/search.py" in sources and "mixtour/__main__.py" not in sources
        # bytecode for what the page (bridge, the engine) and the AI worker import...
        for name in (
            "bridge.py",
            "mixtour/mixtour/core.py",
            "mixtour/mixtour/link.py",
            "mixtour/mixtour/ai/search.py",
        ):
            assert name in compiled, name


def test_pyscript_parts_the_site_never_loads_are_left_out(dist: Path) -> None:
    _, pyscript = build.site_vendors(dist)
    shipped = [path.name for path in (dist / pyscript.url_path).iterdir()]
    assert "core.js" in shipped
    assert not [name for name in shipped if name.startswith(("codemirror", "xterm"))]
    assert not [name for name in shipped if name.endswith(".map")]
    # They are only needed by a code editor or a terminal script: no page has one.
    for page in build.WEB.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "py-editor" not in text and "terminal" not in text, page.name


def test_the_build_tools_stay_out_of_the_site(dist: Path) -> None:
    tools = [path.relative_to(build.WEB).as_posix() for path in build.walk_files(TOOLS)]
    assert "tools/pyodide_job.py" in tools and "tools/pyodide_compile.mjs" in tools
    assert not (dist / "tools").exists()
    listing = json.loads((dist / build.PRECACHE_FILE).read_text(encoding="utf-8"))
    urls = {entry["url"] for entry in listing["files"]}
    assert "./index.html" in urls
    assert not [url for url in urls if url.startswith("./tools/")]


def test_changing_a_bytecode_program_recompiles(tmp_path: Path) -> None:
    # The compiled zips are cached by a hash of their inputs: the programs
    # that make them must be part of it, or an edited job would be ignored.
    assert {bytecode.COMPILE_PROGRAM, bytecode.JOB_PROGRAM} <= set(bytecode.PROGRAMS)
    stdlib = tmp_path / "python_stdlib.zip"
    stdlib.write_bytes(b"stdlib")
    module = tmp_path / "core.py"
    module.write_text("x = 1\n", encoding="utf-8")
    programs = []
    for program in bytecode.PROGRAMS:
        copy = tmp_path / program.name
        shutil.copyfile(program, copy)
        programs.append(copy)
    files = [("mixtour/mixtour/core.py", module)]
    key = bytecode.cache_key("1.0", stdlib, files, programs)
    assert bytecode.cache_key("1.0", stdlib, files, programs) == key
    for program in programs:
        original = program.read_bytes()
        program.write_bytes(original + b"\n")
        assert bytecode.cache_key("1.0", stdlib, files, programs) != key, program.name
        program.write_bytes(original)
    module.write_text("x = 2\n", encoding="utf-8")
    assert bytecode.cache_key("1.0", stdlib, files, programs) != key


def test_the_servers_doctests() -> None:
    # web/tools/ is not among pytest's test paths: its examples run here.
    failures, attempted = doctest.testmod(serve)
    assert attempted > 0 and failures == 0


def import_cycles(modules: dict[Path, list[Path]]) -> list[list[str]]:
    """Every cycle of static imports in ``modules`` (a module to what it imports)."""
    cycles: list[list[str]] = []
    done: set[Path] = set()

    def visit(module: Path, path: list[Path]) -> None:
        for imported in modules.get(module, []):
            if imported in path:
                cycles.append([p.name for p in path[path.index(imported) :]] + [imported.name])
            elif imported not in done:
                visit(imported, [*path, imported])
        done.add(module)

    for module in sorted(modules):
        if module not in done:
            visit(module, [module])
    return cycles


def test_no_javascript_module_imports_itself_through_others() -> None:
    """An import circle makes the order modules run in depend on which page
    loads them first; web/js has none (the build reads imports with the same
    pattern when it writes the preload links)."""
    modules = {
        path.resolve(): [
            (path.parent / spec).resolve()
            for spec in build.STATIC_IMPORT.findall(path.read_text(encoding="utf-8"))
        ]
        for path in (build.WEB / "js").rglob("*.js")
    }
    assert len(modules) > 40
    assert import_cycles(modules) == []
    a, b = Path("/a.js"), Path("/b.js")
    assert import_cycles({a: [b], b: [a]}) == [["a.js", "b.js", "a.js"]]  # the check can fail


def test_each_page_preloads_every_module_its_script_imports(dist: Path) -> None:
    """A page's module script imports others that import more; the build lists
    them all as modulepreload links, so the browser fetches them in one go
    instead of one level of imports after another."""
    imports = re.compile(r'^\s*(?:import|export)\b[^;"]*?"(\.{1,2}/[^"]+\.js)"', re.M)
    pages = 0
    for page in sorted(dist.glob("*.html")):
        html = page.read_text(encoding="utf-8")
        entries = re.findall(r'<script type="module" src="(\./js/[^"]+)"', html)
        hrefs = re.findall(r'rel="modulepreload" href="([^"]+)"', html)
        preloaded = {(dist / href).resolve() for href in hrefs}
        for entry in entries:
            pages += 1
            wanted: set[Path] = set()
            todo = [(dist / entry).resolve()]
            while todo:
                module = todo.pop()
                for spec in imports.findall(module.read_text(encoding="utf-8")):
                    found = (module.parent / spec).resolve()
                    assert found.is_file(), f"{module.name} imports {spec}, which is not in dist/"
                    if found not in wanted:
                        wanted.add(found)
                        todo.append(found)
            wanted.discard((dist / entry).resolve())
            missing = sorted(str(path.relative_to(dist.resolve())) for path in wanted - preloaded)
            assert not missing, f"{page.name} does not preload {missing}"
            assert wanted, f"{page.name}: {entry} imports nothing?"
    assert pages >= 5


@pytest.mark.parametrize(
    ("cores", "args", "expected"),
    [
        (2, [], ["-n", "2", "--dist", "loadfile"]),
        (16, ["-q"], ["-n", "4", "--dist", "loadfile"]),
        (1, [], []),
        (None, [], []),
        (2, ["-n", "0"], []),
        (2, ["-n3"], []),
        (2, ["--numprocesses=1"], []),
        (2, ["-p", "no:xdist"], []),
    ],
)
def test_the_suite_runs_in_one_worker_per_core_unless_told_otherwise(
    monkeypatch: pytest.MonkeyPatch, cores: int | None, args: list[str], expected: list[str]
) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: cores)
    assert build.parallel(args) == expected


def test_every_page_shell_is_written_once(dist: Path) -> None:
    """The head, header and footer every page shares come from web/partials/
    (build.page_shells): no page of web/ spells them out again, and every built
    page has them whole, with every placeholder filled."""
    shells = build.page_shells()
    shared = ("theme-early.js", 'name="viewport"', "css/theme.css", "<footer", "<header")
    site = pages.load_site(build.PARTIALS)
    for source in sorted(build.WEB.glob("*.html")):
        text = source.read_text(encoding="utf-8")
        built = (dist / source.name).read_text(encoding="utf-8")
        assert "{{" not in built and "}}" not in built, source.name
        if source.name == "embed-engine.html":  # no styles, no theme: nothing to see
            continue
        assert not [part for part in shared if part in text], source.name
        if source.name in site.pages:
            assert text.startswith("{{PAGE_TOP}}") and "{{PAGE_BOTTOM}}" in text, source.name
        key = "FRAME_HEAD" if 'class="embed-page"' in built else "PAGE_HEAD"
        assert shells[key] in built, source.name
    assert set(site.pages) == {p.name for p in build.WEB.glob("*.html")} - {
        "embed-engine.html",
        "embed-rest.html",
    }
    assert not (dist / "partials").exists()


def test_a_placeholder_nothing_fills_stops_the_build(tmp_path: Path) -> None:
    partials = tmp_path / "partials"
    shutil.copytree(build.PARTIALS, partials)
    source = "{{PAGE_TOP}}\n  <p>{{NO_SUCH_WORD}}</p>\n{{PAGE_BOTTOM}}\n"
    text = pages.render(partials, "tor-learn.html", source)
    assert pages.PLACEHOLDER.findall(text) == ["VENDOR_PYSCRIPT", "NO_SUCH_WORD"]
    (partials / "loop.html").write_text("<p>{{LOOP}}</p>", encoding="utf-8")
    with pytest.raises(pages.PageError, match="without end"):
        pages.render(partials, "tor-learn.html", "{{LOOP}}")


def test_a_page_s_radio_groups_and_tools_are_written_from_its_table() -> None:
    choices = [["w", "k.w"], ["b", "k.b"]]
    group = {"legend": "k.side", "id": "new-side", "colored": True, "choices": choices}
    radio = '<input type="radio" name="side" value="{}"{}> <span data-i18n="k.{}"></span>'
    assert pages.radios("side", group).splitlines() == [
        '<fieldset id="new-side">',
        '  <legend data-i18n="k.side"></legend>',
        '  <label data-color="w">' + radio.format("w", " checked", "w") + "</label>",
        '  <label data-color="b">' + radio.format("b", "", "b") + "</label>",
        "</fieldset>",
    ]

    def built(name: str) -> str:
        return pages.render(build.PARTIALS, name, (build.WEB / name).read_text(encoding="utf-8"))

    tor = built("tor.html")
    assert "RADIOS" not in tor
    groups = [("opponent", "computer", "demo"), ("corr-layout", "standard", "random")]
    for name, first, other in groups:
        assert f'name="{name}" value="{first}" checked>' in tor
        assert f'name="{name}" value="{other}">' in tor
    # A group takes its slot's indentation, as a source's block does.
    assert '\n      <fieldset id="new-side">\n        <legend data-i18n="tor.new.side">' in tor
    tool = r'data-tool="(\w+)" role="radio" aria-checked="(\w+)"'
    tools = re.findall(tool, built("tor-editor.html"))
    assert tools == [("B", "true")] + [(t, "false") for t in ["R", "O", "Y", "w", "b", "erase"]]


# The ids each kind of page takes from its shells, on every game's page of that
# kind: the page scripts find their parts by them (and the tests their contract).
SHELL_IDS = {
    "game": "skip-to-text open-games open-keys open-settings board loading start start-title "
    "start-computer start-level start-friends start-corr start-learn start-more link-problems "
    "link-problem-list link-problems-close result result-text result-new-game result-review "
    "result-analyse turn status hint hint-button branch thinking thinking-text message "
    "cursor-live undo redo new-game rules-summary moves-title moves-head moves open-analysis "
    "share-title copy-position-link "
    "copy-game-link open-embed download-record open-record copied-link copied-link-text "
    "new-game-dialog new-game-form new-game-title new-corr start-game corr-setup "
    "record-dialog games-dialog settings-dialog settings-title theme keys-dialog language "
    "text-play",
    "editor": "board loading editor-help message setup-title setup-form clear-board "
    "start-position p1-title position-text validity play-title opponent play-here "
    "copy-position-link open-embed open-analysis copied-link copied-link-text language theme",
    "analysis": "board loading eval-bar eval-fill an-turn language theme",
    "lesson": "board loading lesson-task language theme",
    "puzzles": "board loading puzzle-task language theme",
    "rules": "theme",
    "embed": "",
}


def test_every_page_of_a_kind_has_its_shells_ids_once(dist: Path) -> None:
    site = pages.load_site(build.PARTIALS)
    assert set(SHELL_IDS) == {page.kind for page in site.pages.values()}
    for page in site.pages.values():
        built = re.sub(
            r"<!--.*?-->", "", (dist / page.name).read_text(encoding="utf-8"), flags=re.S
        )
        ids = re.findall(r'\sid="([^"]+)"', built)
        assert len(ids) == len(set(ids)), (page.name, sorted({i for i in ids if ids.count(i) > 1}))
        missing = set(SHELL_IDS[page.kind].split()) - set(ids)
        assert not missing, (page.name, sorted(missing))


def test_every_link_between_the_pages_leads_to_a_page_of_the_site(dist: Path) -> None:
    """The shells write each game's links (header, footer, first screen, games
    list) from the table: each leads to a built page, of the same game where it
    is not the games' list or the first screen's other game."""
    site = pages.load_site(build.PARTIALS)
    for page in site.pages.values():
        built = (dist / page.name).read_text(encoding="utf-8")
        at = built.find('<footer class="site-footer">')
        footer = built[at:] if at >= 0 else ""
        header = re.search(r"<header.*?</header>", built, re.S)
        for href in re.findall(r'href="\./([a-z.-]+\.html)"', built):
            assert (dist / href).is_file(), (page.name, href)
        if header:
            home = site.games[page.game]["home"]
            assert f'href="./{home}"' in header.group(0) or page.kind == "game", page.name
        for href in re.findall(r'<a href="\./([a-z.-]+\.html)"', footer.split("<nav")[0]):
            assert site.pages[href].game == page.game, (page.name, href)
        credit = site.games[page.game]["credit"]
        assert credit in footer or page.kind in ("rules", "embed"), page.name


def test_the_tests_drive_the_headless_shell_and_the_benches_the_whole_browser(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    whole, shell = tmp_path / "chromium", tmp_path / "chromium-headless-shell"
    whole.write_text("")
    monkeypatch.delenv(testenv.TEST_CHROMIUM_ENV, raising=False)
    monkeypatch.setenv(testenv.CHROMIUM_ENV, str(whole))
    monkeypatch.setattr(testenv, "HEADLESS_SHELL", shell)
    monkeypatch.setattr("os.geteuid", lambda: 1000)  # no apt-get: never install here
    # No shell: the tests keep the whole browser.
    assert testenv.ensure_headless_shell(whole) == whole
    shell.write_text("")
    assert testenv.ensure_headless_shell(whole) == shell
    env = testenv.tool_env(whole, test_chromium=shell)
    monkeypatch.setenv(testenv.TEST_CHROMIUM_ENV, env[testenv.TEST_CHROMIUM_ENV])
    assert build.chromium_for_tests() == shell
    assert build.chromium_path() == whole
    # A browser named for the tests is taken as it is.
    monkeypatch.setenv(testenv.TEST_CHROMIUM_ENV, str(whole))
    assert testenv.ensure_headless_shell(whole) == whole


def test_the_pyodide_benches_import_modules_that_exist() -> None:
    """``build.py bench`` runs ``tests/pyodide_bench*.mjs`` under Node, whose
    Python imports the project's bench helpers: a module moved without them
    only shows when the bench is run (it did, once). Their imports, checked
    here in CPython."""
    scripts = sorted(Path(build.ROOT, "tests").glob("pyodide_bench*.mjs"))
    assert len(scripts) == 2, scripts
    for script in scripts:
        imports = re.findall(r"^from (mixtour\S*) import (.+)$", script.read_text(), re.M)
        assert imports, f"{script.name} imports nothing of the project"
        for module, names in imports:
            found = importlib.import_module(module)
            for name in names.split(","):
                assert hasattr(found, name.strip()), f"{script.name}: {module}.{name.strip()}"
