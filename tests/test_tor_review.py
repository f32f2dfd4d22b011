"""Tor's game review (mixtour/tor/ai/review.py on mixtour/kit/review.py) and
the worker's review calls for Tor, under CPython."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from reviews import verdict

from mixtour.kit.games import game_ai
from mixtour.kit.review import PlyAnalysis, ReviewError
from mixtour.kit.search import WIN
from mixtour.tor.ai.review import DEPTH, REVIEW
from mixtour.tor.ai.tactics import winning_action
from mixtour.tor.core import STANDARD_START, TorError
from mixtour.tor.game import Game

WEB_PY = Path(__file__).resolve().parent.parent / "web" / "py"
if str(WEB_PY) not in sys.path:
    sys.path.insert(0, str(WEB_PY))

import ai_worker  # noqa: E402

# A seeded game of level 1 against itself: White's 13th action, b6-c7@c8,
# leaves Black's pawns on a4 and c6 a turn that hems White's in (c6-d6@a2),
# which Black plays. White had other turns that kept every step open.
HEMMED = [
    "b5", "e8", "d4", "c3", "b5-b6", "e8-d7@a6", "d4-c4@a5", "c3-b3@e6",
    "c4-b4@b1", "d7-c6@d2", "b4-a3@a4", "b3-a4@e1", "b6-c7@c8", "c6-d6@a2",
]  # fmt: skip
BLUNDER_PLY = 13  # the verdict on the 13th action (index 12)


@pytest.fixture(scope="module")
def reviewed() -> tuple[list[PlyAnalysis], dict[str, object]]:
    plies = REVIEW.review_game(STANDARD_START, HEMMED)
    return plies, REVIEW.report(plies, HEMMED)


def test_the_game_ends_with_the_hem_the_blunder_allowed() -> None:
    game = Game(STANDARD_START, HEMMED[: BLUNDER_PLY - 1])
    assert winning_action(game.position) is None  # nothing to win before it
    game.play(HEMMED[BLUNDER_PLY - 1])
    assert winning_action(game.position) is not None
    game.play(HEMMED[BLUNDER_PLY])
    assert game.result.code == "b-wins"


def test_a_turn_that_allows_a_hem_in_one_is_a_blunder(
    reviewed: tuple[list[PlyAnalysis], dict[str, object]],
) -> None:
    plies, review = reviewed
    before = plies[BLUNDER_PLY - 1]
    assert before.gives_win and before.avoidable
    # The turn was searched again one ply deeper, and the hem is still there.
    assert before.deep_depth == DEPTH + 1 and before.deep_played == -WIN + 2
    move = verdict(review, BLUNDER_PLY)
    assert move["kind"] == "blunder" and move["color"] == "w"
    assert move["best"] not in (None, HEMMED[BLUNDER_PLY - 1]) and move["pv"]
    # After it Black wins in one: the label says so, the graph is at Black's end.
    assert review["labels"][BLUNDER_PLY] == {"side": "b", "kind": "win", "moves": 1}  # type: ignore[index]
    assert review["graph"][BLUNDER_PLY] == -1.0  # type: ignore[index]
    summary = review["summary"]
    assert isinstance(summary, dict) and set(summary) == {"w", "b"}
    assert summary["w"]["blunder"] >= 1
    assert sum(summary["w"].values()) + sum(summary["b"].values()) == len(HEMMED)


def test_the_winning_turn_is_marked_best(
    reviewed: tuple[list[PlyAnalysis], dict[str, object]],
) -> None:
    plies, review = reviewed
    last = verdict(review, len(HEMMED))
    assert last["kind"] == "best" and last["color"] == "b"
    assert last["best"] == HEMMED[-1]
    # The game is over at the last position: no best move, Black has won.
    assert plies[-1].best is None and plies[-1].score == -WIN
    assert review["labels"][-1] == {"side": "b", "kind": "won", "moves": 0}  # type: ignore[index]


def test_tor_review_is_deterministic(
    reviewed: tuple[list[PlyAnalysis], dict[str, object]],
) -> None:
    plies, review = reviewed
    again = REVIEW.review_game(STANDARD_START, HEMMED)
    assert again == plies
    assert REVIEW.report(again, HEMMED) == review
    assert all(p.depth <= DEPTH for p in plies)


def test_the_worker_reviews_tor_one_position_at_a_time(
    reviewed: tuple[list[PlyAnalysis], dict[str, object]],
) -> None:
    plies, review = reviewed
    assert game_ai("tor").review is REVIEW
    answers = []
    for ply in range(len(HEMMED) + 1):
        # No depth: Tor's own (Mixtour's default would take seconds a position).
        request = {"id": 2, "game": "tor", "start": STANDARD_START, "actions": HEMMED, "ply": ply}
        answer = json.loads(ai_worker.review_now(json.dumps(request)))
        assert answer["id"] == 2 and answer["cancelled"] is False
        assert answer["turn"] in ("w", "b")
        answers.append(answer)
    assert [REVIEW.ply_from_json(a) for a in answers] == plies
    request = {"game": "tor", "actions": HEMMED, "plies": answers}
    reported = json.loads(ai_worker.review_report(json.dumps(request)))
    assert reported == json.loads(json.dumps(review))


def test_bad_tor_reviews_are_refused() -> None:
    with pytest.raises(ReviewError, match="ply 3"):
        REVIEW.analyse_ply(STANDARD_START, ["c3"], 3)
    with pytest.raises(TorError):
        REVIEW.analyse_ply(STANDARD_START, ["c3", "c3"], 0)
    with pytest.raises(ValueError, match="malformed"):
        REVIEW.ply_from_json({"ply": 0, "turn": "w"})
