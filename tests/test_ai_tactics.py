"""Tactics the AI must never miss at level 3 and above.

Each position (P1) is either a *win*: the player to move can complete a
winning tower at once and must do it, or a *defence*: the player to move
cannot win at once, some moves hand an opponent an immediate win, and the
AI must pick one of the others.  The sets of correct moves are computed
here by brute force with the engine, never hard-coded.

With three players "safe" is read paranoidly: after our move, no reply of
the next player may leave the player after it an immediate win (R10
already stops us from handing the next player a win).

The positions were found by scanning seeded random games for tactical
moments (a few of the three-player wins were set up by hand) and cover
2 and 3 players, target 1 and targets 2 and 3.
"""

from __future__ import annotations

import pytest
from tactics import LEVELS, Suite, immediate_tests, winning_moves

from mixtour.mixtour.ai import choose_move
from mixtour.mixtour.ai.tools.tactics import forcing_wins
from mixtour.mixtour.core import Position, Status, action_text

WINS = [
    # two players, first tower wins
    "1,wwwr,r,1,w/w,4/5/r,1,ww,wr,w/r,2,rr,r r 11/12 0/0 1 e2",
    "1,ww,rwr,1,w/w,4/5/r,1,ww,wr,1/r,2,rwr,r w 11/12 0/0 1 e2:2-d1",
    "1,ww,rwr,1,w/5/2,w,2/rrwr,1,ww,wr,1/1,w,1,rw,rr r 9/11 0/0 1 c2:2-a2",
    "1,ww,rwr,1,w/r,4/2,ww,2/rrwr,rw,w,wr,1/3,rw,rr r 9/9 0/0 1 c2-c3",
    "1,ww,rwr,1,w/r,4/w,1,ww,r,1/rrwr,rw,w,wr,1/3,rw,rr r 8/8 0/0 1 a3",
    "1,wwr,rwr,1,w/r,4/w,1,ww,2/rrwr,rw,w,wr,1/3,rw,rr w 8/8 0/0 1 d3-b5",
    "1,wwr,rwr,1,w/r,3,w/w,1,ww,2/rrwr,rw,w,wr,1/3,rw,rr r 7/8 0/0 1 e4",
    "1,wwr,rwr,1,w/r,1,r,1,w/w,1,ww,2/rrwr,rw,w,wr,1/3,rw,rr w 7/7 0/0 1 c4",
    "1,wwr,rw,1,w/r,1,rr,1,w/w,1,ww,2/rrwr,rw,w,wr,1/3,rw,rr r 7/7 0/0 1 c5-c4",
    # two players, target 2 and 3: the last point
    "2,rrw,w,1/w,2,rrr,1/5/4,wrwr/rww,4 r 5/4 0/1 2 b4:2-c5",
    "2,rr,ww,1/w,w,3/5/4,wrwr/r,3,w r 5/7 1/1 2 e1",
    "rw,rwr,3/1,ww,w,wrrw,1/3,r,rr/r,1,w,1,wwr/1,w,1,r,r w 9/8 2/0 3 d1",
    "rw,rr,1,www,wwr/1,ww,3/2,rrr,1,r/5/2,www,1,rrr w 9/9 2/1 3 c4:2-d5",
    "3,wrw,1/1,rw,3/1,wrr,1,rrw,1/5/3,wr,w w 5/5 2/1 3 c2-d1",
    # three players
    "5/5/rrw,1,bb,2/5/5 w 14/13/13 0/0/0 1 -",
    "5/1,r,b,2/rrw,1,bb,1,w/1,br,3/5 w 13/11/11 0/0/0 1 -",
    "b,3,r/2,wb,1,brr/rb,4/3,bwr,1/w,3,r r 12/9/10 0/0/0 1 -",
    "b,3,r/2,wb,1,rrb/rb,4/3,brw,1/w,3,r b 12/9/10 0/0/0 1 -",
]

DEFENCES = [
    # two players, first tower wins
    "1,wwwr,r,1,w/w,4/5/r,1,ww,wr,1/r,2,rr,r w 12/12 0/0 1 b2-b5",
    "1,wwwr,r,1,w/w,4/5/r,1,ww,wr,wr/r,2,r,r w 11/12 0/0 1 d1-e2",
    "1,ww,rwr,1,w/w,4/5/r,1,ww,wr,wr/r,2,r,r r 11/12 0/0 1 b5:2-c5",
    "1,ww,rwr,1,w/5/2,w,2/rr,1,wwwr,wr,1/1,w,1,rw,rr w 9/11 0/0 1 a4:2-c2",
    "1,ww,rwr,1,w/5/2,w,2/rrwr,r,ww,wr,1/1,w,1,rw,rr w 9/10 0/0 1 b2",
    "1,ww,rwr,1,w/r,4/2,ww,r,1/rrwr,rw,w,wr,1/3,rw,rr w 9/8 0/0 1 d3",
    "2,r,wrw,w/r,r,2,r/5/wr,4/rw,2,wr,1 w 14/12 0/0 1 a4",
    "2,r,1,wr/r,r,wwrw,2/w,4/wr,3,w/rw,2,wr,1 r 11/12 0/0 1 e2",
    "w,1,rr,w,w/ww,4/2,rwr,w,1/r,rr,2,w/2,r,1,w w 3/4 0/0 1 b3:2-c3",
    # two players, target 2 and 3: the opponent needs one more point
    "2,r,w,1/w,rw,1,rrr,1/5/4,wrwr/rww,4 w 5/4 0/1 2 d2:4-c3",
    "2,rr,ww,1/w,w,3/r,4/4,wrwr/r,3,w w 5/6 1/1 2 a3",
    "rw,rwr,3/1,ww,w,wrrw,1/3,r,rr/r,1,w,1,wwr/1,w,2,r r 9/9 2/0 3 d5:3-d4",
    "3,wrw,1/1,rw,3/1,wrr,1,r,1/5/3,wrrw,w r 5/5 2/1 3 d3:2-d1",
    "3,wrw,1/1,rw,3/1,wrr,1,r,1/w,4/2,r,wrrw,w r 4/4 2/1 3 a2",
    # three players
    "2,bbb,wbrr,1/bbrr,3,bwww/2,wwwb,1,wrb/w,2,br,1/bww,1,bbb,1,r b 9/13/6 0/0/0 1 a5:3-a4",
    "1,rrb,wrww,wrbb,1/wwwr,4/2,b,1,brbr/2,rwb,2/b,1,rrw,rrw,1 r 2/0/4 0/0/0 1 a2-d5",
    "3,r,1/5/1,rbrr,1,wb,1/wbrw,3,wb/1,bbb,2,wrbb w 15/14/11 0/0/0 1 b2:2-b1",
]

# Double threats, found by ``python -m mixtour tactics-scan --games 10 --seed 1``
# (two players, target 1, then target 2): the mover cannot win at once, but one of its
# moves leaves the opponent no reply that stops a winning tower.
DOUBLE_THREATS = [
    "r,wwr,3/2,wr,2/1,wrr,wrwr,1,w/w,wwr,3/5 r 10/12 0/0 1 a2",
    "1,r,1,rwwr,1/rr,w,1,rw,1/1,wrr,wwr,2/1,ww,wwr,1,wrww/2,wrw,ww,1 r 2/8 0/0 1 b4",
    "rw,2,w,1/1,rrw,3/w,1,rr,2/1,rrw,r,wr,rr/wrrw,4 w 12/7 0/0 1 c2",
    "5/1,rrwr,1,w,wrw/4,www/4,wr/5 r 12/15 0/0 1 d4",
    "4,ww/2,www,wrw,rr/3,r,1/1,rrw,rrw,2/1,rr,rr,2 w 11/8 0/0 1 d3",
    "w,1,w,r,rww/wrr,4/1,ww,3/r,2,wwrr,1/w,rr,ww,2 r 8/11 0/0 1 e4:2-e5",
    "4,w/wr,1,w,2/wwr,wr,rw,2/3,wrr,1/2,r,1,ww r 10/13 0/0 1 c4",
    "1,r,1,rwwr,1/rww,www,1,wrrr,1/rrww,1,rrr,wrr,rrr/ww,2,rr,1/5 r 7/1 0/0 1 b5:2-d5",
    "1,ww,3/1,rrw,rr,2/2,r,2/1,rrw,1,rww,w/1,wrw,3 w 11/11 0/0 1 b4-b2",
    # target 2, the last point (tactics-scan --games 8 --seed 2 --target 2 --limit 6)
    "3,rr,1/1,wwr,wr,w,wwr/ww,rw,3/1,wwr,1,wwr,1/5 r 7/12 1/1 2 d4-d5",
    "1,rrww,wr,ww,1/wr,rwrw,1,wrwr,1/5/2,rw,1,rr/2,r,1,r w 9/7 1/0 2 e1",
    "1,wrw,3/2,w,r,www/1,r,3/w,w,rrr,w,1/rr,wr,rrw,2 r 9/9 0/1 2 b2",
    "w,3,wr/1,r,1,www,rw/ww,2,rr,1/rww,1,rrw,wr,w/r,w,1,rw,1 w 5/9 1/1 2 a1",
    "2,w,w,1/1,rrw,2,r/3,rwr,r/3,rrw,1/r,r,wr,wwr,rw r 11/7 0/1 2 e2:2-d1",
    "w,4/2,www,w,1/1,rrrw,3/rr,rwww,2,w/rr,ww,3 w 8/12 1/1 2 d4:2-b2",
]


def can_win_now(pos: Position) -> bool:
    t = pos.turn
    return not pos.status and pos.scores[t] + 1 >= pos.target and pos.has_scoring_move(t)


def safe_moves(pos: Position) -> set[int]:
    """Actions after which no opponent can win at once (paranoid with three)."""
    me = pos.turn
    out = set()
    for m in pos.legal_actions():
        pos.push(m)
        if pos.status == Status.WIN:
            ok = pos.winner == me
        elif pos.status:
            ok = True
        elif pos.players == 2:
            ok = not can_win_now(pos)
        else:
            ok = True
            for r in pos.legal_actions():
                pos.push(r)
                if pos.status == Status.WIN:
                    ok = pos.winner == me
                elif pos.turn != me and can_win_now(pos):
                    ok = False
                pos.pop()
                if not ok:
                    break
        pos.pop()
        if ok:
            out.add(m)
    return out


SUITE = Suite(WINS, DEFENCES, Position, safe_moves, choose_move, action_text)
# The immediate wins and defences, tested as every game's are (tests/tactics.py).
globals().update(immediate_tests(SUITE))


def test_suite_is_large_and_varied() -> None:
    positions = [Position(f) for f in WINS + DEFENCES]
    assert len(positions) >= 30
    assert {p.players for p in positions} == {2, 3}
    assert {p.target for p in positions} >= {1, 2, 3}


@pytest.mark.parametrize("fen", DOUBLE_THREATS)
def test_double_threat_position_has_a_forcing_win(fen: str) -> None:
    pos = Position(fen)
    assert not winning_moves(pos), "no immediate win: the win takes three plies"
    wins = forcing_wins(pos)
    assert wins and len(wins) < len(pos.legal_actions())


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("fen", DOUBLE_THREATS)
def test_ai_plays_the_double_threat(fen: str, level: int) -> None:
    wins = forcing_wins(Position(fen))
    move = SUITE.search(fen, level, seed=level)
    assert move in wins, f"level {level} played {action_text(move)}, not a forcing win"
