"""A game: a start position, the actions played, undo and redo, the result.

>>> g = Game()
>>> for text in ["c3", "b4", "b4-c3"]:
...     _ = g.play(text)
>>> g.fen()
'5/5/2,wr,2/5/5 r 19/19 0/0 1 b4-c3'
>>> g.undo()
Action.parse('b4-c3')
>>> g.redo()
Action.parse('b4-c3')
"""

from __future__ import annotations

from .core import (
    PASS,
    STANDARD_START,
    Action,
    IllegalActionError,
    InvalidActionError,
    Outcome,
    Position,
    Reason,
)

__all__ = ["Game"]


def _is_action_code(code: int) -> bool:
    """ENTER 0..24, PASS, or a MOVE of 1..4 discs between two squares."""
    if 0 <= code <= PASS:
        return True
    k, frm, to = code >> 10, (code >> 5) & 31, code & 31
    return 1 <= k <= 4 and frm < 25 and to < 25 and frm != to


class Game:
    """A start position plus the actions played, with undo and redo.

    The position keeps the whole history, so repetitions (R9) are counted
    from the start of the game.
    """

    def __init__(self, start: str | None = None, actions: list[str] | None = None) -> None:
        self.position = Position(STANDARD_START if start is None else start)
        self.start = self.position.fen()
        self._redo: list[int] = []
        for text in actions or []:
            self.play(text)

    @classmethod
    def new(cls, players: int = 2, discs: int | None = None, target: int = 1) -> Game:
        return cls(Position.start(players, discs, target).fen())

    # -- playing -------------------------------------------------------------

    def _code(self, action: Action | str | int) -> int:
        if isinstance(action, Action):
            code = action.code
        elif isinstance(action, int):
            code = action
        else:
            return Action.parse(action).code
        if not _is_action_code(code):
            raise InvalidActionError(f"{code} is not an action code")
        return code

    def play(self, action: Action | str | int) -> Action:
        """Play an action (text, :class:`Action` or code); raises
        :class:`InvalidActionError` or :class:`IllegalActionError` with a
        message for a player.  Clears the redo list."""
        code = self._code(action)
        why = self.position.why_not(code)
        if why is not None:
            raise IllegalActionError(f"{Action(code)}: {why}", why)
        self.position.push(code)
        self._redo.clear()
        return Action(code)

    def undo(self) -> Action | None:
        if not self.can_undo:
            return None
        code = self.position.pop()
        self._redo.append(code)
        return Action(code)

    def redo(self) -> Action | None:
        if not self._redo:
            return None
        code = self._redo.pop()
        self.position.push(code)
        return Action(code)

    def goto(self, ply: int) -> None:
        """Undo or redo until ``ply`` actions are played."""
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

    def actions(self) -> list[Action]:
        """The actions played so far, oldest first."""
        return [Action(c) for c in self.position.history()]

    def future(self) -> list[Action]:
        """The actions that redo would replay, next first."""
        return [Action(c) for c in reversed(self._redo)]

    def movers(self) -> list[int]:
        """The colour index of the player who made each action, the played ones
        then the redo list's: with three players a pass hands the turn back
        (R10), so the mover does not follow from the ply alone."""
        pos = self.position
        out = pos.movers()
        pushed = 0
        try:
            for code in reversed(self._redo):
                out.append(pos.turn)
                pos.push(code)
                pushed += 1
        finally:
            for _ in range(pushed):
                pos.pop()
        return out

    def drop_future(self) -> None:
        """Forget the redo list: the game ends at the position shown."""
        self._redo.clear()

    def fen(self) -> str:
        return self.position.fen()

    @property
    def result(self) -> Outcome:
        """How the game stands (:class:`~mixtour.core.Outcome`)."""
        return self.position.outcome

    @property
    def final_result(self) -> Outcome:
        """How the game stands after every action, the redo list's too: whether
        the whole line ends the game, wherever the position shown is."""
        if not self._redo:
            return self.result
        pushed = 0
        try:
            for code in reversed(self._redo):
                self.position.push(code)
                pushed += 1
            return self.position.outcome
        finally:
            for _ in range(pushed):
                self.position.pop()

    def legal_actions(self) -> list[Action]:
        return [Action(c) for c in self.position.legal_actions()]

    def moves_from(self, square: int) -> dict[int, list[int]]:
        return self.position.moves_from(square)

    def targets(self, square: int, count: int) -> list[int]:
        return self.position.targets(square, count)

    def can_enter(self, square: int) -> bool:
        return self.position.can_enter(square)

    def explain(self, action: Action | str | int) -> str | None:
        return self.position.explain(self._code(action))

    def why_not(self, action: Action | str | int) -> Reason | None:
        """``None`` if ``action`` is legal now, else the :class:`Reason` (for any language)."""
        return self.position.why_not(self._code(action))

    def must_pass(self) -> bool:
        return self.position.legal_actions() == [Action.pass_().code]

    def __repr__(self) -> str:
        moves = " ".join(str(a) for a in self.actions())
        return f"<Game start={self.start!r} actions={moves!r}>"
