"""Mixtour's hooks on the kit's search (mixtour/mixtour/ai/search.py): what they
tell the search agrees with the rules and Mixtour's own helpers, on
positions from seeded random games of every kind."""

from __future__ import annotations

import random

import pytest

from mixtour.kit.search import MUST_PARRY, UNQUIET, WIN_NOW
from mixtour.kit.search import immediate_win as any_immediate_win
from mixtour.mixtour.ai.evaluate import (
    DEFAULT_WEIGHTS,
    TUNED_POINTS_WEIGHTS,
    TUNED_THREE_WEIGHTS,
    Evaluator,
    Weights,
    scoring_colors,
    scoring_moves,
)
from mixtour.mixtour.ai.search import MAX_CODE, immediate_win, mixtour_rules
from mixtour.mixtour.core import InvalidPositionError, Position, Status

STARTS = (
    "5/5/5/5/5 w 20/20 0/0 1 -",
    "5/5/5/5/5 w 20/20 0/0 3 -",
    "5/5/5/5/5 w 15/15/15 0/0/0 1 -",
    "5/5/5/5/5 w 15/15/15 0/0/0 2 -",
)


def positions(start: str, games: int = 8, seed: int = 7) -> list[Position]:
    rng = random.Random(seed)
    out: list[Position] = []
    for _ in range(games):
        pos = Position(start)
        while pos.legal_actions() and pos.ply < 80:
            pos.push(rng.choice(pos.legal_actions()))
            if not pos.status:
                out.append(pos.copy())
    return out


def expected_flags(pos: Position) -> int:
    """The flags, from scoring_colors and the scores, as the rules say them."""
    mask = scoring_colors(pos)
    turn, need = pos.turn, pos.target - 1
    flags = WIN_NOW if mask >> turn & 1 and pos.scores[turn] >= need else 0
    others = [c for c in range(pos.players) if c != turn and mask >> c & 1]
    if others:
        flags |= UNQUIET
    if any(pos.scores[c] >= need for c in others):
        flags |= MUST_PARRY
    return flags


@pytest.mark.parametrize("start", STARTS)
def test_the_tactics_hook_says_what_scoring_colors_and_the_scores_say(start: str) -> None:
    tested: set[int] = set()
    for pos in positions(start):
        rules = mixtour_rules(pos)
        assert rules.tactics is not None
        flags = rules.tactics(pos)
        assert flags == expected_flags(pos), pos.fen()
        tested.add(flags)
    assert 0 in tested and len(tested) >= 2, "the games reach quiet and tactical positions"


@pytest.mark.parametrize("start", STARTS)
def test_an_evaluators_survey_says_what_scoring_colors_says(start: str) -> None:
    # The searcher's hook reads the evaluation's counts in the same pass
    # (Evaluator.survey); the towers it finds are scoring_colors'.
    survey = Evaluator().survey
    rules = mixtour_rules(Position(start), survey)
    assert rules.tactics is not None
    seen: set[int] = set()
    for pos in positions(start):
        assert survey(pos) == scoring_colors(pos), pos.fen()
        assert rules.tactics(pos) == expected_flags(pos), pos.fen()
        seen.add(scoring_colors(pos))
    assert len(seen) >= 3, "the games reach towers of several colours"


def test_no_position_has_a_take_back_that_builds_a_tower() -> None:
    # The tower scans leave R5 aside: moving back the discs that just came
    # would build a tower only where the last action does not fit the
    # board, and P1 refuses such a position (here c1 holds 3 discs, a1 2:
    # three back onto a1 would make five).
    with pytest.raises(InvalidPositionError, match="last action"):
        Position("5/5/5/5/ww,1,rrr,2 w 18/17 0/0 1 a1:3-c1")


@pytest.mark.parametrize("weights", [DEFAULT_WEIGHTS, TUNED_POINTS_WEIGHTS, TUNED_THREE_WEIGHTS])
@pytest.mark.parametrize("start", STARTS)
def test_an_evaluation_after_a_survey_is_the_evaluation_of_that_position(
    start: str, weights: Weights
) -> None:
    # One evaluator kept through a game, surveying and evaluating as the
    # quiescence search does (and now and then evaluating unsurveyed, as a
    # search node's parent may), always scores as a fresh one.
    kept = Evaluator(weights)
    for i, pos in enumerate(positions(start, games=4)):
        fresh = Evaluator(weights).evaluate(pos, 0)
        if i % 3:
            kept.survey(pos)
        assert kept.evaluate(pos, 0) == fresh, pos.fen()
        assert kept.evaluate(pos, pos.turn) == Evaluator(weights).evaluate(pos, pos.turn)


@pytest.mark.parametrize("start", STARTS)
def test_win_now_is_set_exactly_when_the_mover_has_a_winning_action(start: str) -> None:
    for pos in positions(start, games=6):
        rules = mixtour_rules(pos)
        assert rules.tactics is not None and rules.wins_now is not None
        wins = any_immediate_win(pos) is not None
        assert bool(rules.tactics(pos) & WIN_NOW) == wins, pos.fen()
        assert rules.wins_now(pos) == wins and (immediate_win(pos) is not None) == wins


@pytest.mark.parametrize("start", STARTS)
def test_noisy_actions_are_the_legal_scoring_moves_above_target_one(start: str) -> None:
    for pos in positions(start, games=6):
        rules = mixtour_rules(pos)
        if pos.target == 1:
            assert rules.noisy_actions is None and rules.promising_actions is None
            continue
        assert rules.noisy_actions is not None and rules.promising_actions is not None
        legal = pos.legal_actions()
        scoring = scoring_moves(pos, pos.turn)
        assert rules.noisy_actions(pos, pos.turn) == [m for m in scoring if m in legal]
        assert rules.promising_actions(pos, pos.turn) == scoring
        for m in rules.noisy_actions(pos, pos.turn):
            before = list(pos.scores)
            pos.push(m)
            assert pos.status == Status.WIN or sum(pos.scores) == sum(before) + 1
            pos.pop()


def test_every_action_code_fits_the_history_table_and_only_moves_are_credited() -> None:
    rules = mixtour_rules(Position())
    for pos in positions(STARTS[2], games=3):
        assert all(0 <= m < rules.action_space for m in pos.legal_actions())
    assert rules.action_space == MAX_CODE and rules.history_from == 1024
