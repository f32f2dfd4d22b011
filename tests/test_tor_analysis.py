"""Tor's analysis board under CPython: the kit's continuous analysis with
Tor's plug-in (mixtour/tor/ai/analysis.py), the worker's ``analyse`` for
``"game": "tor"``, and Tor's analysis bridge (web/py/tor_analysis_bridge.py
on the game-neutral web/py/analysis_part.py), its answers checked against
the contract's shapes."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from mixtour.tor.ai.analysis import Analysis
from mixtour.tor.core import STANDARD_START, TorError
from mixtour.tor.game import Game

WEB_PY = Path(__file__).resolve().parent.parent / "web" / "py"
if str(WEB_PY) not in sys.path:
    sys.path.insert(0, str(WEB_PY))

import ai_worker  # noqa: E402
from test_bridge_contract import check  # noqa: E402
from tor_analysis_bridge import TorAnalysisBoard  # noqa: E402

from web.tools import contract_dts  # noqa: E402

# Both pawns of each side placed: the first turn of a step and a placement.
OPENING = ["c3", "d5", "b6", "e2"]
# Black to move, with a turn that leaves White's pawns no step (T4): the
# first puzzle of web/data/tor-puzzles.json, whose answer is e2-f2.
HEM = ".yRoB..yBw/.rObR.../.yR.yBw.yR/..bYrYbYrO/oB....yB/..bO..rO/oRyOoB.oRkyR/..bYk..rB b O"


# -- the continuous analysis ------------------------------------------------------------


def test_each_step_reports_one_depth_more_with_a_legal_line() -> None:
    analysis = Analysis(STANDARD_START, OPENING)
    reports = [analysis.step() for _ in range(3)]
    assert [r.depth for r in reports if r] == [1, 2, 3]
    nodes = [r.nodes for r in reports if r]
    assert nodes == sorted(nodes) and nodes[0] < nodes[-1]
    for report in reports:
        assert report is not None and not report.done and report.turn == "w"
        assert 0 < report.white < 1
        game = Game(STANDARD_START, OPENING)
        for turn in report.pv:  # the line is legal from the position analysed
            game.play(turn)
        assert report.label["side"] in (None, "w", "b")


def test_a_hem_at_hand_is_proven_at_depth_one() -> None:
    report = Analysis(HEM, []).step()
    assert report is not None and report.done and report.pv == ("e2-f2",)
    assert report.label == {"side": "b", "kind": "win", "moves": 1}
    assert report.score < 0 and report.white == 0.0  # for White, who loses
    game = Game(HEM, ["e2-f2"])
    assert game.result.code == "b-wins"


def test_an_ended_game_reports_its_result_and_a_position_the_same_line_twice() -> None:
    report = Analysis(HEM, ["e2-f2"]).step()
    assert report is not None and report.done and report.pv == ()
    assert report.label == {"side": "b", "kind": "won", "moves": 0}
    lines = []
    for _ in range(2):
        analysis = Analysis(STANDARD_START, OPENING)
        lines.append([(r.score, r.pv, r.nodes) for r in (analysis.step(), analysis.step()) if r])
    assert lines[0] == lines[1]


def test_a_bad_game_raises_tors_error() -> None:
    with pytest.raises(TorError):
        Analysis(STANDARD_START, ["c3", "c3"])


# -- the worker ------------------------------------------------------------------------


def analyse(**request: Any) -> Any:
    return json.loads(ai_worker.analyse_now(json.dumps(request)))


def test_the_worker_deepens_a_tor_position_request_by_request() -> None:
    first = analyse(id=1, game="tor", start=STANDARD_START, actions=OPENING, depth=1)
    second = analyse(id=2, game="tor", start=STANDARD_START, actions=OPENING, depth=2)
    assert [a["depth"] for a in (first, second)] == [1, 2]
    assert first["nodes"] < second["nodes"] and second["turn"] == "w"
    assert second["error"] is None and second["cancelled"] is False
    Game(STANDARD_START, [*OPENING, *second["pv"]])  # Tor's notation, legal
    # The same moves as Mixtour's start are another position: a fresh analysis.
    bad = analyse(id=3, game="tor", start=STANDARD_START, actions=["c3", "c3"], depth=1)
    assert bad["error"] and "depth" not in bad
    with pytest.raises(ValueError, match="no game"):
        analyse(id=4, game="chess", start=STANDARD_START, actions=[], depth=1)


# -- the bridge ------------------------------------------------------------------------


def call(board: TorAnalysisBoard, name: str, *args: Any) -> Any:
    return check(getattr(board, name)(*args), getattr(TorAnalysisBoard, name))


def test_turns_build_a_tree_with_side_lines_promote_and_delete() -> None:
    board = TorAnalysisBoard()
    for turn in OPENING:
        assert call(board, "play", turn)["ok"]
    played = call(board, "play", "c3-d4")
    assert played["ok"] and played["state"]["node"] == 5
    refused = call(board, "play", "c3-c3")
    assert refused["ok"] is False and refused["reason"]["id"]
    call(board, "step", "back")
    side = call(board, "play", "c3-b4")["state"]
    assert side["side"] is True and "&t=c3,d5,b6,e2,c3-d4(c3-b4)&k=6&at=" in side["link"]
    assert [entry["move"] for entry in side["tree"][-1]["vars"][0]] == ["c3-b4"]
    promoted = call(board, "promote", 6)
    assert promoted["tree"][-1]["move"] == "c3-b4" and promoted["side"] is False
    # Numbered in the text's order: the main line's c3-b4 is now 5, c3-d4 6.
    after = call(board, "delete", 6)
    assert [entry["move"] for entry in after["tree"]] == [*OPENING, "c3-b4"]
    assert after["tree"][-1]["vars"] == [] and after["node"] == 5
    gone = call(board, "delete", 5)
    assert gone["node"] == 4 and gone["child"] is None and gone["legal"]
    assert call(board, "explain", "a1")["reason"]["id"]


def test_a_link_opens_a_tree_and_a_broken_one_keeps_its_valid_part() -> None:
    board = TorAnalysisBoard()
    opened = call(board, "open", "#t=c3,d5(e2),b6&k=2&flip=1")
    assert opened["issues"] == [] and opened["flip"] is True
    assert opened["state"]["moves"] == ["c3", "d5"] and opened["state"]["node"] == 2
    broken = call(board, "open", "#t=c3,d5,zz,e2")
    assert [issue["id"] for issue in broken["issues"]] == ["tree-move"]
    assert [entry["move"] for entry in broken["state"]["tree"]] == ["c3", "d5"]
    game_link = call(board, "open", "#m=c3,d5,b6&ply=2")
    assert game_link["state"]["node"] == 2 and len(game_link["state"]["tree"]) == 3
    for where in ("first", "last", "back", "forward", "up", "down", "sideways"):
        call(board, "step", where)
    for number in (0, 2, 99, -1):
        call(board, "select", number)
    assert "&flip=1" in call(board, "set_flip", True)["link"]


def test_every_function_of_tors_analysis_board_declares_its_json() -> None:
    functions = contract_dts.tor_analysis_functions()
    undeclared = {n for n, f in functions.items() if contract_dts.json_shape(f) is None}
    assert undeclared == {"view"}
    assert set(functions) - {"view"} == {
        "state",
        "play",
        "explain",
        "open",
        "select",
        "step",
        "delete",
        "promote",
        "set_flip",
    }
