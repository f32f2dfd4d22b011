"""Tor's page bridge (web/py/tor_bridge.py) under CPython: every function's
JSON has the shape web/py/contract.py declares for it, and it does what the
page relies on: the legal actions in T6, refusals as reason ids, undo and
redo, links, the saved game, new games on a seeded layout."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mixtour.mixtour import correspondence as mixtour_links
from mixtour.tor.core import REASON_IDS, STANDARD_START, Action, Position
from mixtour.tor.game import Game
from mixtour.tor.svg import board as svg_board

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "web" / "py"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from test_bridge_contract import check  # noqa: E402
from tor_bridge import TorBridge  # noqa: E402

from web.tools import contract_dts  # noqa: E402

OPENING = ["c3", "d5", "b6", "e2"]
covered: set[str] = set()


def calls(*names: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Mark a test as covering these bridge functions."""
    covered.update(names)
    return lambda test: test


def bridges() -> list[TorBridge]:
    undone = TorBridge(Game(None, [*OPENING, "c3-d4"]))
    undone.game.undo()
    return [
        TorBridge(),
        TorBridge(Game(None, OPENING)),
        TorBridge(Game(None, [*OPENING, "c3-d4"])),
        undone,
    ]


@calls("state")
def test_the_view_has_its_declared_shape_in_every_phase() -> None:
    for bridge in bridges():
        view = check(bridge.state(), TorBridge.state)
        assert view["fen"] == bridge.game.fen()
        assert view["legal"] == bridge.game.legal_texts()
    assert json.loads(bridges()[2].state())["hand"] == "B"


@calls("play")
def test_play_answers_the_new_state_or_a_reason_id() -> None:
    bridge = TorBridge()
    played = check(bridge.play("C3 "), TorBridge.play)
    assert played["ok"] and played["action"] == "c3" and played["state"]["turn"] == "b"
    refused = check(bridge.play("c3"), TorBridge.play)
    assert refused == {
        "ok": False,
        "reason": {"id": "pawn-there", "args": {"square": "c3", "owner": "w"}},
        "message": "White's pawn already stands on c3",
    }
    garbage = check(bridge.play("zz9"), TorBridge.play)
    assert not garbage["ok"] and garbage["reason"]["id"] == "not-an-action"
    assert bridge.game.record() == ["c3"]


@calls("explain")
def test_explain_words_every_step_of_a_refused_click() -> None:
    bridge = TorBridge(Game(None, OPENING))
    explain = TorBridge.explain

    def why(attempt: str) -> Any:
        return check(bridge.explain(attempt), explain)["reason"]

    assert why("c3") is None  # White's pawn, which can move
    assert why("d5") == {"id": "not-your-pawn", "args": {"square": "d5"}}
    assert why("c3-f8")["id"] == "not-neighbour"
    assert why("c3-d4") is None
    bridge.play("c3-d4")
    assert why("d5-d4")["id"] == "pawn-there"
    assert why("d5-c4@d5")["id"] == "place-empty"  # d5 held one token
    assert why("d5-c4@c4")["id"] == "place-pawn"
    assert why("nonsense")["id"] == "not-an-action"
    placing = TorBridge(Game(None, ["c3"]))
    assert check(placing.explain("c3"), explain)["reason"]["id"] == "pawn-there"


def test_a_pawn_with_no_step_is_explained_as_stuck() -> None:
    # White's pawn on a1 is walled in by holes and Black's pawns.
    fen = "BRBRBRk/OYOYOY/BRBRBR/OwYOYOY/BRBRBR/OYOYOY/..OYOY/BwRkBRBR w -"
    bridge = TorBridge(Game(fen))
    assert Position(fen).steps_from(0) == []
    reason = json.loads(bridge.explain("a1"))["reason"]
    assert reason == {"id": "pawn-stuck", "args": {"square": "a1"}}


def test_every_reason_the_bridge_gives_is_one_the_pages_word() -> None:
    assert "pawn-stuck" not in REASON_IDS  # the bridge's own, worded by the pages too
    assert "link-full" not in REASON_IDS


@calls("undo", "redo", "goto")
def test_undo_redo_and_goto_walk_the_game() -> None:
    bridge = TorBridge(Game(None, [*OPENING, "c3-d4"]))
    view = check(bridge.undo(), TorBridge.undo)
    assert view["ply"] == 4 and view["canRedo"] and view["moves"][-1] == "c3-d4"
    assert check(bridge.redo(), TorBridge.redo)["last"] == "c3-d4"
    assert check(bridge.goto(1), TorBridge.goto)["moves"] == [*OPENING, "c3-d4"]
    assert json.loads(bridge.goto(-5))["ply"] == 0


def test_a_finished_game_looked_back_at_is_still_finished() -> None:
    """``finished``: the whole line ends the game, wherever the position shown
    is (the page keeps such a game as it ended); a turn played from an
    earlier position makes a game that is not over."""
    rng = random.Random(3)
    game = Game()
    while not game.position.is_over:
        game.play(rng.choice(game.legal_actions()))
    bridge = TorBridge(game)
    end = check(bridge.state(), TorBridge.state)
    assert end["over"] and end["finished"] and not end["canRedo"]
    back = json.loads(bridge.goto(len(end["moves"]) - 3))
    assert back["finished"] and not back["over"] and back["canRedo"]
    assert back["moves"] == end["moves"]
    again = json.loads(bridge.play(back["legal"][0]))["state"]
    assert not again["finished"] and not again["canRedo"]
    assert not json.loads(TorBridge().state())["finished"]


@calls("new_game")
def test_new_game_on_the_standard_or_a_seeded_layout() -> None:
    bridge = TorBridge(Game(None, OPENING))
    assert check(bridge.new_game(), TorBridge.new_game)["fen"] == STANDARD_START
    seeded = json.loads(bridge.new_game(7))["fen"]
    assert seeded != STANDARD_START and json.loads(bridge.new_game(7))["fen"] == seeded
    assert json.loads(bridge.new_game(8))["fen"] != seeded


@calls("load_link", "link")
def test_a_link_round_trip_keeps_the_game_and_the_seats() -> None:
    bridge = TorBridge(Game(None, [*OPENING, "c3-d4"]))
    bridge.game.undo()
    fragment = check(bridge.link(True, "b3"), TorBridge.link)["fragment"]
    other = TorBridge()
    loaded = check(other.load_link("#" + fragment), TorBridge.load_link)
    assert loaded["problems"] == [] and loaded["seats"] == {"b": 3}
    assert other.game.record() == OPENING and other.game.record(with_future=True)[
        other.game.ply :
    ] == ["c3-d4"]
    position = json.loads(bridge.link(False))["fragment"]
    assert position == "p=" + bridge.game.fen().replace(" ", "_")
    preview = json.loads(bridge.link(True, "", True))["fragment"]
    assert preview.endswith("&at=" + bridge.game.fen().replace(" ", "_"))


@calls("svg", "link")
def test_the_picture_and_the_link_follow_the_turned_board() -> None:
    bridge = TorBridge(Game(None, [*OPENING, "c3-d4"]))
    picture = check(bridge.svg(True), TorBridge.svg)["svg"]
    assert picture == svg_board(bridge.game.position, flipped=True)
    assert json.loads(bridge.svg(False, False))["svg"] == svg_board(
        bridge.game.position, coordinates=False
    )
    turned = json.loads(bridge.link(True, "", False, True))["fragment"]
    assert turned.endswith("&flip=1") and "flip" not in json.loads(bridge.link(True))["fragment"]


def test_a_broken_link_keeps_its_valid_part_and_says_what_is_wrong() -> None:
    bridge = TorBridge()
    loaded = check(bridge.load_link("m=c3,d5,c3,b6&ply=x&zz=1&ai=r9"), TorBridge.load_link)
    assert [issue["id"] for issue in loaded["issues"]] == [
        "unknown-key",
        "bad-action",
        "ply-not-number",
        "bad-ai",
    ]
    assert loaded["issues"][1]["args"]["why"]["id"] == "pawn-there"
    assert bridge.game.record() == ["c3", "d5"]
    bad = check(bridge.load_link("p=nonsense"), TorBridge.load_link)
    assert bad["issues"][0]["id"] == "bad-position" and bad["state"]["fen"] == STANDARD_START


@calls("snapshot", "restore")
def test_the_saved_game_comes_back_whole() -> None:
    bridge = TorBridge(Game(None, [*OPENING, "c3-d4"]))
    bridge.game.undo()
    saved = check(bridge.snapshot(), TorBridge.snapshot)
    other = TorBridge()
    restored = check(other.restore(json.dumps(saved)), TorBridge.restore)
    assert (
        restored["ok"]
        and other.game.record() == OPENING
        and other.game.future() == [Action.parse("c3-d4")]
    )


@calls("lesson_reply")
def test_the_lessons_computer_answers_repeatably_and_not_after_the_end() -> None:
    fen = "oByOOYOY/bYRbYRbOrB/.yOoRyOoByR/bYk.bR.BwR/Ow....yR/.....R/O...OyB/bRk...BrY w R"
    game = Game(fen)
    # A turn of White's that leaves Black a move.
    white = next(a for a in game.legal_texts() if not Game(fen, [a]).result.is_over)
    answers = []
    for _ in range(2):
        bridge = TorBridge(Game(fen, [white]))  # Black to move
        answer = check(bridge.lesson_reply(3), TorBridge.lesson_reply)
        assert answer["ok"] and answer["state"]["turn"] == "w"
        answers.append(answer["action"])
    assert answers[0] == answers[1]
    over = TorBridge(Game(fen))
    over.game.play("e5-d6@e1")  # Black has no step: the game is over
    refused = check(over.lesson_reply(1), TorBridge.lesson_reply)
    assert not refused["ok"]


@calls("record", "load_record")
def test_a_record_goes_out_whole_and_comes_back_with_its_tags() -> None:
    bridge = TorBridge()
    loaded = check(
        bridge.load_record('[Event "Club"]\n1. c3 d5 2. b6 e2 3. c3-d4'), TorBridge.load_record
    )
    assert loaded["ok"] and loaded["state"]["moves"] == [*OPENING, "c3-d4"]
    bridge.game.undo()  # an undone action is in the record too
    record = check(bridge.record(), TorBridge.record)["record"]
    assert '[Event "Club"]' in record and "3. c3-d4 *" in record
    saved = check(bridge.snapshot(), TorBridge.snapshot)
    assert saved["headers"] == {"Event": "Club"}
    other = TorBridge()
    check(other.restore(json.dumps(saved)), TorBridge.restore)
    assert other.headers == {"Event": "Club"}
    refused = check(bridge.load_record("1. c3 c3"), TorBridge.load_record)
    assert not refused["ok"] and refused["message"].startswith("line 1: illegal action c3")
    assert bridge.game.record() == OPENING  # the game is kept
    assert check(bridge.new_game(), TorBridge.new_game) and bridge.headers == {}


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        "{]",
        '{"version": 1, "start": "5/5/5/5/5 w 20/20 0/0 1 -", "actions": [], "ply": 0}',
        '{"version": 1, "game": "tor", "start": "x", "actions": [], "ply": 0}',
        '{"version": 1, "game": "tor", "start": "'
        + STANDARD_START
        + '", "actions": ["c3"], "ply": 2}',
        '{"version": 1, "game": "tor", "start": "'
        + STANDARD_START
        + '", "actions": ["c3", "c3"], "ply": 2}',
        "[" * 100_000,
    ],
)
def test_a_corrupt_saved_game_is_refused_and_the_game_kept(text: str) -> None:
    bridge = TorBridge(Game(None, OPENING))
    answer = check(bridge.restore(text), TorBridge.restore)
    assert not answer["ok"] and answer["message"]
    assert bridge.game.record() == OPENING


@calls("corr_new", "corr_link", "corr_name")
def test_a_game_by_link_is_set_up_named_and_linked() -> None:
    b = TorBridge(Game(None, OPENING))
    assert check(b.corr_link(), TorBridge.corr_link)["ok"] is False
    started = check(b.corr_new("standard", "random", "Ann"), TorBridge.corr_new)
    assert started["ok"] and started["you"] in ("w", "b")
    assert started["state"]["corr"] == started["corr"]["id"] and started["state"]["moves"] == []
    black = check(b.corr_new("random", "b", "Bo", "ABCDefgh"), TorBridge.corr_new)
    assert black["corr"]["names"] == ["", "Bo"] and black["corr"]["sender"] == "b"
    assert "&p=" in black["corr"]["fragment"], "a random layout is written in the link"
    for answer in [
        b.corr_new("standard", "r"),
        b.corr_new("square", "w"),
        b.corr_new("standard", "w", "", "x"),
    ]:
        refused = check(answer, TorBridge.corr_new)
        assert refused["ok"] is False and refused["message"]
    b.corr_new("standard", "w", "Ann", "ABCDefgh")
    played = json.loads(b.play("c3"))
    assert played["state"]["movers"] == ["w"] and played["state"]["corr"] == "ABCDefgh"
    linked = check(b.corr_link(), TorBridge.corr_link)
    assert linked["corr"]["sender"] == "w" and linked["corr"]["fragment"].startswith("c=1&g=tor&")
    named = check(b.corr_name("b", "Bob"), TorBridge.corr_name)
    assert named["corr"]["names"] == ["Ann", "Bob"]
    assert check(b.corr_name("r", "Cy"), TorBridge.corr_name)["ok"] is False
    b.new_game()
    assert json.loads(b.state())["corr"] is None, "another game on the board ends the game by link"


@calls("corr_read", "corr_open")
def test_a_link_of_a_game_is_read_and_checked_against_the_kept_one() -> None:
    sender = TorBridge()
    sender.corr_new("standard", "w", "Ann", "ABCDefgh")
    first = json.loads(sender.corr_link())["corr"]["fragment"]
    sender.play("c3")
    second = json.loads(sender.corr_link())["corr"]["fragment"]
    b = TorBridge(Game(None, OPENING))
    assert check(b.corr_read(second), TorBridge.corr_read) == {"ok": True, "id": "ABCDefgh"}
    damaged = check(b.corr_read(second[:-3]), TorBridge.corr_read)
    assert damaged["ok"] is False and damaged["reason"]["id"] == "damaged"
    of_mixtour = mixtour_links.encode(mixtour_links.CorrespondenceGame.new("ABCDefgh"))
    other = check(b.corr_read(of_mixtour), TorBridge.corr_read)
    assert other["ok"] is False and other["reason"]["id"] == "wrong-game"
    assert b.game.record() == OPENING, "a link only read leaves the board as it was"
    assert check(b.corr_open(second), TorBridge.corr_open)["kind"] == "new"
    older = check(b.corr_open(first, second, "b"), TorBridge.corr_open)
    assert older["kind"] == "older" and older["state"]["moves"] == ["c3"]
    newer = check(b.corr_open(second, first, "b"), TorBridge.corr_open)
    assert newer["kind"] == "newer" and newer["added"] == 1
    mine = check(b.corr_open(second, first, "w"), TorBridge.corr_open)
    assert mine["ok"] is False and mine["reason"]["id"] == "your-move"


def test_a_full_link_takes_no_more_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    import corr_part

    b = TorBridge()
    b.corr_new("standard", "w", "", "ABCDefgh")
    monkeypatch.setattr(b.corr_module, "room", lambda fragment: 0)
    refused = check(b.play("c3"), TorBridge.play)
    assert refused["reason"]["id"] == "link-full" and refused["message"] == corr_part.LINK_FULL
    b.new_game()
    assert json.loads(b.play("c3"))["ok"], "outside a game by link the room does not count"


@calls("refute")
def test_the_puzzles_page_gets_the_answer_to_a_wrong_action() -> None:
    puzzles = json.loads((ROOT / "web" / "data" / "tor-puzzles.json").read_text("utf-8"))
    puzzle = next(p for p in puzzles["puzzles"] if p["n"] == 2)
    game = Game(puzzle["fen"])
    wrong = next(t for t in game.legal_texts() if t != puzzle["line"][0])
    bridge = TorBridge(Game(puzzle["fen"], [wrong]))
    answer = check(bridge.refute("win", 2), TorBridge.refute)
    assert answer["outcome"] in ("wins", "escape") and answer["reply"] in bridge.game.legal_texts()
    assert bridge.game.record() == [wrong], "the game is left as it was"
    for kind, left in [("defend", 1), ("win", 0), ("win", 4)]:
        assert check(bridge.refute(kind, left), TorBridge.refute)["outcome"] == "error"


def test_every_tor_bridge_function_is_covered_and_declares_its_json() -> None:
    functions = contract_dts.tor_functions()
    assert covered == set(functions) - {"view"}
    assert {name for name, f in functions.items() if contract_dts.json_shape(f) is None} == {"view"}
