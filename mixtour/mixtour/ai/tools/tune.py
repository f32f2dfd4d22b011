"""Fitting the evaluation's weights to game results (Texel-style).

The recipe, all of it seeded and reproducible (``python -m mixtour
tune-eval``):

1. **Positions.**  :func:`generate` plays self-play games at mixed levels
   (each seat draws a level from ``levels``; levels 1-5 are node-budgeted,
   so a game replays exactly on every machine) from a seeded opening of 2 to
   6 random plies, and keeps every position after the opening except those
   where the mover can complete a winning tower at once (not quiet: the
   search plays such a win before evaluating anything).
2. **Labels.**  Each position is labelled with the game's result for the
   player to move (1, 1/2, 0), or, with ``label_depth``, with a deeper
   search's score turned into an expected result.
3. **Fit.**  :class:`~mixtour.mixtour.ai.evaluate.Evaluator` is linear in the
   counts it gathers (:func:`features`): the fit finds the weights ``w``
   that make ``1 / (1 + exp(-w·x / SCALE))`` predict the labels best
   (logistic regression, Newton's method with a small ridge, each step
   halved while it would make the fit worse, in plain
   Python), for the weights named in ``free``; the others keep their value.
   The result is rounded to whole centi-disc units.

With three players the evaluation takes the best of the two opponents,
which is not linear in the weights: :func:`fit_three_weights` fits each
player's own value instead, to predict which of the three wins.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Final

from ....kit import fit as kit
from ....kit.fit import Sample
from ...core import SOURCES, Position, Status
from ..evaluate import DEFAULT_WEIGHTS, SCALE, TOP, Weights
from ..player import choose_move
from ..search import WIN_BOUND, immediate_win

__all__ = [
    "FEATURES",
    "FREE",
    "FREE_POINTS",
    "SCALE",
    "Fit",
    "Sample",
    "features",
    "fit_three_weights",
    "fit_weights",
    "generate",
    "log_loss",
    "player_features",
    "load_weights",
    "read_samples",
    "save_weights",
    "weight_vector",
    "weights_from_vector",
    "write_samples",
]

MAX_PLIES: Final = 200

FEATURES: Final = (
    "height1",
    "height2",
    "height3",
    "height4",
    "threat_win1",
    "threat_win2",
    "threat_win3",
    "threat_point1",
    "threat_point2",
    "threat_point3",
    "own_threat",
    "reserve",
    "point",
    "near_tower",
    "far_tower",
    "tempo",
)

# What two-player, first-tower-wins games can teach: the rest (points,
# threats of a point, the mover's own threats) never occurs in quiet
# positions of such games.
FREE: Final = (
    "height1",
    "height2",
    "height3",
    "height4",
    "threat_win1",
    "threat_win2",
    "threat_win3",
    "reserve",
    "near_tower",
    "far_tower",
    "tempo",
)

# With a higher target, points and the threats of a point matter too.
FREE_POINTS: Final = (
    *FREE,
    "threat_point1",
    "threat_point2",
    "threat_point3",
    "own_threat",
    "point",
)

_INDEX: Final = {name: i for i, name in enumerate(FEATURES)}


def weight_vector(w: Weights) -> list[int]:
    """The weights in the order of :data:`FEATURES`."""
    return [
        *w.height[1:],
        *w.threat_win,
        *w.threat_point,
        w.own_threat,
        w.reserve,
        w.point,
        w.near_tower,
        w.far_tower,
        w.tempo,
    ]


def weights_from_vector(v: Sequence[int]) -> Weights:
    """The inverse of :func:`weight_vector`."""
    return Weights(
        height=(0, v[0], v[1], v[2], v[3]),
        threat_win=(v[4], v[5], v[6]),
        threat_point=(v[7], v[8], v[9]),
        own_threat=v[10],
        reserve=v[11],
        point=v[12],
        near_tower=v[13],
        far_tower=v[14],
        tempo=v[15],
    )


def player_features(pos: Position) -> list[list[int]]:
    """The counts behind each player's value in the evaluation, in the order
    of :data:`FEATURES`: ``Evaluator(w)`` values player ``c`` at the dot
    product of ``player_features(pos)[c]`` with ``weight_vector(w)`` (before
    it takes the opponents' values away)."""
    st = pos.stacks
    occ = pos.occupied
    players = pos.players
    x = [[0] * len(FEATURES) for _ in range(players)]
    threats = [0] * players
    near = [0] * players
    far = [0] * players
    b = occ
    while b:
        low = b & -b
        t = low.bit_length() - 1
        b ^= low
        recv = st[t]
        h = len(recv)
        x[TOP[recv]][h - 1] += 1
        short = 5 - h
        for need, bit, src in SOURCES[t * 5 + h]:
            if occ & need == bit:
                s = st[src]
                n = len(s)
                if n >= short:
                    threats[TOP[s]] += 1
                elif n == short - 1:
                    near[TOP[s]] += 1
                elif n == short - 2:
                    far[TOP[s]] += 1
    turn = pos.turn
    target = pos.target
    for c in range(players):
        xc = x[c]
        xc[_INDEX["reserve"]] = pos.reserves[c]
        xc[_INDEX["near_tower"]] = near[c]
        xc[_INDEX["far_tower"]] = far[c]
        if target > 1:
            xc[_INDEX["point"]] = pos.scores[c]
        n = threats[c]
        if n:
            if c == turn:
                xc[_INDEX["own_threat"]] = min(n, 3)
            else:
                table = "threat_win" if pos.scores[c] + 1 >= target else "threat_point"
                xc[_INDEX[f"{table}{min(n, 3)}"]] = 1
    x[turn][_INDEX["tempo"]] = 1
    return x


def features(pos: Position, root: int) -> list[int]:
    """The counts behind the evaluation of a two-player position, for
    ``root`` (root's minus the opponent's), in the order of
    :data:`FEATURES`: ``Evaluator(w).evaluate(pos, root)`` equals the dot
    product with ``weight_vector(w)``."""
    if pos.players != 2:
        raise ValueError("features are defined for two players only")
    mine, theirs = player_features(pos) if root == 0 else player_features(pos)[::-1]
    return [a - b for a, b in zip(mine, theirs, strict=True)]


# -- positions and labels -------------------------------------------------------


def generate(
    games: int,
    seed: int,
    levels: Sequence[int] = (1, 2, 3, 4),
    *,
    target: int = 1,
    label_depth: int | None = None,
    progress: Callable[[int], None] | None = None,
    jobs: int = 1,
    players: int = 2,
) -> list[Sample]:
    """Positions from ``games`` seeded self-play games (see the module doc);
    ``jobs`` games at a time in separate processes, with the same result."""
    if players == 3 and label_depth is not None:
        raise ValueError("three-player positions are labelled by the game's winner only")
    work = [(g, seed, tuple(levels), target, label_depth, players) for g in range(games)]
    return kit.gather(_one_game, work, jobs=jobs, progress=progress)


def _one_game(job: tuple[int, int, tuple[int, ...], int, int | None, int]) -> list[Sample]:
    g, seed, levels, target, label_depth, players = job
    rng = random.Random(seed * 1_000_003 + g)
    pos = Position.start(players, None, target)
    for _ in range(rng.randint(2, 6)):
        pos.push(rng.choice(pos.legal_actions()))
    seats = tuple(rng.choice(levels) for _ in range(players))
    kept: list[tuple[str, int]] = []
    while not pos.status and pos.ply < MAX_PLIES:
        if immediate_win(pos) is None:
            kept.append((pos.fen(), pos.turn))
        level = seats[pos.turn]
        pos.push(choose_move(pos, level=level, seed=rng.getrandbits(30)).move)
    out: list[Sample] = []
    won = pos.winner if pos.status == Status.WIN and pos.winner is not None else -1
    for fen, mover in kept:
        if label_depth is not None:
            result = _search_label(fen, label_depth)
        elif won >= 0:
            result = 1.0 if won == mover else 0.0
        else:
            result = 1 / players
        out.append(Sample(fen, result, g, won if players == 3 else -1))
    return out


def _search_label(fen: str, depth: int) -> float:
    """A depth-limited search's score as an expected result for the mover."""
    score = choose_move(Position(fen), depth=depth, seed=0).score
    if score >= WIN_BOUND:
        return 1.0
    if score <= -WIN_BOUND:
        return 0.0
    return 1 / (1 + math.exp(-score / SCALE))


def write_samples(path: Path, samples: Iterable[Sample], recipe: str) -> None:
    """:func:`mixtour.kit.fit.write_samples`; a three-player sample's line
    ends with ``<TAB>winner``."""
    samples = list(samples)
    three = bool(samples) and Position(samples[0].fen).players == 3
    kit.write_samples(path, samples, recipe, winners=three)


read_samples = kit.read_samples


# -- the fit ----------------------------------------------------------------------


Fit = kit.Fit


#: Mixtour's two-player evaluation as the kit's fit sees it.
MODEL: Final = kit.Linear(
    FEATURES,
    SCALE,
    DEFAULT_WEIGHTS,
    weight_vector,
    weights_from_vector,
    kit.mover_counts(Position, features),
    FREE,
)


fit_weights = MODEL.fit


# -- three players -----------------------------------------------------------------
#
# With three players the evaluation takes the best of the two opponents'
# values, which is not linear in the weights; the values themselves are.  So
# the fit asks each player's value to predict who wins: the chance that
# player c wins is exp(v_c) / (exp(v_0) + exp(v_1) + exp(v_2)), with v_c the
# player's value in log-odds units (a multinomial logit; with two players it
# is the logistic of the difference, as above).  A draw counts a third for
# each player.

ThreeRow = tuple[list[list[int]], list[float]]


def _three_rows(samples: Iterable[Sample]) -> list[ThreeRow]:
    rows: list[ThreeRow] = []
    for s in samples:
        pos = Position(s.fen)
        if pos.players != 3:
            raise ValueError("a two-player position among three-player ones")
        y = [1.0 if c == s.winner else 0.0 for c in range(3)] if s.winner >= 0 else [1 / 3] * 3
        rows.append((player_features(pos), y))
    return rows


def _softmax_loss(zs: Sequence[float], y: Sequence[float]) -> float:
    top = max(zs)
    log_total = top + math.log(sum(math.exp(z - top) for z in zs))
    return sum(yc * (log_total - z) for z, yc in zip(zs, y, strict=True))


def _three_loss(rows: list[ThreeRow], w: Sequence[float]) -> float:
    if not rows:
        return math.nan
    total = 0.0
    for xs, y in rows:
        zs = [sum(wi * xi for wi, xi in zip(w, x, strict=True)) / SCALE for x in xs]
        total += _softmax_loss(zs, y)
    return total / len(rows)


def _three_best_scale(rows: list[ThreeRow], w: Sequence[float]) -> float:
    """The factor k that makes ``k * w`` predict best: Newton's method on the
    loss as a function of k (convex), each step halved while it makes the
    loss worse, as :func:`kit.best_scale` does for two players."""
    values = [
        ([sum(wi * xi for wi, xi in zip(w, x, strict=True)) / SCALE for x in xs], y)
        for xs, y in rows
    ]

    def loss(k: float) -> float:
        return sum(_softmax_loss([k * z for z in zs], y) for zs, y in values)

    k = 1.0
    now = loss(k)
    for _ in range(30):
        # d/dk of one row's loss: (sum of y) times the mean of z under the
        # predicted p, less the sum of y z; d2/dk2: sum of y times z's variance.
        g = h = 0.0
        for zs, y in values:
            top = max(k * z for z in zs)
            es = [math.exp(k * z - top) for z in zs]
            total = sum(es)
            mean = sum(e * z for e, z in zip(es, zs, strict=True)) / total
            square = sum(e * z * z for e, z in zip(es, zs, strict=True)) / total
            weight = sum(y)
            g += weight * mean - sum(yc * z for yc, z in zip(y, zs, strict=True))
            h += weight * (square - mean * mean)
        if h <= 0:
            break
        step = g / h
        while abs(step) >= 1e-9 and loss(k - step) > now:
            step /= 2
        k -= step
        now = loss(k)
        if abs(step) < 1e-9:
            break
    return k


def fit_three_weights(
    samples: Sequence[Sample],
    start: Weights = DEFAULT_WEIGHTS,
    free: Sequence[str] = FREE,
    *,
    ridge: float = 1.0,
    iterations: int = 12,
    holdout: int = 5,
) -> kit.Fit[Weights]:
    """:func:`fit_weights` for three-player positions labelled by their
    winner (see above): Newton's method on the multinomial log-loss, with
    the same step halving, ridge and held-out games."""
    rows = _three_rows(samples)
    train, test = kit.split(rows, [s.game for s in samples], holdout)
    base, idx, fixed, beta = kit.free_part(weight_vector(start), [_INDEX[n] for n in free], SCALE)
    data = [
        (
            [[x[i] for i in idx] for x in xs],
            [sum(base[i] * x[i] for i in fixed) / SCALE for x in xs],
            y,
        )
        for xs, y in train
    ]

    def values(b: Sequence[float], xs: list[list[int]], offsets: list[float]) -> list[float]:
        return [
            o + sum(bj * xj for bj, xj in zip(b, x, strict=True))
            for x, o in zip(xs, offsets, strict=True)
        ]

    def objective(b: Sequence[float]) -> float:
        total = 0.5 * ridge * sum(v * v for v in b)
        return total + sum(_softmax_loss(values(b, xs, o), y) for xs, o, y in data)

    def add(beta: Sequence[float], grad: list[float], hess: list[list[float]]) -> None:
        k = len(beta)
        for xs, offsets, y in data:
            zs = values(beta, xs, offsets)
            top = max(zs)
            es = [math.exp(z - top) for z in zs]
            total = sum(es)
            ps = [e / total for e in es]
            # gradient: sum of (p_c - y_c) x_c; Hessian: sum of p_c x_c x_c'
            # minus the outer product of the mean sum of p_c x_c
            mean = [sum(p * x[j] for p, x in zip(ps, xs, strict=True)) for j in range(k)]
            for p, x, yc in zip(ps, xs, y, strict=True):
                nz = [(j, x[j]) for j in range(k) if x[j]]
                for j, xj in nz:
                    grad[j] += (p - yc) * xj
                    row = hess[j]
                    for m, xm in nz:
                        row[m] += p * xj * xm
            nzm = [(j, v) for j, v in enumerate(mean) if v]
            for j, mj in nzm:
                row = hess[j]
                for m, mm in nzm:
                    row[m] -= mj * mm

    beta = kit.newton(beta, ridge, iterations, add, objective)
    vec = kit.whole(base, idx, beta, SCALE)
    return kit.summary(vec, base, train, test, _three_loss, _three_best_scale).mapped(
        weights_from_vector
    )


def log_loss(samples: Iterable[Sample], w: Weights, *, rescale: bool = False) -> float:
    """Mean log-loss of ``w``'s prediction over ``samples`` (NaN for none);
    with ``rescale``, of ``w`` at its best scale (as ``Fit``'s "before").
    Three-player samples are measured as :func:`fit_three_weights` fits them."""
    samples = list(samples)
    if samples and Position(samples[0].fen).players == 3:
        three = _three_rows(samples)
        vec3 = [float(v) for v in weight_vector(w)]
        if rescale:
            factor = _three_best_scale(three, vec3)
            vec3 = [factor * v for v in vec3]
        return _three_loss(three, vec3)
    return MODEL.log_loss(samples, w, rescale=rescale)


# -- weights on disk --------------------------------------------------------------


save_weights = MODEL.save
load_weights = MODEL.load
