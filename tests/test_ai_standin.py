"""The arena's measuring sticks: the fixed-depth stand-in for a fast engine
in another language (``depthN``) and the frozen Master v1 (``master-v1``).

The stand-in must be what it claims, a plain alpha-beta over the baseline's
evaluation: at a small depth its score is checked against the baseline's
own search without ordering or table, which computes the same minimax value
the slow way.  All searches here are depth-limited: machine independent.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import commandline
import pytest

from mixtour.mixtour.ai.player import choose_move
from mixtour.mixtour.ai.tools.arena import make_player, opening, player_name, standin_depth
from mixtour.mixtour.ai.tools.baseline import baseline_move
from mixtour.mixtour.ai.tools.frozen import EvaluatorV1, master_v1_search
from mixtour.mixtour.ai.tools.standin import standin_move
from mixtour.mixtour.core import Position

MIDDLE = "5/1,wr,2,rww/5/2,w,1,r/1,rr,1,w,1 w 15/15 0/0 1 c4-b4"
POSITIONS = [
    MIDDLE,
    "5/1,wr,1,w,rww/4,w/2,w,1,rwr/1,rr,3 r 13/14 0/0 1 e3",
    "5/1,wr,r,w,rww/4,w/2,w,1,rwr/1,rr,3 w 13/13 1/0 3 c4",
    "5/1,wb,1,r,rwb/5/2,w,1,b/1,rr,1,w,1 w 10/10/11 0/0/0 1 -",
    *(opening(i, 7, 2, None, 1).fen() for i in range(4)),
]


@pytest.mark.parametrize("fen", POSITIONS)
def test_standin_plays_legal_moves_and_restores_the_position(fen: str) -> None:
    pos = Position(fen)
    r = standin_move(pos, 3)
    assert r.move in pos.legal_actions() and pos.fen() == fen
    assert r.depth == 3


@pytest.mark.parametrize("fen", POSITIONS[:2] + POSITIONS[4:])
@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_standin_score_is_the_plain_minimax_value_of_the_baseline_evaluation(
    fen: str, depth: int
) -> None:
    plain = baseline_move(Position(fen), time_ms=None, depth=depth)
    assert standin_move(Position(fen), depth).score == plain.score


@pytest.mark.parametrize("fen", POSITIONS[:2])
def test_standin_makes_the_same_choice_on_every_run(fen: str) -> None:
    runs = [standin_move(Position(fen), 4) for _ in range(3)]
    assert len({(r.move, r.score, r.nodes) for r in runs}) == 1


def test_standin_ignores_the_arena_time_and_seed() -> None:
    # A fixed-depth engine: neither the time per move nor the seed changes it.
    play = make_player("depth3", time_ms=1, depth=None)
    assert play(Position(MIDDLE), 1) == play(Position(MIDDLE), 99)
    assert play(Position(MIDDLE), 1) == standin_move(Position(MIDDLE), 3).move


def test_standin_names() -> None:
    assert standin_depth("depth5") == 5 and standin_depth("Depth6 ") == 6
    assert standin_depth("master") is None
    for bad in ("depth", "depth0", "depth9", "depthx"):
        with pytest.raises(ValueError):
            standin_depth(bad)
    assert "fixed depth 5" in player_name("depth5")
    assert "master-v1" in player_name("master-v1")


@pytest.mark.parametrize("fen", POSITIONS)
def test_master_v1_plays_legal_moves_the_same_way_every_run(fen: str) -> None:
    pos = Position(fen)
    runs = [
        choose_move(pos, depth=3, seed=2, evaluator=EvaluatorV1(), configure=master_v1_search).move
        for _ in range(2)
    ]
    assert runs[0] == runs[1] and runs[0] in pos.legal_actions() and pos.fen() == fen
    play = make_player("master-v1", time_ms=None, depth=3)
    assert play(Position(fen), 2) == runs[0]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return commandline.run(*args, timeout=300)


def test_arena_plays_the_standin_against_master_v1() -> None:
    proc = _run("arena", "master-v1", "depth2", "--games", "2", "--depth", "1", "-q")
    assert proc.returncode == 0, proc.stderr
    assert "master-v1 (Master before tuning) vs depth2" in proc.stdout
    assert "2 games" in proc.stdout


@pytest.mark.parametrize("name", ["depth0", "depth12", "grandmaster"])
def test_arena_refuses_an_unknown_player_with_a_plain_message(name: str) -> None:
    proc = _run("arena", "master", name, "--games", "2")
    assert proc.returncode == 2
    assert proc.stderr.startswith("mixtour: ") and len(proc.stderr.strip().splitlines()) == 1


def test_a_run_played_in_parts_sums_up_like_the_whole_run(tmp_path: Path) -> None:
    common = ["--depth", "1", "--seed", "3"]
    whole = _run("arena", "2", "depth1", "--games", "6", *common)
    part1 = _run("arena", "2", "depth1", "--games", "4", *common)
    part2 = _run("arena", "2", "depth1", "--games", "2", "--first", "4", *common)
    for proc in (whole, part1, part2):
        assert proc.returncode == 0, proc.stderr
    games = [ln for ln in whole.stdout.splitlines() if ln.startswith("game ")]
    parts = [ln for p in (part1, part2) for ln in p.stdout.splitlines() if ln.startswith("game ")]
    assert [ln.split(" after")[0] for ln in games] == [ln.split(" after")[0] for ln in parts]
    (tmp_path / "1.txt").write_text(part1.stdout)
    (tmp_path / "2.txt").write_text(part2.stdout)
    summary = _run("arena-summary", str(tmp_path / "1.txt"), str(tmp_path / "2.txt"))
    assert summary.returncode == 0, summary.stderr
    heads = ("level ", "A wins", "score", "A's score by seat: w ")
    expected = [ln for ln in whole.stdout.splitlines() if ln.startswith(heads)]
    assert len(expected) == 4 and all(ln in summary.stdout.splitlines() for ln in expected)
    # a run stopped in the middle of a pair: the unfinished pair is left out
    cut = "\n".join(whole.stdout.splitlines()[:6])
    (tmp_path / "cut.txt").write_text(cut)
    stopped = _run("arena-summary", str(tmp_path / "cut.txt"))
    assert "4 games" in stopped.stdout and "left out 1 game" in stopped.stdout


def test_arena_summary_refuses_what_is_not_an_arena_output(tmp_path: Path) -> None:
    (tmp_path / "x.txt").write_text("hello\n")
    for path in (tmp_path / "x.txt", tmp_path / "missing.txt"):
        proc = _run("arena-summary", str(path))
        assert proc.returncode == 2 and proc.stderr.startswith("mixtour: ")
