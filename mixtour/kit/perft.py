"""Perft for every game: count the leaf positions of the game tree, to check
move generation.  A game-ending action is a leaf whatever depth remains.

Written against the game protocol alone (``push``, ``pop``,
``legal_actions``, ``status``); a position that has ``count_actions()``
(``len(legal_actions())``, faster) counts the last ply with it.  Each game's
known counts are in its tests (``tests/test_perft.py``,
``tests/test_tor_perft.py``); ``python -m mixtour [tor] perft`` prints them.
"""

from __future__ import annotations

from collections.abc import Callable

from .protocol import GamePosition

__all__ = ["divide", "perft"]


def perft(pos: GamePosition, depth: int) -> int:
    """Leaves ``depth`` plies below ``pos`` (``pos`` is left as it was)."""
    if depth <= 0 or pos.status:
        return 1
    legal = pos.legal_actions
    count: Callable[[], int] = getattr(pos, "count_actions", None) or (lambda: len(legal()))
    push, pop = pos.push, pos.pop

    def walk(depth: int) -> int:  # the game goes on and depth >= 1
        if depth == 1:
            return count()
        total = 0
        for a in legal():
            push(a)
            total += 1 if pos.status else walk(depth - 1)
            pop()
        return total

    return walk(depth)


def divide(
    pos: GamePosition, depth: int, action_text: Callable[[int], str]
) -> list[tuple[str, int]]:
    """Each first action's text with the number of leaves below it (``depth``
    plies below ``pos``, which is at least 1), sorted by text."""
    out = []
    for a in pos.legal_actions():
        pos.push(a)
        out.append((action_text(a), 1 if pos.status else perft(pos, depth - 1)))
        pos.pop()
    return sorted(out)
