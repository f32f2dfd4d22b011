"""How the suite's files are handed to pytest-xdist's workers
(``conftest.py``): the unit of work, and the longest first."""

from __future__ import annotations

from conftest import longest_first, scope_of

EVERY_PAGE = "test_every_page_becomes_ready_with_nothing_from_outside"


def test_a_file_is_one_unit_but_the_cross_browser_suite_is_one_per_engine() -> None:
    assert scope_of("tests/test_ai.py::test_x[3]") == "tests/test_ai.py"
    assert scope_of("tests/test_web_ai.py::test_x[chromium]") == "tests/test_web_ai.py"
    assert scope_of("tests/test_xbrowser.py::test_x[firefox]") == "tests/test_xbrowser.py[firefox]"
    assert scope_of("tests/test_xbrowser.py::test_x[webkit]") == "tests/test_xbrowser.py[webkit]"
    assert scope_of("tests/test_xbrowser.py::test_pure") == "tests/test_xbrowser.py"
    # The longest test of all is a unit of its own, in WebKit only.
    alone = f"tests/test_xbrowser.py::{EVERY_PAGE}[webkit]"
    assert scope_of(alone) == alone
    assert scope_of(f"tests/test_xbrowser.py::{EVERY_PAGE}[firefox]") == (
        "tests/test_xbrowser.py[firefox]"
    )


def queue(**files: int) -> dict[str, dict[str, bool]]:
    """A work queue of files (``web_x`` is tests/test_web_x.py) with so many tests."""
    return {
        f"tests/test_{name}.py": {f"tests/test_{name}.py::t{i}": False for i in range(count)}
        for name, count in files.items()
    }


def test_the_longest_guessed_files_go_first() -> None:
    # Ten page tests outweigh a hundred engine tests; ties keep their order.
    work = queue(rules=100, web_board=10, cli=100, web_game=20)
    assert longest_first(work, {}) == [
        "tests/test_web_game.py",
        "tests/test_web_board.py",
        "tests/test_rules.py",
        "tests/test_cli.py",
    ]


def test_measured_times_come_before_the_guesses() -> None:
    work = queue(rules=100, web_board=10, ai_tune=5)
    measured = {"tests/test_ai_tune.py": 140.0, "tests/test_rules.py": 2.0}
    assert longest_first(work, measured) == [
        "tests/test_ai_tune.py",
        "tests/test_web_board.py",
        "tests/test_rules.py",
    ]
