"""The AI's interface and tools: reproducibility, legal moves at every level
and in every variant, the engine protocol, the bestmove and arena commands.

Searches here are depth- or node-limited so that the suite is fast and its
results do not depend on the machine; speed figures come from
``python -m mixtour bench-ai``, never from a test.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable

import commandline
import pytest

from mixtour.mixtour.ai import LEVELS, Evaluator, SearchResult, Weights, choose_move, parse_level
from mixtour.mixtour.ai.levels import SHARP_RFP
from mixtour.mixtour.ai.search import WIN
from mixtour.mixtour.ai.tools.arena import elo_interval, opening
from mixtour.mixtour.ai.tools.baseline import baseline_move
from mixtour.mixtour.core import Action, MixtourError, Position, action_text

MIDDLE = "5/1,wr,2,rww/5/2,w,1,r/1,rr,1,w,1 w 15/15 0/0 1 c4-b4"
VARIANTS = {
    "two players": MIDDLE,
    "start": "5/5/5/5/5 w 20/20 0/0 1 -",
    "target 3": "5/1,wr,r,w,rww/4,w/2,w,1,rwr/1,rr,3 w 13/13 1/0 3 c4",
    "few discs": "5/5/2,w,2/3,r,1/5 w 6/6 0/0 2 d2",
    "three players": "5/1,wb,1,r,rwb/5/2,w,1,b/1,rr,1,w,1 w 10/10/11 0/0/0 1 -",
    "three players, red": "5/1,wb,1,r,rwb/5/2,w,1,b/1,rr,w,w,1 r 9/10/11 0/0/0 1 c1",
}


def _key(r: SearchResult) -> tuple[object, ...]:
    return (
        r.move,
        r.score,
        r.depth,
        r.nodes,
        r.pv,
        [(i.depth, i.score, i.nodes, i.pv) for i in r.iterations],
    )


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_same_seed_and_depth_give_the_same_search(level: int) -> None:
    runs = [choose_move(Position(MIDDLE), depth=3, level=level, seed=11) for _ in range(2)]
    assert _key(runs[0]) == _key(runs[1])


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_node_budget_levels_are_reproducible(level: int) -> None:
    runs = [choose_move(Position(MIDDLE), level=level, seed=5) for _ in range(2)]
    assert _key(runs[0]) == _key(runs[1])


def test_search_reports_depth_score_line_nodes_time() -> None:
    pos = Position(MIDDLE)
    infos: list[str] = []
    r = choose_move(pos, depth=4, seed=1, on_info=lambda i: infos.append(i.line()))
    assert r.depth == 4 and r.nodes > 0 and r.time_ms >= 0
    assert r.pv[0] == r.move and r.action == Action(r.move) and r.text == action_text(r.move)
    assert len(infos) == 4 and infos[-1].startswith("info depth 4 score ")
    # the principal line is playable from the position
    for a in r.pv:
        assert a in pos.legal_actions()
        pos.push(a)


def test_a_stop_request_ends_the_search_with_the_best_move_so_far() -> None:
    asked = 0

    def stop() -> bool:
        nonlocal asked
        asked += 1
        return asked > 3  # true from the fourth question on

    pos = Position(MIDDLE)
    r = choose_move(pos, depth=30, nodes=200_000, seed=1, stop=stop)
    assert asked > 3  # the search asked, and stopped when told
    assert r.depth < 30 and r.move in pos.legal_actions()
    assert r.nodes < 5 * 1024  # asked every 1024 nodes: it stopped at the next question
    assert pos.fen() == MIDDLE


def test_search_restores_the_position_and_its_history() -> None:
    pos = Position()
    for text in ["c3", "b4", "b4-c3", "d2"]:
        pos.push(Action.parse(text).code)
    before, history = pos.fen(), pos.history()
    choose_move(pos, depth=3, seed=1)
    assert pos.fen() == before and pos.history() == history


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_level_plays_a_legal_move_in_every_variant(level: int, name: str) -> None:
    pos = Position(VARIANTS[name])
    # Master plays on the clock; a node budget keeps the test machine-independent.
    r = choose_move(pos, level=level, seed=3, nodes=3000 if level == 6 else None)
    assert r.move in pos.legal_actions()
    assert r.level == level


def test_forced_pass_is_returned() -> None:
    # White has no reserve and no move: the only action is to pass.
    pos = Position("r,4/5/w,1,w,1,r/5/w,1,w,1,w w 0/3 0/0 1 -")
    assert pos.legal_actions() == [Action.pass_().code]
    assert choose_move(pos, depth=3, seed=1).text == "pass"


def test_game_over_raises() -> None:
    pos = Position("5/5/5/5/5 w 20/20 1/0 1 -")
    with pytest.raises(MixtourError):
        choose_move(pos, depth=1)


def test_injected_evaluator_is_used() -> None:
    calls: list[int] = []

    class Counting:
        def evaluate(self, pos: Position, root: int) -> int:
            calls.append(root)
            return 0

    choose_move(Position(MIDDLE), depth=2, seed=1, evaluator=Counting())
    assert calls
    tuned = Evaluator(Weights(reserve=5))
    assert (
        choose_move(Position(MIDDLE), depth=2, seed=1, evaluator=tuned).move
        in Position(MIDDLE).legal_actions()
    )


def test_higher_target_prefers_scoring_a_point() -> None:
    # Target 3: a3:3-c3 scores White's first point; nothing else comes close.
    pos = Position("5/5/rrw,1,ww,2/5/5 w 17/18 0/0 3 -")
    r = choose_move(pos, depth=3, seed=1)
    assert r.text == "a3:3-c3"
    assert 0 < r.score < WIN - 1000


def test_levels_parse_by_number_and_name() -> None:
    assert parse_level("master") == 6 and parse_level("1") == 1 and parse_level(3) == 3
    assert [LEVELS[n].name for n in range(1, 7)] == [
        "Beginner",
        "Casual",
        "Intermediate",
        "Advanced",
        "Expert",
        "Master",
    ]
    with pytest.raises(ValueError):
        parse_level("7")


@pytest.mark.parametrize("fen", [MIDDLE, VARIANTS["three players"]])
def test_baseline_plays_legal_moves(fen: str) -> None:
    pos = Position(fen)
    r = baseline_move(pos, time_ms=None, depth=2)
    assert r.move in pos.legal_actions() and pos.fen() == fen


def test_arena_openings_and_elo() -> None:
    assert opening(3, 1, 2, None, 1) == opening(3, 1, 2, None, 1)
    score, elo, lo, hi = elo_interval([1.0, 0.5, 1.0, 0.0])
    assert score == 0.625 and lo < elo < hi


# -- command line ----------------------------------------------------------------


def _run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return commandline.run(*args, stdin=stdin)


def test_bestmove_prints_a_legal_move_last() -> None:
    proc = _run("bestmove", "--position", MIDDLE, "--depth", "3", "--seed", "2")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert lines[0].startswith("info depth 1 ")
    assert Action.parse(lines[-1]).code in Position(MIDDLE).legal_actions()


def test_bestmove_bad_input_exits_2() -> None:
    proc = _run("bestmove", "--position", "nonsense", "--depth", "1")
    assert proc.returncode == 2 and proc.stderr.startswith("mixtour: ")
    assert len(proc.stderr.strip().splitlines()) == 1


def test_engine_protocol() -> None:
    script = "\n".join(
        [
            "isready",
            "position startpos moves c3 b4",
            "go depth 3",
            "position this is not a position",
            "isready",
            f"position {MIDDLE}",
            "setoption level 4",
            "go depth 2",
            "quit",
            "isready",  # after quit: never answered
        ]
    )
    proc = _run("engine", stdin=script + "\n")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "readyok"
    best = [ln.split()[1] for ln in lines if ln.startswith("bestmove ")]
    assert len(best) == 2
    after = Position()
    after.push(Action.parse("c3").code)
    after.push(Action.parse("b4").code)
    assert Action.parse(best[0]).code in after.legal_actions()
    assert Action.parse(best[1]).code in Position(MIDDLE).legal_actions()
    infos = [ln for ln in lines if ln.startswith("info depth ")]
    assert any(" score " in ln and " nodes " in ln and " pv " in ln for ln in infos)
    errors = [ln for ln in lines if ln.startswith("info string error:")]
    assert len(errors) == 1
    # the engine survived the bad position: readyok after it, then the search
    assert lines.count("readyok") == 2


def test_arena_runs_and_summarizes() -> None:
    proc = _run("arena", "2", "random", "--games", "2", "--depth", "1", "--seed", "4")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "2 games" in out and "A wins" in out and "score" in out and "Elo difference" in out


def test_master_searches_with_its_own_switches_and_master_v1_without() -> None:
    from mixtour.mixtour.ai.search import Searcher
    from mixtour.mixtour.ai.tools.frozen import master_v1_search

    seen: dict[str, tuple[bool, bool, int]] = {}

    def spy(
        name: str, then: Callable[[Searcher], None] | None = None
    ) -> Callable[[Searcher], None]:
        def configure(s: Searcher) -> None:
            if then is not None:
                then(s)
            seen[name] = (s.deep_lmr, s.keep_partial, s.rfp)

        return configure

    for level in sorted(LEVELS):
        choose_move(Position(MIDDLE), level=level, seed=1, nodes=500, configure=spy(str(level)))
    choose_move(Position(MIDDLE), seed=1, nodes=500, configure=spy("v1", master_v1_search))
    assert SHARP_RFP > 0
    sharp = {str(n): (n == 6, n == 6, SHARP_RFP if n == 6 else 0) for n in LEVELS}
    assert seen == {**sharp, "v1": (False, False, 0)}


@pytest.mark.parametrize(("switch", "on"), [("deep_lmr", True), ("rfp", SHARP_RFP)])
@pytest.mark.slow
def test_deeper_reductions_reach_a_depth_with_fewer_nodes(switch: str, on: object) -> None:
    from mixtour.mixtour.ai.search import Searcher
    from mixtour.mixtour.ai.tools.bench import BENCH_POSITIONS

    nodes = {False: 0, True: 0}
    for _, fen in BENCH_POSITIONS:
        if Position(fen).players != 2:
            continue
        for deep in nodes:

            def configure(s: Searcher, deep: bool = deep) -> None:
                s.deep_lmr = False
                s.rfp = 0
                if deep:
                    setattr(s, switch, on)

            result = choose_move(Position(fen), depth=5, seed=1, configure=configure)
            assert result.depth == 5
            nodes[deep] += result.nodes
    assert nodes[True] < 0.95 * nodes[False], nodes
