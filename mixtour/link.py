"""Position and game links: the part of a URL after ``#``.

Syntax (documented in mixtour/LINKS.md)::

    #p=<P1, spaces as _>&m=<actions, comma-separated>&ply=<n>&flip=1&ai=<level>

* ``p``    the position, or with ``m`` the game's start (default: standard start).
* ``m``    the game's actions in N1.
* ``ply``  how many of the actions are shown (default: all of them).
* ``flip`` ``1`` shows the board upside down.
* ``ai``   ``1`` to ``6``: play the AI at that level from here (the player to
           move is the human, the others are the computer); or the seats
           that the computer plays, a colour letter and a level each:
           ``r3`` (Red is Computer 3), ``w6r6`` (two computers), ``r2b5``;
           ``0``: people at every seat (the analysis board's "play two
           players", whatever the page's computer was playing before).
* ``at``   the P1 of the position shown, written for embeds so that a page
           can draw the board before the engine has loaded; the engine
           recomputes the position from ``p``, ``m`` and ``ply``, and reads
           ``at`` only in a link with neither ``p`` nor ``m``.

The analysis board's link (``analysis.html``) adds a tree of variations,
``t`` and ``k``, to these keys: see :mod:`mixtour.variations`.

Reading a link never raises: what is wrong is reported in ``problems`` (in
English) and ``issues`` (the same, as an id and its values, for a page to word
in its language), and the valid part is kept (the game up to the first bad
action, or the start).

>>> link = parse_link("#p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3,b4,b4-c3&ply=2")
>>> link.game.fen(), link.problems
('5/1,r,3/2,w,2/5/5 w 19/19 0/0 1 b4', [])
>>> format_link(link.game)
'p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3,b4,b4-c3&ply=2'
"""

from __future__ import annotations

from collections.abc import Mapping

from .core import COLORS, STANDARD_START, MixtourError, Position
from .game import Game
from .kit import link as kit
from .kit.link import LinkIssue

__all__ = ["Link", "LinkIssue", "format_link", "format_seats", "parse_link", "parse_seats"]

Link = kit.Link[Game]

RULES = kit.LinkRules(
    new_game=Game,
    position_text=lambda text: Position(text).fen(),
    start=STANDARD_START,
    error=MixtourError,
    colors=COLORS,
    players=lambda game: game.position.players,
)


def parse_seats(text: str) -> dict[str, int] | None:
    """``"r3b5"`` -> ``{"r": 3, "b": 5}``; None if the text is not seats.

    >>> parse_seats("r3"), parse_seats("w6r6"), parse_seats("x1")
    ({'r': 3}, {'w': 6, 'r': 6}, None)
    """
    return RULES.parse_seats(text)


def format_seats(seats: Mapping[str, int]) -> str:
    """The computer's seats as link text: ``{"w": 0, "r": 3}`` -> ``"r3"`` (``""``: none)."""
    return kit.format_seats(seats, COLORS)


def parse_link(fragment: object) -> Link:
    """Read a link fragment (with or without the leading ``#``)."""
    return kit.read_link(RULES, fragment)


def format_link(
    game: Game,
    *,
    whole_game: bool = True,
    flip: bool = False,
    ai: int | None = None,
    preview: bool = False,
    seats: Mapping[str, int] | None = None,
) -> str:
    """A game's link fragment (without ``#``): :func:`mixtour.kit.link.write_link`.

    >>> format_link(Game(), seats={"w": 0, "r": 3})
    'p=5/5/5/5/5_w_20/20_0/0_1_-&ai=r3'
    """
    return kit.write_link(
        game, COLORS, whole_game=whole_game, flip=flip, ai=ai, preview=preview, seats=seats
    )
