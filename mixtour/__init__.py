"""The project's games: Mixtour (``mixtour.mixtour``) and Tor
(``mixtour.tor``), each a rules engine with its AI, on the game-neutral
parts they share (``mixtour.kit``). ``python -m mixtour`` is the command
line of both.

Mixtour's public names stand here too, as they always have:
``from mixtour import Position`` is ``from mixtour.mixtour import Position``.
"""

from .mixtour.core import (
    COLOR_NAMES,
    COLORS,
    NO_ACTION,
    PASS,
    STANDARD_START,
    Action,
    IllegalActionError,
    InvalidActionError,
    InvalidPositionError,
    MixtourError,
    Outcome,
    Position,
    Status,
    default_discs,
    distance,
    parse_square,
    square_name,
)

__all__ = [
    "COLORS",
    "COLOR_NAMES",
    "NO_ACTION",
    "PASS",
    "STANDARD_START",
    "Action",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidPositionError",
    "MixtourError",
    "Outcome",
    "Position",
    "Status",
    "default_discs",
    "distance",
    "parse_square",
    "square_name",
]
