"""The rules of Tor: squares, tokens, pawns, actions, positions, move generation.

This module is the bottom of the Tor package: of the rest of the project it
imports only the kit's leaf modules ``mixtour/kit/errors.py`` and
``mixtour/kit/core.py``.
Rule ids (T1 ... T7) refer to ``mixtour/tor/RULES.md``.

The board has 6 files (``a``-``f``) and 8 ranks; square ``s`` is
``rank * 6 + file``, so ``a1`` is 0 and ``f8`` is 47.  Token colours are
small ints: 0 blue ``B``, 1 red ``R``, 2 orange ``O``, 3 yellow ``Y``.
Players are 0 (White) and 1 (Black).

Actions are small ints, so that the search can generate, push and pop them
without allocating objects:

* ``0 .. 47``: place a pawn on that square (T2);
* ``>= 64``: a turn of T3, ``frm << 12 | to << 6 | place``, where ``place`` is
  the square the token in hand goes on, or :data:`NO_PLACE` (63) when the
  mover holds none or no square qualifies (the token is discarded).

:class:`Action` wraps such a code as an immutable value with its T6 text.

>>> pos = Position()
>>> for text in ["c3", "d5", "b6", "e2", "c3-d4"]:
...     pos.push(parse_action(text))
>>> pos.fen()
'OYOYOY/BRBRBR/OYwOYOY/BRBRkBR/OYOYwOY/BR.RBR/OYOYOkY/BRBRBR b B'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..kit import core as kit_core
from ..kit import errors as kit_errors
from ..kit.errors import GameError, shown

__all__ = [
    "BLACK",
    "COLOR_LETTERS",
    "COLOR_NAMES",
    "NO_PLACE",
    "NUM_SQUARES",
    "PLAYER_LETTERS",
    "PLAYER_NAMES",
    "REASON_IDS",
    "STANDARD_START",
    "WHITE",
    "Action",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidPositionError",
    "Outcome",
    "Position",
    "Reason",
    "Status",
    "TorError",
    "action_text",
    "is_action_code",
    "parse_action",
    "parse_square",
    "random_layout",
    "square_name",
    "standard_layout",
    "start_fen",
]

# ---------------------------------------------------------------------------
# Squares, colours, players

FILES: Final = "abcdef"
WIDTH: Final = 6
HEIGHT: Final = 8
NUM_SQUARES: Final = 48
COLOR_LETTERS: Final = "BROY"
COLOR_NAMES: Final = ("blue", "red", "orange", "yellow")
TOKENS_PER_COLOR: Final = 12
WHITE: Final = 0
BLACK: Final = 1
PLAYER_LETTERS: Final = "wb"  # the turn field, and Outcome codes (w-wins)
PLAYER_NAMES: Final = ("White", "Black")
PAWN_LETTERS: Final = "wk"  # a pawn on a square of the board field
PAWNS_EACH: Final = 2
NO_PLACE: Final = 63
NO_HAND: Final = -1


def square_name(sq: int) -> str:
    """``square_name(0) == 'a1'``, ``square_name(47) == 'f8'``."""
    return FILES[sq % WIDTH] + str(sq // WIDTH + 1)


SQUARE_NAMES: Final = tuple(square_name(s) for s in range(NUM_SQUARES))
_SQUARE_INDEX: Final = {name: s for s, name in enumerate(SQUARE_NAMES)}


def parse_square(text: str) -> int:
    """Inverse of :func:`square_name`, ignoring case and surrounding spaces.

    >>> parse_square(" C4 ")
    20
    """
    sq = _SQUARE_INDEX.get(text.strip().lower())
    if sq is None:
        raise InvalidActionError(f"{shown(text.strip())} is not a square (a1 to f8)")
    return sq


def _neighbours(sq: int) -> list[int]:
    f0, r0 = sq % WIDTH, sq // WIDTH
    out = []
    for dr in (-1, 0, 1):
        for df in (-1, 0, 1):
            f, r = f0 + df, r0 + dr
            if (df or dr) and 0 <= f < WIDTH and 0 <= r < HEIGHT:
                out.append(r * WIDTH + f)
    return out


NEIGHBOURS: Final = tuple(tuple(_neighbours(s)) for s in range(NUM_SQUARES))
NEIGHBOUR_MASK: Final = tuple(sum(1 << n for n in NEIGHBOURS[s]) for s in range(NUM_SQUARES))
FULL: Final = (1 << NUM_SQUARES) - 1

# A square's tokens as one small int: 0 none; 1 + c one token of colour c;
# 5 + 4 * bottom + top two tokens.  Tables give the top, the bottom and the
# count of each such state.
EMPTY: Final = 0
STATES: Final = 21
TOP: Final = tuple([-1] + [c for c in range(4)] + [t for _ in range(4) for t in range(4)])
BOTTOM: Final = tuple([-1] * 5 + [b for b in range(4) for _ in range(4)])
COUNT: Final = tuple([0] + [1] * 4 + [2] * 16)


def _single(color: int) -> int:
    return 1 + color


def _double(bottom: int, top: int) -> int:
    return 5 + 4 * bottom + top


# ---------------------------------------------------------------------------
# Actions (T6)


def _move_code(frm: int, to: int, place: int = NO_PLACE) -> int:
    return frm << 12 | to << 6 | place


def is_action_code(code: object) -> bool:
    """Whether ``code`` is the code of some action (legal or not)."""
    if not isinstance(code, int) or isinstance(code, bool):
        return False
    if 0 <= code < NUM_SQUARES:
        return True
    frm, to, place = code >> 12, (code >> 6) & 63, code & 63
    return (
        64 <= code < NUM_SQUARES << 12
        and frm != to
        and to < NUM_SQUARES
        and (place < NUM_SQUARES or place == NO_PLACE)
    )


def action_text(code: int) -> str:
    """T6 text of an action code (canonical, lower case).

    >>> action_text(parse_action("C3-D4@E6")), action_text(14)
    ('c3-d4@e6', 'c3')
    """
    if code < NUM_SQUARES:
        return SQUARE_NAMES[code]
    frm, to, place = code >> 12, (code >> 6) & 63, code & 63
    text = f"{SQUARE_NAMES[frm]}-{SQUARE_NAMES[to]}"
    return text if place == NO_PLACE else f"{text}@{SQUARE_NAMES[place]}"


def parse_action(text: str) -> int:
    """Read T6: ``c3`` (a pawn placed), ``c3-d4`` or ``c3-d4@e6`` (a turn).
    Case and surrounding spaces are ignored; anything else raises
    :class:`InvalidActionError`.

    >>> parse_action("a1-b2@a1") == (0 << 12 | 7 << 6 | 0)
    True
    """
    if not isinstance(text, str):
        raise InvalidActionError("an action must be given as text")
    t = text.strip().lower()
    if not t:
        raise InvalidActionError("empty action: expected a square (c3) or a turn (c3-d4@e6)")
    if "-" not in t:
        if "@" in t:
            raise InvalidActionError(f"{shown(t)}: a token is placed after a pawn's step, c3-d4@e6")
        if t not in _SQUARE_INDEX:
            raise InvalidActionError(
                f"{shown(t)} is not an action: expected a square (c3) or a turn (c3-d4@e6)"
            )
        return _SQUARE_INDEX[t]
    frm_text, _, rest = t.partition("-")
    to_text, at, place_text = rest.partition("@")
    if "-" in rest or "@" in place_text:
        raise InvalidActionError(f"{shown(t)}: a turn is written c3-d4 or c3-d4@e6")
    frm, to = _SQUARE_INDEX.get(frm_text), _SQUARE_INDEX.get(to_text)
    place = _SQUARE_INDEX.get(place_text) if at else NO_PLACE
    if frm is None or to is None or place is None:
        raise InvalidActionError(
            f"{shown(t)}: a turn is written with squares a1 to f8, c3-d4 or c3-d4@e6"
        )
    if frm == to:
        raise InvalidActionError(f"{shown(t)}: a pawn's step goes to another square")
    return _move_code(frm, to, place)


@dataclass(frozen=True, slots=True)
class Action:
    """One action of Tor as a value: its int ``code``, ``str()`` its T6 text.
    Equal (and hashed) by code; the text reads back to the same action.

    >>> Action.parse(" C3-D4 ")
    Action.parse('c3-d4')
    >>> str(Action(parse_action("c3-d4@e6"))), Action.parse("c3") == Action(14)
    ('c3-d4@e6', True)
    """

    code: int

    def __post_init__(self) -> None:
        if not is_action_code(self.code):
            raise InvalidActionError(f"{self.code!r} is not an action code")

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read T6 (see :func:`parse_action`)."""
        return cls(parse_action(text))

    def as_dict(self) -> dict[str, object]:
        """The action as plain data, for a page: ``{"kind": "drop", "square":
        "c3"}`` or ``{"kind": "turn", "from", "to", "place"}`` (``place`` is
        ``None`` when no token is placed).

        >>> Action.parse("c3-d4").as_dict()
        {'kind': 'turn', 'from': 'c3', 'to': 'd4', 'place': None}
        """
        code = self.code
        if code < NUM_SQUARES:
            return {"kind": "drop", "square": SQUARE_NAMES[code]}
        place = code & 63
        return {
            "kind": "turn",
            "from": SQUARE_NAMES[code >> 12],
            "to": SQUARE_NAMES[code >> 6 & 63],
            "place": None if place == NO_PLACE else SQUARE_NAMES[place],
        }

    def __str__(self) -> str:
        return action_text(self.code)

    def __repr__(self) -> str:
        return f"Action.parse({action_text(self.code)!r})"


# ---------------------------------------------------------------------------
# Why an action is refused, and the errors


_REASON_TEXT: Final = {
    "game-over": "the game is over",
    "not-an-action": "that is not an action",
    "placing": "the pawns are not all on the board yet: place a pawn on a square",
    "moving": "your two pawns are on the board: move one of them",
    "empty": "{square} is empty",
    "pawn-there": "{owner}'s pawn already stands on {square}",
    "closed": "{colour} is closed to you: {owner}'s pawn on {square} stands on {colour}",
    "not-your-pawn": "you have no pawn on {square}",
    "not-neighbour": (
        "your pawn on {frm} cannot reach {to}: it steps to one of its eight neighbours"
    ),
    "no-hand": "you hold no token to place",
    "must-place": "you must place the {colour} token you hold: {square}, for one, can take it",
    "place-empty": "{square} is empty: a token goes only onto a square with exactly one token",
    "place-full": "{square} already holds two tokens",
    "place-pawn": "a pawn stands on {square}: a token goes only onto a square without a pawn",
    "same-colour": (
        "you must place the {colour} token on a square of another colour ({square} is {colour})"
    ),
}

REASON_IDS: Final = tuple(_REASON_TEXT)
"""Every id a :class:`Reason` of Tor can have, for a page to translate."""


class Reason(kit_core.Reason):
    """Why an action is not legal: an id (one of :data:`REASON_IDS`) and its
    arguments (the kit's :class:`~mixtour.kit.core.Reason`), so that a user
    interface can word it in any language; ``str()`` gives English.

    The arguments carry no English: squares by name (``square="d4"``), token
    colours by letter (``colour="O"``), players by letter (``owner="b"``).

    >>> str(Reason("closed", colour="O", owner="b", square="d4"))
    "orange is closed to you: Black's pawn on d4 stands on orange"
    >>> Reason("empty", square="c5").as_dict()
    {'id': 'empty', 'args': {'square': 'c5'}}
    """

    def __str__(self) -> str:
        a = {k: str(v) for k, v in self.args.items()}
        if "colour" in a:
            a["colour"] = COLOR_NAMES[COLOR_LETTERS.index(a["colour"])]
        if "owner" in a:
            a["owner"] = PLAYER_NAMES[PLAYER_LETTERS.index(a["owner"])]
        return _REASON_TEXT[self.id].format(**a)


class TorError(GameError):
    """Base class of every error Tor's parsers and rules raise: the kit's
    three kinds, for T6 actions (an :class:`IllegalActionError`'s ``reason``
    is a :class:`Reason`) and T7 positions."""


#: The kit's three kinds of error in Tor's family (:class:`TorError`).
InvalidActionError, IllegalActionError, InvalidPositionError = kit_errors.kinds(TorError, Reason)


# ---------------------------------------------------------------------------
# The outcome


class Status:
    """How a position stands, as the small int ``Position.status`` holds."""

    PLAYING: Final = 0
    WIN: Final = 1  # the player to move had no legal action (T4)
    DRAW_REPETITION: Final = 2  # the same position for the third time (T5)


_STATUS_WORDS: Final = ("playing", "win", "draw-repetition")


@dataclass(frozen=True, slots=True)
class Outcome(kit_core.OutcomeWords):
    """How a game stands: ``ending`` a :class:`Status`, ``winner`` the
    winner's player index after a win (else ``None``).  :attr:`code` is the
    public word (``playing``, ``w-wins``, ``b-wins``, ``draw-repetition``).

    >>> Outcome(Status.WIN, 1).code, Outcome(Status.WIN, 1).score_text
    ('b-wins', '0-1')
    >>> Outcome(Status.WIN, 0).describe()
    'White wins: Black cannot move'
    """

    ending: int = Status.PLAYING
    winner: int | None = None
    status_words = _STATUS_WORDS
    winner_letters = PLAYER_LETTERS

    def __post_init__(self) -> None:
        won = self.ending == Status.WIN
        if self.ending not in range(len(_STATUS_WORDS)) or won != (self.winner is not None):
            raise ValueError(f"no outcome has status {self.ending!r} and winner {self.winner!r}")
        if won and self.winner not in (WHITE, BLACK):
            raise ValueError(f"player {self.winner!r} cannot win a game of Tor")

    @classmethod
    def all(cls) -> list[Outcome]:
        """Every outcome a game can have, playing first."""
        return [cls(), cls(Status.WIN, WHITE), cls(Status.WIN, BLACK), cls(Status.DRAW_REPETITION)]

    @property
    def score_text(self) -> str:
        """``1-0``, ``0-1``, ``1/2-1/2`` or ``*``."""
        if self.winner is not None:
            return "1-0" if self.winner == WHITE else "0-1"
        return "1/2-1/2" if self.is_over else "*"

    def describe(self) -> str:
        """A sentence for a player (English), with the reason of the end."""
        if self.winner is not None:
            loser = PLAYER_NAMES[1 - self.winner]
            return f"{PLAYER_NAMES[self.winner]} wins: {loser} cannot move"
        if self.ending == Status.DRAW_REPETITION:
            return "Draw: the same position occurred for the third time"
        return "Game in progress"


# ---------------------------------------------------------------------------
# Layouts (T1)


def standard_layout() -> list[int]:
    """The colour of every square's token in the standard setup: a 2x2 tile
    (``a1`` blue, ``b1`` red, ``a2`` orange, ``b2`` yellow) repeated."""
    return [(s % WIDTH) % 2 + 2 * ((s // WIDTH) % 2) for s in range(NUM_SQUARES)]


def random_layout(seed: int) -> list[int]:
    """A shuffled layout, 12 tokens of each colour, the same for the same
    seed (in CPython and in Pyodide).

    >>> sorted(random_layout(7)) == sorted(standard_layout())
    True
    >>> random_layout(7) == random_layout(7) != random_layout(8)
    True
    """
    colors = [c for c in range(4) for _ in range(TOKENS_PER_COLOR)]
    random.Random(seed).shuffle(colors)
    return colors


def start_fen(layout: Sequence[int] | None = None) -> str:
    """The position string of a game's start on ``layout`` (standard by
    default): one token per square, no pawn, White to move, no hand (T1)."""
    colors = standard_layout() if layout is None else list(layout)
    if len(colors) != NUM_SQUARES or any(c not in range(4) for c in colors):
        raise InvalidPositionError("a layout gives one colour (0 to 3) to each of the 48 squares")
    ranks = [
        "".join(COLOR_LETTERS[colors[r * WIDTH + f]] for f in range(WIDTH))
        for r in range(HEIGHT - 1, -1, -1)
    ]
    return "/".join(ranks) + " w -"


STANDARD_START: Final = start_fen()

# ---------------------------------------------------------------------------
# Hashing (T5 repetition and the AI's transposition table)

_rng = random.Random(0x546F72)  # fixed: the same keys in CPython and Pyodide
Z_SQUARE: Final = [
    [_rng.getrandbits(62) if st else 0 for st in range(STATES)] for _ in SQUARE_NAMES
]
Z_PAWN: Final = [[_rng.getrandbits(62) for _ in SQUARE_NAMES] for _ in PLAYER_NAMES]
Z_HAND: Final = [_rng.getrandbits(62) for _ in range(4)] + [0]  # index -1: no hand
Z_BLACK: Final = _rng.getrandbits(62)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# ---------------------------------------------------------------------------
# Position


class Position(kit_core.PositionText):
    """A Tor position with its history since it was set up.

    ``squares[s]`` is the state of square ``s`` (see ``TOP``, ``BOTTOM``,
    ``COUNT``); bit masks mirror it: ``occupied`` (at least one token),
    ``doubles`` (two tokens), ``tops[c]`` (top token of colour ``c``),
    ``pawns[p]`` (the pawns of player ``p``).  ``hand`` is the colour of the
    token the player to move holds, or -1.  Kept up to date for the move
    generator: ``placing`` (pawns are still being placed, T2) and ``free``
    (the squares the player to move may put a pawn on or step onto).  The
    history (for undo and the repetition rule T5) lives in the position, like
    a chess board's move stack.

    >>> pos = Position()
    >>> pos.placing, len(pos.legal_actions())  # a pawn on any of the 48 squares
    (True, 48)
    >>> Position(pos.fen()) == pos
    True
    """

    players: Final = 2

    __slots__ = (
        "squares",
        "occupied",
        "doubles",
        "tops",
        "pawns",
        "turn",
        "hand",
        "hash",
        "status",
        "winner",
        "free",
        "placing",
        "_undo",
        "_seen",
    )

    def __init__(self, fen: str | None = None) -> None:
        self.squares: list[int] = [EMPTY] * NUM_SQUARES
        self.occupied = 0
        self.doubles = 0
        self.tops: list[int] = [0, 0, 0, 0]
        self.pawns: list[int] = [0, 0]
        self.turn = WHITE
        self.hand = NO_HAND
        self.hash = 0
        self.status = Status.PLAYING
        self.winner: int | None = None
        self.free = 0
        self.placing = True
        self._undo: list[tuple[int, ...]] = []
        self._seen: dict[int, int] = {}
        self.set_fen(STANDARD_START if fen is None else fen)

    # -- construction -------------------------------------------------------

    @classmethod
    def start(cls, layout: Sequence[int] | None = None) -> Position:
        """The start of a game on ``layout`` (T1; standard by default)."""
        return cls(start_fen(layout))

    def copy(self) -> Position:
        """An independent copy of this position, without its history."""
        return Position(self.fen())

    def set_fen(self, fen: str) -> None:
        """Set up a position from its string; the history is cleared."""
        squares, pawns, turn, hand = _parse_fen(fen)
        self.squares = squares
        self.occupied = sum(1 << s for s in range(NUM_SQUARES) if squares[s])
        self.doubles = sum(1 << s for s in range(NUM_SQUARES) if COUNT[squares[s]] == 2)
        self.tops = [
            sum(1 << s for s in range(NUM_SQUARES) if TOP[squares[s]] == c) for c in range(4)
        ]
        self.pawns = pawns
        self.turn = turn
        self.hand = hand
        self.hash = self._full_hash()
        self._undo = []
        self._seen = {self.hash: 1}
        self.status = Status.PLAYING
        self.winner = None
        self.placing = (pawns[0] | pawns[1]).bit_count() < 2 * PAWNS_EACH
        self.free = self._open(turn)
        if not self._has_action():
            self.status, self.winner = Status.WIN, 1 - turn  # T4

    def _full_hash(self) -> int:
        h = Z_HAND[self.hand] ^ (Z_BLACK if self.turn else 0)
        for s, st in enumerate(self.squares):
            h ^= Z_SQUARE[s][st]
        for p in (WHITE, BLACK):
            for s in _bits(self.pawns[p]):
                h ^= Z_PAWN[p][s]
        return h

    # -- text -----------------------------------------------------------------

    def fen(self) -> str:
        """The canonical position string (T7): ``BOARD TURN HAND``."""
        ranks = []
        white, black = self.pawns
        for r in range(HEIGHT - 1, -1, -1):
            items = []
            for s in range(r * WIDTH, r * WIDTH + WIDTH):
                items.append(_SQUARE_TEXT[self.squares[s]])
                bit = 1 << s
                if white & bit:
                    items.append("w")
                elif black & bit:
                    items.append("k")
            ranks.append("".join(items))
        hand = "-" if self.hand < 0 else COLOR_LETTERS[self.hand]
        return f"{'/'.join(ranks)} {PLAYER_LETTERS[self.turn]} {hand}"

    # -- queries ----------------------------------------------------------------

    @property
    def outcome(self) -> Outcome:
        return Outcome(self.status, self.winner)

    @property
    def is_placing(self) -> bool:
        """Whether pawns are still being placed (T2)."""
        return self.placing

    def tokens(self, square: int) -> list[int]:
        """The colours of the tokens on ``square``, bottom first."""
        st = self.squares[square]
        return [] if not st else [TOP[st]] if st < 5 else [BOTTOM[st], TOP[st]]

    def color(self, square: int) -> int:
        """The colour of ``square`` (its top token), -1 for an empty square."""
        return TOP[self.squares[square]]

    def pawn_at(self, square: int) -> int:
        """The player whose pawn stands on ``square``, or -1."""
        bit = 1 << square
        return WHITE if self.pawns[0] & bit else BLACK if self.pawns[1] & bit else -1

    def pawn_squares(self, player: int) -> list[int]:
        return _bits(self.pawns[player])

    def closed_colors(self, player: int) -> list[int]:
        """The colours that are not free for ``player``: those under the
        opponent's pawns."""
        return sorted({TOP[self.squares[s]] for s in _bits(self.pawns[1 - player])})

    def repetitions(self) -> int:
        """How often the current position has occurred in this history (T5)."""
        return self._seen.get(self.hash, 0)

    def history(self) -> list[int]:
        """The actions pushed since the position was set up, oldest first."""
        return [u[0] for u in self._undo]

    @property
    def ply(self) -> int:
        return len(self._undo)

    # -- move generation ----------------------------------------------------------

    def _open(self, player: int) -> int:
        """Squares ``player`` may step or place a pawn onto: a token, no
        pawn, a colour the opponent does not control."""
        squares, tops = self.squares, self.tops
        closed = 0
        theirs = self.pawns[1 - player]
        while theirs:
            low = theirs & -theirs
            closed |= tops[TOP[squares[low.bit_length() - 1]]]
            theirs ^= low
        return self.occupied & ~(self.pawns[0] | self.pawns[1]) & ~closed

    def _has_action(self) -> bool:
        """Whether the player to move has a legal action (T4), game over or
        not; reads ``free``, which must be up to date."""
        free = self.free
        if self.placing:
            return free != 0
        mine = self.pawns[self.turn]
        while mine:
            low = mine & -mine
            if NEIGHBOUR_MASK[low.bit_length() - 1] & free:
                return True
            mine ^= low
        return False

    def _base_places(self) -> int:
        """Squares that take the token in hand, before the pawn's step:
        one token, no pawn, another colour than the token's (T3)."""
        return (
            self.occupied & ~self.doubles & ~(self.pawns[0] | self.pawns[1]) & ~self.tops[self.hand]
        )

    def legal_actions(self) -> list[int]:
        """The legal action codes (``[]`` when the game is over)."""
        if self.status:
            return []
        free = self.free
        if self.placing:
            return _bits(free)
        out: list[int] = []
        hand = self.hand
        mine = _bits(self.pawns[self.turn])
        if hand < 0:
            for frm in mine:
                out.extend(
                    frm << 12 | to << 6 | NO_PLACE for to in _bits(NEIGHBOUR_MASK[frm] & free)
                )
            return out
        base = _bits(self._base_places())
        squares = self.squares
        for frm in mine:
            left = squares[frm]
            # The square left keeps its bottom token, if it had two (T3, give),
            # and may take the token in hand if its colour differs.
            back = left >= 5 and BOTTOM[left] != hand
            for to in _bits(NEIGHBOUR_MASK[frm] & free):
                head = frm << 12 | to << 6
                n = len(out)
                out.extend([head | q for q in base if q != to])
                if back:
                    out.append(head | frm)
                if len(out) == n:
                    out.append(head | NO_PLACE)  # the token leaves the game
        return out

    def count_actions(self) -> int:
        """``len(self.legal_actions())``, faster (perft's leaf counting)."""
        if self.status:
            return 0
        free = self.free
        if self.placing:
            return free.bit_count()
        hand = self.hand
        mine = self.pawns[self.turn]
        n = 0
        if hand < 0:
            while mine:
                low = mine & -mine
                n += (NEIGHBOUR_MASK[low.bit_length() - 1] & free).bit_count()
                mine ^= low
            return n
        base = self._base_places()
        nbase = base.bit_count()
        squares = self.squares
        while mine:
            low = mine & -mine
            frm = low.bit_length() - 1
            mine ^= low
            left = squares[frm]
            back = 1 if left >= 5 and BOTTOM[left] != hand else 0
            steps = NEIGHBOUR_MASK[frm] & free
            spots = nbase + back
            if spots >= 2:
                # Every step keeps at least one square for the token: the
                # base, less the step's own square when it is in it.
                n += steps.bit_count() * spots - (steps & base).bit_count()
                continue
            per = 0
            for to in _bits(steps):
                per += (spots - (base >> to & 1)) or 1  # none left: discarded
            n += per
        return n

    # -- what a board needs ---------------------------------------------------------

    def drops(self) -> list[int]:
        """The squares the player to move may place a pawn on (T2); empty
        once the pawns are placed."""
        return [a for a in self.legal_actions() if a < NUM_SQUARES]

    def steps_from(self, square: int) -> list[int]:
        """The squares the pawn on ``square`` may step to now (T3)."""
        return sorted(
            {(a >> 6) & 63 for a in self.legal_actions() if a >> 12 == square and a >= 64}
        )

    def placements(self, frm: int, to: int) -> list[int]:
        """The squares the token in hand may go on after the step ``frm`` to
        ``to``; empty when there is nothing to place or no square qualifies
        (the turn is then ``frm-to``)."""
        head = _move_code(frm, to, 0)
        return sorted(
            a & 63
            for a in self.legal_actions()
            if a >= 64 and a & ~63 == head and a & 63 != NO_PLACE
        )

    # -- making and unmaking actions ----------------------------------------------

    def push(self, action: int) -> None:
        """Play ``action`` (assumed legal: check with :meth:`why_not`)."""
        turn = self.turn
        opp = 1 - turn
        h = self.hash
        tops = self.tops
        self._undo.append(
            (
                action,
                self.hand,
                h,
                self.status,
                -1 if self.winner is None else self.winner,
                self.occupied,
                self.doubles,
                tops[0],
                tops[1],
                tops[2],
                tops[3],
                self.pawns[turn],
                self.free,
                self.placing,
            )
        )
        if action < NUM_SQUARES:
            self.pawns[turn] |= 1 << action  # T2
            h ^= Z_PAWN[turn][action]
            self.placing = (self.pawns[0] | self.pawns[1]).bit_count() < 2 * PAWNS_EACH
        else:
            squares = self.squares
            frm, to, place = action >> 12, (action >> 6) & 63, action & 63
            self.pawns[turn] ^= 1 << frm | 1 << to
            zp = Z_PAWN[turn]
            h ^= zp[frm] ^ zp[to]
            # Give: the top token of the square left goes to the opponent.
            left = squares[frm]
            zs = Z_SQUARE[frm]
            bit = 1 << frm
            given = TOP[left]
            tops[given] ^= bit
            if left < 5:
                new = EMPTY
                self.occupied ^= bit
            else:
                new = _single(BOTTOM[left])
                self.doubles ^= bit
                tops[BOTTOM[left]] |= bit
            squares[frm] = new
            h ^= zs[left] ^ zs[new]
            # Place: the token in hand goes on a square with one token.
            if place != NO_PLACE:
                hand = self.hand
                target = squares[place]
                below = TOP[target]
                new = _double(below, hand)
                squares[place] = new
                bit = 1 << place
                self.doubles |= bit
                tops[below] ^= bit
                tops[hand] |= bit
                zs = Z_SQUARE[place]
                h ^= zs[target] ^ zs[new]
            h ^= Z_HAND[self.hand] ^ Z_HAND[given]
            self.hand = given
        h ^= Z_BLACK
        self.turn = opp
        self.hash = h
        seen = self._seen
        n = seen.get(h, 0) + 1
        seen[h] = n
        self.free = self._open(opp)
        if not self._has_action():
            self.status, self.winner = Status.WIN, turn  # T4
        elif n >= 3:
            self.status = Status.DRAW_REPETITION  # T5

    def pop(self) -> int:
        """Take back the last pushed action and return it."""
        (action, hand, h, status, winner, occ, dbl, t0, t1, t2, t3, mine, free, placing) = (
            self._undo.pop()
        )
        seen = self._seen
        n = seen.pop(self.hash) - 1
        if n:
            seen[self.hash] = n
        turn = 1 - self.turn
        if action >= 64:
            squares = self.squares
            frm, place = action >> 12, action & 63
            if place != NO_PLACE:
                squares[place] = _single(BOTTOM[squares[place]])
            left = squares[frm]
            given = self.hand
            squares[frm] = _single(given) if left == EMPTY else _double(TOP[left], given)
        self.turn = turn
        self.pawns[turn] = mine
        self.hand = hand
        self.hash = h
        self.status = status
        self.winner = None if winner < 0 else winner
        self.occupied = occ
        self.doubles = dbl
        self.tops = [t0, t1, t2, t3]
        self.free = free
        self.placing = bool(placing)
        return action

    def peek(self) -> int:
        """The last pushed action (-1 if none)."""
        return self._undo[-1][0] if self._undo else -1

    # -- explanations for people ----------------------------------------------------

    def is_legal(self, action: int) -> bool:
        return self.why_not(action) is None

    def explain(self, action: int) -> str | None:
        """``None`` if ``action`` is legal here, else why not (English)."""
        reason = self.why_not(action)
        return None if reason is None else str(reason)

    def why_not(self, action: int) -> Reason | None:
        """``None`` if ``action`` is legal here, else the :class:`Reason`,
        the first rule it breaks in the order of a turn's steps."""
        if self.status:
            return Reason("game-over")
        if not is_action_code(action):
            return Reason("not-an-action")
        if action < NUM_SQUARES:
            if not self.is_placing:
                return Reason("moving")
            return self._entry_reason(action)
        frm, to, place = action >> 12, (action >> 6) & 63, action & 63
        why = self.why_not_step(frm, to)
        if why is not None:
            return why
        if self.hand < 0:
            return Reason("no-hand") if place != NO_PLACE else None
        hand = COLOR_LETTERS[self.hand]
        choices = self.placements(frm, to)
        if place == NO_PLACE:
            if choices:
                return Reason("must-place", colour=hand, square=SQUARE_NAMES[choices[0]])
            return None
        if place in choices:
            return None
        name = SQUARE_NAMES[place]
        # The board after the step and the give, as the placement sees it.
        state = self.squares[place]
        if place == frm:
            state = EMPTY if state < 5 else _single(BOTTOM[state])
        if place == to or (place != frm and self.pawn_at(place) >= 0):
            return Reason("place-pawn", square=name)
        if state == EMPTY:
            return Reason("place-empty", square=name)
        if COUNT[state] == 2:
            return Reason("place-full", square=name)
        return Reason("same-colour", colour=hand, square=name)

    def why_not_step(self, frm: int, to: int) -> Reason | None:
        """``None`` if the pawn on ``frm`` may step to ``to`` now (T3), else
        the :class:`Reason`: what a board says when a step is refused before
        any placement is chosen."""
        if self.status:
            return Reason("game-over")
        if not (0 <= frm < NUM_SQUARES and 0 <= to < NUM_SQUARES) or frm == to:
            return Reason("not-an-action")
        if self.placing:
            return Reason("placing")
        if not self.pawns[self.turn] >> frm & 1:
            return Reason("not-your-pawn", square=SQUARE_NAMES[frm])
        if to not in NEIGHBOURS[frm]:
            return Reason("not-neighbour", frm=SQUARE_NAMES[frm], to=SQUARE_NAMES[to])
        return self._entry_reason(to)

    def _entry_reason(self, square: int) -> Reason | None:
        """Why the player to move may not put a pawn on ``square`` (T2) or
        step onto it (T3), or ``None``."""
        name = SQUARE_NAMES[square]
        if not self.squares[square]:
            return Reason("empty", square=name)
        owner = self.pawn_at(square)
        if owner >= 0:
            return Reason("pawn-there", square=name, owner=PLAYER_LETTERS[owner])
        color = TOP[self.squares[square]]
        for s in _bits(self.pawns[1 - self.turn]):
            if TOP[self.squares[s]] == color:
                return Reason(
                    "closed",
                    colour=COLOR_LETTERS[color],
                    owner=PLAYER_LETTERS[1 - self.turn],
                    square=SQUARE_NAMES[s],
                )
        return None


def _state_text(state: int) -> str:
    """How the position string writes a square's tokens: ``.``, ``B``, ``rB``."""
    if state == EMPTY:
        return "."
    if state < 5:
        return COLOR_LETTERS[TOP[state]]
    return COLOR_LETTERS[BOTTOM[state]].lower() + COLOR_LETTERS[TOP[state]]


_SQUARE_TEXT: Final = tuple(_state_text(st) for st in range(STATES))


# ---------------------------------------------------------------------------
# Reading the position string


def _parse_fen(fen: str) -> tuple[list[int], list[int], int, int]:
    if not isinstance(fen, str):
        raise InvalidPositionError("a position must be given as text")
    fields = fen.strip().replace("_", " ").split(" ")
    if len(fields) != 3:
        raise InvalidPositionError(
            "a position has 3 fields separated by one space (board, player to move, "
            f"token in hand); found {len(fields)}"
        )
    board_text, turn_text, hand_text = fields
    if turn_text not in ("w", "b"):
        raise InvalidPositionError(f"player to move {shown(turn_text)}: expected w or b")
    turn = PLAYER_LETTERS.index(turn_text)
    if hand_text == "-":
        hand = NO_HAND
    elif len(hand_text) == 1 and hand_text in COLOR_LETTERS:
        hand = COLOR_LETTERS.index(hand_text)
    else:
        raise InvalidPositionError(
            f"token in hand {shown(hand_text)}: expected B, R, O, Y or - for none"
        )
    ranks = board_text.split("/")
    if len(ranks) != HEIGHT:
        raise InvalidPositionError(f"the board has 8 ranks separated by '/', found {len(ranks)}")
    squares = [EMPTY] * NUM_SQUARES
    pawns = [0, 0]
    for i, text in enumerate(ranks):
        r = HEIGHT - 1 - i
        where = f"rank {r + 1} ({shown(text)})"
        f = 0
        k = 0
        while k < len(text):
            if f >= WIDTH:
                raise InvalidPositionError(f"{where} has more than 6 squares")
            ch = text[k]
            if ch == ".":
                state = EMPTY
            elif ch in COLOR_LETTERS:
                state = _single(COLOR_LETTERS.index(ch))
            elif ch in "broy":
                top = text[k + 1 : k + 2]
                if top not in tuple(COLOR_LETTERS):
                    raise InvalidPositionError(
                        f"{where}: a lower-case letter (the bottom token) must be followed "
                        "by an upper-case one (the top token)"
                    )
                bottom = "broy".index(ch)
                if COLOR_LETTERS.index(top) == bottom:
                    raise InvalidPositionError(
                        f"{where}: two tokens of one colour cannot lie on each other"
                    )
                state = _double(bottom, COLOR_LETTERS.index(top))
                k += 1
            else:
                raise InvalidPositionError(
                    f"{where}: {shown(ch)} is not a square: expected '.', a token (B, R, O, Y) "
                    "or two (bottom in lower case, e.g. rB), then maybe a pawn (w or k)"
                )
            k += 1
            s = r * WIDTH + f
            squares[s] = state
            if text[k : k + 1] in ("w", "k"):
                if state == EMPTY:
                    raise InvalidPositionError(f"{where}: a pawn cannot stand on an empty square")
                pawns[PAWN_LETTERS.index(text[k])] |= 1 << s
                k += 1
            f += 1
        if f != WIDTH:
            raise InvalidPositionError(f"{where} has {f} squares, not 6")

    for c in range(4):
        n = sum((TOP[st] == c) + (BOTTOM[st] == c) for st in squares) + (hand == c)
        if n > TOKENS_PER_COLOR:
            raise InvalidPositionError(
                f"there are {n} {COLOR_NAMES[c]} tokens (counting the one in hand); "
                f"the game has {TOKENS_PER_COLOR}"
            )
    white, black = (p.bit_count() for p in pawns)
    if max(white, black) > PAWNS_EACH:
        raise InvalidPositionError("a player has at most two pawns")
    if white + black < 2 * PAWNS_EACH:
        if not black <= white <= black + 1:
            raise InvalidPositionError(
                "White places the first pawn and the players take turns, so White has as "
                f"many pawns as Black or one more, not {white} against {black}"
            )
        expected = WHITE if white == black else BLACK
        if turn != expected:
            raise InvalidPositionError(
                f"with {white} White and {black} Black pawns placed, "
                f"{PLAYER_NAMES[expected]} is to move"
            )
        if hand != NO_HAND:
            raise InvalidPositionError(
                "nobody holds a token before both players have placed both pawns"
            )
    return squares, pawns, turn, hand
