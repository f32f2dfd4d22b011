"""The bridge contract: every bridge function's JSON has the shape it declares.

``web/py/contract.py`` declares each shape as a TypedDict and the bridge's
return annotations say which one each function returns. Here every public
function is called under CPython, with typical and edge inputs, and its JSON
is checked key by key against the declared shape; the TypeScript side
(``web/tools/bridge.d.ts``) must be what the generator writes from the same
declarations.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import sys
import types
import typing
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Literal, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from mixtour.mixtour.core import STANDARD_START
from mixtour.mixtour.correspondence import MAX_LINK
from mixtour.mixtour.game import Game
from mixtour.tor.core import STANDARD_START as TOR_START

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "web" / "py"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import ai_worker  # noqa: E402
import contract  # noqa: E402
from analysis_bridge import AnalysisBoard  # noqa: E402
from bridge import Bridge, rules  # noqa: E402

from web.tools import contract_dts  # noqa: E402

# -- the checker ----------------------------------------------------------------


def problems(value: Any, kind: Any, where: str = "$") -> Iterator[str]:
    """What is wrong with the parsed JSON ``value`` as a ``kind`` of the contract
    (nothing when it fits): missing, undeclared and mistyped keys, at any depth."""
    origin, args = get_origin(kind), get_args(kind)
    if is_typeddict(kind):
        if not isinstance(value, dict):
            yield f"{where}: {value!r} is not an object ({kind.__name__})"
            return
        hints = get_type_hints(kind)
        for key in sorted(kind.__required_keys__ - value.keys()):
            yield f"{where}: {key!r} is missing ({kind.__name__})"
        for key in sorted(value.keys() - hints.keys()):
            yield f"{where}: {key!r} is not declared in {kind.__name__}"
        for key in sorted(value.keys() & hints.keys()):
            yield from problems(value[key], hints[key], f"{where}.{key}")
    elif origin is Literal:
        # 1 == True in Python: a literal matches only a value of its own type.
        if not any(type(value) is type(arg) and value == arg for arg in args):
            yield f"{where}: {value!r} is none of {list(args)}"
    elif origin in (types.UnionType, typing.Union):
        attempts = [list(problems(value, arg, where)) for arg in args]
        if all(attempts):
            yield f"{where}: {value!r} fits none of {kind}: " + "; ".join(a[0] for a in attempts)
    elif origin is list:
        if not isinstance(value, list):
            yield f"{where}: {value!r} is not a list"
            return
        for index, item in enumerate(value):
            yield from problems(item, args[0], f"{where}[{index}]")
    elif origin is dict:
        if not isinstance(value, dict):
            yield f"{where}: {value!r} is not an object"
            return
        for key, item in value.items():
            yield from problems(item, args[1], f"{where}[{key!r}]")
    elif kind is type(None):
        if value is not None:
            yield f"{where}: {value!r} is not null"
    elif kind is float:
        # JSON has one kind of number: 12.0 may come back as 12 (never a bool).
        if type(value) not in (int, float):
            yield f"{where}: {value!r} is not a number"
    elif kind in (bool, int, str):
        # bool is a subclass of int: the exact type, so true is never a number.
        if type(value) is not kind:
            yield f"{where}: {value!r} is not a {kind.__name__}"
    else:
        raise TypeError(f"the checker does not know the contract type {kind!r}")


def check(text: str, function: Callable[..., Any]) -> Any:
    """Parse a bridge function's answer and assert it fits its declared shape."""
    shape = contract_dts.json_shape(function)
    assert shape is not None, f"{function.__qualname__} declares no JSON shape"
    data = json.loads(text)
    found = list(problems(data, shape))
    assert not found, "\n".join(found)
    return data


# -- every bridge function, with typical and edge inputs --------------------------

# The issue's three-player game: Blue passes and the turn goes back to Red (R10).
THREE_PLAYERS = (
    "c2,b2,b5,b2-c2,c3,b2,c2:2-c3,e5,c1,c3:3-b2,b2:4-c1,a4,a4-b5,a2,d3,c4,b4,a3,d3-c4,"
    "c4:2-b4,d5,e5-d5,d5-b5,c4,c4-d5,b5:3-d5,a3-a2,c4,b5,e5,b4:2-c4,c4:2-a2,e1,b4-b5,d5,"
    "e5-d5,e4,b5:2-c4,b5,c4-b5,e4-c4,e3,c1,b5:2-d5,c1-c4,c2,a4,pass"
)
THREE_START = "5/5/5/5/5 w 6/6/6 0/0/0 3 -"
# White stacks five discs with White on top and wins.
WON = ["d4", "c4", "d4-c4", "d4", "c4:2-d4", "c4", "d4:3-c4", "d4", "c4:4-d4"]

covered: set[str] = set()


def covers(registry: set[str], *names: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Mark a test as covering the functions ``names`` of ``registry``'s
    surface: counted when the file is read, so a coverage test holds
    whichever tests run, in whatever order or process."""
    registry.update(names)
    return lambda test: test


def calls(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Mark a test as covering the bridge function ``name``."""
    return covers(covered, name)


def games() -> Iterator[Bridge]:
    """Bridges holding the games every reading function is tried on."""
    yield Bridge()
    yield Bridge(Game(None, ["c3", "b4", "b4-c3", "d4"]))
    yield Bridge(Game(None, WON))
    yield Bridge(Game(THREE_START, THREE_PLAYERS.split(",")))
    undone = Bridge(Game(None, ["c3", "b4", "b4-c3"]))
    undone.game.undo()
    yield undone


def test_the_won_game_is_over() -> None:
    view = Bridge(Game(None, WON)).view()
    assert view["over"] and view["status"] == "w-wins"


def test_the_three_player_game_ends_on_a_pass() -> None:
    view = Bridge(Game(THREE_START, THREE_PLAYERS.split(","))).view()
    assert view["players"] == 3 and view["last"] == {"text": "pass", "kind": "pass"}


@calls("view")
@calls("state")
def test_state_and_view() -> None:
    for b in games():
        data = check(b.state(), Bridge.state)
        assert list(problems(b.view(), contract.View)) == []
        assert data == b.view()


@calls("explain")
def test_explain() -> None:
    b = Bridge(Game(None, ["a3", "a2", "b5", "d3", "c5", "d5", "b5-c5", "c5-d5"]))
    for text in ["e1", "a3-a2", "c3", "a1-e5", "d5-c5", "nonsense", "", "pass"]:
        check(b.explain(text), Bridge.explain)
    assert check(b.explain("e1-e2"), Bridge.explain)["reason"]["id"] == "no-stack"


@calls("explain_lift")
def test_explain_lift() -> None:
    b = Bridge(Game(None, ["a3", "a2", "b5", "d3", "c5", "d5", "b5-c5", "c5-d5"]))
    for square, count in [(0, 1), (23, 1), (23, 2), (12, 1), (10, 3)]:
        check(b.explain_lift(square, count), Bridge.explain_lift)
    nested = check(b.explain_lift(23, 1), Bridge.explain_lift)["reason"]
    assert nested["id"] == "stuck-because" and isinstance(nested["args"]["why"], dict)


@calls("play")
def test_play() -> None:
    b = Bridge()
    assert check(b.play("c3"), Bridge.play)["ok"] is True
    assert "reason" in check(b.play("c3-c4"), Bridge.play)
    assert "reason" not in check(b.play("z9"), Bridge.play)
    b = Bridge(Game(THREE_START, THREE_PLAYERS.split(",")[:-1]))
    assert check(b.play("pass"), Bridge.play)["state"]["players"] == 3
    b = Bridge(Game(None, WON))
    assert check(b.play("c3"), Bridge.play)["ok"] is False  # the game is over


@calls("refute")
def test_refute() -> None:
    # Mixtour's lesson: White wins with a1-e5; e1-e5 instead gives Red the tower.
    start = "4,wrwr/5/5/5/w,3,r w 17/17 0/0 1 -"
    assert check(Bridge(Game(start, ["e1-e5"])).refute("win", 1), Bridge.refute) == {
        "reply": None,
        "outcome": "over",
        "moves": 0,
    }
    answer = check(Bridge(Game(start, ["c3"])).refute("win", 1), Bridge.refute)
    assert answer["outcome"] in ("tower", "escape") and answer["reply"]
    assert check(Bridge(Game(start, ["c3"])).refute("both", 1), Bridge.refute)["outcome"] == "error"
    assert check(Bridge(Game(start, ["c3"])).refute("win", 9), Bridge.refute)["outcome"] == "error"
    assert check(Bridge(Game(start, ["c3"])).refute("defend", 1), Bridge.refute)["moves"] >= 0


@calls("lesson_reply")
def test_lesson_reply() -> None:
    # The lesson's short game: the computer at level 1 plays for the side to move.
    b = Bridge(Game("5/5/5/5/5 w 10/10 0/0 1 -", ["c3"]))
    answer = check(b.lesson_reply(1), Bridge.lesson_reply)
    assert answer["ok"] is True and answer["state"]["turn"] == "w"
    assert len(answer["state"]["moves"]) == 2
    # The same seed, the same answer; a finished game gets none.
    again = Bridge(Game("5/5/5/5/5 w 10/10 0/0 1 -", ["c3"]))
    assert json.loads(again.lesson_reply(1))["action"] == answer["action"]
    assert check(Bridge(Game(None, WON)).lesson_reply(1), Bridge.lesson_reply)["ok"] is False


@calls("undo")
@calls("redo")
def test_undo_and_redo() -> None:
    b = Bridge(Game(None, ["c3", "b4"]))
    check(b.undo(), Bridge.undo)
    check(b.redo(), Bridge.redo)
    check(b.redo(), Bridge.redo)  # nothing to redo
    Bridge().undo()
    check(Bridge().undo(), Bridge.undo)  # nothing to undo


@calls("new_game")
def test_new_game() -> None:
    b = Bridge()
    assert check(b.new_game(3, 15, 2), Bridge.new_game)["ok"] is True
    assert check(b.new_game(7, 15, 2), Bridge.new_game)["ok"] is False


@calls("load")
def test_load() -> None:
    b = Bridge()
    assert check(b.load("5/5/5/5/5 w 20/20 0/0 1 -", "c3 c4"), Bridge.load)["ok"] is True
    assert check(b.load("not a position"), Bridge.load)["ok"] is False
    assert check(b.load("5/5/5/5/5 w 20/20 0/0 1 -", "c3 c3"), Bridge.load)["ok"] is False


@calls("load_link")
def test_load_link() -> None:
    b = Bridge()
    for fragment in ["", "#m=c3,c4", "#m=c3,zz&flip=1&ai=3", "#ai=r3b5", "#p=nonsense", "garbage"]:
        check(b.load_link(fragment), Bridge.load_link)
    assert check(b.load_link("#ai=r3"), Bridge.load_link)["seats"] == {"r": 3}


@calls("link")
def test_link() -> None:
    b = Bridge(Game(None, ["c3", "b4"]))
    check(b.link(), Bridge.link)
    check(b.link(False, True, 3, True), Bridge.link)
    check(b.link(True, False, None, False, "r3"), Bridge.link)


@calls("goto")
def test_goto() -> None:
    b = Bridge(Game(None, ["c3", "b4", "b4-c3"]))
    for ply in [0, 2, 99, -5]:
        check(b.goto(ply), Bridge.goto)


@calls("svg")
def test_svg() -> None:
    for b in games():
        check(b.svg(), Bridge.svg)
        check(b.svg(True, False), Bridge.svg)


@calls("record")
@calls("load_record")
def test_record_and_load_record() -> None:
    for b in games():
        text = check(b.record(), Bridge.record)["record"]
        assert check(Bridge().load_record(text), Bridge.load_record)["ok"] is True
    assert check(Bridge().load_record("1. zz"), Bridge.load_record)["ok"] is False


@calls("snapshot")
@calls("restore")
def test_snapshot_and_restore() -> None:
    for b in games():
        saved = b.snapshot()
        check(saved, Bridge.snapshot)
        assert check(Bridge().restore(saved), Bridge.restore)["ok"] is True
    for broken in ["", "[]", '{"version": 9}', "[" * 100_000]:
        assert check(Bridge().restore(broken), Bridge.restore)["ok"] is False


@calls("rules")
def test_rules() -> None:
    assert check(rules(), rules)["defaultDiscs"] == {"2": 20, "3": 15}


EDITOR = contract_dts.editor_functions()


@calls("corr_new")
@calls("corr_link")
@calls("corr_name")
def test_corr_new_link_and_name() -> None:
    b = Bridge()
    assert check(b.corr_link(), Bridge.corr_link)["ok"] is False
    started = check(b.corr_new(2, 20, 1, "random", "Ann"), Bridge.corr_new)
    assert started["ok"] and started["you"] in ("w", "r")
    three = check(b.corr_new(3, 15, 2, "b", "Cy", "ABCDefgh"), Bridge.corr_new)
    assert three["corr"]["names"] == ["", "", "Cy"] and three["corr"]["sender"] == "b"
    refusals = [
        b.corr_new(2, 20, 1, "b", ""),
        b.corr_new(2, 99, 1, "w", ""),
        b.corr_new(4, 20, 1, "w", ""),
        b.corr_new(2, 20, 1, "w", "", "x"),
    ]
    for answer in refusals:
        refused = check(answer, Bridge.corr_new)
        assert refused["ok"] is False and refused["message"]
    b.corr_new(2, 20, 1, "w", "Ann", "ABCDefgh")
    b.play("c3")
    linked = check(b.corr_link(), Bridge.corr_link)
    assert linked["corr"]["sender"] == "w" and "a=AM" in linked["corr"]["fragment"]
    named = check(b.corr_name("r", "Bob"), Bridge.corr_name)
    assert named["corr"]["names"] == ["Ann", "Bob"]
    assert check(b.corr_name("b", "Cy"), Bridge.corr_name)["ok"] is False


@calls("corr_read")
@calls("corr_open")
def test_corr_read_and_open() -> None:
    sender = Bridge()
    sender.corr_new(2, 20, 1, "w", "Ann", "ABCDefgh")
    first = json.loads(sender.corr_link())["corr"]["fragment"]
    sender.play("c3")
    second = json.loads(sender.corr_link())["corr"]["fragment"]
    b = Bridge()
    assert check(b.corr_read(second), Bridge.corr_read) == {"ok": True, "id": "ABCDefgh"}
    damaged = check(b.corr_read(second[:-3]), Bridge.corr_read)
    assert damaged["ok"] is False and damaged["reason"]["id"] == "damaged"
    assert check(b.corr_open(second), Bridge.corr_open)["kind"] == "new"
    older = check(b.corr_open(first, second, "r"), Bridge.corr_open)
    assert older["kind"] == "older" and older["state"]["moves"] == ["c3"]
    newer = check(b.corr_open(second, first, "r"), Bridge.corr_open)
    assert newer["kind"] == "newer" and newer["added"] == 1
    mine = check(b.corr_open(second, first, "w"), Bridge.corr_open)
    assert mine["ok"] is False and mine["reason"]["id"] == "your-move"
    b.load("5/5/5/5/5 w 20/20 0/0 1 -", "a1")
    assert check(b.corr_open("c=1&id=x", "", ""), Bridge.corr_open)["ok"] is False
    assert b.game.actions()[0].code == 0, "a refused link leaves the board as it was"


editor_covered: set[str] = set()


@covers(editor_covered, "check")
def test_editor_check() -> None:
    check_position = EDITOR["check"]
    assert check(check_position("5/5/2,w,2/5/5 r 19/20 0/0 1 c3"), check_position)["ok"] is True
    assert check(check_position(THREE_START), check_position)["position"]["players"] == 3
    assert check(check_position("5/5/5/5/5 x"), check_position)["ok"] is False


@covers(editor_covered, "from_link")
def test_editor_from_link() -> None:
    from_link = EDITOR["from_link"]
    for fragment in ["", "#m=c3,c4", "#p=5/5/5/5/5_w_6/6/6_0/0/0_3_-", "#p=broken&m=zz"]:
        check(from_link(fragment), from_link)


@covers(editor_covered, "link")
def test_editor_link() -> None:
    link = EDITOR["link"]
    assert check(link(THREE_START, 3), link)["fragment"].endswith("&ai=3")
    assert check(link("5/5/5/5/5 x", None), link)["fragment"] is None


@covers(editor_covered, "edit")
def test_editor_edit() -> None:
    edit = EDITOR["edit"]
    setup = json.dumps(check(edit("{}", "start"), edit)["setup"])
    for change, square, color in [("place", 12, "w"), ("erase", 12, ""), ("players", 3, "")]:
        check(edit(setup, change, square, color), edit)
    assert check(edit(setup, "even"), edit)["discs"] == 20


TOR_EDITOR = contract_dts.tor_editor_functions()


def test_tor_editor_check_link_and_from_link() -> None:
    check_position, link, from_link = (TOR_EDITOR[n] for n in ("check", "link", "from_link"))
    assert check(check_position(TOR_START), check_position)["position"]["placing"] is True
    refused = check(check_position(TOR_START.replace(" w ", " b ")), check_position)
    assert refused["ok"] is False and "White is to move" in refused["message"]
    assert check(link(TOR_START, 2), link)["fragment"].endswith("&ai=2")
    assert check(link("rR/", None), link)["fragment"] is None
    for fragment in ["", "#m=c3,d5", "#p=broken&m=zz"]:
        check(from_link(fragment), from_link)


def test_tor_editor_edit() -> None:
    edit = TOR_EDITOR["edit"]
    setup = check(edit("{}", "standard"), edit)["setup"]
    assert setup["tokens"][0] == "B" and setup["pawns"] == [None] * 48
    text = json.dumps(setup)
    assert check(edit(text, "pawn", 14, "w"), edit)["setup"]["pawns"][14] == "w"
    assert check(edit(text, "token", 14, "R"), edit)["reason"] == "none-left"  # all 12 are out
    cleared = json.dumps(check(edit(text, "clear"), edit)["setup"])
    one = json.dumps(check(edit(cleared, "token", 14, "R"), edit)["setup"])
    two = json.dumps(check(edit(one, "token", 14, "Y"), edit)["setup"])
    assert json.loads(two)["tokens"][14] == "RY"
    assert check(edit(two, "token", 14, "O"), edit)["reason"] == "full"
    assert check(edit(cleared, "pawn", 3, "b"), edit)["reason"] == "no-token"
    assert check(edit(cleared, "erase", 3), edit)["reason"] == "empty"
    assert set(TOR_EDITOR) == {"check", "link", "from_link", "edit"}


def test_every_bridge_function_is_covered() -> None:
    assert covered == set(contract_dts.bridge_functions())


def test_every_editor_function_is_covered() -> None:
    assert editor_covered | {"rules"} == set(EDITOR)


def test_every_bridge_function_but_view_declares_its_json() -> None:
    undeclared = {
        name
        for name, function in contract_dts.bridge_functions().items()
        if contract_dts.json_shape(function) is None
    }
    assert undeclared == {"view"}  # view() hands a dict to Python callers, not JSON


# -- the analysis board (web/py/analysis_bridge.py) ----------------------------------

analysis_covered: set[str] = set()


@covers(analysis_covered, "state", "select", "step", "set_flip", "explain", "explain_lift")
def test_the_analysis_board_reading_and_moving_about() -> None:
    board = AnalysisBoard()
    check(board.state(), AnalysisBoard.state)
    opened = check(board.open("t=c3,b4(d4,e5)(a1),b4-c3&k=3"), AnalysisBoard.open)
    assert opened["state"]["node"] == 3 and opened["issues"] == []
    side = opened["state"]["tree"][1]["vars"]
    assert [[entry["move"] for entry in line] for line in side] == [["d4", "e5"], ["a1"]]
    for where in ("back", "forward", "up", "down", "first", "last", "sideways"):
        check(board.step(where), AnalysisBoard.step)
    for number in (0, 4, 99, -1):
        check(board.select(number), AnalysisBoard.select)
    assert check(board.set_flip(True), AnalysisBoard.set_flip)["link"].count("&flip=1") == 1
    check(board.explain("c3-c4"), AnalysisBoard.explain)
    check(board.explain_lift(12, 1), AnalysisBoard.explain_lift)


@covers(analysis_covered, "open")
def test_the_analysis_board_opens_every_kind_of_link() -> None:
    board = AnalysisBoard()
    for fragment in ("", "m=c3,b4&ply=1", "t=c3,(", "t=c3&k=9", "p=nonsense", "t=c3,zz"):
        check(board.open(fragment), AnalysisBoard.open)
    issues = check(board.open("t=c3,zz"), AnalysisBoard.open)["issues"]
    assert [issue["id"] for issue in issues] == ["tree-move"]


@covers(analysis_covered, "play", "delete", "promote")
def test_the_analysis_board_changing_the_tree() -> None:
    board = AnalysisBoard()
    assert check(board.play("c3"), AnalysisBoard.play)["state"]["node"] == 1
    assert check(board.play("c3"), AnalysisBoard.play)["ok"] is False
    board.step("first")
    check(board.play("d4"), AnalysisBoard.play)  # a side line
    assert check(board.promote(2), AnalysisBoard.promote)["tree"][0]["move"] == "d4"
    assert check(board.delete(1), AnalysisBoard.delete)["node"] in (0, 1)
    check(board.delete(0), AnalysisBoard.delete)


def test_every_analysis_function_is_covered_and_declares_its_json() -> None:
    functions = contract_dts.analysis_functions()
    undeclared = {n for n, f in functions.items() if contract_dts.json_shape(f) is None}
    assert undeclared == {"view"}
    assert analysis_covered == set(functions) - {"view"}
    assert list(problems(AnalysisBoard().view(), contract.AnalysisView)) == []


# -- the computer's worker (web/py/ai_worker.py) --------------------------------------

worker_covered: set[str] = set()


def run_to_end(coroutine: Coroutine[Any, Any, str]) -> str:
    """The coroutine's result, in an event loop of its own: in a thread of its
    own when this one already runs a loop (Playwright's, after browser tests
    in the same worker process)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


def ask(name: str, request: dict[str, Any] | None = None) -> Any:
    """Call the worker's function ``name`` (its synchronous form for the
    coroutines) and check its answer against the declared shape."""
    assert name in worker_covered, f"a test asks {name}: mark it @covers(worker_covered, ...)"
    function = getattr(ai_worker, name)
    run = getattr(ai_worker, f"{name}_now", None)
    if request is None:
        text = run_to_end(function()) if inspect.iscoroutinefunction(function) else function()
    else:
        text = (run or function)(json.dumps(request))
    return check(text, function)


@covers(worker_covered, "think")
def test_the_worker_thinks_for_both_games() -> None:
    moved = ask("think", {"id": 1, "start": STANDARD_START, "actions": ["c3"], "level": 1})
    assert moved["id"] == 1 and moved["action"]["kind"] in ("enter", "move")
    tor = ask("think", {"id": 2, "game": "tor", "start": TOR_START, "actions": [], "level": 1})
    assert tor["action"]["kind"] in ("drop", "turn")
    ask("think", {"id": 3, "fen": "5/5/2,w,2/5/5 r 19/20 0/0 1 c3", "level": 2, "time_ms": 50})


@covers(worker_covered, "review", "review_report")
def test_the_worker_reviews_and_reports() -> None:
    game = {"start": STANDARD_START, "actions": ["c3", "b4", "b4-c3"]}
    plies = [ask("review", {"id": i, **game, "ply": i, "depth": 1}) for i in range(4)]
    assert plies[-1]["played"] is None  # the end of the game: nothing played there
    report = ask("review_report", {"actions": game["actions"], "plies": plies})
    assert len(report["graph"]) == 4 and len(report["moves"]) == 3


@covers(worker_covered, "analyse")
def test_the_worker_analyses_and_says_what_it_cannot() -> None:
    request = {"id": 1, "start": STANDARD_START, "actions": ["c3"], "depth": 2}
    analysed = ask("analyse", request)
    assert analysed["depth"] == 2 and analysed["error"] is None
    three = {"id": 2, "start": THREE_START, "actions": [], "depth": 1}
    assert ask("analyse", three)["error"]


@covers(worker_covered, "ping", "cancel", "memory")
def test_the_worker_answers_pings_cancels_and_memory() -> None:
    assert ask("ping")["ok"] is True
    assert ask("cancel") == {"ok": True}
    assert ask("memory")["objects"] > 0


def test_a_worker_answer_that_drifts_fails_the_contract() -> None:
    answer = json.loads(
        ai_worker.think_now(json.dumps({"id": 1, "start": STANDARD_START, "level": 1}))
    )
    del answer["nps"]
    answer["action"] = {"kind": "drop", "square": 12}
    found = list(problems(answer, contract.Thought))
    assert found[0].startswith("$: 'nps' is missing")
    assert any(line.startswith("$.action: ") for line in found)


def test_every_worker_function_is_covered_and_declares_its_json() -> None:
    functions = contract_dts.worker_functions()
    assert all(contract_dts.json_shape(f) is not None for f in functions.values())
    assert worker_covered == set(functions)


# -- the checker finds a doctored answer -----------------------------------------


def doctored_views() -> Iterator[tuple[str, dict[str, Any]]]:
    """A real view, spoilt one way at a time."""

    def spoilt() -> dict[str, Any]:
        return dict(Bridge(Game(None, ["c3", "c4", "c4-c3"])).view())

    view = spoilt()
    del view["turn"]
    yield "'turn' is missing", view
    view = spoilt()
    view["colour"] = "w"
    yield "'colour' is not declared", view
    view = spoilt()
    view["ply"] = "3"
    yield "$.ply: '3' is not a int", view
    view = spoilt()
    view["over"] = 0
    yield "$.over: 0 is not a bool", view
    view = spoilt()
    view["status"] = "won"
    yield "$.status: 'won' is none of", view
    view = spoilt()
    view["winner"] = "g"
    yield "$.winner: 'g' fits none of", view
    view = spoilt()
    view["last"] = {"text": "c4-c3", "kind": "move", "from": 17, "to": 12, "count": True}
    yield "$.last: ", view
    view = spoilt()
    view["legal"] = {"enter": [1, 2], "moves": {"12": {"1": [7, "8"]}}, "pass": False}
    yield "$.legal.moves['12']['1'][1]: '8' is not a int", view
    view = spoilt()
    view["moves"] = "c3 c4"
    yield "$.moves: 'c3 c4' is not a list", view


@pytest.mark.parametrize(("expected", "view"), list(doctored_views()))
def test_the_checker_finds_a_doctored_view(expected: str, view: dict[str, Any]) -> None:
    found = list(problems(view, contract.View))
    assert len(found) == 1 and expected in found[0], found


def test_the_checker_finds_a_mistyped_nested_reason() -> None:
    reason = {"id": "stuck-because", "args": {"square": "d5", "why": {"id": "take-back"}}}
    found = list(problems({"legal": False, "message": "no", "reason": reason}, contract.Explained))
    assert found and "'args' is missing" in found[0]


def test_the_checker_accepts_what_the_bridge_returns() -> None:
    assert list(problems(json.loads(Bridge().state()), contract.View)) == []


def test_a_bridge_that_drops_a_field_fails_the_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    real_view = Bridge.view

    def view_without_turn(self: Bridge) -> Any:
        view = dict(real_view(self))
        del view["turn"]
        return view

    monkeypatch.setattr(Bridge, "view", view_without_turn)
    with pytest.raises(AssertionError, match="'turn' is missing"):
        check(Bridge().state(), Bridge.state)
    with pytest.raises(AssertionError, match=r"\$\.state: 'turn' is missing"):
        check(Bridge().play("c3"), Bridge.play)


# -- the TypeScript side ---------------------------------------------------------


def test_the_typescript_declarations_are_up_to_date() -> None:
    committed = contract_dts.OUTPUT.read_text(encoding="utf-8")
    assert committed == contract_dts.render(), "run python3 web/tools/contract_dts.py"


def test_the_typescript_declarations_name_every_shape_and_function() -> None:
    text = contract_dts.render()
    for name in contract.__all__:
        assert f"interface {name} {{" in text or f"type {name} = " in text
    for functions in (
        contract_dts.bridge_functions(),
        contract_dts.analysis_functions(),
        contract_dts.worker_functions(),
    ):
        for name in functions:
            if name != "view":
                assert f"    {name}(" in text


def test_a_link_says_its_room_and_never_grows_past_what_a_page_opens() -> None:
    """Long names nearly fill a link: its room counts down an action at a time
    to 0, then the game takes no action and no name that would make it longer,
    and its link still opens. (A game by link once grew past the longest link
    a page accepts, and neither the friend nor the sender could open it again.)"""
    # One character of 11 code points of 4 bytes each (a hand and skin tones):
    # the last is dropped, and each of the other 10 is 12 characters in a link.
    family = "\U0001f44d" + "\U0001f3fd" * 10
    b = Bridge()
    b.corr_new(3, 15, 1, "w", family * 30, "ABCDefgh")
    assert check(b.corr_name("r", family * 30), Bridge.corr_name)["ok"]
    assert len(json.loads(b.corr_link())["corr"]["names"][0]) == 24 * 10  # code points
    # Blue's name: the one that leaves the least room, two actions or more.
    best = None
    for clusters in range(25):
        for letters in range(25 - clusters):
            answer = json.loads(b.corr_name("b", family * clusters + "x" * letters))
            room = answer["corr"]["room"] if answer["ok"] else -1
            if room >= 2 and (best is None or room < best[0]):
                best = (room, family * clusters + "x" * letters)
    assert best is not None and best[0] <= 3
    assert json.loads(b.corr_name("b", family * 24))["ok"] is False  # no room for it
    b.corr_name("b", best[1])
    rooms = [check(b.corr_link(), Bridge.corr_link)["corr"]["room"]]
    for square in ["a1", "b2", "c3", "d4", "e5"][: rooms[0]]:
        assert json.loads(b.play(square))["ok"]
        rooms.append(json.loads(b.corr_link())["corr"]["room"])
    assert rooms == list(range(rooms[0], -1, -1))
    refused = json.loads(b.play("e1"))
    assert refused["ok"] is False and "link is full" in refused["message"]
    fragment = json.loads(b.corr_link())["corr"]["fragment"]
    assert len(fragment) <= MAX_LINK
    assert check(Bridge().corr_open(fragment), Bridge.corr_open)["kind"] == "new"


# -- the game-neutral parts' functions, bound to each game's shapes -----------------


def test_each_game_declares_its_own_shapes_for_the_parts_functions() -> None:
    """A part's function written once (page_part.py, analysis_part.py,
    editor_part.py) declares, on each game's bridge, that game's shape
    (contract.bind_shapes): the page of one game never reads the other's."""
    import editor_bridge
    import tor_analysis_bridge
    import tor_bridge
    import tor_editor_bridge

    bound: list[tuple[Callable[..., Any], Any]] = [
        (Bridge.undo, contract.View),
        (tor_bridge.TorBridge.undo, contract.TorView),
        (Bridge.restore, contract.Loaded),
        (tor_bridge.TorBridge.restore, contract.TorLoaded),
        (Bridge.snapshot, contract.Snapshot),
        (tor_bridge.TorBridge.snapshot, contract.TorSnapshot),
        (Bridge.lesson_reply, contract.Played),
        (tor_bridge.TorBridge.lesson_reply, contract.TorPlayed),
        (AnalysisBoard.explain, contract.Explained),
        (tor_analysis_bridge.TorAnalysisBoard.explain, contract.TorExplained),
        (editor_bridge.check, contract.Checked),
        (tor_editor_bridge.check, contract.TorChecked),
        (editor_bridge.from_link, contract.LinkedPosition),
        (tor_editor_bridge.from_link, contract.TorLinkedPosition),
    ]
    for function, shape in bound:
        assert contract_dts.json_shape(function) is shape, function.__qualname__
    # The part's own function keeps its type parameter; each game has a copy.
    mixtours, tors = vars(Bridge)["undo"], vars(tor_bridge.TorBridge)["undo"]
    assert mixtours is not tors and mixtours.__code__ is tors.__code__
