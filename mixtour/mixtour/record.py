"""Mixtour's game records (G1): the collection's record layout
(``mixtour/kit/record.py``) with Mixtour's set-up tags and N1 actions.

>>> from mixtour.mixtour.game import Game
>>> g = Game(actions=["c3", "b4", "b4-c3"])
>>> print(to_record(g), end="")
[Players "2"]
[Discs "20"]
[Target "1"]
[Result "*"]
<BLANKLINE>
1. c3 b4 2. b4-c3 *
>>> from_record("1. c3 b4 2. b4-c3").fen() == g.fen()
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..kit import record as layout
from ..kit.errors import shown
from .core import (
    STANDARD_START,
    IllegalActionError,
    InvalidActionError,
    InvalidPositionError,
    MixtourError,
    Position,
)
from .game import Game

__all__ = ["InvalidRecordError", "Record", "from_record", "read_record", "to_record"]


class InvalidRecordError(MixtourError):
    """A game record (G1) that cannot be read; the message names the line."""


def _start_tags(start: str) -> dict[str, str]:
    pos = Position(start)
    tags = {"Players": str(pos.players), "Discs": str(pos.discs), "Target": str(pos.target)}
    if start != Position.start(pos.players, pos.discs, pos.target).fen():
        tags["Position"] = start
    return tags


def _start_from(tags: Mapping[str, str]) -> str:
    try:
        if "position" in tags:
            return Position(tags["position"]).fen()
        if {"players", "discs", "target"} & tags.keys():
            players = _int_tag(tags, "players")
            target = _int_tag(tags, "target")
            return Position.start(
                2 if players is None else players,
                _int_tag(tags, "discs"),
                1 if target is None else target,
            ).fen()
    except InvalidPositionError as e:
        raise InvalidRecordError(f"header: {e}") from None
    return STANDARD_START


def _int_tag(tags: Mapping[str, str], key: str) -> int | None:
    if key not in tags:
        return None
    value = tags[key].strip()
    if not (value.isascii() and value.isdigit() and len(value) <= 3):
        raise InvalidRecordError(f"header {key.title()}: {shown(value)} is not a number")
    return int(value)


RULES = layout.RecordRules(
    new_game=Game,
    start_tags=_start_tags,
    start_from=_start_from,
    computed=frozenset({"players", "discs", "target", "position", "result"}),
    results=frozenset({"*", "1-0", "0-1", "1/2-1/2", "1-0-0", "0-1-0", "0-0-1", "1/3-1/3-1/3"}),
    round_size=lambda start: Position(start).players,
    error=InvalidRecordError,
    not_an_action=InvalidActionError,
    illegal=IllegalActionError,
)


def to_record(game: Game, headers: Mapping[str, str] | None = None) -> str:
    """The G1 text of a game: headers, then the actions numbered by rounds."""
    return layout.write(RULES, game, headers)


@dataclass
class Record:
    """A record read back: the game and the header tags that the game itself
    does not hold (``White``, ``Event``, ``Date``...), as written, in order."""

    game: Game
    headers: dict[str, str] = field(default_factory=dict)


def from_record(text: str) -> Game:
    """Read a G1 record, with or without move numbers; raises
    :class:`InvalidRecordError` naming the line and the problem."""
    return read_record(text).game


def read_record(text: str) -> Record:
    r""":func:`from_record` that keeps the other header tags too, so that
    ``to_record(r.game, r.headers)`` writes them back.

    >>> r = read_record('[Event "Club night"]\n[White "Ann"]\n[Result "*"]\n\n1. c3')
    >>> r.headers, str(r.game.actions()[0])
    ({'Event': 'Club night', 'White': 'Ann'}, 'c3')
    """
    game, headers = layout.read(RULES, text)
    return Record(game, headers)
