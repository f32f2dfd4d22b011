"""A game of Tor: a start position, the actions played, undo and redo, the result.

>>> g = Game(actions=["c3", "d5", "b6", "e2"])
>>> g.play("c3-d4")
'c3-d4'
>>> g.record()
['c3', 'd5', 'b6', 'e2', 'c3-d4']
>>> g.undo(), g.ply, g.redo()
('c3-d4', 4, 'c3-d4')
"""

from __future__ import annotations

from .core import (
    STANDARD_START,
    IllegalActionError,
    InvalidActionError,
    Outcome,
    Position,
    Reason,
    action_text,
    is_action_code,
    parse_action,
)

__all__ = ["Game"]


class Game:
    """A start position plus the actions played, with undo and redo.

    The position keeps the whole history, so repetitions (T5) are counted
    from the start of the game.  Actions are given as T6 text or as codes;
    what the game returns is T6 text.
    """

    def __init__(self, start: str | None = None, actions: list[str] | None = None) -> None:
        self.position = Position(STANDARD_START if start is None else start)
        self.start = self.position.fen()
        self._redo: list[int] = []
        for text in actions or []:
            self.play(text)

    # -- playing -------------------------------------------------------------

    @staticmethod
    def code(action: str | int) -> int:
        """The code of ``action`` (T6 text or a code); raises
        :class:`InvalidActionError` for anything that is no action."""
        if isinstance(action, str):
            return parse_action(action)
        if not is_action_code(action):
            raise InvalidActionError(f"{action!r} is not an action code")
        return action

    def play(self, action: str | int) -> str:
        """Play an action; raises :class:`InvalidActionError` or
        :class:`IllegalActionError` (with its ``reason``). Clears the redo list.
        Returns the action's T6 text."""
        code = self.code(action)
        why = self.position.why_not(code)
        if why is not None:
            raise IllegalActionError(f"{action_text(code)}: {why}", why)
        self.position.push(code)
        self._redo.clear()
        return action_text(code)

    def undo(self) -> str | None:
        if not self.can_undo:
            return None
        code = self.position.pop()
        self._redo.append(code)
        return action_text(code)

    def redo(self) -> str | None:
        if not self._redo:
            return None
        code = self._redo.pop()
        self.position.push(code)
        return action_text(code)

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

    def record(self) -> list[str]:
        """The actions played so far in T6 notation, oldest first."""
        return [action_text(c) for c in self.position.history()]

    def future(self) -> list[str]:
        """The actions that redo would replay, next first."""
        return [action_text(c) for c in reversed(self._redo)]

    def movers(self) -> list[int]:
        """The player who made each action, the played ones then the redo
        list's (the players simply alternate)."""
        first = Position(self.start).turn
        return [(first + i) % 2 for i in range(self.ply + len(self._redo))]

    def fen(self) -> str:
        return self.position.fen()

    @property
    def result(self) -> Outcome:
        """How the game stands; ``result.describe()`` says why it ended."""
        return self.position.outcome

    def legal_actions(self) -> list[str]:
        return sorted(action_text(a) for a in self.position.legal_actions())

    def why_not(self, action: str | int) -> Reason | None:
        """``None`` if ``action`` is legal now, else the :class:`Reason`."""
        return self.position.why_not(self.code(action))

    def explain(self, action: str | int) -> str | None:
        return self.position.explain(self.code(action))

    def __repr__(self) -> str:
        return f"<Game start={self.start!r} actions={' '.join(self.record())!r}>"
