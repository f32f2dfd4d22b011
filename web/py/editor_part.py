"""The position editor's game-neutral part: what every game's editor bridge
(``editor_bridge.py`` for Mixtour, ``tor_editor_bridge.py`` for Tor) asks of
the engine, written once over a game's :class:`EditorGame`.

The editor page (``web/js/editor-page.js``) builds a position string from what
is on its board and in its fields; the game's engine is the judge:

* :func:`check` reads the string with the game's ``Position``: the canonical
  string and its parts, or the engine's message;
* :func:`from_link` reads the position a link shows (never fails: the
  standard start at worst, with what was wrong with the link);
* :func:`link` writes the link to a valid position, with the computer's
  level when one is asked for;
* :func:`sent_object` reads the setup the page sends with a change
  (``editing.py``, ``tor_editing.py``): a JSON object, or an empty one.

Each bridge keeps its own functions (with the contract's return shapes,
``contract.py``) and calls these with its game.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

__all__ = ["EditorGame", "check", "from_link", "link", "sent_object"]


class _Issue(Protocol):
    def as_dict(self) -> dict[str, Any]: ...


class _Link(Protocol):
    """A game's read link (``mixtour.kit.link.Link``): the parts the editor uses."""

    @property
    def game(self) -> Any: ...

    @property
    def issues(self) -> Sequence[_Issue]: ...

    @property
    def problems(self) -> list[str]: ...


P = TypeVar("P")


@dataclass(frozen=True)
class EditorGame(Generic[P]):
    """One game as its editor sees it.

    ``read`` makes a position of a string (raising ``error`` with the
    engine's message), ``describe`` gives the parts the page shows,
    ``parse_link`` reads a link fragment, ``new_game`` starts a game at a
    canonical position string and ``format_link`` writes a game's link
    (``whole_game``, ``ai`` as in ``mixtour.kit.link``)."""

    read: Callable[[str], P]
    error: type[Exception]
    describe: Callable[[P], Mapping[str, Any]]
    fen: Callable[[P], str]
    parse_link: Callable[[str], _Link]
    new_game: Callable[[str], Any]
    format_link: Callable[..., str]


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


def check(game: EditorGame[P], text: object) -> str:
    """``{"ok": true, "position": {...}}`` or ``{"ok": false, "message": ...}``."""
    try:
        position = game.read(text if isinstance(text, str) else "")
    except game.error as error:
        return _dump({"ok": False, "message": str(error)})
    return _dump({"ok": True, "position": game.describe(position)})


def from_link(game: EditorGame[P], fragment: object) -> str:
    """The position a link fragment shows, and what was wrong with the link."""
    read = game.parse_link(fragment if isinstance(fragment, str) else "")
    issues = [issue.as_dict() for issue in read.issues]
    position = game.describe(read.game.position)
    return _dump({"position": position, "problems": read.problems, "issues": issues})


def link(game: EditorGame[P], text: object, level: object = None) -> str:
    """``{"fragment": ...}``: the link to a valid position (``ai=level`` for a
    level 1 to 6), or ``{"fragment": null, "message": ...}``."""
    try:
        position = game.read(text if isinstance(text, str) else "")
    except game.error as error:
        return _dump({"fragment": None, "message": str(error)})
    played = game.new_game(game.fen(position))
    ai = int(level) if isinstance(level, int | float) and 1 <= level <= 6 else None
    return _dump({"fragment": game.format_link(played, whole_game=False, ai=ai)})
