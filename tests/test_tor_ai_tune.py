"""Tor's evaluation fitted to self-play (mixtour/tor/ai/tools/tune.py, on the
kit's fit, mixtour/kit/fit.py): the features are the evaluation, the
positions replay from their seed, the fit finds weights that made the
labels, and the command writes weights that read back."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from mixtour.kit.fit import Sample, read_samples, write_samples
from mixtour.tor.ai.evaluate import SCALE, TUNED_WEIGHTS, WEIGHTS, WEIGHTS_V1, Evaluator
from mixtour.tor.ai.levels import LEVELS
from mixtour.tor.ai.player import choose_move
from mixtour.tor.ai.tactics import winning_action
from mixtour.tor.ai.tools.arena import make_player, opening
from mixtour.tor.ai.tools.tune import (
    FEATURES,
    FREE,
    features,
    fit_weights,
    generate,
    load_weights,
    log_loss,
    save_weights,
    weight_vector,
    weights_from_vector,
)
from mixtour.tor.core import Position

ROOT = Path(__file__).resolve().parent.parent


def _positions(count: int, seed: int) -> list[Position]:
    """Positions of seeded random games, from their openings to their ends."""
    rng = random.Random(seed)
    out: list[Position] = []
    game = 0
    while len(out) < count:
        pos = opening(game, seed)
        game += 1
        while not pos.status and len(out) < count:
            out.append(pos.copy())
            pos.push(rng.choice(pos.legal_actions()))
    return out


def test_evaluation_is_the_weighted_sum_of_the_features() -> None:
    rng = random.Random(3)
    for pos in _positions(400, 5):
        w = weights_from_vector([rng.randint(-500, 500) for _ in FEATURES])
        vec = weight_vector(w)
        for root in (0, 1):
            dot = sum(a * b for a, b in zip(vec, features(pos, root), strict=True))
            assert Evaluator(w).evaluate(pos, root) == dot, (pos.fen(), root)


def test_an_unknown_weight_is_refused() -> None:
    with pytest.raises(ValueError, match="stepz3"):
        Evaluator({"stepz3": 1})


def test_weights_round_trip_through_the_vector_and_the_file(tmp_path: Path) -> None:
    w = weights_from_vector(list(range(1, len(FEATURES) + 1)))
    assert weights_from_vector(weight_vector(w)) == w
    save_weights(tmp_path / "w.json", w)
    assert load_weights(tmp_path / "w.json") == w


@pytest.mark.parametrize("text", ["not json", "[1, 2]", '{"room": 1.5}', '{"steps99": 3}'])
def test_a_broken_weights_file_is_refused_plainly(tmp_path: Path, text: str) -> None:
    path = tmp_path / "w.json"
    path.write_text(text)
    with pytest.raises(ValueError, match="w.json"):
        load_weights(path)


def test_generator_is_seeded_and_keeps_positions_with_a_choice_and_their_results() -> None:
    a = generate(4, seed=4, levels=(1, 2))
    assert a == generate(4, seed=4, levels=(1, 2))
    assert a == generate(4, seed=4, levels=(1, 2), jobs=2)  # the same, in parallel
    assert a != generate(4, seed=5, levels=(1, 2))
    assert {s.game for s in a} == {0, 1, 2, 3}
    for s in a:
        pos = Position(s.fen)
        assert not pos.status and len(pos.legal_actions()) > 1
        assert winning_action(pos) is None
        assert s.result in (0.0, 0.5, 1.0)
    # within a decided game, the two players' positions carry opposite results
    movers = {Position(s.fen).turn: s.result for s in a if s.game == 0}
    assert len(movers) == 2 and sum(movers.values()) == 1.0


def test_generator_refuses_a_level_on_the_clock() -> None:
    with pytest.raises(ValueError, match="node budgets"):
        generate(1, seed=1, levels=(2, 6))


@pytest.mark.slow
def test_the_fit_finds_the_weights_that_made_the_labels() -> None:
    # Labels drawn from the logistic of planted weights' scores: the fit must
    # find the planted values again (and leave a weight it may not change).
    truth = dict(WEIGHTS_V1, hemmed=120, room=20, tempo=60)
    rng = random.Random(11)
    samples = []
    for i, pos in enumerate(_positions(4000, 12)):
        if len(pos.legal_actions()) < 2:
            continue
        p = 1 / (1 + math.exp(-Evaluator(truth).evaluate(pos, pos.turn) / SCALE))
        samples.append(Sample(pos.fen(), 1.0 if rng.random() < p else 0.0, i // 40))
    fit = fit_weights(samples, free=("hemmed", "room", "tempo"), ridge=0.1)
    for name in ("hemmed", "room", "tempo"):
        assert abs(fit.weights[name] - truth[name]) <= 0.35 * truth[name], (name, fit.weights)
    assert fit.weights["steps3"] == WEIGHTS["steps3"]
    assert fit.train_after < fit.train_before
    assert log_loss(samples, fit.weights) < log_loss(samples, WEIGHTS_V1 | {"room": 0})


def test_the_rare_end_of_the_steps_table_stays_as_written() -> None:
    # Eleven steps or more are seen in under one position in a hundred: too
    # few for the fit, whose ridge would pull them towards nothing.
    assert set(FEATURES) - set(FREE) == {f"steps{n}" for n in range(11, 17)}


def test_master_v1_and_master_at_a_file_play_their_weights(tmp_path: Path) -> None:
    pos = opening(0, 3)
    assert pos.is_legal(make_player("master-v1", time_ms=50)(pos, 1))
    # A file whose weights see only the move: Master then plays as if blind,
    # the first legal action its search keeps; with today's weights it differs.
    blind = {name: 0 for name in FEATURES} | {"tempo": 1}
    save_weights(tmp_path / "blind.json", blind)
    player = make_player(f"master@{tmp_path / 'blind.json'}", time_ms=30)
    with_file = [player(opening(i, 3), 1) for i in range(4)]
    today = [make_player("master-v1", time_ms=30)(opening(i, 3), 1) for i in range(4)]
    assert all(opening(i, 3).is_legal(a) for i, a in enumerate(with_file))
    assert with_file != today


def test_an_arena_player_with_a_broken_weights_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "w.json").write_text("[1]")
    command = [sys.executable, "-m", "mixtour", "tor", "arena", f"master@{tmp_path}/w.json", "1"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "expected an object of weights" in done.stderr


def test_the_command_fits_writes_and_reads_back(tmp_path: Path) -> None:
    data, out = tmp_path / "d.tsv", tmp_path / "w.json"
    command = [sys.executable, "-m", "mixtour", "tor", "tune-eval", "--games", "5"]
    command += ["--levels", "1,2", "--seed", "2", "--data", str(data), "--out", str(out), "-q"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "held-out games" in done.stdout
    assert data.read_text().startswith("# tor tune-eval --games 5 --seed 2 --levels 1,2\n")
    assert read_samples(data) == generate(5, seed=2, levels=(1, 2))
    fitted = load_weights(out)
    again = [sys.executable, "-m", "mixtour", "tor", "tune-eval", "--data", str(data)]
    again += ["--read-data", "--out", str(tmp_path / "again.json")]
    done = subprocess.run(again, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert load_weights(tmp_path / "again.json") == fitted


def test_samples_round_trip_through_the_file(tmp_path: Path) -> None:
    samples = generate(2, seed=6, levels=(1,))
    write_samples(tmp_path / "d.tsv", samples, "recipe")
    assert read_samples(tmp_path / "d.tsv") == samples


def test_master_plays_the_fitted_weights_and_the_other_levels_those_written_by_hand() -> None:
    assert [n for n, lv in LEVELS.items() if lv.tuned] == [6]
    assert TUNED_WEIGHTS != WEIGHTS and set(TUNED_WEIGHTS) == set(WEIGHTS)
    differ = 0
    for pos in _positions(12, 9)[6:]:
        master = choose_move(pos.copy(), level=6, depth=1, seed=0)
        fitted = Evaluator(TUNED_WEIGHTS)
        tuned = choose_move(pos.copy(), level=6, depth=1, seed=0, evaluator=fitted)
        hand = choose_move(pos.copy(), level=6, depth=1, seed=0, evaluator=Evaluator())
        assert (master.move, master.score) == (tuned.move, tuned.score), pos.fen()
        differ += master.score != hand.score
        expert = choose_move(pos.copy(), level=5, depth=1, seed=0)
        by_hand = choose_move(pos.copy(), level=5, depth=1, seed=0, evaluator=Evaluator())
        assert (expert.move, expert.score) == (by_hand.move, by_hand.score), pos.fen()
    assert differ >= 3
