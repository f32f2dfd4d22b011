"""Tor's drawing-only reader (web/js/tor/position.js) agrees with the engine:
every position of seeded games (pawn drops, turns with and without a token
placed, doubles, holes, both sides to move) read and written back gives the
engine's own string (T7), and every action text the engine writes (T6) is
read as the engine means it. Malformed strings are refused by both."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from test_js_units import node_flags

from mixtour.tor.core import (
    NO_PLACE,
    InvalidPositionError,
    Position,
    parse_action,
    random_layout,
    start_fen,
)
from mixtour.tor.game import Game

AGREE = Path(__file__).resolve().parent / "js" / "tor_position_agree.mjs"


def ask(requests: list[dict[str, str]]) -> list[Any]:
    node = shutil.which("node")
    assert node, "node is needed to run web/js/tor/position.js"
    out = subprocess.run(
        [node, *node_flags(node), str(AGREE)],
        input=json.dumps(requests),
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
        timeout=120,
    )
    answers: list[Any] = json.loads(out.stdout)
    assert len(answers) == len(requests)
    return answers


@cache
def played() -> tuple[list[str], list[str]]:
    """The positions and actions of seeded random games, some on random layouts."""
    rng = random.Random(20261123)
    positions: list[str] = []
    actions: list[str] = []
    for n in range(30):
        game = Game(start_fen(random_layout(n)) if n % 3 else None)
        while not game.result.is_over and game.ply < 200:
            positions.append(game.fen())
            action = rng.choice(game.legal_texts())
            actions.append(action)
            game.play(action)
        positions.append(game.fen())
    return positions, actions


def test_every_position_of_seeded_games_is_written_back_as_the_engine_writes_it() -> None:
    positions, _ = played()
    assert any(" b " in p and p.endswith(("B", "R", "O", "Y")) for p in positions)
    assert any("." in p for p in positions) and any(c.islower() for p in positions for c in p[:60])
    assert ask([{"position": p} for p in positions]) == positions


def test_every_action_text_is_read_as_the_engine_means_it() -> None:
    _, actions = played()
    answers = ask([{"action": a} for a in actions])
    for text, answer in zip(actions, answers, strict=True):
        code = parse_action(text)
        if code < 48:
            assert answer == {"square": code}, text
        else:
            place = code & 63
            expected = {
                "from": code >> 12,
                "to": code >> 6 & 63,
                "place": None if place == NO_PLACE else place,
            }
            assert answer == expected, text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "OYOYOY/BRBRBR w -",
        "OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBRB w -",
        "OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR x -",
        "OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRZR w -",
        "OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRB.wBR w -",
    ],
)
def test_a_malformed_string_is_refused_by_both(text: str) -> None:
    with pytest.raises(InvalidPositionError):
        Position(text)
    assert ask([{"position": text}]) == [None]
