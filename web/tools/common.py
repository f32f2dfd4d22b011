"""What every part of the build shares: the repository's paths, the build's
error and log line, running a command, and walking a folder.

Like all of ``build.py`` and ``web/tools/*.py``, standard library only: the
build is the first thing that runs on a fresh machine.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
WEB_PY = WEB / "py"
# Build-time programs and tool configurations: never copied to dist/.
TOOLS = WEB / "tools"
PACKAGE = ROOT / "mixtour"
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
NETLIFY_TOML = ROOT / "netlify.toml"
PYPROJECT = ROOT / "pyproject.toml"
PACKAGE_JSON = ROOT / "package.json"
PACKAGE_LOCK = ROOT / "package-lock.json"

SKIPPED_NAMES = frozenset({"__pycache__", ".DS_Store"})


class BuildError(RuntimeError):
    """A build step failed in a way the user has to fix."""


def log(message: str) -> None:
    print(f"[build.py] {message}", flush=True)


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


def walk_files(base: Path, suffix: str | None = None) -> Iterator[Path]:
    """Files under ``base`` in a stable order, skipping caches."""
    if not base.is_dir():
        return
    for path in sorted(base.rglob("*")):
        if any(part in SKIPPED_NAMES for part in path.relative_to(base).parts):
            continue
        if path.is_file() and (suffix is None or path.suffix == suffix):
            yield path
