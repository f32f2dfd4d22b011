"""Tor's page links: the part of a URL after ``#`` on ``tor.html``.

The keys mean what they mean in Mixtour's links (:mod:`mixtour.mixtour.link`), in
Tor's notation::

    #p=<T7, spaces as _>&m=<actions in T6, comma-separated>&ply=<n>&flip=1&ai=<level or seats>

``ai`` is a level ``1`` to ``6`` (the computer plays the side not to move)
or seats such as ``b3`` (Black is Computer 3) or ``w2b5``. ``at`` is the T7
string of the position shown, written for embeds to draw before the engine
has loaded; the engine reads it only in a link with neither ``p`` nor
``m``.

Reading never raises: what is wrong is listed in ``issues`` (an id, its
values and English words), and the valid part is kept. The reading and
writing are the kit's (:mod:`mixtour.kit.link`), as for Mixtour; this module
is Tor's part.

>>> link = parse_link("#m=c3,d5,b6,e2,c3-d4&ply=4")
>>> link.game.ply, link.game.future(), link.issues
(4, [Action.parse('c3-d4')], [])
>>> format_link(link.game)
'p=OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR_w_-&m=c3,d5,b6,e2,c3-d4&ply=4'
>>> parse_seats("w2b5"), parse_seats("r3"), format_seats({"w": 0, "b": 3})
({'w': 2, 'b': 5}, None, 'b3')
"""

from __future__ import annotations

from ..kit import link as kit
from ..kit.link import LinkIssue
from .core import TorError
from .game import Game

__all__ = ["Link", "LinkIssue", "format_link", "format_seats", "parse_link", "parse_seats"]

SEATS = "wb"  # White and Black, the sides in turn order
# The longest game a link may hold (a 20,000-character link cannot hold more).
MAX_ACTIONS = 2_000

Link = kit.Link[Game]

RULES = kit.LinkRules(Game, TorError, SEATS, max_actions=MAX_ACTIONS)


# The kit's reader and writer with Tor's rules, under the names the pages
# and tools call, as Mixtour's (see :class:`mixtour.kit.link.LinkRules`).
parse_seats = RULES.parse_seats
format_seats = RULES.format_seats
parse_link = RULES.read
format_link = RULES.write
