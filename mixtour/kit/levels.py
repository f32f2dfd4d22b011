"""The playing levels of every game: what a level may spend and how it errs.

A game's ``levels.py`` lists its six :class:`Level` values (Mixtour's adds
its own switches in a subclass) and reads a level's number or name with
:func:`parse_level`; :class:`~mixtour.kit.player.Choice` plays by them. A
leaf of the kit but for the errors, so a page may import a game's levels
without the search.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import shown

__all__ = ["Level", "level_names", "parse_level"]


@dataclass(frozen=True, slots=True)
class Level:
    """What a level may spend and how it errs.

    ``max_depth``/``max_nodes`` cap the search (deterministic budgets);
    ``time_ms`` is a clock budget (None: no clock). ``noise``: a
    deterministic per-position error added to the evaluation, in its units.
    ``pick_margin``/``pick_chance``: with that probability, choose at random
    among the moves scoring within ``pick_margin`` of the best (never a
    losing move when a non-losing one exists). ``see_wins``: look one ply
    past its own move for the opponent's immediate win. ``sharp``: search
    with the switches that pay when the clock is the budget (deeper
    late-move reductions, the proven better move of an iteration cut short,
    reverse futility pruning with the margin ``rfp`` a ply, 0 for none,
    late-move pruning with the counts ``lmp`` by depth, empty for none,
    and late-move reductions from the depth ``lmr_from``:
    :func:`mixtour.kit.search.sharpen`). ``tuned``: evaluate with the
    game's weights fitted to self-play instead of those written by hand.
    """

    number: int
    name: str
    max_depth: int
    max_nodes: int | None
    time_ms: int | None
    noise: int
    pick_margin: int = 0
    pick_chance: float = 0.0
    see_wins: bool = True
    sharp: bool = False
    rfp: int = 0
    lmp: tuple[int, ...] = ()
    lmr_from: int = 3  # the search's LMR_FROM (this module imports no search)
    tuned: bool = False


def level_names(levels: Mapping[int, Level]) -> dict[str, int]:
    """``{"beginner": 1, ...}``: each level's name in lower case."""
    return {lv.name.lower(): n for n, lv in levels.items()}


def parse_level(text: str | int, levels: Mapping[int, Level]) -> int:
    """``3``, ``"3"`` or ``"intermediate"`` -> 3; raises ValueError."""
    if isinstance(text, int):
        n = text
    else:
        t = text.strip().lower()
        names = level_names(levels)
        if t in names:
            return names[t]
        if not (t.isascii() and t.isdigit()) or len(t) > 2:
            listed = ", ".join(names)
            raise ValueError(f"level {shown(text)}: expected 1 to 6 or a name ({listed})")
        n = int(t)
    if n not in levels:
        raise ValueError(f"level {n}: expected 1 to 6")
    return n
