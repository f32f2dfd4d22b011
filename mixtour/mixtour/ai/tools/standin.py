"""A stand-in for a fast engine written in another language.

The strongest Mixtour programs elsewhere are plain negamax alpha-beta
searchers with a simple evaluation, fast enough (1-2 M nodes per second in
JavaScript) to reach 5 or 6 plies in a second.  We cannot match their speed
in Python, but only their *choices* matter to measure against them: this
player searches the baseline's evaluation (:func:`~mixtour.mixtour.ai.tools.baseline.
baseline_evaluate`) to a fixed depth, whatever it costs.

It runs our own search (transposition table and move ordering make it
quick enough), with everything a plain alpha-beta does not have switched
off: no win look-ahead at the leaves, no threat extensions, no evasion or
quiescence search, no late-move reductions and no noise.  A win the mover
can complete at once is played at the root, as any engine does.  The
choice depends only on the position and the depth: the same on every run.
"""

from __future__ import annotations

from ...core import Position
from ..player import choose_move
from ..search import Searcher, SearchResult
from .baseline import baseline_evaluate

__all__ = ["BaselineEvaluator", "plain_alpha_beta", "standin_move"]


class BaselineEvaluator:
    """The baseline's evaluation as an injectable evaluator."""

    __slots__ = ()

    def evaluate(self, pos: Position, root: int) -> int:
        return baseline_evaluate(pos, root)


def plain_alpha_beta(s: Searcher) -> None:
    """Switch off what a plain fixed-depth alpha-beta does not do."""
    s.see_wins = False
    s.extend = False
    s.threat_ext = False
    s.lmr = False
    s.qdepth = 0
    s.noise = 0


def standin_move(pos: Position, depth: int = 5) -> SearchResult:
    """The stand-in's choice: the baseline evaluation searched ``depth`` plies."""
    return choose_move(
        pos,
        depth=depth,
        level=6,
        seed=0,
        evaluator=BaselineEvaluator(),
        configure=plain_alpha_beta,
    )
