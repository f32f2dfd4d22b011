"""Fitting a game's evaluation to game results (Texel-style), for any game.

A game whose evaluation is linear in its weights (a score ``w·x`` for the
counts ``x`` it gathers in a position) gives its tuner three things:
seeded self-play positions labelled with the result for the player to
move (:class:`Sample`), the counts of a position (its ``features``), and
its weights as a vector. This module does the rest, the same way for
every game: the weights ``w`` that make ``1 / (1 + exp(-w·x / scale))``
predict the labels best (logistic regression by Newton's method with a
small ridge, each step halved while it would make the fit worse, in plain
Python), for the weights named free; the others keep their value. The
positions of every ``holdout``-th game are kept aside to measure the fit.

Mixtour's tuner (:mod:`mixtour.mixtour.ai.tools.tune`) and Tor's
(:mod:`mixtour.tor.ai.tools.tune`) are the two users; Mixtour's
three-player fit uses :func:`newton`, :func:`split` and :func:`summary`
with a loss of its own.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from .arena import in_order

__all__ = [
    "Fit",
    "Linear",
    "Sample",
    "best_scale",
    "fit_logistic",
    "free_part",
    "gather",
    "lines",
    "loss",
    "mover_counts",
    "newton",
    "read_samples",
    "solve",
    "split",
    "summary",
    "whole",
    "write_samples",
]

J = TypeVar("J")
W = TypeVar("W")
V = TypeVar("V")
Row = TypeVar("Row")


class _Turned(Protocol):
    @property
    def turn(self) -> int: ...


P = TypeVar("P", bound=_Turned)
# A position's counts and its label (the expected result for its mover).
LinearRow = tuple[list[int], float]


@dataclass(frozen=True, slots=True)
class Sample:
    """A position of game number ``game`` (in its game's text) and its label:
    the expected result for its mover, and with three players the colour
    that won the game (``winner``, -1 for a draw or for two players)."""

    fen: str
    result: float
    game: int = 0
    winner: int = -1


def write_samples(
    path: Path, samples: Iterable[Sample], recipe: str, *, winners: bool = False
) -> None:
    """One ``result<TAB>game<TAB>position`` line per sample, after a ``#``
    recipe line; with ``winners`` each line ends with ``<TAB>winner``."""
    with path.open("w", encoding="utf-8") as f:
        f.write(f"# {recipe}\n")
        for s in samples:
            tail = f"\t{s.winner}" if winners else ""
            f.write(f"{s.result:.6g}\t{s.game}\t{s.fen}{tail}\n")


def read_samples(path: Path) -> list[Sample]:
    """The samples of a file written by :func:`write_samples`."""
    out: list[Sample] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            result, game, fen, *winner = line.split("\t")
            if len(winner) > 1:
                raise ValueError(f"{len(winner) + 3} fields in a line: expected 3 or 4")
            out.append(Sample(fen, float(result), int(game), int(winner[0]) if winner else -1))
    return out


def gather(
    one_game: Callable[[J], list[Sample]],
    work: Sequence[J],
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[Sample]:
    """The samples of every game of ``work`` (``one_game`` plays one and
    returns its samples), in order: ``jobs`` games at a time in separate
    processes, with the same result; ``progress`` hears the number of
    games done."""
    out: list[Sample] = []
    for done, samples in enumerate(in_order(one_game, work, jobs), 1):
        out.extend(samples)
        if progress is not None:
            progress(done)
    return out


@dataclass(frozen=True, slots=True)
class Fit(Generic[W]):
    """Fitted weights and the mean log-loss before (the start's, at its best
    scale) and after, on the training positions and on the held-out ones
    (NaN when there are none)."""

    weights: W
    train_before: float
    train_after: float
    test_before: float
    test_after: float
    positions: int
    held_out: int

    def mapped(self, convert: Callable[[W], V]) -> Fit[V]:
        """The same fit with its weights converted (a vector to a game's weights)."""
        return Fit(
            convert(self.weights),
            self.train_before,
            self.train_after,
            self.test_before,
            self.test_after,
            self.positions,
            self.held_out,
        )


def lines(fit: Fit[Any]) -> list[str]:
    """What a tuning command prints about a fit: its positions and the
    log-loss before and after, on the training and the held-out games."""
    return [
        f"positions {fit.positions} ({fit.held_out} held out: every 5th game)",
        "log-loss: today's weights (at their best scale) -> fitted weights",
        f"  training games  {fit.train_before:.4f} -> {fit.train_after:.4f}",
        f"  held-out games  {fit.test_before:.4f} -> {fit.test_after:.4f}",
        repr(fit.weights),
    ]


def _logistic_term(z: float, y: float) -> float:
    """-y log p - (1 - y) log(1 - p), with p the logistic of ``z``."""
    return (z + math.log1p(math.exp(-z)) if z > 0 else math.log1p(math.exp(z))) - y * z


def loss(rows: list[LinearRow], w: Sequence[float], scale: float) -> float:
    """The mean log-loss of the weights ``w`` over ``rows`` (NaN for none)."""
    if not rows:
        return math.nan
    total = 0.0
    for x, y in rows:
        z = sum(wi * xi for wi, xi in zip(w, x, strict=True)) / scale
        z = min(max(z, -30.0), 30.0)
        p = 1 / (1 + math.exp(-z))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(rows)


def best_scale(rows: list[LinearRow], w: Sequence[float], scale: float) -> float:
    """The factor k that makes ``k * w`` predict best (Texel's K, by Newton)."""
    zs = [(sum(wi * xi for wi, xi in zip(w, x, strict=True)) / scale, y) for x, y in rows]
    k = 1.0
    for _ in range(30):
        g = h = 0.0
        for z, y in zs:
            t = min(max(k * z, -30.0), 30.0)
            p = 1 / (1 + math.exp(-t))
            g += (p - y) * z
            h += p * (1 - p) * z * z
        if h <= 0:
            break
        step = g / h
        # halved while it makes the prediction worse, as in the fit
        now = _scaled_loss(zs, k)
        while abs(step) >= 1e-9 and _scaled_loss(zs, k - step) > now:
            step /= 2
        k -= step
        if abs(step) < 1e-9:
            break
    return k


def _scaled_loss(zs: list[tuple[float, float]], k: float) -> float:
    """The summed log-loss of the scores ``zs`` (log-odds, label) scaled by ``k``."""
    return sum(_logistic_term(min(max(k * z, -30.0), 30.0), y) for z, y in zs)


def split(rows: list[Row], games: Sequence[int], holdout: int) -> tuple[list[Row], list[Row]]:
    """(training rows, held-out rows): the rows of every ``holdout``-th game
    (``games[i]`` is row i's game) are held out."""
    held = [game % holdout == holdout - 1 for game in games]
    train = [r for r, h in zip(rows, held, strict=True) if not h]
    test = [r for r, h in zip(rows, held, strict=True) if h]
    return train, test


def free_part(
    start: Sequence[int], free: Sequence[int], scale: float
) -> tuple[list[float], list[int], list[int], list[float]]:
    """(every start weight, the free ones' indices, the fixed ones', the free
    ones in log-odds units): what a fit starts from."""
    base = [float(v) for v in start]
    idx = list(free)
    fixed = [i for i in range(len(start)) if i not in idx]
    return base, idx, fixed, [base[i] / scale for i in idx]


def whole(
    base: Sequence[float], idx: Sequence[int], beta: Sequence[float], scale: float
) -> list[int]:
    """The weight vector with the fitted free weights, rounded to whole units."""
    vec = [round(v) for v in base]
    for j, i in enumerate(idx):
        vec[i] = round(beta[j] * scale)
    return vec


def summary(
    vec: list[int],
    base: list[float],
    train: list[Row],
    test: list[Row],
    loss: Callable[[list[Row], Sequence[float]], float],
    best_scale: Callable[[list[Row], Sequence[float]], float],
) -> Fit[list[int]]:
    """The :class:`Fit` of the fitted weights ``vec``: their losses, and those
    of the start ``base`` at its best scale, on the training and held-out rows."""
    scaled = [best_scale(train, base) * v for v in base]
    return Fit(
        vec,
        loss(train, scaled),
        loss(train, vec),
        loss(test, scaled),
        loss(test, vec),
        len(train) + len(test),
        len(test),
    )


def newton(
    beta: list[float],
    ridge: float,
    iterations: int,
    add: Callable[[Sequence[float], list[float], list[list[float]]], None],
    objective: Callable[[Sequence[float]], float],
) -> list[float]:
    """Newton's method on a convex loss with a ridge: ``add`` adds the loss's
    gradient and Hessian at ``beta`` to those of the ridge."""
    k = len(beta)
    for _ in range(iterations):
        grad = [ridge * b for b in beta]
        hess = [[ridge if r == c else 0.0 for c in range(k)] for r in range(k)]
        add(beta, grad, hess)
        step = solve(hess, grad)
        # A full Newton step, unless it makes the fit worse: far from the
        # optimum (a start whose scores saturate the logistic) it can
        # overshoot wildly, so it is halved until the penalized loss no
        # longer rises.
        now = objective(beta)
        t = 1.0
        while True:
            trial = [b - t * s for b, s in zip(beta, step, strict=True)]
            if t < 1e-6 or objective(trial) <= now:
                break
            t /= 2
        beta = trial
        if max(abs(t * s) for s in step) < 1e-9:
            break
    return beta


def fit_logistic(
    rows: list[LinearRow],
    games: Sequence[int],
    start: Sequence[int],
    free: Sequence[int],
    *,
    scale: float,
    ridge: float = 1.0,
    iterations: int = 12,
    holdout: int = 5,
) -> Fit[list[int]]:
    """Fit the weights at indices ``free`` of the vector ``start`` to ``rows``
    (logistic regression by Newton's method); ``games[i]`` is row i's game,
    whose every ``holdout``-th is held out. ``ridge`` pulls each free weight
    (in log-odds units) towards zero so that a rare feature does not get a
    wild value. Deterministic: the same rows give the same weights."""
    train, test = split(rows, games, holdout)
    base, idx, fixed, beta = free_part(start, free, scale)
    data = [([x[i] for i in idx], sum(base[i] * x[i] for i in fixed) / scale, y) for x, y in train]

    def add(beta: Sequence[float], grad: list[float], hess: list[list[float]]) -> None:
        for xs, offset, y in data:
            z = offset + sum(b * xi for b, xi in zip(beta, xs, strict=True))
            z = min(max(z, -30.0), 30.0)
            p = 1 / (1 + math.exp(-z))
            e = p - y
            v = p * (1 - p)
            nz = [(j, xj) for j, xj in enumerate(xs) if xj]
            for j, xj in nz:
                grad[j] += e * xj
                row = hess[j]
                for m, xm in nz:
                    row[m] += v * xj * xm

    def objective(beta: Sequence[float]) -> float:
        """The penalized training loss of the free weights ``beta`` (log-odds units)."""
        total = 0.5 * ridge * sum(b * b for b in beta)
        for xs, offset, y in data:
            z = offset + sum(b * xi for b, xi in zip(beta, xs, strict=True))
            total += _logistic_term(min(max(z, -30.0), 30.0), y)
        return total

    beta = newton(beta, ridge, iterations, add, objective)
    return summary(
        whole(base, idx, beta, scale),
        base,
        train,
        test,
        lambda r, w: loss(r, w, scale),
        lambda r, w: best_scale(r, w, scale),
    )


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        d = m[col][col]
        if d == 0:
            continue
        for r in range(col + 1, n):
            f = m[r][col] / d
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        d = m[r][r]
        acc = m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))
        x[r] = acc / d if d else 0.0
    return x


def mover_counts(
    read: Callable[[str], P], features: Callable[[P, int], list[int]]
) -> Callable[[Sample], list[int]]:
    """A :class:`Linear`'s ``counts`` where they are the game's ``features``
    of the sample's position (``read`` from its text) for the player to move."""

    def counts(sample: Sample) -> list[int]:
        pos = read(sample.fen)
        return features(pos, pos.turn)

    return counts


@dataclass(frozen=True)
class Linear(Generic[W]):
    """A game's evaluation as the fit sees it: the weights' ``names`` (the
    order of a vector), the scale of a score (units per log-odds of
    winning), the ``default`` weights, the conversions between weights and
    their vector, and ``counts``: a sample's counts for its mover, whose dot
    product with the vector is the evaluation; ``free``, the names a fit
    changes unless told otherwise."""

    names: tuple[str, ...]
    scale: float
    default: W
    vector: Callable[[W], list[int]]
    from_vector: Callable[[Sequence[int]], W]
    counts: Callable[[Sample], list[int]]
    free: tuple[str, ...]

    def rows(self, samples: Iterable[Sample]) -> list[LinearRow]:
        return [(self.counts(s), s.result) for s in samples]

    def fit(
        self,
        samples: Sequence[Sample],
        start: W | None = None,
        free: Sequence[str] | None = None,
        *,
        ridge: float = 1.0,
        iterations: int = 12,
        holdout: int = 5,
    ) -> Fit[W]:
        """Fit the ``free`` weights of ``start`` (by default the model's) to
        ``samples`` (:func:`fit_logistic`: every ``holdout``-th game held
        out, ``*_before`` the loss of ``start`` at its best scale).
        Deterministic: the same samples give the same weights."""
        fit = fit_logistic(
            self.rows(samples),
            [s.game for s in samples],
            self.vector(self.default if start is None else start),
            [self.names.index(name) for name in (self.free if free is None else free)],
            scale=self.scale,
            ridge=ridge,
            iterations=iterations,
            holdout=holdout,
        )
        return fit.mapped(self.from_vector)

    def log_loss(self, samples: Iterable[Sample], w: W, *, rescale: bool = False) -> float:
        """Mean log-loss of ``w``'s prediction over ``samples`` (NaN for none);
        with ``rescale``, of ``w`` at its best scale (as a fit's "before")."""
        rows = self.rows(samples)
        vec = [float(v) for v in self.vector(w)]
        if rescale and rows:
            factor = best_scale(rows, vec, self.scale)
            vec = [factor * v for v in vec]
        return loss(rows, vec, self.scale)

    def save(self, path: Path, w: W) -> None:
        """The weights as a JSON object of names and whole numbers."""
        named = dict(zip(self.names, self.vector(w), strict=True))
        path.write_text(json.dumps(named, indent=1) + "\n", encoding="utf-8")

    def load(self, path: Path) -> W:
        """Weights from a file written by :meth:`save` (missing names keep
        their default value); ValueError when the file is not such a file."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as e:
            raise ValueError(f"{path}: cannot read weights ({e})") from None
        if not isinstance(data, dict):
            raise ValueError(f"{path}: expected an object of weights")
        vec = self.vector(self.default)
        for name, value in data.items():
            if name not in self.names or not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{path}: {name!r} is not a weight with a whole-number value")
            vec[self.names.index(name)] = value
        return self.from_vector(vec)
