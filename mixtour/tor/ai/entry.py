"""Tor's entry in the kit's list of games (:mod:`mixtour.kit.games`): what
the game-neutral AI worker needs to play Tor."""

from __future__ import annotations

from typing import Final

from ...kit.games import GameAI
from ..core import NO_PLACE, NUM_SQUARES, Position, action_text, square_name
from ..game import Game
from .analysis import RULES as ANALYSIS
from .levels import LEVELS
from .player import choose_move
from .review import REVIEW

__all__ = ["GAME_AI", "action_dict"]


def action_dict(code: int) -> dict[str, object]:
    """An action as plain data for a page: ``{"kind": "drop", "square":
    "c3"}`` or ``{"kind": "turn", "from", "to", "place"}`` (``place`` is
    ``None`` when no token is placed)."""
    if code < NUM_SQUARES:
        return {"kind": "drop", "square": square_name(code)}
    place = code & 63
    return {
        "kind": "turn",
        "from": square_name(code >> 12),
        "to": square_name(code >> 6 & 63),
        "place": None if place == NO_PLACE else square_name(place),
    }


GAME_AI: Final[GameAI[Position]] = GameAI.of(
    "tor",
    Game,
    LEVELS,
    choose=choose_move,
    action_text=action_text,
    action_dict=action_dict,
    review=REVIEW,
    analysis=ANALYSIS,
)
