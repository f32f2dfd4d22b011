"""Tor's command line (T7), ``python -m mixtour tor perft|legal|apply``: run
as a subprocess as another program would, and fuzzed in this process with
Hypothesis (whatever the arguments, status 0 or 2, and 2 comes with exactly
one line on stderr)."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys

import commandline
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mixtour.__main__ import main
from mixtour.tor.game import Game

PLACED = ["c3", "d5", "b6", "e2"]
AFTER_FIRST_TURN = "OYOYOY/BRBRBR/OYwOYOY/BRBRkBR/OYOYwOY/BR.RBR/OYOYOkY/BRBRBR b B"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Tor's command ``args``."""
    return commandline.run("tor", *args, stdin=stdin)


def test_tor_perft_prints_time_and_rate_then_the_count() -> None:
    out = run("perft", "3")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[-1] == "60480"  # 48 * 36 * 35: see test_tor_perft
    assert lines[0].startswith("time: ") and "leaves/s" in lines[0]
    assert lines[1].startswith("push/pop: ") and lines[1].endswith(" per second")


def test_tor_perft_divide_and_quiet() -> None:
    out = run("perft", "2", "--divide", "-q")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    rows = dict(line.split(": ") for line in lines[:-1])
    assert len(rows) == 48 and set(rows.values()) == {"36"}
    assert lines[-1] == "1728"


def test_tor_legal_lists_sorted_actions_on_one_line() -> None:
    out = run("legal", *PLACED)
    assert out.returncode == 0, out.stderr
    words = out.stdout.split()
    assert out.stdout.count("\n") == 1 and words == sorted(words)
    # White's first turn: no token to place, so no '@'.
    assert words and all("@" not in w for w in words)
    out = run("legal", "--position", AFTER_FIRST_TURN)
    assert all("@" in w for w in out.stdout.split())


def test_tor_legal_stdin_answers_one_line_per_line() -> None:
    lines = ["", " ".join(PLACED), "zz", "c3 c3", " ".join(PLACED) + " c3-d4@a1"]
    out = run("legal", "--stdin", stdin="\n".join(lines) + "\n")
    assert out.returncode == 0, out.stderr
    answers = out.stdout.splitlines()
    assert len(answers) == len(lines)
    assert len(answers[0].split()) == 48
    assert answers[1] == run("legal", *PLACED).stdout.strip()
    assert answers[2].startswith("error: ") and "zz" in answers[2]
    assert answers[3] == "error: c3: White's pawn already stands on c3"
    assert answers[4] == "error: c3-d4@a1: you hold no token to place"


def test_tor_apply_prints_the_position_string() -> None:
    out = run("apply", *PLACED, "c3-d4")
    assert (out.returncode, out.stdout) == (0, AFTER_FIRST_TURN + "\n")
    out = run("apply", "-p", AFTER_FIRST_TURN, "d5-c4@d3")
    assert out.returncode == 0 and out.stdout.endswith(" w R\n")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["apply", "zz"], "'zz' is not an action"),
        (["apply", "c3", "c3"], "White's pawn already stands on c3"),
        (["apply", *PLACED, "c3-e5"], "cannot reach e5"),
        (["legal", "--position", "OYOYOY w -"], "8 ranks"),
        (["legal", "-p", AFTER_FIRST_TURN.replace(" b B", " b BB")], "token in hand"),
        (["perft", "two"], "'two' is not a whole number"),
        (["perft", "51", "-q"], "'51' is out of range: expected 0 to 50"),
        (["perft", "9" * 5000], "out of range"),
        (["frobnicate"], "invalid choice"),
        ([], "tor_command"),
    ],
)
def test_tor_bad_input_one_line_on_stderr_and_status_2(args: list[str], words: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1, out.stderr
    assert out.stderr.startswith("mixtour: ") and words in out.stderr
    assert len(out.stderr) < 300


def run_main(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(argv)
            except SystemExit as e:  # --help
                status = e.code if isinstance(e.code, int) else 2
    finally:
        sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


COMMANDS = ["perft", "legal", "apply"]
OPTIONS = ["--position", "-p", "--divide", "--quiet", "-q", "--stdin", "--help"]
VALUES = [
    "0", "1", "2", "-1", "51", "1e40", "9" * 5000, "x", "", " ", "١", "c3", "C3", "d5", "b6",
    "e2", "c3-d4", "c3-d4@a1", "c3-c3", "c3@d4", "zz", "a1-b2@", AFTER_FIRST_TURN,
    AFTER_FIRST_TURN.replace(" ", "_"), AFTER_FIRST_TURN[:-1] + "Q", "OYOYOY/" * 8 + " w -",
    "{" * 500, "\x00", "\u2028", "é",
]  # fmt: skip
LINES = st.lists(st.sampled_from(VALUES[11:22]) | st.text(max_size=8), max_size=6).map(" ".join)
ARGV = st.one_of(
    st.tuples(
        st.sampled_from(COMMANDS),
        st.lists(st.sampled_from(OPTIONS + VALUES), max_size=6),
    ).map(lambda t: ["tor", t[0], *t[1]]),
    st.lists(st.text(max_size=12), max_size=3).map(lambda rest: ["tor", *rest]),
)


@settings(deadline=None, max_examples=120, suppress_health_check=[HealthCheck.too_slow])
@given(ARGV, st.lists(LINES, max_size=4).map("\n".join))
@example(["tor", "perft", "9" * 5000], "")
@example(["tor", "legal", "--stdin"], "c3 c3\n\x00\nc3-d4@z9")
@example(["tor", "apply", "-p", "{" * 500], "")
def test_tor_command_line_never_gives_a_traceback(argv: list[str], stdin: str) -> None:
    # perft above depth 3 from the start would take long: keep what is fuzzed quick.
    if argv[1:2] == ["perft"] and any(a.isdigit() and len(a) < 3 and int(a) > 3 for a in argv):
        return
    status, out, err = run_main(argv, stdin)
    assert status in (0, 2), (argv, status, err)
    if status == 2:
        assert err.startswith("mixtour: ") and err.count("\n") == 1, (argv, err)
        assert len(err) < 400
    else:
        assert "Traceback" not in err
        if "--stdin" in argv and "legal" in argv and "--help" not in argv and "-h" not in argv:
            assert out.count("\n") == len(io.StringIO(stdin).readlines())


# -- bestmove (the computer player) ------------------------------------------


def test_tor_bestmove_prints_a_legal_turn_in_t6() -> None:
    out = run("bestmove", *PLACED, "c3-d4", "--level", "3", "--seed", "1")
    assert out.returncode == 0, out.stderr
    (line,) = out.stdout.splitlines()
    legal = run("legal", *PLACED, "c3-d4").stdout.split()
    assert line in legal and "@" in line


def test_tor_bestmove_from_a_position_plays_the_hem() -> None:
    # White steps d7-d8 onto yellow (so yellow and orange are closed to
    # Black) and lays the yellow token in hand on b7: Black's pawns on a7 and
    # c7 are left without a step (T4).
    fen = "OYOY.Y/BkRBkRwbOR/OwYO.OY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR w Y"
    out = run("bestmove", "--position", fen, "--level", "3", "--verbose")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("info depth 1 score win 1")
    after = run("legal", "--position", fen, lines[-1])
    assert after.returncode == 0 and after.stdout == "\n"  # the game is over


@pytest.mark.parametrize(
    "args",
    [
        ["bestmove", "c3", "zz"],
        ["bestmove", "--level", "9"],
        ["bestmove", "--level", "grandmaster"],
        ["bestmove", "--time-ms", "0"],
        ["bestmove", "--position", "OYOYOY w -"],
        ["bestmove", "c3", "c3"],
    ],
)
def test_tor_bestmove_refuses_bad_input_with_one_line_and_status_2(args: list[str]) -> None:
    out = run(*args)
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.splitlines()) == 1, out.stderr


def test_tor_bestmove_after_the_end_of_the_game_says_so() -> None:
    fen = "OYOY.Y/BkRBkRwbOR/OwYO.OY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR w Y"
    hem = run("bestmove", "--position", fen, "--level", "3").stdout.strip()
    out = run("bestmove", "--position", fen, hem)
    assert out.returncode == 2 and "game is over" in out.stderr
    assert len(out.stderr.splitlines()) == 1


@pytest.mark.parametrize("command", [["arena", "1", "2", "--pairs", "1"], ["bench-ai"]])
def test_arena_and_bench_ai_refuse_a_position_instead_of_ignoring_it(command: list[str]) -> None:
    for position, words in (
        ("garbage", "3 fields"),
        (Game(None, ["c3"]).fen(), "--position is not used here"),
    ):
        out = run(*command, "--position", position)
        assert out.returncode == 2, out.stderr
        assert out.stderr.startswith("mixtour: ") and out.stderr.count("\n") == 1, out.stderr
        assert words in out.stderr
