"""Iterative-deepening principal-variation search for any game of the kit.

A game brings three things: its position (the protocol of
:mod:`mixtour.kit.protocol`: ``turn``, ``players``, ``hash``, ``status``,
``winner``, ``legal_actions``, ``push``/``pop``, ``repetitions``), an
evaluator (``evaluate(pos, root) -> int``, higher is better for ``root``)
and its :class:`GameRules`: the few hooks through which what is tactical in
that game reaches the search.  Everything else is here, once:

* **Negamax over teams.**  With two players this is plain negamax.  With
  more it is *paranoid*: the player to choose (``root``) against a coalition
  of the others.  A child whose mover is on the same side as the parent's
  mover keeps the score and the window; otherwise both are negated, so a
  turn that comes back to the same player (a pass) needs no special case.
* **Tactics first** (``GameRules.tactics``): one scan per node tells whether
  the mover can win at once (the node scores as that win: a depth-*d*
  search sees every win at ply *d + 1*), whether another player threatens
  to (the mover must parry: one ply deeper, a *threat extension*), and
  whether the position is quiet (a leaf that is not gets every action tried
  once before it is trusted to the static evaluation).
* **Transposition table** keyed by ``pos.hash``, with exact/lower/upper
  bounds and the best move, which is tried first on the next visit.
* **Move ordering:** hash move, the game's promising actions, two killers
  per ply, then the history heuristic.  Late quiet moves are searched one
  ply shallower (LMR) and re-searched when they surprise; a level may
  leave the latest ones of a quiet node near the leaves unsearched (LMP,
  ``lmp`` below).
* **Quiescence** over the game's noisy actions (``GameRules.noisy_actions``).
* **Draws:** the game's own endings come from ``pos.status``; a position
  that repeats (on the search line or in the game's history) scores as the
  draw it can become, unless its mover can win at once
  (``GameRules.wins_now``), so the search neither walks into nor away from
  a repetition by accident.
* **Budgets:** a time limit, a node limit (machine independent, so that
  weak levels are reproducible) and a depth limit; the clock is read every
  1024 nodes once ``can_stop`` is set (:func:`deepen` sets it after the
  iterations that must complete), and a clock that jumps to infinity stops
  the search at once (:func:`stoppable`).

The hot loops read the hooks from slots bound once per search and the
position's methods from locals: a game pays for its hooks, not for the
genericity.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final, Generic, Protocol, TypeVar

from .protocol import GamePosition, P

__all__ = [
    "EXACT",
    "INF",
    "LMR_FROM",
    "LOWER",
    "MAX_PLY",
    "MUST_PARRY",
    "TT_LIMIT",
    "UNQUIET",
    "UPPER",
    "WIN",
    "WIN_BOUND",
    "WIN_NOW",
    "Deepened",
    "GameRules",
    "SearchInfo",
    "SearchResult",
    "Searcher",
    "StaticEvaluator",
    "Stop",
    "deepen",
    "immediate_win",
    "is_win_score",
    "sharpen",
    "stoppable",
]

INF: Final = 1_000_000
WIN: Final = 100_000  # a win at ply p scores WIN - p: faster wins are better
WIN_BOUND: Final = WIN - 1000  # scores beyond this are proven wins or losses
MAX_PLY: Final = 64
TT_LIMIT: Final = 500_000  # entries (~50 MB): a browser tab must not run out of memory
LMR_FROM: Final = 3  # the least depth whose late moves are reduced, unless a level says less

EXACT: Final = 0
LOWER: Final = 1  # the true score is >= stored (fail high)
UPPER: Final = 2  # the true score is <= stored (fail low)

# The flags of GameRules.tactics.
WIN_NOW: Final = 1  # the mover has an action that wins the game at once
MUST_PARRY: Final = 2  # another player could win at once: the mover must parry
UNQUIET: Final = 4  # another player has a tactical shot (MUST_PARRY implies it)

P_contra = TypeVar("P_contra", bound=GamePosition, contravariant=True)


def is_win_score(score: int) -> bool:
    return abs(score) >= WIN_BOUND


class Stop(Exception):
    """Raised inside the search when the time or node budget is spent."""


class StaticEvaluator(Protocol[P_contra]):
    """What the search needs from an evaluator (a game injects its own)."""

    def evaluate(self, pos: P_contra, root: int) -> int:
        """Score of ``pos`` for player ``root`` (higher is better for root)."""
        ...


def _no_tactics(pos: object) -> int:
    return 0


@dataclass(frozen=True, slots=True)
class GameRules(Generic[P]):
    """A game's hooks into the search; each may be left out (``None``).

    ``tactics(pos)``
        One scan per node: the flags :data:`WIN_NOW`, :data:`MUST_PARRY` and
        :data:`UNQUIET` for the player to move (0: nothing tactical).
    ``noisy_actions(pos, mover)``
        The legal actions that quiescence searches past the horizon (chess
        would give captures); ``None`` when the game has none, and a leaf is
        then always scored by the evaluator.  ``mover`` is ``pos.turn``,
        passed because the search has it at hand.
    ``promising_actions(pos, mover)``
        Actions to try right after the hash move (a fresh list; actions in
        it that are not legal are skipped).
    ``wins_now(pos)``
        Can the player to move win at once?  Scores a repeated position.
    ``action_space``
        Every action code is below it (the size of the history table).
    ``history_from``
        Actions below this code are never credited by the history heuristic
        (for actions the game orders well by other means).
    """

    tactics: Callable[[P], int] | None = None
    noisy_actions: Callable[[P, int], list[int]] | None = None
    promising_actions: Callable[[P, int], list[int]] | None = None
    wins_now: Callable[[P], bool] | None = None
    action_space: int = 1 << 16
    history_from: int = 0


@dataclass(frozen=True, slots=True)
class SearchInfo:
    """One finished iteration: what a UCI-like ``info`` line reports."""

    depth: int
    score: int
    nodes: int
    time_ms: float
    pv: tuple[int, ...]

    def score_text(self) -> str:
        """``cp 35``, ``win 3`` (the mover wins in 3 plies) or ``loss 2``."""
        if self.score >= WIN_BOUND:
            return f"win {WIN - self.score}"
        if self.score <= -WIN_BOUND:
            return f"loss {WIN + self.score}"
        return f"cp {self.score}"

    def line(self, action_text: Callable[[int], str] = str) -> str:
        """The ``info`` line, with the principal variation in the game's notation."""
        pv = " ".join(action_text(a) for a in self.pv)
        return (
            f"info depth {self.depth} score {self.score_text()} nodes {self.nodes} "
            f"time {self.time_ms:.0f} pv {pv}".rstrip()
        )


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The chosen move and how it was found."""

    move: int
    score: int
    depth: int
    nodes: int
    time_ms: float
    pv: tuple[int, ...]
    iterations: tuple[SearchInfo, ...] = field(default=())
    level: int | None = None
    seed: int | None = None

    @property
    def nps(self) -> float:
        return self.nodes / (self.time_ms / 1000) if self.time_ms > 0 else 0.0


class Searcher(Generic[P]):
    """One search on one position (create a new one per move).

    The position is searched in place with push/pop and is always restored,
    also when the budget runs out in the middle of a line.  The switches
    (``see_wins``, ``extend``, ``threat_ext``, ``lmr``, ``lmr_from``,
    ``qdepth``, ``noise``, ``exact_root``, and the ones off by default:
    ``deep_lmr``, ``keep_partial``, ``rfp``, ``lmp``) and budgets
    (``max_nodes``, ``deadline``, ``clock``) may be set before the search
    starts.

    The switches off by default are Master's: ``deep_lmr`` reduces the
    latest moves of deep nodes by two plies instead of one, unless the mover
    must parry a threat; ``keep_partial`` (read by :func:`deepen`) keeps the
    best move of an iteration that the clock cut short, once that move has
    been proven better than the last iteration's best at the new depth, and
    so lets :func:`deepen` start an iteration with whatever time is left;
    ``rfp`` (a margin in evaluation units, 0 for off) ends a quiet node of
    depth 3 or less searched with a null window at once when its static
    value beats beta by ``rfp`` a ply of depth left, trusting that the
    mover would keep that much (reverse futility pruning); ``lmp`` (a
    count for each depth from 1, empty for off) tries only the first
    ``lmp[d - 1]`` actions of a quiet node of depth ``d`` searched with a
    null window, once one of them has a score that is not a loss (the
    ordering puts the hash move, the game's promising actions and the
    killers first, and the history table orders the rest; late ones
    rarely raise the score there: late-move pruning).  A sharp level may
    also lower ``lmr_from`` (:data:`LMR_FROM`, 3), the least depth of a
    node whose late actions are searched a ply shallower: at 2 the late
    actions of a node of depth 2 are only scored by the evaluator (after
    the game's tactics), and searched again at full depth when they
    surprise.
    """

    __slots__ = (
        "pos",
        "evaluator",
        "root",
        "team",
        "nodes",
        "max_nodes",
        "deadline",
        "clock",
        "can_stop",
        "tt",
        "history",
        "killers",
        "noise",
        "salt",
        "qdepth",
        "lmr",
        "deep_lmr",
        "keep_partial",
        "rfp",
        "lmp",
        "lmr_from",
        "root_best",
        "root_scores",
        "exact_root",
        "see_wins",
        "extend",
        "threat_ext",
        "root_depth",
        "tactics",
        "noisy",
        "promising",
        "wins_now",
        "history_from",
    )

    def __init__(
        self,
        pos: P,
        rules: GameRules[P],
        evaluator: StaticEvaluator[P],
        *,
        noise: int = 0,
        salt: int = 0,
        qdepth: int = 6,
        lmr: bool = True,
    ) -> None:
        self.pos = pos
        self.evaluator = evaluator
        self.root = pos.turn
        self.team = [1 if c == pos.turn else 0 for c in range(max(pos.players, 3))]
        self.nodes = 0
        self.max_nodes = 1 << 62
        self.deadline = float("inf")
        self.clock: Callable[[], float] = time.perf_counter
        self.can_stop = False
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.history = [0] * (rules.action_space + 1)
        self.killers = [[-1, -1] for _ in range(MAX_PLY + 1)]
        self.noise = noise
        self.salt = salt
        self.qdepth = qdepth
        self.lmr = lmr
        self.deep_lmr = False
        self.keep_partial = False
        self.rfp = 0
        self.lmp: tuple[int, ...] = ()
        self.lmr_from = LMR_FROM
        # The best root move of the iteration under way and its score, once
        # the first move has its score (for keep_partial).
        self.root_best: tuple[int, int] | None = None
        self.root_scores: dict[int, int] = {}
        self.exact_root = False
        self.see_wins = True
        self.extend = True
        self.threat_ext = True
        self.root_depth = 1
        self.tactics: Callable[[P], int] = rules.tactics or _no_tactics
        self.noisy = rules.noisy_actions
        self.promising = rules.promising_actions
        self.wins_now = rules.wins_now
        self.history_from = rules.history_from

    # -- budgets -------------------------------------------------------------

    def _check(self) -> None:
        if self.can_stop and (self.nodes >= self.max_nodes or self.clock() >= self.deadline):
            raise Stop

    # -- evaluation ------------------------------------------------------------

    def _static(self) -> int:
        """Evaluation for the mover, with the level's deterministic noise."""
        pos = self.pos
        v = self.evaluator.evaluate(pos, self.root)
        if self.noise:
            # Noise from the hash: the same position always gets the same
            # error, so the search stays consistent and reproducible.
            x = (pos.hash ^ self.salt) * 0x9E3779B97F4A7C15 & 0xFFFFFFFFFFFF
            v += x % (2 * self.noise + 1) - self.noise
        return v if self.team[pos.turn] else -v

    # -- the search --------------------------------------------------------------

    def _terminal(self, mover_team: int, ply: int) -> int:
        """Score of a finished game for a node whose mover is on ``mover_team``."""
        winner = self.pos.winner
        if winner is not None:
            return WIN - ply if self.team[winner] == mover_team else ply - WIN
        return 0

    def _repeated(self, mover_team: int, ply: int) -> int:
        """Score of a position seen before: the draw it can become, unless
        its mover can simply win at once."""
        wins_now = self.wins_now
        pos = self.pos
        if wins_now is not None and wins_now(pos):
            return WIN - ply if self.team[pos.turn] == mover_team else ply - WIN
        return 0

    def qsearch(self, alpha: int, beta: int, ply: int, qd: int) -> int:
        pos = self.pos
        self.nodes += 1
        if not self.nodes & 1023:
            self._check()
        flags = self.tactics(pos)
        # The flags are written as numbers: a global's look-up costs at every node.
        if flags & 1 and self.see_wins:  # WIN_NOW
            return WIN - ply
        stand = self._static()
        if qd <= 0 or ply >= MAX_PLY:
            return stand
        if flags & 4 and self.extend and qd == self.qdepth:  # UNQUIET
            # Another player has a shot: standing pat means little here, so
            # look at every action once (a check extension, in chess words).
            return self._evasions(alpha, beta, ply, qd - 1)
        noisy = self.noisy
        if noisy is None:
            return stand
        if stand >= beta:
            return stand
        if stand > alpha:
            alpha = stand
        turn = pos.turn
        moves = noisy(pos, turn)
        if not moves:
            return stand
        best = stand
        team = self.team
        my_team = team[turn]
        push = pos.push
        pop = pos.pop
        for m in moves:
            push(m)
            try:
                if pos.status:
                    v = self._terminal(my_team, ply + 1)
                elif team[pos.turn] == my_team:
                    v = self.qsearch(alpha, beta, ply + 1, qd - 1)
                else:
                    v = -self.qsearch(-beta, -alpha, ply + 1, qd - 1)
            finally:
                pop()
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        return best

    def _evasions(self, alpha: int, beta: int, ply: int, qd: int) -> int:
        """Every action of the mover, each answered by a static look."""
        pos = self.pos
        team = self.team
        my_team = team[pos.turn]
        push = pos.push
        pop = pos.pop
        best = -INF
        for m in pos.legal_actions():
            push(m)
            try:
                if pos.status:
                    v = self._terminal(my_team, ply + 1)
                elif team[pos.turn] == my_team:
                    v = self.qsearch(alpha, beta, ply + 1, qd)
                else:
                    v = -self.qsearch(-beta, -alpha, ply + 1, qd)
            finally:
                pop()
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        return best

    def search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Negamax score of the position for its mover (see the module doc)."""
        if depth <= 0 or ply >= MAX_PLY:
            return self.qsearch(alpha, beta, ply, self.qdepth)
        pos = self.pos
        self.nodes += 1
        if not self.nodes & 1023:
            self._check()
        flags = self.tactics(pos)
        if flags:
            if flags & 1 and self.see_wins:  # WIN_NOW
                return WIN - ply
            if flags & 2 and self.threat_ext and ply < 2 * self.root_depth:  # MUST_PARRY
                # The mover must parry a win: few replies matter, and the
                # position is not quiet, so look one ply further.
                depth += 1

        key = pos.hash
        tt = self.tt
        entry = tt.get(key)
        hash_move = -1
        if entry is not None:
            e_depth, e_score, e_flag, hash_move = entry
            if e_depth >= depth:
                if e_score >= WIN_BOUND:
                    e_score -= ply
                elif e_score <= -WIN_BOUND:
                    e_score += ply
                if e_flag == EXACT:
                    return e_score
                if e_flag == LOWER:
                    if e_score >= beta:
                        return e_score
                elif e_score <= alpha:
                    return e_score

        # Reverse futility: a quiet node near the leaves, far enough above
        # beta by its static value, is taken to stay there.
        rfp = self.rfp
        if rfp and depth <= 3 and not flags and beta - alpha == 1 and -WIN_BOUND < beta < WIN_BOUND:
            stand = self._static()
            if stand - rfp * depth >= beta:
                return stand

        moves = pos.legal_actions()
        turn = pos.turn
        if len(moves) > 1:
            self._order(moves, hash_move, ply, turn)

        team = self.team
        my_team = team[turn]
        push = pos.push
        pop = pos.pop
        alpha0 = alpha
        best = -INF
        best_move = moves[0]
        lmr = self.lmr and depth >= self.lmr_from
        # Deeper reductions: late moves of deep nodes, unless the mover parries.
        late = 6 if self.deep_lmr and depth >= 4 and not flags & 2 else 1 << 30
        killers = self.killers[ply]
        # Late-move pruning: a quiet null-window node near the leaves tries
        # only its first actions.
        lmp = self.lmp
        keep = lmp[depth - 1] if depth <= len(lmp) and not flags and beta - alpha == 1 else 1 << 30
        for i, m in enumerate(moves):
            if i >= keep and best > -WIN_BOUND:
                break
            push(m)
            try:
                if pos.status:
                    v = self._terminal(my_team, ply + 1)
                elif pos.repetitions() >= 2:
                    v = self._repeated(my_team, ply + 1)
                else:
                    same = team[pos.turn] == my_team
                    d = depth - 1
                    if i == 0:
                        v = (
                            self.search(d, alpha, beta, ply + 1)
                            if same
                            else -self.search(d, -beta, -alpha, ply + 1)
                        )
                    else:
                        r = 1 if lmr and i >= 4 and m != killers[0] and m != killers[1] else 0
                        if r and i >= late:
                            r = 2
                        v = (
                            self.search(d - r, alpha, alpha + 1, ply + 1)
                            if same
                            else -self.search(d - r, -alpha - 1, -alpha, ply + 1)
                        )
                        if v > alpha and r:
                            v = (
                                self.search(d, alpha, alpha + 1, ply + 1)
                                if same
                                else -self.search(d, -alpha - 1, -alpha, ply + 1)
                            )
                        if alpha < v < beta:
                            v = (
                                self.search(d, alpha, beta, ply + 1)
                                if same
                                else -self.search(d, -beta, -alpha, ply + 1)
                            )
            finally:
                pop()
            if v > best:
                best = v
                best_move = m
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        if m >= self.history_from:
                            self.history[m] += depth * depth
                        if killers[0] != m:
                            killers[1] = killers[0]
                            killers[0] = m
                        break

        flag = EXACT if alpha0 < best < beta else (LOWER if best >= beta else UPPER)
        stored = best
        if stored >= WIN_BOUND:
            stored += ply
        elif stored <= -WIN_BOUND:
            stored -= ply
        if len(tt) > TT_LIMIT:
            tt.clear()
        tt[key] = (depth, stored, flag, best_move)
        return best

    def _order(self, moves: list[int], hash_move: int, ply: int, turn: int) -> None:
        """Sort in place: hash move, promising actions, killers, history."""
        moves.sort(key=self.history.__getitem__, reverse=True)
        promising = self.promising
        front: list[int] = [] if promising is None else promising(self.pos, turn)
        k0, k1 = self.killers[ply]
        for k in (k0, k1):
            if k >= 0 and k not in front:
                front.append(k)
        if hash_move >= 0:
            if hash_move in front:
                front.remove(hash_move)
            front.insert(0, hash_move)
        # Move the chosen ones to the front, most important first.
        for m in reversed(front):
            if m in moves:
                moves.remove(m)
                moves.insert(0, m)

    # -- the root ------------------------------------------------------------------

    def root_search(self, depth: int, moves: list[int], alpha: int, beta: int) -> tuple[int, int]:
        """Search the root moves (best first) and reorder them by score.

        Returns (best score, best move).  With ``exact_root`` every move gets
        an exact score (the weaker levels pick among near-best moves).
        """
        pos = self.pos
        self.nodes += 1
        self.root_depth = depth
        team = self.team
        my_team = team[pos.turn]
        best = -INF
        best_move = moves[0]
        scores: dict[int, int] = {}
        self.root_best = None
        push = pos.push
        pop = pos.pop
        for i, m in enumerate(moves):
            push(m)
            try:
                if pos.status:
                    v = self._terminal(my_team, 1)
                elif pos.repetitions() >= 2:
                    v = self._repeated(my_team, 1)
                else:
                    same = team[pos.turn] == my_team
                    d = depth - 1
                    if i == 0 or self.exact_root:
                        a = -INF if self.exact_root else alpha
                        v = self.search(d, a, beta, 1) if same else -self.search(d, -beta, -a, 1)
                    else:
                        v = (
                            self.search(d, alpha, alpha + 1, 1)
                            if same
                            else -self.search(d, -alpha - 1, -alpha, 1)
                        )
                        if alpha < v < beta:
                            v = (
                                self.search(d, alpha, beta, 1)
                                if same
                                else -self.search(d, -beta, -alpha, 1)
                            )
            finally:
                pop()
            scores[m] = v
            if v > best:
                best = v
                best_move = m
                if v > alpha:
                    alpha = v
                    # Its score at this depth, proven better than the earlier moves'.
                    self.root_best = (m, v)
        # Stable sort: the best first, the rest in the order of their scores.
        moves.sort(key=lambda m: -scores[m])
        self.root_scores = scores
        return best, best_move

    def principal_variation(self, first: int, limit: int = 24) -> tuple[int, ...]:
        """Follow hash moves from the root after ``first`` (checked for legality)."""
        pos = self.pos
        line = [first]
        pushed = 0
        pos.push(first)
        pushed += 1
        try:
            while len(line) < limit and not pos.status and pos.repetitions() < 2:
                entry = self.tt.get(pos.hash)
                if entry is None:
                    break
                m = entry[3]
                if m not in pos.legal_actions():
                    break
                line.append(m)
                pos.push(m)
                pushed += 1
        finally:
            for _ in range(pushed):
                pos.pop()
        return tuple(line)


Info = TypeVar("Info", bound=SearchInfo)


@dataclass(slots=True)
class Deepened(Generic[Info]):
    """What :func:`deepen` found: the last completed iteration's move,
    score, depth and principal variation, and every iteration's report."""

    move: int
    score: int
    depth: int
    pv: tuple[int, ...]
    iterations: list[Info]


def deepen(
    s: Searcher[P],
    moves: Sequence[int],
    max_depth: int,
    *,
    t0: float,
    clock: Callable[[], float],
    info: Callable[[int, int, int, float, tuple[int, ...]], Info],
    on_info: Callable[[Info], None] | None = None,
) -> Deepened[Info]:
    """Iterative deepening from depth 1 to ``max_depth`` over the root
    ``moves``, until a budget of ``s`` runs out.

    The first iteration always completes (the first ``players - 1`` ones,
    so that with three players a gift to the player after next is seen), so
    that the tactical guarantees hold whatever the budget.  A proven win or
    loss ends the deepening; so does a deadline that the next iteration
    would not meet.  ``t0`` is when the move's clock started; ``info``
    makes each iteration's report (a game's :class:`SearchInfo`).
    """
    must_finish = max(1, s.pos.players - 1)
    order = list(moves)
    found: Deepened[Info] = Deepened(order[0], -INF, 0, (order[0],), [])
    for d in range(1, max_depth + 1):
        s.can_stop = d > must_finish
        try:
            score, move = s.root_search(d, order, -INF, INF)
        except Stop:
            # Unless keep_partial says otherwise, only completed iterations
            # count.  With it, a move that the unfinished iteration proved
            # better than the previous best at the new depth is played.
            partial = s.root_best
            if s.keep_partial and partial is not None and partial[0] != found.move:
                found.move, found.score = partial
                found.pv = s.principal_variation(found.move)
            break
        found.move, found.score, found.depth = move, score, d
        found.pv = s.principal_variation(move)
        report = info(d, score, s.nodes, (clock() - t0) * 1000, found.pv)
        found.iterations.append(report)
        if on_info is not None:
            on_info(report)
        if score >= WIN_BOUND or score <= -WIN_BOUND:
            break  # proven: deeper search cannot change the outcome
        if (
            not s.keep_partial
            and s.deadline != float("inf")
            and clock() > t0 + 0.6 * (s.deadline - t0)
        ):
            # The next iteration would not finish, and an unfinished one
            # counts for nothing: keep the time.
            break
    return found


def sharpen(
    s: Searcher[P],
    on: bool = True,
    rfp: int = 0,
    lmp: tuple[int, ...] = (),
    lmr_from: int = LMR_FROM,
) -> None:
    """Turn a sharp level's switches on (:attr:`mixtour.kit.levels.Level.sharp`:
    deeper late-move reductions, the proven better move of an iteration cut
    short, reverse futility pruning with the margin ``rfp``, 0 for none,
    late-move pruning with the counts ``lmp``, empty for none, and late-move
    reductions from the depth ``lmr_from``), or all of them off (a frozen
    player, a builder that must search as it always did)."""
    s.deep_lmr = on
    s.keep_partial = on
    s.rfp = rfp if on else 0
    s.lmp = lmp if on else ()
    s.lmr_from = lmr_from if on else LMR_FROM


def stoppable(clock: Callable[[], float], stop: Callable[[], bool]) -> Callable[[], float]:
    """A clock that jumps past every deadline once ``stop()`` is true."""

    def read() -> float:
        return math.inf if stop() else clock()

    return read


def immediate_win(pos: GamePosition, actions: Iterable[int] | None = None) -> int | None:
    """The first of ``actions`` (by default every legal action) after which
    the player to move has won, if any, by trying each; a game with a faster
    way gives its own, or narrows ``actions`` to those that may win."""
    turn = pos.turn
    for m in pos.legal_actions() if actions is None else actions:
        pos.push(m)
        won = pos.status != 0 and pos.winner == turn
        pos.pop()
        if won:
            return m
    return None
