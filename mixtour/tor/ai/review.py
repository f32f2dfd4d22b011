"""Tor's game review: its plug-in on the kit's (:mod:`mixtour.kit.review`,
where the verdicts, the graph and the thresholds are written once for every
game).

**Tor's part:** a position is searched by Master's evaluation (seed 0, no
noise) to the depth asked, :data:`DEPTH` when the page leaves it out: a
turn of Tor has a few hundred forms, so depth 2 costs about 0.1 s a
position in CPython where depth 3 costs 1.5 s and depth 4 five seconds.
"The opponent wins at once" is a turn that leaves the mover's pawns no
step (:func:`~mixtour.tor.ai.tactics.winning_action`, T4); White and Black
are the two players; the scale is the evaluation's, fitted to the results
of self-play (:data:`mixtour.tor.ai.evaluate.SCALE`).

>>> from mixtour.tor.core import STANDARD_START
>>> plies = REVIEW.review_game(STANDARD_START, ["c3", "d6"], depth=1)
>>> [p.ply for p in plies], [p.turn for p in plies]
([0, 1, 2], [0, 1, 0])
"""

from __future__ import annotations

from typing import Final

from ...kit.review import Reviewer, ReviewRules, master_search, wins_now
from ..core import PLAYER_LETTERS, Position
from ..game import Game
from .evaluate import SCALE
from .player import choose_move
from .tactics import winning_action

__all__ = ["DEPTH", "REVIEW", "RULES"]

#: The depth a review of Tor searches each position to.
DEPTH: Final = 2


RULES: Final[ReviewRules[Position]] = ReviewRules(
    game=Game,
    colors=(PLAYER_LETTERS[0], PLAYER_LETTERS[1]),
    search=master_search(choose_move),
    wins_now=wins_now(winning_action),
    scale=SCALE,
    depth=DEPTH,
)
#: Tor's reviewer: the kit's review over :data:`RULES`.
REVIEW: Final = Reviewer(RULES)
