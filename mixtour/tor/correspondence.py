"""Games of Tor by link: a whole game in a page address, checked on arrival.

The format, the strict reading, the check and the comparison with a kept game
are the kit's, for every game (``mixtour/kit/correspondence.py``, which
gives the syntax); this module is Tor's part: its seats, its start and its
compact actions. A link of Tor says so (``g=tor``), so Mixtour's reader
refuses it and Tor's reader refuses a link of Mixtour (which has no ``g``),
both as ``wrong-game``::

    c=1&g=tor&id=<game id>&p=<layout>&h=wb&f=<sender>&n=<names>&a=<actions>&k=<check>

* ``h``, ``f``: White ``w`` and Black ``b``; White places the first pawn.
* ``p``: the layout of the start (T1) when it is not the standard one: the
  colour of each square's token (0 blue, 1 red, 2 orange, 3 yellow), the
  squares in the order ``a1``, ``b1`` ... ``f1``, ``a2`` ... ``f8``, three
  squares a base64url digit: ``16 * c(s) + 4 * c(s + 1) + c(s + 2)``, so 16
  digits. A start has one token on each square (12 of each colour), no pawn,
  White to move and nothing in hand; anything else is refused
  (``bad-start``).

**Compact actions.** An action's number ``v`` is fixed by the rules, not by
the engine's move order. Squares are numbered ``a1`` = 0 ... ``f1`` = 5,
``a2`` = 6 ... ``f8`` = 47 (``file + 6 * rank``):

* a pawn placed (T2): its square, ``0`` to ``47``;
* a turn (T3): ``48 + (from * 48 + to) * 49 + place``, where ``place`` is
  the square the token in hand goes on, or 48 when none is placed (the turn
  is written ``from-to``); below 112944 (``f8-e8`` with nothing placed,
  112894, is the highest).

``v`` is written as three base64url digits, high first (``v // 4096``,
``v // 64 % 64``, ``v % 64``, alphabet ``A-Z a-z 0-9 - _``): Tor's turns are
too many for two digits (4096 numbers). A number whose step stays on its
square, or 112944 and above, is no action (``bad-action``); a step to a square
that is not a neighbour is an action the rules refuse (``illegal``, with the
rule's reason).

**Sizes** (``python tests/bench_corr_links.py`` prints them, with a site
address of 30 characters): the plain ``p=``/``m=`` link of Tor's page takes
about 8.5 characters a turn and always writes the start (T7), the compact one
3 an action and 19 more for a random layout. Seeded random games, standard
layout:

=========  =====  =======  ====================  ====================
actions    plain  compact  QR at M: plain / c.   QR at L: plain / c.
=========  =====  =======  ====================  ====================
40         432    201      16 / 10               14 / 9
100        940    381      25 / 15               22 / 13
=========  =====  =======  ====================  ====================

On a random layout (seed 7): 432 / 220 for 40 actions (version 11 at M),
958 / 400 for 100 (version 15 at M, 13 at L).

>>> game = CorrespondenceGame.new("AbCd1234", names=["Ann", "Bob"])
>>> game = game.extend("c3").extend("d5")
>>> text = encode(game)
>>> text
'c=1&g=tor&id=AbCd1234&h=wb&f=b&n=Ann,Bob&a=AAOAAb&k=Agfdra'
>>> decode(text) == game, link_game(text)
(True, 'tor')
"""

from __future__ import annotations

from collections.abc import Sequence

from ..kit import correspondence as kit
from ..kit.correspondence import (
    FORMAT_VERSION,
    MAX_LINK,
    check,
    encode,
    link_game,
)
from .core import (
    NO_PLACE,
    NUM_SQUARES,
    PLAYER_LETTERS,
    STANDARD_START,
    Action,
    Position,
    random_layout,
    start_fen,
)
from .game import Game

__all__ = [
    "FORMAT_VERSION",
    "GAME",
    "MAX_LINK",
    "CorrespondenceError",
    "CorrespondenceGame",
    "check",
    "decode",
    "decode_actions",
    "encode",
    "encode_actions",
    "link_game",
    "room",
]

GAME = "tor"  # the link's g
WIDTH = 3  # base64url digits an action
_TURN = NUM_SQUARES  # the number of the first turn
_NONE = NUM_SQUARES  # the place of a turn that places no token
_NUMBERS = _TURN + NUM_SQUARES * NUM_SQUARES * (NUM_SQUARES + 1)
_LAYOUT = NUM_SQUARES // 3  # base64url digits of a layout


class CorrespondenceError(kit.CorrespondenceError):
    """A link of Tor refused: ``reason`` (a :class:`~mixtour.kit.correspondence.Refusal`:
    id and arguments, ``why`` a Tor :class:`~mixtour.tor.core.Reason`) says
    why, ``str()`` in English. The ids are the kit's; ``wrong-game`` has
    ``game``, the game the link is for, and ``expected``, ``tor``."""


def _number(code: int) -> int:
    if code < NUM_SQUARES:
        return code
    # An action code of the core: from << 12 | to << 6 | place (63: none).
    frm, to, place = code >> 12, (code >> 6) & 63, code & 63
    return (
        _TURN
        + (frm * NUM_SQUARES + to) * (NUM_SQUARES + 1)
        + (_NONE if place == NO_PLACE else place)
    )


def _code(number: int) -> int:
    if number < _TURN:
        return number
    step, place = divmod(number - _TURN, NUM_SQUARES + 1)
    frm, to = divmod(step, NUM_SQUARES)
    if frm == to:  # a step that stays (a1-a1@a1 would even read as the code of a1)
        raise ValueError("a pawn's step goes to another square")
    return Action(frm << 12 | to << 6 | (NO_PLACE if place == _NONE else place)).code


def _write_start(start: str) -> str:
    pos = Position(start)
    layout = [pos.color(s) for s in range(NUM_SQUARES)]
    if min(layout) < 0 or start_fen(layout) != pos.fen():
        raise CorrespondenceError(
            "bad-start",
            "a game by link starts with one token on each square, no pawn and White to move",
            detail="not-a-start",
        )
    return "".join(
        kit.B64[16 * layout[s] + 4 * layout[s + 1] + layout[s + 2]]
        for s in range(0, NUM_SQUARES, 3)
    )


def _read_start(text: str) -> str:
    values = [kit.B64.find(char) for char in text]
    if len(text) != _LAYOUT or min(values) < 0:
        raise CorrespondenceError(
            "bad-start",
            f"the start's layout is {_LAYOUT} characters of A-Z a-z 0-9 - _",
            detail="layout",
        )
    layout = [v >> shift & 3 for v in values for shift in (4, 2, 0)]
    return Position(start_fen(layout)).fen()  # InvalidPositionError: 13 of a colour


RULES = kit.CorrespondenceRules(
    game=Game,
    colors=lambda start: PLAYER_LETTERS,
    write_start=_write_start,
    read_start=_read_start,
    number=_number,
    code=_code,
    numbers=_NUMBERS,
    width=WIDTH,
    error=CorrespondenceError,
)
# The kit's codec and check with Tor's rules, under the names the pages and
# tools call (see :class:`mixtour.kit.correspondence.CorrespondenceRules`).
encode_actions = RULES.encode_actions
decode_actions = RULES.decode_actions
room = RULES.room


class CorrespondenceGame(kit.CorrespondenceGame[Game]):
    """One game of Tor as a link holds it: checked, replayable."""

    rules = RULES

    @classmethod
    def new(
        cls, id: str, *, seed: int | None = None, names: Sequence[str] = (), sender: str = "w"
    ) -> CorrespondenceGame:
        """A game before its first action, on the standard layout or, with
        ``seed``, the random layout of that seed (T1), set up by the player
        of ``sender``; :meth:`from_start` takes any start position."""
        start = STANDARD_START if seed is None else start_fen(random_layout(seed))
        return cls.from_start(id, start, names=names, sender=sender)


decode = CorrespondenceGame.decode  # the kit's reader, for links of Tor
