#!/usr/bin/env python3
"""Build, serve, test and benchmark the Mixtour static site.

This script uses only the Python standard library (3.11+), because it is the
first thing that runs on a fresh machine, before any virtual environment exists.

Commands
--------
``python3 build.py [build]``
    Install the pinned browser runtime with ``npm ci`` when ``node_modules/`` is
    missing or stale, then recreate ``dist/`` (built in a staging folder and
    swapped in, so a running server never serves half a site):

    * everything under ``web/`` is copied as is, except that the placeholders
      ``{{VENDOR_PYSCRIPT}}``, ``{{VENDOR_PYODIDE}}`` and ``{{BUILD_ID}}`` are
      replaced in text files (see ``TEMPLATE_SUFFIXES``). The vendor
      placeholders become URL paths relative to the file that contains them
      (``./vendor/pyscript-0.7.31`` for a page at the site root), so pages never
      hard-code a version. ``{{BUILD_ID}}`` is a short hash of all build inputs.
    * the Pyodide core (``PYODIDE_FILES``) goes to ``dist/vendor/pyodide-<v>/``,
      with its ``python_stdlib.zip`` rewritten so that the modules imported at
      start-up are compiled bytecode (see "Precompiled Python" below: this
      halves the time to a playable board).
    * ``@pyscript/core/dist/`` minus source maps and the parts the site never
      loads (``PYSCRIPT_SKIPPED``) goes to ``dist/vendor/pyscript-<v>/``.
    * ``dist/py/app.zip`` holds our Python (every module of ``mixtour/`` and
      ``web/py/``), each ``.py`` with its compiled ``__pycache__`` file if the
      pages or the AI worker import it.
    * ``dist/icons/icon-192.png`` and ``icon-512.png`` are drawn (``write_icons``)
      for the web app manifest, and ``dist/precache.json`` lists every file of
      the build with its size and SHA-256, for the service worker ``web/sw.js``
      (offline play; see ``write_precache``).
    * ``dist/pyscript.json`` is generated. Its ``interpreter`` is the local
      ``pyodide.mjs`` (relative to the page, so pages live at the site root) and
      its ``files`` table unpacks ``app.zip`` into the virtual file system's
      working directory ``/home/pyodide``, which is on ``sys.path``:

      - ``mixtour/...`` lands in ``./mixtour/...``, so ``import mixtour`` works;
      - ``web/py/**/*.py`` (the page's own Python) lands flat in the working
        directory. A module ``web/py/board_view.py`` is imported as ``import
        board_view``, exactly as under CPython with ``web/py`` on ``sys.path``
        (which is how tests can import it). The entry scripts (``main.py``,
        ``ai_worker.py``, ...) are loaded through ``<script type="py"
        src="./py/...">`` from the copy of ``web/``. A ``web/py`` name that
        would shadow ``mixtour`` is a build error.

``python3 build.py serve [--port N]``
    Build, then serve ``dist/`` on http://127.0.0.1:N/ (default 8000) with the
    right MIME types and the response headers declared in ``netlify.toml``.

``python3 build.py test [PYTEST_ARGS...]``
    Create or refresh ``.venv/`` with the ``test`` extra of ``pyproject.toml``,
    make sure Chromium is installed (via apt-get when running as root), build,
    run ruff (lint and format check) and ``mypy --strict`` over ``mixtour/`` and
    this file, then the whole pytest suite, browser tests included. Extra
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
import gzip
import hashlib
import http.server
import io
import json
import os
import posixpath
import re
import shutil
import socket
import struct
import subprocess
import sys
import threading
import tomllib
import urllib.parse
import venv
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, BinaryIO

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
WEB_PY = WEB / "py"
PACKAGE = ROOT / "mixtour"
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
VENV = ROOT / ".venv"
VENV_STAMP = VENV / ".mixtour-test-deps"
NETLIFY_TOML = ROOT / "netlify.toml"
PYPROJECT = ROOT / "pyproject.toml"
PACKAGE_JSON = ROOT / "package.json"
PACKAGE_LOCK = ROOT / "package-lock.json"
BENCH_SCRIPT = ROOT / "tests" / "bench_load.py"
AI_WEB_BENCH_SCRIPT = ROOT / "tests" / "bench_ai_web.py"
AI_RECOVERY_BENCH_SCRIPT = ROOT / "tests" / "bench_ai_recovery.py"
AI_NODE_BENCH_SCRIPT = ROOT / "tests" / "pyodide_bench.mjs"
ENDURANCE_SCRIPT = ROOT / "tests" / "bench_endurance.py"
SHOTS_SCRIPT = ROOT / "tests" / "shots.py"

# Pages timed by `build.py bench`: the game, the editor, and an embedded board
# showing a position (as a rules page would have it).
BENCH_PAGES = (
    "index.html",
    "editor.html",
    "embed.html#p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3,b4,c4,c3-b4",
)

DEFAULT_CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ENV = "MIXTOUR_CHROMIUM"
# Flags for a headless Chromium whose own traffic never leaves the machine
# (used by tests/conftest.py and tests/bench_load.py).
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
)
# The page sets this attribute once Python has started and the app is usable.
READY_SCRIPT = 'document.body && document.body.dataset.ready === "1"'

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
TEMPLATE_SUFFIXES = frozenset({".html", ".js", ".mjs", ".json", ".toml", ".css", ".webmanifest"})
SKIPPED_NAMES = frozenset({"__pycache__", ".DS_Store"})

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


class BuildError(RuntimeError):
    """A build step failed in a way the user has to fix."""


def log(message: str) -> None:
    print(f"[build.py] {message}", flush=True)


# --------------------------------------------------------------------------
# Vendored runtime (npm)
# --------------------------------------------------------------------------


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
    return any(installed_version(v.installed) != v.version for v in vendors())


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


def walk_files(base: Path, suffix: str | None = None) -> Iterator[Path]:
    """Files under ``base`` in a stable order, skipping caches."""
    if not base.is_dir():
        return
    for path in sorted(base.rglob("*")):
        if any(part in SKIPPED_NAMES for part in path.relative_to(base).parts):
            continue
        if path.is_file() and (suffix is None or path.suffix == suffix):
            yield path


def package_modules() -> list[Path]:
    """Every ``.py`` file of the mixtour package, relative to the repo root."""
    return [p.relative_to(ROOT) for p in walk_files(PACKAGE, ".py")]


def web_modules() -> list[Path]:
    """Every ``.py`` file under ``web/py/``, relative to ``web/py/``."""
    return [p.relative_to(WEB_PY) for p in walk_files(WEB_PY, ".py")]


def compute_build_id() -> str:
    """A short hash over every build input: pages, Python sources, the npm lock, this script."""
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


def copy_web(out: Path, build_id: str, pyodide: Vendor, pyscript: Vendor) -> None:
    """Copy ``web/`` into ``out``, filling placeholders in text files."""
    for source in walk_files(WEB):
        relative = source.relative_to(WEB)
        if relative.parts[0] == "tools":  # the checkers' configs and generators, not the site
            continue
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.suffix not in TEMPLATE_SUFFIXES:
            shutil.copy2(source, target)
            continue
        values = {
            "VENDOR_PYODIDE": relative_url(pyodide.url_path, relative.parent),
            "VENDOR_PYSCRIPT": relative_url(pyscript.url_path, relative.parent),
            "BUILD_ID": build_id,
        }
        target.write_text(substitute(source.read_text(encoding="utf-8"), values), "utf-8")


def copy_vendors(out: Path, pyodide: Vendor, pyscript: Vendor, stdlib: Path) -> None:
    """The Pyodide core (with ``stdlib`` as its python_stdlib.zip) and PyScript's dist/."""
    pyodide_target = out / pyodide.url_path
    pyodide_target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        source = stdlib if name == "python_stdlib.zip" else pyodide.installed / name
        if not source.is_file():
            raise BuildError(f"{source} is missing: run npm ci")
        shutil.copy2(source, pyodide_target / name)

    pyscript_source = pyscript.installed / "dist"
    if not (pyscript_source / "core.js").is_file():
        raise BuildError(f"{pyscript_source}/core.js is missing: run npm ci")
    shutil.copytree(
        pyscript_source,
        out / pyscript.url_path,
        ignore=shutil.ignore_patterns(*PYSCRIPT_SKIPPED),
    )


# --------------------------------------------------------------------------
# Precompiled Python: what makes the page start in about half the time
# --------------------------------------------------------------------------
#
# Pyodide's python_stdlib.zip holds only .py sources, so every page load
# compiled the ~130 standard-library modules Pyodide, PyScript and the engine
# import at start-up, inside WebAssembly: most of the seconds before the board
# was ready. The build compiles them once, inside the pinned Pyodide itself
# (run under Node, so the bytecode matches the browser's Python exactly):
#
# * ``python_stdlib.zip`` is rewritten: a module imported at start-up is
#   stored as ``.pyc`` (``optimize=2``: no docstrings, no asserts) in place of its
#   ``.py``; every other module stays a ``.py`` and still imports on demand.
#   Modules frozen into the interpreter are never read from the zip and stay
#   as they are.
# * all our own Python (``mixtour/`` and ``web/py/``) travels as one zip,
#   ``dist/py/app.zip``, that PyScript unpacks into the working directory:
#   the ``.py`` files, and ``__pycache__/*.pyc`` (also ``optimize=2``) next to
#   those the pages and the worker import (the command line's modules only as
#   source).
#
# Every ``.pyc`` is an unchecked hash-based one (PEP 552): Python takes it
# without looking at the source's time stamp, which does not exist in the
# browser's fresh file system. The result is cached under
# ``node_modules/.cache/`` by a hash of every input.

APP_ZIP = "py/app.zip"
PYC_CACHE = NODE_MODULES / ".cache" / "mixtour-pyc"
# Standard-library modules that PyScript imports at start-up: those of its own
# Python package (``pyscript/*.py``, embedded in @pyscript/core), and the
# cp437 codec zipfile needs to read the names in app.zip while unpacking it.
# Pyodide's own start-up imports and the engine's are found by importing them.
PYSCRIPT_STDLIB_IMPORTS = (
    "asyncio",
    "base64",
    "collections",
    "encodings.cp437",
    "functools",
    "html",
    "inspect",
    "io",
    "json",
)
# Standard-library modules left out of the site: they need processes, sockets
# or an interactive terminal, none of which a browser page has (Pyodide itself
# already leaves out tkinter, curses, venv and the like). Dropping them pays
# for the compiled bytecode above within the site's 7 MB (gzip) budget.
STDLIB_LEFT_OUT = (
    "_pyrepl/",
    "ftplib.py",
    "http/server.py",
    "imaplib.py",
    "multiprocessing/",
    "pdb.py",
    "poplib.py",
    "smtplib.py",
    "socketserver.py",
    "wsgiref/",
    "xmlrpc/",
)

# Runs in Node: boot the pinned Pyodide, mount the job folder, run the job.
COMPILE_JS = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideDir, jobDir] = process.argv.slice(-2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.FS.mkdirTree("/job");
py.mountNodeFS("/job", jobDir);
py.runPython(readFileSync(jobDir + "/compile.py", "utf8"));
"""

# Runs in that Pyodide. /job/job.json names the inputs (copied into /job/in)
# and the outputs (written to /job/out).
COMPILE_PY = """
import ast, importlib, importlib.util, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

job = json.load(open("/job/job.json"))
stdlib_path = next(p for p in sys.path if p.endswith(".zip"))
prefix = stdlib_path + "/"

def pyc(source, filename, optimize):
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), False)

# 1. Import what the pages and the worker import, as the browser would.
sys.path[:0] = ["/job/in/web", "/job/in/app"]
names = set(job["extra_imports"])
for path in job["entry_scripts"]:
    tree = ast.parse(open(path, "rb").read())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
for name in sorted(names):
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as error:  # pyscript exists only in the page
        if (error.name or "").partition(".")[0] in job["ours"]:
            raise
startup = set()
imported = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(prefix):
        startup.add(origin[len(prefix):])
    imported.add(origin)

# 2. The standard library with the start-up modules compiled.
with zipfile.ZipFile(stdlib_path) as source, zipfile.ZipFile(
    "/job/out/python_stdlib.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9
) as out:
    for info in source.infolist():
        if info.filename.startswith(tuple(job["left_out"])) and info.filename not in startup:
            continue
        data = source.read(info)
        if info.filename in startup:
            entry = zipfile.ZipInfo(info.filename + "c", info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(entry, pyc(data, prefix + info.filename, 2))
        else:
            out.writestr(info, data)

# 3. All our modules as source, with bytecode for those imported above (the
# command line's modules are there only to be complete).
compiled = []
with zipfile.ZipFile("/job/out/app.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for name, path in job["app_files"]:
        data = open(path, "rb").read()
        entries = [(name, data)]
        if path in imported:
            bytecode = pyc(data, job["home"] + "/" + name, 2)
            entries.append((importlib.util.cache_from_source(name), bytecode))
            compiled.append(name)
        for entry, content in entries:
            info = zipfile.ZipInfo(entry, (1980, 1, 1, 0, 0, 0))  # same input, same zip
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, content)
json.dump({"stdlib": sorted(startup), "app": compiled}, open("/job/out/report.json", "w"))
"""


def app_files(package: Sequence[Path], page: Sequence[Path]) -> list[tuple[str, Path]]:
    """(name in app.zip, source) for every module: ``mixtour/...`` and ``web/py/...`` flat."""
    files = [(module.as_posix(), ROOT / module) for module in package]
    files += [(module.as_posix(), WEB_PY / module) for module in page]
    return files


def compile_python(
    pyodide: Vendor, package: Sequence[Path], page: Sequence[Path]
) -> tuple[Path, Path]:
    """The compiled ``python_stdlib.zip`` and ``app.zip`` (from the cache when inputs match)."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is not installed: install Node.js 20+ with npm, then retry")
    files = app_files(package, page)
    stdlib = pyodide.installed / "python_stdlib.zip"
    digest = hashlib.sha256()
    recipe = (COMPILE_JS, COMPILE_PY, pyodide.version, *PYSCRIPT_STDLIB_IMPORTS, *STDLIB_LEFT_OUT)
    for part in recipe:
        digest.update(part.encode() + b"\0")
    for name, path in [("python_stdlib.zip", stdlib), *files]:
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    cached = PYC_CACHE / digest.hexdigest()[:16]
    outputs = (cached / "python_stdlib.zip", cached / "app.zip")
    if all(path.is_file() for path in outputs):
        return outputs

    log("compiling Python for the browser (in Pyodide under Node)")
    shutil.rmtree(PYC_CACHE, ignore_errors=True)  # keep one entry only
    job_dir = cached.with_name(cached.name + ".job")
    (job_dir / "out").mkdir(parents=True)
    (job_dir / "in" / "web").mkdir(parents=True)
    for name, path in files:  # the job sees copies, laid out as in the browser
        target = job_dir / "in" / ("web" if path.is_relative_to(WEB_PY) else "app") / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    job = {
        "home": "/home/pyodide",
        "extra_imports": list(PYSCRIPT_STDLIB_IMPORTS),
        "left_out": list(STDLIB_LEFT_OUT),
        "ours": sorted({name.split("/")[0].removesuffix(".py") for name, _ in files}),
        "entry_scripts": [f"/job/in/web/{module.as_posix()}" for module in page],
        "app_files": [
            [name, f"/job/in/{'web' if path.is_relative_to(WEB_PY) else 'app'}/{name}"]
            for name, path in files
        ],
    }
    (job_dir / "job.json").write_text(json.dumps(job), encoding="utf-8")
    (job_dir / "compile.py").write_text(COMPILE_PY, encoding="utf-8")
    try:
        run_checked(
            [node, "--input-type=module", "-e", COMPILE_JS, str(pyodide.installed), str(job_dir)],
            cwd=ROOT,
        )
        report = json.loads((job_dir / "out" / "report.json").read_text(encoding="utf-8"))
        log(
            f"compiled {len(report['stdlib'])} standard-library modules and"
            f" {len(report['app'])} of our {len(files)}"
        )
        (job_dir / "out").rename(cached)
    finally:
        shutil.rmtree(job_dir, ignore_errors=True)
    return outputs


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
    for reserved in ("pyscript.json", "vendor", PACKAGE.name, APP_ZIP):
        if (WEB / reserved).exists():
            raise BuildError(f"web/{reserved} clashes with a path that build.py generates")


def replace_dir(new: Path, old: Path) -> None:
    """Put ``new`` in place of ``old`` with two renames, so a server never sees a half site."""
    trash = old.with_name(f".{old.name}.old-{os.getpid()}")
    if old.exists():
        old.rename(trash)
    new.rename(old)
    shutil.rmtree(trash, ignore_errors=True)


# Offline support: the service worker (web/sw.js) precaches every file listed
# in dist/precache.json, and the web app manifest points at these icons.
PRECACHE_FILE = "precache.json"
SERVICE_WORKER = "sw.js"
ICON_SIZES = (192, 512)


def write_precache(out: Path, build_id: str) -> None:
    """List every file of the site (but the service worker and the list) with size and SHA-256."""
    files = []
    for path in walk_files(out):
        relative = path.relative_to(out).as_posix()
        if relative in {PRECACHE_FILE, SERVICE_WORKER}:
            continue
        data = path.read_bytes()
        files.append(
            {"url": f"./{relative}", "size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        )
    manifest = {"build": build_id, "files": files}
    text = json.dumps(manifest, indent=1) + "\n"
    (out / PRECACHE_FILE).write_text(text, encoding="utf-8")


def png(width: int, height: int, rows: Iterable[bytes]) -> bytes:
    """A truecolour-with-alpha PNG from rows of RGBA bytes (standard library only)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\0" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def icon_rows(size: int) -> Iterator[bytes]:
    """The app icon (as web/icons/icon.svg): a tower of three discs on the page colour."""
    page = (0x6F, 0x5A, 0x43)
    edge = (0x2B, 0x26, 0x20)
    # (centre y, colour) of each disc from the bottom, in units of the icon size
    discs = ((0.70, (0xFB, 0xF9, 0xF4)), (0.52, (0xD8, 0x47, 0x3F)), (0.34, (0xFB, 0xF9, 0xF4)))
    half_width, half_height, border = 0.30, 0.075, 0.018
    corner = 0.18
    for py in range(size):
        y = (py + 0.5) / size
        row = bytearray()
        for px in range(size):
            x = (px + 0.5) / size
            # rounded square background
            dx = max(corner - x, 0.0, x - (1 - corner))
            dy = max(corner - y, 0.0, y - (1 - corner))
            if dx * dx + dy * dy > corner * corner:
                row += b"\0\0\0\0"
                continue
            colour = page
            for cy, fill in discs:  # later discs (higher up) are drawn over lower ones
                ex = (x - 0.5) / half_width
                ey = (y - cy) / half_height
                inner_x = (x - 0.5) / (half_width - border)
                inner_y = (y - cy) / (half_height - border)
                if ex * ex + ey * ey <= 1:
                    colour = fill if inner_x * inner_x + inner_y * inner_y <= 1 else edge
            row += bytes((*colour, 255))
        yield bytes(row)


def write_icons(out: Path) -> None:
    """PNG icons for the manifest (drawn here, so the build needs no image tools)."""
    folder = out / "icons"
    folder.mkdir(exist_ok=True)
    for size in ICON_SIZES:
        (folder / f"icon-{size}.png").write_bytes(png(size, size, icon_rows(size)))


def build_site() -> Path:
    """(Re)create ``dist/`` from web/, mixtour/ and the npm packages; return its path."""
    ensure_node_modules()
    pyodide, pyscript = vendors()
    package = package_modules()
    page = web_modules()
    check_web_layout(page)
    build_id = compute_build_id()

    staging = DIST.with_name(f".{DIST.name}.new-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    try:
        stdlib, app_zip = compile_python(pyodide, package, page)
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
        write_precache(staging, build_id)
        replace_dir(staging, DIST)
    finally:
        shutil.rmtree(staging, ignore_errors=True)

    if not package:
        log("note: mixtour/ has no .py files yet; the config lists none")
    log(f"built dist/ (build {build_id}, {len(package)} engine modules, {len(page)} page modules)")
    return DIST


# --------------------------------------------------------------------------
# Serving dist/ with the headers of netlify.toml
# --------------------------------------------------------------------------


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


# --------------------------------------------------------------------------
# Tooling: virtual environment, Chromium, subprocesses
# --------------------------------------------------------------------------


def run(
    command: Sequence[str | Path], *, cwd: Path = ROOT, env: dict[str, str] | None = None
) -> int:
    log("$ " + " ".join(str(part) for part in command))
    return subprocess.run([str(part) for part in command], cwd=cwd, env=env, check=False).returncode


def run_checked(
    command: Sequence[str | Path], *, cwd: Path = ROOT, env: dict[str, str] | None = None
) -> None:
    code = run(command, cwd=cwd, env=env)
    if code != 0:
        raise BuildError(f"command failed with exit status {code}: {command[0]}")


def venv_python() -> Path:
    return VENV / "bin" / "python"


def test_requirements() -> list[str]:
    data = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    requirements: list[str] = data["project"]["optional-dependencies"]["test"]
    return requirements


def read_venv_stamp() -> dict[str, object]:
    """What the last successful install into .venv/ was made with (empty if unknown)."""
    try:
        stamp = json.loads(VENV_STAMP.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return stamp if isinstance(stamp, dict) else {}


def ensure_venv() -> Path:
    """Create ``.venv/`` and install the test extra, only when it changed; return its python.

    The venv is created anew when it is missing, broken, or made by another Python;
    when only the pinned versions changed, pip brings the existing one up to date.
    """
    wanted = {"python": sys.version, "requirements": test_requirements()}
    stamp = read_venv_stamp()
    python = venv_python()
    if python.exists() and stamp == wanted:
        return python
    if not python.exists() or stamp.get("python") != wanted["python"]:
        log("creating the virtual environment .venv/")
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    log("installing the test tools into .venv/")
    pip: list[str | Path] = [python, "-m", "pip", "install", "--quiet"]
    run_checked([*pip, "--disable-pip-version-check", *test_requirements()])
    VENV_STAMP.write_text(json.dumps(wanted, indent=2) + "\n", encoding="utf-8")
    return python


def chromium_path() -> Path:
    """The Chromium that tests use: $MIXTOUR_CHROMIUM, else /usr/bin/chromium (may not exist)."""
    return Path(os.environ.get(CHROMIUM_ENV) or DEFAULT_CHROMIUM)


def find_chromium() -> Path | None:
    configured = os.environ.get(CHROMIUM_ENV)
    if configured:
        return Path(configured) if Path(configured).is_file() else None
    if DEFAULT_CHROMIUM.is_file():
        return DEFAULT_CHROMIUM
    found = shutil.which("chromium")
    return Path(found) if found else None


def ensure_chromium() -> Path:
    """Return Chromium's path, installing Debian's package first when we are root."""
    found = find_chromium()
    if found is not None:
        return found
    if os.environ.get(CHROMIUM_ENV):
        raise BuildError(f"{CHROMIUM_ENV}={os.environ[CHROMIUM_ENV]} does not exist")
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise BuildError(
            "Chromium is needed for the browser tests. Install it, e.g. on Debian "
            "'sudo apt-get install chromium', or set MIXTOUR_CHROMIUM to its path."
        )
    log("installing Chromium with apt-get (this takes a while)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run_checked(["apt-get", "update"], env=env)
    run_checked(["apt-get", "install", "-y", "chromium"], env=env)
    found = find_chromium()
    if found is None:
        raise BuildError("apt-get installed chromium, but no chromium binary was found")
    return found


def tool_env(chromium: Path | None = None) -> dict[str, str]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    if chromium is not None:
        env[CHROMIUM_ENV] = str(chromium)
    return env


# --------------------------------------------------------------------------
# Commands
# --------------------------------------------------------------------------


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
    mypy_targets = ["build.py"]
    if package_modules():
        mypy_targets.insert(0, PACKAGE.name)
    else:
        log("mixtour/ has no Python files yet: mypy checks build.py only")
    checks.append(("mypy", [python, "-m", "mypy", "--strict", *mypy_targets]))
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


def command_test(args: argparse.Namespace) -> int:
    python = ensure_venv()
    chromium = ensure_chromium()
    build_site()
    env = tool_env(chromium)
    failed = [name for name, cmd in quality_checks(python) if run(cmd, env=env) != 0]
    pytest_code = run([python, "-m", "pytest", *args.pytest_args], env=env)
    if pytest_code != 0:
        failed.append(f"pytest (exit status {pytest_code})")
    if failed:
        log("FAILED: " + ", ".join(failed))
        return 1
    log("all checks passed")
    return 0


def dist_sizes(directory: Path = DIST) -> tuple[int, int]:
    """Total bytes of ``directory``: raw, and with each file compressed by gzip -9."""
    raw = packed = 0
    for path in walk_files(directory):
        data = path.read_bytes()
        raw += len(data)
        packed += len(gzip.compress(data, compresslevel=9, mtime=0))
    return raw, packed


def bench_engine() -> None:
    """Engine figures from ``python3 -m mixtour``; failures are reported, not raised."""
    main_module = PACKAGE / "__main__.py"
    if not main_module.is_file():
        print("engine: mixtour/__main__.py does not exist yet; skipped")
        return
    commands = [["perft", "5"], ["bench-parse"]]
    if re.search(r"""["']bench["']""", main_module.read_text(encoding="utf-8")):
        commands.append(["bench"])
    for extra in commands:
        label = "python3 -m mixtour " + " ".join(extra)
        print(f"engine: {label}", flush=True)
        try:
            result = subprocess.run(
                [sys.executable, "-m", "mixtour", *extra],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=900,
                check=False,
            )
        except subprocess.TimeoutExpired:
            print("  failed: timed out after 900 s")
            continue
        output = (result.stdout + result.stderr).strip() or "(no output)"
        status = (
            "" if result.returncode == 0 else f"  failed with exit status {result.returncode}:\n"
        )
        print(status + "\n".join("  " + line for line in output.splitlines()), flush=True)


def command_bench(args: argparse.Namespace) -> int:
    build_site()
    print("\n== Engine ==", flush=True)
    bench_engine()

    print("\n== Site size ==")
    raw, packed = dist_sizes()
    print(f"dist/ raw:     {raw / 1e6:6.2f} MB")
    print(f"dist/ gzip -9: {packed / 1e6:6.2f} MB", flush=True)

    print("\n== Page load (headless Chromium) ==", flush=True)
    python = ensure_venv()
    chromium = ensure_chromium()
    command: list[str | Path] = [python, BENCH_SCRIPT, "--runs", str(args.runs)]
    for page in BENCH_PAGES:
        command += ["--page", page]
    status = run(command, env=tool_env(chromium))

    # The AI: inside Pyodide under Node (tests/pyodide_bench.mjs, the same table
    # as `python3 -m mixtour bench`), and in the page's PyScript worker.
    print("\n== AI in Pyodide (Node) ==", flush=True)
    node = shutil.which("node")
    if node is None:
        print("node not found; skipped")
    elif run([node, AI_NODE_BENCH_SCRIPT, "1000", "3"]) != 0:
        status = status or 1
    print("\n== AI in the browser (Chromium worker) ==", flush=True)
    ai_command: list[str | Path] = [python, AI_WEB_BENCH_SCRIPT, "--runs", "3"]
    status = run(ai_command, env=tool_env(chromium)) or status
    print("\n== AI recovery (cancelled searches, a dead worker) ==", flush=True)
    recovery: list[str | Path] = [python, AI_RECOVERY_BENCH_SCRIPT, "--runs", "3"]
    status = run(recovery, env=tool_env(chromium)) or status

    # Endurance: 50 computer-vs-computer games in one page, memory at start and end.
    print("\n== Endurance (50 AI games in one page) ==", flush=True)
    endurance: list[str | Path] = [python, ENDURANCE_SCRIPT, "--games", "50"]
    return run(endurance, env=tool_env(chromium)) or status


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
