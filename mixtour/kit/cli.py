"""The commands every game has, written once: ``perft``, ``legal`` and
``apply`` (``python -m mixtour perft ...`` for Mixtour, ``python -m mixtour
tor perft ...`` for Tor; see ``mixtour/CLI.md``), ``puzzles`` for a game
with a puzzle plug-in (:func:`add_puzzles_command`) and ``review-calibrate``
for a game with a review (:func:`add_review_calibrate_command`: the figures
in :mod:`mixtour.kit.review`'s docstring).

A game's command line (``mixtour/mixtour/cli.py``, ``mixtour/tor/cli.py``)
gets its ``add`` from :func:`command_adder` (each command with
``--position``, defaulting to the game's start, and the game's ``Game`` class
in ``args.game``), registers these commands with :func:`add_rules_commands`
and reads the position of its own commands with :func:`after`.  The caller
turns a :class:`~mixtour.kit.errors.GameError` into one line on stderr.
Never shipped: ``build.py`` leaves every ``cli.py`` out of the app.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from .arguments import whole_number
from .errors import GameError
from .fit import Sample, read_samples
from .game import Game
from .perft import divide, perft
from .protocol import GamePosition

if TYPE_CHECKING:
    from .puzzles import PuzzleRules

__all__ = [
    "MAX_PERFT_DEPTH",
    "add_puzzles_command",
    "add_review_calibrate_command",
    "add_rules_commands",
    "after",
    "check_writable",
    "command_adder",
    "push_pop_rate",
    "write_out",
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


# -- files a command writes -----------------------------------------------------------


def tuning_samples(
    args: argparse.Namespace,
    recipe: str,
    generate: Callable[[Callable[[int], None]], list[Sample]],
    write: Callable[[Path, list[Sample], str], None],
) -> list[Sample]:
    """The positions a ``tune-eval`` command fits: read from ``--data`` with
    ``--read-data``, else made by ``generate`` (given a progress callback,
    which prints every 50 games unless ``--quiet``) and written to
    ``--data`` by ``write`` when it is given. Files are checked first."""
    check_writable(args.out, "--out")
    if args.read_data:
        if args.data is None:
            raise GameError("--read-data needs --data FILE")
        try:
            samples = read_samples(Path(args.data))
        except (OSError, ValueError) as e:
            raise GameError(f"{args.data}: cannot read positions ({e})") from None
        print(f"read {len(samples)} positions from {args.data}", flush=True)
    else:
        check_writable(args.data, "--data")
        print(f"generating: {recipe}", flush=True)
        t0 = time.perf_counter()

        def progress(done: int) -> None:
            if not args.quiet and (done % 50 == 0 or done == args.games):
                print(f"  {done} games, {time.perf_counter() - t0:.0f} s", flush=True)

        samples = generate(progress)
        if args.data is not None:
            write(Path(args.data), samples, recipe)
            print(f"wrote {len(samples)} positions to {args.data}")
    if not samples:
        raise GameError("no positions to fit")
    return samples


def check_writable(path: str | None, option: str) -> None:
    """Refuse, before any work is done, a file that could not be written at the
    end: its folder missing or read-only, or the path a folder."""
    if path is None:
        return
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise GameError(f"{option} {path}: is a folder, not a file")
    if not folder.is_dir():
        raise GameError(f"{option} {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise GameError(f"{option} {path}: cannot be written")


def write_out(text: str, out: str | None) -> bool:
    """Write a command's result to the file ``out``, or to stdout when there is
    none; return whether it went to a file."""
    if out is None:
        sys.stdout.write(text)
        return False
    try:
        Path(out).write_text(text, encoding="utf-8")
    except OSError as error:
        raise GameError(f"cannot write {out}: {error}") from None
    return True


# -- puzzles ---------------------------------------------------------------------------

_SEED = whole_number(-(2**63), 2**63 - 1)


def cmd_puzzles(args: argparse.Namespace) -> int:
    """Generate a game's puzzle set from seeded self-play, or check a stored one."""
    from .puzzles import Solver, check, generate, read_set, set_json

    rules: PuzzleRules[Any] = args.puzzle_rules()
    if args.check:
        try:
            puzzles = read_set(rules, Path(args.check).read_text(encoding="utf-8"))
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise GameError(f"cannot read the puzzle set {args.check}: {error}") from None
        except RecursionError:  # JSON nested deeper than the interpreter's stack
            raise GameError(f"cannot read the puzzle set {args.check}: nested too deeply") from None
        bad = 0
        t0 = time.perf_counter()
        solver = Solver(rules)
        for number, puzzle in enumerate(puzzles, 1):
            name = puzzle.get("id") if isinstance(puzzle, dict) else f"#{number}"
            for problem in check(rules, puzzle, solver):
                bad += 1
                print(f"puzzle {name}: {problem}")
        print(f"checked {len(puzzles)} puzzles: {'all hold' if not bad else f'{bad} problems'}")
        if not args.quiet:
            print(f"time: {time.perf_counter() - t0:.1f} s")
        return 1 if bad else 0
    check_writable(args.out, "--out")
    command = f"{args.program} puzzles --seed {args.seed} --count {args.count}"
    t0 = time.perf_counter()
    progress = None if args.quiet else (lambda line: print(line, file=sys.stderr, flush=True))
    found = generate(rules, args.count, args.seed, progress=progress)
    text = set_json(rules, found, args.seed, command)
    if write_out(text, args.out):
        counts: dict[str, int] = {}
        for p in found:
            label = f"{p.kind} in {p.length}" if p.kind == "win" else p.kind
            counts[label] = counts.get(label, 0) + 1
        summary = ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))
        print(f"wrote {len(found)} puzzles ({summary}) to {args.out}, {len(text.encode())} bytes")
        print(f"time: {time.perf_counter() - t0:.1f} s")
    return 0


def add_puzzles_command(
    sub: Any,
    rules: Callable[[], PuzzleRules[Any]],
    *,
    program: str,
    seed: int,
    count: int,
    text: str,
) -> argparse.ArgumentParser:
    """Register ``puzzles`` on ``sub`` (a subparsers object) for the game whose
    puzzle plug-in ``rules()`` returns (imported only when the command runs);
    ``program`` starts the command line a set records (``python -m mixtour``),
    ``seed`` and ``count`` are the defaults that make the shipped set."""
    p: argparse.ArgumentParser = sub.add_parser("puzzles", help=text, description=text)
    p.set_defaults(func=cmd_puzzles, puzzle_rules=rules, program=program)
    p.add_argument("--seed", type=_SEED, default=seed, help=f"seed (default {seed})")
    p.add_argument(
        "--count",
        type=whole_number(1, 100_000),
        default=count,
        help=f"puzzles to make (default {count})",
    )
    p.add_argument("--out", metavar="FILE", help="write the set here (default: print it)")
    p.add_argument("--check", metavar="FILE", help="re-verify every puzzle of a set instead")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress lines")
    return p


# -- review-calibrate ------------------------------------------------------------------

#: The marks ``review-calibrate`` counts (the ones the page shows).
MARKS: Final = ("inaccuracy", "mistake", "blunder")


def calibration_game(game: str, number: int, seed: int, seats: tuple[int, int]) -> list[str]:
    """Game ``number`` of a ``review-calibrate`` run: the levels ``seats``
    (first player's, second player's) play ``game`` from its start, each
    move seeded from ``Random(seed * 1_000_003 + number)``; its actions in
    the game's notation (at most 400)."""
    import random

    from .games import game_ai

    ai = game_ai(game)
    rng = random.Random(seed * 1_000_003 + number)
    pos = ai.read(ai.start)
    actions: list[str] = []
    while not pos.status and len(actions) < 400:
        move = ai.choose(pos, level=seats[pos.turn], seed=rng.getrandbits(30)).move
        actions.append(ai.action_text(move))
        pos.push(move)
    return actions


def mark_counts(report: dict[str, Any], colors: tuple[str, str]) -> tuple[dict[str, int], ...]:
    """Per player (by index), how many moves of a review's ``report`` got each mark."""
    summary = report["summary"]
    return tuple({m: int(summary[c][m]) for m in MARKS} for c in colors)


def calibration_table(counts: dict[tuple[str, int], list[dict[str, int]]]) -> list[str]:
    """The lines of ``review-calibrate``'s table: for each way of judging
    and level (the keys of ``counts``, each with one count of marks per game
    played), the median and mean per game of each mark."""
    import statistics

    head = f"{'review':10} {'level':>5} {'games':>5}" + "".join(f" {m:>16}" for m in MARKS)
    lines = [head, f"{'':22}" + " median / mean   " * len(MARKS)]
    for (way, level), games in counts.items():
        cells = ""
        for mark in MARKS:
            values = [g[mark] for g in games]
            cells += f" {statistics.median(values):>7g} / {statistics.fmean(values):<6.2f}"
        lines.append(f"{way:10} {level:>5} {len(games):>5}{cells}")
    return lines


def cmd_review_calibrate(args: argparse.Namespace) -> int:
    """Seeded games between two levels, reviewed; how many moves per game
    get each mark, per level, with the verdicts as they were before the
    second look ("before") and as they are ("after")."""
    from .games import game_ai

    if len(args.levels) != 2:
        raise GameError("--levels takes two levels, e.g. 2,4")
    ai = game_ai(args.review_game)
    reviewer = ai.review
    depth = args.depth or reviewer.rules.depth
    colors = reviewer.rules.colors
    weak, strong = args.levels
    counts: dict[tuple[str, int], list[dict[str, int]]] = {
        (way, level): [] for way in ("before", "after") for level in (weak, strong)
    }
    t0 = time.perf_counter()
    plies_total = looks = 0
    reviewing = 0.0
    for number in range(args.games):
        seats = (weak, strong) if number % 2 == 0 else (strong, weak)
        actions = calibration_game(args.review_game, number, args.seed, seats)
        t1 = time.perf_counter()
        plies = reviewer.review_game(ai.start, actions, depth=depth)
        reviewing += time.perf_counter() - t1
        plies_total += len(actions)
        looks += sum(1 for p in plies if p.deep_depth)
        for way, calibrated in (("before", False), ("after", True)):
            report = reviewer.report(plies, actions, calibrated=calibrated)
            for seat, marks in enumerate(mark_counts(report, colors)):
                counts[(way, seats[seat])].append(marks)
        if args.verbose:
            print(f"game {number}: {' '.join(actions)}", flush=True)
        if not args.quiet and ((number + 1) % 10 == 0 or number + 1 == args.games):
            print(f"  {number + 1} games, {time.perf_counter() - t0:.0f} s", flush=True)
    games = max(1, args.games)
    print(
        f"{args.review_game}: {args.games} games, levels {weak} and {strong} (colours"
        f" alternating), --seed {args.seed}, review depth {depth}:"
        f" {plies_total / games:.1f} plies, {looks / games:.1f} second looks"
        f" and {reviewing / games:.1f} s of review a game"
    )
    print("\n".join(calibration_table(counts)))
    return 0


def add_review_calibrate_command(
    sub: Any, game: str, levels: Callable[[str], tuple[int, ...]]
) -> argparse.ArgumentParser:
    """Register ``review-calibrate`` on ``sub`` (a subparsers object) for the
    game the collection calls ``game`` (``mixtour``, ``tor``); ``levels``
    reads the game's ``--levels``."""
    text = "review seeded games between two levels: the marks per game, before and after"
    p: argparse.ArgumentParser = sub.add_parser("review-calibrate", help=text, description=text)
    p.set_defaults(func=cmd_review_calibrate, review_game=game)
    p.add_argument("--games", type=whole_number(1, 100_000), default=100, help="default 100")
    p.add_argument("--seed", type=_SEED, default=1, help="seed of the games (default 1)")
    p.add_argument("--levels", type=levels, default=(2, 4), help="two levels (default 2,4)")
    p.add_argument(
        "--depth", type=whole_number(1, 8), default=None, help="review depth (the game's own)"
    )
    p.add_argument("--verbose", "-v", action="store_true", help="print each game's actions")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress lines")
    return p
