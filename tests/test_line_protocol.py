"""The engine protocol (``python -m mixtour engine``) while it searches:
``stop`` answers at once with the best move so far, ``quit`` ends a search
and the engine, ``isready`` is answered during a search, and hostile
numbers get plain errors. Plus a Hypothesis fuzz of command lines.

A search of depth 30 would run for hours on this engine; the hang guard
of each read (30 s) is what an unanswered ``stop`` runs into.
"""

from __future__ import annotations

import io
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mixtour.mixtour.ai import choose_move
from mixtour.mixtour.ai.tools import line_protocol as engine_module
from mixtour.mixtour.ai.tools.line_protocol import UNTIMED_MS, Engine, run_engine
from mixtour.mixtour.core import Action, Position

ROOT = Path(__file__).resolve().parent.parent
HANG_GUARD_S = 30


class EngineProcess:
    """``python -m mixtour engine`` with a line reader that never blocks a test forever."""

    def __init__(self) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mixtour", "engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env=env,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix: str) -> list[str]:
        """Lines up to and including the first that starts with ``prefix``."""
        seen: list[str] = []
        while True:
            try:
                line = self.lines.get(timeout=HANG_GUARD_S)
            except queue.Empty:
                raise AssertionError(f"no {prefix!r} within {HANG_GUARD_S} s: {seen}") from None
            if line is None:
                raise AssertionError(f"the engine ended before {prefix!r}: {seen}")
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=HANG_GUARD_S)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()


@pytest.fixture
def engine() -> Any:
    process = EngineProcess()
    yield process
    process.close()


def test_stop_answers_at_once_with_the_best_move_so_far(engine: EngineProcess) -> None:
    engine.send("position startpos moves c3 b4")
    engine.send("go depth 30")
    engine.read_until("info depth 3 ")
    engine.send("stop")
    best = engine.read_until("bestmove ")[-1].split()[1]
    after = Position()
    for text in ("c3", "b4"):
        after.push(Action.parse(text).code)
    assert Action.parse(best).code in after.legal_actions()
    # The engine goes on: a new search, stopped again.
    engine.send("isready")
    engine.read_until("readyok")
    engine.send("go depth 30")
    engine.read_until("info depth 2 ")
    engine.send("stop")
    engine.read_until("bestmove ")


def test_isready_is_answered_while_searching(engine: EngineProcess) -> None:
    engine.send("go depth 30")
    engine.read_until("info depth 2 ")
    engine.send("isready")
    lines = engine.read_until("readyok")
    assert not any(line.startswith("bestmove") for line in lines)
    engine.send("stop")
    engine.read_until("bestmove ")


def test_quit_during_a_search_ends_the_engine(engine: EngineProcess) -> None:
    engine.send("go depth 30")
    engine.read_until("info depth 3 ")
    engine.send("quit")
    assert engine.proc.wait(timeout=HANG_GUARD_S) == 0


def test_commands_after_go_wait_for_its_answer() -> None:
    out = io.StringIO()
    script = "go depth 2\nposition startpos moves c3\nd\ngo depth 1\n"
    assert run_engine(io.StringIO(script), out) == 0
    lines = out.getvalue().splitlines()
    answers = [ln for ln in lines if ln.startswith(("bestmove", "info string position"))]
    assert [a.split()[0] for a in answers] == ["bestmove", "info", "bestmove"]
    assert answers[1] == "info string position 5/5/2,w,2/5/5 r 19/20 0/0 1 c3"


def test_a_search_limited_by_depth_alone_has_a_time_limit(monkeypatch: Any) -> None:
    calls: list[dict[str, Any]] = []
    real = choose_move

    def spy(position: Position, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return real(position, **{**kwargs, "depth": 1})

    monkeypatch.setattr(engine_module, "choose_move", spy)
    run_engine(io.StringIO("go depth 8\ngo nodes 100000000\ngo depth 8 time 500\n"), io.StringIO())
    assert [c["time_ms"] for c in calls] == [UNTIMED_MS, UNTIMED_MS, 500]
    assert UNTIMED_MS <= 60_000


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("setoption seed 1" + "0" * 5_000, "seed: '1000"),
        ("setoption seed 12.5", "seed: '12.5' is not a whole number"),
        ("setoption level 1" + "0" * 5_000, "level '1000"),
        ("go time 1" + "0" * 5_000, "go time: '1000"),
        ("go time 600001", "go time: '600001' is out of range: expected 1 to 600000"),
        ("go depth 0", "go depth: '0' is out of range"),
        ("go nodes ١٢", "go nodes: '١٢' is not a whole number"),
        ("x" * 100_000, "unknown command 'xxxx"),
    ],
)
def test_hostile_numbers_get_a_plain_error(line: str, words: str) -> None:
    out = io.StringIO()
    run_engine(io.StringIO(line + "\nisready\n"), out)
    lines = out.getvalue().splitlines()
    assert lines[-1] == "readyok"
    (error,) = lines[:-1]
    assert error.startswith("info string error: ") and words in error, error
    assert len(error) < 200
    assert "int_max_str_digits" not in error and "Exceeds the limit" not in error


COMMANDS = ["isready", "position", "setoption", "go", "stop", "d", "uci", "x", "quit"]
WORDS = [
    "startpos", "moves", "c3", "b4", "b4-c3", "pass", "level", "seed", "name", "value",
    "time", "movetime", "depth", "nodes", "1", "2", "0", "-1", "1e9", "9" * 30, "9" * 5000,
    "١", "nan", "5/5/5/5/5_w_20/20_0/0_1_-", "{", "", "\x00", "master",
]  # fmt: skip
LINES = st.lists(st.sampled_from(COMMANDS + WORDS), max_size=8).map(" ".join)


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
@settings(deadline=None, max_examples=80, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINES, max_size=8))
def test_fuzzed_engine_input_is_always_answered_without_an_exception(lines: list[str]) -> None:
    out = io.StringIO()
    engine = Engine(out)
    engine.level = 2  # a bare "go" stays short
    for line in ["setoption level 2", *lines]:
        if not engine.handle(line):
            break
    engine.stop()
    text = out.getvalue()
    assert "Traceback" not in text
    gos = sum(1 for line in lines if line.split()[:1] == ["go"])
    assert text.count("bestmove") <= gos


def test_bestmove_with_a_depth_alone_has_a_time_limit(monkeypatch: Any, capsys: Any) -> None:
    from mixtour.__main__ import main
    from mixtour.mixtour.ai import player

    calls: list[dict[str, Any]] = []

    def spy(position: Position, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return choose_move(position, **{**kwargs, "depth": 1})

    monkeypatch.setattr(player, "choose_move", spy)
    assert main(["bestmove", "--depth", "40"]) == 0
    assert main(["bestmove", "--nodes", "100000000"]) == 0
    assert main(["bestmove", "--depth", "40", "--time-ms", "700"]) == 0
    assert [c["time_ms"] for c in calls] == [UNTIMED_MS, UNTIMED_MS, 700]
    assert capsys.readouterr().out.count("\n") >= 3
