"""Fitting Tor's evaluation to game results, by the kit's recipe
(:mod:`mixtour.kit.fit`), all of it seeded and reproducible (``python -m
mixtour tor tune-eval``):

1. **Positions.**  :func:`generate` plays self-play games from the arena's
   seeded openings (the four pawns placed at random, then two turns), each
   seat at a level drawn from ``levels`` (levels 1-5 spend node budgets, so
   a game replays exactly on every machine), and keeps every position where
   the mover has a choice and no win at once (the search plays such a win
   before it evaluates anything).
2. **Labels.**  Each position is labelled with the game's result for the
   player to move (1, 1/2 for a game cut short, 0).
3. **Fit.**  :class:`~mixtour.tor.ai.evaluate.Evaluator` is linear in the
   counts it gathers (:func:`features`): the worth of each number of steps
   (a table), a pawn hemmed in, the room two steps away, the colours among
   the steps, the token in hand that closes a step, the move. The fit finds
   the weights whose score predicts the labels best at the review's scale
   (:data:`~mixtour.tor.ai.evaluate.SCALE`), rounded to whole units; Master
   plays the fit of ``--games 300`` (:data:`~mixtour.tor.ai.evaluate.TUNED_WEIGHTS`).

The steps table is only known up to a constant (both sides' entries count,
one for and one against): its rare end, kept as written, settles it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from ....kit import fit as kit
from ....kit.fit import Sample
from ...core import TOP, Position, Status
from ..evaluate import SCALE, WEIGHTS
from ..levels import LEVELS
from ..player import choose_move
from ..tactics import around, winning_action
from .arena import MAX_PLIES, opening

__all__ = [
    "FEATURES",
    "FREE",
    "features",
    "fit_weights",
    "generate",
    "load_weights",
    "log_loss",
    "save_weights",
]

FEATURES: Final = tuple(WEIGHTS)
_INDEX: Final = {name: i for i, name in enumerate(FEATURES)}
# Every weight but the steps table's end: eleven steps or more are seen in
# under one position in a hundred, too few to fit (the ridge would pull
# them towards nothing); they keep the values written by hand.
RARE_STEPS: Final = 11
FREE: Final = tuple(
    name for name in FEATURES if not name.startswith("steps") or int(name[5:]) < RARE_STEPS
)

Weights = dict[str, int]


def weight_vector(w: Weights) -> list[int]:
    """The weights in the order of :data:`FEATURES` (those not given at their default)."""
    return [w.get(name, WEIGHTS[name]) for name in FEATURES]


def weights_from_vector(v: Sequence[int]) -> Weights:
    """The inverse of :func:`weight_vector`."""
    return dict(zip(FEATURES, v, strict=True))


def features(pos: Position, root: int) -> list[int]:
    """The counts behind the evaluation, for ``root`` (root's minus the
    opponent's), in the order of :data:`FEATURES`:
    ``Evaluator(w).evaluate(pos, root)`` equals their dot product with
    ``weight_vector(w)``."""
    squares, tops = pos.squares, pos.tops
    pawns_of = pos.pawns
    avail = pos.occupied & ~(pawns_of[0] | pawns_of[1])
    closed_by = [0, 0]
    for side in (0, 1):
        b = pawns_of[side]
        while b:
            low = b & -b
            closed_by[side] |= tops[TOP[squares[low.bit_length() - 1]]]
            b ^= low
    x = [0] * len(FEATURES)
    steps_of = [0, 0]
    for side in (0, 1):
        sign = 1 if side == root else -1
        free = avail & ~closed_by[1 - side]
        steps = around(pawns_of[side]) & free
        n = steps.bit_count()
        steps_of[side] = n
        x[_INDEX[f"steps{n}"]] += sign
        b = pawns_of[side]
        while b:
            low = b & -b
            b ^= low
            if not around(low) & free:
                x[_INDEX["hemmed"]] -= sign
        x[_INDEX["room"]] += sign * (around(steps) & free).bit_count()
        x[_INDEX["colours"]] += sign * sum(1 for c in range(4) if steps & tops[c])
    mover = pos.turn
    mover_sign = 1 if mover == root else -1
    if pos.hand >= 0 and tops[pos.hand] & closed_by[mover] and steps_of[1 - mover] <= 3:
        x[_INDEX["hand_block"]] += mover_sign * (4 - steps_of[1 - mover])
    x[_INDEX["tempo"]] += mover_sign
    return x


def generate(
    games: int,
    seed: int,
    levels: Sequence[int] = (1, 2, 3, 4),
    *,
    progress: Callable[[int], None] | None = None,
    jobs: int = 1,
) -> list[Sample]:
    """Positions from ``games`` seeded self-play games (see the module doc);
    ``jobs`` games at a time in separate processes, with the same result."""
    if any(level not in LEVELS or LEVELS[level].time_ms is not None for level in levels):
        raise ValueError("levels must spend node budgets (1 to 5) for games that replay")
    work = [(g, seed, tuple(levels)) for g in range(games)]
    return kit.gather(_one_game, work, jobs=jobs, progress=progress)


def _one_game(job: tuple[int, int, tuple[int, ...]]) -> list[Sample]:
    g, seed, levels = job
    rng = random.Random(seed * 1_000_003 + g)
    pos = opening(g, seed)
    seats = (rng.choice(levels), rng.choice(levels))
    kept: list[tuple[str, int]] = []
    while not pos.status and pos.ply < MAX_PLIES:
        if len(pos.legal_actions()) > 1 and winning_action(pos) is None:
            kept.append((pos.fen(), pos.turn))
        pos.push(choose_move(pos, level=seats[pos.turn], seed=rng.getrandbits(30)).move)
    won = pos.winner if pos.status == Status.WIN else None
    return [
        Sample(fen, 0.5 if won is None else 1.0 if won == mover else 0.0, g) for fen, mover in kept
    ]


#: Tor's evaluation as the kit's fit sees it.
MODEL: Final = kit.Linear(
    FEATURES,
    SCALE,
    WEIGHTS,
    weight_vector,
    weights_from_vector,
    kit.mover_counts(Position, features),
    FREE,
)


fit_weights = MODEL.fit


log_loss = MODEL.log_loss
save_weights = MODEL.save
load_weights = MODEL.load
