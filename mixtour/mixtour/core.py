"""The rules of Mixtour: squares, actions, positions, move generation.

This module is the bottom of the package: of the rest of the project it
imports only the kit's leaf modules ``mixtour/kit/errors.py`` and
``mixtour/kit/core.py``.
Rule ids (R1 ... R10, N1, P1) refer to ``mixtour/RULES.md``.

Actions are small integers so that the search can generate, push and pop
them without allocating objects:

* ``0 .. 24``       ENTER on that square (R3),
* ``PASS`` (25)     PASS (R7),
* ``>= 1024``       MOVE, encoded as ``count << 10 | from << 5 | to`` (R4).

:class:`Action` wraps such a code as an immutable value with its N1 text.
:class:`Position` is mutable, with :meth:`Position.push` and
:meth:`Position.pop` that save and restore a small snapshot.

>>> pos = Position()
>>> pos.push(Action.parse("c3").code)
>>> pos.fen()
'5/5/2,w,2/5/5 r 19/20 0/0 1 c3'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from ..kit import core as kit_core
from ..kit import errors as kit_errors
from ..kit.errors import GameError, shown

__all__ = [
    "COLORS",
    "COLOR_NAMES",
    "NO_ACTION",
    "PASS",
    "STANDARD_START",
    "Reason",
    "Action",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidPositionError",
    "MixtourError",
    "Outcome",
    "Position",
    "Status",
    "default_discs",
    "distance",
    "parse_square",
    "square_name",
]

# ---------------------------------------------------------------------------
# Errors


class MixtourError(GameError):
    """Base class of every error the parsers and the rules raise: the kit's
    three kinds, for N1 actions (an :class:`IllegalActionError`'s ``reason``
    is a :class:`Reason`) and P1 positions."""


# Its three kinds carry a Reason, and follow it (below the Reason class).


# ---------------------------------------------------------------------------
# Squares and colours

FILES: Final = "abcde"
SIZE: Final = 5
NUM_SQUARES: Final = 25
COLORS: Final = "wrb"
COLOR_NAMES: Final = ("White", "Red", "Blue")
MAX_HEIGHT: Final = 4  # a stack of 5 or more is removed at once (R6)
SCORE_HEIGHT: Final = 5
MIN_DISCS, MAX_DISCS = 5, 30
MIN_TARGET, MAX_TARGET = 1, 9

PASS: Final = 25
NO_ACTION: Final = 26  # "-" in the last-action field of P1
_MOVE_FLAG: Final = 1024


def square_name(sq: int) -> str:
    """``square_name(0) == 'a1'``, ``square_name(24) == 'e5'``."""
    return FILES[sq % SIZE] + str(sq // SIZE + 1)


def parse_square(text: str) -> int:
    """Inverse of :func:`square_name`; raises :class:`InvalidActionError`.

    >>> parse_square("c4")
    17
    """
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in FILES or t[1] not in "12345":
        raise InvalidActionError(f"{shown(text.strip())} is not a square (a1 to e5)")
    return (int(t[1]) - 1) * SIZE + FILES.index(t[0])


SQUARE_NAMES: Final = tuple(square_name(s) for s in range(NUM_SQUARES))
DIRECTIONS: Final = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def _build_lines() -> tuple[list[list[int]], list[list[list[int]]]]:
    """``DIST[a][b]``: steps from a to b along a line (0 if not on a line);
    ``BETWEEN[a][b]``: the squares strictly between them."""
    dist = [[0] * NUM_SQUARES for _ in range(NUM_SQUARES)]
    between: list[list[list[int]]] = [[[] for _ in range(NUM_SQUARES)] for _ in range(NUM_SQUARES)]
    for a in range(NUM_SQUARES):
        f0, r0 = a % SIZE, a // SIZE
        for df, dr in DIRECTIONS:
            path: list[int] = []
            for n in range(1, SIZE):
                f, r = f0 + df * n, r0 + dr * n
                if not (0 <= f < SIZE and 0 <= r < SIZE):
                    break
                b = r * SIZE + f
                dist[a][b] = n
                between[a][b] = list(path)
                path.append(b)
    return dist, between


DIST, BETWEEN = _build_lines()


def distance(a: int, b: int) -> int:
    """Steps from ``a`` to ``b`` along a straight line, or 0 if they share none."""
    return DIST[a][b]


def _build_sources() -> list[tuple[tuple[int, int, int], ...]]:
    """For a receiver on square t of height h, ``SOURCES[t * 5 + h]`` lists
    ``(need, bit, src)``: a stack on ``src`` can move onto t exactly when
    ``occupied & need == bit`` (src occupied, the squares between empty).
    R4: the distance must equal the receiver's height."""
    table: list[tuple[tuple[int, int, int], ...]] = []
    for t in range(NUM_SQUARES):
        for h in range(SIZE):
            entries = []
            if h:
                for src in range(NUM_SQUARES):
                    if DIST[t][src] == h:
                        need = 1 << src
                        for b in BETWEEN[t][src]:
                            need |= 1 << b
                        entries.append((need, 1 << src, src))
            table.append(tuple(entries))
    return table


SOURCES: Final = _build_sources()
FULL: Final = (1 << NUM_SQUARES) - 1

# ---------------------------------------------------------------------------
# Actions


def _move_code(frm: int, to: int, count: int) -> int:
    return count << 10 | frm << 5 | to


@dataclass(frozen=True, slots=True)
class Action:
    """One action in N1 notation: an ENTER, a MOVE or a PASS.

    >>> Action.parse(" C4:3-d3 ")
    Action.parse('c4:3-d3')
    >>> str(Action.parse("a1:1-b2"))
    'a1-b2'
    """

    code: int

    def __post_init__(self) -> None:
        c = self.code
        if not isinstance(c, int) or not (
            0 <= c <= PASS
            or (
                _MOVE_FLAG <= c <= _move_code(24, 24, MAX_HEIGHT)
                and 1 <= c >> 10 <= MAX_HEIGHT
                and (c >> 5) & 31 < NUM_SQUARES
                and c & 31 < NUM_SQUARES
                and (c >> 5) & 31 != c & 31
            )
        ):
            raise InvalidActionError(f"{c!r} is not an action code")

    @classmethod
    def enter(cls, square: int) -> Action:
        return cls(square)

    @classmethod
    def move(cls, frm: int, to: int, count: int = 1) -> Action:
        if not (0 <= frm < NUM_SQUARES and 0 <= to < NUM_SQUARES) or frm == to:
            raise InvalidActionError("a move needs two different squares")
        if not 1 <= count <= MAX_HEIGHT:
            raise InvalidActionError(f"a move takes 1 to {MAX_HEIGHT} discs, not {count}")
        return cls(_move_code(frm, to, count))

    @classmethod
    def pass_(cls) -> Action:
        return cls(PASS)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read N1: ``b2``, ``c4:3-d3``, ``a1-b2`` (= ``a1:1-b2``), ``pass``."""
        if not isinstance(text, str):
            raise InvalidActionError("an action must be given as text")
        t = text.strip().lower()
        if not t:
            raise InvalidActionError(
                "empty action: expected a square (b2), a move (c4:3-d3) or 'pass'"
            )
        if t == "pass":
            return cls(PASS)
        if "-" not in t:
            if ":" in t:
                raise InvalidActionError(f"{shown(t)}: a move needs a target, e.g. c4:2-d3")
            try:
                return cls(parse_square(t))
            except InvalidActionError:
                raise InvalidActionError(
                    f"{shown(text.strip())} is not an action: expected a square (b2), "
                    "a move (c4:3-d3 or a1-b2) or 'pass'"
                ) from None
        head, sep, tail = t.partition("-")
        if "-" in tail:
            raise InvalidActionError(f"{shown(t)}: a move has exactly one '-'")
        frm_text, colon, count_text = head.partition(":")
        frm = parse_square(frm_text)
        to = parse_square(tail)
        count = 1
        if colon:
            if not (count_text.isascii() and count_text.isdigit()) or len(count_text) > 2:
                raise InvalidActionError(
                    f"{shown(t)}: after ':' comes the number of discs to take (1 to 4)"
                )
            count = int(count_text)
        if frm == to:
            raise InvalidActionError(f"{shown(t)}: a move must go to another square")
        return cls.move(frm, to, count)

    @property
    def is_enter(self) -> bool:
        return self.code < NUM_SQUARES

    @property
    def is_move(self) -> bool:
        return self.code >= _MOVE_FLAG

    @property
    def is_pass(self) -> bool:
        return self.code == PASS

    @property
    def square(self) -> int:
        """The square entered on, or the target of a move."""
        return self.code & 31

    @property
    def frm(self) -> int:
        return (self.code >> 5) & 31

    @property
    def to(self) -> int:
        return self.code & 31

    @property
    def count(self) -> int:
        return self.code >> 10

    def as_dict(self) -> dict[str, object]:
        """The action as plain data, for a user interface: its N1 ``text``, its
        ``kind`` (``enter``, ``move`` or ``pass``), the ``square`` it lands on,
        and for a move ``from``, ``to`` and ``count``.

        >>> Action.parse("c4:2-c3").as_dict()
        {'text': 'c4:2-c3', 'kind': 'move', 'square': 12, 'to': 12, 'count': 2, 'from': 17}
        """
        if self.is_pass:
            return {"text": str(self), "kind": "pass"}
        if self.is_enter:
            return {"text": str(self), "kind": "enter", "square": self.square}
        return {
            "text": str(self),
            "kind": "move",
            "square": self.to,
            "to": self.to,
            "count": self.count,
            "from": self.frm,
        }

    def __str__(self) -> str:
        return action_text(self.code)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def action_text(code: int) -> str:
    """N1 text of an action code (canonical)."""
    if code < NUM_SQUARES:
        return SQUARE_NAMES[code]
    if code == PASS:
        return "pass"
    if code == NO_ACTION:
        return "-"
    k, frm, to = code >> 10, (code >> 5) & 31, code & 31
    if k == 1:
        return f"{SQUARE_NAMES[frm]}-{SQUARE_NAMES[to]}"
    return f"{SQUARE_NAMES[frm]}:{k}-{SQUARE_NAMES[to]}"


# ---------------------------------------------------------------------------
# Hashing (R9 repetition and the AI's transposition table)

_rng = random.Random(0x4D69787475)  # fixed: the same keys in CPython and Pyodide


def _rand() -> int:
    return _rng.getrandbits(62)


def _all_stacks(max_height: int) -> list[str]:
    out = [""]
    level = [""]
    for _ in range(max_height):
        level = [s + c for s in level for c in COLORS]
        out.extend(level)
    return out


_STACK_STRINGS: Final = _all_stacks(MAX_HEIGHT)
Z_STACK: Final = [{s: (_rand() if s else 0) for s in _STACK_STRINGS} for _ in range(NUM_SQUARES)]
Z_RESERVE: Final = [[_rand() for _ in range(MAX_DISCS + 1)] for _ in COLORS]
Z_SCORE: Final = [[_rand() for _ in range(MAX_TARGET + 1)] for _ in COLORS]
Z_TURN: Final = [_rand() for _ in COLORS]
Z_LAST: Final = [_rand() for _ in range(_move_code(31, 31, MAX_HEIGHT) + 1)]


# ---------------------------------------------------------------------------
# Position


_REASON_TEXT: Final = {
    "game-over": "the game is over",
    "pass-not-allowed": "you may only pass when you can neither enter nor move",
    "occupied": "{square} is occupied: a disc can only be entered on an empty square",
    "no-reserve": "{player} has no discs left in reserve",
    "not-an-action": "that is not an action",
    "no-stack": "there is no stack on {square}",
    "empty-target": "a move must end on a stack, and {to} is empty",
    "not-a-line": "{frm} and {to} are not on a straight line",
    "blocked": "the way from {frm} to {to} is blocked by {blockers}",
    "take-back": "that would take back {player}'s last move ({move})",
    "gift": "that would let {player} win at once (with three players, no gifts to the next)",
    "stuck-because": "{discs} of {square} cannot move: {why}",
    "stuck": (
        "{discs} of {square} cannot move: no stack stands on a free straight line "
        "exactly as many squares away as it is high"
    ),
}


def _squares(n: int) -> str:
    return "1 square" if n == 1 else f"{n} squares"


class Reason(kit_core.Reason):
    """Why an action is not legal: an id and its arguments (the kit's
    :class:`~mixtour.kit.core.Reason`), so that a user interface can word it
    in any language; ``str()`` gives English.

    The arguments carry no English: squares by name (``c3``), players by
    colour letter (``color="r"``), lists of squares comma-separated
    (``blockers="b3,c3"``), a nested reason as a :class:`Reason` (``why``).
    :meth:`as_dict` gives all of it as plain data.

    >>> str(Reason("no-stack", square="c3"))
    'there is no stack on c3'
    >>> str(Reason("blocked", frm="a3", to="d3", blockers="b3,c3"))
    'the way from a3 to d3 is blocked by b3 and c3'
    >>> Reason("gift", color="w").as_dict()
    {'id': 'gift', 'args': {'color': 'w'}}
    """

    def __str__(self) -> str:
        a: dict[str, object] = dict(self.args)
        if isinstance(a.get("color"), str):
            a["player"] = COLOR_NAMES[COLORS.index(str(a["color"]))]
        if isinstance(a.get("blockers"), str):
            a["blockers"] = " and ".join(str(a["blockers"]).split(","))
        if self.id == "too-many":
            h = a["height"]
            if h == 1:
                return f"{a['square']} holds a single disc, so only 1 disc can be taken"
            return f"{a['square']} is only {h} high, so at most {h} discs can be taken"
        if self.id == "distance":
            h, d = int(str(a["height"])), int(str(a["distance"]))
            return (
                f"{a['to']} is {h} high, so a move onto it must come from exactly "
                f"{_squares(h)} away ({a['frm']} is {_squares(d)} away)"
            )
        extra: dict[str, object] = {}
        if "count" in a:
            extra["discs"] = "the top disc" if a["count"] == 1 else f"the top {a['count']} discs"
        return _REASON_TEXT[self.id].format(**a, **extra)


#: The kit's three kinds of error in Mixtour's family (:class:`MixtourError`).
InvalidActionError, IllegalActionError, InvalidPositionError = kit_errors.kinds(
    MixtourError, Reason
)


class Status:
    """How a position stands, as the small int ``Position.status`` holds.

    Plain ints on purpose: the search and perft test ``if pos.status`` at
    every node, and an int costs nothing there.  Everything else reads the
    game's end through :class:`Outcome` (``Position.outcome``).
    """

    PLAYING: Final = 0
    WIN: Final = 1  # a player reached the target (R8); see ``Position.winner``
    DRAW_PASSES: Final = 2  # a pass followed by a player who cannot act either (R7)
    DRAW_REPETITION: Final = 3  # the same position for the third time (R9)


# The word for each status: ``Outcome.kind``, and the public code of a draw.
_STATUS_WORDS: Final = ("playing", "win", "draw-passes", "draw-repetition")


@dataclass(frozen=True, slots=True)
class Outcome(kit_core.OutcomeWords):
    """How a game stands: the one encoding of its end, for everything that
    is not the search's inner loop (records, links, pictures, the bridge).

    ``ending`` is a :class:`Status`, ``winner`` the winner's colour index
    after a win (else ``None``), ``players`` 2 or 3.  :attr:`code` is the
    public word (the bridge's ``status`` and the board's ``data-status``),
    :attr:`score_text` the G1 result token.

    >>> Outcome(Status.WIN, 1).code, Outcome(Status.WIN, 1).score_text
    ('r-wins', '0-1')
    >>> Outcome(Status.DRAW_PASSES, players=3).score_text
    '1/3-1/3-1/3'
    >>> [o.code for o in Outcome.all(3)]
    ['playing', 'w-wins', 'r-wins', 'b-wins', 'draw-passes', 'draw-repetition']
    """

    ending: int = Status.PLAYING
    winner: int | None = None
    players: int = 2
    status_words = _STATUS_WORDS
    winner_letters = COLORS

    def __post_init__(self) -> None:
        if self.players not in (2, 3):
            raise ValueError(f"an outcome is for 2 or 3 players, not {self.players!r}")
        won = self.ending == Status.WIN
        if self.ending not in range(len(_STATUS_WORDS)) or won != (self.winner is not None):
            raise ValueError(f"no outcome has status {self.ending!r} and winner {self.winner!r}")
        if won and self.winner not in range(self.players):
            raise ValueError(f"player {self.winner!r} cannot win a {self.players}-player game")

    @classmethod
    def all(cls, players: int = 2) -> list[Outcome]:
        """Every outcome a game of ``players`` can have, playing first."""
        wins = [cls(Status.WIN, c, players) for c in range(players)]
        draws = [cls(s, None, players) for s in (Status.DRAW_PASSES, Status.DRAW_REPETITION)]
        return [cls(Status.PLAYING, None, players), *wins, *draws]

    @property
    def score_text(self) -> str:
        """The G1 result token: ``1-0``, ``0-1``, ``1/2-1/2``, ``0-1-0``, ... or ``*``."""
        if not self.is_over:
            return "*"
        if self.winner is not None:
            return "-".join("1" if c == self.winner else "0" for c in range(self.players))
        share = "1/2" if self.players == 2 else "1/3"
        return "-".join([share] * self.players)

    def describe(self) -> str:
        """A sentence for a player (English)."""
        if self.winner is not None:
            return f"{COLOR_NAMES[self.winner]} wins by reaching the target"
        if self.ending == Status.DRAW_PASSES:
            # R7: the game ends after one pass, instead of the second one.
            return "Draw: a player had to pass and the next cannot act either"
        if self.ending == Status.DRAW_REPETITION:
            return "Draw: the same position occurred for the third time"
        return "Game in progress"


def default_discs(players: int) -> int:
    """D by default: 20 with two players, 15 with three (R1, R10)."""
    return 20 if players == 2 else 15


STANDARD_START: Final = "5/5/5/5/5 w 20/20 0/0 1 -"


class Position(kit_core.PositionText):
    """A Mixtour position with its history since it was set up.

    The history (for undo and for the repetition rule R9) lives in the
    position itself, like a chess board's move stack.

    >>> pos = Position()
    >>> len(pos.legal_actions())
    25
    >>> Position(pos.fen()) == pos
    True
    """

    __slots__ = (
        "stacks",
        "occupied",
        "turn",
        "players",
        "reserves",
        "scores",
        "target",
        "last",
        "hash",
        "status",
        "winner",
        "discs",
        "_undo",
        "_seen",
    )

    def __init__(self, fen: str | None = None) -> None:
        self.stacks: list[str] = [""] * NUM_SQUARES
        self.occupied = 0
        self.turn = 0
        self.players = 2
        self.reserves: list[int] = [20, 20]
        self.scores: list[int] = [0, 0]
        self.target = 1
        self.last = NO_ACTION
        self.hash = 0
        self.status = Status.PLAYING
        self.winner: int | None = None
        self.discs = 20
        self._undo: list[tuple[int, int, int, int, int, int, int | None, str, str]] = []
        self._seen: dict[int, int] = {}
        self.set_fen(STANDARD_START if fen is None else fen)

    # -- construction -------------------------------------------------------

    @classmethod
    def start(cls, players: int = 2, discs: int | None = None, target: int = 1) -> Position:
        """The empty board with D discs each (R1) and target T (R8)."""
        if players not in (2, 3):
            raise InvalidPositionError("Mixtour is played by 2 or 3 players")
        d = default_discs(players) if discs is None else discs
        if not MIN_DISCS <= d <= MAX_DISCS:
            raise InvalidPositionError(f"discs per player must be {MIN_DISCS} to {MAX_DISCS}")
        if not MIN_TARGET <= target <= MAX_TARGET:
            raise InvalidPositionError(f"the target must be {MIN_TARGET} to {MAX_TARGET}")
        reserves = "/".join([str(d)] * players)
        scores = "/".join(["0"] * players)
        return cls(f"5/5/5/5/5 w {reserves} {scores} {target} -")

    def copy(self) -> Position:
        """An independent copy of this position, without its history."""
        return Position(self.fen())

    def set_fen(self, fen: str) -> None:
        """Set up a position from its P1 string; the history is cleared."""
        p = _parse_fen(fen)
        self.stacks, self.turn, self.reserves, self.scores, self.target, self.last, self.discs = p
        self.players = len(self.reserves)
        self.occupied = sum(1 << s for s in range(NUM_SQUARES) if self.stacks[s])
        self.hash = self._full_hash()
        self._undo = []
        self._seen = {self.hash: 1}
        self.status = Status.PLAYING
        self.winner = None
        for c, score in enumerate(self.scores):
            if score >= self.target:
                self.status, self.winner = Status.WIN, c
        if self.status == Status.PLAYING and self.last == PASS and not self._available_actions():
            self.status = Status.DRAW_PASSES

    def _full_hash(self) -> int:
        h = Z_TURN[self.turn] ^ Z_LAST[self.last]
        for s, st in enumerate(self.stacks):
            h ^= Z_STACK[s][st]
        for c in range(self.players):
            h ^= Z_RESERVE[c][self.reserves[c]] ^ Z_SCORE[c][self.scores[c]]
        return h

    # -- text -----------------------------------------------------------------

    def fen(self) -> str:
        """The canonical position string (P1)."""
        ranks = []
        for r in range(SIZE - 1, -1, -1):
            items: list[str] = []
            empty = 0
            for f in range(SIZE):
                st = self.stacks[r * SIZE + f]
                if st:
                    if empty:
                        items.append(str(empty))
                        empty = 0
                    items.append(st)
                else:
                    empty += 1
            if empty:
                items.append(str(empty))
            ranks.append(",".join(items))
        return " ".join(
            (
                "/".join(ranks),
                COLORS[self.turn],
                "/".join(map(str, self.reserves)),
                "/".join(map(str, self.scores)),
                str(self.target),
                action_text(self.last),
            )
        )

    # -- queries ----------------------------------------------------------------

    @property
    def outcome(self) -> Outcome:
        """How the game stands here, as an :class:`Outcome`.

        >>> Position("5/5/5/5/5 r 20/20 1/0 1 -").outcome.code
        'w-wins'
        """
        return Outcome(self.status, self.winner, self.players)

    def next_player(self, player: int) -> int:
        return (player + 1) % self.players

    def height(self, square: int) -> int:
        return len(self.stacks[square])

    def repetitions(self) -> int:
        """How often the current position has occurred in this history (R9)."""
        return self._seen.get(self.hash, 0)

    def history(self) -> list[int]:
        """The actions pushed since the position was set up, oldest first."""
        return [u[0] for u in self._undo]

    def movers(self) -> list[int]:
        """The colour index of the player who made each action of :meth:`history`."""
        return [u[2] for u in self._undo]

    @property
    def ply(self) -> int:
        """How many actions have been pushed since the position was set up."""
        return len(self._undo)

    def forbidden_reverse(self) -> int:
        """The move that R5 forbids now (the last move taken back), or -1."""
        last = self.last
        if last < _MOVE_FLAG:
            return -1
        return (last & ~1023) | (last & 31) << 5 | (last >> 5) & 31

    # -- move generation ----------------------------------------------------------

    def _moves(self) -> list[int]:
        """Every MOVE allowed by R4 and R5 (no R10 filter)."""
        st = self.stacks
        occ = self.occupied
        out: list[int] = []
        b = occ
        while b:
            low = b & -b
            t = low.bit_length() - 1
            b ^= low
            for need, bit, src in SOURCES[t * 5 + len(st[t])]:
                if occ & need == bit:
                    base = src << 5 | t
                    for k in range(1, len(st[src]) + 1):
                        out.append(k << 10 | base)
        rev = self.forbidden_reverse()
        if rev >= 0 and rev in out:
            out.remove(rev)
        return out

    def _enters(self) -> list[int]:
        if self.reserves[self.turn] <= 0:
            return []
        st = self.stacks
        return [s for s in range(NUM_SQUARES) if not st[s]]

    def _available_actions(self) -> list[int]:
        """ENTERs and MOVEs the player to move may take, R10 filter applied;
        empty when they must pass.  Ignores whether the game is over."""
        acts = self._moves()
        acts.extend(self._enters())
        if self.players == 3 and acts:
            acts = [a for a in acts if not self._gifts_next_player(a)]
        return acts

    def legal_actions(self) -> list[int]:
        """The legal action codes; ``[PASS]`` when the player must pass (R7),
        ``[]`` when the game is over."""
        if self.status:
            return []
        return self._available_actions() or [PASS]

    def count_actions(self) -> int:
        """``len(self.legal_actions())``, faster (perft's leaf counting)."""
        if self.status:
            return 0
        if self.players == 3:
            return len(self.legal_actions())
        st = self.stacks
        occ = self.occupied
        n = 0
        b = occ
        while b:
            low = b & -b
            t = low.bit_length() - 1
            b ^= low
            for need, bit, src in SOURCES[t * 5 + len(st[t])]:
                if occ & need == bit:
                    n += len(st[src])
        last = self.last
        if last >= _MOVE_FLAG:
            # R5: the reverse of the last move exists exactly when its origin
            # still holds as many discs as the distance (the path is untouched).
            x = (last >> 5) & 31
            y = last & 31
            if st[x] and len(st[x]) == DIST[x][y] and len(st[y]) >= last >> 10:
                n -= 1
        if self.reserves[self.turn] > 0:
            n += NUM_SQUARES - occ.bit_count()
        return n or 1

    def _gifts_next_player(self, action: int) -> bool:
        """R10: would ``action`` hand the next player an immediate win?"""
        nxt = self.next_player(self.turn)
        self.push(action)
        try:
            if self.status == Status.WIN:
                return self.winner == nxt
            if self.status or self.scores[nxt] + 1 < self.target:
                return False
            return self.has_scoring_move(nxt)
        finally:
            self.pop()

    def has_scoring_move(self, color: int) -> bool:
        """Can the player to move make a tower with ``color`` on top (R6)?"""
        st = self.stacks
        occ = self.occupied
        ch = COLORS[color]
        rev = self.forbidden_reverse()
        b = occ
        while b:
            low = b & -b
            t = low.bit_length() - 1
            b ^= low
            h = len(st[t])
            for need, bit, src in SOURCES[t * 5 + h]:
                if occ & need == bit:
                    s = st[src]
                    if s[-1] == ch and len(s) + h >= SCORE_HEIGHT:
                        kmin = SCORE_HEIGHT - h
                        ks = len(s) - kmin + 1
                        if (rev & 1023) == (src << 5 | t) and kmin <= rev >> 10 <= len(s):
                            ks -= 1
                        if ks > 0:
                            return True
        return False

    # -- making and unmaking actions ----------------------------------------------

    def push(self, action: int) -> None:
        """Play ``action`` (assumed legal: check with :meth:`is_legal`)."""
        turn = self.turn
        st = self.stacks
        h = self.hash
        players = self.players
        if action >= _MOVE_FLAG:
            k, frm, to = action >> 10, (action >> 5) & 31, action & 31
            old_s, old_t = st[frm], st[to]
            moving = old_s[-k:]
            new_s = old_s[:-k]
            new_t = old_t + moving
            self._undo.append(
                (action, self.last, turn, self.occupied, h, self.status, self.winner, old_s, old_t)
            )
            st[frm] = new_s
            h ^= Z_STACK[frm][old_s] ^ Z_STACK[frm][new_s] ^ Z_STACK[to][old_t]
            if not new_s:
                self.occupied ^= 1 << frm
            if len(new_t) >= SCORE_HEIGHT:
                # R6: the tower leaves the board, its discs go home, its top scores.
                st[to] = ""
                self.occupied ^= 1 << to
                res = self.reserves
                for c in range(players):
                    n = new_t.count(COLORS[c])
                    if n:
                        h ^= Z_RESERVE[c][res[c]]
                        res[c] += n
                        h ^= Z_RESERVE[c][res[c]]
                top = COLORS.index(new_t[-1])
                sc = self.scores
                h ^= Z_SCORE[top][sc[top]]
                sc[top] += 1
                h ^= Z_SCORE[top][sc[top]]
                if sc[top] >= self.target:
                    self.status = Status.WIN
                    self.winner = top
            else:
                st[to] = new_t
                h ^= Z_STACK[to][new_t]
            nxt = turn + 1 if turn + 1 < players else 0
        elif action < NUM_SQUARES:
            self._undo.append(
                (action, self.last, turn, self.occupied, h, self.status, self.winner, "", "")
            )
            ch = COLORS[turn]
            st[action] = ch
            self.occupied |= 1 << action
            res = self.reserves
            h ^= Z_STACK[action][ch] ^ Z_RESERVE[turn][res[turn]]
            res[turn] -= 1
            h ^= Z_RESERVE[turn][res[turn]]
            nxt = turn + 1 if turn + 1 < players else 0
        else:
            self._undo.append(
                (action, self.last, turn, self.occupied, h, self.status, self.winner, "", "")
            )
            # R7 / R10: after a pass the turn goes back to the previous player.
            nxt = turn - 1 if turn else players - 1
        h ^= Z_TURN[turn] ^ Z_TURN[nxt] ^ Z_LAST[self.last] ^ Z_LAST[action]
        self.turn = nxt
        self.last = action
        self.hash = h
        seen = self._seen
        n = seen.get(h, 0) + 1
        seen[h] = n
        if not self.status:
            if n >= 3:
                self.status = Status.DRAW_REPETITION  # R9
            elif action == PASS and not self._available_actions():
                self.status = Status.DRAW_PASSES  # R7

    def pop(self) -> int:
        """Take back the last pushed action and return it."""
        action, last, turn, occ, h, status, winner, old_s, old_t = self._undo.pop()
        seen = self._seen
        n = seen.pop(self.hash) - 1
        if n:
            seen[self.hash] = n
        st = self.stacks
        if action >= _MOVE_FLAG:
            frm, to = (action >> 5) & 31, action & 31
            if not st[to]:
                tower = old_t + old_s[-(action >> 10) :]
                res = self.reserves
                for c in range(self.players):
                    res[c] -= tower.count(COLORS[c])
                self.scores[COLORS.index(tower[-1])] -= 1
            st[frm] = old_s
            st[to] = old_t
        elif action < NUM_SQUARES:
            st[action] = ""
            self.reserves[turn] += 1
        self.last = last
        self.turn = turn
        self.occupied = occ
        self.hash = h
        self.status = status
        self.winner = winner
        return action

    def peek(self) -> int:
        """The last pushed action (``NO_ACTION`` if none)."""
        return self._undo[-1][0] if self._undo else NO_ACTION

    # -- explanations for people ----------------------------------------------------

    def is_legal(self, action: int) -> bool:
        return self.explain(action) is None

    def explain(self, action: int) -> str | None:
        """``None`` if ``action`` is legal here, else why not, in words a
        player understands (English; :meth:`why_not` gives the reason's id)."""
        reason = self.why_not(action)
        return None if reason is None else str(reason)

    def why_not(self, action: int) -> Reason | None:
        """``None`` if ``action`` is legal here, else the :class:`Reason`."""
        if self.status:
            return Reason("game-over")
        if action == PASS:
            return Reason("pass-not-allowed") if self._available_actions() else None
        if 0 <= action < NUM_SQUARES:
            sq = SQUARE_NAMES[action]
            if self.stacks[action]:
                return Reason("occupied", square=sq)
            if self.reserves[self.turn] <= 0:
                return Reason("no-reserve", color=COLORS[self.turn])
            return self._gift_reason(action)
        k, frm, to = action >> 10, (action >> 5) & 31, action & 31
        if (
            action < _MOVE_FLAG
            or action > _move_code(24, 24, MAX_HEIGHT)
            or frm >= NUM_SQUARES
            or to >= NUM_SQUARES
            or frm == to
            or not 1 <= k <= MAX_HEIGHT
        ):
            return Reason("not-an-action")
        a, b = SQUARE_NAMES[frm], SQUARE_NAMES[to]
        src = self.stacks[frm]
        if not src:
            return Reason("no-stack", square=a)
        if k > len(src):
            return Reason("too-many", square=a, height=len(src))
        if not self.stacks[to]:
            return Reason("empty-target", to=b)
        d = DIST[frm][to]
        if not d:
            return Reason("not-a-line", frm=a, to=b)
        blockers = [SQUARE_NAMES[s] for s in BETWEEN[frm][to] if self.stacks[s]]
        if blockers:
            return Reason("blocked", frm=a, to=b, blockers=",".join(blockers))
        h = len(self.stacks[to])
        if d != h:
            return Reason("distance", frm=a, to=b, height=h, distance=d)
        if action == self.forbidden_reverse():
            # After a MOVE the turn passed on, so its mover is the previous
            # player, also in a position set up from a P1 string.
            prev = COLORS[(self.turn - 1) % self.players]
            return Reason("take-back", color=prev, move=action_text(self.last))
        return self._gift_reason(action)

    def _gift_reason(self, action: int) -> Reason | None:
        if self.players == 3 and self._gifts_next_player(action):
            return Reason("gift", color=COLORS[self.next_player(self.turn)])
        return None

    def why_stuck(self, square: int, count: int) -> Reason | None:
        """``None`` if the top ``count`` discs of ``square`` have a legal move,
        else why not: the rule that stops the nearest candidate (R5, R10), or
        that no stack stands at the right distance."""
        if self.status:
            return Reason("game-over")
        if not 0 <= square < NUM_SQUARES:
            return Reason("not-an-action")
        name = SQUARE_NAMES[square]
        src = self.stacks[square]
        if not src:
            return Reason("no-stack", square=name)
        if not 1 <= count <= len(src):
            return Reason("too-many", square=name, height=len(src))
        occ = self.occupied
        for t in range(NUM_SQUARES):
            st = self.stacks[t]
            if t == square or not st or DIST[square][t] != len(st):
                continue
            if any(occ >> b & 1 for b in BETWEEN[square][t]):
                continue
            reason = self.why_not(_move_code(square, t, count))
            if reason is None:
                return None
            return Reason("stuck-because", square=name, count=count, why=reason)
        return Reason("stuck", square=name, count=count)

    # -- what a board needs ---------------------------------------------------------

    def moves_from(self, square: int) -> dict[int, list[int]]:
        """The legal moves from ``square``: number of discs taken -> targets."""
        out: dict[int, list[int]] = {}
        for a in self.legal_actions():
            if a >= _MOVE_FLAG and (a >> 5) & 31 == square:
                out.setdefault(a >> 10, []).append(a & 31)
        return dict(sorted(out.items()))

    def targets(self, square: int, count: int) -> list[int]:
        """The squares that ``count`` discs from ``square`` can legally move to."""
        return sorted(self.moves_from(square).get(count, []))

    def can_enter(self, square: int) -> bool:
        return 0 <= square < NUM_SQUARES and square in self.legal_actions()


# ---------------------------------------------------------------------------
# P1 parsing


def _parse_fen(
    fen: str,
) -> tuple[list[str], int, list[int], list[int], int, int, int]:
    if not isinstance(fen, str):
        raise InvalidPositionError("a position must be given as text")
    fields = fen.replace("_", " ").strip().lower().split()
    names = "board, player to move, reserves, scores, target, last action"
    if len(fields) != 6:
        raise InvalidPositionError(
            f"a position has 6 fields separated by spaces ({names}); found {len(fields)}"
        )
    board_text, turn_text, res_text, score_text, target_text, last_text = fields

    def numbers(text: str, what: str) -> list[int]:
        parts = text.split("/")
        if len(parts) not in (2, 3) or not all(p.isascii() and p.isdigit() for p in parts):
            raise InvalidPositionError(
                f"{what} {shown(text)}: expected 2 or 3 numbers separated by '/', e.g. 20/20"
            )
        if any(len(p) > 3 for p in parts):
            raise InvalidPositionError(f"{what} {shown(text)}: number too large")
        return [int(p) for p in parts]

    reserves = numbers(res_text, "reserves")
    scores = numbers(score_text, "scores")
    players = len(reserves)
    if len(scores) != players:
        raise InvalidPositionError(
            f"{players} reserves but {len(scores)} scores: give one of each per player"
        )
    colors = COLORS[:players]
    if turn_text not in colors:
        raise InvalidPositionError(
            f"player to move {shown(turn_text)}: expected one of {', '.join(colors)}"
        )
    turn = colors.index(turn_text)
    # The length is checked first: int() of a long text of digits is slow
    # (and beyond 4300 digits an error of its own).
    if not (
        target_text.isascii()
        and target_text.isdigit()
        and len(target_text) <= 3
        and MIN_TARGET <= int(target_text) <= MAX_TARGET
    ):
        raise InvalidPositionError(
            f"target {shown(target_text)}: expected a number from {MIN_TARGET} to {MAX_TARGET}"
        )
    target = int(target_text)

    ranks = board_text.split("/")
    if len(ranks) != SIZE:
        raise InvalidPositionError(f"the board has 5 ranks separated by '/', found {len(ranks)}")
    stacks = [""] * NUM_SQUARES
    for i, rank_text in enumerate(ranks):
        r = SIZE - 1 - i
        f = 0
        where = f"rank {r + 1} ({shown(rank_text)})"
        for item in rank_text.split(","):
            if item.isascii() and item.isdigit() and len(item) == 1 and 1 <= int(item) <= SIZE:
                f += int(item)
            elif item and all(ch in COLORS for ch in item):
                if any(ch not in colors for ch in item):
                    raise InvalidPositionError(
                        f"{where}: 'b' (Blue) only exists with three players"
                    )
                if len(item) > MAX_HEIGHT:
                    raise InvalidPositionError(
                        f"{where}: the stack {shown(item)} is {len(item)} high; "
                        "stacks of 5 or more leave the board at once"
                    )
                if f < SIZE:
                    stacks[r * SIZE + f] = item
                f += 1
            else:
                raise InvalidPositionError(
                    f"{where}: {shown(item)} is neither a stack (letters {', '.join(colors)}, "
                    "bottom to top) nor a number of empty squares (1 to 5)"
                )
            if f > SIZE:
                raise InvalidPositionError(f"{where} covers more than 5 squares")
        if f != SIZE:
            raise InvalidPositionError(f"{where} covers {f} squares, not 5")

    totals = [reserves[c] + sum(s.count(colors[c]) for s in stacks) for c in range(players)]
    if len(set(totals)) != 1:
        detail = ", ".join(f"{COLOR_NAMES[c]} {totals[c]}" for c in range(players))
        raise InvalidPositionError(
            f"every player must own the same number of discs (reserve + board); found {detail}"
        )
    discs = totals[0]
    if not MIN_DISCS <= discs <= MAX_DISCS:
        raise InvalidPositionError(
            f"each player owns {discs} discs; allowed are {MIN_DISCS} to {MAX_DISCS}"
        )
    if any(s > target for s in scores):
        raise InvalidPositionError(
            f"scores {shown(score_text)}: no score can exceed the target {target}"
        )
    if sum(1 for s in scores if s >= target) > 1:
        raise InvalidPositionError("only one player can have reached the target")

    if last_text == "-":
        last = NO_ACTION
    else:
        try:
            last = Action.parse(last_text).code
        except InvalidActionError as e:
            raise InvalidPositionError(f"last action: {e}") from None
        _check_last(last, stacks, turn, players)
    return stacks, turn, reserves, scores, target, last, discs


def _check_last(last: int, stacks: list[str], turn: int, players: int) -> None:
    """The last action must fit the board it produced."""
    mover = (turn - 1) % players  # after ENTER or MOVE, the turn passed to the next
    text = action_text(last)
    if last < NUM_SQUARES:
        if stacks[last] != COLORS[mover]:
            raise InvalidPositionError(
                f"last action {text}: {COLOR_NAMES[mover]} just entered there, so "
                f"{text} must hold a single {COLOR_NAMES[mover]} disc"
            )
    elif last >= _MOVE_FLAG:
        k, frm, to = last >> 10, (last >> 5) & 31, last & 31
        d = DIST[frm][to]
        if not d:
            raise InvalidPositionError(f"last action {text}: not along a straight line")
        if any(stacks[s] for s in BETWEEN[frm][to]):
            raise InvalidPositionError(f"last action {text}: the squares between are not empty")
        h = len(stacks[to])
        if h and h != d + k:
            raise InvalidPositionError(
                f"last action {text}: {SQUARE_NAMES[to]} should now be {d + k} high, not {h}"
            )
        if not h and d + k < SCORE_HEIGHT:
            raise InvalidPositionError(
                f"last action {text}: {SQUARE_NAMES[to]} cannot be empty after that move"
            )
