"""How a game ends (R7, R8, R9), encoded once: ``mixtour.mixtour.core.Outcome``.

The public words are checked against a list written here, not taken from
the engine; then finished games are played to the end and every output that
tells how a game stands (the bridge's view, the record's result, the
picture's headline, the command line's arena report) must agree with the
position's outcome.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from mixtour import Action, Outcome, Position, Status
from mixtour.mixtour.ai.tools.arena import opening, play_game
from mixtour.mixtour.game import Game
from mixtour.mixtour.record import from_record, to_record
from mixtour.mixtour.svg import headline

WEB_PY = Path(__file__).resolve().parent.parent / "web" / "py"
if str(WEB_PY) not in sys.path:
    sys.path.insert(0, str(WEB_PY))

from bridge import Bridge  # noqa: E402

# The board's data-status values and the G1 result tokens, as the page's
# test contract and mixtour/RULES.md (G1) spell them.
TWO_PLAYERS = [
    ("playing", "*"),
    ("w-wins", "1-0"),
    ("r-wins", "0-1"),
    ("draw-passes", "1/2-1/2"),
    ("draw-repetition", "1/2-1/2"),
]
THREE_PLAYERS = [
    ("playing", "*"),
    ("w-wins", "1-0-0"),
    ("r-wins", "0-1-0"),
    ("b-wins", "0-0-1"),
    ("draw-passes", "1/3-1/3-1/3"),
    ("draw-repetition", "1/3-1/3-1/3"),
]


@pytest.mark.parametrize(("players", "expected"), [(2, TWO_PLAYERS), (3, THREE_PLAYERS)])
def test_outcome_codes_are_the_public_status_words(
    players: int, expected: list[tuple[str, str]]
) -> None:
    outcomes = Outcome.all(players)
    assert [(o.code, o.score_text) for o in outcomes] == expected
    assert [o.is_over for o in outcomes] == [False] + [True] * (len(expected) - 1)
    assert [o.status for o in outcomes] == [code for code, _ in expected]


@pytest.mark.parametrize(
    ("ending", "winner", "players"),
    [
        (Status.WIN, None, 2),  # a win needs a winner
        (Status.PLAYING, 0, 2),  # a game in progress has none
        (Status.DRAW_PASSES, 1, 2),
        (Status.WIN, 2, 2),  # Blue plays only with three
        (7, None, 2),  # no such status
        (Status.PLAYING, None, 4),
    ],
)
def test_outcome_refuses_impossible_combinations(
    ending: int, winner: int | None, players: int
) -> None:
    with pytest.raises(ValueError):
        Outcome(ending, winner, players)


def test_r8_position_string_with_a_winner_has_that_outcome() -> None:
    # Red has reached the target of 2: the game is over, whoever is to move.
    pos = Position("5/5/5/5/5 w 15/15/15 0/2/0 2 -")
    assert pos.outcome == Outcome(Status.WIN, 1, 3)
    assert pos.outcome.code == "r-wins"


def _finished_games(players: int, count: int, seed: int) -> list[Game]:
    """Random games played to their end (short reserves end them sooner)."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        game = Game.new(players, discs=5 if players == 2 else 6)
        while not game.result.is_over and game.ply < 400:
            game.play(rng.choice(game.legal_actions()))
        games.append(game)
    return games


def test_every_output_agrees_with_the_outcome_of_finished_games() -> None:
    codes: set[str] = set()
    for players in (2, 3):
        for game in _finished_games(players, 60, seed=players):
            outcome = game.position.outcome
            codes.add(outcome.code)
            assert game.result == outcome
            view = json.loads(Bridge(game).state())
            assert view["status"] == outcome.code
            assert view["over"] is outcome.is_over
            assert view["scoreText"] == outcome.score_text
            assert view["result"] == (outcome.describe() if outcome.is_over else "")
            winner = view["winner"]
            assert (winner is None) == (outcome.winner is None)
            if outcome.winner is not None:
                assert view["status"] == f"{winner}-wins"
                assert headline(game.position).endswith(" wins")
            record = to_record(game)
            assert f'[Result "{outcome.score_text}"]' in record
            assert record.rstrip().endswith(outcome.score_text)
            assert from_record(record).result == outcome
    # The games reach wins for several colours and at least one kind of draw.
    assert {"w-wins", "r-wins", "b-wins"} <= codes
    assert codes & {"draw-passes", "draw-repetition"}


# The arena's report words (python -m mixtour arena prints them per game).
ARENA_WORDS = {
    "w-wins": "w wins",
    "r-wins": "r wins",
    "b-wins": "b wins",
    "draw-passes": "draw by passes",
    "draw-repetition": "draw by repetition",
    "playing": "draw by length",  # stopped at the arena's length limit
}


@pytest.mark.parametrize("players", [2, 3])
def test_arena_reports_the_outcome_of_each_game(players: int) -> None:
    seen = set()
    for index in range(24):
        job = (index, "random", "random", None, None, 5, players, 5, 1, True)
        result = play_game(job)
        pos = opening(index // players, 5, players, 5, 1)
        for text in result.moves.split():
            pos.push(Action.parse(text).code)
        outcome = pos.outcome
        seen.add(outcome.code)
        assert result.reason == ARENA_WORDS[outcome.code]
        expected = 0.5 if outcome.winner is None else float(outcome.winner == index % players)
        assert result.score == expected
    assert len(seen) >= 2


def test_the_pages_word_every_outcome_code_in_every_language() -> None:
    # The page shows data-status through i18n ids made from the code.
    web = Path(__file__).resolve().parent.parent / "web" / "js"
    for table in (web / "i18n.js", web / "lang" / "fr.js", web / "lang" / "de.js"):
        text = table.read_text(encoding="utf-8")
        for outcome in Outcome.all(3)[1:]:
            for prefix in ("result", "embed"):
                assert f'"{prefix}.{outcome.code}"' in text, (table.name, outcome.code)
