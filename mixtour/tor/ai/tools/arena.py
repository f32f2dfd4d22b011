"""Figures for Tor's computer player: an arena and a speed bench.

**Arena.** Games come in pairs: a seeded opening (the four pawns placed at
random, then two random turns) is played once with each colour assignment,
so neither side profits from the opening or from moving first.  Each game
is scored, and the run summarized, by the kit's arena
(:mod:`mixtour.kit.arena`): A's wins, draws and losses, A's score, the Elo
difference with a 95 % interval, A's score by seat and the median length.
Players are levels (``1``-``6`` or names), ``master-v2`` (today's Master
frozen, :mod:`.frozen`), ``master-v1`` (Master with the weights
written by hand before they were fitted), ``master@FILE`` (Master with the
weights of a file written by ``tune-eval --out``), ``greedy`` (the best move one ply deep by the
evaluation, no tactics) or ``random``.  ``time_ms`` is Master's time per
move (levels 1-5 spend their node budgets), measured in CPU time
(``time.process_time``) so that a busy machine does not weaken it; with
``jobs``, that many games are played at once, in separate processes, and
the run's games and figures are the same as one at a time.

**Bench.** Nodes per second of the search on positions of seeded games,
at a fixed node budget (the same work on every machine), with the median.
"""

from __future__ import annotations

import functools
import math
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

from ....kit.arena import GameResult, Summary, in_order, summarize
from ...core import PLAYER_LETTERS, Position, Status, action_text
from ..evaluate import WEIGHTS_V1, Evaluator
from ..levels import parse_level
from ..player import choose_move

__all__ = [
    "bench_lines",
    "bench_positions",
    "make_player",
    "nodes_per_second",
    "run_arena",
    "score",
]

MAX_PLIES: Final = 400  # a game this long is adjudicated a draw

Player = Callable[[Position, int], int]


def make_player(spec: str, time_ms: float | None = None) -> Player:
    """A player from its name: a level, ``greedy`` or ``random``."""
    name = spec.strip().lower()
    if name == "random":
        return lambda pos, seed: random.Random(seed).choice(pos.legal_actions())
    if name == "greedy":
        ev = Evaluator()

        def greedy(pos: Position, seed: int) -> int:
            me = pos.turn
            best, best_v = -1, -math.inf
            for m in pos.legal_actions():
                pos.push(m)
                if pos.status:
                    v = math.inf if pos.winner == me else -1e9 if pos.winner is not None else 0
                else:
                    v = ev.evaluate(pos, me)
                pos.pop()
                if v > best_v:
                    best, best_v = m, v
            return best

        return greedy
    if name == "master-v2":
        from .frozen import master_v2_move

        return lambda pos, seed: master_v2_move(pos, seed, time_ms)
    # master-v1: Master with the weights written by hand, before the fit;
    # master@FILE: Master with the weights of a file (tune-eval --out).
    evaluator = None
    if name == "master-v1":
        evaluator = Evaluator(WEIGHTS_V1)
    elif name.startswith("master@"):
        from .tune import load_weights

        evaluator = Evaluator(load_weights(Path(spec.strip()[len("master@") :])))
    level = 6 if evaluator else parse_level(name)
    # Levels 1-5 spend their node budgets; only Master's clock is set.
    budget = time_ms if level == 6 else None

    def play(pos: Position, seed: int) -> int:
        return choose_move(
            pos,
            clock=time.process_time,  # CPU time: a busy machine weakens no one
            level=level,
            seed=seed,
            time_ms=budget,
            evaluator=evaluator,
        ).move

    return play


def opening(index: int, seed: int) -> Position:
    """The ``index``-th seeded opening: pawns placed at random, two turns."""
    rng = random.Random(seed * 1_000_003 + index)
    pos = Position()
    while pos.ply < 6 and not pos.status:
        pos.push(rng.choice(pos.legal_actions()))
    return pos


def play_game(start: Position, white: Player, black: Player, seed: int) -> Position:
    """Play from ``start`` (a fresh copy with the same history) to the end."""
    pos = Position()
    for a in start.history():
        pos.push(a)
    rng = random.Random(seed)
    while not pos.status and pos.ply < MAX_PLIES:
        player = white if pos.turn == 0 else black
        pos.push(player(pos, rng.getrandbits(30)))
    return pos


def score(index: int, start: Position, end: Position, a_seat: int) -> GameResult:
    """Game ``index`` of a run, from its opening to its end, scored for A,
    who had the seat ``a_seat`` (0 White, 1 Black)."""
    if end.status == Status.WIN:
        assert end.winner is not None
        points = 1.0 if end.winner == a_seat else 0.0
        reason = f"{PLAYER_LETTERS[end.winner]} wins"
    else:
        points = 0.5
        reason = "draw by repetition" if end.status else "draw by length"
    moves = " ".join(action_text(a) for a in end.history()[start.ply :])
    return GameResult(index, a_seat, points, end.ply, reason, moves)


#: One game of a run: (its number, A, B, the run's seed, Master's time).
Job = tuple[int, str, str, int, float | None]

#: The player ``spec``, made once per process.
_player = functools.cache(make_player)


def _play(job: Job) -> GameResult:
    """Game ``index`` of a run: pair ``index // 2``'s opening, A White in the
    first game of the pair and Black in the second."""
    index, a, b, seed, time_ms = job
    pair, a_seat = divmod(index, 2)
    start = opening(pair, seed)
    pa, pb = _player(a, time_ms), _player(b, time_ms)
    end = play_game(start, *(pa, pb) if a_seat == 0 else (pb, pa), seed=seed + 7919 * pair)
    return score(index, start, end, a_seat)


def run_arena(
    a: str,
    b: str,
    pairs: int,
    seed: int,
    time_ms: float | None = None,
    on_game: Callable[[str], None] | None = None,
    jobs: int = 1,
) -> Summary:
    """``pairs`` seeded pairs of games of ``a`` against ``b``, ``jobs`` games
    at a time (the same games with any number), summarized by the kit's
    arena; ``on_game`` hears a line for each game, in order."""
    _player(a, time_ms), _player(b, time_ms)  # a bad name fails here, not in a job
    work: list[Job] = [(i, a, b, seed, time_ms) for i in range(2 * pairs)]
    results: list[GameResult] = []
    for result in in_order(_play, work, jobs):
        results.append(result)
        if on_game is not None:
            on_game(result.line(PLAYER_LETTERS))
    return summarize(results, PLAYER_LETTERS)


def bench_positions(count: int, seed: int) -> list[Position]:
    """Positions of seeded games between weak levels, past the pawn drops."""
    out: list[Position] = []
    rng = random.Random(seed)
    while len(out) < count:
        pos = opening(rng.getrandbits(20), seed)
        stop_at = rng.randint(8, 40)
        while not pos.status and pos.ply < stop_at:
            pos.push(choose_move(pos, level=2, seed=rng.getrandbits(30)).move)
        if not pos.status and len(pos.legal_actions()) > 1:
            out.append(Position(pos.fen()))
    return out


def nodes_per_second(positions: list[Position], nodes: int) -> list[float]:
    """Each position searched to ``nodes`` nodes: the nodes per second of
    CPU time (``time.process_time``: a busy machine does not slow it)."""
    rates = []
    for pos in positions:
        t0 = time.process_time()
        result = choose_move(pos, nodes=nodes, seed=1, clock=time.process_time)
        elapsed = time.process_time() - t0
        rates.append(result.nodes / elapsed if elapsed > 0 else 0.0)
    return rates


def bench_lines(positions: int = 8, nodes: int = 20_000, runs: int = 3, seed: int = 1) -> str:
    """The bench's report: nodes per second over seeded positions, each
    searched ``runs`` times to ``nodes`` nodes (the same in Pyodide)."""
    found = bench_positions(positions, seed)
    rates: list[float] = []
    for _ in range(runs):
        rates.extend(nodes_per_second(found, nodes))
    return (
        f"Tor search, {len(found)} positions of seeded games x {runs} runs, "
        f"{nodes:,} nodes each\n"
        f"nodes per second of CPU time: median {statistics.median(rates):,.0f} "
        f"(min {min(rates):,.0f}, max {max(rates):,.0f})"
    )
