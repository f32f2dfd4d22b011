"""Precompiled Python: what makes the page start in about half the time.

Pyodide's ``python_stdlib.zip`` holds only ``.py`` sources, so every page load
compiled the ~130 standard-library modules Pyodide, PyScript and the engine
import at start-up, inside WebAssembly: most of the seconds before the board
was ready. The build compiles them once, inside the pinned Pyodide itself
(run under Node, so the bytecode matches the browser's Python exactly):

* ``python_stdlib.zip`` is rewritten: a module imported at start-up is
  stored as ``.pyc`` (``optimize=2``: no docstrings, no asserts) in place of its
  ``.py``; every other module stays a ``.py`` and still imports on demand.
  Modules frozen into the interpreter are never read from the zip and stay
  as they are.
* all our own Python (``mixtour/`` and ``web/py/``) travels as one zip,
  ``dist/py/app.zip``, that PyScript unpacks into the working directory:
  the ``.py`` files, and ``__pycache__/*.pyc`` (also ``optimize=2``) next to
  those the pages and the worker import (the command line's modules only as
  source).

Every ``.pyc`` is an unchecked hash-based one (PEP 552): Python takes it
without looking at the source's time stamp, which does not exist in the
browser's fresh file system.

Two programs do the work: ``pyodide_compile.mjs`` (Node: boots Pyodide and
runs the job) and ``pyodide_job.py`` (the job, in Pyodide). This module lays
out the job folder and caches the result under ``node_modules/.cache/`` by a
hash of every input, those two programs and this module included.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

from mixtour.kit.games import ENTRY_MODULES
from web.tools.common import NODE_MODULES, ROOT, TOOLS, WEB_PY, BuildError, log, run_checked

APP_ZIP = "py/app.zip"
PYC_CACHE = NODE_MODULES / ".cache" / "mixtour-pyc"
COMPILE_PROGRAM = TOOLS / "pyodide_compile.mjs"
JOB_PROGRAM = TOOLS / "pyodide_job.py"
# Everything that decides what the job makes, besides its inputs.
PROGRAMS = (COMPILE_PROGRAM, JOB_PROGRAM, Path(__file__).resolve())
# The browser's working directory, where PyScript unpacks app.zip.
BROWSER_HOME = "/home/pyodide"

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


def app_files(package: Sequence[Path], page: Sequence[Path]) -> list[tuple[str, Path]]:
    """(name in app.zip, source) for every module: ``mixtour/...`` and ``web/py/...`` flat."""
    files = [(module.as_posix(), ROOT / module) for module in package]
    files += [(module.as_posix(), WEB_PY / module) for module in page]
    return files


def cache_key(
    version: str,
    stdlib: Path,
    files: Sequence[tuple[str, Path]],
    programs: Sequence[Path] = PROGRAMS,
) -> str:
    """A hash of everything the compiled zips depend on."""
    digest = hashlib.sha256()
    parts = (version, *PYSCRIPT_STDLIB_IMPORTS, *ENTRY_MODULES, *surface_modules())
    for part in (*parts, *STDLIB_LEFT_OUT):
        digest.update(part.encode() + b"\0")
    for program in programs:
        digest.update(program.name.encode() + b"\0" + program.read_bytes() + b"\0")
    for name, path in [("python_stdlib.zip", stdlib), *files]:
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def surface_modules() -> tuple[str, ...]:
    """The bridges the pages' one entry script imports by name (the modules of
    ``web/py/surfaces.py``'s table), for the job to import and compile too."""
    name = "_mixtour_build_surfaces"
    spec = importlib.util.spec_from_file_location(name, WEB_PY / "surfaces.py")
    assert spec is not None and spec.loader is not None
    table = importlib.util.module_from_spec(spec)
    sys.modules[name] = table  # dataclasses look their module up there
    try:
        spec.loader.exec_module(table)
    finally:
        del sys.modules[name]
    return tuple(sorted({surface.module for surface in table.SURFACES.values()}))


def job_path(name: str, path: Path) -> str:
    """Where the job sees a module of ours: ``/job/in/web/...`` or ``/job/in/app/...``."""
    return f"/job/in/{'web' if path.is_relative_to(WEB_PY) else 'app'}/{name}"


def compile_python(
    pyodide_dir: Path, version: str, package: Sequence[Path], page: Sequence[Path]
) -> tuple[Path, Path]:
    """The compiled ``python_stdlib.zip`` and ``app.zip`` (from the cache when inputs match)."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is not installed: install Node.js 20+ with npm, then retry")
    files = app_files(package, page)
    stdlib = pyodide_dir / "python_stdlib.zip"
    cached = PYC_CACHE / cache_key(version, stdlib, files)
    outputs = (cached / "python_stdlib.zip", cached / "app.zip")
    if all(path.is_file() for path in outputs):
        return outputs

    log("compiling Python for the browser (in Pyodide under Node)")
    shutil.rmtree(PYC_CACHE, ignore_errors=True)  # keep one entry only
    job_dir = cached.with_name(cached.name + ".job")
    (job_dir / "out").mkdir(parents=True)
    (job_dir / "in" / "web").mkdir(parents=True)
    for name, path in files:  # the job sees copies, laid out as in the browser
        target = job_dir / job_path(name, path).removeprefix("/job/")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    job = {
        "home": BROWSER_HOME,
        "extra_imports": [*PYSCRIPT_STDLIB_IMPORTS, *ENTRY_MODULES, *surface_modules()],
        "left_out": list(STDLIB_LEFT_OUT),
        "ours": sorted({name.split("/")[0].removesuffix(".py") for name, _ in files}),
        "entry_scripts": [f"/job/in/web/{module.as_posix()}" for module in page],
        "app_files": [[name, job_path(name, path)] for name, path in files],
    }
    (job_dir / "job.json").write_text(json.dumps(job), encoding="utf-8")
    try:
        run_checked([node, COMPILE_PROGRAM, pyodide_dir, job_dir], cwd=ROOT)
        report = json.loads((job_dir / "out" / "report.json").read_text(encoding="utf-8"))
        log(
            f"compiled {len(report['stdlib'])} standard-library modules and"
            f" {len(report['app'])} of our {len(files)}"
        )
        (job_dir / "out").rename(cached)
    finally:
        shutil.rmtree(job_dir, ignore_errors=True)
    return outputs
