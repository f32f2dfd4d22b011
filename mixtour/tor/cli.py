"""Tor's command line (T7): ``python -m mixtour tor perft|legal|apply`` (the
commands every game has, ``mixtour/kit/cli.py``), the computer player's
``bestmove``, ``bench-ai``, ``arena`` and ``tune-eval``, and ``puzzles`` (the kit's
command, with Tor's plug-in: ``web/data/tor-puzzles.json``).

Registered under ``tor`` by ``mixtour/__main__.py``, which turns every
:class:`~mixtour.tor.core.TorError` and usage error into one line on stderr
and exit status 2.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..kit.arguments import budget_levels, checked, ridge, whole_number
from ..kit.cli import (
    add_puzzles_command,
    add_review_calibrate_command,
    add_rules_commands,
    after,
    command_adder,
    tuning_samples,
)
from .ai.levels import LEVELS, parse_level
from .core import STANDARD_START, Position, TorError, action_text
from .game import Game

if TYPE_CHECKING:
    from ..kit.puzzles import PuzzleRules

PUZZLE_SEED = 2026
PUZZLE_COUNT = 150


def cmd_bestmove(args: argparse.Namespace) -> int:
    from .ai import choose_move

    pos = after(args).position
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

    summary = run_arena(
        args.a, args.b, args.pairs, args.seed, args.time_ms, on_game=show, jobs=args.jobs
    )
    for line in summary.lines(args.a, args.b):
        print(line)
    return 0


def cmd_tune_eval(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..kit import fit as kit_fit
    from .ai.tools import tune

    _no_position(args, "tune-eval")
    levels = ",".join(map(str, args.levels))
    recipe = f"tor tune-eval --games {args.games} --seed {args.seed} --levels {levels}"
    samples = tuning_samples(
        args,
        recipe,
        lambda progress: tune.generate(
            args.games, args.seed, args.levels, progress=progress, jobs=args.jobs
        ),
        kit_fit.write_samples,
    )
    fit = tune.fit_weights(samples, ridge=args.ridge)
    print("\n".join(kit_fit.lines(fit)))
    if args.out is not None:
        tune.save_weights(Path(args.out), fit.weights)
        print(f"wrote {args.out}")
    return 0


def _puzzle_rules() -> PuzzleRules[Any]:
    from .ai.puzzles import RULES

    return RULES


_level = checked(parse_level, "level")


def _player_text(text: str) -> str:
    name = text.strip().lower()
    if name.startswith("master@"):
        from pathlib import Path

        from .ai.tools.tune import load_weights

        load_weights(Path(text.strip()[len("master@") :]))  # a broken file is refused now
    elif name not in ("greedy", "random", "master-v1", "master-v2"):
        parse_level(text)
    return text


_player = checked(_player_text, "player")


def add_tor_commands(sub: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    """Register ``tor`` and its commands on ``sub``, the subparsers object of
    ``mixtour.__main__``."""
    text = "Tor (by Alain Couchot and Bernard Klein): rules engine tools"
    tor = sub.add_parser("tor", help=text, description=text)
    tsub = tor.add_subparsers(dest="tor_command", required=True, parser_class=parser_class)

    add = command_adder(tsub, Game, "position string (BOARD TURN HAND)")
    add_rules_commands(add)  # perft, legal, apply
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
    p.add_argument("a", type=_player, metavar="A", help="a level, master-v2, greedy or random")
    p.add_argument("b", type=_player, metavar="B", help="a level, master-v2, greedy or random")
    p.add_argument("--pairs", type=whole_number(1, 10_000), default=10)
    p.add_argument("--seed", type=whole_number(0, 1 << 30), default=1)
    p.add_argument(
        "--time-ms",
        type=whole_number(1, 600_000),
        default=None,
        help="Master's CPU time per move (levels 1-5 spend their node budgets)",
    )
    p.add_argument("--jobs", type=whole_number(1, 64), default=1, help="games at once")
    p.add_argument("--quiet", "-q", action="store_true", help="print the summary only")
    p = add("tune-eval", cmd_tune_eval, "fit the evaluation's weights to seeded self-play")
    p.add_argument("--games", type=whole_number(1, 100_000), default=400)
    p.add_argument("--seed", type=whole_number(0, 1 << 30), default=1)
    p.add_argument(
        "--levels", type=budget_levels(LEVELS), default=(1, 2, 3, 4), help="e.g. 1,2,3,4"
    )
    p.add_argument("--jobs", type=whole_number(1, 64), default=1, help="games at once")
    p.add_argument("--ridge", type=ridge, default=1.0, help="ridge penalty, 0 or more")
    p.add_argument("--data", metavar="FILE", help="write the positions here (or read them)")
    p.add_argument("--read-data", action="store_true", help="fit the positions of --data")
    p.add_argument("--out", metavar="FILE", help="write the fitted weights here (JSON)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress lines")
    add_puzzles_command(
        tsub,
        _puzzle_rules,
        program="python -m mixtour tor",
        seed=PUZZLE_SEED,
        count=PUZZLE_COUNT,
        text="make puzzles (hems in 1-3 turns) from seeded self-play, or --check a set",
    )
    add_review_calibrate_command(tsub, "tor", budget_levels(LEVELS))
