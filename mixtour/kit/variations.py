"""The analysis board's tree of variations, and the link that carries it, for
any game.

A :class:`Tree` holds a start position and, below it, every move tried from
there: each node is one action, its first child is the main line from that
node and the other children are side lines. Every action is checked by the
game's engine (its ``Game.play``) when it is added, so a tree only ever
holds legal play. A game's tree is a subclass naming its ``Game`` class,
its link rules (:class:`mixtour.kit.link.LinkRules`) and its error family:
``mixtour/mixtour/variations.py`` (Mixtour's, with the examples) and
``mixtour/tor/variations.py``.

**The tree as text** (the link's ``t``): the actions in the game's notation
separated by commas, as a game link's ``m`` writes them; an alternative to
the action just written follows it in parentheses, itself a line that may
hold parentheses: ``c3,b4(d4,e5)(a1),b4-c3`` is the main line c3 b4 b4-c3,
with two other answers to c3: d4 (then e5) and a1. A node is numbered by
where its action stands in that text, from 1 (the start position is 0).

**The analysis link**: ``p=<start>&t=<tree>&k=<node>&flip=1``, and a game
link (``p``, ``m``, ``ply``) opens as a tree of one line, at its ``ply``.
``t`` wins over ``m``. Reading never raises: a tree that breaks off (a move
that is not legal, a stray parenthesis, too many nodes) keeps what came
before the fault, and :attr:`AnalysisLink.issues` says what was wrong, as ids
and values for the page to word: ``tree-move`` (``index``, ``move``, and
``detail``: the engine's English), ``tree-syntax`` (``at``: the character
where reading stopped), ``tree-too-big`` (``limit``) and ``bad-node``
(``node``); and the game link's own ids (:class:`mixtour.kit.link.LinkIssue`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self, TypeVar
from urllib.parse import unquote

from .errors import GameError
from .game import Game
from .link import LinkIssue, LinkRules, read_link

AnyGame = Game[Any, Any, Any, Any]
G = TypeVar("G", bound=AnyGame)

__all__ = [
    "MAX_NESTING",
    "MAX_NODES",
    "AnalysisLink",
    "Node",
    "Tree",
    "TreeIssue",
    "format_analysis_link",
    "read_analysis_link",
]

#: A tree holds at most this many moves (a link stays a link, not a book).
MAX_NODES = 1000
#: Side lines inside side lines, at most this deep (the text is read and
#: written by recursion).
MAX_NESTING = 40
_KEYS = ("t", "k")


@dataclass(frozen=True)
class TreeIssue:
    """One thing wrong with a tree in a link: ``id`` and ``args`` for the page."""

    id: str
    args: dict[str, str | int]

    @property
    def text(self) -> str:
        """The issue in English."""
        args = self.args
        where = "the link's variations"
        if self.id == "tree-move":
            return f"{where} stop at move {args['index']} ({args['move']!r}): {args['detail']}"
        if self.id == "tree-syntax":
            return f"{where} are garbled at character {args['at']}: read up to there"
        if self.id == "tree-too-big":
            return f"{where} hold more than {args['limit']} moves: the rest is left out"
        return f"the link names no move {args.get('node', '')!r}: the start is shown"

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "args": dict(self.args)}


@dataclass(eq=False)
class Node:
    """One action of the tree (the root has none: ``code`` is -1, ``move`` "")."""

    code: int
    parent: Node | None
    ply: int
    mover: int = 0
    """The colour index of the player who made the action (the start's: 0)."""
    move: str = ""
    """The action in the game's notation (written once: the tree's text, its
    link and the page's move list each ask for every node's)."""
    children: list[Node] = field(default_factory=list)

    def path(self) -> list[int]:
        """The actions from the start to this node."""
        codes: list[int] = []
        node: Node | None = self
        while node is not None and node.code >= 0:
            codes.append(node.code)
            node = node.parent
        return codes[::-1]


class Tree(Generic[G]):
    """A start position and the variations tried from it; a game's subclass
    sets ``game_class``, ``link_rules`` and ``error``."""

    game_class: ClassVar[type[AnyGame]]
    link_rules: ClassVar[LinkRules[Any]]
    error: ClassVar[type[GameError]] = GameError

    def __init__(self, start: str | None = None) -> None:
        self.start = self.game_class(start).fen()
        self.root = Node(-1, None, 0)
        self.size = 0

    def new_game(self) -> G:
        """The game at the start."""
        game: G = self.game_class(self.start)  # type: ignore[assignment]
        return game

    # -- reading ---------------------------------------------------------------

    def game(self, node: Node) -> G:
        """The game from the start to ``node`` (its history counts for repetitions)."""
        game = self.new_game()
        for code in node.path():
            game.play(code)
        return game

    def nodes(self) -> Iterator[Node]:
        """Every node but the root, in the order of the tree's text."""
        return _walk(self.root)

    def number(self, node: Node) -> int:
        """The node's number in the text (0: the start)."""
        if node is self.root:
            return 0
        for i, other in enumerate(self.nodes(), 1):
            if other is node:
                return i
        raise KeyError("the node is not in this tree")

    def node(self, number: int) -> Node:
        """The node numbered ``number`` (0: the start); KeyError if there is none."""
        if number == 0:
            return self.root
        for i, other in enumerate(self.nodes(), 1):
            if i == number:
                return other
        raise KeyError(f"the tree has no node {number}")

    def mainline(self, node: Node) -> list[Node]:
        """The main line below ``node``: first children, to the end."""
        line: list[Node] = []
        while node.children:
            node = node.children[0]
            line.append(node)
        return line

    def text(self) -> str:
        """The tree as the link writes it (see the module doc)."""
        return self._line(self.root)

    def _line(self, node: Node) -> str:
        out: list[str] = []
        while node.children:
            main = node.children[0]
            out.append(("," if out else "") + main.move)
            for alt in node.children[1:]:
                below = self._line(alt)
                out.append("(" + alt.move + ("," + below if below else "") + ")")
            node = main
        return "".join(out)

    # -- changing ----------------------------------------------------------------

    def add(self, node: Node, action: str | int, game: G | None = None) -> Node:
        """The child of ``node`` for ``action`` (made if new, after the engine
        checked it: raises the game's error if illegal).
        ``game``, if given, is the game at ``node``: it is played on to the
        child (and left as it was when the action is refused)."""
        game = self.game(node) if game is None else game
        mover = game.position.turn
        played = game.play(action)
        code = played.code
        for child in node.children:
            if child.code == code:
                return child
        if self.size >= MAX_NODES or (node.children and _nesting(node) >= MAX_NESTING):
            game.undo()
            if self.size >= MAX_NODES:
                raise self.error(f"the tree is full ({MAX_NODES} moves)")
            raise self.error(f"side lines nest at most {MAX_NESTING} deep")
        child = Node(code, node, node.ply + 1, mover, str(played))
        node.children.append(child)
        self.size += 1
        return child

    def grow(self, node: Node, code: int, mover: int) -> Node:
        """A new last child of ``node`` for ``code``, an action the engine has
        already checked at ``node`` and made by ``mover`` (for a line read
        whole, such as a game link's)."""
        child = Node(code, node, node.ply + 1, mover, str(self.game_class.action_class(code)))
        node.children.append(child)
        self.size += 1
        return child

    def delete(self, node: Node) -> Node:
        """Remove ``node`` and everything below it; returns its parent."""
        parent = node.parent
        if parent is None:
            raise self.error("the start position cannot be deleted")
        parent.children.remove(node)
        self.size -= 1 + sum(1 for _ in _walk(node))
        return parent

    def promote(self, node: Node) -> None:
        """Make the side line holding ``node`` the main line at its fork (the
        nearest fork above it where it is not the first child)."""
        child: Node = node
        while child.parent is not None and child.parent.children[0] is child:
            child = child.parent
        parent = child.parent
        if parent is not None:
            parent.children.remove(child)
            parent.children.insert(0, child)

    # -- the text ----------------------------------------------------------------

    @classmethod
    def parse(cls, start: str, text: str) -> tuple[Self, list[TreeIssue]]:
        """Read a tree's text from ``start``: the tree up to the first fault,
        and that fault (see the module doc)."""
        tree = cls(start)
        issues: list[TreeIssue] = []
        current = tree.root
        # The game follows ``current``, one action at a time: a link's tree
        # is checked without replaying it from the start at every move.
        game = tree.new_game()
        saved: list[Node] = []
        index = 0  # the moves read so far
        i = 0
        n = len(text)
        while i < n:
            char = text[i]
            if char == ",":
                i += 1
                continue
            if char == "(":
                if current is tree.root or current.parent is None:
                    issues.append(TreeIssue("tree-syntax", {"at": i + 1}))
                    break
                saved.append(current)
                current = current.parent
                game.undo()
                i += 1
                if i < n and text[i] in ",()":
                    issues.append(TreeIssue("tree-syntax", {"at": i + 1}))
                    break
                continue
            if char == ")":
                if not saved:
                    issues.append(TreeIssue("tree-syntax", {"at": i + 1}))
                    break
                back = saved.pop()
                assert back.parent is not None  # a node saved at "(" has one
                while game.ply > back.parent.ply:
                    game.undo()
                game.play(back.code)
                current = back
                i += 1
                continue
            end = i
            while end < n and text[end] not in ",()":
                end += 1
            word = text[i:end].strip()
            index += 1
            if tree.size >= MAX_NODES:
                issues.append(TreeIssue("tree-too-big", {"limit": MAX_NODES}))
                break
            try:
                current = tree.add(current, word, game)
            except cls.error as error:
                shown = word if len(word) <= 12 else word[:11] + "…"
                issues.append(
                    TreeIssue("tree-move", {"index": index, "move": shown, "detail": str(error)})
                )
                break
            i = end
        else:
            if saved:
                issues.append(TreeIssue("tree-syntax", {"at": n}))
        return tree, issues


def _walk(node: Node) -> Iterator[Node]:
    """The nodes below ``node`` in the order of the tree's text: the main
    child, then each alternative and its whole line, then the main child's
    continuation."""
    while node.children:
        main = node.children[0]
        yield main
        for alt in node.children[1:]:
            yield alt
            yield from _walk(alt)
        node = main


def _nesting(node: Node) -> int:
    """How many side lines ``node`` lies inside."""
    count = 0
    while node.parent is not None:
        if node.parent.children[0] is not node:
            count += 1
        node = node.parent
    return count


@dataclass
class AnalysisLink(Generic[G]):
    """What an analysis link describes: the tree, the node shown, the flip,
    and what could not be used (``issues``: the game link's, then the tree's)."""

    tree: Tree[G]
    node: Node
    flip: bool = False
    issues: list[LinkIssue | TreeIssue] = field(default_factory=list)
    game: G | None = None
    """The game from the start to :attr:`node`, when reading the link made it
    (so that the page need not play the line once more)."""


def read_analysis_link(kind: type[Tree[G]], fragment: object) -> AnalysisLink[G]:
    """Read ``p``, ``t``, ``k`` and ``flip`` (or a game link's ``p``, ``m``,
    ``ply``) into a tree of ``kind``; never raises (see the module doc)."""
    text = (fragment if isinstance(fragment, str) else "").removeprefix("#")
    own: dict[str, str] = {}
    rest: list[str] = []
    for part in text.split("&"):
        key, _, value = part.partition("=")
        if key.strip().lower() in _KEYS and key.strip().lower() not in own:
            own[key.strip().lower()] = value
        elif part:
            rest.append(part)
    if "t" in own:
        # The tree replaces the game's actions: the start is all we read of m.
        rest = [p for p in rest if p.partition("=")[0].strip().lower() not in ("m", "ply")]
    link = read_link(kind.link_rules, "&".join(rest))
    issues: list[LinkIssue | TreeIssue] = list(link.issues)
    if "t" in own:
        tree, tree_issues = kind.parse(link.game.start, unquote(own["t"]))
        issues.extend(tree_issues)
        wanted = own.get("k", "0").strip() or "0"
        found: Node | None = None
        if wanted.isascii() and wanted.isdigit() and len(wanted) < 6:
            try:
                found = tree.node(int(wanted))
            except KeyError:
                found = None
        if found is None:
            issues.append(TreeIssue("bad-node", {"node": wanted[:12]}))
            found = tree.root
        return AnalysisLink(tree, found, link.flip, issues)
    game: G = link.game
    tree = kind(game.start)
    node = tree.root
    shown = tree.root
    # parse_link has checked every action: the line is grown without playing
    # it again (a game of a thousand actions once took three replays here).
    actions = game.actions() + game.future()
    for i, (action, mover) in enumerate(zip(actions, game.movers(), strict=True)):
        if tree.size >= MAX_NODES:
            # A game longer than the tree holds: cut, as a t= link is, and said.
            issues.append(TreeIssue("tree-too-big", {"limit": MAX_NODES}))
            break
        node = tree.grow(node, action.code, mover)
        if i < game.ply:
            shown = node
    game.goto(shown.ply)
    game.drop_future()
    return AnalysisLink(tree, shown, link.flip, issues, game)


def format_analysis_link(
    tree: Tree[Any], node: Node, *, flip: bool = False, at: str | None = None
) -> str:
    """The fragment (without ``#``) for ``tree`` shown at ``node``; ``at``, the
    position shown, is added for the page to draw before Python (as in game
    links, it is never read back: the tree says what is shown)."""
    parts = [f"p={tree.start.replace(' ', '_')}"]
    if tree.size:
        parts.append(f"t={tree.text()}")
        parts.append(f"k={tree.number(node)}")
    if flip:
        parts.append("flip=1")
    if at:
        parts.append(f"at={at.replace(' ', '_')}")
    return "&".join(parts)
