"""The saved game and the record of a game, as every game's bridge serves
them to its page (``bridge.py`` for Mixtour, ``tor_bridge.py`` for Tor):
written once here, and called once, by their base (``page_part.py``).

A snapshot is ``{"version": 1, "game"?, "start", "actions", "ply",
"headers"?}``: the whole line, undone actions included (``ply`` of them
played); ``game`` names the game (none for Mixtour's, as older pages wrote
them); ``headers`` are a loaded record's tags. Reading one back replays it
through the engine, and anything else is refused with a message, the game
on the board kept.

>>> from mixtour.tor.game import Game
>>> game = Game(actions=["c3", "d5", "b6"])
>>> _ = game.undo()
>>> data = snapshot_data(game, "tor", {"Event": "Club"})
>>> data["actions"], data["ply"]
(['c3', 'd5', 'b6'], 2)
>>> again, headers = read_snapshot(json.dumps(data), "tor", Game)
>>> again.record(with_future=True) == game.record(with_future=True), headers
(True, {'Event': 'Club'})
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

from mixtour.kit.errors import GameError
from mixtour.kit.record import saved_headers

__all__ = ["SNAPSHOT_VERSION", "SnapshotError", "read_snapshot", "snapshot_data", "whole_record"]

SNAPSHOT_VERSION = 1  # ``headers`` and ``game`` came later as optional fields: still version 1


class SavedLine(Protocol):
    """What saving needs of a game (the kit's ``Game``)."""

    @property
    def start(self) -> str: ...

    @property
    def ply(self) -> int: ...

    def future(self) -> list[Any]: ...

    def goto(self, ply: int) -> None: ...

    def record(self, with_future: bool = ...) -> list[str]: ...


G = TypeVar("G", bound=SavedLine)


class SnapshotError(ValueError):
    """A saved game that cannot be taken back; the message says why."""


def whole_record(
    game: G, write: Callable[[G, Mapping[str, str]], str], headers: Mapping[str, str]
) -> str:
    """The record of the whole line (undone actions included), the game left where it was."""
    ply = game.ply
    game.goto(ply + len(game.future()))
    try:
        return write(game, headers)
    finally:
        game.goto(ply)


def snapshot_data(game: SavedLine, name: str | None, headers: Mapping[str, str]) -> dict[str, Any]:
    """The snapshot of ``game`` (``name``: its ``game`` field, None for none)."""
    data: dict[str, Any] = {"version": SNAPSHOT_VERSION}
    if name is not None:
        data["game"] = name
    data.update(start=game.start, actions=game.record(with_future=True), ply=game.ply)
    if headers:
        data["headers"] = dict(headers)
    return data


def read_snapshot(
    text: object, name: str | None, replay: Callable[[str, list[str]], G]
) -> tuple[G, dict[str, str]]:
    """The game of a snapshot (replayed by ``replay(start, actions)``) and its
    tags; raises :class:`SnapshotError` for anything else."""
    try:
        data = json.loads(text if isinstance(text, str) else "")
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        if data.get("version") != SNAPSHOT_VERSION:
            raise ValueError(f"version {data.get('version')!r} is not supported")
        if data.get("game") != name:
            raise ValueError("not a saved game of this page's game")
        start, actions, ply = data.get("start"), data.get("actions"), data.get("ply")
        if not isinstance(start, str):
            raise ValueError("the start position is missing")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ValueError("the actions are not a list of texts")
        if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= len(actions):
            raise ValueError("the ply is not a number within the game")
        game = replay(start, actions)
        game.goto(ply)
    except (GameError, ValueError, TypeError) as error:
        raise SnapshotError(str(error)) from None
    except RecursionError:  # json.loads of arrays nested thousands deep
        raise SnapshotError("the saved game is nested too deeply") from None
    return game, saved_headers(data.get("headers"))
