"""Game review: the engine's verdict on every position and move of a game.

:func:`analyse` searches one position at a fixed depth (so a review is the
same on every machine and every run) and :func:`review_game` does it for
every position of a game.  The AI worker (``web/py/ai_worker.py``) calls
:func:`analyse_ply` one position at a time, so that the page can show its
progress and stop between two positions, then :func:`report` classifies the
moves.  Two players only: with three, who is "winning" has no single sign.

**The scale.**  Our evaluation counts in centi-discs, and its weights were
fitted so that ``1 / (1 + exp(-score / 250))`` predicts the result of a game
(:data:`mixtour.ai.evaluate.SCALE`): a score is read as the *expected result*
of the player to move, from 0 (lost) to 1 (won).  A proven win (a score
beyond ``WIN_BOUND``) is 1, a proven loss 0.

**A move's loss** is the expected result of the engine's best move minus
that of the move played (the score of the next position, seen from the
mover): how much of the game the move gave away.  The classes, after
lichess's habit of measuring in winning chances rather than in raw scores:

===========  ===================================================
best         the engine's own choice
good         loses less than 0.05 (5 % of a game)
inaccuracy   0.05 to 0.10
mistake      0.10 to 0.20
blunder      0.20 or more, or any move after which the opponent
             can complete a winning tower at once (when another
             move would have prevented it and the game was not
             already a proven loss)
===========  ===================================================

Near an even position 0.05 is about 50 centi-discs, 0.20 about 200 (a
winning threat is worth 260 to 900, a point 1200), so a lost point or an
open winning tower is always at least a mistake.

>>> from mixtour.core import STANDARD_START
>>> plies = review_game(STANDARD_START, ["c3", "d4"], depth=1)
>>> [p.ply for p in plies], plies[0].turn
([0, 1, 2], 0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..core import COLORS, Action, Position, Status, action_text
from ..game import Game
from .evaluate import SCALE
from .player import choose_move
from .search import WIN, WIN_BOUND, immediate_win

__all__ = [
    "CLASSES",
    "DEFAULT_DEPTH",
    "SCALE",
    "THRESHOLDS",
    "MoveVerdict",
    "PlyAnalysis",
    "ReviewError",
    "analyse",
    "analyse_ply",
    "classify",
    "expected",
    "label",
    "report",
    "review_game",
]

#: The depth a review searches each position to (the page's default).
DEFAULT_DEPTH: Final = 4
#: The classes, from the best move to the worst.
CLASSES: Final = ("best", "good", "inaccuracy", "mistake", "blunder")
#: Upper bounds of the loss (in expected result) for good, inaccuracy, mistake.
THRESHOLDS: Final = (0.05, 0.10, 0.20)


class ReviewError(ValueError):
    """A game the review cannot take (three players, a ply out of range)."""


@dataclass(frozen=True, slots=True)
class PlyAnalysis:
    """The engine's view of the position after ``ply`` actions.

    ``score`` is for White (colour 0): positive when White is better,
    ``WIN - n`` for a win found ``n`` plies ahead.  ``best`` and ``pv`` are
    the engine's choice and line (``None`` and empty once the game is over).
    ``played``: the score (for White) of the action played here, searched
    to the same horizon as ``best`` (one ply less below it), so that the two
    compare fairly.  ``gives_win``: the action played here lets the opponent complete a
    winning tower at once; ``avoidable``: another legal action would not.
    """

    ply: int
    turn: int
    score: int
    best: int | None
    pv: tuple[int, ...]
    depth: int
    nodes: int
    played: int | None = None
    gives_win: bool = False
    avoidable: bool = False

    def as_json(self) -> dict[str, Any]:
        """Plain values for the page (actions in N1)."""
        return {
            "ply": self.ply,
            "turn": COLORS[self.turn],
            "score": self.score,
            "best": None if self.best is None else action_text(self.best),
            "pv": [action_text(a) for a in self.pv],
            "depth": self.depth,
            "nodes": self.nodes,
            "played": self.played,
            "givesWin": self.gives_win,
            "avoidable": self.avoidable,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlyAnalysis:
        """Read back :meth:`as_json` (raises ValueError on a malformed one)."""
        try:
            best = data["best"]
            return cls(
                ply=int(data["ply"]),
                turn=COLORS.index(str(data["turn"])),
                score=int(data["score"]),
                best=None if best is None else _code(str(best)),
                pv=tuple(_code(str(a)) for a in data["pv"]),
                depth=int(data["depth"]),
                nodes=int(data["nodes"]),
                played=None if data["played"] is None else int(data["played"]),
                gives_win=bool(data["givesWin"]),
                avoidable=bool(data["avoidable"]),
            )
        except (KeyError, TypeError) as error:
            raise ValueError(f"a review entry is malformed: {error}") from None


@dataclass(frozen=True, slots=True)
class MoveVerdict:
    """The verdict on the action that led from position ``ply - 1`` to ``ply``."""

    ply: int
    mover: int
    kind: str
    loss: float
    best: int | None
    pv: tuple[int, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "color": COLORS[self.mover],
            "kind": self.kind,
            "loss": round(self.loss, 3),
            "best": None if self.best is None else action_text(self.best),
            "pv": [action_text(a) for a in self.pv],
        }


def expected(score: int) -> float:
    """The expected result (0 to 1) of the player a ``score`` is for.

    >>> expected(0), expected(WIN - 3), round(expected(250), 2)
    (0.5, 1.0, 0.73)
    """
    if score >= WIN_BOUND:
        return 1.0
    if score <= -WIN_BOUND:
        return 0.0
    return 1 / (1 + math.exp(-score / SCALE))


def classify(loss: float, *, is_best: bool = False, gives_win: bool = False) -> str:
    """The class of a move that lost ``loss`` of a game (see the module doc).

    >>> classify(0.0, is_best=True), classify(0.02), classify(0.07), classify(0.15)
    ('best', 'good', 'inaccuracy', 'mistake')
    >>> classify(0.01, gives_win=True)
    'blunder'
    """
    if gives_win:
        return "blunder"
    if is_best:
        return "best"
    for kind, bound in zip(CLASSES[1:], THRESHOLDS, strict=False):
        if loss < bound:
            return kind
    return "blunder"


def label(score: int, turn: int) -> dict[str, Any]:
    """Who is winning, in words the page translates: ``side`` (a colour or
    None) and ``kind``: ``won``, ``win`` (a forced win in ``moves`` of the
    winner's own moves), ``winning``, ``better``, ``slightly`` or ``equal``.
    ``score`` is for White, ``turn`` the player to move there.

    >>> label(WIN - 3, 0)
    {'side': 'w', 'kind': 'win', 'moves': 2}
    >>> label(-300, 0)
    {'side': 'r', 'kind': 'better', 'moves': 0}
    """
    side = "w" if score > 0 else "r"
    if abs(score) >= WIN_BOUND:
        plies = WIN - abs(score)
        return {"side": side, "kind": "won" if plies == 0 else "win", "moves": (plies + 1) // 2}
    e = expected(abs(score))
    kind = "winning" if e >= 0.9 else "better" if e >= 0.7 else "slightly" if e >= 0.6 else "equal"
    return {"side": None if kind == "equal" else side, "kind": kind, "moves": 0}


def _for_white(score: int, turn: int) -> int:
    return score if turn == 0 else -score


def analyse(
    pos: Position, *, depth: int = DEFAULT_DEPTH, stop: Callable[[], bool] | None = None
) -> tuple[int, int | None, tuple[int, ...], int, int]:
    """``(score for the mover, best, pv, depth, nodes)`` of ``pos`` at a fixed
    depth (Master's evaluation, no book, no noise: deterministic).  An ended
    game scores its result; a forced action (a pass) is followed to the
    position it leads to, since the search does not score those."""
    if pos.is_over:
        if pos.status == Status.WIN:
            return (WIN if pos.winner == pos.turn else -WIN), None, (), 0, 0
        return 0, None, (), 0, 0
    moves = pos.legal_actions()
    if len(moves) == 1:
        pos.push(moves[0])
        try:
            score, _best, pv, d, nodes = analyse(pos, depth=depth, stop=stop)
        finally:
            pos.pop()
        return -_one_ply_further(score), moves[0], (moves[0], *pv), d, nodes
    result = choose_move(pos, depth=depth, level=6, seed=0, stop=stop)
    return result.score, result.move, result.pv, result.depth, result.nodes


def _one_ply_further(score: int) -> int:
    """A score seen from one ply nearer the root: a proven win or loss is one
    ply further away (other scores are unchanged)."""
    if abs(score) < WIN_BOUND:
        return score
    return score - 1 if score > 0 else score + 1


def _gives_win(pos: Position, action: int) -> tuple[bool, bool]:
    """Does ``action`` let the opponent win at once, and could another
    legal action have avoided that?"""

    def opens(a: int) -> bool:
        pos.push(a)
        try:
            return not pos.is_over and immediate_win(pos) is not None
        finally:
            pos.pop()

    if not opens(action):
        return False, False
    return True, any(not opens(a) for a in pos.legal_actions() if a != action)


def analyse_ply(
    start: str,
    actions: Sequence[str],
    ply: int,
    *,
    depth: int = DEFAULT_DEPTH,
    stop: Callable[[], bool] | None = None,
) -> PlyAnalysis:
    """The analysis of the position after ``ply`` of the game's ``actions``
    (raises :class:`ReviewError` for three players or a ply out of range,
    and the engine's errors for a bad game)."""
    if not 0 <= ply <= len(actions):
        raise ReviewError(f"ply {ply}: expected 0 to {len(actions)}")
    game = Game(start, list(actions))
    if game.position.players != 2:
        raise ReviewError("the review is for two-player games")
    game.goto(ply)
    pos = game.position
    turn = pos.turn
    score, best, pv, done, nodes = analyse(pos, depth=depth, stop=stop)
    gives = avoidable = False
    played = None
    if ply < len(actions):
        action = _code(actions[ply])
        gives, avoidable = _gives_win(pos, action)
        if action == best:
            played = score
        else:
            pos.push(action)
            try:
                reply, _, _, _, more = analyse(pos, depth=max(1, depth - 1), stop=stop)
            finally:
                pos.pop()
            nodes += more
            played = -_one_ply_further(reply)
    return PlyAnalysis(
        ply,
        turn,
        _for_white(score, turn),
        best,
        pv,
        done,
        nodes,
        None if played is None else _for_white(played, turn),
        gives,
        avoidable,
    )


def review_game(
    start: str, actions: Sequence[str], *, depth: int = DEFAULT_DEPTH
) -> list[PlyAnalysis]:
    """:func:`analyse_ply` for every position of the game, the start included."""
    return [analyse_ply(start, actions, ply, depth=depth) for ply in range(len(actions) + 1)]


def _smoothed(plies: Sequence[PlyAnalysis], i: int) -> int:
    """The score shown for position ``i``: the mean of its own search and of
    the one-ply-shallower look the position before took at it.  A search's
    score leans towards whoever moves at its horizon (having the move is
    worth something), so scores at even and odd depths alternate; the mean of
    both cancels that, and the graph does not zigzag on quiet moves.  A
    proven result is shown as it is."""
    score = plies[i].score
    if i == 0 or abs(score) >= WIN_BOUND:
        return score
    before = plies[i - 1]
    if before.ply != plies[i].ply - 1 or before.played is None or abs(before.played) >= WIN_BOUND:
        return score
    return (score + before.played) // 2


def report(plies: Sequence[PlyAnalysis], actions: Sequence[str]) -> dict[str, Any]:
    """The review of a game from the analyses of its positions (all of them,
    or the first ones while the review runs): ``graph`` (White's expected
    result at each position analysed, 2x - 1 so -1 to 1, from the score
    :func:`_smoothed` gives), ``labels`` (who is winning there,
    :func:`label`), ``moves`` (a verdict per action whose position before
    and after are both analysed, :class:`MoveVerdict`) and
    ``summary`` (per colour, the count of each class)."""
    shown = [_smoothed(plies, i) for i in range(len(plies))]
    graph = [round(2 * expected(score) - 1, 3) for score in shown]
    labels = [label(score, p.turn) for score, p in zip(shown, plies, strict=True)]
    verdicts: list[MoveVerdict] = []
    for before, after in zip(plies, plies[1:], strict=False):
        if after.ply != before.ply + 1 or before.ply >= len(actions):
            continue
        mover = before.turn
        played = _code(actions[before.ply])
        played_score = after.score if before.played is None else before.played
        best_value = expected(_for_white(before.score, mover))
        played_value = expected(_for_white(played_score, mover))
        loss = max(0.0, best_value - played_value)
        is_best = played == before.best
        # Opening a winning tower is a blunder when another move kept it
        # shut, unless the game was lost anyway (a proven loss).
        lost = _for_white(before.score, mover) <= -WIN_BOUND
        opened = before.gives_win and before.avoidable and not lost
        kind = classify(loss, is_best=is_best, gives_win=opened)
        verdicts.append(MoveVerdict(after.ply, mover, kind, loss, before.best, before.pv))
    summary = {c: dict.fromkeys(CLASSES, 0) for c in COLORS[:2]}
    for v in verdicts:
        summary[COLORS[v.mover]][v.kind] += 1
    return {
        "graph": graph,
        "labels": labels,
        "moves": [v.as_json() for v in verdicts],
        "summary": summary,
    }


def _code(text: str) -> int:
    return Action.parse(text).code
