"""Mixtour's entry in the kit's list of games (:mod:`mixtour.kit.games`):
what the game-neutral AI worker needs to play Mixtour."""

from __future__ import annotations

from typing import Final

from ...kit.games import GameAI
from ..core import Position
from ..game import Game
from .analysis import RULES as ANALYSIS
from .levels import LEVELS
from .player import choose_move
from .review import REVIEW

__all__ = ["GAME_AI"]


GAME_AI: Final[GameAI[Position]] = GameAI.of(
    Game, LEVELS, choose=choose_move, review=REVIEW, analysis=ANALYSIS
)
