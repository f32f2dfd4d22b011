"""Tor's computer player: the kit's entry ``"tor"`` through the AI worker
(``web/py/ai_worker.py``) under CPython, the levels, and ``choose_move``."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from mixtour.kit.games import GAMES, game_ai
from mixtour.tor.ai import choose_move, parse_level
from mixtour.tor.ai.levels import LEVELS
from mixtour.tor.ai.tools.arena import opening
from mixtour.tor.core import STANDARD_START, Position, TorError, action_text, parse_action
from mixtour.tor.game import Game

WEB_PY = Path(__file__).resolve().parent.parent / "web" / "py"
if str(WEB_PY) not in sys.path:
    sys.path.insert(0, str(WEB_PY))

import ai_worker  # noqa: E402

PLACED = ["c3", "d5", "b6", "e2"]
TIMED = ("time_ms", "nps")


def answer(request: dict[str, Any]) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(ai_worker.think_now(json.dumps(request)))
    return {k: v for k, v in reply.items() if k not in TIMED}


def test_tor_is_a_game_of_the_kit_with_six_levels() -> None:
    assert "tor" in GAMES
    ai = game_ai("tor")
    assert ai.name == "tor" and ai.start == STANDARD_START
    assert sorted(ai.levels) == [1, 2, 3, 4, 5, 6]
    assert ai.levels[6] is not None and all(ai.levels[n] is None for n in range(1, 6))


@pytest.mark.parametrize(
    ("actions", "level"),
    [([], 1), (["c3"], 2), (PLACED, 3), ([*PLACED, "c3-d4"], 4), ([*PLACED, "c3-d4"], 2)],
)
def test_the_worker_plays_tor_as_tors_player_does(actions: list[str], level: int) -> None:
    expected = choose_move(Game(STANDARD_START, actions).position, level=level, seed=7)
    request = {"id": 4, "game": "tor", "start": STANDARD_START, "actions": actions}
    reply = answer({**request, "level": level, "seed": 7})
    assert reply["move"] == action_text(expected.move)
    assert reply["nodes"] == expected.nodes and reply["depth"] == expected.depth
    assert reply["pv"] == [action_text(m) for m in expected.pv]
    assert Game(STANDARD_START, actions).position.is_legal(parse_action(reply["move"]))
    assert reply["id"] == 4 and reply["level"] == level and reply["cancelled"] is False


def test_the_worker_describes_a_tor_turn_as_plain_data() -> None:
    fen = Game(STANDARD_START, [*PLACED, "c3-d4"]).position.fen()
    reply = answer({"id": 1, "game": "tor", "fen": fen, "level": 3, "seed": 2})
    action = reply["action"]
    assert action["kind"] == "turn"
    text = f"{action['from']}-{action['to']}" + (f"@{action['place']}" if action["place"] else "")
    assert text == reply["move"]
    drop = answer({"id": 2, "game": "tor", "fen": STANDARD_START, "level": 3, "seed": 2})
    assert drop["action"] == {"kind": "drop", "square": drop["move"]}


def test_the_worker_refuses_a_level_tor_lacks() -> None:
    with pytest.raises(ValueError, match="level 9: expected 1 to 6"):
        ai_worker.think_now(json.dumps({"id": 1, "game": "tor", "fen": STANDARD_START, "level": 9}))


def test_a_seeded_search_with_a_node_budget_is_reproducible_and_restores_the_position() -> None:
    pos = Game(STANDARD_START, [*PLACED, "c3-d4", "d5-c5@b5"]).position
    before, history = pos.fen(), pos.history()
    first = choose_move(pos, level=4, seed=3)
    assert pos.fen() == before and pos.history() == history
    again = choose_move(pos, level=4, seed=3)
    assert (first.move, first.nodes, first.pv) == (again.move, again.nodes, again.pv)
    assert pos.is_legal(first.move)


def test_a_stop_request_ends_masters_search_with_a_legal_move() -> None:
    pos = Game(STANDARD_START, [*PLACED, "c3-d4"]).position
    calls = [0]

    def stop() -> bool:
        calls[0] += 1
        return calls[0] > 3

    # A clock that stands still: only the stop request (or, if it is never
    # heeded, the node limit) ends the search, however busy the machine.
    result = choose_move(pos, level=6, stop=stop, seed=1, clock=lambda: 0.0, nodes=200_000)
    assert calls[0] > 3 and pos.is_legal(result.move)
    assert result.nodes < 5 * 1024  # asked every 1024 nodes: it stopped at the next question


def test_every_level_plays_legal_moves_through_a_whole_seeded_game() -> None:
    pos = Position()
    ply = 0
    while not pos.status and ply < 400:
        level = 1 + ply % 3  # the weak levels: a whole game stays quick
        move = choose_move(pos, level=level, seed=ply).move
        assert pos.is_legal(move), f"level {level} chose {action_text(move)} in {pos.fen()}"
        pos.push(move)
        ply += 1
    assert pos.status, "a game of weak players ends well within 400 plies"


def test_choose_move_refuses_a_finished_game() -> None:
    pos = Position(STANDARD_START)
    rng = random.Random(5)
    while not pos.status:
        pos.push(rng.choice(pos.legal_actions()))
    finished = Position(pos.fen()) if pos.winner is not None else pos
    assert finished.status
    with pytest.raises(TorError, match="game is over"):
        choose_move(finished, level=1)


@pytest.mark.parametrize(("text", "level"), [("1", 1), ("6", 6), (" Master ", 6), ("casual", 2)])
def test_levels_are_read_by_number_or_name(text: str, level: int) -> None:
    assert parse_level(text) == level


@pytest.mark.parametrize("text", ["0", "7", "", "grandmaster", "-1"])
def test_a_level_that_does_not_exist_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="expected 1 to 6"):
        parse_level(text)


# Tor's search in Pyodide under Node, median nodes per second of CPU time
# (`node tests/pyodide_bench_tor.mjs`, 2026-11-23): the speed the page has.
BROWSER_NODES_PER_SECOND = 21_735


def test_each_level_searches_more_than_the_one_below_at_the_browsers_speed() -> None:
    """Levels 3-5 spend nodes and Master spends time: at the page's speed,
    Master's time must buy more nodes than Expert's budget, or Master plays
    worse than Expert there (it did: 1.5 s bought about 32,000 nodes
    against Expert's 60,000)."""
    nodes: dict[int, float] = {}
    for number in (3, 4, 5, 6):
        level = LEVELS[number]
        if level.max_nodes is not None:
            nodes[number] = level.max_nodes
        else:
            assert level.time_ms is not None
            nodes[number] = level.time_ms / 1000 * BROWSER_NODES_PER_SECOND
    for number in (4, 5, 6):
        assert nodes[number] >= 2 * nodes[number - 1], (number, nodes)


def test_master_keeps_the_better_move_an_unfinished_iteration_proved() -> None:
    """Cut short by its budget in its second iteration, Master plays the move
    that iteration had already proved better than the first's choice, the
    move the whole second iteration chooses too; Expert, whose search is
    not sharp, keeps its first iteration's move when cut short."""
    for index, nodes in ((2, 2_000), (3, 1_000)):
        pos = opening(index, 3)
        for ply in range(4):
            pos.push(choose_move(pos, level=2, seed=ply).move)
        for level, keeps_the_proof in ((6, True), (5, False)):
            cut = choose_move(pos, level=level, nodes=nodes, seed=0)
            first = choose_move(pos, level=level, depth=1, seed=0)
            second = choose_move(pos, level=level, depth=2, seed=0)
            assert cut.depth == 1, "the second iteration was cut short"
            assert first.move != second.move
            assert cut.move == (second.move if keeps_the_proof else first.move), level
    assert [n for n, lv in LEVELS.items() if lv.sharp] == [6]


def test_master_prunes_late_moves_and_master_v2_does_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """Master's nodes near the leaves try only their first actions (the
    kit's late-move pruning, ``Level.lmp``) and reduce their late actions
    from depth 2 (``Level.lmr_from``); the frozen ``master-v2``, the
    measure Master is taken against, searches as it always did."""
    import mixtour.tor.ai.player as player
    import mixtour.tor.ai.tools.frozen as frozen
    from mixtour.kit.search import LMR_FROM, Searcher

    seen: list[tuple[str, tuple[int, ...], int]] = []

    def spying(name: str) -> type[Searcher[Position]]:
        class Spy(Searcher[Position]):
            def root_search(
                self, depth: int, moves: list[int], alpha: int, beta: int
            ) -> tuple[int, int]:
                seen.append((name, self.lmp, self.lmr_from))
                return super().root_search(depth, moves, alpha, beta)

        return Spy

    monkeypatch.setattr(player, "Searcher", spying("master"))
    monkeypatch.setattr(frozen, "Searcher", spying("master-v2"))
    pos = opening(1, 3)
    choose_move(pos, level=6, nodes=3_000, seed=1)
    frozen.master_v2_move(pos, 1, 30)
    assert LEVELS[6].lmp and all(lv.lmp == () for n, lv in LEVELS.items() if n != 6)
    assert LEVELS[6].lmr_from == 2 and all(
        lv.lmr_from == LMR_FROM for n, lv in LEVELS.items() if n != 6
    )
    assert {name for name, _, _ in seen} == {"master", "master-v2"}
    master = (LEVELS[6].lmp, LEVELS[6].lmr_from)
    frozen_v2 = ((), LMR_FROM)
    assert all((lmp, lmr) == (master if name == "master" else frozen_v2) for name, lmp, lmr in seen)


def test_reductions_from_depth_two_cost_master_fewer_nodes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The late actions of Master's nodes of depth 2 are scored by the
    evaluation alone: a search to a fixed depth takes far fewer nodes."""
    from dataclasses import replace

    # Middle games of seeded games between level 2s (the bench's positions).
    fens = (
        "O...OY/BRwBRBR/oYYOYOY/BrYbYRBrO/O..YoRY/B.Bk..R/oBYwoRY.yR/BrOkB.BR w O",
        "OYOYOY/BkrYBRBR/OyROYOY/BRBrO.Rk/OwYO.OY/BRB.BR/OY.YwOY/BRBRBR w B",
        "OYOYOY/BR.RBR/oYYOYOk./BRBwRBR/Ok.OYOY/.RwBRBR/OYoYYOY/BrBBRBR b B",
    )
    nodes = {}
    for lmr_from in (3, 2):
        monkeypatch.setitem(LEVELS, 6, replace(LEVELS[6], lmr_from=lmr_from))
        nodes[lmr_from] = sum(
            choose_move(Position(fen), level=6, depth=3, seed=1).nodes for fen in fens
        )
    assert nodes[2] < 0.5 * nodes[3], nodes
