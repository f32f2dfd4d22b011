"""The JavaScript unit tests: ``tests/js/*.test.mjs``, run by Node's own test
runner (``node --test``), with no browser.

They import the modules of ``web/js`` directly, so those modules must not
touch the page (``document``, ``window``) when they load. A failure here
shows Node's report of the failing test.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
JS_TESTS = ROOT / "tests" / "js"

# web/js holds ES modules under plain .js names and package.json says no
# "type": Node 20 reads them as modules only with the first flag, and the
# second keeps it from warning about each one. Flags this Node does not know
# are left out (later versions detect modules by themselves).
WANTED_FLAGS = ("--experimental-detect-module", "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON")

HANG_GUARD_S = 600  # the whole run takes seconds; only a hang comes near this


def node_flags(node: str) -> list[str]:
    """The wanted flags this Node accepts."""
    known = subprocess.run(
        [node, "-p", "[...process.allowedNodeEnvironmentFlags].join('\\n')"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout.split()
    return [flag for flag in WANTED_FLAGS if flag.split("=")[0] in known]


def test_the_javascript_unit_tests_pass() -> None:
    node = shutil.which("node")
    assert node, "node is not installed: install Node.js 20+ (the build needs it too)"
    files = sorted(JS_TESTS.glob("*.test.mjs"))
    assert files, f"no *.test.mjs files in {JS_TESTS}"
    options = [os.environ.get("NODE_OPTIONS", ""), *node_flags(node)]
    env = {**os.environ, "NODE_OPTIONS": " ".join(options).strip()}
    run = subprocess.run(
        [node, "--test", "--test-reporter=spec", *map(str, files)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD_S,
    )
    assert run.returncode == 0, f"node --test failed:\n{run.stdout}\n{run.stderr}"
