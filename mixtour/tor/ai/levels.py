"""Tor's six playing levels, from Beginner to Master, as Mixtour's.

Levels 1-5 spend node budgets and depth caps, not wall time, so they play
the same on every machine and a seeded game replays exactly; Master (6)
uses the clock.  Weak levels err like people: a short horizon, a noisy
evaluation (the same error for the same position) and now and then a
near-best move instead of the best.  Level 1 does not even see that a move
of its own hems the opponent in; from level 3 up every win in one is
played and every avoidable loss in one avoided
(``tests/test_tor_ai_tactics.py``).

A turn of Tor has a few hundred forms (a step times the squares the token
in hand may go on), so the depths are small next to Mixtour's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["LEVELS", "LEVEL_NAMES", "Level", "parse_level"]


@dataclass(frozen=True, slots=True)
class Level:
    """What a level may spend and how it errs (see Mixtour's ``Level``)."""

    number: int
    name: str
    max_depth: int
    max_nodes: int | None
    time_ms: int | None
    noise: int
    pick_margin: int = 0
    pick_chance: float = 0.0
    see_wins: bool = True


LEVELS: Final = {
    1: Level(
        1, "Beginner", 1, None, None, noise=90, pick_margin=80, pick_chance=0.6, see_wins=False
    ),
    2: Level(2, "Casual", 1, None, None, noise=35, pick_margin=30, pick_chance=0.3),
    3: Level(3, "Intermediate", 2, 12_000, None, noise=12),
    4: Level(4, "Advanced", 64, 25_000, None, noise=4),
    5: Level(5, "Expert", 64, 60_000, None, noise=0),
    6: Level(6, "Master", 64, None, 1_500, noise=0),
}

LEVEL_NAMES: Final = {lv.name.lower(): n for n, lv in LEVELS.items()}


def parse_level(text: str) -> int:
    """``"3"`` or ``"intermediate"`` -> 3; raises ValueError."""
    t = text.strip().lower()
    if t in LEVEL_NAMES:
        return LEVEL_NAMES[t]
    if t in {str(n) for n in LEVELS}:
        return int(t)
    names = ", ".join(LEVEL_NAMES)
    raise ValueError(f"level {text[:20]!r}: expected 1 to 6 or a name ({names})")
