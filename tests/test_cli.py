"""The command line, ``python -m mixtour perft|legal|apply``, run as a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import commandline
import pytest

from mixtour.mixtour.ai.tools.bench import BENCH_POSITIONS

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return commandline.run(*args, stdin=stdin)


def test_cli_perft() -> None:
    out = run("perft", "3")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1] == "14088"


def test_cli_perft_quiet_prints_only_the_count() -> None:
    out = run("perft", "2", "-q", "--position", "5/5/5/5/5 w 15/15/15 0/0/0 1 -")
    assert (out.returncode, out.stdout) == (0, "600\n")


def test_cli_perft_divide() -> None:
    out = run("perft", "3", "--divide", "--quiet")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[-1] == "14088"
    rows = dict(line.split(": ") for line in lines[:-1])
    assert len(rows) == 25
    assert rows["a1"] == "558"  # see test_perft.test_perft_divide_start
    assert sum(int(n) for n in rows.values()) == 14088


def test_cli_legal_sorted() -> None:
    out = run("legal", "c3", "b4")
    assert out.returncode == 0, out.stderr
    words = out.stdout.split()
    assert out.stdout.count("\n") == 1
    assert words == sorted(words)
    # 23 empty squares to enter, and the neighbours c3 and b4 onto each other.
    assert set(words) == {f + r for f in "abcde" for r in "12345"} - {"c3", "b4"} | {
        "b4-c3",
        "c3-b4",
    }


def test_cli_legal_with_position() -> None:
    out = run("legal", "--position", "5/5/w,1,w,2/5/w,1,w,1,w w 0/5 0/0 1 -")
    assert (out.returncode, out.stdout) == (0, "pass\n")


def test_cli_legal_stdin_one_line_per_line() -> None:
    lines = ["", "c3 b4", "zz", "c3 c3", "c3 b4 b4-c3"]
    out = run("legal", "--stdin", stdin="\n".join(lines) + "\n")
    assert out.returncode == 0, out.stderr
    answers = out.stdout.splitlines()
    assert len(answers) == len(lines)
    assert len(answers[0].split()) == 25
    assert answers[1] == run("legal", "c3", "b4").stdout.strip()
    assert answers[2].startswith("error: ") and "zz" in answers[2]
    assert answers[3].startswith("error: ") and "occupied" in answers[3]
    assert "pass" not in answers[4]


def test_cli_apply_prints_p1() -> None:
    out = run("apply", "c3", "b4")
    assert (out.returncode, out.stdout) == (0, "5/1,r,3/2,w,2/5/5 w 19/19 0/0 1 b4\n")
    out = run("apply", "-p", "5/5/5/5/rr,w,3 r 19/18 0/0 1 b1-a1", "a1:2-b1")
    assert out.stdout == "5/5/5/5/1,wrr,3 w 19/18 0/0 1 a1:2-b1\n"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["apply", "zz"], "zz"),
        (["apply", "c3", "c3"], "occupied"),
        (["legal", "--position", "5/5/5/5 w 20/20 0/0 1 -"], "5 ranks"),
        (["apply", "-p", "5/5/5/5/rr,w,3 r 19/18 0/0 1 b1-a1", "a1-b1"], "take back White's"),
        (["perft", "two"], "'two' is not a whole number"),
        (["perft", "-1"], "DEPTH"),
        (["frobnicate"], "invalid choice"),
        ([], "command"),
        (["perft", "1100", "-q"], "'1100' is out of range: expected 0 to 50"),
        (["perft", "١"], "'١' is not a whole number"),
        (["svg", "--size", "1e40"], "'1e40' is not a whole number"),
        (["svg", "--size", "1" + "0" * 400], "is out of range: expected 1 to 100000"),
        (["svg", "--size", "-1"], "'-1' is out of range"),
        (["svg", "--size", "0"], "'0' is out of range"),
        (["arena", "x", "y"], "level 'x': expected 1 to 6"),
        (["arena", "7", "1"], "level 7: expected 1 to 6"),
        (["arena", "1", "2", "--jobs", "100000"], "'100000' is out of range: expected 1 to 64"),
        (["arena", "1", "2", "--discs", "1" + "0" * 5000], "--discs: '1000"),
        (["bestmove", "--seed", "1" + "0" * 5000], "--seed: '1000"),
        (["bestmove", "--time-ms", "600001"], "expected 1 to 600000"),
        (["bestmove", "--level", "9" * 5000], "level '9999"),
        (["bench-ai", "--runs", "0"], "'0' is out of range"),
        (["bench-ai", "--profile", "0"], "'0' is out of range"),
    ],
)
def test_cli_bad_input_one_line_on_stderr_and_status_2(args: list[str], words: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1, out.stderr
    assert out.stderr.startswith("mixtour: ")
    assert words in out.stderr
    assert len(out.stderr) < 300


def test_cli_reader_that_stops_early_gets_no_traceback() -> None:
    # Like `python -m mixtour legal --stdin < many-lines | head -1`.
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "mixtour", "legal", "--stdin"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=env,
    )
    assert proc.stdout is not None and proc.stdin is not None
    proc.stdin.write(b"c3\n")
    proc.stdin.flush()
    assert proc.stdout.readline().startswith(b"a1 ")
    proc.stdout.close()
    try:
        proc.stdin.write(b"c3 b4\n" * 20_000)
        proc.stdin.close()
    except BrokenPipeError:
        pass  # it has already stopped reading, which is the point
    err = proc.stderr.read() if proc.stderr else b""
    proc.wait(timeout=120)
    assert b"Traceback" not in err
    assert proc.returncode == 0


def test_cli_bench_ai_profile_lists_where_the_search_spends_its_time() -> None:
    out = run("bench-ai", "--profile", "400")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[1].startswith("400 nodes per position")
    rows = lines[3:]
    names = {row.split()[3] for row in rows}
    assert {"tactics", "evaluate", "push", "pop"} <= names, names
    shares = [float(row.split()[0].rstrip("%")) for row in rows]
    assert shares == sorted(shares, reverse=True)
    assert 50 < sum(shares) <= 100.5


def test_cli_bench_ai_measures_master_v1_for_the_figures_before() -> None:
    out = run("bench-ai", "--player", "master-v1", "--time-ms", "20", "--runs", "1")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[1].startswith("master-v1: search time 20 ms")
    assert [line.split()[0] for line in lines[2:]] == [
        *(name for name, _ in BENCH_POSITIONS),
        "median",
    ]
    bad = run("bench-ai", "--player", "master-v2")
    assert bad.returncode != 0 and "invalid choice" in bad.stderr


def test_bench_searches_with_the_player_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    import mixtour.mixtour.ai.tools.bench as bench
    from mixtour.mixtour.ai.player import choose_move
    from mixtour.mixtour.ai.tools.frozen import EvaluatorV1, master_v1_search

    seen: list[dict[str, object]] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs)
        return choose_move(*args, **kwargs)

    monkeypatch.setattr(bench, "choose_move", spy)
    monkeypatch.setattr(bench, "BENCH_POSITIONS", bench.BENCH_POSITIONS[:1])
    bench.run_bench(5, 1, lambda line: None, player="master-v1")
    bench.run_bench(5, 1, lambda line: None)
    assert isinstance(seen[0]["evaluator"], EvaluatorV1)
    assert seen[0]["configure"] is master_v1_search
    assert "evaluator" not in seen[1] and "configure" not in seen[1]
    with pytest.raises(ValueError):
        bench.run_bench(5, 1, lambda line: None, player="nobody")


def test_puzzles_check_of_deeply_nested_json_is_one_line(tmp_path: Path) -> None:
    """A RecursionError traceback once: now one line and status 2."""
    nested = tmp_path / "nested.json"
    nested.write_text('{"puzzles": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    out = run("puzzles", "--check", str(nested))
    assert out.returncode == 2, out.stderr
    assert out.stderr.startswith("mixtour: ") and out.stderr.count("\n") == 1, out.stderr
    assert "nested too deeply" in out.stderr


@pytest.mark.parametrize("option", ["--out", "--data"])
def test_tune_eval_refuses_a_file_it_cannot_write_before_any_work(
    tmp_path: Path, option: str
) -> None:
    """The traceback came after all the games were played: now refused at once."""
    for bad in (tmp_path / "no-such-folder" / "w.json", tmp_path):
        out = run("tune-eval", "--games", "2000", option, str(bad))
        assert out.returncode == 2, out.stderr
        assert out.stderr.startswith("mixtour: ") and out.stderr.count("\n") == 1, out.stderr
        assert option in out.stderr
        assert out.stdout == ""  # no game was played
