"""Iterative-deepening principal-variation search for Mixtour.

Design, in short (why each part is there):

* **Negamax over teams.**  With two players this is plain negamax.  With
  three it is *paranoid*: the player to choose (``root``) against a coalition
  of the other two.  A child whose mover is on the same side as the parent's
  mover keeps the score and the window; otherwise both are negated.  PASS
  hands the turn back (R10), which this handles without special cases.
* **Immediate wins first.**  Every node starts with one threat scan
  (:func:`~mixtour.ai.evaluate.scoring_colors`): can the mover complete a
  winning tower?  That makes a depth-*d* search see every win at ply
  *d + 1*, so a one-ply search already refuses moves that leave the
  opponent a winning tower.
* **Threat extensions.**  A node whose mover must parry a winning tower is
  searched one ply deeper, and a leaf where any other player could complete
  a tower is not trusted to the static evaluation: every action is tried
  once (with a higher target, the replies may score in turn).  Towers are
  to Mixtour what checks and captures are to chess; this is what made the
  biggest difference against the baseline (72 % -> 87 % at 100 ms/move).
* **Transposition table** keyed by ``pos.hash`` (Zobrist over the whole P1
  string, so R5 is part of the key) with exact/lower/upper bounds and the
  best move, which is tried first on the next visit.
* **Move ordering:** hash move, scoring moves (T > 1), two killers per ply,
  then the history heuristic.  Late quiet moves are searched one ply
  shallower (LMR) and re-searched when they surprise.
* **Quiescence** over scoring moves when the target is above 1: a tower that
  scores a point changes the material balance as much as a capture in chess.
* **Draws:** R7 and R9 come from the engine (``pos.status``); a position that
  repeats (on the search line or in the game's history) scores as the draw
  it can become, unless its mover can win at once, so the search neither
  walks into nor away from a repetition by accident.
* **Budgets:** a time limit, a node limit (machine independent, so the
  weaker levels are reproducible) and a depth limit.  The first iteration
  (two with three players) always completes, so the tactical guarantees
  hold whatever the budget.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Final

from ..core import Action, Position, Status, action_text
from .evaluate import Evaluator, EvaluatorLike, scoring_colors, scoring_moves

__all__ = [
    "INF",
    "WIN",
    "SearchInfo",
    "SearchResult",
    "Searcher",
    "immediate_win",
    "is_win_score",
]

INF: Final = 1_000_000
WIN: Final = 100_000  # a win at ply p scores WIN - p: faster wins are better
WIN_BOUND: Final = WIN - 1000  # scores beyond this are proven wins or losses
MAX_PLY: Final = 64
MAX_CODE: Final = 4 << 10 | 31 << 5 | 31  # largest action code + 1 > every code
TT_LIMIT: Final = 500_000  # entries (~50 MB): a browser tab must not run out of memory

EXACT: Final = 0
LOWER: Final = 1  # the true score is >= stored (fail high)
UPPER: Final = 2  # the true score is <= stored (fail low)


def is_win_score(score: int) -> bool:
    return abs(score) >= WIN_BOUND


class _Stop(Exception):
    """Raised inside the search when the time or node budget is spent."""


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

    def line(self) -> str:
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
    def action(self) -> Action:
        return Action(self.move)

    @property
    def text(self) -> str:
        return action_text(self.move)

    @property
    def nps(self) -> float:
        return self.nodes / (self.time_ms / 1000) if self.time_ms > 0 else 0.0


class Searcher:
    """One search on one position (create a new one per move).

    The position is searched in place with push/pop and is always restored,
    also when the budget runs out in the middle of a line.
    """

    __slots__ = (
        "pos",
        "evaluator",
        "root",
        "team",
        "target",
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
        "root_scores",
        "exact_root",
        "see_wins",
        "extend",
        "threat_ext",
        "root_depth",
    )

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
        self.pos = pos
        self.evaluator: EvaluatorLike = evaluator if evaluator is not None else Evaluator()
        self.root = pos.turn
        self.team = [1 if c == pos.turn else 0 for c in range(3)]
        self.target = pos.target
        self.nodes = 0
        self.max_nodes = 1 << 62
        self.deadline = float("inf")
        self.clock = time.perf_counter
        self.can_stop = False
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.history = [0] * (MAX_CODE + 1)
        self.killers = [[-1, -1] for _ in range(MAX_PLY + 1)]
        self.noise = noise
        self.salt = salt
        self.qdepth = qdepth
        self.lmr = lmr
        self.root_scores: dict[int, int] = {}
        self.exact_root = False
        self.see_wins = True
        self.extend = True
        self.threat_ext = True
        self.root_depth = 1

    # -- budgets -------------------------------------------------------------

    def _check(self) -> None:
        if self.can_stop and (self.nodes >= self.max_nodes or self.clock() >= self.deadline):
            raise _Stop

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
        pos = self.pos
        if pos.status == Status.WIN:
            assert pos.winner is not None
            return WIN - ply if self.team[pos.winner] == mover_team else ply - WIN
        return 0

    def _repeated(self, mover_team: int, ply: int) -> int:
        """Score of a position seen before on this line (R9): the draw it can
        become, unless its mover can simply win at once."""
        pos = self.pos
        turn = pos.turn
        if pos.scores[turn] + 1 >= self.target and pos.has_scoring_move(turn):
            return WIN - ply if self.team[turn] == mover_team else ply - WIN
        return 0

    def qsearch(self, alpha: int, beta: int, ply: int, qd: int) -> int:
        pos = self.pos
        self.nodes += 1
        if not self.nodes & 1023:
            self._check()
        turn = pos.turn
        scores = pos.scores
        target = self.target
        mask = scoring_colors(pos)
        if self.see_wins and mask >> turn & 1 and scores[turn] + 1 >= target:
            return WIN - ply
        stand = self._static()
        if qd <= 0 or ply >= MAX_PLY:
            return stand
        if self.extend and qd == self.qdepth and mask & ~(1 << turn):
            # Another player could complete a tower: standing pat means
            # little here, so look at every action once (a check extension;
            # with a higher target the replies may score in turn).
            return self._evasions(alpha, beta, ply, qd - 1)
        if self.target == 1:
            return stand
        if stand >= beta:
            return stand
        if stand > alpha:
            alpha = stand
        moves = scoring_moves(pos, turn)
        if not moves:
            return stand
        if pos.players == 3:
            legal = set(pos.legal_actions())
            moves = [m for m in moves if m in legal]
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
        turn = pos.turn
        target = self.target
        scores = pos.scores
        mask = scoring_colors(pos)
        if self.see_wins and mask >> turn & 1 and scores[turn] + 1 >= target:
            return WIN - ply
        if (
            self.threat_ext
            and mask & ~(1 << turn)
            and ply < 2 * self.root_depth
            and any(
                c != turn and mask >> c & 1 and scores[c] + 1 >= target for c in range(pos.players)
            )
        ):
            # The mover must parry a winning tower: few replies matter, and
            # the position is not quiet, so look one ply further.
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

        moves = pos.legal_actions()
        if len(moves) > 1:
            self._order(moves, hash_move, ply, turn)

        team = self.team
        my_team = team[turn]
        push = pos.push
        pop = pos.pop
        alpha0 = alpha
        best = -INF
        best_move = moves[0]
        lmr = self.lmr and depth >= 3
        killers = self.killers[ply]
        for i, m in enumerate(moves):
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
                        if m >= 1024:
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
        """Sort in place: hash move, scoring moves (T > 1), killers, history."""
        moves.sort(key=self.history.__getitem__, reverse=True)
        front: list[int] = []
        if self.target > 1:
            front = scoring_moves(self.pos, turn)
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


def immediate_win(pos: Position) -> int | None:
    """A legal action that wins the game at once, if there is one."""
    turn = pos.turn
    if pos.scores[turn] + 1 < pos.target or not pos.has_scoring_move(turn):
        return None
    for m in scoring_moves(pos, turn):
        pos.push(m)
        won = pos.status == Status.WIN and pos.winner == turn
        pos.pop()
        if won:
            return m
    return None
