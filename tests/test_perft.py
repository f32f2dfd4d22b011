"""Perft: leaf counts of the game tree, from the start and from other positions.

The start counts are known by hand for small depths: 25 ENTERs, then 24, and
at depth 3 every pair of discs that are neighbours (72 pairs of the 8-way
neighbourhood on a 5x5 board) adds one move each way: 600 * 23 + 144 * 2 =
14088. Other positions are checked against the reference implementation.
On a mismatch the failure message lists the count per first action (divide)
so the wrong branch can be followed down.
"""

from __future__ import annotations

import pytest
from reference import RefPosition

from mixtour import STANDARD_START, Position
from mixtour.kit.perft import divide, perft
from mixtour.mixtour.core import action_text


def divide_table(fen: str, depth: int, expected: dict[str, int] | None = None) -> str:
    """The engine's count per first action, next to the reference's if given."""
    rows = divide(Position(fen), depth, action_text)
    lines = [f"divide of {fen!r} at depth {depth}:"]
    for action, n in rows:
        if expected is None:
            lines.append(f"  {action}: {n}")
        else:
            want = expected.get(action)
            mark = "" if want == n else "   <-- reference: " + str(want)
            lines.append(f"  {action}: {n}{mark}")
    if expected is not None:
        missing = sorted(set(expected) - {a for a, _ in rows})
        for action in missing:
            lines.append(f"  {action}: missing, reference: {expected[action]}")
    return "\n".join(lines)


def check_perft(fen: str, depth: int, expected: int, ref: dict[str, int] | None = None) -> None:
    got = perft(Position(fen), depth)
    if got != expected:
        pytest.fail(f"perft {depth} = {got}, expected {expected}\n" + divide_table(fen, depth, ref))


@pytest.mark.parametrize(("depth", "expected"), [(0, 1), (1, 25), (2, 600), (3, 14088)])
def test_perft_start(depth: int, expected: int) -> None:
    check_perft(STANDARD_START, depth, expected)


def test_perft_start_depth_4() -> None:
    check_perft(STANDARD_START, 4, 330384)


def test_perft_divide_start() -> None:
    rows = divide(Position(), 3, action_text)
    assert len(rows) == 25
    counts = dict(rows)
    # After a corner ENTER, 3 of the 24 squares for the reply are neighbours:
    # 3 * (23 + 2) + 21 * 23 = 558. After c3 (8 neighbours): 8 * 25 + 16 * 23.
    assert counts["a1"] == 558
    assert counts["c3"] == 8 * 25 + 16 * 23
    assert sum(counts.values()) == 14088


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_perft_three_players_start_equals_two_players(depth: int) -> None:
    # With four discs or fewer no tower is possible, so R10 never filters and
    # the tree has the same shape as with two players.
    expected = [25, 600, 14088, 330384][depth - 1]
    check_perft("5/5/5/5/5 w 15/15/15 0/0/0 1 -", depth, expected)


def ref_perft(pos: RefPosition, depth: int) -> int:
    if depth == 0 or pos.is_over:
        return 1
    return sum(ref_perft(pos.play(a), depth - 1) for a in pos.legal_actions())


def ref_divide(fen: str, depth: int) -> dict[str, int]:
    pos = RefPosition.from_p1(fen)
    return {a: ref_perft(pos.play(a), depth - 1) for a in pos.legal_actions()}


CROSS_CHECKED = [
    # Rulebook figure 3: a single disc with a 2-stack on every neighbour.
    ("5/1,wr,rw,wr,1/1,rw,w,wr,1/1,wr,rw,wr,1/5 w 11/12 0/0 1 -", 2),
    # Right after b1-a1: R5 forbids a1-b1.
    ("5/5/5/5/rr,w,3 r 19/18 0/0 1 b1-a1", 3),
    # Towers one move away, target 3 so that play goes on after them.
    ("5/5/5/5/1,rw,1,rrw,1 w 18/17 0/0 3 -", 3),
    ("wrwr,4/5/5/5/rwrw,4 w 16/16 1/2 3 -", 3),
    # D = 5, White stuck (forced passes), Red with a full reserve.
    ("5/5/w,1,w,2/5/w,1,w,1,w w 0/5 0/0 1 -", 3),
    # A crowded middle game with tall stacks, both reserves low.
    ("r,wr,1,rww,1/1,wrwr,w,1,r/wr,1,rr,1,w/2,wwr,1,r/1,r,1,w,1 r 2/1 0/0 2 -", 2),
    # Three players: R10 filters (see test_rules), all-filtered passes.
    ("5/5/1,wwb,3/5/1,rw,1,wwr,1 w 10/13/14 0/0/0 1 -", 2),
    ("4,wwb/5/5/3,rww,rr/wwr,4 w 0/2/5 0/0/0 1 -", 3),
    ("5/5/r,1,www,1,r/5/r,1,r,1,r r 2/0/5 0/0/0 2 -", 2),
]


@pytest.mark.parametrize(("fen", "depth"), CROSS_CHECKED)
def test_perft_matches_reference(fen: str, depth: int) -> None:
    ref = ref_divide(fen, depth)
    check_perft(fen, depth, sum(ref.values()), ref)
    assert dict(divide(Position(fen), depth, action_text)) == ref
