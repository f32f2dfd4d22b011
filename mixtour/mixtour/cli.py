"""Mixtour's command line: ``python -m mixtour perft|legal|apply`` (the
commands every game has, ``mixtour/kit/cli.py``), ``svg`` and
``bench-parse``, and the AI's ``bestmove|engine|arena|bench-ai|...`` (see
``ai/tools/cli.py``).

Registered at the top level by ``mixtour/__main__.py`` (Tor's commands go
under ``tor``, see ``mixtour/tor/cli.py``), which turns every
:class:`~mixtour.mixtour.core.MixtourError` and usage error into one line on
stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from ..kit.arguments import whole_number
from ..kit.cli import add_rules_commands, after, command_adder
from .core import MixtourError, Position
from .game import Game

MAX_SVG_SIZE = 100_000


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


def add_mixtour_commands(sub: Any) -> None:
    """Register Mixtour's commands on ``sub``, the top-level subparsers object
    of ``mixtour.__main__``."""
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
