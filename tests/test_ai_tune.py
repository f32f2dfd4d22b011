"""The evaluation's tuning tools: the features behind the evaluation, the
seeded position generator, the logistic fit and the weights file.

Everything here is small and seeded: a few weak-level games, a fit over a
few hundred positions.  The real data set comes from ``python -m mixtour
tune-eval`` with its defaults (a long run, never part of the suite).
"""

from __future__ import annotations

import json
import math
import random
import subprocess
from pathlib import Path

import commandline
import pytest

from mixtour.mixtour.ai.evaluate import (
    DEFAULT_WEIGHTS,
    TUNED_POINTS_WEIGHTS,
    TUNED_THREE_WEIGHTS,
    TUNED_WEIGHTS,
    Evaluator,
    Weights,
)
from mixtour.mixtour.ai.player import choose_move
from mixtour.mixtour.ai.search import Searcher, immediate_win
from mixtour.mixtour.ai.tools.arena import make_player, opening
from mixtour.mixtour.ai.tools.frozen import EvaluatorV1
from mixtour.mixtour.ai.tools.tune import (
    FEATURES,
    FREE,
    FREE_POINTS,
    SCALE,
    Fit,
    Sample,
    features,
    fit_three_weights,
    fit_weights,
    generate,
    load_weights,
    log_loss,
    player_features,
    read_samples,
    save_weights,
    weight_vector,
    weights_from_vector,
    write_samples,
)
from mixtour.mixtour.core import Position

# The weights that make the labels of the fits' recovery tests.
TRUTH = Weights(
    height=(0, 30, 60, 90, 150),
    threat_win=(300, 700, 900),
    reserve=8,
    near_tower=40,
    far_tower=15,
    tempo=50,
)


def _positions(count: int, seed: int, target: int = 1, players: int = 2) -> list[Position]:
    """Positions of seeded random games."""
    rng = random.Random(seed)
    out: list[Position] = []
    i = 0
    while len(out) < count:
        pos = opening(i, seed, players, None, target)
        i += 1
        while not pos.status and len(out) < count:
            out.append(pos.copy())
            pos.push(rng.choice(pos.legal_actions()))
    return out


@pytest.mark.parametrize("target", [1, 3])
def test_evaluation_is_the_weighted_sum_of_the_features(target: int) -> None:
    rng = random.Random(target)
    for pos in _positions(300, 5, target):
        w = weights_from_vector([rng.randint(-900, 900) for _ in FEATURES])
        vec = weight_vector(w)
        for root in (0, 1):
            dot = sum(a * b for a, b in zip(vec, features(pos, root), strict=True))
            assert Evaluator(w).evaluate(pos, root) == dot, (pos.fen(), root)


def test_weights_round_trip_through_the_vector_and_the_file(tmp_path: Path) -> None:
    w = weights_from_vector(list(range(1, len(FEATURES) + 1)))
    assert weights_from_vector(weight_vector(w)) == w
    save_weights(tmp_path / "w.json", w)
    assert load_weights(tmp_path / "w.json") == w


@pytest.mark.parametrize(
    "text",
    ["not json", "[1, 2]", '{"height1": 1.5}', '{"height9": 3}', '{"tempo": true}'],
)
def test_a_broken_weights_file_is_refused_plainly(tmp_path: Path, text: str) -> None:
    path = tmp_path / "w.json"
    path.write_text(text)
    with pytest.raises(ValueError, match="w.json"):
        load_weights(path)


def test_default_evaluation_is_still_master_v1() -> None:
    # Today's play is unchanged until an arena run shows tuned weights stronger.
    v1 = EvaluatorV1()
    ev = Evaluator(DEFAULT_WEIGHTS)
    for pos in _positions(400, 9, 1) + _positions(200, 10, 3):
        for root in (0, 1):
            assert ev.evaluate(pos, root) == v1.evaluate(pos, root)


@pytest.mark.slow
def test_generator_is_seeded_and_keeps_quiet_positions_with_their_results() -> None:
    a = generate(3, seed=4, levels=(1, 2))
    assert a == generate(3, seed=4, levels=(1, 2))
    assert a == generate(3, seed=4, levels=(1, 2), jobs=2)  # the same, in parallel
    assert a != generate(3, seed=5, levels=(1, 2))
    assert {s.game for s in a} == {0, 1, 2}
    for s in a:
        pos = Position(s.fen)
        assert not pos.status and immediate_win(pos) is None
        assert s.result in (0.0, 0.5, 1.0)
    # within a decided game, the two players' positions carry opposite results
    first = [s for s in a if s.game == 0]
    movers = {Position(s.fen).turn: s.result for s in first}
    assert len(movers) == 2 and sum(movers.values()) == 1.0


def test_generator_can_label_by_a_deeper_search() -> None:
    samples = generate(1, seed=4, levels=(1,), label_depth=1)
    assert samples and all(0.0 <= s.result <= 1.0 for s in samples)
    assert any(0.0 < s.result < 1.0 and s.result != 0.5 for s in samples)


def test_samples_round_trip_through_the_file(tmp_path: Path) -> None:
    samples = generate(2, seed=6, levels=(1,))
    write_samples(tmp_path / "d.tsv", samples, "recipe")
    assert (tmp_path / "d.tsv").read_text().startswith("# recipe\n")
    assert read_samples(tmp_path / "d.tsv") == samples


def assert_recovered(fit: Fit[Weights]) -> None:
    """The fit found TRUTH's free weights, and left the others as they were."""
    got, vec = weight_vector(fit.weights), weight_vector(TRUTH)
    for name in ("height1", "height2", "height3", "height4", "tempo", "near_tower"):
        i = FEATURES.index(name)
        assert abs(got[i] - vec[i]) <= max(25, 0.35 * abs(vec[i])), (name, got[i], vec[i])
    assert fit.train_after < fit.train_before
    for name in set(FEATURES) - set(FREE):
        i = FEATURES.index(name)
        assert got[i] == weight_vector(DEFAULT_WEIGHTS)[i]


@pytest.mark.slow
def test_fit_recovers_the_weights_that_made_the_labels() -> None:
    # Labels drawn from a known logistic model: the fit must find its weights.
    vec = weight_vector(TRUTH)
    rng = random.Random(3)
    samples: list[Sample] = []
    for i, pos in enumerate(_positions(6000, 21, 1)):
        z = sum(a * b for a, b in zip(vec, features(pos, pos.turn), strict=True)) / SCALE
        y = 1.0 if rng.random() < 1 / (1 + math.exp(-z)) else 0.0
        samples.append(Sample(pos.fen(), y, i // 40))
    assert_recovered(fit_weights(samples, ridge=0.01))


@pytest.mark.slow
def test_fit_finds_the_same_weights_from_a_start_that_saturates_the_logistic() -> None:
    # The fit is convex: any start must reach the same weights.  A start
    # whose scores are far beyond the logistic's range (as the defaults'
    # are on games to three points) once sent Newton's full steps off to
    # millions; the steps are now halved while they make the fit worse.
    samples = generate(4, seed=3, levels=(2, 3), target=3)
    wild = weights_from_vector([4000] * len(FEATURES))
    calm = fit_weights(samples, free=FREE_POINTS, holdout=1_000_000)
    from_wild = fit_weights(samples, start=wild, free=FREE_POINTS, holdout=1_000_000)
    got, want = weight_vector(from_wild.weights), weight_vector(calm.weights)
    assert all(abs(a - b) <= 1 for a, b in zip(got, want, strict=True)), (got, want)
    assert from_wild.train_after < 1.0 and from_wild.train_before < 1.0


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return commandline.run(*args, timeout=300)


@pytest.mark.parametrize(("players", "levels"), [("2", "1,2"), ("3", "1")])
@pytest.mark.slow
def test_tune_command_regenerates_the_same_weights_from_a_tiny_seeded_set(
    tmp_path: Path, players: str, levels: str
) -> None:
    # Three-player games at level 2 take seconds each: level 1 only there.
    outs = []
    for run in ("a", "b"):
        proc = _run(
            "tune-eval",
            "--players",
            players,
            "--games",
            "6",
            "--levels",
            levels,
            "--seed",
            "2",
            "--data",
            str(tmp_path / f"{run}.tsv"),
            "--out",
            str(tmp_path / f"{run}.json"),
        )
        assert proc.returncode == 0, proc.stderr
        assert "held-out games" in proc.stdout
        outs.append(json.loads((tmp_path / f"{run}.json").read_text()))
    assert outs[0] == outs[1]
    assert (tmp_path / "a.tsv").read_text() == (tmp_path / "b.tsv").read_text()
    recipe = (tmp_path / "a.tsv").read_text().splitlines()[0]
    assert recipe.endswith("--players 3") == (players == "3"), recipe
    # refitting from the saved positions gives the same weights again
    proc = _run(
        "tune-eval",
        "--read-data",
        "--data",
        str(tmp_path / "a.tsv"),
        "--out",
        str(tmp_path / "c.json"),
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads((tmp_path / "c.json").read_text()) == outs[0]


def test_tune_command_refuses_a_broken_positions_file(tmp_path: Path) -> None:
    for text in ("# nothing\n", "1\tnot a game\tnot a position\n", "0.5\t0\tnonsense\n"):
        (tmp_path / "d.tsv").write_text(text)
        proc = _run("tune-eval", "--read-data", "--data", str(tmp_path / "d.tsv"))
        assert proc.returncode == 2, proc.stderr
        assert proc.stderr.startswith("mixtour: ") and len(proc.stderr.strip().splitlines()) == 1


def test_arena_plays_master_with_weights_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    save_weights(path, Weights(tempo=40))
    play = make_player(f"master@{path}", time_ms=None, depth=2)
    pos = Position(opening(0, 1, 2, None, 1).fen())
    assert play(pos, 1) in pos.legal_actions()
    path.write_text("{}x")
    proc = _run("arena", f"master@{path}", "depth2", "--games", "2", "--depth", "1")
    assert proc.returncode == 2 and proc.stderr.startswith("mixtour: ")
    assert "cannot read weights" in proc.stderr


# --------------------------------------------------------------------------
# The fitted weights Master plays with
# --------------------------------------------------------------------------


def weights_searched(pos: Position, level: int) -> Weights:
    """The weights the search of ``level`` evaluates ``pos`` with."""
    seen: list[Weights] = []

    def look(s: Searcher) -> None:
        ev = s.evaluator
        assert isinstance(ev, Evaluator)
        seen.append(ev.weights)

    choose_move(pos, level=level, nodes=300, seed=1, configure=look)
    assert len(seen) == 1
    return seen[0]


def test_master_plays_each_mode_with_the_weights_fitted_for_it() -> None:
    assert len({TUNED_WEIGHTS, TUNED_POINTS_WEIGHTS, TUNED_THREE_WEIGHTS, DEFAULT_WEIGHTS}) == 4
    # Past the opening book, in each mode.
    middle = "5/1,wr,2,rww/5/2,w,1,r/1,rr,1,w,1 w 15/15 0/0 1 c4-b4"
    assert weights_searched(Position(middle), 6) == TUNED_WEIGHTS
    # The other levels keep the weights their ladder was measured with ...
    for level in range(1, 6):
        assert weights_searched(Position(middle), level) == DEFAULT_WEIGHTS
        assert weights_searched(Position.start(target=3), level) == DEFAULT_WEIGHTS
    # ... Master plays games to more than one point with the weights fitted
    # to such games ...
    for target in (2, 3, 5):
        assert weights_searched(Position.start(target=target), 6) == TUNED_POINTS_WEIGHTS
    # ... and three-player games with the weights fitted to those to one
    # point, whatever the target (they measured stronger to two points too).
    for target in (1, 2, 3):
        three = Position.start(players=3, target=target)
        assert weights_searched(three, 6) == TUNED_THREE_WEIGHTS
    assert weights_searched(Position.start(players=3), 5) == DEFAULT_WEIGHTS
    # An evaluator given still wins over the level's.
    mine = Evaluator(Weights(tempo=7))
    seen: list[object] = []
    choose_move(
        Position(middle),
        level=6,
        nodes=300,
        seed=1,
        evaluator=mine,
        configure=lambda s: seen.append(s.evaluator),
    )
    assert seen == [mine]


@pytest.mark.slow
def test_the_fitted_weights_predict_unseen_games_better_than_the_defaults() -> None:
    # Games of another seed than the fit's: the fitted weights must predict
    # their results better than the defaults do even at their best scale
    # (levels 1-5 are node-budgeted: the games are the same on every machine).
    samples = generate(10, seed=2027, levels=(2, 3, 4))
    assert len(samples) > 150
    fitted = log_loss(samples, TUNED_WEIGHTS)
    default = log_loss(samples, DEFAULT_WEIGHTS, rescale=True)
    assert fitted < default, (fitted, default)


@pytest.mark.slow
def test_the_points_weights_predict_unseen_games_to_three_points_better() -> None:
    # As above, for the weights fitted to games to three points: on games of
    # another seed they beat the defaults and the one-point weights (whose
    # points and threats of a point are the hand-set ones), both at their
    # best scale.
    samples = generate(6, seed=2027, levels=(2, 3, 4), target=3)
    assert len(samples) > 150
    fitted = log_loss(samples, TUNED_POINTS_WEIGHTS)
    assert fitted < log_loss(samples, DEFAULT_WEIGHTS, rescale=True)
    assert fitted < log_loss(samples, TUNED_WEIGHTS, rescale=True)


@pytest.mark.slow
def test_log_loss_is_that_of_the_fit() -> None:
    samples = generate(4, seed=5, levels=(2, 3))
    fit = fit_weights(samples, holdout=1_000_000)  # nothing held out
    assert math.isclose(log_loss(samples, DEFAULT_WEIGHTS, rescale=True), fit.train_before)
    assert math.isclose(log_loss(samples, fit.weights), fit.train_after)
    assert math.isnan(log_loss([], DEFAULT_WEIGHTS))


# -- three players ------------------------------------------------------------------


def test_each_players_value_is_the_weighted_sum_of_their_features() -> None:
    rng = random.Random(8)
    for _ in range(3):
        w = weights_from_vector([rng.randrange(-300, 300) for _ in FEATURES])
        vec = weight_vector(w)
        ev = Evaluator(w)
        for target in (1, 3):
            for pos in _positions(150, 12 + target, target, players=3):
                values = [
                    sum(a * b for a, b in zip(vec, x, strict=True)) for x in player_features(pos)
                ]
                for root in range(3):
                    others = max(v for c, v in enumerate(values) if c != root)
                    assert ev.evaluate(pos, root) == values[root] - others, pos.fen()


def test_the_three_player_generator_labels_each_position_with_the_winner(tmp_path: Path) -> None:
    a = generate(2, seed=4, levels=(1,), players=3)
    assert a == generate(2, seed=4, levels=(1,), players=3, jobs=2)
    assert {s.game for s in a} == {0, 1}
    for game in (0, 1):
        rows = [s for s in a if s.game == game]
        winners = {s.winner for s in rows}
        assert len(winners) == 1
        (winner,) = winners
        for s in rows:
            pos = Position(s.fen)
            assert pos.players == 3 and not pos.status
            assert s.result == (1.0 if pos.turn == winner else 0.0 if winner >= 0 else 1 / 3)
    write_samples(tmp_path / "three.tsv", a, "recipe")
    assert read_samples(tmp_path / "three.tsv") == a
    with pytest.raises(ValueError, match="winner"):
        generate(1, seed=4, levels=(1,), players=3, label_depth=1)


@pytest.mark.slow
def test_the_three_player_fit_recovers_the_weights_that_made_the_winners() -> None:
    # Winners drawn from a known multinomial model: the fit must find its weights.
    vec = weight_vector(TRUTH)
    rng = random.Random(5)
    samples: list[Sample] = []
    for i, pos in enumerate(_positions(5000, 23, 1, players=3)):
        zs = [sum(a * b for a, b in zip(vec, x, strict=True)) / SCALE for x in player_features(pos)]
        top = max(zs)
        es = [math.exp(z - top) for z in zs]
        pick = rng.random() * sum(es)
        winner = 0 if pick < es[0] else 1 if pick < es[0] + es[1] else 2
        samples.append(Sample(pos.fen(), 1.0 if winner == pos.turn else 0.0, i // 40, winner))
    fit = fit_three_weights(samples, ridge=0.01)
    assert_recovered(fit)
    assert fit.test_after < fit.test_before
    # the loss of the fit is the one log_loss measures
    assert math.isclose(
        log_loss(samples, fit.weights),
        (fit.train_after * (fit.positions - fit.held_out) + fit.test_after * fit.held_out)
        / fit.positions,
    )
