"""The game protocol: what the shared search, tools, bridge and worker need
from a game's position, named once so that every game of the collection
plugs into them the same way.

Mixtour's :class:`mixtour.mixtour.core.Position` has this shape; a new game's
position class gets it too (``tests/test_kit_protocol.py`` proves Mixtour's
conformance to the type checker and plays a few random games through the
protocol only).  The classes here are :class:`typing.Protocol` s: a game does
not inherit from them, it just has the members.

Conventions the types cannot say:

* **Actions are ints**, one code per action; a game gives its notation as
  module-level functions ``action_text(code) -> str`` and
  ``parse_action(text) -> int``, and an ``Action`` value type (``code``,
  ``str()`` the text, ``Action.parse``) that its ``Game`` (a subclass of
  :class:`mixtour.kit.game.Game`) hands out.
* **Players are numbered from 0**, ``turn`` is the player to move.
* ``hash`` is kept up to date by ``push``/``pop`` and covers everything that
  decides what is legal and what counts as a repetition (the search keys its
  transposition table with it).
* ``status`` is 0 while the game goes on and a game's own small int for each
  ending; ``winner`` is the winner's index after a win, else ``None`` (a
  draw when the status is not 0).  The search reads only these two.
* ``legal_actions()`` is empty when the game is over; ``push`` takes a legal
  action (it need not check), ``pop`` takes the last one back and returns it.
* ``repetitions()`` counts the current position in the history since the
  position was set up (itself included), so 2 means "seen once before".
* ``fen()`` is the game's canonical position string; the class built from
  it (``Position(text)``) reads it back exactly.  The history is not part of
  it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, Self, TypeVar

__all__ = [
    "GamePosition",
    "OutcomeLike",
    "P",
    "ReasonLike",
]


class ReasonLike(Protocol):
    """Why an action is refused: an ``id`` and plain-data ``args``, so that a
    page can word it in any language; ``str()`` gives English."""

    @property
    def id(self) -> str: ...

    @property
    def args(self) -> Mapping[str, object]: ...

    def as_dict(self) -> dict[str, object]:
        """``{"id": ..., "args": {...}}``, all of it plain data."""
        ...

    def __str__(self) -> str: ...


class OutcomeLike(Protocol):
    """How a game stands, for everything that is not the search's inner loop."""

    @property
    def is_over(self) -> bool: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def code(self) -> str:
        """The public word: ``playing``, ``w-wins``, ``draw-repetition``, ...
        (the bridge's ``status``, the board's ``data-status``)."""
        ...

    @property
    def score_text(self) -> str:
        """The result as a record writes it (``1-0``, ``*``, ...)."""
        ...

    def describe(self) -> str:
        """A sentence for a player (English)."""
        ...


class GamePosition(Protocol):
    """A game position with its history, searched in place with push/pop
    (see the module docstring for what each member promises)."""

    @property
    def players(self) -> int: ...

    @property
    def turn(self) -> int: ...

    @property
    def hash(self) -> int: ...

    @property
    def status(self) -> int: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def outcome(self) -> OutcomeLike: ...

    def legal_actions(self) -> list[int]: ...

    def push(self, action: int) -> None: ...

    def pop(self) -> int: ...

    def repetitions(self) -> int: ...

    def fen(self) -> str: ...

    def copy(self) -> Self: ...

    def why_not(self, action: int) -> ReasonLike | None:
        """``None`` when ``action`` is legal here, else the reason it is not."""
        ...

    def explain(self, action: int) -> str | None:
        """``None`` when ``action`` is legal here, else why not, in English."""
        ...


P = TypeVar("P", bound=GamePosition)
"""A game's position class, for code generic over games."""
