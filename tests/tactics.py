"""The immediate tactics every game's computer player must get right, written
once over a game's suite (tests/test_ai_tactics.py for Mixtour,
tests/test_tor_ai_tactics.py for Tor).

A suite holds *wins* (the mover can win at once and must) and *defences*
(the mover cannot, some actions hand the opponent a win at once, the AI
must pick one of the others); the right answers are computed by pushing
every action, never hard-coded. What counts as safe is the game's
(:attr:`Suite.safe_moves`): Mixtour's three-player games read it
paranoidly. :func:`immediate_tests` gives the four tests by name,
parametrized over the suite's positions and the levels, for a test module
to take as its own (``globals().update(immediate_tests(SUITE))``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pytest

LEVELS = [3, 4, 5, 6]


class Pos(Protocol):
    """What the tactics read of a game's position."""

    turn: int

    def legal_actions(self) -> list[int]: ...
    def push(self, action: int) -> None: ...
    def pop(self) -> int: ...
    def fen(self) -> str: ...

    @property
    def outcome(self) -> Any: ...


def winning_moves(pos: Pos) -> set[int]:
    """Actions after which the mover has won."""
    me = pos.turn
    out = set()
    for m in pos.legal_actions():
        pos.push(m)
        if pos.outcome.winner == me:
            out.add(m)
        pos.pop()
    return out


@dataclass(frozen=True)
class Suite:
    """A game's tactics: its positions' texts, how to read one, what is safe,
    its player's entry point and its actions' text."""

    wins: Sequence[str]
    defences: Sequence[str]
    position: Callable[[str], Any]
    safe_moves: Callable[[Any], set[int]]
    choose_move: Callable[..., Any]
    action_text: Callable[[int], str]

    def search(self, fen: str, level: int, seed: int) -> int:
        pos = self.position(fen)
        # Master plays on the clock; in a test it gets a node budget instead.
        nodes = 4000 if level == 6 else None
        result = self.choose_move(pos, level=level, seed=seed, nodes=nodes)
        assert pos.fen() == fen, "the search must leave the position as it found it"
        move: int = result.move
        return move


def immediate_tests(suite: Suite) -> dict[str, Callable[..., None]]:
    """The four tests of a suite: each win is one and each defence needs one,
    and at every level of :data:`LEVELS` the AI plays a win and never leaves
    one to the opponent."""

    @pytest.mark.parametrize("fen", suite.wins)
    def test_win_position_is_a_win(fen: str) -> None:
        pos = suite.position(fen)
        wins = winning_moves(pos)
        assert wins, "the mover must have a winning action"
        assert len(wins) < len(pos.legal_actions())

    @pytest.mark.parametrize("fen", suite.defences)
    def test_defence_position_needs_a_defence(fen: str) -> None:
        pos = suite.position(fen)
        assert not winning_moves(pos), "a defence position has no immediate win"
        safe = suite.safe_moves(pos)
        assert safe, "some action must avoid an immediate loss"
        assert len(safe) < len(pos.legal_actions()), "some action must lose at once"

    @pytest.mark.parametrize("level", LEVELS)
    @pytest.mark.parametrize("fen", suite.wins)
    def test_ai_plays_the_immediate_win(fen: str, level: int) -> None:
        wins = winning_moves(suite.position(fen))
        for seed in (1, 2):
            move = suite.search(fen, level, seed)
            assert move in wins, f"level {level} played {suite.action_text(move)}"

    @pytest.mark.parametrize("level", LEVELS)
    @pytest.mark.parametrize("fen", suite.defences)
    def test_ai_never_leaves_an_immediate_win(fen: str, level: int) -> None:
        safe = suite.safe_moves(suite.position(fen))
        move = suite.search(fen, level, seed=level)
        assert move in safe, f"level {level} played {suite.action_text(move)}, which loses at once"

    tests: list[Callable[..., None]] = [
        test_win_position_is_a_win,
        test_defence_position_needs_a_defence,
        test_ai_plays_the_immediate_win,
        test_ai_never_leaves_an_immediate_win,
    ]
    return {test.__name__: test for test in tests}
