"""A game of any game of the collection: a start position, the actions
played, undo and redo, the result.

Each game's ``Game`` is a small subclass naming its position class, its
action type and its standard start, and adding what only that game has
(Mixtour's three-player turns, Tor's movers).  Actions go in as text, as the
game's action value or as a code; they come out as action values (``str()``
of one is its text in the game's notation).  The type parameters are the
game's position, action, outcome and reason classes.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from .errors import IllegalActionError
from .protocol import GamePosition, OutcomeLike, ReasonLike

__all__ = ["ActionValue", "Game", "GameRecordPosition"]


class ActionValue(Protocol):
    """A game's action as a value: an int ``code``, ``str()`` its text in the
    game's notation, ``parse`` reading that text back; equal by code."""

    @property
    def code(self) -> int: ...

    @classmethod
    def parse(cls, text: str) -> Self: ...


class GameRecordPosition(GamePosition, Protocol):
    """A position that keeps its history: what :class:`Game` needs beyond the
    game protocol."""

    @property
    def ply(self) -> int: ...

    def history(self) -> list[int]: ...


Pos = TypeVar("Pos", bound=GameRecordPosition)
A = TypeVar("A", bound=ActionValue)
Out = TypeVar("Out", bound=OutcomeLike)
Rsn = TypeVar("Rsn", bound=ReasonLike)


class Game(Generic[Pos, A, Out, Rsn]):
    """A start position plus the actions played, with undo and redo.

    The position keeps the whole history, so repetitions are counted from the
    start of the game.  A subclass names its game (``name``), its classes
    (``position_class``, ``action_class``, its ``IllegalActionError`` as
    ``illegal_error``) and its ``standard_start``.
    """

    name: ClassVar[str]
    position_class: ClassVar[type[Any]]
    action_class: ClassVar[type[Any]]
    illegal_error: ClassVar[type[IllegalActionError[Any]]]
    standard_start: ClassVar[str]

    def __init__(self, start: str | None = None, actions: list[str] | None = None) -> None:
        self.position: Pos = self.position_class(self.standard_start if start is None else start)
        self.start = self.position.fen()
        self._redo: list[int] = []
        for text in actions or []:
            self.play(text)

    # -- playing -------------------------------------------------------------

    def action(self, code: int) -> A:
        """The action value of ``code`` (the game's ``InvalidActionError``
        for a code that is no action)."""
        value: A = self.action_class(code)
        return value

    def code(self, action: A | str | int) -> int:
        """The code of ``action`` (text, action value or code); raises the
        game's ``InvalidActionError`` for anything that is no action."""
        if isinstance(action, self.action_class):
            return int(action.code)
        if isinstance(action, int):
            return self.action(action).code
        parsed: A = self.action_class.parse(action)
        return parsed.code

    def play(self, action: A | str | int) -> A:
        """Play an action; raises the game's ``InvalidActionError`` or
        ``IllegalActionError`` (with its ``reason``, for a player in any
        language).  Clears the redo list; returns the action played."""
        code = self.code(action)
        why = self.position.why_not(code)
        if why is not None:
            raise self.illegal_error(f"{self.action(code)}: {why}", why)
        self.position.push(code)
        self._redo.clear()
        return self.action(code)

    def undo(self) -> A | None:
        """Take back the last action (kept for :meth:`redo`), or ``None``."""
        if not self.can_undo:
            return None
        code = self.position.pop()
        self._redo.append(code)
        return self.action(code)

    def redo(self) -> A | None:
        """Play again the last action taken back, or ``None``."""
        if not self._redo:
            return None
        code = self._redo.pop()
        self.position.push(code)
        return self.action(code)

    def goto(self, ply: int) -> None:
        """Undo or redo until ``ply`` actions are played (as far as possible)."""
        while self.ply > ply and self.undo():
            pass
        while self.ply < ply and self.redo():
            pass

    @property
    def can_undo(self) -> bool:
        return self.position.ply > 0

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # -- reading ----------------------------------------------------------------

    @property
    def ply(self) -> int:
        return self.position.ply

    def actions(self) -> list[A]:
        """The actions played so far, oldest first."""
        return [self.action(c) for c in self.position.history()]

    def record(self, with_future: bool = False) -> list[str]:
        """The actions played so far in the game's notation, oldest first;
        ``with_future``: then those redo would replay (the whole line)."""
        codes = self.position.history() + (self._redo[::-1] if with_future else [])
        return [str(self.action(c)) for c in codes]

    def movers(self) -> list[int]:
        """The player who made each action: the played ones, then those redo
        would replay. Each game's own: who moves next is its rules' (a pass
        may hand the turn back)."""
        raise NotImplementedError

    def drop_future(self) -> None:
        """Forget the redo list: the game ends at the position shown."""
        self._redo.clear()

    def future(self) -> list[A]:
        """The actions that redo would replay, next first."""
        return [self.action(c) for c in reversed(self._redo)]

    def fen(self) -> str:
        return self.position.fen()

    @property
    def result(self) -> Out:
        """How the game stands; ``result.describe()`` says why it ended."""
        return cast(Out, self.position.outcome)

    @property
    def final_result(self) -> Out:
        """How the game stands after every action, the redo list's too: whether
        the whole line ends the game, wherever the position shown is."""
        if not self._redo:
            return self.result
        pushed = 0
        try:
            for code in reversed(self._redo):
                self.position.push(code)
                pushed += 1
            return cast(Out, self.position.outcome)
        finally:
            for _ in range(pushed):
                self.position.pop()

    def legal_actions(self) -> list[A]:
        """The legal actions now, in the order the game generates them."""
        return [self.action(c) for c in self.position.legal_actions()]

    def legal_texts(self) -> list[str]:
        """The legal actions now in the game's notation, sorted."""
        return sorted(str(a) for a in self.legal_actions())

    def why_not(self, action: A | str | int) -> Rsn | None:
        """``None`` if ``action`` is legal now, else the reason (for any language)."""
        return cast("Rsn | None", self.position.why_not(self.code(action)))

    def explain(self, action: A | str | int) -> str | None:
        """``None`` if ``action`` is legal now, else why not, in English."""
        return self.position.explain(self.code(action))

    def __repr__(self) -> str:
        return f"<Game start={self.start!r} actions={' '.join(self.record())!r}>"
