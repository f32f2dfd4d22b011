"""What every game's core shares that is no rule: the value of a refusal
(:class:`Reason`, whose English each game words), the words of an
outcome (:class:`OutcomeWords`) and the identity of a position
(:class:`PositionText`: shown, compared and hashed through its text and
its hash, and whether the game is over).

A leaf module, as ``errors.py``: it imports nothing of the project, so a
game's core (the bottom of its package) may build on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

__all__ = ["OutcomeWords", "PositionText", "Reason"]


@dataclass(frozen=True)
class Reason:
    """Why an action is not legal: an ``id`` and its arguments, so that a user
    interface can word it in any language.  A game subclasses it with its
    ``str()`` (English) and the ids its rules use; the arguments carry no
    English, and a nested reason (``why``) is a reason too.

    >>> Reason("outer", square="c3", why=Reason("inner", count=2)).as_dict()
    {'id': 'outer', 'args': {'square': 'c3', 'why': {'id': 'inner', 'args': {'count': 2}}}}
    """

    id: str
    args: dict[str, str | int | Reason]

    def __init__(self, id: str, **args: str | int | Reason) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "args", args)

    def as_dict(self) -> dict[str, object]:
        """``{"id": ..., "args": {...}}``, a nested reason as such a dict too."""
        args = {k: v.as_dict() if isinstance(v, Reason) else v for k, v in self.args.items()}
        return {"id": self.id, "args": args}


class OutcomeWords:
    """The public words of a game's ``Outcome``, for it to inherit: a game's
    outcome holds ``ending`` (its ``Status``, 0 while playing) and ``winner``
    (a player's index after a win, else ``None``) and names ``status_words``
    (the word of each ending) and ``winner_letters`` (each player's letter
    in ``w-wins``)."""

    __slots__ = ()

    ending: int
    winner: int | None
    status_words: ClassVar[tuple[str, ...]]
    winner_letters: ClassVar[str]

    @property
    def is_over(self) -> bool:
        return self.ending != 0

    @property
    def kind(self) -> str:
        """The word of the ending: ``playing``, ``win``, or a kind of draw."""
        return self.status_words[self.ending]

    @property
    def code(self) -> str:
        """The public word (a bridge's ``status``, the board's
        ``data-status``): ``w-wins`` and the like after a win, else the kind."""
        if self.winner is not None:
            return f"{self.winner_letters[self.winner]}-wins"
        return self.status_words[self.ending]

    @property
    def status(self) -> str:
        """:attr:`code`, under the name a bridge's JSON gives it."""
        return self.code


class PositionText:
    """The identity of a game's position, for its ``Position`` to inherit:
    two positions are equal when their texts (``fen()``) are, the hash is the
    position's incremental ``hash``, ``repr()`` shows the text, and
    :attr:`is_over` reads ``status`` (0 while the game goes on)."""

    __slots__ = ()

    hash: int
    status: int

    def fen(self) -> str:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"Position({self.fen()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and self.fen() == other.fen()

    def __hash__(self) -> int:
        return self.hash

    @property
    def is_over(self) -> bool:
        return self.status != 0
