"""The editors' game-neutral part (web/py/editor_part.py) under both games'
changes (web/py/editing.py for Mixtour, web/py/tor_editing.py for Tor): a
setup the page sends that is no JSON object is read as an empty one, so
each game starts from its own default setup."""

from __future__ import annotations

import doctest
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

WEB_PY = Path(__file__).resolve().parent.parent / "web" / "py"
if str(WEB_PY) not in sys.path:
    sys.path.insert(0, str(WEB_PY))

import editing  # noqa: E402
import editor_part  # noqa: E402
import tor_editing  # noqa: E402

# Each game's edit, a change that alters nothing on an empty board, and the
# setup that change gives from nothing.
GAMES: dict[str, tuple[Callable[..., str], tuple[Any, ...], dict[str, Any]]] = {
    "mixtour": (editing.edit, ("clear",), editing.start_setup(2)),
    "tor": (tor_editing.edit, ("clear",), tor_editing.empty_setup()),
}
NOT_OBJECTS = ["", "{", "[1, 2]", "null", '"text"', "3", None, 42, b"{}"]


def test_editor_part_doctests() -> None:
    failures, attempted = doctest.testmod(editor_part)
    assert failures == 0 and attempted > 0


@pytest.mark.parametrize("text", NOT_OBJECTS)
def test_what_is_no_json_object_is_read_as_an_empty_one(text: object) -> None:
    assert editor_part.sent_object(text) == {}


def test_a_json_object_is_read_as_sent() -> None:
    sent = {"turn": "b", "tokens": ["R"], "nested": {"a": [1, None]}}
    assert editor_part.sent_object(json.dumps(sent)) == sent


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("text", NOT_OBJECTS)
def test_each_game_starts_from_its_default_setup_on_a_broken_one(name: str, text: object) -> None:
    edit, change, expected = GAMES[name]
    answer = json.loads(edit(text, *change))
    assert answer["done"] is True
    assert answer["setup"] == expected


@pytest.mark.parametrize("name", GAMES)
def test_each_game_keeps_what_a_sent_setup_says(name: str) -> None:
    edit, change, expected = GAMES[name]
    sent = dict(expected, turn="b")
    answer = json.loads(edit(json.dumps(sent), *change))
    assert answer["setup"]["turn"] == "b"
