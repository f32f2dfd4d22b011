"""Tor, by Alain Couchot and Bernard Klein: rules engine and notation.

The rules as this project plays them are in ``mixtour/tor/RULES.md`` (ids T1
to T7); ``core.py`` implements them and imports of the project only the
kit's errors.
"""

from .core import (
    BLACK,
    COLOR_LETTERS,
    COLOR_NAMES,
    NO_PLACE,
    NUM_SQUARES,
    PLAYER_LETTERS,
    PLAYER_NAMES,
    REASON_IDS,
    STANDARD_START,
    WHITE,
    Action,
    IllegalActionError,
    InvalidActionError,
    InvalidPositionError,
    Outcome,
    Position,
    Reason,
    Status,
    TorError,
    action_text,
    parse_action,
    parse_square,
    random_layout,
    square_name,
    standard_layout,
    start_fen,
)

__all__ = [
    "BLACK",
    "COLOR_LETTERS",
    "COLOR_NAMES",
    "NO_PLACE",
    "NUM_SQUARES",
    "PLAYER_LETTERS",
    "PLAYER_NAMES",
    "REASON_IDS",
    "STANDARD_START",
    "WHITE",
    "Action",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidPositionError",
    "Outcome",
    "Position",
    "Reason",
    "Status",
    "TorError",
    "action_text",
    "parse_action",
    "parse_square",
    "random_layout",
    "square_name",
    "standard_layout",
    "start_fen",
]
