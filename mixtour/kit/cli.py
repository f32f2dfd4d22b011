"""The commands every game has, written once: ``perft``, ``legal`` and
``apply`` (``python -m mixtour perft ...`` for Mixtour, ``python -m mixtour
tor perft ...`` for Tor; see ``mixtour/CLI.md``).

A game's command line (``mixtour/__main__.py``, ``mixtour/tor/cli.py``)
gets its ``add`` from :func:`command_adder` (each command with
``--position``, defaulting to the game's start, and the game's ``Game`` class
in ``args.game``), registers these commands with :func:`add_rules_commands`
and reads the position of its own commands with :func:`after`.  The caller
turns a :class:`~mixtour.kit.errors.GameError` into one line on stderr.
Never shipped: ``build.py`` leaves every ``cli.py`` out of the app.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any, Final

from .arguments import whole_number
from .errors import GameError
from .game import Game
from .perft import divide, perft
from .protocol import GamePosition

__all__ = [
    "MAX_PERFT_DEPTH",
    "add_rules_commands",
    "after",
    "command_adder",
    "push_pop_rate",
]

# perft recurses once per ply; past 50 plies no count would ever finish.
MAX_PERFT_DEPTH: Final = 50

AnyGame = Game[Any, Any, Any, Any]
Command = Callable[[argparse.Namespace], int]
Adder = Callable[[str, Command, str], argparse.ArgumentParser]


def after(args: argparse.Namespace, actions: list[str] | None = None) -> AnyGame:
    """The game of ``args`` (its ``--position``, then ``actions``, by default
    the command's ``ACTIONS``)."""
    game: AnyGame = args.game(args.position, list(args.actions if actions is None else actions))
    return game


def push_pop_rate(pos: GamePosition, seconds: float = 0.3) -> float:
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
    game: type[AnyGame] = args.game
    pos = game.position_class(args.position)
    t0 = time.perf_counter()
    if args.divide:
        action = game.action_class
        rows = divide(pos, args.depth, lambda a: str(action(a))) if args.depth > 0 else []
        for text, n in rows:
            print(f"{text}: {n}")
        total = sum(n for _, n in rows) if args.depth > 0 else 1
    else:
        total = perft(pos, args.depth)
    elapsed = time.perf_counter() - t0
    if not args.quiet:
        rate = total / elapsed / 1e6 if elapsed > 0 else 0.0
        print(f"time: {elapsed:.3f} s ({rate:.2f} M leaves/s)")
        print(f"push/pop: {push_pop_rate(game.position_class(args.position)):,.0f} per second")
    print(total)
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    if args.stdin:
        out = sys.stdout
        for line in sys.stdin:
            try:
                out.write(" ".join(after(args, line.split()).legal_texts()) + "\n")
            except GameError as e:
                out.write(f"error: {' '.join(str(e).split())}\n")
        return 0
    print(" ".join(after(args).legal_texts()))
    return 0


def cmd_apply(args: argparse.Namespace) -> int:
    print(after(args).fen())
    return 0


def command_adder(sub: Any, game: type[AnyGame], position_help: str) -> Adder:
    """``add(name, func, help)``: a command of ``game`` on ``sub`` (a
    subparsers object), with ``--position`` and ``args.game``."""

    def add(name: str, func: Command, text: str) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = sub.add_parser(name, help=text, description=text)
        p.add_argument("--position", "-p", default=game.standard_start, help=position_help)
        p.set_defaults(func=func, game=game)
        return p

    return add


def add_rules_commands(add: Adder) -> None:
    """Register ``perft``, ``legal`` and ``apply`` with a game's ``add``."""
    p = add("perft", cmd_perft, "count leaf positions DEPTH plies ahead")
    p.add_argument("depth", type=whole_number(0, MAX_PERFT_DEPTH), metavar="DEPTH")
    p.add_argument("--divide", action="store_true", help="subtotal per first action")
    p.add_argument("--quiet", "-q", action="store_true", help="print the count only")
    p = add("legal", cmd_legal, "list the legal actions after ACTIONS, sorted, on one line")
    p.add_argument("actions", nargs="*", metavar="ACTIONS")
    p.add_argument("--stdin", action="store_true", help="read one action list per line")
    p = add("apply", cmd_apply, "print the position string after ACTIONS")
    p.add_argument("actions", nargs="*", metavar="ACTIONS")
