"""Mixtour's entry in the kit's list of games (:mod:`mixtour.kit.games`):
what the game-neutral AI worker needs to play Mixtour."""

from __future__ import annotations

from typing import Final

from ...kit.games import GameAI
from ..core import Action, Position, action_text
from ..game import Game
from .analysis import RULES as ANALYSIS
from .levels import LEVELS
from .player import choose_move
from .review import REVIEW

__all__ = ["GAME_AI"]


def _action_dict(code: int) -> dict[str, object]:
    return Action(code).as_dict()


GAME_AI: Final[GameAI[Position]] = GameAI.of(
    "mixtour",
    Game,
    LEVELS,
    choose=choose_move,
    action_text=action_text,
    action_dict=_action_dict,
    review=REVIEW,
    analysis=ANALYSIS,
)
