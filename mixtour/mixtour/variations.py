"""The analysis board's tree of variations, and the link that carries it.

A :class:`Tree` holds a start position and, below it, every move tried from
there: each node is one action, its first child is the main line from that
node and the other children are side lines. Every action is checked by the
engine (:meth:`mixtour.mixtour.game.Game.play`) when it is added, so a tree only ever
holds legal play.

**The tree as text** (the link's ``t``): the actions in N1 separated by
commas, as a game link's ``m`` writes them; an alternative to the action just
written follows it in parentheses, itself a line that may hold parentheses::

    c3,b4(d4,e5)(a1),b4-c3

is the main line c3 b4 b4-c3, with two other answers to c3: d4 (then e5) and
a1. A node is numbered by where its action stands in that text, from 1 (the
start position is 0): above, c3 is 1, b4 is 2, d4 is 3, e5 is 4, a1 is 5 and
b4-c3 is 6.

**The analysis link** (``analysis.html#...``)::

    p=<P1 start>&t=<tree>&k=<node>&flip=1

and a game link (``p``, ``m``, ``ply``) opens as a tree of one line, at its
``ply``: the game page's link can be handed to the analysis board as it is.
``t`` wins over ``m``. Reading never raises: a tree that breaks off (a move
that is not legal, a stray parenthesis, too many nodes) keeps what came
before the fault, and :attr:`AnalysisLink.issues` says what was wrong, as ids
and values for the page to word: ``tree-move`` (``index``, ``move``, and
``detail``: the engine's English), ``tree-syntax`` (``at``: the character
where reading stopped), ``tree-too-big`` (``limit``) and ``bad-node``
(``node``); and the game link's own ids (:class:`mixtour.mixtour.link.LinkIssue`).
The tree and its link are the kit's (:mod:`mixtour.kit.variations`, for
every game); this module names Mixtour's game, links and errors.

>>> tree, issues = Tree.parse("5/5/5/5/5 w 20/20 0/0 1 -", "c3,b4(d4,e5)(a1),b4-c3")
>>> tree.text(), issues
('c3,b4(d4,e5)(a1),b4-c3', [])
>>> [tree.node(k).move for k in (1, 3, 6)]
['c3', 'd4', 'b4-c3']
"""

from __future__ import annotations

from ..kit import variations as kit
from ..kit.variations import (
    MAX_NESTING,
    MAX_NODES,
    Node,
    TreeIssue,
    format_analysis_link,
)
from .core import MixtourError
from .game import Game
from .link import RULES

__all__ = [
    "MAX_NESTING",
    "MAX_NODES",
    "AnalysisLink",
    "Node",
    "Tree",
    "TreeIssue",
    "format_analysis_link",
    "parse_analysis_link",
]

AnalysisLink = kit.AnalysisLink[Game]


class Tree(kit.Tree[Game]):
    """A start position of Mixtour and the variations tried from it.

    >>> tree = Tree()
    >>> node = tree.add(tree.add(tree.root, "c3"), "b4")
    >>> format_analysis_link(tree, node)
    'p=5/5/5/5/5_w_20/20_0/0_1_-&t=c3,b4&k=2'
    """

    game_class = Game
    link_rules = RULES
    error = MixtourError


def parse_analysis_link(fragment: object) -> AnalysisLink:
    """Read ``p``, ``t``, ``k`` and ``flip`` (or a game link's ``p``, ``m``,
    ``ply``); never raises (see the module doc)."""
    return kit.read_analysis_link(Tree, fragment)
