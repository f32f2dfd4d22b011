"""A game of Mixtour: a start position, the actions played, undo and redo,
the result (the kit's :class:`~mixtour.kit.game.Game`, with what three
players and the boards of the pages need).

>>> g = Game()
>>> for text in ["c3", "b4", "b4-c3"]:
...     _ = g.play(text)
>>> g.fen()
'5/5/2,wr,2/5/5 r 19/19 0/0 1 b4-c3'
>>> g.undo()
Action.parse('b4-c3')
>>> g.redo()
Action.parse('b4-c3')
>>> g.record()
['c3', 'b4', 'b4-c3']
"""

from __future__ import annotations

from ..kit import game as kit
from .core import (
    STANDARD_START,
    Action,
    IllegalActionError,
    Outcome,
    Position,
    Reason,
)

__all__ = ["Game"]


class Game(kit.Game[Position, Action, Outcome, Reason]):
    """A start position plus the actions played, with undo and redo.

    The position keeps the whole history, so repetitions (R9) are counted
    from the start of the game.
    """

    name = "mixtour"
    position_class = Position
    action_class = Action
    illegal_error = IllegalActionError
    standard_start = STANDARD_START

    @classmethod
    def new(cls, players: int = 2, discs: int | None = None, target: int = 1) -> Game:
        return cls(Position.start(players, discs, target).fen())

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

    def moves_from(self, square: int) -> dict[int, list[int]]:
        return self.position.moves_from(square)

    def targets(self, square: int, count: int) -> list[int]:
        return self.position.targets(square, count)

    def can_enter(self, square: int) -> bool:
        return self.position.can_enter(square)

    def must_pass(self) -> bool:
        return self.position.legal_actions() == [Action.pass_().code]
