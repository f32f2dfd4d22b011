"""The position editor's bridge (``web/editor.html``, the ``editor`` surface of
``surfaces.py``, published as ``window.mixtourEditor``).

The editor builds a position string (P1) in JavaScript from what is on its
board and in its fields; the engine decides whether it is a valid position.
Its functions return JSON strings (``rules()``: the engine's set-up numbers,
see ``bridge.rules``):

``check(text)``
    ``{"ok": true, "position": {...}}`` with the canonical P1 and its parts
    (stacks, player to move, reserves, scores, target, last action), or
    ``{"ok": false, "message": text}`` with the engine's reason.
``from_link(fragment)``
    the position a link (``#p=...&m=...``) shows, as ``{"position": {...},
    "problems": [text, ...], "issues": [{"id", "args"}, ...]}``; never fails
    (the standard start at worst).
``link(text, level)``
    ``{"fragment": "p=..."}``: the link to a valid position (``ai=level`` added
    for a level 1-6), written by ``mixtour/mixtour/link.py``.
``edit(setup, change, square, color)``
    one change to what the editor shows (see ``editing.py``), so that the
    page counts no discs itself.

``check``, ``from_link`` and ``link`` are the game-neutral editor's
(``editor_part.py``), here a :class:`MixtourEditor`'s; Tor's editor has its
own bridge (``tor_editor_bridge.py``) on the same part.
"""

from __future__ import annotations

from typing import cast

from bridge import rules as rules  # published as window.mixtourEditor.rules
from contract import Checked, Color, EditedPosition, LinkedPosition
from editing import edit as edit  # published as window.mixtourEditor.edit
from editor_part import EditorPart

from mixtour.mixtour.core import COLORS, Position
from mixtour.mixtour.game import Game


class MixtourEditor(EditorPart[Position, Checked, LinkedPosition]):
    """Mixtour's position editor: the parts of a position its page shows."""

    game_class = Game

    def describe(self, position: Position) -> EditedPosition:
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
            "discs": position.discs,
        }


# Published as window.mixtourEditor.check, .from_link and .link.
EDITOR = MixtourEditor()
check, from_link, link = EDITOR.check, EDITOR.from_link, EDITOR.link
