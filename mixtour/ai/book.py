"""An opening book: the first plies of Mixtour, searched deeply offline.

The first plies of a game are entries on an empty, symmetric board, so a
position and its seven images under the symmetries of the square (four
rotations, four reflections: moves run along ranks, files and diagonals,
which every one of them maps onto each other) are the same position.  The
book stores one *canonical* image of each (the least P1 string of the
eight) with its good moves, each with a weight; a position is looked up
through its canonical image and the chosen move is mapped back.

:func:`build_book` makes the book: from the empty board, for each colour,
the positions where that colour is to move are searched to a fixed depth
and their good moves kept (those within ``margin`` of the best, at most
``keep``); the tree follows only the book's own moves for that colour and
every reply of the other.  ``python -m mixtour build-book`` writes it as a
Python module (it is imported like any other module in the browser).
A player takes a weighted random choice among a position's moves, so that
games differ.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Final

from ..core import NUM_SQUARES, SIZE, Position, action_text
from .levels import sharpen
from .player import choose_move
from .search import Searcher

__all__ = [
    "Book",
    "build_book",
    "book_move",
    "load_book",
    "canonical",
    "format_book",
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


def _choices(pos: Position, depth: int, margin: int, keep: int) -> list[tuple[int, int]]:
    """The good moves of ``pos`` with weights from 1 to 10: those within
    ``margin`` of the best, by an exact score for every move at ``depth``."""
    searchers: list[Searcher] = []

    def exact(s: Searcher) -> None:
        s.exact_root = True
        # The search the shipped book was built with: Master's sharp
        # switches would change its scores, and the book would no longer
        # be rebuilt byte for byte.
        sharpen(s, False)
        searchers.append(s)

    # An empty book: a book is made by search, never from the shipped one.
    res = choose_move(pos, depth=depth, seed=0, configure=exact, book={})
    scores = dict(searchers[0].root_scores) if searchers else {}
    if not scores:  # forced or an immediate win: no search was needed
        scores = {res.move: res.score}
    best = max(scores.values())
    good: list[tuple[int, int]] = []
    seen: set[str] = set()
    for m, v in sorted(scores.items(), key=lambda mv: (-mv[1], mv[0])):
        if v < best - margin or len(good) == keep:
            break
        # moves that are images of each other under a symmetry of the
        # position lead to the same position: keep one of them
        pos.push(m)
        child = canonical(pos)[0]
        pos.pop()
        if child not in seen:
            seen.add(child)
            good.append((m, v))
    return [(m, 1 + (margin - (best - v)) * 9 // max(1, margin)) for m, v in good]


def build_book(
    plies: int,
    depth: int,
    *,
    margin: int = 30,
    keep: int = 4,
    progress: Callable[[int], None] | None = None,
) -> Book:
    """Search every book position up to ``plies`` plies from the empty board."""
    book: dict[str, tuple[tuple[int, int], ...]] = {}
    for colour in (0, 1):
        frontier = [Position()]
        for _ in range(plies):
            nxt: dict[str, Position] = {}
            for pos in frontier:
                key, k = canonical(pos)
                if pos.turn == colour:
                    if key not in book:
                        canon = Position(key)
                        book[key] = tuple(_choices(canon, depth, margin, keep))
                        if progress is not None:
                            progress(len(book))
                    moves: Iterable[int] = (transform_action(m, INVERSE[k]) for m, _ in book[key])
                else:
                    moves = pos.legal_actions()
                for m in moves:
                    pos.push(m)
                    child_key = canonical(pos)[0]
                    if child_key not in nxt:
                        nxt[child_key] = Position(pos.fen())
                    pos.pop()
            frontier = list(nxt.values())
    return book


def format_book(book: Book, recipe: str) -> str:
    """The book as the source of a Python module (``BOOK``), sorted, in the
    layout ``ruff format`` keeps."""
    lines = [
        '"""Opening book: do not edit; rebuild it with the command below.',
        "",
        f"python -m mixtour {recipe}",
        '"""',
        "",
        "BOOK: dict[str, tuple[tuple[int, int], ...]] = {",
    ]
    for key in sorted(book):
        lines.append(f'    "{key}": (')
        for m, w in book[key]:
            lines.append(f"        ({m}, {w}),  # {action_text(m)}")
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def load_book(path: Path) -> Book:
    """The book of a module written by :func:`format_book` (read as data, never
    run); ValueError when the file is not such a module."""
    try:
        text = Path(path).read_text(encoding="utf-8")
        data = ast.literal_eval(text[text.index("{") :])
    except (OSError, UnicodeDecodeError, ValueError, SyntaxError) as e:
        raise ValueError(f"{path}: not an opening book ({e})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: not an opening book")
    book: dict[str, tuple[tuple[int, int], ...]] = {}
    for key, entry in data.items():
        ok = (
            isinstance(key, str)
            and isinstance(entry, tuple)
            and len(entry) > 0
            and all(_is_choice(e) for e in entry)
        )
        if not ok:
            raise ValueError(f"{path}: entry {key!r} is not a list of (move, weight)")
        try:
            Position(key)
        except ValueError as e:
            raise ValueError(f"{path}: {e}") from None
        book[key] = entry
    return book


def _is_choice(e: object) -> bool:
    """A (move, positive weight) pair of whole numbers."""
    return (
        isinstance(e, tuple)
        and len(e) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in e)
        and e[1] > 0
    )
