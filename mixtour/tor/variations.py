"""Tor's tree of variations and its analysis link: the kit's
(:mod:`mixtour.kit.variations`, whose doc gives the text and the link) with
Tor's game, links (T6 actions, T7 positions) and errors.

>>> tree, issues = Tree.parse(Tree().start, "c3,d5,b6,e2,c3-d4(c3-b4)")
>>> tree.text(), issues, [tree.node(k).move for k in (5, 6)]
('c3,d5,b6,e2,c3-d4(c3-b4)', [], ['c3-d4', 'c3-b4'])
"""

from __future__ import annotations

from ..kit import variations as kit
from .core import TorError
from .game import Game
from .link import RULES

__all__ = ["AnalysisLink", "Tree", "parse_analysis_link"]

AnalysisLink = kit.AnalysisLink[Game]


class Tree(kit.Tree[Game]):
    """A start position of Tor and the variations tried from it."""

    game_class = Game
    link_rules = RULES
    error = TorError


def parse_analysis_link(fragment: object) -> AnalysisLink:
    """Read ``p``, ``t``, ``k`` and ``flip`` (or a game link's ``p``, ``m``,
    ``ply``); never raises."""
    return kit.read_analysis_link(Tree, fragment)
