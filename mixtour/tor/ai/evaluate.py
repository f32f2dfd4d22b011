"""Tor's static evaluation: how free each side's pawns are.

A player loses when neither of his pawns can step (T4), so every term is
about room to move, read from bit masks of the whole board:

* **Steps**: the squares each side's pawns could step to now (available,
  of a colour the opponent does not close).  The fewer a side has, the
  more each one is worth: a table that grows steeply towards none.
* **A pawn hemmed in**: a pawn with no step at all by holes, closed
  colours, pawns and the edge (the other pawn must then do all the work).
* **Room** two steps away: squares reachable in two steps, so a pawn
  heading into a corner of holes is seen before it is stuck.
* **Colours controlled**: the colours under my pawns are closed to the
  opponent, so his steps and room are counted without them (and mine
  without his): standing on a colour common around him is worth its
  squares.
* **The token in hand** (the mover's): a token of a colour closed to the
  opponent can be laid on one of his last open squares to shut it; the
  mover gets a bonus when the opponent has few steps and such a token.
* **Colours among the steps**: how many of the four colours a side's
  steps show.  Written by hand at 0 (not counted); the fit to self-play
  gives it a weight (:mod:`.tools.tune`).
* **The give**: the token a pawn leaves goes to the opponent; a pawn on a
  double square leaves a square behind, one on a single leaves a hole.
  Holes next to the opponent are good, next to me bad: the steps and
  room terms see both.

Scores are ints, positive when ``root`` is better off; a step more or
less in the middle game is worth some 10 to 30.
"""

from __future__ import annotations

from typing import Final

from ..core import NEIGHBOUR_MASK, TOP, Position
from .tactics import NOT_A, NOT_F

__all__ = ["SCALE", "STEP_TABLE", "TUNED_WEIGHTS", "WEIGHTS", "WEIGHTS_V1", "Evaluator"]

#: Units of this evaluation per log-odds of winning: a score ``s`` (of a
#: search by Master's evaluation) predicts the result ``1 / (1 + exp(-s /
#: SCALE))`` for the player it is for; the game review reads scores so.
#: Fitted by :mod:`.tools.scale` on the depth-2 scores of every position
#: of seeded games: 282 over 60 games of level 3 (``--seed 1``, 1792
#: positions, log loss 0.663), 258 over 30 of level 4 (``--level 4 --seed
#: 2``, 974 positions, 0.658); a coin's is 0.693.  Those were the hand-set
#: weights' scores; Master's fitted weights (:data:`TUNED_WEIGHTS`) are
#: fitted at this scale.
SCALE: Final = 270.0

#: The worth of n steps in all (both pawns, 16 at most) is ``steps<n>``:
#: steep towards none.
STEP_TABLE: Final = 17

#: The weights as written by hand (Master before the fit; the arena's
#: ``master-v1``).
WEIGHTS_V1: Final[dict[str, int]] = {
    **{
        f"steps{n}": v
        for n, v in enumerate(
            (-400, -170, -70, -20, 10, 35, 55, 72, 86, 98, 108, 116, 122, 127, 131, 132, 133)
        )
    },
    "hemmed": 45,  # a pawn of mine without a step
    "room": 6,  # per square reachable in two steps
    "hand_block": 30,  # the mover's token closes one of the opponent's few steps
    "tempo": 8,  # the side to move
    "colours": 0,  # per colour among a side's steps (not written by hand)
}

#: The weights of levels 1 to 5, and the fit's start: those written by hand.
#: Fitted without the colours among the steps to 400 seeded
#: games (``python -m mixtour tor tune-eval --games 400 --seed 1 --levels
#: 1,2,3,4``, 9,543 positions), they predict held-out games barely better
#: (log-loss 0.6392 -> 0.6352) and scored 11 wins to 10 against
#: ``master-v1`` (``tor arena master@FILE master-v1 --pairs 20 --seed 7
#: --time-ms 500``, stopped after 21 games): what limits this evaluation is
#: what it counts, not the weights of the counts.
WEIGHTS: Final[dict[str, int]] = WEIGHTS_V1


#: Master's weights: every weight but the steps table's rare end fitted to
#: 300 seeded games with the colours among the steps counted
#: (``python -m mixtour tor tune-eval --games 300 --seed 1 --levels 1,2,3,4``,
#: 7,155 positions, which regenerates them exactly): held-out log-loss 0.6250
#: (the hand weights) -> 0.6101, where the same fit without the colours gave
#: 0.6223.  Master with them against Master with the hand weights, 0.5 s of
#: CPU a move (``tor arena master@FILE 6 --pairs 50 --seed 81 --time-ms
#: 500``): +61 =1 -38, 61.5 %, Elo +81 (+14 to +156).  The fit sees a side
#: whose steps show more colours as worse off for the same count of steps.
TUNED_WEIGHTS: Final[dict[str, int]] = {
    **{
        f"steps{n}": v
        for n, v in enumerate(
            (-76, -233, -98, -54, 9, 6, 64, -15, 46, 47, 34, 116, 122, 127, 131, 132, 133)
        )
    },
    "hemmed": 107,
    "room": 19,
    "hand_block": 0,
    "tempo": -12,
    "colours": -114,
}


class Evaluator:
    """``evaluate(pos, root)``: the score of ``pos`` for player ``root``, by
    ``weights`` (each name of :data:`WEIGHTS`; those not given keep its value)."""

    __slots__ = ("steps", "hemmed", "room", "hand_block", "tempo", "colours")

    def __init__(self, weights: dict[str, int] | None = None) -> None:
        w = dict(WEIGHTS, **(weights or {}))
        unknown = set(w) - set(WEIGHTS)
        if unknown:
            raise ValueError(f"not weights of Tor's evaluation: {sorted(unknown)}")
        self.steps = tuple(w[f"steps{n}"] for n in range(STEP_TABLE))
        self.hemmed = w["hemmed"]
        self.room = w["room"]
        self.hand_block = w["hand_block"]
        self.tempo = w["tempo"]
        self.colours = w["colours"]

    def evaluate(self, pos: Position, root: int) -> int:
        squares = pos.squares
        tops = pos.tops
        p0, p1 = pos.pawns
        both = p0 | p1
        avail = pos.occupied & ~both
        # The colours each side closes to the other.
        closed_by = [0, 0]
        for side, pawns in ((0, p0), (1, p1)):
            m = 0
            while pawns:
                low = pawns & -pawns
                m |= tops[TOP[squares[low.bit_length() - 1]]]
                pawns ^= low
            closed_by[side] = m
        score = [0, 0]
        steps_of = [0, 0]
        # tactics.around written out (a call costs more than the shifts, at
        # every node); the squares round one pawn from the neighbour table.
        not_a = NOT_A
        not_f = NOT_F
        for side, pawns in ((0, p0), (1, p1)):
            free = avail & ~closed_by[1 - side]
            row = pawns | (pawns << 1 & not_a) | (pawns >> 1 & not_f)
            steps = (row | row << 6 | row >> 6) & free
            n = steps.bit_count()
            steps_of[side] = n
            v = self.steps[n]
            b = pawns
            while b:
                low = b & -b
                b ^= low
                if not NEIGHBOUR_MASK[low.bit_length() - 1] & free:
                    v -= self.hemmed
            row = steps | (steps << 1 & not_a) | (steps >> 1 & not_f)
            v += self.room * ((row | row << 6 | row >> 6) & free).bit_count()
            if self.colours:  # 0 as written: one attribute read a side
                v += self.colours * (
                    (steps & tops[0] != 0)
                    + (steps & tops[1] != 0)
                    + (steps & tops[2] != 0)
                    + (steps & tops[3] != 0)
                )
            score[side] = v
        mover = pos.turn
        hand = pos.hand
        if hand >= 0:
            opp = 1 - mover
            if tops[hand] & closed_by[mover] and steps_of[opp] <= 3:
                score[mover] += self.hand_block * (4 - steps_of[opp])
        score[mover] += self.tempo
        v = score[0] - score[1]
        return v if root == 0 else -v
