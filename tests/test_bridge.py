"""The page's Python bridge (web/py/bridge.py), under CPython.

The page runs the same module in Pyodide; here we check the JSON it hands
to the JavaScript: the view, the legal options, and the messages.
"""

from __future__ import annotations

import doctest
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from mixtour.kit.record import MAX_SAVED_TAGS
from mixtour.mixtour.core import Action, Position
from mixtour.mixtour.game import Game

WEB_PY = Path(__file__).resolve().parent.parent / "web" / "py"
if str(WEB_PY) not in sys.path:
    sys.path.insert(0, str(WEB_PY))

import bridge  # noqa: E402
from bridge import Bridge  # noqa: E402


def load(text: str) -> Any:
    return json.loads(text)


def test_bridge_doctests() -> None:
    failures, _ = doctest.testmod(bridge)
    assert failures == 0


def test_view_of_the_start() -> None:
    view = load(Bridge().state())
    assert view["fen"] == "5/5/5/5/5 w 20/20 0/0 1 -"
    assert view["players"] == 2
    assert view["colors"] == ["w", "r"]
    assert view["turn"] == "w"
    assert view["stacks"] == [""] * 25
    assert view["reserves"] == [20, 20]
    assert view["scores"] == [0, 0]
    assert view["target"] == 1
    assert view["discs"] == 20
    assert view["last"] is None
    assert view["status"] == "playing"
    assert view["over"] is False
    assert view["result"] == ""
    assert view["mustPass"] is False
    assert view["moves"] == [] and view["future"] == []
    assert view["canUndo"] is False and view["canRedo"] is False
    assert view["legal"] == {"enter": list(range(25)), "moves": {}, "pass": False}


def test_legal_options_are_the_engines() -> None:
    actions = ["c3", "b4", "b4-c3", "d4", "e5", "b2"]
    b = Bridge(Game(None, actions))
    legal = load(b.state())["legal"]
    from_view = {Action.enter(s).code for s in legal["enter"]}
    for frm, per_count in legal["moves"].items():
        for count, targets in per_count.items():
            from_view |= {Action.move(int(frm), t, int(count)).code for t in targets}
    assert from_view == set(b.game.position.legal_actions())


def test_last_action_views() -> None:
    b = Bridge()
    b.play("c3")
    assert load(b.state())["last"] == {"text": "c3", "kind": "enter", "square": 12}
    b.play("c4")
    b.play("c4-c3")
    last = load(b.state())["last"]
    assert last == {"text": "c4-c3", "kind": "move", "square": 12, "from": 17, "to": 12, "count": 1}


def test_play_reports_illegal_and_invalid_actions() -> None:
    b = Bridge()
    answer = load(b.play("c3"))
    assert answer["ok"] and answer["action"] == "c3"
    assert answer["state"]["fen"] == "5/5/2,w,2/5/5 r 19/20 0/0 1 c3"
    answer = load(b.play("c3-c4"))
    assert answer["ok"] is False and "c4 is empty" in answer["message"]
    # the same, as data for a page in another language
    assert answer["action"] == "c3-c4"
    assert answer["reason"] == {"id": "empty-target", "args": {"to": "c4"}}
    answer = load(b.play("z9"))
    assert not answer["ok"] and "reason" not in answer  # not an action at all
    assert load(b.state())["fen"] == "5/5/2,w,2/5/5 r 19/20 0/0 1 c3"


def test_explain() -> None:
    b = Bridge(Game(None, ["a1", "b2", "e5"]))
    assert load(b.explain("a1-b2")) == {"legal": True, "message": None}
    why = load(b.explain("a1-e5"))
    assert why["legal"] is False and "blocked by b2" in why["message"]
    assert why["reason"] == {"id": "blocked", "args": {"frm": "a1", "to": "e5", "blockers": "b2"}}
    assert load(b.explain("nonsense"))["legal"] is False


def test_explain_lift_without_any_receiver() -> None:
    b = Bridge(Game(None, ["a1", "b2", "e5"]))
    assert load(b.explain_lift(0, 1)) == {"legal": True, "message": None}
    why = load(b.explain_lift(24, 1))
    assert why["legal"] is False
    assert why["message"].startswith("the top disc of e5 cannot move")
    assert load(b.explain_lift(12, 1))["message"] == "there is no stack on c3"


def test_explain_lift_names_the_take_back_rule() -> None:
    actions = ["a3", "a2", "b5", "d3", "c5", "d5", "b5-c5", "c5-d5"]
    b = Bridge(Game(None, actions))
    d5 = 23  # (5 - 1) * 5 + 3
    why = load(b.explain_lift(d5, 1))
    assert why["legal"] is False
    assert "take back" in why["message"] and "c5-d5" in why["message"]
    # the nested reason, with the player as a colour letter (Red moved c5-d5)
    take_back = {"id": "take-back", "args": {"color": "r", "move": "c5-d5"}}
    assert why["reason"] == {
        "id": "stuck-because",
        "args": {"square": "d5", "count": 1, "why": take_back},
    }
    assert load(b.explain_lift(d5, 2))["legal"] is True


def test_a_finished_game_is_known_as_finished_wherever_it_is_shown() -> None:
    """``finished`` tells the page the whole line (future included) ends the
    game, so that looking back at a finished game is read-only."""
    b = Bridge()
    won = ["d4", "c4", "d4-c4", "d4", "c4:2-d4", "c4", "d4:3-c4", "d4", "c4:4-d4"]
    for action in won[:-1]:
        assert load(b.play(action))["state"]["finished"] is False
    end = load(b.play(won[-1]))["state"]
    assert end["over"] and end["finished"]
    shown = load(b.goto(5))
    assert not shown["over"] and shown["finished"] and len(shown["future"]) == 4
    assert shown["fen"] == Game(None, won[:5]).fen()  # the look ahead leaves the position as shown
    assert load(b.goto(0))["finished"]
    b.goto(5)
    assert load(b.play("a1"))["state"]["finished"] is False  # a new line, not finished


def test_undo_redo_and_history() -> None:
    b = Bridge()
    for action in ["c3", "b4", "b4-c3"]:
        b.play(action)
    view = load(b.undo())
    assert view["moves"] == ["c3", "b4"] and view["future"] == ["b4-c3"]
    assert view["canUndo"] and view["canRedo"]
    view = load(b.redo())
    assert view["moves"] == ["c3", "b4", "b4-c3"] and not view["canRedo"]
    for _ in range(4):
        view = load(b.undo())
    assert view["fen"] == Position().fen() and not view["canUndo"]


# The three-player game: Blue passes and the turn goes back to Red (R10).
HANDED_BACK_TEXT = (
    "c2,b2,b5,b2-c2,c3,b2,c2:2-c3,e5,c1,c3:3-b2,b2:4-c1,a4,a4-b5,a2,d3,c4,b4,a3,d3-c4,"
    "c4:2-b4,d5,e5-d5,d5-b5,c4,c4-d5,b5:3-d5,a3-a2,c4,b5,e5,b4:2-c4,c4:2-a2,e1,b4-b5,d5,"
    "e5-d5,e4,b5:2-c4,b5,c4-b5,e4-c4,e3,c1,b5:2-d5,c1-c4,c2,a4,pass,e2"
)


def test_movers_follow_a_turn_handed_back() -> None:
    link = "#p=5/5/5/5/5_w_6/6/6_0/0/0_3_-&m=" + HANDED_BACK_TEXT
    b = Bridge()
    view = load(b.load_link(link))["state"]
    movers = view["movers"]
    assert len(movers) == len(view["moves"])
    # In turn order until the pass; then Red, who moved before Blue, plays e2.
    assert movers[:6] == ["w", "r", "b", "w", "r", "b"]
    assert view["moves"][-2:] == ["pass", "e2"]
    assert movers[-2:] == ["b", "r"]
    view = load(b.goto(len(movers) - 3))
    assert view["movers"] == movers  # the undone actions keep their movers


def test_a_win_is_reported() -> None:
    actions = ["d4", "c4", "d4-c4", "d4", "c4:2-d4", "c4", "d4:3-c4", "d4", "c4:4-d4"]
    view = load(Bridge(Game(None, actions)).state())
    assert view["status"] == "w-wins" and view["winner"] == "w" and view["over"]
    assert view["result"] and view["scoreText"] == "1-0"
    assert view["legal"] == {"enter": [], "moves": {}, "pass": False}


def test_a_forced_pass_is_reported() -> None:
    game = Game.new(2, 5, 1)
    for action in ["d2", "c2", "b3", "d1", "a2", "d1-d2", "e5", "c2-b3", "b1", "b1-a2"]:
        game.play(action)
    view = load(Bridge(game).state())
    assert view["mustPass"] is True
    assert view["legal"] == {"enter": [], "moves": {}, "pass": True}


@pytest.mark.parametrize(
    ("players", "discs", "target", "fen"),
    [
        (2, 8, 2, "5/5/5/5/5 w 8/8 0/0 2 -"),
        (3, 15, 1, "5/5/5/5/5 w 15/15/15 0/0/0 1 -"),
        (2, 30, 9, "5/5/5/5/5 w 30/30 0/0 9 -"),
    ],
)
def test_new_game(players: int, discs: int, target: int, fen: str) -> None:
    b = Bridge()
    b.play("c3")
    answer = load(b.new_game(players, discs, target))
    assert answer["ok"] and answer["state"]["fen"] == fen
    assert answer["state"]["moves"] == []


@pytest.mark.parametrize(("players", "discs", "target"), [(4, 20, 1), (2, 4, 1), (2, 20, 10)])
def test_new_game_refuses_bad_settings(players: int, discs: int, target: int) -> None:
    b = Bridge()
    b.play("c3")
    answer = load(b.new_game(players, discs, target))
    assert answer["ok"] is False and answer["message"]
    assert load(b.state())["moves"] == ["c3"]


def test_load() -> None:
    b = Bridge()
    answer = load(b.load("5/5/5/5/5 w 20/20 0/0 1 -", "c3 b4"))
    assert answer["ok"] and answer["state"]["moves"] == ["c3", "b4"]
    assert load(b.load("nonsense", ""))["ok"] is False
    assert load(b.state())["moves"] == ["c3", "b4"]


def test_rules_gives_the_engines_set_up_numbers() -> None:
    # The editor and the new-game form take these instead of writing their own.
    from bridge import rules

    from mixtour.mixtour.core import MAX_HEIGHT, Position, default_discs

    data = load(rules())
    assert data == {"maxHeight": MAX_HEIGHT, "defaultDiscs": {"2": 20, "3": 15}}
    for players in (2, 3):
        assert default_discs(players) == data["defaultDiscs"][str(players)]
        start = Position.start(players)
        assert start.reserves[0] == data["defaultDiscs"][str(players)]


TAGGED = '[Event "Club night"]\n[White "Ann"]\n[Result "*"]\n\n1. c3 b4 *\n'


def test_a_snapshot_keeps_the_header_tags_of_a_loaded_record() -> None:
    b = Bridge()
    assert load(b.load_record(TAGGED))["ok"]
    saved = load(b.snapshot())
    assert saved["headers"] == {"Event": "Club night", "White": "Ann"}
    other = Bridge()
    assert load(other.restore(json.dumps(saved)))["ok"]
    record = load(other.record())["record"]
    assert '[Event "Club night"]\n[White "Ann"]\n' in record
    # A game that is not from a record saves none, and restores with none.
    assert "headers" not in load(Bridge().snapshot())
    del saved["headers"]
    assert load(other.restore(json.dumps(saved)))["ok"]
    assert "Club night" not in load(other.record())["record"]


def test_damaged_header_tags_in_a_snapshot_are_left_out_and_the_game_kept() -> None:
    b = Bridge()
    b.load_record(TAGGED)
    saved = load(b.snapshot())
    saved["headers"] = {
        "Event": "Kept",
        "1bad": "key",
        "Long": "x" * 501,
        "Number": 7,
        **{f"T{i}": "v" for i in range(60)},
    }
    assert load(b.restore(json.dumps(saved)))["ok"]
    kept = load(b.snapshot())["headers"]
    assert kept["Event"] == "Kept" and len(kept) == MAX_SAVED_TAGS
    assert not {"1bad", "Long", "Number"} & kept.keys()
    for broken in ([1, 2], "text", None):
        saved["headers"] = broken
        answer = load(b.restore(json.dumps(saved)))
        assert (
            answer["ok"]
            and answer["state"]["fen"] == Game(saved["start"], saved["actions"]).position.fen()
        )
        assert "headers" not in load(b.snapshot())
