"""The Python entry point of the position editor (``web/editor.html``).

The editor builds a position string (P1) in JavaScript from what is on its
board and in its fields; the engine decides whether it is a valid position.
This module publishes ``window.mixtourEditor`` with functions that return JSON
strings (``rules()``: the engine's set-up numbers, see ``bridge.rules``):

``check(text)``
    ``{"ok": true, "position": {...}}`` with the canonical P1 and its parts
    (stacks, player to move, reserves, scores, target, last action), or
    ``{"ok": false, "message": text}`` with the engine's reason.
``from_link(fragment)``
    the position a link (``#p=...&m=...``) shows, as ``{"position": {...},
    "problems": [text, ...]}``; never fails (the standard start at worst).

Then it fires ``mixtour:python-ready`` on ``window``; ``web/js/editor.js``
takes over from there.
"""

from __future__ import annotations

import json
from typing import Any, cast

from bridge import rules
from contract import CheckedJson, Color, EditedPosition, LinkedPositionJson
from publish import publish

from mixtour.core import COLORS, MixtourError, Position
from mixtour.link import parse_link


def _dump(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


def _describe(position: Position) -> EditedPosition:
    fen = position.fen()
    return {
        "fen": fen,
        "players": position.players,
        "turn": cast(Color, COLORS[position.turn]),
        "stacks": list(position.stacks),
        "reserves": list(position.reserves),
        "scores": list(position.scores),
        "target": position.target,
        "last": fen.split()[-1],
        "over": position.is_over,
    }


def check(text: str) -> CheckedJson:
    """Validate a position string with the engine."""
    try:
        position = Position(text if isinstance(text, str) else "")
    except MixtourError as error:
        return _dump({"ok": False, "message": str(error)})
    return _dump({"ok": True, "position": _describe(position)})


def from_link(fragment: str) -> LinkedPositionJson:
    """The position a link fragment shows, and what was wrong with the link."""
    link = parse_link(fragment if isinstance(fragment, str) else "")
    return _dump({"position": _describe(link.game.position), "problems": link.problems})


publish("mixtourEditor", {"check": check, "from_link": from_link, "rules": rules})
