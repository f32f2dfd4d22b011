"""An opening book: the first plies of Mixtour, searched deeply offline.

The first plies of a game are entries on an empty, symmetric board, so a
position and its seven images under the symmetries of the square (four
rotations, four reflections: moves run along ranks, files and diagonals,
which every one of them maps onto each other) are the same position.  The
book stores one *canonical* image of each (the least P1 string of the
eight) with its good moves, each with a weight; a position is looked up
through its canonical image and the chosen move is mapped back.

This module looks moves up (:func:`book_move`); the shipped book is the
data module :mod:`mixtour.mixtour.ai.opening_book`, made offline by
:mod:`mixtour.mixtour.ai.tools.book_build` (``python -m mixtour build-book``). A
player takes a weighted random choice among a position's moves, so that
games differ.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Final

from ..core import NUM_SQUARES, SIZE, Position

__all__ = [
    "Book",
    "book_move",
    "canonical",
    "transform_action",
    "transform_square",
]

Book = Mapping[str, tuple[tuple[int, int], ...]]  # canonical P1 -> ((action, weight), ...)


def _maps() -> tuple[tuple[int, ...], ...]:
    """The eight symmetries of the square as square permutations (0: identity)."""
    n = SIZE - 1
    coords: tuple[Callable[[int, int], tuple[int, int]], ...] = (
        lambda f, r: (f, r),
        lambda f, r: (n - r, f),
        lambda f, r: (n - f, n - r),
        lambda f, r: (r, n - f),
        lambda f, r: (n - f, r),
        lambda f, r: (f, n - r),
        lambda f, r: (r, f),
        lambda f, r: (n - r, n - f),
    )
    out = []
    for c in coords:
        perm = []
        for sq in range(NUM_SQUARES):
            f, r = c(sq % SIZE, sq // SIZE)
            perm.append(r * SIZE + f)
        out.append(tuple(perm))
    return tuple(out)


MAPS: Final = _maps()
INVERSE: Final = tuple(
    next(j for j, q in enumerate(MAPS) if all(q[p[s]] == s for s in range(NUM_SQUARES)))
    for p in MAPS
)


def transform_square(sq: int, k: int) -> int:
    return MAPS[k][sq]


def transform_action(code: int, k: int) -> int:
    """The image of an action code under symmetry ``k`` (PASS and "none" stay)."""
    if code < NUM_SQUARES:
        return MAPS[k][code]
    if code < 1024:
        return code  # PASS or no action
    m = MAPS[k]
    return (code >> 10) << 10 | m[(code >> 5) & 31] << 5 | m[code & 31]


def _image(pos: Position, k: int) -> str:
    """The P1 string of ``pos`` under symmetry ``k``."""
    img = Position(pos.fen())
    m = MAPS[k]
    stacks = [""] * NUM_SQUARES
    for sq, st in enumerate(pos.stacks):
        stacks[m[sq]] = st
    img.stacks = stacks
    img.last = transform_action(pos.last, k)
    return img.fen()


def canonical(pos: Position) -> tuple[str, int]:
    """(the least P1 image of ``pos``, the symmetry that gives it)."""
    return min((_image(pos, k), k) for k in range(len(MAPS)))


def book_move(pos: Position, book: Book, rng: random.Random) -> int | None:
    """A weighted random book move for ``pos``, or None when it is not in the book."""
    key, k = canonical(pos)
    entry = book.get(key)
    if not entry:
        return None
    total = sum(w for _, w in entry)
    pick = rng.randrange(total)
    for code, w in entry:
        if pick < w:
            move = transform_action(code, INVERSE[k])
            return move if move in pos.legal_actions() else None
        pick -= w
    return None  # pragma: no cover - the weights add up to total
