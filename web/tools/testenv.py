"""Test setup: the virtual environment with the test tools, Chromium, and the
other engines of the cross-browser smoke suite.

``python3 build.py test`` (and ``bench``, ``shots``) create or refresh
``.venv/`` with the ``test`` extra of ``pyproject.toml`` and find Chromium,
installing Debian's package when run as root. ``build.py test`` also installs
Debian's Firefox ESR, WebKitGTK's WebDriver and Xvfb for ``tests/test_xbrowser.py``
(their clients are pinned: ``puppeteer-core`` in package.json, ``selenium`` in the
test extra). The browser tests and the benchmarks read ``CHROMIUM_ARGS``,
``READY_SCRIPT`` and ``chromium_path()``.

The tests drive Chromium's headless shell (Debian's ``chromium-headless-shell``,
the same engine without the browser around it) where it is installed:
``chromium_for_tests()``. The benchmarks and the screenshots keep the whole
browser, as players have it.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tomllib
import venv
from pathlib import Path

from web.tools.common import PYPROJECT, ROOT, BuildError, log, run, run_checked

VENV = ROOT / ".venv"
VENV_STAMP = VENV / ".mixtour-test-deps"

DEFAULT_CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ENV = "MIXTOUR_CHROMIUM"
# The tests' browser: the headless shell of the same Chromium. A page in a
# fresh context was ready in a median 1.30 s there against 1.66 s in the
# whole browser (tests/TESTING.md, "Speed").
HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
HEADLESS_SHELL_PACKAGE = "chromium-headless-shell"
TEST_CHROMIUM_ENV = "MIXTOUR_TEST_CHROMIUM"
# Flags for a headless Chromium whose own traffic never leaves the machine
# (used by tests/conftest.py and tests/bench_load.py). 127.0.0.2 is another
# site than 127.0.0.1 on the same machine (tests/test_web_embed_shared.py).
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE 127.0.0.2",
)
# The page sets this attribute once Python has started and the app is usable.
READY_SCRIPT = 'document.body && document.body.dataset.ready === "1"'


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
    """The whole Chromium: $MIXTOUR_CHROMIUM, else /usr/bin/chromium (may not exist)."""
    return Path(os.environ.get(CHROMIUM_ENV) or DEFAULT_CHROMIUM)


def chromium_for_tests() -> Path:
    """The Chromium the browser tests drive: $MIXTOUR_TEST_CHROMIUM, else the
    whole Chromium (``build.py test`` sets it to the headless shell)."""
    return Path(os.environ.get(TEST_CHROMIUM_ENV) or chromium_path())


def find_chromium() -> Path | None:
    configured = os.environ.get(CHROMIUM_ENV)
    if configured:
        return Path(configured) if Path(configured).is_file() else None
    if DEFAULT_CHROMIUM.is_file():
        return DEFAULT_CHROMIUM
    found = shutil.which("chromium")
    return Path(found) if found else None


def apt_usable() -> bool:
    """Whether this process may install Debian packages: root, with apt-get."""
    return os.geteuid() == 0 and shutil.which("apt-get") is not None


def apt_install(*packages: str) -> bool:
    """Install Debian ``packages`` with apt-get (see :func:`apt_usable`), its
    package lists refreshed first; whether both steps worked."""
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    if run(["apt-get", "update"], env=env) != 0:
        return False
    return run(["apt-get", "install", "-y", *packages], env=env) == 0


def ensure_chromium() -> Path:
    """Return Chromium's path, installing Debian's package first when we are root."""
    found = find_chromium()
    if found is not None:
        return found
    if os.environ.get(CHROMIUM_ENV):
        raise BuildError(f"{CHROMIUM_ENV}={os.environ[CHROMIUM_ENV]} does not exist")
    if not apt_usable():
        raise BuildError(
            "Chromium is needed for the browser tests. Install it, e.g. on Debian "
            "'sudo apt-get install chromium', or set MIXTOUR_CHROMIUM to its path."
        )
    log("installing Chromium with apt-get (this takes a while)")
    if not apt_install("chromium"):
        raise BuildError("apt-get could not install chromium")
    found = find_chromium()
    if found is None:
        raise BuildError("apt-get installed chromium, but no chromium binary was found")
    return found


def ensure_headless_shell(chromium: Path) -> Path:
    """The browser for the tests: the headless shell, installed with apt-get
    when missing and we are root; else ``chromium`` itself, as before."""
    if os.environ.get(TEST_CHROMIUM_ENV):
        return chromium_for_tests()
    if HEADLESS_SHELL.is_file():
        return HEADLESS_SHELL
    if not apt_usable():
        log(f"no {HEADLESS_SHELL}: the browser tests drive {chromium}, a little slower")
        return chromium
    log(f"installing {HEADLESS_SHELL_PACKAGE} with apt-get for the browser tests")
    if apt_install(HEADLESS_SHELL_PACKAGE) and HEADLESS_SHELL.is_file():
        return HEADLESS_SHELL
    log(f"{HEADLESS_SHELL_PACKAGE} could not be installed: the browser tests drive {chromium}")
    return chromium


# What tests/test_xbrowser.py drives: a program of each Debian package.
XBROWSER_PACKAGES = {
    "firefox-esr": Path("/usr/bin/firefox-esr"),
    "webkit2gtk-driver": Path("/usr/bin/WebKitWebDriver"),
    "xvfb": Path("/usr/bin/Xvfb"),
}
# Set by build.py test: a missing engine fails the cross-browser suite instead of skipping it.
XBROWSER_REQUIRED_ENV = "MIXTOUR_XBROWSER_REQUIRED"


def ensure_xbrowsers() -> bool:
    """Install Firefox ESR, WebKitWebDriver and Xvfb with apt-get when missing and
    we are root; return whether all three are there."""
    missing = [name for name, program in XBROWSER_PACKAGES.items() if not program.is_file()]
    if not missing:
        return True
    if not apt_usable():
        log(
            "the cross-browser tests need "
            + ", ".join(missing)
            + " (Debian: 'sudo apt-get install "
            + " ".join(missing)
            + "'); they are skipped"
        )
        return False
    log("installing " + ", ".join(missing) + " with apt-get for the cross-browser tests")
    if not apt_install(*missing):
        raise BuildError("apt-get could not install " + " ".join(missing))
    return all(program.is_file() for program in XBROWSER_PACKAGES.values())


def tool_env(
    chromium: Path | None = None, *, test_chromium: Path | None = None, xbrowsers: bool = False
) -> dict[str, str]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    if chromium is not None:
        env[CHROMIUM_ENV] = str(chromium)
    if test_chromium is not None:
        env[TEST_CHROMIUM_ENV] = str(test_chromium)
    if xbrowsers:
        env[XBROWSER_REQUIRED_ENV] = "1"
    return env
