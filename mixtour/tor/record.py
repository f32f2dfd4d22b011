"""Tor's game records: the collection's record layout (``mixtour/kit/record.py``)
with the actions in T6.

>>> from mixtour.tor.game import Game
>>> game = Game(actions=["c3", "d5", "b6", "e2", "c3-d4"])
>>> print(to_record(game, {"White": "Ann"}), end="")
[Game "Tor"]
[White "Ann"]
[Result "*"]
<BLANKLINE>
1. c3 d5 2. b6 e2 3. c3-d4 *
>>> read_record(to_record(game)).game.fen() == game.fen()
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..kit import record as layout
from .core import (
    STANDARD_START,
    IllegalActionError,
    InvalidActionError,
    InvalidPositionError,
    Position,
    TorError,
)
from .game import Game

__all__ = ["InvalidRecordError", "Record", "read_record", "to_record"]

GAME_TAG = "Tor"


class InvalidRecordError(TorError):
    """A record of a game of Tor that cannot be read; the message names the line."""


def _start_tags(start: str) -> dict[str, str]:
    tags = {"Game": GAME_TAG}
    if start != STANDARD_START:
        tags["Position"] = start  # a random layout (T1), or a game taken up mid-way
    return tags


def _start_from(tags: Mapping[str, str]) -> str:
    game = tags.get("game", GAME_TAG)
    if game.strip().lower() != GAME_TAG.lower():
        raise InvalidRecordError(
            f"header Game: this is a record of {layout.shown(game)}, not of Tor"
        )
    if "position" not in tags:
        return STANDARD_START
    try:
        return Position(tags["position"]).fen()
    except InvalidPositionError as e:
        raise InvalidRecordError(f"header Position: {e}") from None


RULES = layout.RecordRules(
    new_game=Game,
    start_tags=_start_tags,
    start_from=_start_from,
    computed=frozenset({"game", "position", "result"}),
    results=frozenset({"*", "1-0", "0-1", "1/2-1/2"}),
    round_size=lambda start: 2,
    error=InvalidRecordError,
    not_an_action=InvalidActionError,
    illegal=IllegalActionError,
)


@dataclass
class Record:
    """A record read back: the game, and the header tags it does not decide."""

    game: Game
    headers: dict[str, str] = field(default_factory=dict)


def to_record(game: Game, headers: Mapping[str, str] | None = None) -> str:
    """The record of a game of Tor (its played actions), with ``headers``."""
    return layout.write(RULES, game, headers)


def read_record(text: object) -> Record:
    """Read a record of Tor; raises :class:`InvalidRecordError` naming the line."""
    game, headers = layout.read(RULES, text)
    return Record(game, headers)
