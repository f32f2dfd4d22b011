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
``t`` and ``k``, to these keys: see :mod:`mixtour.mixtour.variations`.

Reading a link never raises: what is wrong is reported in ``problems`` (in
English) and ``issues`` (the same, as an id and its values, for a page to word
in its language), and the valid part is kept (the game up to the first bad
action, or the start).

>>> link = parse_link("#p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3,b4,b4-c3&ply=2")
>>> link.game.fen(), link.problems
('5/1,r,3/2,w,2/5/5 w 19/19 0/0 1 b4', [])
>>> format_link(link.game)
'p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3,b4,b4-c3&ply=2'

Seats are a colour letter and a level each:

>>> parse_seats("r3"), parse_seats("w6r6"), parse_seats("x1")
({'r': 3}, {'w': 6, 'r': 6}, None)
>>> format_seats({"w": 0, "r": 3}), format_link(Game(), seats={"w": 0, "r": 3})
('r3', 'p=5/5/5/5/5_w_20/20_0/0_1_-&ai=r3')
"""

from __future__ import annotations

from ..kit import link as kit
from ..kit.link import LinkIssue
from .core import COLORS, MixtourError
from .game import Game

__all__ = ["Link", "LinkIssue", "format_link", "format_seats", "parse_link", "parse_seats"]

Link = kit.Link[Game]

RULES = kit.LinkRules(Game, MixtourError, COLORS, players=lambda game: game.position.players)


# The kit's reader and writer with Mixtour's rules, under the names the pages
# and tools call (see :class:`mixtour.kit.link.LinkRules`).
parse_seats = RULES.parse_seats
format_seats = RULES.format_seats
parse_link = RULES.read
format_link = RULES.write
