"""The AI's command-line subcommands, registered into ``python -m mixtour``.

``bestmove``, ``engine``, ``arena`` and ``bench-ai``.  Kept here so that
``mixtour/__main__.py`` only needs one call (:func:`add_ai_commands`).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any

from ..arguments import whole_number
from ..core import MixtourError, Position, action_text
from .arena import player_name
from .engine import MAX_TIME_MS, UNTIMED_MS
from .levels import parse_level
from .search import SearchInfo

__all__ = ["add_ai_commands"]


def _level(text: str) -> int:
    try:
        return parse_level(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _player(text: str) -> str:
    try:
        player_name(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


# Bounds of the numbers the AI commands take (a search also stops at
# MAX_TIME_MS when only a depth or a node count is given).
_TIME_MS = whole_number(1, MAX_TIME_MS)
_DEPTH = whole_number(1, 60)
_NODES = whole_number(1, 10**12)
_SEED = whole_number(-(2**63), 2**63 - 1)


def cmd_bestmove(args: argparse.Namespace) -> int:
    from ..game import Game
    from .player import choose_move

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
    from .engine import run_engine

    return run_engine(sys.stdin, sys.stdout)


def cmd_arena(args: argparse.Namespace) -> int:
    from .arena import run_arena, summarize

    name_a, name_b = player_name(args.a), player_name(args.b)
    Position.start(args.players, args.discs, args.target)  # validates D and T
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
    ):
        results.append(r)
        if not args.quiet:
            seat = "wrb"[r.a_seat]
            print(
                f"game {r.index + 1}: A plays {seat}, {r.reason} after {r.plies} plies, "
                f"A scores {r.score:g}" + (f"  [{r.moves}]" if args.verbose else ""),
                flush=True,
            )
    for line in summarize(results).lines(name_a, name_b):
        print(line)
    print(f"elapsed {time.perf_counter() - t0:.0f} s")
    return 0


def cmd_bench_ai(args: argparse.Namespace) -> int:
    from .bench import run_bench

    run_bench(args.time_ms, args.runs)
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
    p.add_argument("a", metavar="A", type=_player, help="1-6, a level name, baseline or random")
    p.add_argument("b", metavar="B", type=_player, help="1-6, a level name, baseline or random")
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

    p = plain("bench-ai", cmd_bench_ai, "AI search speed: nodes/s and depth per time budget")
    p.add_argument("--time-ms", type=_TIME_MS, default=1000, help="time per search (default 1000)")
    p.add_argument(
        "--runs", type=whole_number(1, 1000), default=3, help="runs per position (default 3)"
    )
