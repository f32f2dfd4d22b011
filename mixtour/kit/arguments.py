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
from collections.abc import Callable
from typing import TypeVar

from .errors import shown

__all__ = ["checked", "whole_number"]

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
