"""The build's bytecode job: runs inside the pinned Pyodide, never in CPython.

``web/tools/pyodide_compile.mjs`` boots Pyodide under Node, mounts the job
folder at ``/job`` and runs this file (see ``web/tools/bytecode.py`` for why).
``/job/job.json`` (:class:`Job`) names the inputs, copied under ``/job/in``
as the browser lays them out; the job writes to ``/job/out``:

* ``python_stdlib.zip``: Pyodide's standard library with every module
  imported at start-up compiled, and the modules a page cannot use left out;
* ``app.zip``: all our modules as source, with bytecode next to those the
  pages and the AI worker import;
* ``report.json``: what was compiled, for the build's log.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import marshal
import sys
import zipfile
from typing import TypedDict

JOB = "/job/job.json"
OUT = "/job/out"
# A hash-based .pyc whose source is never checked (PEP 552): the browser's
# fresh file system has no time stamps to compare.
UNCHECKED_HASH = 0b01
# Optimisation level of all the bytecode: no docstrings, no asserts.
OPTIMIZE = 2
# Same input, same zip: every entry of app.zip gets this time stamp.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


class Job(TypedDict):
    home: str  # the browser's working directory, where app.zip is unpacked
    extra_imports: list[str]  # start-up imports no entry script names
    left_out: list[str]  # prefixes of standard-library entries to drop
    ours: list[str]  # top-level names of our own modules and packages
    entry_scripts: list[str]  # the pages' and the worker's scripts
    app_files: list[list[str]]  # [name in app.zip, path under /job/in]


def pyc(source: bytes, filename: str) -> bytes:
    """``source`` compiled to an unchecked hash-based ``.pyc`` file's bytes."""
    code = compile(source, filename, "exec", dont_inherit=True, optimize=OPTIMIZE)
    header = importlib.util.MAGIC_NUMBER + UNCHECKED_HASH.to_bytes(4, "little")
    return header + importlib.util.source_hash(source) + marshal.dumps(code)


def imported_names(job: Job) -> set[str]:
    """Every module the entry scripts import (absolute imports), and the extras."""
    names = set(job["extra_imports"])
    for path in job["entry_scripts"]:
        with open(path, "rb") as file:
            tree = ast.parse(file.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
    return names


def import_as_the_browser(job: Job, stdlib_prefix: str) -> tuple[set[str], set[str]]:
    """Import what the pages and the worker import; return the standard
    library's entries (names inside the zip) and the files that were imported."""
    sys.path[:0] = ["/job/in/web", "/job/in/app"]
    for name in sorted(imported_names(job)):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as error:  # pyscript exists only in the page
            if (error.name or "").partition(".")[0] in job["ours"]:
                raise
    startup: set[str] = set()
    imported: set[str] = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(stdlib_prefix):
            startup.add(origin[len(stdlib_prefix) :])
        imported.add(origin)
    return startup, imported


def write_stdlib(job: Job, stdlib_path: str, startup: set[str]) -> None:
    """The standard library with the start-up modules compiled."""
    prefix = stdlib_path + "/"
    out_path = f"{OUT}/python_stdlib.zip"
    with (
        zipfile.ZipFile(stdlib_path) as source,
        zipfile.ZipFile(out_path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out,
    ):
        for info in source.infolist():
            name = info.filename
            if name.startswith(tuple(job["left_out"])) and name not in startup:
                continue
            data = source.read(info)
            if name in startup:
                entry = zipfile.ZipInfo(name + "c", info.date_time)
                entry.compress_type = zipfile.ZIP_DEFLATED
                out.writestr(entry, pyc(data, prefix + name))
            else:
                out.writestr(info, data)


def write_app(job: Job, imported: set[str]) -> list[str]:
    """All our modules as source, with bytecode for those imported (the
    command line's modules are there only to be complete); the compiled names."""
    compiled = []
    out_path = f"{OUT}/app.zip"
    with zipfile.ZipFile(out_path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for name, path in job["app_files"]:
            with open(path, "rb") as file:
                data = file.read()
            entries = [(name, data)]
            if path in imported:
                bytecode = pyc(data, job["home"] + "/" + name)
                entries.append((importlib.util.cache_from_source(name), bytecode))
                compiled.append(name)
            for entry, content in entries:
                info = zipfile.ZipInfo(entry, ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                out.writestr(info, content)
    return compiled


def main() -> None:
    with open(JOB, encoding="utf-8") as file:
        job: Job = json.load(file)
    stdlib_path = next(path for path in sys.path if path.endswith(".zip"))
    startup, imported = import_as_the_browser(job, stdlib_path + "/")
    write_stdlib(job, stdlib_path, startup)
    compiled = write_app(job, imported)
    with open(f"{OUT}/report.json", "w", encoding="utf-8") as file:
        json.dump({"stdlib": sorted(startup), "app": compiled}, file)


if __name__ == "__main__":
    main()
