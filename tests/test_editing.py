"""The position editor's disc counting (web/py/editing.py), under CPython.

The editor page holds what it shows and asks the engine for every change that
moves discs between the board and the reserves; here are those changes.
"""

from __future__ import annotations

import doctest
import json
import sys
from pathlib import Path
from typing import Any

WEB_PY = Path(__file__).resolve().parent.parent / "web" / "py"
if str(WEB_PY) not in sys.path:
    sys.path.insert(0, str(WEB_PY))

import editing  # noqa: E402
from editing import edit, start_setup  # noqa: E402


def change(setup: dict[str, Any], what: str, square: int = -1, color: str = "") -> Any:
    return json.loads(edit(json.dumps(setup), what, square, color))


def test_editing_doctests() -> None:
    failures, _ = doctest.testmod(editing)
    assert failures == 0


def test_a_disc_placed_comes_out_of_its_reserve_and_goes_back_when_erased() -> None:
    setup = start_setup(2)
    setup["last"] = "c3"
    placed = change(setup, "place", 12, "w")
    assert placed["done"]
    assert placed["setup"]["stacks"][12] == "w"
    assert placed["setup"]["reserves"] == [19, 20, 20]
    assert placed["setup"]["last"] == "-"  # an edited board has no last action
    erased = change(placed["setup"], "erase", 12)
    assert erased["done"]
    assert erased["setup"] == {**setup, "last": "-"}


def test_a_stack_stops_at_four_discs_and_an_empty_square_has_nothing_to_erase() -> None:
    setup = start_setup(2)
    setup["stacks"][0] = "wrwr"
    full = change(setup, "place", 0, "w")
    assert not full["done"]
    assert full["setup"]["stacks"][0] == "wrwr"
    assert full["setup"]["reserves"] == [20, 20, 20]
    nothing = change(setup, "erase", 1)
    assert not nothing["done"]
    assert nothing["setup"] == setup


def test_an_empty_reserve_or_one_being_typed_is_left_alone() -> None:
    setup = start_setup(2)
    setup["reserves"] = [0, "1x", 15]
    placed = change(setup, "place", 3, "w")
    assert placed["setup"]["reserves"] == [0, "1x", 15]
    placed = change(placed["setup"], "place", 4, "r")
    assert placed["setup"]["stacks"][3:5] == ["w", "r"]
    assert placed["setup"]["reserves"] == [0, "1x", 15]
    assert change(placed["setup"], "erase", 3)["setup"]["reserves"] == [1, "1x", 15]


def test_a_third_player_gets_as_many_discs_as_white_owns_and_leaving_takes_blue_off() -> None:
    setup = start_setup(2)
    setup["stacks"][6] = "wr"
    setup["reserves"] = [17, 19, 20]  # White owns 18
    three = change(setup, "players", 3)["setup"]
    assert three["players"] == 3
    assert three["reserves"] == [17, 19, 18]
    three["stacks"][7] = "b"
    three["turn"] = "b"
    two = change(three, "players", 2)["setup"]
    assert two["players"] == 2
    assert two["stacks"][7] == "" and two["stacks"][6] == "wr"
    assert two["turn"] == "w"
    setup["reserves"][0] = "?"
    assert change(setup, "players", 3)["setup"]["reserves"][2] == 15


def test_even_gives_every_player_as_many_discs_as_the_one_who_owns_most() -> None:
    setup = start_setup(3)
    setup["stacks"][0] = "wwr"
    setup["reserves"] = [20, "?", 9]  # White owns 22
    answer = change(setup, "even")
    assert answer["discs"] == 22
    assert answer["setup"]["reserves"] == [20, 21, 22]
    stacks = "".join(answer["setup"]["stacks"])
    totals = [r + stacks.count(c) for r, c in zip(answer["setup"]["reserves"], "wrb", strict=True)]
    assert totals == [22, 22, 22]


def test_clear_puts_every_disc_back_and_start_sets_the_usual_discs() -> None:
    setup = start_setup(2)
    setup["stacks"][0] = "wr"
    setup["stacks"][1] = "r"
    setup["reserves"] = [19, 18, 20]
    setup["target"] = 3
    cleared = change(setup, "clear")["setup"]
    assert cleared["stacks"] == [""] * 25
    assert cleared["reserves"] == [20, 20, 20]
    assert cleared["target"] == 3
    started = change({**setup, "players": 3}, "start")["setup"]
    assert started == start_setup(3)
    assert started["reserves"] == [15, 15, 15]


def test_anything_else_changes_nothing() -> None:
    setup = start_setup(2)
    for what, square, color in [
        ("melt", 0, ""),
        ("place", 25, "w"),
        ("place", 0, "b"),
        ("players", 4, ""),
    ]:
        answer = change(setup, what, square, color)
        assert not answer["done"]
        assert answer["setup"] == setup
    # Broken input from the page: the start, never an exception.
    assert json.loads(edit("not json", "clear"))["setup"]["stacks"] == [""] * 25
    assert json.loads(edit('{"stacks": 5}', "erase", 0))["done"] is False
