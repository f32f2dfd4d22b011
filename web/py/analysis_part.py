"""The analysis board's game-neutral part: a tree of variations (the kit's
:class:`mixtour.kit.variations.Tree`, each game's subclass) and the node
shown, written once for every game's analysis bridge (``analysis_bridge.py``
for Mixtour, ``tor_analysis_bridge.py`` for Tor).

Every move is checked by the engine before it enters the tree (through the
game's page bridge on the game from the start to the node shown, which also
gives the board its view), so the page never decides what is legal. Pure
Python: ``tests/test_analysis.py`` and ``tests/test_tor_analysis.py`` drive
it under CPython.

The view is the game bridge's view plus ``start`` (the start's position
string), ``node`` (the number of the node shown, 0 for the start; see
:mod:`mixtour.kit.variations`), ``tree`` (the move list: a line is a list of
entries ``{"n", "move", "ply", "color", "vars"}``, where ``vars`` are the
side lines that branch off before that move, each a line), ``parent`` and
``child`` (the node numbers one step back and forward on the line shown, or
null), ``side`` (the node shown lies in a side line: it can be promoted) and
``link`` (the analysis link's fragment, without ``#``).

A game's bridge names its page bridge class (``Bridge``, ``TorBridge``, a
:class:`page_part.PagePart`: ``game``, ``view()``, ``play(text)``,
``explain(text)``), and binds the part's type parameters to its game, its
page bridge and its shapes (``AnalysisPart[Game, Bridge, AnalysisView,
Explained]``), so that ``explain`` declares its game's shape
(:func:`contract.bind_shapes`). The part finds the game's ``Tree`` (which
reads and writes its analysis link) in the game's ``variations`` module,
and its players' letters are the page bridge's.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Generic, Protocol, TypeVar, cast

from contract import (
    AnalysisEntry,
    AnyAnalysisOpenedJson,
    AnyAnalysisPlayedJson,
    AnyAnalysisViewJson,
    Color,
    bind_shapes,
)

from mixtour.kit.errors import GameError
from mixtour.kit.game import Game as KitGame
from mixtour.kit.variations import Node, Tree, format_analysis_link, read_analysis_link

__all__ = ["AnalysisPart"]

G = TypeVar("G", bound=KitGame[Any, Any, Any, Any])


class GameBridge(Protocol):
    """What the part asks of a game's page bridge."""

    game: Any

    def view(self) -> Any: ...

    def play(self, text: str) -> str: ...

    def explain(self, text: str) -> str: ...


B = TypeVar("B", bound=GameBridge)  # the game's page bridge (Bridge, TorBridge)
AV = TypeVar("AV")  # its analysis view (AnalysisView, TorAnalysisView)
E = TypeVar("E")  # its explanation of a refused attempt (Explained, TorExplained)


def _dump(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


class AnalysisPart(Generic[G, B, AV, E]):
    """The tree, the node shown, and the functions the page calls (each
    returns JSON), over the game's ``bridge_class`` (its page bridge), the
    ``tree_class`` and ``colors`` found from it."""

    bridge_class: ClassVar[type[Any]]
    tree_class: ClassVar[type[Tree[Any]]]
    colors: ClassVar[Sequence[str]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        bind_shapes(cls, AnalysisPart)
        cls.tree_class = cls.bridge_class.game_module("variations").Tree
        cls.colors = cls.bridge_class.corr_colors

    def __init__(self) -> None:
        self.tree: Tree[G] = self.tree_class()  # or a tree read from a link
        self.node: Node = self.tree.root
        self.flip = False
        self.board: B = self.bridge_class(self.tree.game(self.node))

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
                    "color": cast(Color, self.colors[child.mover]),
                    "vars": [self._line(alt, numbers) for alt in alternatives],
                }
            )
            child = child.children[0] if child.children else None
        return entries

    def view(self) -> AV:
        """The game bridge's view of the node shown, with the tree's fields."""
        numbers = self._numbers()
        node = self.node
        root = self.tree.root
        parent = node.parent
        base = dict(self.board.view())
        shown = base["fen"] if node is not root else None
        base.update(
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
        return cast(AV, base)

    @staticmethod
    def _ancestors(node: Node) -> list[Node]:
        out: list[Node] = []
        current: Node | None = node
        while current is not None:
            out.append(current)
            current = current.parent
        return out

    def state(self) -> AnyAnalysisViewJson:
        return _dump(self.view())

    def explain(self, text: str) -> Annotated[str, E]:
        """Why the board's attempt is refused: the page bridge's ``explain``
        on the game up to the node shown."""
        return self.board.explain(text)

    # -- moving about -----------------------------------------------------------------

    def _show(self, node: Node, game: G | None = None) -> None:
        """Show ``node``; ``game``, if given, is the game to it (else played again)."""
        self.node = node
        self.board.game = self.tree.game(node) if game is None else game

    def open(self, fragment: str) -> AnyAnalysisOpenedJson:
        """Show what an analysis link (or a game link) describes. Never
        fails: ``{"state": view, "flip": bool, "issues": [{"id", "args"}],
        "problems": [English text of each issue]}``."""
        link = read_analysis_link(self.tree_class, fragment)
        self.tree = link.tree
        self.flip = link.flip
        self._show(link.node, link.game)
        issues = [issue.as_dict() for issue in link.issues]
        problems = [issue.text for issue in link.issues]
        shown = {"state": self.view(), "flip": link.flip, "issues": issues, "problems": problems}
        return _dump(shown)

    def select(self, number: int) -> AnyAnalysisViewJson:
        """Show node ``number`` (0: the start); an unknown number changes nothing."""
        with contextlib.suppress(KeyError, ValueError, TypeError):
            self._show(self.tree.node(int(number)))
        return self.state()

    def step(self, where: str) -> AnyAnalysisViewJson:
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

    def play(self, text: str) -> AnyAnalysisPlayedJson:
        """Play an action from the node shown: a new node (or the existing
        one for that action), shown. The answer is the game bridge's
        ``play``, with this view as ``state``."""
        answer = json.loads(self.board.play(text))
        if not answer.get("ok"):
            return _dump(answer)
        try:
            child = self.tree.add(self.node, str(answer["action"]))
        except GameError as error:  # the tree is full
            self._show(self.node)
            return _dump({"ok": False, "message": str(error)})
        self._show(child)
        answer["state"] = self.view()
        return _dump(answer)

    def delete(self, number: int) -> AnyAnalysisViewJson:
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

    def promote(self, number: int) -> AnyAnalysisViewJson:
        """Make the side line holding node ``number`` the main line at its fork."""
        try:
            node = self.tree.node(int(number))
        except (KeyError, ValueError, TypeError):
            return self.state()
        self.tree.promote(node)
        return self.state()

    def set_flip(self, flip: bool) -> AnyAnalysisViewJson:
        self.flip = bool(flip)
        return self.state()
