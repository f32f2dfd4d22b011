"""Mixtour's frozen Master v2 (``mixtour.mixtour.ai.tools.frozen``, the arena's
``master-v2``): the measure later changes to Master are taken against.

Its weights and switches are written out in the frozen module; what it
shares with today's Master, the evaluation's code, the search code and the
opening book, is pinned here by figures recorded when it was frozen. A test
that fails here means a change reached master-v2: write out in the frozen
module what the change alters (as its weights are), and master-v2 plays as
it did.
"""

from __future__ import annotations

import hashlib

import pytest

from mixtour.mixtour.ai.opening_book import BOOK
from mixtour.mixtour.ai.player import choose_move
from mixtour.mixtour.ai.tools.arena import make_player, opening, player_name
from mixtour.mixtour.ai.tools.frozen import EvaluatorV2, master_v2_search
from mixtour.mixtour.core import Position, action_text

# Positions of seeded random games (two players to 1 and to 3 points, three
# players to 1), and master-v2's evaluation of each for every player.
EVALUATED = {
    "2,r,ww,w/r,1,r,ww,r/4,rw/2,rrw,w,1/5 w 12/13 0/0 1 c5": [985, -985],
    "1,w,r,2/r,1,wr,2/2,rwwr,2/w,3,r/r,1,ww,2 w 13/13 0/0 3 c5": [-482, 482],
    "1,wwr,r,1,r/wrw,wr,3/2,rww,w,1/w,1,rr,rr,w/2,ww,1,r w 8/9 0/0 3 e1": [-4, 4],
    "4,b/1,bw,1,w,1/4,ww/1,rwr,3/bb,2,r,b b 10/12/10 0/0/0 1 c4-b4": [-41, 41, -65],
    "1,r,2,b/5/bbww,2,rw,www/rrwr,1,w,2/bb,1,w,b,brw r 5/9/8 0/0/0 1 c1": [-229, -49, 49],
}

# The arena's openings (seed 34) searched by master-v2 to depths 3 and 4:
# the move chosen, the nodes visited and the score.
SEARCHED = {
    "5/5/3,w,1/5/3,w,r r 18/19 0/0 1 d3": [("c1", 932, 15), ("c1", 1881, 29)],
    "w,4/5/2,r,1,w/5/3,r,1 w 18/18 0/0 1 d1": [("c1", 898, 13), ("a3", 2494, 35)],
    "w,4/5/r,2,w,1/5/5 r 18/19 0/0 3 d3": [("c3", 889, 20), ("a2", 4478, 4)],
    "5/w,3,w/2,b,2/5/3,r,1 r 13/14/14 0/0/0 1 e4": [("a1", 1490, -43), ("c1", 4662, -31)],
}

# The opening book master-v2 plays: its entries' digest and count.
BOOK_DIGEST = ("c0a35338bed47bc1", 63)


@pytest.mark.parametrize("fen", list(EVALUATED))
def test_master_v2_evaluates_as_it_did(fen: str) -> None:
    pos = Position(fen)
    evaluator = EvaluatorV2(pos)
    assert [evaluator.evaluate(pos, root) for root in range(pos.players)] == EVALUATED[fen]


@pytest.mark.parametrize("fen", list(SEARCHED))
def test_master_v2_searches_as_it_did(fen: str) -> None:
    pos = Position(fen)
    found = []
    for depth in (3, 4):
        result = choose_move(
            pos,
            level=6,
            depth=depth,
            seed=0,
            evaluator=EvaluatorV2(pos),
            configure=master_v2_search,
        )
        found.append((action_text(result.move), result.nodes, result.score))
    assert found == SEARCHED[fen], "the search code changed master-v2"
    assert pos.fen() == fen


def test_master_v2_plays_the_book_it_played() -> None:
    digest = hashlib.sha256(repr(sorted(BOOK.items())).encode()).hexdigest()[:16]
    assert (digest, len(BOOK)) == BOOK_DIGEST, "the opening book changed master-v2"


def test_the_arena_knows_master_v2() -> None:
    assert player_name("master-v2").startswith("master-v2 (")
    player = make_player("master-v2", time_ms=20, depth=None)
    for index in range(3):
        pos = opening(index, 5, 2 + index % 2, None, 1 + index // 2)
        assert pos.is_legal(player(pos, index))
