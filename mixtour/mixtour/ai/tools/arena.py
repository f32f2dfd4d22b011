"""Arena: play two players against each other and measure the difference.

Games come in pairs: one seeded opening (a few random plies from the empty
board) is played once with each colour assignment, so neither side profits
from a lucky opening or from moving first.  The summary gives wins, draws
and losses for A, A's score and the Elo difference with a 95 % interval
(normal approximation over the per-game scores).

Each game is scored, and a run summarized, by the kit's arena
(:mod:`mixtour.kit.arena`).

Players are levels (``1``-``6`` or names such as ``master``), ``baseline``
(see :mod:`mixtour.mixtour.ai.tools.baseline`), ``random``, ``depthN`` (the stand-in for a
fast engine in another language: the baseline's evaluation searched to a
fixed depth of N plies, see :mod:`mixtour.mixtour.ai.tools.standin`) or ``master-v1``
(Master as it was before tuning) or ``master-v2`` (Master of the end of
November 2026), see :mod:`mixtour.mixtour.ai.tools.frozen`.  A level
followed by ``@FILE`` plays with the evaluation weights of that file
(written by ``python -m mixtour tune-eval --out FILE``), e.g.
``master@weights.json``, and followed by ``+BOOK`` it plays from the opening
book of that file (``python -m mixtour build-book --out BOOK``), e.g.
``master+book.py`` or ``master@weights.json+book.py``.
"""

from __future__ import annotations

import math
import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Final

from ....kit.arena import GameResult, Summary, by_seat, elo_interval, in_order, summarize
from ...core import COLORS, Position, Status, action_text
from ..book import Book
from ..evaluate import Evaluator, EvaluatorLike
from ..levels import LEVELS, parse_level
from ..player import choose_move
from ..search import Searcher
from .baseline import baseline_move
from .book_build import load_book
from .frozen import EvaluatorV1, EvaluatorV2, master_v1_search, master_v2_search
from .standin import standin_move
from .tune import load_weights

__all__ = [
    "GameResult",
    "Summary",
    "elo_interval",
    "make_player",
    "play_game",
    "player_name",
    "run_arena",
    "standin_depth",
    "summarize",
    "summarize_logs",
]

MAX_PLIES = 300  # a game this long is adjudicated a draw
# How a drawn game ended, as the arena's report words it.
_DRAWS = {Status.DRAW_PASSES: "draw by passes", Status.DRAW_REPETITION: "draw by repetition"}

Player = Callable[[Position, int], int]


MAX_STANDIN_DEPTH = 8


def standin_depth(spec: str) -> int | None:
    """N for a ``depthN`` spec, None for any other; ValueError when N is out of range."""
    name = spec.strip().lower()
    if not name.startswith("depth"):
        return None
    digits = name[len("depth") :]
    if not digits.isdigit() or not 1 <= int(digits) <= MAX_STANDIN_DEPTH:
        raise ValueError(f"{spec!r}: expected depth1 to depth{MAX_STANDIN_DEPTH}")
    return int(digits)


def player_name(spec: str) -> str:
    name = spec.strip().lower()
    if name in ("baseline", "random"):
        return name
    if name == "master-v1":
        return "master-v1 (Master before tuning)"
    if name == "master-v2":
        return "master-v2 (Master of November 2026)"
    d = standin_depth(name)
    if d is not None:
        return f"depth{d} (baseline evaluation, fixed depth {d})"
    level, weights, book = _parts(spec)
    n = parse_level(level)
    name = f"level {n} ({LEVELS[n].name})"
    if weights:
        load_weights(Path(weights))  # fail early on a bad file
        name += f" with weights {weights}"
    if book:
        load_book(Path(book))
        name += f" with book {book}"
    return name


def _parts(spec: str) -> tuple[str, str, str]:
    """``LEVEL[@WEIGHTS][+BOOK]`` -> (level, weights file, book file)."""
    rest, _, book = spec.strip().partition("+")
    level, _, weights = rest.partition("@")
    return level, weights, book


def make_player(
    spec: str, time_ms: float | None, depth: int | None, cpu_time: bool = True
) -> Player:
    """A function (position, seed) -> action code for a player spec.

    With ``cpu_time`` the time per move is CPU time of the process, so games
    played on a shared, busy machine (or several at once) stay fair and
    close to what the same budget means on an idle one.
    """
    clock = time.process_time if cpu_time else time.perf_counter
    name = spec.strip().lower()
    if name == "random":

        def play_random(pos: Position, seed: int) -> int:
            return random.Random(seed).choice(pos.legal_actions())

        return play_random
    if name == "baseline":

        def play_baseline(pos: Position, seed: int) -> int:
            return baseline_move(pos, time_ms=time_ms, depth=depth, clock=clock).move

        return play_baseline
    fixed = standin_depth(name)
    if fixed is not None:
        # Its fixed depth is its strength: time and depth limits do not apply.
        def play_standin(pos: Position, seed: int) -> int:
            return standin_move(pos, fixed).move

        return play_standin
    # Master, a frozen Master or another level: its evaluator for a position
    # (None: the level's own), its search switches and its opening book.
    level = 6
    configure: Callable[[Searcher], None] | None = None
    book: Book | None = None
    if name == "master-v1":
        v1 = EvaluatorV1()

        def evaluator_for(pos: Position) -> EvaluatorLike | None:
            return v1

        configure = master_v1_search
    elif name == "master-v2":
        from ..opening_book import BOOK

        evaluator_for = EvaluatorV2
        configure = master_v2_search
        book = BOOK if depth is None else None
    else:
        level_text, weights, book_path = _parts(spec)
        level = parse_level(level_text)
        fitted = Evaluator(load_weights(Path(weights))) if weights else None

        def evaluator_for(pos: Position) -> EvaluatorLike | None:
            return fitted

        book = load_book(Path(book_path)) if book_path else None

    def play(pos: Position, seed: int) -> int:
        return choose_move(
            pos,
            level=level,
            time_ms=time_ms,
            depth=depth,
            seed=seed,
            clock=clock,
            evaluator=evaluator_for(pos),
            configure=configure,
            book=book,
        ).move

    return play


def opening(index: int, seed: int, players: int, discs: int | None, target: int) -> Position:
    """The seeded opening of game pair ``index``: 2 to 4 random plies."""
    rng = random.Random(seed * 1_000_003 + index)
    pos = Position.start(players, discs, target)
    for _ in range(rng.randint(2, 4)):
        pos.push(rng.choice(pos.legal_actions()))
    return Position(pos.fen())


def play_game(
    job: tuple[int, str, str, float | None, int | None, int, int, int | None, int, bool],
) -> GameResult:
    """Play game ``index`` (A takes seat ``index % players``) and score it for A."""
    index, spec_a, spec_b, time_ms, depth, seed, players, discs, target, cpu = job
    pos = opening(index // players, seed, players, discs, target)
    a_seat = index % players
    a = make_player(spec_a, time_ms, depth, cpu)
    b = make_player(spec_b, time_ms, depth, cpu)
    moves: list[str] = []
    while not pos.status and len(moves) < MAX_PLIES:
        mover = a if pos.turn == a_seat else b
        code = mover(pos, seed * 7919 + index * 1009 + len(moves))
        moves.append(action_text(code))
        pos.push(code)
    outcome = pos.outcome
    if outcome.winner is not None:
        score = 1.0 if outcome.winner == a_seat else 0.0
        reason = f"{COLORS[outcome.winner]} wins"
    else:
        score = 0.5
        reason = _DRAWS.get(outcome.ending, "draw by length")
    return GameResult(index, a_seat, score, len(moves), reason, " ".join(moves))


def run_arena(
    spec_a: str,
    spec_b: str,
    games: int,
    *,
    time_ms: float | None,
    depth: int | None = None,
    seed: int = 1,
    players: int = 2,
    discs: int | None = None,
    target: int = 1,
    jobs: int = 1,
    cpu_time: bool = True,
    first: int = 0,
) -> Iterator[GameResult]:
    """Yield the results of ``games`` games, in order (rounded up to whole sets
    of one game per seat of A), from game number ``first`` (0-based, a whole
    number of sets: a long run can be played in parts)."""
    for spec in (spec_a, spec_b):
        player_name(spec)  # fail early on a bad name
    if first % players:
        raise ValueError(f"the first game must start a set of {players} games")
    sets = max(1, math.ceil(games / players))
    work = [
        (i, spec_a, spec_b, time_ms, depth, seed, players, discs, target, cpu_time)
        for i in range(first, first + sets * players)
    ]
    yield from in_order(play_game, work, jobs)


_GAME_LINE: Final = re.compile(r"^game (\d+): A plays ([wrb]), .* A scores (1|0\.5|0)\b")


def summarize_logs(texts: list[str]) -> tuple[str, Summary, int]:
    """(the set-up line, the summary, games left out) of one or more arena
    outputs of the same set-up (printed without ``--quiet``), for a run played
    in parts or stopped early.  Only whole sets (A in every seat) count, so
    the colours stay balanced; a game present twice must agree."""
    header = ""
    seats: dict[int, str] = {}
    scores: dict[int, float] = {}
    for text in texts:
        lines = text.splitlines()
        top = next((ln for ln in lines if ln.startswith("arena: ")), None)
        if top is None:
            raise ValueError("not an arena output: no 'arena:' line")
        if header and top != header:
            raise ValueError("the outputs are of different set-ups")
        header = top
        for ln in lines:
            m = _GAME_LINE.match(ln)
            if m:
                n, score = int(m.group(1)), float(m.group(3))
                if scores.get(n, score) != score:
                    raise ValueError(f"game {n} appears twice with different results")
                seats[n], scores[n] = m.group(2), score
    players = 3 if "players 3" in header else 2
    whole = [
        n
        for n in sorted(scores)
        if (n - 1) % players == 0 and all(n + i in scores for i in range(players))
    ]
    kept = [scores[n + i] for n in whole for i in range(players)]
    kept_seats = [(seats[n + i], scores[n + i]) for n in whole for i in range(players)]
    if not kept:
        raise ValueError("no whole set of games to summarize")
    summary = Summary.of(kept, by_seat(kept_seats, COLORS))
    return header, summary, len(scores) - len(kept)
