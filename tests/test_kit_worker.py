"""The game-neutral AI worker (web/py/ai_worker.py) and the kit's list of
games (mixtour/kit/games.py), under CPython.

The worker finds the game a request names in the kit; for Mixtour (named or
left out) it must answer exactly as Mixtour's own player does.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from mixtour.kit.games import GAMES, UnknownGameError, game_ai, game_rules
from mixtour.kit.levels import Level
from mixtour.mixtour.ai.levels import LEVELS as MIXTOUR_LEVELS
from mixtour.mixtour.ai.player import choose_move
from mixtour.mixtour.core import Action
from mixtour.mixtour.game import Game
from mixtour.tor.ai.levels import LEVELS as TOR_LEVELS

WEB_PY = Path(__file__).resolve().parent.parent / "web" / "py"
if str(WEB_PY) not in sys.path:
    sys.path.insert(0, str(WEB_PY))

import ai_worker  # noqa: E402

START = "5/5/5/5/5 w 20/20 0/0 1 -"
THREE = "5/5/5/5/5 w 15/15/15 0/0/0 1 -"
# Times depend on the machine; everything else of an answer must not.
TIMED = ("time_ms", "nps")
LEVELS: dict[str, dict[int, Level]] = {"mixtour": dict(MIXTOUR_LEVELS), "tor": dict(TOR_LEVELS)}


def answer(request: dict[str, Any]) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(ai_worker.think_now(json.dumps(request)))
    return {k: v for k, v in reply.items() if k not in TIMED}


def mixtour_answer(start: str, actions: list[str], level: int, seed: int) -> dict[str, Any]:
    """What Mixtour's player says, written as the worker has always written it."""
    result = choose_move(Game(start, actions).position, level=level, seed=seed)
    return {
        "id": 3,
        "move": result.text,
        "action": Action(result.move).as_dict(),
        "score": result.score,
        "depth": result.depth,
        "nodes": result.nodes,
        "pv": [str(Action(code)) for code in result.pv],
        "level": level,
        "cancelled": False,
    }


@pytest.mark.parametrize(
    ("start", "actions", "level"),
    [
        (START, [], 2),
        (START, ["c3", "b2", "c2", "b3"], 3),
        (START, ["c3", "b2", "c2", "b3", "b2-c2", "d4"], 4),
        ("5/5/5/5/5 w 20/20 0/0 3 -", ["c3", "c4", "b3", "b4"], 3),
        (THREE, ["c3", "b2", "d4", "c2"], 3),
    ],
)
def test_the_worker_answers_for_mixtour_as_mixtours_player_does(
    start: str, actions: list[str], level: int
) -> None:
    expected = mixtour_answer(start, actions, level, seed=5)
    request = {"id": 3, "start": start, "actions": actions, "level": level, "seed": 5}
    assert answer(request) == expected
    assert answer({**request, "game": "mixtour"}) == expected


def test_the_worker_reads_a_position_string_of_the_game_named() -> None:
    fen = "5/5/rrw,1,ww,2/5/5 w 17/18 0/0 1 -"
    reply = answer({"id": 1, "game": "mixtour", "fen": fen, "level": 3, "seed": 1})
    assert reply["move"] == "a3:3-c3" and reply["pv"] == ["a3:3-c3"]
    assert reply["action"] == Action.parse("a3:3-c3").as_dict()


def test_a_request_for_a_game_the_collection_lacks_is_refused_by_name() -> None:
    with pytest.raises(UnknownGameError, match="no game is called 'chess': the games are mixtour"):
        ai_worker.think_now(json.dumps({"id": 1, "game": "chess", "fen": START}))


def test_every_listed_game_has_an_entry_that_plays_its_own_start() -> None:
    assert "mixtour" in GAMES
    assert game_ai("mixtour").start == START
    for name in GAMES:
        ai = game_ai(name)
        assert ai.name == name and ai.levels
        pos = ai.read(ai.start)
        result = ai.choose(pos, level=min(ai.levels), seed=1)
        texts = [ai.action_text(m) for m in pos.legal_actions()]
        assert ai.action_text(result.move) in texts and len(set(texts)) == len(texts)


@pytest.mark.parametrize("name", GAMES)
def test_an_entry_made_from_its_game_class_and_levels(name: str) -> None:
    """``GameAI.of``: the start, the reading, the replay and the clocks come
    from the game's ``Game`` class and its levels, for every game."""
    entry = game_ai(name)
    rules = game_rules(name)
    assert entry.name == name
    assert entry.start == rules.standard_start
    assert entry.read(entry.start).fen() == rules().fen()
    levels = LEVELS[name]
    assert dict(entry.levels) == {n: level.time_ms for n, level in levels.items()}
    game = rules()
    for _ in range(6):
        game.play(game.legal_actions()[len(game.actions()) % len(game.legal_actions())])
    played = game.record()
    replayed = entry.replay(entry.start, played)
    assert replayed.fen() == game.fen()
    assert [entry.action_text(a) for a in replayed.history()] == played
