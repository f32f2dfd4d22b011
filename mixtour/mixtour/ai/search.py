"""Mixtour's search: the kit's generic search (:mod:`mixtour.kit.search`)
with Mixtour's hooks and evaluation.

What is Mixtour's, in short (the kit's module doc says the rest):

* **Tactics are towers.**  Every node starts with one threat scan
  (:func:`~mixtour.mixtour.ai.evaluate.scoring_colors`): can the mover complete a
  winning tower (``WIN_NOW``), could another player complete one that wins
  (``MUST_PARRY``: the threat extension) or only scores (``UNQUIET``)?
  Towers are to Mixtour what checks and captures are to chess; searching
  them deeper is what made the biggest difference against the baseline
  (72 % -> 87 % at 100 ms/move).  The searcher's own evaluator does the
  scan (:meth:`~mixtour.mixtour.ai.evaluate.Evaluator.survey`) and counts
  its evaluation's threats in the same pass, so the quiescence search's
  stand-pat score, asked of the same position right after, reads no stack
  again: 6 % more nodes a second on the bench's median position, 20 % on
  its position to three points (``python -m mixtour bench-ai``, CPython and
  ``node tests/pyodide_bench.mjs``), the very same search.
* **Quiescence** over scoring moves when the target is above 1: a tower
  that scores a point changes the balance as much as a capture in chess
  (with three players, only those that R10 allows).
* **Ordering:** scoring moves right after the hash move (target above 1);
  only MOVEs are credited by the history heuristic.
* **Repetition (R9):** a repeated position is a draw unless its mover can
  simply win at once.
* **Three players** are searched paranoid (the kit's teams), which handles
  R10's passes without special cases.

The transposition table is keyed by ``pos.hash``: Zobrist over the whole P1
string, so R5 is part of the key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ...kit import search as kit
from ...kit.search import (
    EXACT,
    INF,
    LOWER,
    MAX_PLY,
    MUST_PARRY,
    TT_LIMIT,
    UNQUIET,
    UPPER,
    WIN,
    WIN_BOUND,
    WIN_NOW,
    GameRules,
    is_win_score,
)
from ...kit.search import Stop as _Stop
from ..core import Action, Position, action_text
from .evaluate import Evaluator, EvaluatorLike, scoring_colors, scoring_moves

__all__ = [
    "EXACT",
    "INF",
    "LOWER",
    "MAX_CODE",
    "MAX_PLY",
    "TT_LIMIT",
    "UPPER",
    "WIN",
    "WIN_BOUND",
    "SearchInfo",
    "SearchResult",
    "Searcher",
    "_Stop",
    "immediate_win",
    "is_win_score",
    "mixtour_rules",
]

MAX_CODE: Final = 4 << 10 | 31 << 5 | 31  # largest action code + 1 > every code
_MOVE_FLAG: Final = 1024  # codes from here on are MOVEs (R4)


@dataclass(frozen=True, slots=True)
class SearchInfo(kit.SearchInfo):
    """One finished iteration; :meth:`line` writes the PV in N1."""

    def line(self, action_text: Callable[[int], str] = action_text) -> str:
        return kit.SearchInfo.line(self, action_text)


@dataclass(frozen=True, slots=True)
class SearchResult(kit.SearchResult):
    """The chosen move and how it was found, with the move as an N1 action."""

    @property
    def action(self) -> Action:
        return Action(self.move)

    @property
    def text(self) -> str:
        return action_text(self.move)


def mixtour_rules(
    pos: Position, survey: Callable[[Position], int] | None = None
) -> GameRules[Position]:
    """Mixtour's hooks for a search of ``pos`` (its target and number of
    players hold for the whole search).  ``survey`` answers which colours
    can build a tower now (:func:`~mixtour.mixtour.ai.evaluate.scoring_colors`
    unless given): the search's evaluator's own
    :meth:`~mixtour.mixtour.ai.evaluate.Evaluator.survey`, which reads the
    counts of its evaluation in the same pass."""
    target = pos.target
    players = pos.players
    colors = scoring_colors if survey is None else survey

    one_point = target == 1

    def tactics(pos: Position) -> int:
        mask = colors(pos)
        if not mask:
            return 0
        turn = pos.turn
        if one_point:
            # Any tower wins: the mover's is WIN_NOW, another's MUST_PARRY.
            if mask == 1 << turn:
                return WIN_NOW
            return (mask >> turn & 1) | UNQUIET | MUST_PARRY
        scores = pos.scores
        flags = WIN_NOW if mask >> turn & 1 and scores[turn] + 1 >= target else 0
        others = mask & ~(1 << turn)
        if others:
            flags |= UNQUIET
            for c in range(players):
                if others >> c & 1 and scores[c] + 1 >= target:
                    return flags | MUST_PARRY
        return flags

    def legal_scoring_moves(pos: Position, mover: int) -> list[int]:
        moves = scoring_moves(pos, mover)
        if moves:
            legal = set(pos.legal_actions())  # R10: no gifts to the next player
            moves = [m for m in moves if m in legal]
        return moves

    def wins_now(pos: Position) -> bool:
        turn = pos.turn
        return pos.scores[turn] + 1 >= target and pos.has_scoring_move(turn)

    return GameRules(
        tactics=tactics,
        # With two players every scoring move is legal (R10 is for three).
        noisy_actions=None
        if target == 1
        else scoring_moves
        if players == 2
        else legal_scoring_moves,
        promising_actions=None if target == 1 else scoring_moves,
        wins_now=wins_now,
        action_space=MAX_CODE,
        history_from=_MOVE_FLAG,
    )


class Searcher(kit.Searcher[Position]):
    """One search on one Mixtour position (create a new one per move):
    the kit's :class:`~mixtour.kit.search.Searcher` with Mixtour's hooks and,
    unless another is given, Mixtour's :class:`~mixtour.mixtour.ai.evaluate.Evaluator`.
    """

    __slots__ = ()

    def __init__(
        self,
        pos: Position,
        evaluator: EvaluatorLike | None = None,
        *,
        noise: int = 0,
        salt: int = 0,
        qdepth: int = 6,
        lmr: bool = True,
    ) -> None:
        evaluator = evaluator if evaluator is not None else Evaluator()
        survey = evaluator.survey if isinstance(evaluator, Evaluator) else None
        super().__init__(
            pos,
            mixtour_rules(pos, survey),
            evaluator,
            noise=noise,
            salt=salt,
            qdepth=qdepth,
            lmr=lmr,
        )


def immediate_win(pos: Position) -> int | None:
    """A legal action that wins the game at once, if there is one."""
    turn = pos.turn
    if pos.scores[turn] + 1 < pos.target or not pos.has_scoring_move(turn):
        return None
    return kit.immediate_win(pos, scoring_moves(pos, turn))
