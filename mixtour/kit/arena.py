"""The arena's figures, written once for every game: one game's result for
player A, and the summary of a run (A's wins, draws and losses, A's score,
the Elo difference with a 95 % interval, A's score by seat, the median
length of a game).

Each game's arena (``mixtour.mixtour.ai.tools.arena``,
``mixtour.tor.ai.tools.arena``) plays its own players from its own seeded
openings, ``jobs`` games at a time (:func:`in_order`), and scores every game
here.

>>> results = [GameResult(i, i % 2, s, 40 + i, "", "") for i, s in enumerate([1, 1, 0.5, 0])]
>>> summary = summarize(results, "wb")
>>> summary.lines("A", "B")[:3]
['A vs B: 4 games', 'A wins 2, draws 1, losses 1', 'score 62.5 %']
>>> summary.seats, summary.median_plies
((('w', 0.75, 2), ('b', 0.5, 2)), 41.5)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

__all__ = ["GameResult", "Summary", "by_seat", "elo_interval", "in_order", "summarize"]

J = TypeVar("J")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game: its number, A's seat, A's score (1, 1/2, 0), the plies
    played, how it ended (``w wins``, ``draw by length``, ...) and its
    actions in the game's notation, separated by spaces."""

    index: int
    a_seat: int
    score: float
    plies: int
    reason: str
    moves: str

    def line(self, letters: str) -> str:
        """The game's line in an arena's output (``letters`` names the game's
        seats); Mixtour's ``arena-summary`` reads these lines back.

        >>> GameResult(2, 1, 0.5, 40, "draw by length", "").line("wb")
        'game 3: A plays b, draw by length after 40 plies, A scores 0.5'
        """
        return (
            f"game {self.index + 1}: A plays {letters[self.a_seat]}, {self.reason} "
            f"after {self.plies} plies, A scores {self.score:g}"
        )


def elo_interval(scores: Sequence[float]) -> tuple[float, float, float, float]:
    """(score fraction, Elo, Elo low, Elo high) with a 95 % interval."""
    n = len(scores)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)

    def elo(p: float) -> float:
        p = min(max(p, 1e-4), 1 - 1e-4)
        return -400 * math.log10(1 / p - 1)

    return mean, elo(mean), elo(mean - half), elo(mean + half)


@dataclass(frozen=True, slots=True)
class Summary:
    """A run's figures for A; ``seats`` holds (seat letter, A's score there,
    games), ``median_plies`` the median game length when it is known."""

    wins: int
    draws: int
    losses: int
    score: float
    elo: float
    elo_low: float
    elo_high: float
    seats: tuple[tuple[str, float, int], ...] = ()
    median_plies: float | None = None

    @classmethod
    def of(
        cls,
        scores: Sequence[float],
        seats: tuple[tuple[str, float, int], ...] = (),
        median_plies: float | None = None,
    ) -> Summary:
        """The summary of A's scores, game by game."""
        wins = sum(1 for v in scores if v == 1.0)
        losses = sum(1 for v in scores if v == 0.0)
        score, elo, low, high = elo_interval(scores)
        draws = len(scores) - wins - losses
        return cls(wins, draws, losses, score, elo, low, high, seats, median_plies)

    def lines(self, name_a: str, name_b: str) -> list[str]:
        n = self.wins + self.draws + self.losses
        if self.wins == n or self.losses == n:
            # Every game went one way: the estimate is infinite; give the
            # one-sided 95 % bound instead (p^n = 0.05).
            p = 0.05 ** (1 / n)
            bound = -400 * math.log10(1 / p - 1)
            elo = f"> {bound:+.0f}" if self.wins == n else f"< {-bound:+.0f}"
            elo_line = (
                f"Elo difference {elo} (95 % one-sided bound; every game had the same result)"
            )
        else:
            elo_line = (
                f"Elo difference {self.elo:+.0f} (95 % interval {self.elo_low:+.0f} to "
                f"{self.elo_high:+.0f})"
            )
        out = [
            f"{name_a} vs {name_b}: {n} games",
            f"A wins {self.wins}, draws {self.draws}, losses {self.losses}",
            f"score {100 * self.score:.1f} %",
            elo_line,
        ]
        if self.seats:
            seats = ", ".join(f"{c} {100 * v:.1f} % of {k}" for c, v, k in self.seats)
            out.append(f"A's score by seat: {seats}")
        if self.median_plies is not None:
            out.append(f"median game length {self.median_plies:g} plies")
        return out


def by_seat(
    scores: Iterable[tuple[str, float]], letters: str
) -> tuple[tuple[str, float, int], ...]:
    """(seat, A's mean score, games) for each seat A played, in the order of
    ``letters`` (the game's seats)."""
    pairs = list(scores)
    out = []
    for c in letters:
        got = [v for seat, v in pairs if seat == c]
        if got:
            out.append((c, sum(got) / len(got), len(got)))
    return tuple(out)


def summarize(results: Sequence[GameResult], letters: str) -> Summary:
    """The summary of a run's games; ``letters`` names the game's seats."""
    seats = by_seat(((letters[r.a_seat], r.score) for r in results), letters)
    median = statistics.median(r.plies for r in results)
    return Summary.of([r.score for r in results], seats, median)


def in_order(one: Callable[[J], R], work: Sequence[J], jobs: int = 1) -> Iterator[R]:
    """``one(job)`` for each job of ``work``, in order: ``jobs`` at a time in
    separate processes (``one`` and the jobs must pickle), so a seeded run
    gives the same results with any number of jobs.

    >>> list(in_order(abs, [-2, 3, -4]))
    [2, 3, 4]
    """
    if jobs <= 1:
        yield from map(one, work)
        return
    import multiprocessing

    pool = multiprocessing.Pool(jobs)
    try:
        yield from pool.imap(one, work)
    finally:
        pool.terminate()
