"""Command line: ``python -m mixtour perft|legal|apply ...`` (the commands
every game has, ``mixtour/kit/cli.py``), ``svg`` and ``bench-parse``, and the
AI's ``bestmove|engine|arena|bench-ai``, see ``mixtour/ai/tools/cli.py``;
Tor's ``tor perft|legal|apply|...``, see ``mixtour/tor/cli.py``.

Bad input gives a one-line message on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from .core import MixtourError, Position
from .game import Game
from .kit.arguments import whole_number
from .kit.cli import add_rules_commands, after, command_adder
from .kit.errors import GameError

MAX_SVG_SIZE = 100_000


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(message)


def cmd_svg(args: argparse.Namespace) -> int:
    from .svg import board

    pos = after(args).position
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

    add = command_adder(sub, Game, "P1 position string")
    add_rules_commands(add)  # perft, legal, apply
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
