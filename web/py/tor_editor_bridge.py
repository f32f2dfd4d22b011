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

from contract import TorChecked, TorEditedPosition, TorLinkedPosition
from editor_part import EditorPart
from tor_editing import edit as edit  # published as window.torEditor.edit

from mixtour.tor.core import COLOR_LETTERS, NO_HAND, PLAYER_LETTERS, Position
from mixtour.tor.game import Game


class TorEditor(EditorPart[Position, TorChecked, TorLinkedPosition]):
    """Tor's position editor: the parts of a position its page shows."""

    game_class = Game

    def describe(self, position: Position) -> TorEditedPosition:
        return {
            "fen": position.fen(),
            "turn": cast(Literal["w", "b"], PLAYER_LETTERS[position.turn]),
            "hand": None if position.hand == NO_HAND else COLOR_LETTERS[position.hand],
            "placing": position.is_placing,
            "over": position.is_over,
        }


# Published as window.torEditor.check, .from_link and .link.
EDITOR = TorEditor()
check, from_link, link = EDITOR.check, EDITOR.from_link, EDITOR.link
