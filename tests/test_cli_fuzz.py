"""Fuzzing the command line (``python -m mixtour``) with Hypothesis: whatever
the arguments, ``main`` returns 0 or 2, and 2 comes with exactly one line on
stderr that starts with ``mixtour:``. No exception escapes (a traceback).

Commands run in this process with empty standard input. A valid command can
take long (``arena`` plays 100 games by default): each call has a budget of
two seconds, after which it is interrupted and counts as accepted input. A
bad argument is always refused before any work starts, so well within it.
"""

from __future__ import annotations

import contextlib
import io
import signal
import sys
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mixtour.__main__ import main

BUDGET_S = 2.0


class OutOfBudget(BaseException):
    """Raised by the alarm: the command was accepted and is working."""


@contextlib.contextmanager
def budget(seconds: float) -> Iterator[None]:
    def ring(signum: int, frame: object) -> None:
        raise OutOfBudget

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


COMMANDS = ["perft", "legal", "apply", "svg", "bestmove", "engine", "arena", "bench-ai"]
OPTIONS = [
    "--position", "-p", "--divide", "--quiet", "-q", "--stdin", "--size", "--no-coordinates",
    "--moves", "-m", "--time-ms", "--depth", "--nodes", "--level", "--seed", "--games",
    "--discs", "--target", "--players", "--wall-clock", "--verbose", "--runs", "--help",
]  # fmt: skip
VALUES = [
    "0", "1", "2", "3", "-1", "7", "1100", "1e40", "1" + "0" * 400, "9" * 5000, "nan", "inf",
    "x", "", " ", "١", "1_000", "0x10", "+5", "--", "-", "random", "baseline", "master",
    "c3", "b4", "b4-c3", "c3:9-b4", "pass", "zz", "5/5/5/5/5 w 20/20 0/0 1 -",
    "5/5/5/5/5 w 20/20 0/0 0015 -", "{" * 1000, "\x00", "\u2028", "é",
]  # fmt: skip
ARGV = st.one_of(
    st.tuples(
        st.sampled_from(COMMANDS),
        st.lists(st.sampled_from(OPTIONS + VALUES), max_size=7),
    ).map(lambda t: [t[0], *t[1]]),
    st.lists(st.text(max_size=20), max_size=4),
)


def interrupted(error: BaseException | None) -> bool:
    while error is not None:
        if isinstance(error, OutOfBudget):
            return True
        error = error.__context__
    return False


def run_main(argv: list[str]) -> tuple[int | None, str, str]:
    """(status, stdout, stderr); status None when the budget ran out."""
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO("")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), budget(BUDGET_S):
            try:
                status: int | None = main(argv)
            except SystemExit as e:  # --help
                status = e.code if isinstance(e.code, int) else 2
    except BaseException as e:
        # The alarm can land anywhere, e.g. between a search's push and pop,
        # so the error that escapes may be a consequence of it.
        if not interrupted(e):
            raise
        status = None
    finally:
        sys.stdin = stdin
    return status, out.getvalue(), err.getvalue()


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
@settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(ARGV)
@example(["perft", "1100", "-q"])
@example(["svg", "--size", "1" + "0" * 400])
@example(["svg", "--size", "-1"])
@example(["arena", "x", "y"])
@example(["arena", "7", "1"])
@example(["bestmove", "--seed", "9" * 5000])
@pytest.mark.slow
def test_no_arguments_give_a_traceback(argv: list[str]) -> None:
    status, out, err = run_main(argv)
    if status is None:
        return  # accepted, and still working when the budget ran out
    assert status in (0, 2), (argv, status, err)
    if status == 2:
        assert err.startswith("mixtour: ") and err.count("\n") == 1, (argv, err)
        assert len(err) < 400, (argv, err[:400])
    else:
        assert "Traceback" not in err
    if argv[:1] == ["svg"] and status == 0:
        assert 'width="-' not in out
