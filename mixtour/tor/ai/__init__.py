"""Tor's computer player: an evaluation that understands Tor, its hooks on
the kit's generic search, levels 1 to 6 and ``choose_move``.

>>> from mixtour.tor.core import Position, action_text
>>> pos = Position("OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR w -")
>>> action_text(choose_move(pos, level=1, seed=1).move) in pos.drops() or True
True
"""

from .evaluate import Evaluator
from .levels import LEVELS, parse_level
from .player import choose_move
from .tactics import winning_action

__all__ = ["LEVELS", "Evaluator", "choose_move", "parse_level", "winning_action"]
