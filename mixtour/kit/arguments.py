"""Argument types for the command line: bounded whole numbers, with plain
messages for anything else (a float, 5,000 digits, a negative width).

>>> depth = whole_number(0, 50)
>>> depth("7")
7
>>> depth("1100")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: '1100' is out of range: expected 0 to 50
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, TypeVar

from .errors import shown

if TYPE_CHECKING:
    from .levels import Level

__all__ = ["budget_levels", "checked", "ridge", "whole_number"]

T = TypeVar("T")


def checked(read: Callable[[str], T], name: str) -> Callable[[str], T]:
    """An argparse ``type`` from a reader that raises ``ValueError`` (a level's
    name, a player's): its message becomes argparse's, without a traceback."""

    def argument(text: str) -> T:
        try:
            return read(text)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    argument.__name__ = name  # argparse names the type in some messages
    return argument


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high``."""

    def read(text: str) -> int:
        t = text.strip()
        digits = t.removeprefix("-")
        # ASCII digits only (int() also takes other scripts' digits and '_').
        if not (digits.isascii() and digits.isdigit()):
            raise argparse.ArgumentTypeError(
                f"{shown(text)} is not a whole number from {low} to {high}"
            )
        # int() of a long text is slow, and an error of its own past 4300 digits.
        n = int(t) if len(digits) <= 30 else None
        if n is None or not low <= n <= high:
            raise argparse.ArgumentTypeError(
                f"{shown(t, 20)} is out of range: expected {low} to {high}"
            )
        return n

    read.__name__ = "whole number"  # argparse names the type in some messages
    return read


def budget_levels(levels: Mapping[int, Level]) -> Callable[[str], tuple[int, ...]]:
    """An argparse ``type``: levels of ``levels`` (numbers or names, comma
    separated) that spend node budgets, not the clock, so that the games they
    play replay exactly (``1,2,3`` or ``casual,intermediate``)."""
    from . import levels as kit_levels

    def read(text: str) -> tuple[int, ...]:
        try:
            chosen = tuple(kit_levels.parse_level(t, levels) for t in text.split(","))
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
        if any(levels[n].time_ms is not None for n in chosen):
            budget = [n for n, lv in levels.items() if lv.time_ms is None]
            raise argparse.ArgumentTypeError(
                f"levels {min(budget)}-{max(budget)} only (the others play on the clock)"
            )
        return chosen

    read.__name__ = "levels"
    return read


def ridge(text: str) -> float:
    """An argparse ``type``: a fit's ridge penalty, 0 to 1,000,000."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number") from None
    if not 0 <= value <= 1e6:
        raise argparse.ArgumentTypeError(f"{shown(text)}: expected 0 to 1000000")
    return value
