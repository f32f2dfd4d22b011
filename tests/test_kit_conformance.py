"""Every registered game against the kit's contract, as OpenSpiel's
games_sim_test does: seeded random games, to their end or a ply cap, checked
at every ply through the game-neutral ``Game`` and position protocol only.
A new game is covered by registering it in ``mixtour/kit/games.py``.

At every ply: push then pop of every legal action restores the position
(its text, hash, status and repetitions) and pop returns the action; the
position's text reads back to itself; ``copy()`` has the same text and hash;
the outcome is set exactly when no legal action remains, and agrees with
``status`` and ``winner``; ``why_not`` is None for every legal action and
not None for actions legal elsewhere in the game but not here; every legal
action's text reads back to it.  At the end: ``Game.result`` is the
position's outcome, undo and redo walk the whole game back and forth, and
the record replays to the same position.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from mixtour.kit.game import Game
from mixtour.kit.games import GAMES, game_rules

SEEDS = list(range(1, 9))
PLY_CAP = 120

AnyGame = Game[Any, Any, Any, Any]


def check_push_pop(pos: Any, legal: list[int]) -> None:
    before = (pos.fen(), pos.hash, pos.status, pos.repetitions(), pos.turn)
    for a in legal:
        pos.push(a)
        assert pos.pop() == a
        after = (pos.fen(), pos.hash, pos.status, pos.repetitions(), pos.turn)
        assert after == before, f"push then pop of {a} changed {before} to {after}"


def check_texts(game_class: type[AnyGame], pos: Any) -> None:
    fen = pos.fen()
    assert game_class.position_class(fen).fen() == fen
    twin = pos.copy()
    assert twin.fen() == fen and twin.hash == pos.hash
    assert game_class.position_class(fen).hash == pos.hash, "the text read back hashes alike"


def check_outcome(pos: Any, legal: list[int]) -> None:
    over = pos.outcome.is_over
    assert over == (not legal), f"over={over} with {len(legal)} legal actions"
    assert over == (pos.status != 0)
    assert pos.outcome.winner == pos.winner
    assert pos.winner is None or over


def check_actions(game: AnyGame, legal: list[int], elsewhere: set[int]) -> None:
    action_class = type(game).action_class
    for a in legal:
        value = action_class(a)
        assert action_class.parse(str(value)) == value, a
        assert game.why_not(a) is None and game.position.explain(a) is None, str(value)
    for a in sorted(elsewhere - set(legal))[:40]:
        assert game.why_not(a) is not None, f"{action_class(a)} is not legal here"
        assert game.position.explain(a) is not None


def play_random(game_class: type[AnyGame], seed: int) -> AnyGame:
    rng = random.Random(seed)
    game = game_class()
    elsewhere: set[int] = set()
    while True:
        pos = game.position
        legal = pos.legal_actions()
        assert [a.code for a in game.legal_actions()] == legal
        check_push_pop(pos, legal)
        check_texts(game_class, pos)
        check_outcome(pos, legal)
        check_actions(game, legal, elsewhere)
        elsewhere.update(legal)
        if not legal or game.ply >= PLY_CAP:
            return game
        game.play(rng.choice(game.legal_actions()))


def check_undo_redo(game: AnyGame) -> None:
    game_class = type(game)
    end, record, ply = game.fen(), game.record(), game.ply
    assert [str(a) for a in game.actions()] == record and len(record) == ply
    assert game_class(game.start, record).fen() == end
    assert game.result == game.position.outcome
    last = game.undo() if ply else None
    assert last is None or (str(last) == record[-1] and game.redo() == last)
    game.goto(0)
    assert game.fen() == game_class(game.start).fen() and not game.can_undo
    assert [str(a) for a in game.future()] == record
    assert game.record(with_future=True) == record
    game.goto(ply)
    assert game.fen() == end and game.record() == record and not game.can_redo


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", GAMES)
def test_random_games_keep_the_kits_contract(name: str, seed: int) -> None:
    game_class = game_rules(name)
    assert game_class.name == name
    game = play_random(game_class, seed)
    check_undo_redo(game)
