"""Command line: ``python -m mixtour perft|legal|apply ...`` (and the AI's
``bestmove|engine|arena|bench-ai``, see ``mixtour/ai/tools/cli.py``; Tor's
``tor perft|legal|apply``, see ``mixtour/tor/cli.py``).

Bad input gives a one-line message on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from .arguments import whole_number
from .core import STANDARD_START, MixtourError, Position, action_text
from .game import Game
from .kit.errors import GameError
from .kit.perft import divide, perft

MAX_PERFT_DEPTH = 50
MAX_SVG_SIZE = 100_000


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(message)


def _game(position: str, actions: Sequence[str]) -> Game:
    return Game(position, list(actions))


def _sorted_actions(pos: Position) -> str:
    return " ".join(sorted(action_text(a) for a in pos.legal_actions()))


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
        print(f"push/pop: {_push_pop_rate(Position(args.position)):,.0f} per second")
    print(total)
    return 0


def _push_pop_rate(pos: Position, seconds: float = 0.3) -> float:
    """Push and pop every legal action of a few plies, repeatedly."""
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


def cmd_legal(args: argparse.Namespace) -> int:
    if args.stdin:
        out = sys.stdout
        for line in sys.stdin:
            try:
                g = _game(args.position, line.split())
                out.write(_sorted_actions(g.position) + "\n")
            except MixtourError as e:
                out.write(f"error: {e}\n")
        return 0
    print(_sorted_actions(_game(args.position, args.actions).position))
    return 0


def cmd_apply(args: argparse.Namespace) -> int:
    print(_game(args.position, args.actions).fen())
    return 0


def cmd_svg(args: argparse.Namespace) -> int:
    from .svg import board

    pos = _game(args.position, args.actions).position
    sys.stdout.write(board(pos, size=args.size, coordinates=not args.no_coordinates))
    return 0


def _hostile_texts(size: int) -> list[tuple[str, Callable[[str], object], str]]:
    """(label, reader, text): a player's text of about ``size`` characters
    built to slow a parser down, for :func:`cmd_bench_parse`."""
    from .link import parse_link
    from .record import read_record

    return [
        ("record: unclosed {", read_record, "1. c3 " + "{" * size),
        ("record: closed {comments}", read_record, "1. c3 " + "{x} " * (size // 4)),
        ("record: one long word", read_record, "1. " + "c" * size),
        ("record: move numbers", read_record, "1. " * (size // 3)),
        ("record: header lines", read_record, '[White "Ann"]\n' * (size // 14)),
        ("position: a long rank", Position, "1," * (size // 2) + "/5/5/5/5 w 20/20 0/0 1 -"),
        ("link: 20,000 characters", parse_link, "ai=1&" * 4_000),
    ]


def cmd_bench_parse(args: argparse.Namespace) -> int:
    """Time to read hostile text: the median of ``--runs`` reads of each kind."""
    print(f"median of {args.runs} reads of {args.size:,} characters (the link: its limit)")
    for label, read, text in _hostile_texts(args.size):
        times = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            with contextlib.suppress(MixtourError):  # most of them are refused
                read(text)
            times.append(time.perf_counter() - t0)
        print(f"{label:28} {statistics.median(times) * 1000:8.1f} ms", flush=True)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m mixtour", description="Mixtour rules engine tools")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def add(name: str, func: Callable[[argparse.Namespace], int], text: str) -> _Parser:
        p: _Parser = sub.add_parser(name, help=text, description=text)
        p.add_argument("--position", "-p", default=STANDARD_START, help="P1 position string")
        p.set_defaults(func=func)
        return p

    p = add("perft", cmd_perft, "count leaf positions DEPTH plies ahead")
    # perft recurses once per ply; past 50 plies no count would ever finish.
    p.add_argument("depth", type=whole_number(0, MAX_PERFT_DEPTH), metavar="DEPTH")
    p.add_argument("--divide", action="store_true", help="subtotal per first action")
    p.add_argument("--quiet", "-q", action="store_true", help="print the count only")
    p = add("legal", cmd_legal, "list the legal actions after ACTIONS")
    p.add_argument("actions", nargs="*", metavar="ACTIONS")
    p.add_argument("--stdin", action="store_true", help="read one action list per line")
    p = add("apply", cmd_apply, "print the position after ACTIONS")
    p.add_argument("actions", nargs="*", metavar="ACTIONS")
    p = add("svg", cmd_svg, "print an SVG picture of the position after ACTIONS")
    p.add_argument("actions", nargs="*", metavar="ACTIONS")
    p.add_argument(
        "--size", type=whole_number(1, MAX_SVG_SIZE), default=None, help="width in pixels"
    )
    p.add_argument("--no-coordinates", action="store_true", help="leave out a-e and 1-5")
    p = add("bench-parse", cmd_bench_parse, "time to read hostile records, positions, links")
    p.add_argument("--size", type=whole_number(1, 10**8), default=10**6, help="characters")
    p.add_argument("--runs", type=whole_number(1, 100), default=5, help="reads of each (median)")
    from .ai.tools.cli import add_ai_commands  # bestmove, engine, arena, bench-ai

    add_ai_commands(sub, add)
    from .tor.cli import add_tor_commands  # tor perft, tor legal, tor apply

    add_tor_commands(sub, _Parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        result: int = args.func(args)
        return result
    except (_UsageError, GameError) as e:
        # One line, of a readable length, whatever the arguments held.
        message = " ".join(str(e).split())
        if len(message) > 200:
            message = message[:199] + "…"
        print(f"mixtour: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("mixtour: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
