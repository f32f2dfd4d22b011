"""Tor's hooks on the kit's generic search (:mod:`mixtour.kit.search`).

* **Tactics are hems.**  Each node asks :func:`~.tactics.winning_action`
  whether the mover can leave the opponent without a step (``WIN_NOW``:
  the node scores as that win, so a depth-*d* search sees every win at
  ply *d + 1*), and flags ``MUST_PARRY`` when the mover's own pawns have
  two steps or fewer between them: the opponent may shut them next turn,
  so the search looks one ply further (the threat extension).
* **No quiescence:** no action of Tor is a capture; a leaf is scored by the
  evaluator, which the WIN_NOW flag already keeps from missing a hem.
* **Ordering:** the hash move, killers and history (every turn is
  credited); a turn's code holds its step and its placement.
* **Repetition (T5):** a repeated position is a draw unless its mover can
  hem the opponent at once.
"""

from __future__ import annotations

from typing import Final

from ...kit.search import MUST_PARRY, WIN_NOW, GameRules
from ..core import NUM_SQUARES, Position
from .tactics import steps_left, winning_action

__all__ = ["ACTION_SPACE", "tor_rules"]

ACTION_SPACE: Final = NUM_SQUARES << 12  # every action code is below this
THREATENED: Final = 2  # steps left at or below which the mover must parry


def _tactics(pos: Position) -> int:
    if pos.placing:
        return WIN_NOW if winning_action(pos) is not None else 0
    if winning_action(pos) is not None:
        return WIN_NOW
    if steps_left(pos, pos.turn).bit_count() <= THREATENED:
        return MUST_PARRY
    return 0


def _wins_now(pos: Position) -> bool:
    return winning_action(pos) is not None


def tor_rules() -> GameRules[Position]:
    """Tor's hooks for a search."""
    return GameRules(
        tactics=_tactics,
        noisy_actions=None,
        promising_actions=None,
        wins_now=_wins_now,
        action_space=ACTION_SPACE,
        history_from=0,
    )
