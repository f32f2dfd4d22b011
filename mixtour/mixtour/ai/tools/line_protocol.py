"""A line protocol on stdin/stdout in the spirit of UCI.

Commands (one per line, case-insensitive keywords)::

    isready                                  -> readyok (at once, even while searching)
    position startpos [moves a1 b2 ...]
    position <P1 string> [moves ...]         (P1 fields may use '_' for spaces)
    setoption level <1-6 or name>
    setoption seed <n>                       (a whole number of at most 19 digits)
    go [time <ms>] [depth <n>] [nodes <n>]   -> info ... lines, then bestmove <action>
    stop                                     -> the search ends: bestmove at once
    quit                                     (ends a running search first)

``go`` searches in the background while commands are read: ``stop`` makes
the search answer at once with the best move found so far, ``quit`` does
the same and exits, ``isready`` is answered at once; any other command
waits until the search has answered.  ``time`` is at most 600000 ms; a
search limited only by ``depth`` or ``nodes`` also stops after 60000 ms.
At the end of the input, a running search is finished and answered.

Errors never stop the engine: they are answered by ``info string error: ...``.
Every output line is flushed at once, so a GUI or a test can read it.
"""

from __future__ import annotations

import argparse
import threading
from collections.abc import Callable
from typing import TextIO

from ....kit.arguments import whole_number
from ....kit.errors import shown
from ...core import STANDARD_START, MixtourError, action_text
from ...game import Game
from ..levels import LEVELS, parse_level
from ..player import choose_move
from ..search import SearchInfo

__all__ = ["MAX_TIME_MS", "UNTIMED_MS", "Engine", "run_engine"]

MAX_TIME_MS = 600_000  # the longest search one command may ask for
UNTIMED_MS = 60_000  # where a search limited only by depth or nodes stops anyway
_LIMITS = {
    "time": whole_number(1, MAX_TIME_MS),
    "movetime": whole_number(1, MAX_TIME_MS),
    "depth": whole_number(1, 60),
    "nodes": whole_number(1, 10**12),
}
_SEED = whole_number(-(2**63), 2**63 - 1)


def _number(read: Callable[[str], int], text: str, what: str) -> int:
    try:
        n = read(text)
    except argparse.ArgumentTypeError as e:
        raise ValueError(f"{what}: {e}") from None
    return n


class Engine:
    """The protocol state: the current game, the level, the seed and the
    search running in the background, if any."""

    __slots__ = ("game", "level", "seed", "out", "_lock", "_search", "_stop")

    def __init__(self, out: TextIO) -> None:
        self.game = Game(STANDARD_START)
        self.level = 6
        self.seed = 1
        self.out = out
        self._lock = threading.Lock()  # one line at a time from both threads
        self._search: threading.Thread | None = None
        self._stop = threading.Event()

    def send(self, line: str) -> None:
        with self._lock:
            self.out.write(line + "\n")
            self.out.flush()

    @property
    def searching(self) -> bool:
        return self._search is not None and self._search.is_alive()

    def stop(self) -> None:
        """End a running search now; it answers with its best move so far."""
        self._stop.set()
        self.wait()

    def wait(self) -> None:
        """Let a running search finish and answer."""
        if self._search is not None:
            self._search.join()
            self._search = None

    def handle(self, line: str) -> bool:
        """Answer one command line; False after ``quit``."""
        words = line.split()
        if not words:
            return True
        cmd = words[0].lower()
        if cmd == "quit":
            self.stop()
            return False
        if cmd == "stop":
            self.stop()
            return True
        if cmd == "isready":
            self.send("readyok")
            return True
        self.wait()
        try:
            if cmd in ("uci", "mixtour"):
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
                self.send(f"info string error: unknown command {shown(cmd)}")
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
            self.seed = _number(_SEED, value, "seed")
        else:
            raise ValueError(f"unknown option {name!r} (level, seed)")

    def _go(self, args: list[str]) -> None:
        opts: dict[str, int] = {}
        i = 0
        while i < len(args):
            key = args[i].lower()
            if key in _LIMITS and i + 1 < len(args):
                opts[key] = _number(_LIMITS[key], args[i + 1], f"go {key}")
                i += 2
            else:
                raise ValueError(
                    f"go: unexpected {shown(args[i])} (time <ms>, depth <n>, nodes <n>)"
                )
        pos = self.game.position
        if pos.is_over:
            self.send("info string error: the game is over")
            self.send("bestmove (none)")
            return
        time_ms = opts.get("time", opts.get("movetime"))
        if time_ms is None and ("depth" in opts or "nodes" in opts):
            time_ms = UNTIMED_MS
        self._stop = threading.Event()
        self._search = threading.Thread(
            target=self._search_and_answer,
            args=(time_ms, opts.get("depth"), opts.get("nodes")),
            name="engine-search",
            daemon=True,
        )
        self._search.start()

    def _search_and_answer(self, time_ms: int | None, depth: int | None, nodes: int | None) -> None:
        def report(info: SearchInfo) -> None:
            self.send(info.line())

        try:
            result = choose_move(
                self.game.position,
                time_ms=time_ms,
                depth=depth,
                nodes=nodes,
                level=self.level,
                seed=self.seed,
                on_info=report,
                stop=self._stop.is_set,
            )
        except MixtourError as e:
            self.send(f"info string error: {e}")
            self.send("bestmove (none)")
            return
        self.send(f"bestmove {action_text(result.move)}")


def run_engine(inp: TextIO, out: TextIO) -> int:
    engine = Engine(out)
    try:
        for line in inp:
            if not engine.handle(line):
                return 0
    finally:
        engine.wait()
    return 0
