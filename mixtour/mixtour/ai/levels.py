"""The six playing levels, from Beginner to Master.

Levels 1-5 are defined by node budgets and depth caps, not by wall time:
they play the same on a fast laptop, a slow phone and in a test, and a
seeded game replays exactly.  Master (6) uses the clock, because its whole
point is to use the time the player is willing to wait.

Weak levels make human-looking mistakes: a shallow horizon, a noisy
evaluation (deterministic per position, so the search stays consistent),
and now and then a near-best move instead of the best.  Level 1 also does
not look one ply past its own move for the opponent's towers, which is the
classic beginner's blunder; from level 3 up every immediate win is played
and every avoidable immediate loss avoided (see tests/test_ai_tactics.py).
Master evaluates with weights fitted to game results (two players:
``TUNED_WEIGHTS`` to one point, ``TUNED_POINTS_WEIGHTS`` to more; three
players: ``TUNED_THREE_WEIGHTS``, fitted to games to one point; in
:mod:`mixtour.mixtour.ai.evaluate` with their recipes); the other levels keep the
hand-set ones.
Expert and Master open the standard two-player game from an opening book
searched deeply offline (:mod:`mixtour.mixtour.ai.opening_book`), choosing among its
good moves by weight, so that their games differ.

Measured ladder (two players, target 1, 100 games each, seeded openings
played with both colours; ``python -m mixtour arena A B --games 100
--time-ms 1000 --seed 2``, Master with 1 s of CPU time per move), with
Master's fitted weights, opening book and search switches, and Expert's
book::

    2 vs 1   100 %      3 vs 2   97 %      4 vs 3   97 %
    5 vs 4    86 %      6 vs 5   96 %
    Master vs baseline, 1 s of CPU time each (--seed 1): 92 %, Elo +424 (+325 to +626)
    (measured before the fitted weights, the book and the search switches)
    Master vs the fixed-depth stand-ins for a fast engine, 0.5 s of CPU time
    a move (arena master depth5 --games 100 --time-ms 500 --seed 7): 89.0 %,
    Elo +363 (+273 to +518); master-v1 scored 74.1 % over 158 games (--seed 1)
    (arena master depth6, the same with --seed 12): 77.0 %, Elo +210 (+137 to +305);
    over its first 40 games, 82.5 % against master-v1's 61.3 %
    Master vs master-v1, two players to one point, 0.5 s of CPU time each
    (--games 200 --time-ms 500 --seed 61): 73.0 %, Elo +173 (+122 to +232)
    Master vs master-v1, two players to 3 points, 0.5 s of CPU time each
    (--target 3 --games 100 --time-ms 500 --seed 41): 98.0 %, Elo +676
    Master alone against two master-v1, three players to one point, 0.5 s
    of CPU time each (--players 3 --games 60 --time-ms 500 --seed 31): 61.7 %, 37 of 60 won
    (36.7 % over 30 with the hand-set weights)
    the same to two points (--target 2 --games 30, played twice): 55.0 %,
    33 of 60 won (38.3 %, 18 won and 10 drawn, with the hand-set weights)

With an eighth of a second of CPU time a move, today's Master (frozen as
the arena's ``master-v2``, :mod:`.tools.frozen`) against the stand-ins,
``--jobs 2``::

    arena master depth5 --games 200 --time-ms 125 --seed 7: 80.2 %, Elo +244 (+188 to +312)
    arena master depth6 --games 100 --time-ms 125 --seed 12: 50.0 %

Again with the search's single pass over the stacks (6 % more nodes a
second on the bench's median position, the same moves at a given
depth): 81.5 %, Elo +258 (+201 to +329), and 49.0 %.

Tried and not kept (November 2026): null-move pruning for two players
(a pass, a reduction of two plies, at quiet nodes of depth 3 or more
whose mover has a disc in reserve) saved a fifth to a half of the nodes
of a fixed-depth search, but Master with it scored 50.5 % against
``master-v2`` (``arena master master-v2 --games 100 --time-ms 125 --seed
21 --jobs 2``: +50 =1 -49): in Mixtour a free move is worth so much that
the null search seldom fails high where it matters.  Late move pruning
(at a null-window node of depth 1 or 2 that parries nothing, the moves
after the first N in order left unsearched, killers aside) fared no
better, the same command each time: N = 8 and 16 at depths 1 and 2,
54.0 %; 5 and 10, 49.0 %; 5, 10 and 20 (depth 3 too), 51.0 %; 12 and
24, 50.0 %.  Master's move ordering already puts the moves that matter
first, and the late ones are cheap to refute.  Late-move reductions from
depth 2 (December 2026; Tor's Master gained some ten points from them,
:mod:`mixtour.tor.ai.levels`) cut a search to depth 5 of the bench's
four two-player positions from 86,362 nodes to 56,232, with the same
moves, yet scored 52.0 % (+52 =0 -48), the same command.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...kit import levels as kit

__all__ = ["LEVELS", "LEVEL_NAMES", "SHARP_RFP", "Level", "parse_level"]

#: The reverse-futility margin of the sharp levels, in evaluation units a ply
#: (a stack of two in Master's fitted weights is worth about 120).  At 0.2 s
#: of CPU a move, Master with it scored 58.0 % over 100 games against
#: Master without it (``--seed 51``); Master against master-v1 went from
#: 68.5 % to 73.0 % over 200 games at 0.5 s (``--seed 61``).
SHARP_RFP: Final = 100


@dataclass(frozen=True, slots=True)
class Level(kit.Level):
    """A level of Mixtour: the kit's (:class:`mixtour.kit.levels.Level`: the
    budgets and the errors) with Mixtour's own switch.  The kit's ``tuned``
    takes the fitted weights where they apply
    (:func:`~mixtour.mixtour.ai.evaluate.weights_for`).
    ``book``: play the first moves of the standard game from the shipped
    opening book (:mod:`mixtour.mixtour.ai.opening_book`), a weighted choice.
    Master is sharp (the kit's :attr:`~mixtour.kit.levels.Level.sharp`) with
    the margin :data:`SHARP_RFP`.
    """

    book: bool = False


LEVELS: Final = {
    1: Level(
        1, "Beginner", 1, None, None, noise=220, pick_margin=140, pick_chance=0.5, see_wins=False
    ),
    2: Level(2, "Casual", 2, 600, None, noise=90, pick_margin=60, pick_chance=0.3),
    3: Level(3, "Intermediate", 3, 2_500, None, noise=40),
    4: Level(4, "Advanced", 64, 8_000, None, noise=15),
    5: Level(5, "Expert", 64, 25_000, None, noise=0, book=True),
    6: Level(
        6, "Master", 64, None, 1_500, noise=0, sharp=True, rfp=SHARP_RFP, tuned=True, book=True
    ),
}

LEVEL_NAMES: Final = kit.level_names(LEVELS)


def parse_level(text: str | int) -> int:
    """``3``, ``"3"`` or ``"intermediate"`` -> 3; raises ValueError."""
    return kit.parse_level(text, LEVELS)
