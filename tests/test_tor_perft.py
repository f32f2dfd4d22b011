"""Perft for Tor: leaf counts from the standard setup and from later positions.

Depths 1 to 3 from the standard setup are counted by both the engine and the
plain generator of ``tor_reference.py``. Depth 4 (the four pawns placed, T2)
is counted by hand: White has 48 squares; Black then 36 (not of the colour
of White's square); White then 35 (not Black's colour, not his own square);
and Black's last pawn avoids the colours under both White pawns and his own
square: 35 squares when White's two pawns share a colour (11 of White's 35
choices), 23 when they do not (the other 24). The reference confirms the
count under a few first actions. Deeper counts are for
``python -m mixtour tor perft N`` (the report's figures), not for tests.
On a mismatch the failure lists the count per first action (divide).
"""

from __future__ import annotations

import pytest
from tor_reference import PLAYING, RefPosition

from mixtour.kit.perft import divide, perft
from mixtour.tor import (
    STANDARD_START,
    Position,
    action_text,
    parse_action,
    random_layout,
    start_fen,
)
from mixtour.tor.game import Game


def ref_perft(pos: RefPosition, depth: int) -> int:
    if depth == 0 or pos.status != PLAYING:
        return 1
    if depth == 1:
        return len(pos.legal_actions())
    return sum(ref_perft(pos.play(a), depth - 1) for a in pos.legal_actions())


def ref_divide(text: str, depth: int) -> dict[str, int]:
    pos = RefPosition.from_text(text)
    return {a: ref_perft(pos.play(a), depth - 1) for a in pos.legal_actions()}


def check_perft(text: str, depth: int, expected: int, ref: dict[str, int] | None = None) -> None:
    got = perft(Position(text), depth)
    if got == expected:
        return
    lines = [f"perft {depth} = {got}, expected {expected}; divide of {text!r}:"]
    for action, n in divide(Position(text), depth, action_text):
        want = None if ref is None else ref.get(action)
        lines.append(f"  {action}: {n}" + ("" if want in (None, n) else f"   <-- reference {want}"))
    pytest.fail("\n".join(lines))


@pytest.mark.parametrize("depth", [0, 1, 2, 3])
def test_perft_start_agrees_with_the_reference(depth: int) -> None:
    ref = ref_divide(STANDARD_START, depth) if depth else {}
    check_perft(STANDARD_START, depth, sum(ref.values()) if depth else 1, ref)


def test_perft_start_depth_4_is_the_count_of_pawn_placements() -> None:
    expected = 48 * 36 * (11 * 35 + 24 * 23)
    assert expected == 1_619_136
    check_perft(STANDARD_START, 4, expected)


@pytest.mark.parametrize("first", ["a1", "d5"])
def test_perft_start_depth_4_agrees_with_the_reference_below(first: str) -> None:
    pos = Position()
    pos.push(parse_action(first))
    ref = ref_divide(RefPosition.start().play(first).text(), 3)
    assert perft(pos, 3) == sum(ref.values())
    assert dict(divide(pos, 3, action_text)) == ref


CROSS_CHECKED = [
    # A random layout, White's first turn (no token in hand).
    (start_fen(random_layout(3)), ["a1", "f8", "c4", "d5"], 2),
    # Standard layout a few turns in: tokens in hand, doubles, a hole.
    (STANDARD_START, ["c3", "d5", "b6", "e2", "c3-d4", "d5-c4@d3", "d4-e5@e4"], 2),
    # Tokens that fit nowhere: the discard decides the counts.
    ("Rk....Bw/....../....../....../....../....../....../BwB..oBRk w B", [], 3),
    # The cycle of T5: positions repeat, a draw ends some lines.
    ("Ok....Bw/....../....../....../....../....../.oBwyRRbOk./...... w Y",
     ["b2-c2@d2", "e2-d2@b2", "c2-b2@e2", "d2-e2@c2", "b2-c2@d2"], 4),
]  # fmt: skip


@pytest.mark.parametrize(("start", "actions", "depth"), CROSS_CHECKED)
def test_perft_matches_reference(start: str, actions: list[str], depth: int) -> None:
    pos = Game(start, actions).position  # checks that the actions are legal
    ref_pos = RefPosition.from_text(start)
    for a in actions:
        ref_pos = ref_pos.play(a)
    expected = {a: ref_perft(ref_pos.play(a), depth - 1) for a in ref_pos.legal_actions()}
    assert perft(pos, depth) == sum(expected.values())
    assert dict(divide(pos, depth, action_text)) == expected
