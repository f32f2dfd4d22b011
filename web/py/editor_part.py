"""The position editor's game-neutral part: what every game's editor bridge
(``editor_bridge.py`` for Mixtour, ``tor_editor_bridge.py`` for Tor) asks of
the engine, written once as :class:`EditorPart`.

The editor page (``web/js/editor-page.js``) builds a position string from what
is on its board and in its fields; the game's engine is the judge:

* :meth:`EditorPart.check` reads the string with the game's ``Position``:
  the canonical string and its parts, or the engine's message;
* :meth:`EditorPart.from_link` reads the position a link shows (never fails:
  the standard start at worst, with what was wrong with the link);
* :meth:`EditorPart.link` writes the link to a valid position, with the
  computer's level when one is asked for;
* :func:`sent_object` reads the setup the page sends with a change
  (``editing.py``, ``tor_editing.py``): a JSON object, or an empty one.

A game's editor is a subclass naming its ``Game`` class (its position class,
and its link rules found beside it: :func:`page_part.game_module`) and the
parts of a position the page shows (``describe``), and binding the part's
type parameters to its contract shapes (``EditorPart[Position, Checked,
LinkedPosition]``), so that each function declares its game's shape
(:func:`contract.bind_shapes`). The bridge module publishes an editor's
functions under their names.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Generic, Protocol, TypeVar

from contract import EditorLinkJson, bind_shapes
from page_part import game_module

__all__ = ["EditorPart", "sent_object"]


class _Position(Protocol):
    def fen(self) -> str: ...


P = TypeVar("P", bound=_Position)  # the game's position
C = TypeVar("C")  # what checking a position answers (Checked, TorChecked)
LP = TypeVar("LP")  # what reading a link answers (LinkedPosition, TorLinkedPosition)


def sent_object(text: object) -> dict[str, Any]:
    """The JSON object the page sent, or an empty one for anything else (no
    text, text that is not JSON, JSON that is not an object).

    >>> sent_object('{"turn": "b"}'), sent_object("[1]"), sent_object("{"), sent_object(None)
    ({'turn': 'b'}, {}, {}, {})
    """
    try:
        data = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        data = None
    return data if isinstance(data, dict) else {}


def _dump(data: Mapping[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


class EditorPart(Generic[P, C, LP]):
    """One game's editor: its ``game_class`` (a kit ``Game``) and what the
    page shows of a position (:meth:`describe`)."""

    game_class: ClassVar[type[Any]]
    links: ClassVar[Any]  # the game's link rules (mixtour.kit.link.LinkRules)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        bind_shapes(cls, EditorPart)
        cls.links = game_module(cls.game_class, "link").RULES

    def describe(self, position: P) -> Mapping[str, Any]:
        """The parts of a position the page shows."""
        raise NotImplementedError

    def _read(self, text: object) -> P:
        """The position a string holds; raises the game's error with the engine's message."""
        position: P = self.game_class.position_class(text if isinstance(text, str) else "")
        return position

    def check(self, text: str) -> Annotated[str, C]:
        """Validate a position string with the engine: ``{"ok": true,
        "position": {...}}`` or ``{"ok": false, "message": ...}``."""
        try:
            position = self._read(text)
        except self.links.error as error:
            return _dump({"ok": False, "message": str(error)})
        return _dump({"ok": True, "position": self.describe(position)})

    def from_link(self, fragment: str) -> Annotated[str, LP]:
        """The position a link fragment shows, and what was wrong with the link."""
        read = self.links.read(fragment if isinstance(fragment, str) else "")
        issues = [issue.as_dict() for issue in read.issues]
        position = self.describe(read.game.position)
        return _dump({"position": position, "problems": read.problems, "issues": issues})

    def link(self, text: str, level: int | None = None) -> EditorLinkJson:
        """The link fragment of a position, with the computer's level if one
        is given: ``{"fragment": ...}`` (``ai=level`` for a level 1 to 6), or
        ``{"fragment": null, "message": ...}``."""
        try:
            position = self._read(text)
        except self.links.error as error:
            return _dump({"fragment": None, "message": str(error)})
        played = self.links.game(position.fen())
        ai = int(level) if isinstance(level, int | float) and 1 <= level <= 6 else None
        return _dump({"fragment": self.links.write(played, whole_game=False, ai=ai)})
