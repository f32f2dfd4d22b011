"""Tor's command line (T7): ``python -m mixtour tor perft|legal|apply``, and
the computer player's ``bestmove``, ``bench-ai`` and ``arena``.

Registered under ``tor`` by ``mixtour/__main__.py``, which turns every
:class:`~mixtour.tor.core.TorError` and usage error into one line on stderr
and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any

from ..arguments import whole_number
from ..kit.perft import divide, perft
from .core import STANDARD_START, Position, TorError, action_text
from .game import Game

MAX_PERFT_DEPTH = 50


def _after(position: str, actions: Sequence[str]) -> Position:
    return Game(position, list(actions)).position


def _sorted_actions(pos: Position) -> str:
    return " ".join(sorted(action_text(a) for a in pos.legal_actions()))


def push_pop_rate(pos: Position, seconds: float = 0.3) -> float:
    """Push and pop every legal action and every reply to it, repeatedly:
    actions taken and taken back per second."""
    actions = pos.legal_actions()
    if not actions:
        return 0.0
    push, pop = pos.push, pos.pop
    done = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for a in actions:
            push(a)
            for b in pos.legal_actions():
                push(b)
                pop()
                done += 1
            pop()
            done += 1
    return done / (time.perf_counter() - t0)


def cmd_perft(args: argparse.Namespace) -> int:
    pos = Position(args.position)
    t0 = time.perf_counter()
    if args.divide:
        rows = divide(pos, args.depth, action_text) if args.depth > 0 else []
        for text, n in rows:
            print(f"{text}: {n}")
        total = sum(n for _, n in rows) if args.depth > 0 else 1
    else:
        total = perft(pos, args.depth)
    elapsed = time.perf_counter() - t0
    if not args.quiet:
        rate = total / elapsed / 1e6 if elapsed > 0 else 0.0
        print(f"time: {elapsed:.3f} s ({rate:.2f} M leaves/s)")
        print(f"push/pop: {push_pop_rate(Position(args.position)):,.0f} per second")
    print(total)
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    if args.stdin:
        out = sys.stdout
        for line in sys.stdin:
            try:
                out.write(_sorted_actions(_after(args.position, line.split())) + "\n")
            except TorError as e:
                out.write(f"error: {' '.join(str(e).split())}\n")
        return 0
    print(_sorted_actions(_after(args.position, args.actions)))
    return 0


def cmd_apply(args: argparse.Namespace) -> int:
    print(_after(args.position, args.actions).fen())
    return 0


def cmd_bestmove(args: argparse.Namespace) -> int:
    from .ai import choose_move

    pos = _after(args.position, args.actions)
    if pos.status:
        raise TorError(f"the game is over ({pos.outcome.describe()}): there is no move to choose")
    result = choose_move(pos, level=args.level, time_ms=args.time_ms, seed=args.seed)
    if args.verbose:
        for info in result.iterations:
            print(info.line(action_text))
    print(action_text(result.move))
    return 0


def _no_position(args: argparse.Namespace, command: str) -> None:
    """bench-ai and arena play from positions of their own: a --position given
    is read (a bad one is refused with its reason) and refused, not ignored."""
    if Position(args.position).fen() != Position(STANDARD_START).fen():
        raise TorError(
            f"tor {command}: --position is not used here (it plays its own seeded positions)"
        )


def cmd_bench_ai(args: argparse.Namespace) -> int:
    from .ai.tools.arena import bench_lines

    _no_position(args, "bench-ai")
    print(bench_lines(args.positions, args.nodes, args.runs, args.seed))
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    from .ai.tools.arena import run_arena

    _no_position(args, "arena")

    def show(line: str) -> None:
        if not args.quiet:
            print(line, flush=True)

    summary = run_arena(args.a, args.b, args.pairs, args.seed, args.time_ms, on_game=show)
    for line in summary.lines(args.a, args.b):
        print(line)
    return 0


def _level(text: str) -> int:
    from .ai.levels import parse_level

    try:
        return parse_level(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _player(text: str) -> str:
    if text.strip().lower() not in ("greedy", "random"):
        _level(text)
    return text


def add_tor_commands(sub: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    """Register ``tor`` and its commands on ``sub``, the subparsers object of
    ``mixtour.__main__``."""
    text = "Tor (by Alain Couchot and Bernard Klein): rules engine tools"
    tor = sub.add_parser("tor", help=text, description=text)
    tsub = tor.add_subparsers(dest="tor_command", required=True, parser_class=parser_class)

    def add(name: str, func: Any, help_text: str) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = tsub.add_parser(name, help=help_text, description=help_text)
        p.add_argument(
            "--position", "-p", default=STANDARD_START, help="position string (BOARD TURN HAND)"
        )
        p.set_defaults(func=func)
        return p

    p = add("perft", cmd_perft, "count leaf positions DEPTH plies ahead")
    p.add_argument("depth", type=whole_number(0, MAX_PERFT_DEPTH), metavar="DEPTH")
    p.add_argument("--divide", action="store_true", help="subtotal per first action")
    p.add_argument("--quiet", "-q", action="store_true", help="print the count only")
    p = add("legal", cmd_legal, "list the legal actions after ACTIONS, sorted, on one line")
    p.add_argument("actions", nargs="*", metavar="ACTIONS")
    p.add_argument("--stdin", action="store_true", help="read one action list per line")
    p = add("apply", cmd_apply, "print the position string after ACTIONS")
    p.add_argument("actions", nargs="*", metavar="ACTIONS")
    p = add("bestmove", cmd_bestmove, "print the computer's move (T6) after ACTIONS")
    p.add_argument("actions", nargs="*", metavar="ACTIONS")
    p.add_argument("--level", "-l", type=_level, default=6, help="1 to 6 or a name (default 6)")
    p.add_argument(
        "--time-ms", type=whole_number(1, 600_000), default=None, help="time limit per move"
    )
    p.add_argument("--seed", type=whole_number(0, 1 << 30), default=None, help="random seed")
    p.add_argument("--verbose", "-v", action="store_true", help="print each iteration first")
    p = add("bench-ai", cmd_bench_ai, "nodes per second of the search (median)")
    p.add_argument("--positions", type=whole_number(1, 200), default=8)
    p.add_argument("--nodes", type=whole_number(100, 10_000_000), default=20_000)
    p.add_argument("--runs", type=whole_number(1, 50), default=3)
    p.add_argument("--seed", type=whole_number(0, 1 << 30), default=1)
    p = add("arena", cmd_arena, "seeded paired games of player A against player B")
    p.add_argument("a", type=_player, metavar="A", help="a level, greedy or random")
    p.add_argument("b", type=_player, metavar="B", help="a level, greedy or random")
    p.add_argument("--pairs", type=whole_number(1, 10_000), default=10)
    p.add_argument("--seed", type=whole_number(0, 1 << 30), default=1)
    p.add_argument(
        "--time-ms",
        type=whole_number(1, 600_000),
        default=None,
        help="Master's CPU time per move (levels 1-5 spend their node budgets)",
    )
    p.add_argument("--jobs", type=whole_number(1, 1), default=1, help="games at once (1)")
    p.add_argument("--quiet", "-q", action="store_true", help="print the summary only")
