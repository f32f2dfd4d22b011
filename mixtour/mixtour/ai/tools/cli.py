"""The AI's command-line subcommands, registered into ``python -m mixtour``.

``bestmove``, ``engine``, ``arena``, ``arena-summary``, ``bench-ai``,
``tune-eval``, ``build-book``, ``tactics-scan`` and ``puzzles``.  Kept here so that
``mixtour/mixtour/cli.py`` only needs one call (:func:`add_ai_commands`).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ....kit.arguments import budget_levels, checked, ridge, whole_number
from ....kit.cli import (
    add_puzzles_command,
    add_review_calibrate_command,
    check_writable,
    tuning_samples,
    write_out,
)
from ....kit.fit import lines as fit_lines
from ...core import COLORS, MixtourError, Position, action_text
from ..levels import LEVELS, parse_level
from ..search import SearchInfo
from .arena import player_name
from .line_protocol import MAX_TIME_MS, UNTIMED_MS

if TYPE_CHECKING:
    from ....kit.puzzles import PuzzleRules

__all__ = ["add_ai_commands"]


_level = checked(parse_level, "level")


def _player_text(text: str) -> str:
    player_name(text)
    return text


_player = checked(_player_text, "player")


# Bounds of the numbers the AI commands take (a search also stops at
# MAX_TIME_MS when only a depth or a node count is given).
_TIME_MS = whole_number(1, MAX_TIME_MS)
_DEPTH = whole_number(1, 60)
_NODES = whole_number(1, 10**12)
_SEED = whole_number(-(2**63), 2**63 - 1)


def cmd_bestmove(args: argparse.Namespace) -> int:
    from ...game import Game
    from ..player import choose_move

    game = Game(args.position, list(args.moves or []))
    pos = game.position
    if pos.is_over:
        raise MixtourError("the game is over: there is no move to choose")

    def report(info: SearchInfo) -> None:
        print(info.line(), flush=True)

    untimed = args.time_ms is None and (args.depth or args.nodes)
    res = choose_move(
        pos,
        time_ms=UNTIMED_MS if untimed else args.time_ms,
        depth=args.depth,
        nodes=args.nodes,
        level=args.level,
        seed=args.seed,
        on_info=report,
    )
    print(
        f"info level {res.level} depth {res.depth} nodes {res.nodes} "
        f"time {res.time_ms:.0f} nps {res.nps:.0f}"
    )
    print(action_text(res.move))
    return 0


def cmd_engine(args: argparse.Namespace) -> int:
    from .line_protocol import run_engine

    return run_engine(sys.stdin, sys.stdout)


def cmd_arena(args: argparse.Namespace) -> int:
    from .arena import run_arena, summarize

    name_a, name_b = player_name(args.a), player_name(args.b)
    Position.start(args.players, args.discs, args.target)  # validates D and T
    if args.first < 0 or args.first % args.players:
        raise MixtourError(f"--first must be a multiple of {args.players} (whole sets of games)")
    print(
        f"arena: A = {name_a}, B = {name_b}, time {args.time_ms} ms/move, depth {args.depth}, "
        f"seed {args.seed}, players {args.players}, discs {args.discs or 'default'}, "
        f"target {args.target}, {'wall-clock' if args.wall_clock else 'CPU'} time",
        flush=True,
    )
    t0 = time.perf_counter()
    results = []
    for r in run_arena(
        args.a,
        args.b,
        args.games,
        time_ms=args.time_ms,
        depth=args.depth,
        seed=args.seed,
        players=args.players,
        discs=args.discs,
        target=args.target,
        jobs=args.jobs,
        cpu_time=not args.wall_clock,
        first=args.first,
    ):
        results.append(r)
        if not args.quiet:
            print(r.line(COLORS) + (f"  [{r.moves}]" if args.verbose else ""), flush=True)
    for line in summarize(results, COLORS).lines(name_a, name_b):
        print(line)
    print(f"elapsed {time.perf_counter() - t0:.0f} s")
    return 0


def cmd_arena_summary(args: argparse.Namespace) -> int:
    from .arena import summarize_logs

    texts = []
    for name in args.logs:
        try:
            with open(name, encoding="utf-8") as f:
                texts.append(f.read())
        except (OSError, UnicodeDecodeError) as e:
            raise MixtourError(f"{name}: cannot read ({e})") from None
    try:
        header, summary, left = summarize_logs(texts)
    except ValueError as e:
        raise MixtourError(str(e)) from None
    print(header)
    m = re.match(r"arena: A = (.*?), B = (.*?), time ", header)
    name_a, name_b = (m.group(1), m.group(2)) if m else ("A", "B")
    for line in summary.lines(name_a, name_b):
        print(line)
    if left:
        print(f"left out {left} game(s) of unfinished sets")
    return 0


_levels = budget_levels(LEVELS)


def cmd_tune_eval(args: argparse.Namespace) -> int:
    from pathlib import Path

    from . import tune

    levels = ",".join(map(str, args.levels))
    recipe = f"tune-eval --games {args.games} --seed {args.seed} --levels {levels}"
    if args.target > 1:
        recipe += f" --target {args.target}"
    if args.players == 3:
        recipe += " --players 3"
    if args.label_depth:
        recipe += f" --label-depth {args.label_depth}"
    if args.players == 3 and args.label_depth:
        raise MixtourError("--label-depth: three-player positions are labelled by their winner")
    samples = tuning_samples(
        args,
        recipe,
        lambda progress: tune.generate(
            args.games,
            args.seed,
            args.levels,
            target=args.target,
            label_depth=args.label_depth,
            progress=progress,
            jobs=args.jobs,
            players=args.players,
        ),
        tune.write_samples,
    )
    higher = any(Position(s.fen).target > 1 for s in samples)
    free = tune.FREE_POINTS if higher else tune.FREE
    counts = {Position(s.fen).players for s in samples}
    if len(counts) > 1:
        raise MixtourError("the positions mix two- and three-player games")
    fit = (tune.fit_three_weights if counts == {3} else tune.fit_weights)(
        samples, free=free, ridge=args.ridge
    )
    print("\n".join(fit_lines(fit)))
    if args.out is not None:
        tune.save_weights(Path(args.out), fit.weights)
        print(f"wrote {args.out}")
    return 0


def cmd_build_book(args: argparse.Namespace) -> int:
    from .book_build import build_book, format_book

    recipe = (
        f"build-book --plies {args.plies} --depth {args.depth} --margin {args.margin} "
        f"--keep {args.keep}"
    )
    check_writable(args.out, "--out")
    t0 = time.perf_counter()

    def progress(n: int) -> None:
        if not args.quiet:
            print(f"  {n} positions, {time.perf_counter() - t0:.0f} s", flush=True)

    book = build_book(args.plies, args.depth, margin=args.margin, keep=args.keep, progress=progress)
    if write_out(format_book(book, recipe), args.out):
        print(f"wrote {len(book)} positions to {args.out}")
    return 0


def cmd_tactics_scan(args: argparse.Namespace) -> int:
    from .tactics import forcing_wins, scan

    for fen in scan(args.games, args.seed, args.levels, args.target, args.limit):
        wins = " ".join(sorted(action_text(m) for m in forcing_wins(Position(fen))))
        print(f'"{fen}",  # {wins}')
    return 0


PUZZLE_SEED = 2026
PUZZLE_COUNT = 320


def _puzzle_rules() -> PuzzleRules[Any]:
    from ..puzzles import RULES

    return RULES


def cmd_bench_ai(args: argparse.Namespace) -> int:
    from .bench import profile_lines, run_bench

    if args.profile:
        print(profile_lines(args.profile))
    else:
        run_bench(args.time_ms, args.runs, player=args.player)
    return 0


def add_ai_commands(sub: Any, add: Callable[..., Any]) -> None:
    """Register the AI subcommands.

    ``sub`` is the subparsers object, ``add(name, func, help)`` the helper of
    ``mixtour.__main__`` (it adds ``--position``).
    """
    p = add("bestmove", cmd_bestmove, "let the AI choose a move (last line: the move in N1)")
    p.add_argument("--moves", "-m", nargs="*", metavar="ACTION", help="actions played first")
    p.add_argument("--time-ms", type=_TIME_MS, help=f"time limit in ms (at most {MAX_TIME_MS})")
    p.add_argument("--depth", type=_DEPTH, help="depth limit in plies (1-60)")
    p.add_argument("--nodes", type=_NODES, help="node limit")
    p.add_argument("--level", type=_level, default=6, help="1-6 or a name (default master)")
    p.add_argument("--seed", type=_SEED, default=1, help="random seed (default 1)")

    def plain(name: str, func: Callable[[argparse.Namespace], int], text: str) -> Any:
        q = sub.add_parser(name, help=text, description=text)
        q.set_defaults(func=func)
        return q

    plain("engine", cmd_engine, "line protocol on stdin/stdout (position, go, stop, isready, quit)")

    p = plain("arena", cmd_arena, "play A against B and print the score and Elo difference")
    who = "1-6, a level name, baseline, random, depthN (fixed-depth stand-in) or master-v1"
    p.add_argument("a", metavar="A", type=_player, help=who)
    p.add_argument("b", metavar="B", type=_player, help=who)
    p.add_argument(
        "--games", type=whole_number(1, 10**6), default=100, help="number of games (default 100)"
    )
    p.add_argument("--time-ms", type=_TIME_MS, default=1000, help="time per move (default 1000)")
    p.add_argument("--depth", type=_DEPTH, help="depth limit for both players")
    p.add_argument("--seed", type=_SEED, default=1, help="seed of the openings (default 1)")
    p.add_argument(
        "--discs", type=whole_number(1, 99), help="discs per player (default by players)"
    )
    p.add_argument(
        "--target", type=whole_number(1, 99), default=1, help="points to win (default 1)"
    )
    p.add_argument("--players", type=int, choices=(2, 3), default=2, help="2 or 3 (default 2)")
    p.add_argument(
        "--jobs", type=whole_number(1, 64), default=1, help="parallel games (1-64, default 1)"
    )
    p.add_argument(
        "--wall-clock",
        action="store_true",
        help="measure --time-ms in wall time (default: CPU time of each game's process)",
    )
    p.add_argument("--quiet", "-q", action="store_true", help="print the summary only")
    p.add_argument("--verbose", "-v", action="store_true", help="print each game's moves")
    p.add_argument(
        "--first",
        type=whole_number(0, 10**6),
        default=0,
        help="number of the first game, 0-based (to play a long run in parts; default 0)",
    )

    p = plain(
        "arena-summary",
        cmd_arena_summary,
        "summarize arena outputs (a run stopped early, or played in parts with --first)",
    )
    p.add_argument("logs", metavar="FILE", nargs="+", help="outputs of arena (without --quiet)")

    p = plain(
        "tune-eval",
        cmd_tune_eval,
        "fit the evaluation's weights to seeded self-play games (Texel-style)",
    )
    p.add_argument(
        "--games", type=whole_number(1, 10**6), default=1000, help="games to play (default 1000)"
    )
    p.add_argument("--seed", type=_SEED, default=1, help="seed of the games (default 1)")
    p.add_argument(
        "--levels", type=_levels, default=(1, 2, 3, 4), help="levels to draw from (default 1,2,3,4)"
    )
    p.add_argument(
        "--target", type=whole_number(1, 99), default=1, help="points to win (default 1)"
    )
    p.add_argument("--players", type=int, choices=(2, 3), default=2, help="players (default 2)")
    p.add_argument(
        "--label-depth", type=_DEPTH, help="label by a search this deep, not the game result"
    )
    p.add_argument("--ridge", type=ridge, default=1.0, help="ridge penalty, 0 or more (default 1)")
    p.add_argument(
        "--jobs", type=whole_number(1, 64), default=1, help="games at a time (1-64, default 1)"
    )
    p.add_argument("--data", metavar="FILE", help="write the positions here (or read them)")
    p.add_argument("--read-data", action="store_true", help="read --data instead of playing")
    p.add_argument("--out", metavar="FILE", help="write the weights here (JSON)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress lines")

    p = plain(
        "build-book",
        cmd_build_book,
        "search the first plies deeply and write an opening book (a Python module)",
    )
    p.add_argument("--plies", type=whole_number(1, 12), default=3, help="plies covered (default 3)")
    p.add_argument("--depth", type=_DEPTH, default=6, help="search depth (default 6)")
    p.add_argument(
        "--margin",
        type=whole_number(1, 10**6),
        default=30,
        help="keep moves this close to the best (30)",
    )
    p.add_argument(
        "--keep", type=whole_number(1, 50), default=4, help="at most this many moves (4)"
    )
    p.add_argument("--out", metavar="FILE", help="write the module here (default: print it)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress lines")

    p = plain(
        "tactics-scan",
        cmd_tactics_scan,
        "find double threats (a forced win in three plies) in seeded self-play games",
    )
    p.add_argument(
        "--games", type=whole_number(1, 10**6), default=10, help="games to play (default 10)"
    )
    p.add_argument("--seed", type=_SEED, default=1, help="seed of the games (default 1)")
    p.add_argument("--levels", type=_levels, default=(2, 3), help="levels (default 2,3)")
    p.add_argument(
        "--target", type=whole_number(1, 99), default=1, help="points to win (default 1)"
    )
    p.add_argument(
        "--limit", type=whole_number(1, 10**6), default=20, help="positions at most (default 20)"
    )

    add_puzzles_command(
        sub,
        _puzzle_rules,
        program="python -m mixtour",
        seed=PUZZLE_SEED,
        count=PUZZLE_COUNT,
        text=(
            "make puzzles (forced wins in 1-3, only moves) from seeded self-play, or --check a set"
        ),
    )

    add_review_calibrate_command(sub, "mixtour", _levels)

    p = plain("bench-ai", cmd_bench_ai, "AI search speed: nodes/s and depth per time budget")
    p.add_argument("--time-ms", type=_TIME_MS, default=1000, help="time per search (default 1000)")
    p.add_argument(
        "--runs", type=whole_number(1, 1000), default=3, help="runs per position (default 3)"
    )
    p.add_argument(
        "--profile",
        metavar="NODES",
        type=whole_number(1, 10_000_000),
        help="instead: where the time goes, searching each position to NODES nodes (cProfile)",
    )
    p.add_argument(
        "--player",
        choices=("master", "master-v1"),
        default="master",
        help="Master (default), or master-v1: Master before tuning, for the figures before",
    )
