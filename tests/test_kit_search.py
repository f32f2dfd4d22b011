"""The kit's generic search (mixtour/kit/search.py) on a second, tiny game.

Noughts and crosses, written here against the game protocol only, proves
that the search knows no Mixtour: it takes a win in one, parries a loss in
one, plays the perfect game to a draw, uses a game's tactics hook, and keeps
its budgets (depth, nodes, time, ``stop()``), restoring the position.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Final

from mixtour.kit.protocol import GamePosition
from mixtour.kit.search import (
    INF,
    LMR_FROM,
    MUST_PARRY,
    UNQUIET,
    WIN,
    WIN_NOW,
    GameRules,
    Searcher,
    SearchInfo,
    deepen,
    immediate_win,
    stoppable,
)
from mixtour.tor.core import NUM_SQUARES as TOR_SQUARES
from mixtour.tor.core import Position as TorPosition

LINES: Final = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)
MARKS: Final = "xo"
Z_CELL: Final = [
    [(cell * 2 + p + 1) * 0x9E3779B97F4A7C15 % (1 << 61) for p in (0, 1)] for cell in range(9)
]
Z_TURN: Final = 0x5DEECE66D


@dataclass(frozen=True)
class Refusal:
    id: str
    args: dict[str, str | int]

    def as_dict(self) -> dict[str, object]:
        return {"id": self.id, "args": dict(self.args)}

    def __str__(self) -> str:
        return f"{self.args['square']} is taken" if self.id == "taken" else "the game is over"


@dataclass(frozen=True)
class Result:
    status: int
    winner: int | None

    @property
    def is_over(self) -> bool:
        return self.status != 0

    @property
    def code(self) -> str:
        if self.winner is not None:
            return f"{MARKS[self.winner]}-wins"
        return "draw" if self.status else "playing"

    @property
    def score_text(self) -> str:
        return {None: "1/2-1/2" if self.status else "*", 0: "1-0", 1: "0-1"}[self.winner]

    def describe(self) -> str:
        return self.code


class Noughts:
    """Noughts and crosses: cells 0-8 from the top left; the string is the
    nine cells (``x``, ``o``, ``.``) and the player to move."""

    def __init__(self, text: str = "......... x") -> None:
        cells, mover = text.split()
        self.cells = [MARKS.index(c) if c in MARKS else -1 for c in cells]
        self.turn = MARKS.index(mover)
        self.players = 2
        self.hash = Z_TURN * self.turn
        for cell, p in enumerate(self.cells):
            if p >= 0:
                self.hash ^= Z_CELL[cell][p]
        self.status = 0
        self.winner: int | None = None
        self._done: list[int] = []
        self._judge()

    def _judge(self) -> None:
        c = self.cells
        for a, b, d in LINES:
            if c[a] >= 0 and c[a] == c[b] == c[d]:
                self.status, self.winner = 1, c[a]
                return
        self.status, self.winner = (2 if -1 not in c else 0), None

    @property
    def outcome(self) -> Result:
        return Result(self.status, self.winner)

    def legal_actions(self) -> list[int]:
        return [] if self.status else [i for i in range(9) if self.cells[i] < 0]

    def push(self, action: int) -> None:
        self.cells[action] = self.turn
        self.hash ^= Z_CELL[action][self.turn] ^ Z_TURN
        self.turn ^= 1
        self._done.append(action)
        self._judge()

    def pop(self) -> int:
        action = self._done.pop()
        self.turn ^= 1
        self.cells[action] = -1
        self.hash ^= Z_CELL[action][self.turn] ^ Z_TURN
        self.status, self.winner = 0, None
        return action

    def repetitions(self) -> int:
        return 1  # a mark is never taken back: no position comes twice

    def fen(self) -> str:
        return "".join(MARKS[p] if p >= 0 else "." for p in self.cells) + " " + MARKS[self.turn]

    def copy(self) -> Noughts:
        return Noughts(self.fen())

    def why_not(self, action: int) -> Refusal | None:
        if self.status:
            return Refusal("game-over", {})
        return Refusal("taken", {"square": action}) if self.cells[action] >= 0 else None

    def explain(self, action: int) -> str | None:
        reason = self.why_not(action)
        return None if reason is None else str(reason)


CONFORMS: GamePosition = Noughts()


class OpenLines:
    """Lines still open to ``root`` minus lines still open to the other."""

    def evaluate(self, pos: Noughts, root: int) -> int:
        c = pos.cells
        mine = sum(1 for line in LINES if all(c[i] != 1 - root for i in line))
        theirs = sum(1 for line in LINES if all(c[i] != root for i in line))
        return mine - theirs


def threats(pos: Noughts) -> int:
    """The tactics hook: two in a line and the third cell free."""
    flags = 0
    c = pos.cells
    for line in LINES:
        marks = [c[i] for i in line]
        if marks.count(-1) == 1:
            if marks.count(pos.turn) == 2:
                flags |= WIN_NOW
            elif marks.count(1 - pos.turn) == 2:
                flags |= MUST_PARRY | UNQUIET
    return flags


PLAIN: Final[GameRules[Noughts]] = GameRules(action_space=9)
TACTICAL: Final[GameRules[Noughts]] = GameRules(tactics=threats, action_space=9)


def best(
    text: str, depth: int, rules: GameRules[Noughts] = PLAIN, **budget: float
) -> tuple[int, int, int, Searcher[Noughts]]:
    """(move, score, depth reached, the searcher) of a search of ``text``."""
    pos = Noughts(text)
    s = Searcher(pos, rules, OpenLines())
    t0 = time.perf_counter()
    clock = time.perf_counter
    if "max_nodes" in budget:
        s.max_nodes = int(budget["max_nodes"])
    if "deadline_s" in budget:
        s.deadline = t0 + budget["deadline_s"]
    s.clock = clock
    found = deepen(s, pos.legal_actions(), depth, t0=t0, clock=clock, info=SearchInfo)
    assert pos.fen() == text, "the search restores the position"
    return found.move, found.score, found.depth, s


def test_the_search_takes_a_win_in_one() -> None:
    # x on a and b of the top row, o to block elsewhere: x to move wins on cell 2.
    move, score, _, _ = best("xx.oo.... x", 3)
    assert move == 2 and score == WIN - 1


def test_the_search_parries_a_loss_in_one() -> None:
    # o threatens the middle row (3, 4); x has no win, so x must take cell 5.
    move, score, _, _ = best("x..oo.x.. x", 2)
    assert move == 5 and score > -WIN // 2


def test_perfect_play_from_the_empty_board_is_a_draw() -> None:
    move, score, depth, _ = best("......... x", 9)
    assert depth == 9 and score == 0 and move in range(9)


def test_a_tactics_hook_lets_one_ply_see_the_reply_that_wins() -> None:
    text = ".x.oo..x. x"  # o threatens the middle row; x must take cell 5
    # One ply without the hook trusts the evaluation, which likes a corner.
    plain_move, _, _, _ = best(text, 1)
    assert plain_move == 0
    # With it, a leaf where the opponent can win at once scores as that win.
    move, score, _, _ = best(text, 1, TACTICAL)
    assert move == 5 and score > -WIN // 2


def test_the_generic_immediate_win_finds_the_winning_cell_or_none() -> None:
    pos = Noughts("xx.oo.... x")
    assert immediate_win(pos) == 2 and pos.fen() == "xx.oo.... x"
    assert immediate_win(Noughts("x...o.... x")) is None


def test_a_depth_limit_stops_the_deepening_there() -> None:
    _, _, depth, s = best("......... x", 2)
    assert depth == 2 and s.root_depth == 2


def test_a_node_budget_stops_the_search_at_the_next_check() -> None:
    _, _, full_depth, full = best("......... x", 9)
    assert full_depth == 9 and full.nodes > 2048, "the toy must search past two checks"
    # The budget is checked every 1024 nodes once the first iteration is done.
    move, _, depth, s = best("......... x", 9, max_nodes=1500)
    assert s.nodes == 2048 and 1 <= depth < 9 and move in range(9)


def test_a_spent_time_budget_still_completes_the_first_iteration() -> None:
    move, _, depth, s = best("......... x", 9, deadline_s=0.0)
    assert depth == 1 and s.root_depth == 1 and move in range(9)


def test_stop_ends_the_search_with_the_best_move_so_far() -> None:
    pos = Noughts("......... x")
    s = Searcher(pos, PLAIN, OpenLines())
    asked: list[bool] = []

    def stop() -> bool:
        asked.append(True)
        return True

    s.clock = stoppable(time.perf_counter, stop)
    t0 = time.perf_counter()
    found = deepen(s, pos.legal_actions(), 9, t0=t0, clock=time.perf_counter, info=SearchInfo)
    assert asked and found.depth >= 1 and found.move in range(9)
    assert s.nodes == 1024 and pos.fen() == "......... x"
    assert s.clock() == math.inf


def test_scores_at_the_root_are_exact_when_asked() -> None:
    pos = Noughts("xx.oo.... o")
    s = Searcher(pos, PLAIN, OpenLines())
    s.exact_root = True
    score, move = s.root_search(2, pos.legal_actions(), -INF, INF)
    assert move == 5 and score == WIN - 1
    # Every other move but the block on 2 lets x complete the top row.
    assert sorted(s.root_scores) == [2, 5, 6, 7, 8]
    assert all(v == 2 - WIN for m, v in s.root_scores.items() if m not in (2, 5))
    assert 2 - WIN < s.root_scores[2] < WIN - 1


def cut_short(text: str, keep_partial: bool) -> list[tuple[int, int]]:
    """(depth completed, move) of a search to depth 2 of ``text`` cut by the
    node budget at each node in turn of its second iteration."""
    out = []
    for first in range(1024 - 150, 1024):
        pos = Noughts(text)
        s = Searcher(pos, PLAIN, OpenLines())
        s.keep_partial = keep_partial
        # The budget is read every 1024 nodes: starting the count at `first`
        # puts that reading at another node of the search each time.
        s.nodes, s.max_nodes = first, 0
        found = deepen(s, pos.legal_actions(), 2, t0=0, clock=time.perf_counter, info=SearchInfo)
        assert pos.fen() == text
        out.append((found.depth, found.move))
    return out


def test_an_iteration_cut_short_gives_its_move_only_when_proven_better() -> None:
    # x threatens the bottom row; o must take cell 6.  One ply, trusting the
    # evaluation, prefers a corner (0); two plies see the threat.
    text = ".....o.xx o"
    pos = Noughts(text)
    s = Searcher(pos, PLAIN, OpenLines())
    s.exact_root = True
    assert s.root_search(1, pos.legal_actions(), -INF, INF)[1] == 0
    s.root_search(2, pos.legal_actions(), -INF, INF)
    at_two = s.root_scores
    assert max(at_two, key=at_two.__getitem__) == 6 and at_two[6] > at_two[0]
    # Without keep_partial a cut iteration counts for nothing.
    plain = cut_short(text, keep_partial=False)
    assert {move for depth, move in plain if depth == 1} == {0}
    # With it, a cut after the block has been searched plays the block; any
    # other move than the last iteration's must have scored better at two plies.
    kept = cut_short(text, keep_partial=True)
    moves = {move for depth, move in kept if depth == 1}
    assert 6 in moves and 0 in moves, "some cuts come before the block is searched"
    assert all(at_two[m] > at_two[0] for m in moves - {0})
    assert [d for d, _ in kept] == [d for d, _ in plain], "the same cuts"


def test_with_keep_partial_the_deepening_uses_all_its_time() -> None:
    # A clock that moves on by 0.01 s each time it is read, and 0.07 s to
    # spend: without keep_partial the deepening stops once 60 % of the time
    # is gone, since an unfinished iteration would count for nothing; with
    # it, iterations start until the clock cuts one short.
    reached = {}
    for keep in (False, True):
        now = [0.0]

        def clock(now: list[float] = now) -> float:
            now[0] += 0.01
            return now[0]

        pos = Noughts("......... x")
        s = Searcher(pos, PLAIN, OpenLines())
        s.keep_partial = keep
        s.clock = clock
        t0 = clock()
        s.deadline = t0 + 0.07
        found = deepen(s, pos.legal_actions(), 9, t0=t0, clock=clock, info=SearchInfo)
        reached[keep] = (found.depth, s.root_depth)
    assert reached[False][1] == reached[False][0], "no iteration was started and lost"
    assert reached[True][1] == reached[True][0] + 1, "the last iteration was cut short"
    assert reached[True][0] > reached[False][0]


def searched(
    text: str,
    depth: int,
    rules: GameRules[Noughts] = TACTICAL,
    *,
    lmp: tuple[int, ...] = (),
    lmr_from: int = LMR_FROM,
) -> tuple[int, int, int]:
    """The move, score and nodes of a deepening to ``depth`` from ``text``,
    with late-move pruning ``lmp`` and reductions from ``lmr_from``."""
    pos = Noughts(text)
    s = Searcher(pos, rules, OpenLines())
    s.lmp = lmp
    s.lmr_from = lmr_from
    clock = time.perf_counter
    found = deepen(s, pos.legal_actions(), depth, t0=clock(), clock=clock, info=SearchInfo)
    assert pos.fen() == text, "the search restores the position"
    return found.move, found.score, s.nodes


def test_late_move_pruning_searches_fewer_nodes_and_still_parries() -> None:
    # Quiet null-window nodes near the leaves try only their first actions...
    _, _, every = searched("......... x", 5, PLAIN)
    _, _, first_two = searched("......... x", 5, PLAIN, lmp=(2, 2, 2))
    assert first_two < 0.6 * every, (first_two, every)
    # ...but a node whose mover must parry a threat tries all of its own.
    for text, parry in (("x..oo.x.. x", 5), ("xo..o.... x", 7)):
        move, score, _ = searched(text, 4, lmp=(1, 1, 1, 1))
        assert move == parry and score == 0, text


def test_reductions_from_depth_two_still_parry_and_find_wins() -> None:
    # The late actions of nodes of depth 2 are scored by the evaluator alone
    # (test_tor_ai.py counts the nodes this saves in Tor), but after the
    # tactics: a threat one ply past them is still parried, and a forced
    # win still found as fast.
    assert Searcher(Noughts("......... x"), PLAIN, OpenLines()).lmr_from == LMR_FROM == 3
    for text, parry in (("x..oo.x.. x", 5), ("xo..o.... x", 7)):
        move, score, _ = searched(text, 4, lmr_from=2)
        assert move == parry and score == 0, text
    for text in ("xo....... x", "x.......o x"):
        _, score, _ = searched(text, 4, lmr_from=2)
        assert score == searched(text, 4, lmr_from=3)[1] == WIN - 4, text


class Indifferent:
    """An evaluator for any game that sees nothing: only the rules decide."""

    def evaluate(self, pos: GamePosition, root: int) -> int:
        return 0


def test_the_search_finds_a_win_in_one_in_tor() -> None:
    # White wins at once (T4): after e3-e4@c1 Black cannot move.
    fen = "OyBOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYO./BRBRBwRk/OY.Yw.Y/BrYBRk.rO w O"
    pos = TorPosition(fen)
    s = Searcher(pos, GameRules(action_space=TOR_SQUARES << 12), Indifferent())
    clock = time.perf_counter
    found = deepen(s, pos.legal_actions(), 3, t0=clock(), clock=clock, info=SearchInfo)
    assert found.score == WIN - 1 and pos.fen() == fen
    assert immediate_win(pos) is not None
    pos.push(found.move)
    assert pos.status != 0 and pos.winner == 0
