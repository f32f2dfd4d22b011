"""A line protocol on stdin/stdout in the spirit of UCI.

Commands (one per line, case-insensitive keywords)::

    isready                                  -> readyok
    position startpos [moves a1 b2 ...]
    position <P1 string> [moves ...]         (P1 fields may use '_' for spaces)
    setoption level <1-6 or name>
    setoption seed <n>
    go [time <ms>] [depth <n>] [nodes <n>]   -> info ... lines, then bestmove <action>
    quit

Errors never stop the engine: they are answered by ``info string error: ...``.
Every output line is flushed at once, so a GUI or a test can read it.
"""

from __future__ import annotations

from typing import TextIO

from ..core import STANDARD_START, MixtourError, action_text
from ..game import Game
from .levels import LEVELS, parse_level
from .player import choose_move
from .search import SearchInfo

__all__ = ["Engine", "run_engine"]


class Engine:
    """The protocol state: the current game, the level and the seed."""

    __slots__ = ("game", "level", "seed", "out")

    def __init__(self, out: TextIO) -> None:
        self.game = Game(STANDARD_START)
        self.level = 6
        self.seed = 1
        self.out = out

    def send(self, line: str) -> None:
        self.out.write(line + "\n")
        self.out.flush()

    def handle(self, line: str) -> bool:
        """Answer one command line; False after ``quit``."""
        words = line.split()
        if not words:
            return True
        cmd = words[0].lower()
        try:
            if cmd == "quit":
                return False
            if cmd == "isready":
                self.send("readyok")
            elif cmd in ("uci", "mixtour"):
                self.send("id name mixtour-ai")
                self.send("option name level type spin default 6 min 1 max 6")
                self.send("option name seed type spin default 1")
                self.send("uciok")
            elif cmd == "position":
                self._position(words[1:])
            elif cmd == "setoption":
                self._setoption(words[1:])
            elif cmd == "go":
                self._go(words[1:])
            elif cmd in ("d", "show"):
                self.send(f"info string position {self.game.fen()}")
            else:
                self.send(f"info string error: unknown command {cmd!r}")
        except (MixtourError, ValueError) as e:
            self.send(f"info string error: {e}")
        return True

    def _position(self, args: list[str]) -> None:
        if not args:
            raise ValueError("position needs 'startpos' or a position string")
        lower = [a.lower() for a in args]
        cut = lower.index("moves") if "moves" in lower else len(args)
        head, moves = args[:cut], args[cut + 1 :]
        fen = STANDARD_START if lower[0] == "startpos" and cut == 1 else " ".join(head)
        game = Game(fen)  # raises on a bad position or move: the old game is kept
        for m in moves:
            game.play(m)
        self.game = game

    def _setoption(self, args: list[str]) -> None:
        words = [a for a in args if a.lower() not in ("name", "value")]
        if len(words) != 2:
            raise ValueError("usage: setoption level <1-6> | setoption seed <n>")
        name, value = words[0].lower(), words[1]
        if name == "level":
            self.level = parse_level(value)
            self.send(f"info string level {self.level} ({LEVELS[self.level].name})")
        elif name == "seed":
            self.seed = int(value)
        else:
            raise ValueError(f"unknown option {name!r} (level, seed)")

    def _go(self, args: list[str]) -> None:
        opts: dict[str, int] = {}
        i = 0
        while i < len(args):
            key = args[i].lower()
            if key in ("time", "movetime", "depth", "nodes") and i + 1 < len(args):
                try:
                    opts[key] = int(args[i + 1])
                except ValueError:
                    raise ValueError(f"go: {key} needs a whole number") from None
                if opts[key] <= 0:
                    raise ValueError(f"go: {key} must be positive")
                i += 2
            else:
                raise ValueError(f"go: unexpected {args[i]!r} (time <ms>, depth <n>, nodes <n>)")
        pos = self.game.position
        if pos.is_over:
            self.send("info string error: the game is over")
            self.send("bestmove (none)")
            return

        def report(info: SearchInfo) -> None:
            self.send(info.line())

        t = opts.get("time", opts.get("movetime"))
        result = choose_move(
            pos,
            time_ms=t,
            depth=opts.get("depth"),
            nodes=opts.get("nodes"),
            level=self.level,
            seed=self.seed,
            on_info=report,
        )
        self.send(f"bestmove {action_text(result.move)}")


def run_engine(inp: TextIO, out: TextIO) -> int:
    engine = Engine(out)
    for line in inp:
        if not engine.handle(line):
            break
    return 0
