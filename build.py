#!/usr/bin/env python3
"""Build, serve, test and benchmark the Mixtour static site.

This script is the entry point of every build task. Like the modules it
imports from ``web/tools/``, it uses only the Python standard library (3.11+),
because it is the first thing that runs on a fresh machine, before any
virtual environment exists.

Where each part lives
---------------------
In this file, in this order:

* **Vendored runtime (npm)**: the pinned Pyodide and PyScript (``Vendor``,
  ``vendors()``), the QR code encoder (``qr_vendor()``) and
  ``ensure_node_modules()``.
* **Building dist/**: ``build_site()`` and the steps it runs.
* **Commands**: ``build``, ``serve``, ``test`` (with ``quality_checks()``),
  ``bench``, ``shots``, and the command line (``parse_args()``).

In ``web/tools/``, which the build never copies to ``dist/``:

* ``common.py``: the repository's paths, ``BuildError``, ``log``, ``run``,
  ``walk_files``.
* ``bytecode.py``: precompiled Python, the cached job that makes the page
  start in about half the time; its programs ``pyodide_compile.mjs`` (Node)
  and ``pyodide_job.py`` (run inside Pyodide).
* ``offline.py``: ``precache.json`` for the service worker, and the icons.
* ``serve.py``: serving ``dist/`` with the production headers of
  ``netlify.toml``.
* ``testenv.py``: test setup, the virtual environment, Chromium, Firefox and WebKit.
* ``bench.py``: the benchmarks.
* ``stubs/js.pyi``: what mypy knows of Pyodide's ``js`` module.

Commands
--------
``python3 build.py [build]``
    Install the pinned browser runtime with ``npm ci`` when ``node_modules/`` is
    missing or stale, then recreate ``dist/`` (built in a staging folder and
    swapped in, so a running server never serves half a site):

    * everything under ``web/`` but ``web/tools/`` (the build's own programs
      and the checkers' configurations) is copied as is, except that the placeholders
      ``{{VENDOR_PYSCRIPT}}``, ``{{VENDOR_PYODIDE}}`` and ``{{BUILD_ID}}`` are
      replaced in text files (see ``TEMPLATE_SUFFIXES``). The vendor
      placeholders become URL paths relative to the file that contains them
      (``./vendor/pyscript-0.7.31`` for a page at the site root), so pages never
      hard-code a version. ``{{BUILD_ID}}`` is a short hash of all build inputs.
    * the Pyodide core (``PYODIDE_FILES``) goes to ``dist/vendor/pyodide-<v>/``,
      with its ``python_stdlib.zip`` rewritten so that the modules imported at
      start-up are compiled bytecode (see ``web/tools/bytecode.py``: this
      halves the time to a playable board).
    * ``@pyscript/core/dist/`` minus source maps and the parts the site never
      loads (``PYSCRIPT_SKIPPED``) goes to ``dist/vendor/pyscript-<v>/``.
    * ``dist/py/app.zip`` holds our Python (every module of ``mixtour/`` and
      ``web/py/``), each ``.py`` with its compiled ``__pycache__`` file if the
      pages or the AI worker import it.
    * ``dist/icons/icon-192.png`` and ``icon-512.png`` are drawn for the web
      app manifest, and ``dist/precache.json`` lists every file of the build
      with its size and SHA-256, for the service worker ``web/sw.js`` (offline
      play; see ``web/tools/offline.py``).
    * ``dist/pyscript.json`` is generated. Its ``interpreter`` is the local
      ``pyodide.mjs`` (relative to the page, so pages live at the site root) and
      its ``files`` table unpacks ``app.zip`` into the virtual file system's
      working directory ``/home/pyodide``, which is on ``sys.path``:

      - ``mixtour/...`` lands in ``./mixtour/...``, so ``import mixtour`` works;
      - ``web/py/**/*.py`` (the page's own Python) lands flat in the working
        directory. A module ``web/py/board_view.py`` is imported as ``import
        board_view``, exactly as under CPython with ``web/py`` on ``sys.path``
        (which is how tests can import it). The entry scripts (``page_main.py``,
        ``ai_worker.py``) are loaded through ``<script type="py"
        src="./py/...">`` from the copy of ``web/``. A ``web/py`` name that
        would shadow ``mixtour`` is a build error.

``python3 build.py serve [--port N]``
    Build, then serve ``dist/`` on http://127.0.0.1:N/ (default 8000) with the
    right MIME types and the response headers declared in ``netlify.toml``.

``python3 build.py test [PYTEST_ARGS...]``
    Create or refresh ``.venv/`` with the ``test`` extra of ``pyproject.toml``,
    make sure Chromium, and for the cross-browser smoke suite Firefox ESR,
    WebKitWebDriver and Xvfb, are installed (via apt-get when running as root), build,
    run ruff (lint and format check) and ``mypy --strict`` over ``mixtour/``,
    ``web/py/``, ``tests/`` and the build code (the ``files`` of pyproject's
    ``[tool.mypy]``), TypeScript's checker and ESLint over the JavaScript
    (configs in ``web/tools/``), then the whole pytest suite, browser tests included. Extra
    arguments go to pytest. Exits non-zero if any step failed.

``python3 build.py bench``
    Build, then print engine figures (``python3 -m mixtour perft 5``, and
    ``bench-parse``: the time to read a megabyte of hostile text), the size
    of ``dist/`` raw and gzipped, and page-load times in headless Chromium
    (``tests/bench_load.py``, run with the virtual environment's Python), then
    the AI's speed (nodes per second, depth in 1 s of a Master search) inside
    Pyodide under Node (``tests/pyodide_bench.mjs``) and in the page's worker
    in Chromium (``tests/bench_ai_web.py``), the AI's recovery (seconds to its
    answer after 45 cancelled searches, seconds until a dead worker is noticed:
    ``tests/bench_ai_recovery.py``), then an endurance run of 50
    computer-vs-computer games in one page with the page's JS heap and the AI
    worker's memory at the start and the end (``tests/bench_endurance.py``).

``python3 build.py shots [--out DIR]``
    Build, then take screenshots of every page at 320x480, 390x844, 844x390
    and 1280x800 in the light and the dark theme (``tests/shots.py``), print
    the folder they are in, and check that no page scrolls sideways and that
    boards and the game's turn line lie inside the window.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import re
import shutil
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from web.tools import pages
from web.tools.bench import run_benchmarks
from web.tools.bytecode import APP_ZIP, STDLIB_LEFT_OUT, compile_python
from web.tools.common import (
    DIST,
    NODE_MODULES,
    PACKAGE,
    PACKAGE_JSON,
    PACKAGE_LOCK,
    ROOT,
    WEB,
    WEB_PY,
    BuildError,
    log,
    run,
    run_checked,
    walk_files,
)
from web.tools.embedstyles import BOARD_STYLES, write_board_styles
from web.tools.offline import PRECACHE_FILE, SERVICE_WORKER, write_icons, write_precache
from web.tools.serve import make_server, serve_in_background, server_url
from web.tools.testenv import (
    CHROMIUM_ARGS,
    CHROMIUM_ENV,
    READY_SCRIPT,
    TEST_CHROMIUM_ENV,
    chromium_for_tests,
    chromium_path,
    ensure_chromium,
    ensure_headless_shell,
    ensure_venv,
    ensure_xbrowsers,
    tool_env,
)

# What the tests and the benchmark scripts read as ``build.<name>``.
__all__ = [
    "APP_ZIP",
    "CHROMIUM_ARGS",
    "CHROMIUM_ENV",
    "DIST",
    "NODE_MODULES",
    "PACKAGE",
    "PRECACHE_FILE",
    "READY_SCRIPT",
    "ROOT",
    "SERVICE_WORKER",
    "STDLIB_LEFT_OUT",
    "TEST_CHROMIUM_ENV",
    "WEB",
    "WEB_PY",
    "BuildError",
    "build_site",
    "chromium_for_tests",
    "chromium_path",
    "main",
    "make_server",
    "package_modules",
    "serve_in_background",
    "server_url",
    "site_vendors",
    "vendors",
    "walk_files",
    "web_modules",
]


# --------------------------------------------------------------------------
# Vendored runtime (npm)
# --------------------------------------------------------------------------

# What Pyodide fetches at run time; the rest of the npm package (source maps,
# typings, the UMD build, demo consoles) is not needed by the site.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Parts of PyScript's dist/ the site never loads: source maps, and the code
# editor and terminal (CodeMirror, xterm.js), which PyScript imports only for a
# <script type="py-editor"> or a terminal script, neither of which the site has.
PYSCRIPT_SKIPPED = ("*.map", "codemirror*", "xterm*")


@dataclass(frozen=True)
class Vendor:
    """One npm package copied into ``dist/vendor/<folder>/``.

    Vendor folders are served as immutable for a year (netlify.toml), so a
    folder's content must never change under its name: the folder is named by
    the version, plus a ``tag`` (a content hash) when the build rewrote a file.
    """

    npm_name: str
    folder_prefix: str
    version: str
    tag: str = ""

    @property
    def folder(self) -> str:
        suffix = f"-{self.tag}" if self.tag else ""
        return f"{self.folder_prefix}-{self.version}{suffix}"

    @property
    def url_path(self) -> str:
        """Path of the vendor folder from the site root, without a leading slash."""
        return f"vendor/{self.folder}"

    @property
    def installed(self) -> Path:
        return NODE_MODULES / self.npm_name


def pinned_versions() -> dict[str, str]:
    """The exact dependency versions pinned in package.json."""
    data = json.loads(PACKAGE_JSON.read_text(encoding="utf-8"))
    deps: dict[str, str] = data.get("dependencies", {})
    return deps


def vendors() -> tuple[Vendor, Vendor]:
    """(pyodide, pyscript) as pinned in package.json."""
    pins = pinned_versions()
    return (
        Vendor("pyodide", "pyodide", pins["pyodide"]),
        Vendor("@pyscript/core", "pyscript", pins["@pyscript/core"]),
    )


def qr_vendor() -> Vendor:
    """The QR code encoder the game page draws a correspondence link with
    (``web/js/qr.js`` imports its ``qrcode.mjs`` from ``{{VENDOR_QRCODE}}``)."""
    return Vendor("qrcode-generator", "qrcode-generator", pinned_versions()["qrcode-generator"])


# The files of the QR encoder the site ships: its ES module (which carries the
# licence in its header) and the package's manifest.
QRCODE_FILES = ("dist/qrcode.mjs", "package.json")


def site_vendors(dist: Path = DIST) -> tuple[Vendor, Vendor]:
    """(pyodide, pyscript) as the site built in ``dist`` names their folders."""
    pyodide, pyscript = vendors()
    config = json.loads((dist / "pyscript.json").read_text(encoding="utf-8"))
    folder = str(config["interpreter"]).split("/")[-2]  # ./vendor/<folder>/pyodide.mjs
    tag = folder.removeprefix(pyodide.folder).removeprefix("-")
    return dataclasses.replace(pyodide, tag=tag), pyscript


def installed_version(package_dir: Path) -> str | None:
    manifest = package_dir / "package.json"
    if not manifest.is_file():
        return None
    version = json.loads(manifest.read_text(encoding="utf-8")).get("version")
    return version if isinstance(version, str) else None


def node_modules_stale() -> bool:
    """True when ``npm ci`` is needed: missing, older than the lock, or wrong versions."""
    marker = NODE_MODULES / ".package-lock.json"  # written by every npm install
    if not marker.is_file():
        return True
    if marker.stat().st_mtime < PACKAGE_LOCK.stat().st_mtime:
        return True
    return any(installed_version(v.installed) != v.version for v in (*vendors(), qr_vendor()))


def ensure_node_modules() -> None:
    if not node_modules_stale():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is not installed: install Node.js 20+ with npm, then retry")
    log("installing the browser runtime: npm ci")
    run_checked([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT)


# --------------------------------------------------------------------------
# Building dist/
# --------------------------------------------------------------------------

TEMPLATE_SUFFIXES = frozenset({".html", ".js", ".mjs", ".json", ".toml", ".css", ".webmanifest"})


# What the browser never runs: the command lines, perft and every ``tools``
# folder (the AI's arena, benchmarks, tuning, the line protocol).
OFFLINE_FOLDERS = frozenset({"tools"})
OFFLINE_FILES = frozenset({"__main__.py", "cli.py", "perft.py"})


def package_modules() -> list[Path]:
    """Every ``.py`` file of the mixtour package that the site ships, relative
    to the repo root: all but the offline tools (``OFFLINE_FOLDERS``, ``OFFLINE_FILES``)."""
    return [
        p.relative_to(ROOT)
        for p in walk_files(PACKAGE, ".py")
        if p.name not in OFFLINE_FILES and not OFFLINE_FOLDERS & set(p.relative_to(PACKAGE).parts)
    ]


def web_modules() -> list[Path]:
    """Every ``.py`` file under ``web/py/``, relative to ``web/py/``."""
    return [p.relative_to(WEB_PY) for p in walk_files(WEB_PY, ".py")]


def compute_build_id() -> str:
    """A short hash over every build input: web/ (the build's own code in web/tools/
    included), the Python sources, the npm lock, this script."""
    digest = hashlib.sha256()
    inputs = [*walk_files(WEB), *walk_files(PACKAGE, ".py"), PACKAGE_LOCK, Path(__file__).resolve()]
    for path in inputs:
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:12]


def relative_url(target: str, from_dir: Path) -> str:
    """URL path of ``target`` (relative to the site root) seen from ``from_dir`` in dist."""
    depth = len(from_dir.parts)
    prefix = "./" if depth == 0 else "../" * depth
    return prefix + target


def substitute(text: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return text


# The shells the pages share, written once in web/partials/ and filled with
# each page's words from web/partials/pages.toml: web/tools/pages.py says
# how. A built page has every placeholder filled, or the build stops.
PARTIALS = WEB / "partials"


def page_shells() -> dict[str, str]:
    """The placeholders of the shared page shells and their text (before a
    page's words fill them)."""
    return dict(pages.partial_texts(PARTIALS))


def page_html(source: Path) -> str:
    """A page of ``web/`` with its shells and words filled: all of it but the
    build's own placeholders (``{{BUILD_ID}}``, the vendors' URLs)."""
    return pages.render(PARTIALS, source.name, source.read_text(encoding="utf-8"))


def copy_web(out: Path, build_id: str, pyodide: Vendor, pyscript: Vendor) -> None:
    """Copy ``web/`` (but ``web/tools/`` and the docs) into ``out``, filling
    placeholders in text files."""
    for source in walk_files(WEB):
        relative = source.relative_to(WEB)
        if relative.parts[0] == "tools":  # the checkers' configs and generators, not the site
            continue
        if source.suffix == ".md":  # the contributors' docs beside the code (web/PAGES.md)
            continue
        if relative.parts[0] == PARTIALS.name:  # written into the pages, not pages themselves
            continue
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.suffix not in TEMPLATE_SUFFIXES:
            shutil.copy2(source, target)
            continue
        values = {
            "VENDOR_PYODIDE": relative_url(pyodide.url_path, relative.parent),
            "VENDOR_PYSCRIPT": relative_url(pyscript.url_path, relative.parent),
            "VENDOR_QRCODE": relative_url(qr_vendor().url_path, relative.parent),
            "BUILD_ID": build_id,
        }
        if source.suffix == ".html":
            text = substitute(page_html(source), values)
            left = pages.PLACEHOLDER.findall(text)
            if left:
                raise BuildError(f"web/{relative}: nothing fills {sorted(set(left))}")
            text = preload_modules(text, source.parent)
        else:
            text = substitute(source.read_text(encoding="utf-8"), values)
        target.write_text(text, "utf-8")


# A page's own module script imports the others, which import more: without
# a hint the browser finds each level only after it has parsed the one above,
# one round trip per level before the first board can be drawn. The build
# lists every module the entry script imports (directly or not) as a
# <link rel="modulepreload"> just before it, so they are fetched at once.
MODULE_SCRIPT = re.compile(
    r'^([ \t]*)<script type="module" src="(\./js/[^"]+\.js)"></script>', re.M
)
STATIC_IMPORT = re.compile(
    r'^\s*(?:import|export)\b[^;"]*?(?:\bfrom\s*)?"(\.{1,2}/[^"]+\.js)"', re.M
)


def module_imports(entry: Path) -> list[Path]:
    """Every module ``entry`` imports statically, directly or not, in a stable order."""
    seen: dict[Path, None] = {}
    stack = [entry.resolve()]
    while stack:
        module = stack.pop()
        for spec in STATIC_IMPORT.findall(module.read_text(encoding="utf-8")):
            imported = (module.parent / spec).resolve()
            if imported not in seen and imported != entry.resolve():
                seen[imported] = None
                stack.append(imported)
    return sorted(seen)


def preload_modules(html: str, folder: Path) -> str:
    """``html`` with a modulepreload link for each module its entry scripts import."""

    def links(match: re.Match[str]) -> str:
        indent, src = match.group(1), match.group(2)
        entry = folder / src
        base = folder.resolve()
        hrefs = ["./" + path.relative_to(base).as_posix() for path in module_imports(entry)]
        preloads = "".join(f'{indent}<link rel="modulepreload" href="{href}">\n' for href in hrefs)
        return preloads + match.group(0)

    return MODULE_SCRIPT.sub(links, html)


def copy_vendors(out: Path, pyodide: Vendor, pyscript: Vendor, stdlib: Path) -> None:
    """The Pyodide core (with ``stdlib`` as its python_stdlib.zip) and PyScript's dist/."""
    pyodide_target = out / pyodide.url_path
    pyodide_target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        source = stdlib if name == "python_stdlib.zip" else pyodide.installed / name
        if not source.is_file():
            raise BuildError(f"{source} is missing: run npm ci")
        shutil.copy2(source, pyodide_target / name)

    qr = qr_vendor()
    for name in QRCODE_FILES:
        source = qr.installed / name
        if not source.is_file():
            raise BuildError(f"{source} is missing: run npm ci")
        target = out / qr.url_path / Path(name).name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)

    pyscript_source = pyscript.installed / "dist"
    if not (pyscript_source / "core.js").is_file():
        raise BuildError(f"{pyscript_source}/core.js is missing: run npm ci")
    shutil.copytree(
        pyscript_source,
        out / pyscript.url_path,
        ignore=shutil.ignore_patterns(*PYSCRIPT_SKIPPED),
    )


def pyscript_config(pyodide: Vendor) -> dict[str, object]:
    """The PyScript config: the local interpreter, and our Python as one zip to unpack.

    ``files`` keys are URLs relative to the config file (the site root); a
    destination ending in ``/*`` unpacks the zip into the interpreter's working
    directory, which is on sys.path.
    """
    return {
        "interpreter": f"./{pyodide.url_path}/pyodide.mjs",
        "files": {f"./{APP_ZIP}": "./*"},
    }


def check_web_layout(page: Sequence[Path]) -> None:
    """Refuse web/ content that the build would overwrite or that would shadow mixtour."""
    names = {module.parts[0].removesuffix(".py") for module in page}
    if PACKAGE.name in names:
        raise BuildError(f"web/py/ must not contain a module or folder named {PACKAGE.name!r}")
    for reserved in ("pyscript.json", "vendor", PACKAGE.name, APP_ZIP, BOARD_STYLES):
        if (WEB / reserved).exists():
            raise BuildError(f"web/{reserved} clashes with a path that build.py generates")


def replace_dir(new: Path, old: Path) -> None:
    """Put ``new`` in place of ``old`` with two renames, so a server never sees a half site."""
    trash = old.with_name(f".{old.name}.old-{os.getpid()}")
    if old.exists():
        old.rename(trash)
    new.rename(old)
    shutil.rmtree(trash, ignore_errors=True)


def build_site(target: Path = DIST) -> Path:
    """(Re)create ``target`` (``dist/`` unless told) from web/, mixtour/ and the npm
    packages; return its path. The tests build elsewhere, so a run never swaps the
    site a browser test is being served."""
    ensure_node_modules()
    pyodide, pyscript = vendors()
    package = package_modules()
    page = web_modules()
    check_web_layout(page)
    build_id = compute_build_id()

    staging = target.with_name(f".{target.name}.new-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    try:
        stdlib, app_zip = compile_python(pyodide.installed, pyodide.version, package, page)
        # The rewritten python_stdlib.zip changes with the build recipe: name
        # the Pyodide folder by its hash (see Vendor).
        stdlib_hash = hashlib.sha256(stdlib.read_bytes()).hexdigest()
        pyodide = dataclasses.replace(pyodide, tag=stdlib_hash[:8])
        copy_web(staging, build_id, pyodide, pyscript)
        copy_vendors(staging, pyodide, pyscript, stdlib)
        shutil.copy2(app_zip, staging / APP_ZIP)
        config = pyscript_config(pyodide)
        config_text = json.dumps(config, indent=2) + "\n"
        (staging / "pyscript.json").write_text(config_text, encoding="utf-8")
        write_icons(staging)
        write_board_styles(WEB, staging)
        write_precache(staging, build_id)
        replace_dir(staging, target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)

    if not package:
        log("note: mixtour/ has no .py files yet; the config lists none")
    shown = "dist/" if target == DIST else str(target)
    counts = f"{len(package)} engine modules, {len(page)} page modules"
    log(f"built {shown} (build {build_id}, {counts})")
    return target


# --------------------------------------------------------------------------
# Commands
# --------------------------------------------------------------------------

# `build.py shots`: screenshots of every page, light and dark, at four sizes.
SHOTS_SCRIPT = ROOT / "tests" / "shots.py"


def command_build(_: argparse.Namespace) -> int:
    build_site()
    return 0


def command_serve(args: argparse.Namespace) -> int:
    build_site()
    server = make_server(args.port)
    print(f"Serving dist/ at {server_url(server)}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()
    return 0


def quality_checks(python: Path) -> list[tuple[str, list[str | Path]]]:
    checks: list[tuple[str, list[str | Path]]] = [
        ("ruff check", [python, "-m", "ruff", "check", "."]),
        ("ruff format", [python, "-m", "ruff", "format", "--check", "."]),
    ]
    # What mypy checks is the ``files`` list of pyproject's [tool.mypy].
    checks.append(("mypy", [python, "-m", "mypy", "--strict"]))
    # The JavaScript: TypeScript's checker over its JSDoc types (the pages, then
    # the service worker with the worker's library) and ESLint, both installed by
    # npm ci; their configs are in web/tools/.
    tools, node_bin = WEB / "tools", NODE_MODULES / ".bin"
    checks.append(("tsc", [node_bin / "tsc", "-p", tools / "tsconfig.json"]))
    checks.append(("tsc (service worker)", [node_bin / "tsc", "-p", tools / "tsconfig.sw.json"]))
    lint_paths = ["web/js", "web/sw.js", "web/tools", "tests/js"]
    eslint: list[str | Path] = [node_bin / "eslint", "-c", tools / "eslint.config.mjs"]
    eslint += ["--max-warnings", "0", "--no-error-on-unmatched-pattern", *lint_paths]
    checks.append(("eslint", eslint))
    return checks


def parallel(pytest_args: list[str]) -> list[str]:
    """pytest-xdist's options for the suite: one worker per core, at most four,
    each taking whole test files (a file's browser tests share their set-up, and
    the cross-browser suite its display). Most of a browser test's time is spent
    waiting on the page, so two workers on two cores save about a fifth of the
    run. None when the caller chose (``-n``, ``-p no:xdist``) or on one core."""
    chosen = any(
        arg in ("-n", "--numprocesses", "no:xdist") or arg.startswith(("-n", "--numprocesses="))
        for arg in pytest_args
    )
    workers = min(os.cpu_count() or 1, 4)
    if chosen or workers < 2:
        return []
    return ["-n", str(workers), "--dist", "loadfile"]


def command_test(args: argparse.Namespace) -> int:
    python = ensure_venv()
    chromium = ensure_chromium()
    headless = ensure_headless_shell(chromium)
    xbrowsers = ensure_xbrowsers()
    build_site()
    env = tool_env(chromium, test_chromium=headless, xbrowsers=xbrowsers)
    failed = [name for name, cmd in quality_checks(python) if run(cmd, env=env) != 0]
    pytest_code = run(
        [python, "-m", "pytest", *parallel(args.pytest_args), *args.pytest_args], env=env
    )
    if pytest_code != 0:
        failed.append(f"pytest (exit status {pytest_code})")
    if failed:
        log("FAILED: " + ", ".join(failed))
        return 1
    log("all checks passed")
    return 0


def command_bench(args: argparse.Namespace) -> int:
    build_site()
    return run_benchmarks(args.runs)


def command_shots(args: argparse.Namespace) -> int:
    build_site()
    python = ensure_venv()
    chromium = ensure_chromium()
    command: list[str | Path] = [python, SHOTS_SCRIPT]
    if args.out is not None:
        command += ["--out", args.out]
    return run(command, env=tool_env(chromium))


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Build, serve, test and benchmark the Mixtour site."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    build = commands.add_parser("build", help="build dist/ (the default command)")
    build.set_defaults(handler=command_build)

    serve = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    serve.set_defaults(handler=command_serve)

    test = commands.add_parser(
        "test",
        help="set up tools, build, lint, type-check and run pytest",
        description="Any argument not listed here is passed on to pytest.",
    )
    test.set_defaults(handler=command_test)

    bench = commands.add_parser(
        "bench", help="build, then print engine, size and load-time figures"
    )
    bench.add_argument("--runs", type=int, default=5, help="page loads per measurement (default 5)")
    bench.set_defaults(handler=command_bench)

    shots = commands.add_parser(
        "shots", help="build, then screenshot every page at four sizes, light and dark"
    )
    shots.add_argument("--out", type=Path, help="folder for the pictures (default: a new one)")
    shots.set_defaults(handler=command_shots)

    args, extra = parser.parse_known_args(argv)
    if args.command is None:
        args.handler = command_build
    if extra and args.command != "test":
        parser.error("unrecognized arguments: " + " ".join(extra))
    args.pytest_args = extra
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except BuildError as error:
        log(f"error: {error}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
