"""The scale of Tor's evaluation, fitted: how many of its units make one
log-odds of winning, so that ``1 / (1 + exp(-score / SCALE))`` predicts the
result of a game (the game review reads scores so,
:data:`mixtour.tor.ai.evaluate.SCALE`).

Seeded games (the arena's openings, then both sides at one level) are
played out; every position of them is searched as the review searches it
(Master's evaluation to a fixed depth, seed 0) and paired with the result
for the player to move there.  Proven results are left out (the review
reads those as 0 or 1 whatever the scale).  The scale minimising the log
loss is found by a golden-section search.

    python -m mixtour.tor.ai.tools.scale --games 24 --seed 1
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence

from ....kit.search import WIN_BOUND
from ...core import Position
from ..player import choose_move
from .arena import make_player, opening, play_game

__all__ = ["best_scale", "log_loss", "main", "samples"]


def samples(games: int, seed: int, level: str = "3", depth: int = 2) -> list[tuple[int, float]]:
    """``(score for the mover, the mover's result)`` of every position of
    ``games`` seeded games."""
    player = make_player(level)
    rows: list[tuple[int, float]] = []
    for index in range(games):
        end = play_game(opening(index, seed), player, player, seed * 7919 + index)
        winner = end.winner
        pos = Position()
        for action in end.history():
            if pos.ply >= 4 and len(pos.legal_actions()) > 1:  # the pawns placed
                score = choose_move(pos, level=6, seed=0, depth=depth).score
                if abs(score) < WIN_BOUND:
                    result = 0.5 if winner is None else 1.0 if winner == pos.turn else 0.0
                    rows.append((score, result))
            pos.push(action)
    return rows


def log_loss(rows: Sequence[tuple[int, float]], scale: float) -> float:
    """The mean log loss of predicting each result from its score at ``scale``."""
    total = 0.0
    for score, result in rows:
        p = min(max(1 / (1 + math.exp(-score / scale)), 1e-9), 1 - 1e-9)
        total -= result * math.log(p) + (1 - result) * math.log(1 - p)
    return total / len(rows)


def best_scale(rows: Sequence[tuple[int, float]], low: float = 10.0, high: float = 2000.0) -> float:
    """The scale in ``[low, high]`` with the least log loss."""
    ratio = (math.sqrt(5) - 1) / 2
    a, b = low, high
    for _ in range(60):
        c, d = b - ratio * (b - a), a + ratio * (b - a)
        if log_loss(rows, c) < log_loss(rows, d):
            b = d
        else:
            a = c
    return (a + b) / 2


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="3")
    parser.add_argument("--depth", type=int, default=2)
    args = parser.parse_args(argv)
    rows = samples(args.games, args.seed, args.level, args.depth)
    scale = best_scale(rows)
    wins = sum(1 for _, r in rows if r == 1.0)
    print(f"{len(rows)} positions of {args.games} games ({wins} for the winner to move)")
    print(f"scale {scale:.0f}: log loss {log_loss(rows, scale):.4f} (0.6931 for a coin)")
    for other in (scale / 2, scale * 2):
        print(f"scale {other:.0f}: log loss {log_loss(rows, other):.4f}")


if __name__ == "__main__":
    main()
