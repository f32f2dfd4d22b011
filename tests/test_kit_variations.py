"""Both games' analysis trees through the one tree of
``mixtour/kit/variations.py``: a game link opens as a line, side lines are
written and read back, a broken tree keeps what came before the fault."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest

from mixtour.kit.variations import format_analysis_link
from mixtour.mixtour import link as mixtour_link
from mixtour.mixtour import variations as mixtour_tree
from mixtour.tor import link as tor_link
from mixtour.tor import variations as tor_tree

GAMES: dict[str, tuple[ModuleType, ModuleType]] = {
    "mixtour": (mixtour_tree, mixtour_link),
    "tor": (tor_tree, tor_link),
}


def random_line(tree: Any, seed: int, plies: int) -> list[str]:
    rng = random.Random(seed)
    game = tree.new_game()
    for _ in range(plies):
        legal = game.legal_texts()
        if not legal:
            break
        game.play(rng.choice(legal))
    return list(game.record())


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", range(4))
def test_a_game_link_opens_as_one_line_at_its_ply(name: str, seed: int) -> None:
    trees, links = GAMES[name]
    line = random_line(trees.Tree(), seed, 10 + seed)
    game = trees.Tree.game_class(None, line)
    game.goto(game.ply - 3)
    link = trees.parse_analysis_link(links.format_link(game))
    assert link.issues == []
    assert link.tree.text() == ",".join(line)
    assert link.node.ply == game.ply and link.game is not None
    assert link.game.fen() == game.fen()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", range(4))
def test_side_lines_are_written_and_read_back(name: str, seed: int) -> None:
    trees, _ = GAMES[name]
    tree = trees.Tree()
    line = random_line(tree, seed, 8)
    node = tree.root
    for move in line:
        node = tree.add(node, move)
    fork = tree.node(3).parent
    other = next(m for m in tree.game(fork).legal_texts() if m != tree.node(3).move)
    side = tree.add(fork, other)
    text = format_analysis_link(tree, side)
    back = trees.parse_analysis_link(text)
    assert back.issues == []
    assert back.tree.text() == tree.text()
    assert back.node.move == other and back.tree.number(back.node) == tree.number(side)


@pytest.mark.parametrize("name", GAMES)
def test_a_broken_tree_keeps_what_came_before_and_says_where(name: str) -> None:
    trees, _ = GAMES[name]
    line = random_line(trees.Tree(), 5, 4)
    tree, issues = trees.Tree.parse(trees.Tree().start, ",".join([*line, "zz9", *line]))
    assert tree.text() == ",".join(line)
    (issue,) = issues
    assert issue.id == "tree-move" and issue.args["index"] == len(line) + 1
    with pytest.raises(trees.Tree.error):
        tree.add(tree.root, "zz9")
