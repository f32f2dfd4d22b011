"""Building the opening book offline (:mod:`mixtour.mixtour.ai.book` looks it up).

:func:`build_book` makes the book: from the empty board, for each colour,
the positions where that colour is to move are searched to a fixed depth
and their good moves kept (those within ``margin`` of the best, at most
``keep``); the tree follows only the book's own moves for that colour and
every reply of the other. ``python -m mixtour build-book`` writes it with
:func:`format_book` as the Python module :mod:`mixtour.mixtour.ai.opening_book`
(imported like any other module in the browser); :func:`load_book` reads
such a module back as data (the arena's ``--book``).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from pathlib import Path

from ....kit.search import sharpen
from ...core import Position, action_text
from ..book import INVERSE, Book, canonical, transform_action
from ..player import choose_move
from ..search import Searcher

__all__ = ["build_book", "format_book", "load_book"]


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
