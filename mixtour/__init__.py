"""Mixtour, Dieter Stein's stacking game: rules engine, notation and records."""

from .core import (
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
    "Position",
    "Status",
    "default_discs",
    "distance",
    "parse_square",
    "square_name",
]
