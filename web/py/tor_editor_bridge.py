"""Tor's position editor's bridge (``web/tor-editor.html``, the ``tor-editor``
surface of ``surfaces.py``, published as ``window.torEditor``).

The same functions as Mixtour's editor (``editor_bridge.py``), over Tor's
classes and the game-neutral part (``editor_part.py``); the engine's reading
of a T7 string (``mixtour/tor/RULES.md``) is the judge of a position:

``check(text)``
    ``{"ok": true, "position": {...}}`` with the canonical T7 string, the
    player to move, the token in hand and whether the game is over there, or
    ``{"ok": false, "message": text}`` with the engine's reason.
``from_link(fragment)``
    the position a link of ``tor.html`` shows (``#p=...&m=...``), and what was
    wrong with it; never fails (the standard start at worst).
``link(text, level)``
    ``{"fragment": "p=..."}``: the link to a valid position (``ai=level`` for
    a level 1 to 6), written by ``mixtour/tor/link.py``.
``edit(setup, change, square, what)``
    one change to what the editor shows (``tor_editing.py``).

>>> import json
>>> json.loads(check("OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR b -"))["message"]
'with 0 White and 0 Black pawns placed, White is to move'
"""

from __future__ import annotations

from typing import Literal, cast

import editor_part
from contract import EditorLinkJson, TorCheckedJson, TorEditedPosition, TorLinkedPositionJson
from tor_editing import edit as edit  # published as window.torEditor.edit

from mixtour.tor.core import COLOR_LETTERS, NO_HAND, PLAYER_LETTERS, Position, TorError
from mixtour.tor.game import Game
from mixtour.tor.link import format_link, parse_link


def _describe(position: Position) -> TorEditedPosition:
    return {
        "fen": position.fen(),
        "turn": cast(Literal["w", "b"], PLAYER_LETTERS[position.turn]),
        "hand": None if position.hand == NO_HAND else COLOR_LETTERS[position.hand],
        "placing": position.is_placing,
        "over": position.is_over,
    }


TOR = editor_part.EditorGame(
    read=Position,
    error=TorError,
    describe=_describe,
    fen=Position.fen,
    parse_link=parse_link,
    new_game=Game,
    format_link=format_link,
)


def check(text: str) -> TorCheckedJson:
    """Validate a T7 position string with the engine."""
    return editor_part.check(TOR, text)


def from_link(fragment: str) -> TorLinkedPositionJson:
    """The position a link fragment shows, and what was wrong with the link."""
    return editor_part.from_link(TOR, fragment)


def link(text: str, level: int | None = None) -> EditorLinkJson:
    """The link fragment of a position, with the computer's level if one is given."""
    return editor_part.link(TOR, text, level)
