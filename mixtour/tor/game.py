"""A game of Tor: a start position, the actions played, undo and redo, the
result (the kit's :class:`~mixtour.kit.game.Game`, for Tor).

>>> g = Game(actions=["c3", "d5", "b6", "e2"])
>>> g.play("c3-d4")
Action.parse('c3-d4')
>>> g.record()
['c3', 'd5', 'b6', 'e2', 'c3-d4']
>>> g.undo(), g.ply, g.redo()
(Action.parse('c3-d4'), 4, Action.parse('c3-d4'))
"""

from __future__ import annotations

from ..kit import game as kit
from .core import STANDARD_START, Action, IllegalActionError, Outcome, Position, Reason

__all__ = ["Game"]


class Game(kit.Game[Position, Action, Outcome, Reason]):
    """A start position plus the actions played, with undo and redo.

    The position keeps the whole history, so repetitions (T5) are counted
    from the start of the game.  Actions are given as T6 text, as
    :class:`~mixtour.tor.core.Action` values or as codes.
    """

    name = "tor"
    position_class = Position
    action_class = Action
    illegal_error = IllegalActionError
    standard_start = STANDARD_START

    def movers(self) -> list[int]:
        """The player who made each action, the played ones then the redo
        list's (the players simply alternate)."""
        first = Position(self.start).turn
        return [(first + i) % 2 for i in range(self.ply + len(self._redo))]
