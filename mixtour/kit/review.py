"""Game review for every game: the engine's verdict on every position and
move of a two-player game.

:meth:`Reviewer.analyse` searches one position at a fixed depth (so a review
is the same on every machine and every run) and
:meth:`Reviewer.review_game` does it for every position of a game.  The AI
worker (``web/py/ai_worker.py``) calls :meth:`Reviewer.analyse_ply` one
position at a time, so that the page can show its progress and stop between
two positions, then :meth:`Reviewer.report` classifies the moves.  Two
players only: with three, who is "winning" has no single sign.

A game plugs in with :class:`ReviewRules`: its ``Game`` (the start and the
actions played), its players' letters, how to search a position to a fixed
depth (its strongest level's evaluation, no book, no noise), whether the
player to move can win at once, and its evaluation's scale.

**The scale.**  A score is read as the *expected result* of the player it
is for, ``1 / (1 + exp(-score / scale))``, from 0 (lost) to 1 (won), with
the game's own scale (units of its evaluation per log-odds of winning).  A
proven win (a score beyond ``WIN_BOUND``) is 1, a proven loss 0.

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
             can win at once (when another move would have
             prevented it and the game was not already lost:
             a proven loss, or an expected result under
             ``DECIDED`` = 0.05 at every look)
===========  ===================================================

**The second look.**  A fixed-depth search misjudges some positions by
where its horizon falls: a capture just beyond it, a threat it sees from
one side only.  So a move that seems to lose ``CONFIRM`` (0.10, a mistake)
or more, or to let the opponent win at once, is looked at again by
:meth:`Reviewer.analyse_ply`: the position searched one ply deeper and the
move played searched to that same horizon.  Its loss is the smaller of the
two looks': a mistake or a blunder is one the engine sees at two depths
(one odd, one even, so that having the move at the horizon cannot make
it).  A move in a decided game (the mover's expected result beyond 0.95,
or under 0.05, before and after it) loses at most 0.05 by the scale
alone, so it is never a mistake; throwing a won game away is still a
blunder.  Every look has a fixed depth, so a review stays deterministic.

**Measured** with ``python -m mixtour review-calibrate --games 50 --seed 1``
and ``python -m mixtour tor review-calibrate --games 40 --seed 1`` (fewer
than 100 games: on the shared two-core machine a run of 100 would have
taken 30 and 50 minutes): seeded games between levels 2 and 4, colours
alternating, reviewed at the game's own depth (Mixtour 4, Tor 2); marks
per player and game, median / mean, with the verdicts before the second
look and after it::

                              inaccuracies  mistakes     blunders
    Mixtour  level 2  before  2 / 2.16     2 / 2.52     1 / 0.98
                      after   3 / 2.72     2 / 2.06     1 / 0.68
             level 4  before  1 / 1.60     1 / 1.22     0 / 0.28
                      after 1.5 / 1.90     1 / 0.76     0 / 0.14
    Tor      level 2  before  1 / 1.77     2 / 1.57     0 / 0.50
                      after   2 / 2.00     1 / 1.12     0 / 0.35
             level 4  before  0 / 0.47     0 / 0.85     0 / 0.30
                      after   0 / 0.57     0 / 0.20     0 / 0.05
    Tor with Master's fitted weights (the same command, again):
             level 2  before  3 / 3.48     3 / 2.75     1 / 1.23
                      after   4 / 3.85     2 / 2.10     0 / 0.68
             level 4  before  2 / 2.38     1 / 1.85     1 / 0.88
                      after   3 / 3.00     0 / 0.65     0 / 0.15
    Tor with Master's late-move pruning too (the same command, again):
             level 2  before  3 / 3.48     3 / 2.75     1 / 1.18
                      after   4 / 3.85     2 / 2.02     0 / 0.60
             level 4  before  3 / 2.45     1 / 1.65     1 / 0.85
                      after   3 / 2.90     0 / 0.42     0 / 0.12
    Tor with Master's reductions from depth 2 too (the same command):
             level 2  before  3 / 3.52     3 / 2.80     1 / 1.18
                      after   4 / 3.98     2 / 2.00     0 / 0.65
             level 4  before  3 / 2.58   1.5 / 1.70     1 / 0.93
                      after   3 / 3.30     0 / 0.38     0 / 0.15

Mixtour's games last 27.3 plies and get 5.4 second looks each (over the
first 4 games, a review searched 1.5 times the nodes it did without
them); Tor's last 34.7 plies and get 3.2 (3.6 times the nodes over the
first 3: its depth 3 costs fifteen times its depth 2), 6.7 with
Master's fitted weights (14.0 s of review a game in CPython) and 6.4 with
his late-move pruning too, which halves the time (over the first 10
games, beside an arena of two processes: 5.5 s of review a game without
it, 2.5 s with it), and 6.6 with the reductions from depth 2, which
halve it again (over the 40 games, each run beside an arena: 3.7 s of
review a game with the pruning alone, 1.9 s with the reductions too).
A mistake the second look does not confirm becomes an inaccuracy or
better, so inaccuracies grow a little.  Level 2 gets about two mistakes
and under one blunder a game, level 4 fewer, as lichess shows for club
players (0 to 3 blunders, 1 to 4 mistakes a player): the thresholds
stay.

>>> expected(0, 250.0), expected(WIN - 3, 250.0), round(expected(250, 250.0), 2)
(0.5, 1.0, 0.73)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol

from .protocol import P
from .search import WIN, WIN_BOUND, SearchResult

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "CLASSES",
    "CONFIRM",
    "DECIDED",
    "THRESHOLDS",
    "MoveVerdict",
    "PlyAnalysis",
    "ReviewError",
    "ReviewRules",
    "Reviewer",
    "classify",
    "expected",
    "label",
    "master_search",
    "wins_now",
]

#: The classes, from the best move to the worst.
CLASSES: Final = ("best", "good", "inaccuracy", "mistake", "blunder")
#: Upper bounds of the loss (in expected result) for good, inaccuracy, mistake.
THRESHOLDS: Final = (0.05, 0.10, 0.20)
#: A move that seems to lose this much or more is searched again, deeper.
CONFIRM: Final = THRESHOLDS[1]
#: A mover whose expected result is below this at every look was lost anyway.
DECIDED: Final = 0.05

StopCheck = Callable[[], bool] | None


class Chooser(Protocol):
    """A game's ``choose_move``, as far as a review calls it."""

    def __call__(
        self,
        position: Any,
        *,
        depth: int | None,
        level: int | None,
        seed: int | None,
        stop: StopCheck,
    ) -> SearchResult: ...


def master_search(choose: Chooser) -> Callable[[Any, int, StopCheck], SearchResult]:
    """A :class:`ReviewRules`'s ``search`` from the game's ``choose_move``:
    Master (level 6) with seed 0, so that a review is the same everywhere."""

    def search(pos: Any, depth: int, stop: StopCheck) -> SearchResult:
        return choose(pos, depth=depth, level=6, seed=0, stop=stop)

    return search


def wins_now(win_in_one: Callable[[P], int | None]) -> Callable[[P], bool]:
    """A :class:`ReviewRules`'s ``wins_now`` from the game's test that finds
    an action winning at once (or ``None``)."""

    def wins(pos: P) -> bool:
        return win_in_one(pos) is not None

    return wins


class ReviewError(ValueError):
    """A game the review cannot take (three players, a ply out of range)."""


@dataclass(frozen=True, slots=True)
class ReviewRules(Generic[P]):
    """One game's part of the review.

    ``game`` is the game's ``Game`` class: it builds the game from a start
    and its actions, and its action class reads and writes an action's code
    in the game's notation (:meth:`parse`, :meth:`text`); ``colors`` are
    the two players' letters, by index;
    ``scale`` the evaluation's units per log-odds; ``depth`` the depth a
    position is searched to when none is asked for; ``search(pos, depth,
    stop)`` searches ``pos`` to that depth, deterministically, and leaves
    it as it was; ``wins_now(pos)`` says whether the player to move has an
    action that wins at once.
    """

    game: type[Game[Any, Any, Any, Any]]
    colors: tuple[str, str]
    scale: float
    depth: int
    search: Callable[[P, int, StopCheck], SearchResult]
    wins_now: Callable[[P], bool]

    def parse(self, text: str) -> int:
        """The code of an action written in the game's notation."""
        code: int = self.game.action_class.parse(text).code
        return code

    def text(self, code: int) -> str:
        """An action's code in the game's notation."""
        return str(self.game.action_class(code))


@dataclass(frozen=True, slots=True)
class PlyAnalysis:
    """The engine's view of the position after ``ply`` actions.

    ``score`` is for the first player (colour 0): positive when he is better,
    ``WIN - n`` for a win found ``n`` plies ahead.  ``best`` and ``pv`` are
    the engine's choice and line (``None`` and empty once the game is over);
    ``nodes`` counts every search made for the position, the second look's too.
    ``played``: the score (for the first player) of the action played here,
    searched to the same horizon as ``best`` (one ply less below it), so
    that the two compare fairly.  ``gives_win``: the action played here lets
    the opponent win at once; ``avoidable``: another legal action would not.
    ``deep_depth``, ``deep_score``, ``deep_played``: the second look at a
    move that seemed to lose :data:`CONFIRM` or more (or to let the
    opponent win): the position searched one ply deeper and the action
    played searched to the same horizon (0 and ``None`` when there was
    none).
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
    deep_depth: int = 0
    deep_score: int | None = None
    deep_played: int | None = None


@dataclass(frozen=True, slots=True)
class MoveVerdict:
    """The verdict on the action that led from position ``ply - 1`` to ``ply``."""

    ply: int
    mover: int
    kind: str
    loss: float
    best: int | None
    pv: tuple[int, ...]


def expected(score: int, scale: float) -> float:
    """The expected result (0 to 1) of the player a ``score`` is for, with an
    evaluation of ``scale`` units per log-odds."""
    if score >= WIN_BOUND:
        return 1.0
    if score <= -WIN_BOUND:
        return 0.0
    return 1 / (1 + math.exp(-score / scale))


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


def label(score: int, colors: Sequence[str], scale: float) -> dict[str, Any]:
    """Who is winning, in words the page translates: ``side`` (a player's
    letter of ``colors``, or None) and ``kind``: ``won``, ``win`` (a forced
    win in ``moves`` of the winner's own moves), ``winning``, ``better``,
    ``slightly`` or ``equal``.  ``score`` is for the first player.

    >>> label(WIN - 3, "wb", 250.0)
    {'side': 'w', 'kind': 'win', 'moves': 2}
    >>> label(-300, "wb", 250.0)
    {'side': 'b', 'kind': 'better', 'moves': 0}
    """
    side = colors[0] if score > 0 else colors[1]
    if abs(score) >= WIN_BOUND:
        plies = WIN - abs(score)
        return {"side": side, "kind": "won" if plies == 0 else "win", "moves": (plies + 1) // 2}
    e = expected(abs(score), scale)
    kind = "winning" if e >= 0.9 else "better" if e >= 0.7 else "slightly" if e >= 0.6 else "equal"
    return {"side": None if kind == "equal" else side, "kind": kind, "moves": 0}


def _for_first(score: int, turn: int) -> int:
    return score if turn == 0 else -score


def _one_ply_further(score: int) -> int:
    """A score seen from one ply nearer the root: a proven win or loss is one
    ply further away (other scores are unchanged)."""
    if abs(score) < WIN_BOUND:
        return score
    return score - 1 if score > 0 else score + 1


class Reviewer(Generic[P]):
    """The review of one game's games, over its :class:`ReviewRules`."""

    __slots__ = ("rules",)

    def __init__(self, rules: ReviewRules[P]) -> None:
        self.rules = rules

    # -- the engine's view of positions ---------------------------------------------

    def analyse(
        self, pos: P, *, depth: int | None = None, stop: StopCheck = None
    ) -> tuple[int, int | None, tuple[int, ...], int, int]:
        """``(score for the mover, best, pv, depth, nodes)`` of ``pos`` at a
        fixed depth (the game's own when None).  An ended game scores its result; a forced action (a
        pass) is followed to the position it leads to, since the search does
        not score those."""
        if depth is None:
            depth = self.rules.depth
        if pos.status:
            winner = pos.winner
            if winner is not None:
                return (WIN if winner == pos.turn else -WIN), None, (), 0, 0
            return 0, None, (), 0, 0
        moves = pos.legal_actions()
        if len(moves) == 1:
            pos.push(moves[0])
            try:
                score, _best, pv, d, nodes = self.analyse(pos, depth=depth, stop=stop)
            finally:
                pos.pop()
            return -_one_ply_further(score), moves[0], (moves[0], *pv), d, nodes
        result = self.rules.search(pos, depth, stop)
        return result.score, result.move, result.pv, result.depth, result.nodes

    def _gives_win(self, pos: P, action: int) -> tuple[bool, bool]:
        """Does ``action`` let the opponent win at once, and could another
        legal action have avoided that?"""
        wins_now = self.rules.wins_now

        def opens(a: int) -> bool:
            pos.push(a)
            try:
                return not pos.status and wins_now(pos)
            finally:
                pos.pop()

        if not opens(action):
            return False, False
        return True, any(not opens(a) for a in pos.legal_actions() if a != action)

    def analyse_ply(
        self,
        start: str,
        actions: Sequence[str],
        ply: int,
        *,
        depth: int | None = None,
        stop: StopCheck = None,
    ) -> PlyAnalysis:
        """The analysis of the position after ``ply`` of the game's
        ``actions``, to ``depth`` (the game's own when None).  Raises
        :class:`ReviewError` for three players or a ply out of range, and
        the game's errors for a bad game."""
        if depth is None:
            depth = self.rules.depth
        if not 0 <= ply <= len(actions):
            raise ReviewError(f"ply {ply}: expected 0 to {len(actions)}")
        game = self.rules.game(start, list(actions))
        if game.position.players != 2:
            raise ReviewError("the review is for two-player games")
        game.goto(ply)
        pos: P = game.position
        turn = pos.turn
        score, best, pv, done, nodes = self.analyse(pos, depth=depth, stop=stop)
        gives = avoidable = False
        played = deep_score = deep_played = None
        deep_depth = 0
        if ply < len(actions):
            action = self.rules.parse(actions[ply])
            gives, avoidable = self._gives_win(pos, action)
            played, more = self._played(pos, action, depth, score, best, stop)
            nodes += more
            loss = self.expected(score) - self.expected(played)
            if action != best and (loss >= CONFIRM or (gives and avoidable)):
                # A second look, one ply deeper, before the move is called
                # a mistake: a loss that only one horizon sees is noise.
                deep_depth = depth + 1
                deep_score, deep_best, _, _, more = self.analyse(pos, depth=deep_depth, stop=stop)
                nodes += more
                deep_played, more = self._played(
                    pos, action, deep_depth, deep_score, deep_best, stop
                )
                nodes += more
        return PlyAnalysis(
            ply,
            turn,
            _for_first(score, turn),
            best,
            pv,
            done,
            nodes,
            None if played is None else _for_first(played, turn),
            gives,
            avoidable,
            deep_depth,
            None if deep_score is None else _for_first(deep_score, turn),
            None if deep_played is None else _for_first(deep_played, turn),
        )

    def _played(
        self, pos: P, action: int, depth: int, score: int, best: int | None, stop: StopCheck
    ) -> tuple[int, int]:
        """``(score for the mover, nodes)`` of ``action`` from ``pos``, whose
        search to ``depth`` gave ``score`` and ``best``: the position it leads
        to searched one ply less deep, so that both end at the same horizon."""
        if action == best:
            return score, 0
        pos.push(action)
        try:
            reply, _, _, _, nodes = self.analyse(pos, depth=max(1, depth - 1), stop=stop)
        finally:
            pos.pop()
        return -_one_ply_further(reply), nodes

    def review_game(
        self, start: str, actions: Sequence[str], *, depth: int | None = None
    ) -> list[PlyAnalysis]:
        """:meth:`analyse_ply` for every position of the game, the start included."""
        return [
            self.analyse_ply(start, actions, ply, depth=depth) for ply in range(len(actions) + 1)
        ]

    # -- the report ---------------------------------------------------------------------

    def expected(self, score: int) -> float:
        """:func:`expected` at the game's scale."""
        return expected(score, self.rules.scale)

    def label(self, score: int) -> dict[str, Any]:
        """:func:`label` with the game's players and scale."""
        return label(score, self.rules.colors, self.rules.scale)

    def verdict(
        self, before: PlyAnalysis, after: PlyAnalysis, played: int, *, calibrated: bool = True
    ) -> MoveVerdict:
        """The verdict on ``played``, the action from the position ``before``
        to ``after`` (see the module doc; ``calibrated=False``: the verdict
        as it was before the second look, for the measurement only)."""
        mover = before.turn
        played_score = after.score if before.played is None else before.played
        looks = [(before.score, played_score)]
        if calibrated and before.deep_score is not None and before.deep_played is not None:
            looks.append((before.deep_score, before.deep_played))
        losses = []
        for best_score, move_score in looks:
            best_value = self.expected(_for_first(best_score, mover))
            move_value = self.expected(_for_first(move_score, mover))
            losses.append(max(0.0, best_value - move_value))
        # A loss counts as far as every look sees it.
        loss = min(losses)
        # Letting the opponent win at once is a blunder when another move
        # prevented it, unless the game was lost anyway: a proven loss, or
        # (calibrated) every look giving the mover less than DECIDED.
        mine = [_for_first(best_score, mover) for best_score, _ in looks]
        lost = min(mine) <= -WIN_BOUND or (
            calibrated and max(self.expected(m) for m in mine) < DECIDED
        )
        opened = before.gives_win and before.avoidable and not lost
        kind = classify(loss, is_best=played == before.best, gives_win=opened)
        return MoveVerdict(after.ply, mover, kind, loss, before.best, before.pv)

    def report(
        self, plies: Sequence[PlyAnalysis], actions: Sequence[str], *, calibrated: bool = True
    ) -> dict[str, Any]:
        """The review of a game from the analyses of its positions (all of
        them, or the first ones while the review runs): ``graph`` (the first
        player's expected result at each position analysed, 2x - 1 so -1 to
        1, from the score :func:`_smoothed` gives), ``labels`` (who is
        winning there, :meth:`label`), ``moves`` (a verdict per action whose
        position before and after are both analysed, as
        :meth:`verdict_json`) and ``summary`` (per player, the count of each
        class).  ``calibrated=False`` gives the verdicts as they were before
        the second look (:meth:`verdict`), for the measurement."""
        colors = self.rules.colors
        shown = [_smoothed(plies, i) for i in range(len(plies))]
        graph = [round(2 * self.expected(score) - 1, 3) for score in shown]
        labels = [self.label(score) for score in shown]
        verdicts: list[MoveVerdict] = []
        for before, after in zip(plies, plies[1:], strict=False):
            if after.ply != before.ply + 1 or before.ply >= len(actions):
                continue
            played = self.rules.parse(actions[before.ply])
            verdicts.append(self.verdict(before, after, played, calibrated=calibrated))
        summary = {c: dict.fromkeys(CLASSES, 0) for c in colors}
        for v in verdicts:
            summary[colors[v.mover]][v.kind] += 1
        return {
            "graph": graph,
            "labels": labels,
            "moves": [self.verdict_json(v) for v in verdicts],
            "summary": summary,
        }

    # -- plain values for the page --------------------------------------------------------

    def _text(self, code: int | None) -> str | None:
        return None if code is None else self.rules.text(code)

    def ply_json(self, p: PlyAnalysis) -> dict[str, Any]:
        """An analysis as plain values for the page (actions in the game's notation)."""
        return {
            "ply": p.ply,
            "turn": self.rules.colors[p.turn],
            "score": p.score,
            "best": self._text(p.best),
            "pv": [self.rules.text(a) for a in p.pv],
            "depth": p.depth,
            "nodes": p.nodes,
            "played": p.played,
            "givesWin": p.gives_win,
            "avoidable": p.avoidable,
            "deepDepth": p.deep_depth,
            "deepScore": p.deep_score,
            "deepPlayed": p.deep_played,
        }

    def ply_from_json(self, data: Mapping[str, Any]) -> PlyAnalysis:
        """Read back :meth:`ply_json` (raises ValueError on a malformed one)."""
        parse = self.rules.parse
        try:
            best = data["best"]
            return PlyAnalysis(
                ply=int(data["ply"]),
                turn=self.rules.colors.index(str(data["turn"])),
                score=int(data["score"]),
                best=None if best is None else parse(str(best)),
                pv=tuple(parse(str(a)) for a in data["pv"]),
                depth=int(data["depth"]),
                nodes=int(data["nodes"]),
                played=None if data["played"] is None else int(data["played"]),
                gives_win=bool(data["givesWin"]),
                avoidable=bool(data["avoidable"]),
                deep_depth=int(data.get("deepDepth") or 0),
                deep_score=_optional_int(data.get("deepScore")),
                deep_played=_optional_int(data.get("deepPlayed")),
            )
        except (KeyError, TypeError) as error:
            raise ValueError(f"a review entry is malformed: {error}") from None

    def verdict_json(self, v: MoveVerdict) -> dict[str, Any]:
        """A verdict as plain values for the page."""
        return {
            "ply": v.ply,
            "color": self.rules.colors[v.mover],
            "kind": v.kind,
            "loss": round(v.loss, 3),
            "best": self._text(v.best),
            "pv": [self.rules.text(a) for a in v.pv],
        }


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


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
