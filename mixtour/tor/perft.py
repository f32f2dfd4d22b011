"""Perft for Tor: count the leaf positions of the game tree, to check move
generation.  A game-ending action is a leaf whatever depth remains (T7).

>>> perft(Position(), 2)
1728
"""

from __future__ import annotations

from .core import Position, action_text


def perft(pos: Position, depth: int) -> int:
    """Leaves ``depth`` plies below ``pos``."""
    if depth <= 0 or pos.status:
        return 1
    if depth == 1:
        return pos.count_actions()
    total = 0
    push, pop = pos.push, pos.pop
    for a in pos.legal_actions():
        push(a)
        total += 1 if pos.status else perft(pos, depth - 1)
        pop()
    return total


def divide(pos: Position, depth: int) -> list[tuple[str, int]]:
    """Each first action with the number of leaves below it, sorted by text."""
    out = []
    for a in pos.legal_actions():
        pos.push(a)
        out.append((action_text(a), 1 if pos.status else perft(pos, depth - 1)))
        pos.pop()
    return sorted(out)
