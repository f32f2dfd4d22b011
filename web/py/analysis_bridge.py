"""The analysis board's bridge (``web/analysis.html``): a tree of variations
(:class:`mixtour.variations.Tree`) and the node shown.

Every move is checked by the engine before it enters the tree (through a
:class:`bridge.Bridge` on the game from the start to the node shown, which
also gives the board its view), so the page never decides what is legal.
Pure Python: ``tests/test_analysis.py`` drives it under CPython.

The view is :meth:`bridge.Bridge.view` plus ``start`` (P1), ``node`` (the
number of the node shown, 0 for the start; see :mod:`mixtour.variations`),
``tree`` (the move list: a line is a list of entries ``{"n", "move", "ply",
"color", "vars"}``, where ``vars`` are the side lines that branch off before
that move, each a line), ``parent`` and ``child`` (the node numbers one step
back and forward on the line shown, or null), ``side`` (the node shown lies
in a side line: it can be promoted) and ``link`` (the analysis link's
fragment, without ``#``).
"""

from __future__ import annotations

import contextlib
import json
from typing import Any, cast

from bridge import Bridge
from contract import (
    AnalysisEntry,
    AnalysisOpenedJson,
    AnalysisPlayedJson,
    AnalysisView,
    AnalysisViewJson,
    Color,
    ExplainedJson,
)

from mixtour.core import COLORS, MixtourError
from mixtour.game import Game
from mixtour.kit.variations import Tree as AnyTree
from mixtour.variations import Node, Tree, format_analysis_link, parse_analysis_link

__all__ = ["AnalysisBoard"]


def _dump(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


class AnalysisBoard:
    """The tree, the node shown, and the functions the page calls (each
    returns JSON)."""

    def __init__(self) -> None:
        self.tree: AnyTree[Game] = Tree()  # or a tree read from a link
        self.node: Node = self.tree.root
        self.flip = False
        self.board = Bridge(self.tree.game(self.node))

    # -- reading ------------------------------------------------------------------

    def _numbers(self) -> dict[int, int]:
        return {id(node): i for i, node in enumerate(self.tree.nodes(), 1)}

    def _line(self, first: Node | None, numbers: dict[int, int]) -> list[AnalysisEntry]:
        """The line from ``first`` on, following main children; a main child
        carries its parent's other children as side lines."""
        entries: list[AnalysisEntry] = []
        child = first
        while child is not None:
            parent = child.parent
            assert parent is not None
            alternatives = parent.children[1:] if parent.children[0] is child else []
            entries.append(
                {
                    "n": numbers[id(child)],
                    "move": child.move,
                    "ply": child.ply,
                    "color": cast(Color, COLORS[child.mover]),
                    "vars": [self._line(alt, numbers) for alt in alternatives],
                }
            )
            child = child.children[0] if child.children else None
        return entries

    def view(self) -> AnalysisView:
        numbers = self._numbers()
        node = self.node
        root = self.tree.root
        parent = node.parent
        base = self.board.view()
        shown = base["fen"] if node is not root else None
        return AnalysisView(
            **base,
            start=self.tree.start,
            node=numbers.get(id(node), 0),
            tree=self._line(root.children[0] if root.children else None, numbers),
            parent=None if parent is None else numbers.get(id(parent), 0),
            child=numbers[id(node.children[0])] if node.children else None,
            side=any(
                n.parent is not None and n.parent.children[0] is not n
                for n in self._ancestors(node)
            ),
            link=format_analysis_link(self.tree, node, flip=self.flip, at=shown),
        )

    @staticmethod
    def _ancestors(node: Node) -> list[Node]:
        out: list[Node] = []
        current: Node | None = node
        while current is not None:
            out.append(current)
            current = current.parent
        return out

    def state(self) -> AnalysisViewJson:
        return _dump(self.view())

    def explain(self, text: str) -> ExplainedJson:
        return self.board.explain(text)

    def explain_lift(self, square: int, count: int) -> ExplainedJson:
        return self.board.explain_lift(square, count)

    # -- moving about -----------------------------------------------------------------

    def _show(self, node: Node, game: Game | None = None) -> None:
        """Show ``node``; ``game``, if given, is the game to it (else played again)."""
        self.node = node
        self.board.game = self.tree.game(node) if game is None else game

    def open(self, fragment: str) -> AnalysisOpenedJson:
        """Show what an analysis link (or a game link) describes. Never
        fails: ``{"state": view, "flip": bool, "issues": [{"id", "args"}],
        "problems": [English text of each issue]}``."""
        link = parse_analysis_link(fragment)
        self.tree = link.tree
        self.flip = link.flip
        self._show(link.node, link.game)
        issues = [issue.as_dict() for issue in link.issues]
        problems = [issue.text for issue in link.issues]
        shown = {"state": self.view(), "flip": link.flip, "issues": issues, "problems": problems}
        return _dump(shown)

    def select(self, number: int) -> AnalysisViewJson:
        """Show node ``number`` (0: the start); an unknown number changes nothing."""
        with contextlib.suppress(KeyError, ValueError, TypeError):
            self._show(self.tree.node(int(number)))
        return self.state()

    def step(self, where: str) -> AnalysisViewJson:
        """``back``, ``forward`` (the main line), ``first``, ``last``, or
        ``up``/``down``: the move before or after this one among the moves
        tried at the same place (the main one first, then the side lines)."""
        node = self.node
        parent = node.parent
        if where == "back" and parent is not None:
            node = parent
        elif where == "forward" and node.children:
            node = node.children[0]
        elif where in ("up", "down") and parent is not None:
            i = parent.children.index(node) + (1 if where == "down" else -1)
            if 0 <= i < len(parent.children):
                node = parent.children[i]
        elif where == "first":
            node = self.tree.root
        elif where == "last":
            line = self.tree.mainline(node)
            node = line[-1] if line else node
        self._show(node)
        return self.state()

    # -- changing the tree ---------------------------------------------------------------

    def play(self, text: str) -> AnalysisPlayedJson:
        """Play an action from the node shown: a new node (or the existing
        one for that action), shown. The answer is :meth:`bridge.Bridge.play`'s,
        with this view as ``state``."""
        answer = json.loads(self.board.play(text))
        if not answer.get("ok"):
            return _dump(answer)
        try:
            child = self.tree.add(self.node, str(answer["action"]))
        except MixtourError as error:  # the tree is full
            self._show(self.node)
            return _dump({"ok": False, "message": str(error)})
        self._show(child)
        answer["state"] = self.view()
        return _dump(answer)

    def delete(self, number: int) -> AnalysisViewJson:
        """Delete node ``number`` and what follows it; the page shows the
        node before it if the node shown was among them."""
        try:
            node = self.tree.node(int(number))
        except (KeyError, ValueError, TypeError):
            return self.state()
        if node.parent is None:
            return self.state()
        shown_inside = node in self._ancestors(self.node)
        parent = self.tree.delete(node)
        if shown_inside:
            self._show(parent)
        return self.state()

    def promote(self, number: int) -> AnalysisViewJson:
        """Make the side line holding node ``number`` the main line at its fork."""
        try:
            node = self.tree.node(int(number))
        except (KeyError, ValueError, TypeError):
            return self.state()
        self.tree.promote(node)
        return self.state()

    def set_flip(self, flip: bool) -> AnalysisViewJson:
        self.flip = bool(flip)
        return self.state()
