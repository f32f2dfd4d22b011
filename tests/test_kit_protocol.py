"""The game protocol (mixtour/kit/protocol.py): Mixtour's and Tor's positions
have its shape, for the type checker and when played through the protocol
alone."""

from __future__ import annotations

import random

from mixtour.kit.protocol import GamePosition, OutcomeLike, ReasonLike
from mixtour.mixtour.core import Position
from mixtour.tor.core import Position as TorPosition

# mypy --strict checks these assignments: both games' positions conform.
CONFORMS: GamePosition = Position()
TOR_CONFORMS: GamePosition = TorPosition()


def play_randomly(pos: GamePosition, plies: int, rng: random.Random) -> list[int]:
    """Random legal actions through the protocol only; returns them."""
    played: list[int] = []
    while len(played) < plies and pos.legal_actions():
        action = rng.choice(pos.legal_actions())
        pos.push(action)
        played.append(action)
    return played


def test_positions_of_both_games_push_pop_and_hash_through_the_protocol() -> None:
    rng = random.Random(14)
    games: list[tuple[type[Position] | type[TorPosition], str]] = [
        (Position, "5/5/5/5/5 w 20/20 0/0 1 -"),
        (Position, "5/5/5/5/5 w 15/15/15 0/0/0 1 -"),
        (TorPosition, TorPosition().fen()),
    ]
    for kind, fen in games:
        pos: GamePosition = kind(fen)
        start_hash, start_fen = pos.hash, pos.fen()
        played = play_randomly(pos, 60, rng)
        assert played, "a game from the start has legal actions"
        final = pos.copy()
        assert final.fen() == pos.fen() and final.hash == pos.hash
        # Read back from its string alone, the position has the same hash.
        assert kind(pos.fen()).hash == pos.hash
        for action in reversed(played):
            assert pos.pop() == action
        assert pos.hash == start_hash and pos.fen() == start_fen
        assert pos.repetitions() == 1


def test_a_finished_game_has_no_actions_and_a_winner_through_the_protocol() -> None:
    pos: GamePosition = Position("5/5/5/5/5 r 20/20 1/0 1 -")
    outcome: OutcomeLike = pos.outcome
    assert pos.status != 0 and pos.winner == 0 and pos.legal_actions() == []
    assert outcome.is_over and outcome.winner == 0 and outcome.code == "w-wins"
    assert outcome.score_text == "1-0" and "White" in outcome.describe()


def test_refusals_come_as_reasons_with_plain_data_through_the_protocol() -> None:
    pos: GamePosition = Position("5/5/2,w,2/5/5 r 19/20 0/0 1 c3")
    occupied = 12  # c3
    reason: ReasonLike | None = pos.why_not(occupied)
    assert reason is not None and reason.id == "occupied"
    assert dict(reason.args) == {"square": "c3"}
    assert reason.as_dict() == {"id": "occupied", "args": {"square": "c3"}}
    assert str(reason) == pos.explain(occupied)
    assert pos.why_not(13) is None and pos.explain(13) is None
