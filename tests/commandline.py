"""The command line as the tests run it: ``python -m mixtour ARGS`` from the
repository's root, the package found there whatever the caller's folder,
its output read as text (tests/test_cli.py, test_tor_cli.py, test_ai.py
and the AI tools' tests)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(
    *args: str, stdin: str | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m mixtour *args`` (``tor`` first for Tor's commands) with
    ``stdin`` as its input, and wait for it (``timeout`` seconds at most)."""
    return subprocess.run(
        [sys.executable, "-m", "mixtour", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        timeout=timeout,
    )
