"""What both games' review tests read from a review's report
(tests/test_review.py, test_tor_review.py)."""

from __future__ import annotations


def verdict(review: dict[str, object], ply: int) -> dict[str, object]:
    """The report's one verdict on the action of ``ply`` (1 is the first)."""
    moves = review["moves"]
    assert isinstance(moves, list)
    found = [m for m in moves if m["ply"] == ply]
    assert len(found) == 1, moves
    result: dict[str, object] = found[0]
    return result
