"""Correspondence games by link: a whole game of Mixtour in a page address,
checked on arrival.

Two or three people play one game, each in their own browser, by sending the
link back and forth (chat, mail, a QR code). There is no server: the link
carries everything, and the receiver's page replays every action with the
engine before it shows or keeps anything. The format, the strict reading, the
check and the comparison with a kept game are the kit's, for every game
(``mixtour/kit/correspondence.py``); this module is Mixtour's part: its
colours, its start and its compact actions.

Syntax, format version 1 (the part after ``#``; keys in this order)::

    c=1&id=<game id>&p=<start, P1 with _>&h=<people>&f=<sender>&n=<names>&a=<actions>&k=<check>

* ``c``   the format version, ``1``. A link with a higher one was made by a
          newer page and is refused as such (``version``). A Mixtour link
          has no ``g`` (the game): a link that names one is of another game
          (``wrong-game``).
* ``id``  the game's id: 8 characters of ``A-Z a-z 0-9 - _`` (48 random bits),
          the same in every link of one game.
* ``p``   the start position (P1, spaces as ``_``); left out for the usual
          two-player start.
* ``h``   the colours that people play, in turn order (``wr``, ``wrb``).
* ``f``   the colour of the player who sent the link: the one who made its
          last action, or who set the game up when it has none.
* ``n``   the players' names in turn order, comma-separated, each
          percent-encoded (UTF-8) and at most 24 characters; may be empty.
* ``a``   the actions, two characters each (compact encoding below).
* ``k``   a check over everything before ``&k=``: CRC-32 of its UTF-8 bytes,
          as 6 characters of base64url. A link cut short or mangled by hand
          or by a chat program is refused as damaged (``damaged``).

**Compact actions.** An action's number ``v`` is its square for an ENTER
(``a1`` = 0 ... ``e5`` = 24), 25 for PASS, and for a MOVE of ``k`` discs
``26 + ((k - 1) * 25 + from) * 25 + to`` (at most 2525). ``v`` is written as
two base64url digits, high first (``v // 64``, ``v % 64``, alphabet
``A-Z a-z 0-9 - _``): fixed width, independent of the engine's move order.

**Sizes** (``python tests/bench_corr_links.py`` prints them, with a site
address of 30 characters): the plain ``p=``/``m=`` form takes about 5.6
characters an action, the compact one 2. A 40-action game: 256 characters
plain, 155 compact (QR version 9 at level M); 100 actions: 600 plain, 275
compact (version 12 at M instead of 19); the longest of 20 seeded games of the
computer against itself at level 1 (67 actions): 388 plain, 209 compact.

**The check** (:func:`check`): the link is read strictly (:class:`CorrespondenceError`
with an id, never a traceback), every action is replayed through the engine
(illegal ones refused with the rule's reason, one after the end of the game
refused as such), the sender must have made the last action, and against the
game the browser already keeps under the same id: the link must extend it or
equal it (an older link is told apart, a changed earlier action refused), and
nothing it adds may be a move of the receiver's own colour.

The check is that every action is legal and the history consistent, not who
made it: a link can be forwarded or edited by hand (and its ``k`` recomputed).

>>> game = CorrespondenceGame.new("AbCd1234", names=["Ann", "Bob"])
>>> game = game.extend("c3")
>>> text = encode(game)
>>> text
'c=1&id=AbCd1234&h=wr&f=w&n=Ann,Bob&a=AM&k=D92QuV'
>>> decode(text) == game
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ..kit import correspondence as kit
from ..kit.correspondence import FORMAT_VERSION, Verdict, check, encode, is_correspondence
from ..kit.correspondence import MAX_CLUSTER as MAX_CLUSTER
from ..kit.correspondence import MAX_LINK as MAX_LINK
from ..kit.correspondence import MAX_NAME as MAX_NAME
from .core import (
    COLORS,
    PASS,
    Action,
    Position,
    Reason,
)
from .game import Game

__all__ = [
    "FORMAT_VERSION",
    "CorrespondenceError",
    "CorrespondenceGame",
    "Verdict",
    "check",
    "decode",
    "decode_actions",
    "encode",
    "encode_actions",
    "is_correspondence",
    "room",
]

_checksum = kit.checksum  # the link's check, for tests that forge links
_MOVE_BASE = 26


class CorrespondenceError(kit.CorrespondenceError):
    """A link refused: ``reason`` (a :class:`~mixtour.mixtour.core.Reason`: id and
    arguments) says why, ``str()`` in English.

    Ids: ``not-correspondence``, ``too-long``, ``version`` (``version``),
    ``damaged`` (the check ``k`` does not match or is missing), ``wrong-game``
    (``game``: the game the link is for, ``expected``: ``mixtour``),
    ``bad-field`` (``key``), ``bad-start`` (``detail``), ``bad-action``
    (``index``: 1-based, ``detail``), ``illegal`` (``index``, ``action``,
    ``why``), ``after-end`` (``index``, ``action``), ``wrong-sender``
    (``sender``, ``color``: who made the last action), ``other-game``
    (``game``: the link's id), ``changed`` (``index``), ``your-move``
    (``index``, ``action``, ``color``: an action the link adds for the
    receiver's own colour), ``other-start``.
    """

    reason: Reason

    @classmethod
    def refusal(cls, id: str, args: dict[str, object]) -> Reason:
        return Reason(id, **cast("dict[str, str | int | Reason]", args))


def _number(code: int) -> int:
    if code <= PASS:
        return code
    action = Action(code)
    return _MOVE_BASE + ((action.count - 1) * 25 + action.frm) * 25 + action.to


def _code(number: int) -> int:
    if number <= PASS:
        return number
    rest = number - _MOVE_BASE
    count, rest = divmod(rest, 625)
    frm, to = divmod(rest, 25)
    return Action.move(frm, to, count + 1).code  # InvalidActionError when frm == to


def _colors(start: str) -> str:
    return COLORS[: Position(start).players]


def _read_start(text: str) -> str:
    start = Position(text.replace("_", " "))  # MixtourError: reported as bad-start
    if start != Position.start(start.players, start.discs, start.target):
        raise CorrespondenceError(
            "bad-start", "a correspondence game starts on an empty board", detail="not-a-start"
        )
    return start.fen()


RULES = kit.CorrespondenceRules(
    game=Game,
    colors=_colors,
    write_start=lambda start: start.replace(" ", "_"),
    read_start=_read_start,
    number=_number,
    code=_code,
    numbers=_MOVE_BASE + 2500,
    width=2,
    error=CorrespondenceError,
)


class CorrespondenceGame(kit.CorrespondenceGame[Game]):
    """One correspondence game as a link holds it: checked, replayable."""

    rules = RULES

    @classmethod
    def new(
        cls,
        id: str,
        *,
        players: int = 2,
        discs: int | None = None,
        target: int = 1,
        names: Sequence[str] = (),
        sender: str = "w",
    ) -> CorrespondenceGame:
        """A game before its first action, set up by the player of ``sender``."""
        start = Position.start(players, discs, target).fen()
        return cls.from_start(id, start, names=names, sender=sender)


# The kit's codec, reader and check with Mixtour's rules, under the names the pages
# and tools call (see :class:`mixtour.kit.correspondence.CorrespondenceRules`).
encode_actions = RULES.encode_actions
decode_actions = RULES.decode_actions
room = RULES.room
decode = CorrespondenceGame.decode
