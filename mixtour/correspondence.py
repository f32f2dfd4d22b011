"""Correspondence games by link: a whole game in a page address, checked on arrival.

Two or three people play one game, each in their own browser, by sending the
link back and forth (chat, mail, a QR code). There is no server: the link
carries everything, and the receiver's page replays every action with the
engine before it shows or keeps anything.

Syntax, format version 1 (the part after ``#``; keys in this order)::

    c=1&id=<game id>&p=<start, P1 with _>&h=<people>&f=<sender>&n=<names>&a=<actions>&k=<check>

* ``c``   the format version, ``1``. A link with a higher one was made by a
          newer page and is refused as such (``version``).
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

import re
import unicodedata
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote, unquote

from .core import (
    COLORS,
    PASS,
    STANDARD_START,
    Action,
    IllegalActionError,
    MixtourError,
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

FORMAT_VERSION = 1
MAX_NAME = 24
MAX_CLUSTER = 10  # code points in one character of a name, at most
MAX_LINK = 8_000
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_ID = re.compile(r"[A-Za-z0-9_-]{8}")
_KEYS = ("c", "id", "p", "h", "f", "n", "a", "k")
_MOVE_BASE = 26


class CorrespondenceError(ValueError):
    """A link refused: ``reason`` (a :class:`~mixtour.core.Reason`: id and
    arguments) says why, ``str()`` in English.

    Ids: ``not-correspondence``, ``too-long``, ``version`` (``version``),
    ``damaged`` (the check ``k`` does not match or is missing), ``bad-field``
    (``key``), ``bad-start`` (``detail``), ``bad-action`` (``index``: 1-based,
    ``detail``), ``illegal`` (``index``, ``action``, ``why``), ``after-end``
    (``index``, ``action``), ``wrong-sender`` (``sender``, ``color``: who made
    the last action), ``other-game`` (``game``: the link's id), ``changed`` (``index``),
    ``your-move`` (``index``, ``action``, ``color``: an action the link adds
    for the receiver's own colour), ``other-start``.
    """

    def __init__(self, id: str, message: str, **args: str | int | Reason) -> None:
        super().__init__(message)
        self.reason = Reason(id, **args)


def _b64(value: int, width: int) -> str:
    return "".join(_B64[(value >> (6 * (width - 1 - i))) & 63] for i in range(width))


def _value(code: int) -> int:
    if code <= PASS:
        return code
    action = Action(code)
    return _MOVE_BASE + ((action.count - 1) * 25 + action.frm) * 25 + action.to


def _code(value: int) -> int:
    if value <= PASS:
        return value
    rest = value - _MOVE_BASE
    count, rest = divmod(rest, 625)
    frm, to = divmod(rest, 25)
    return Action.move(frm, to, count + 1).code  # InvalidActionError when frm == to


def encode_actions(codes: Sequence[int]) -> str:
    """Actions as two base64url digits each.

    >>> encode_actions([Action.parse(t).code for t in ["a1", "pass", "c3:2-d4"]])
    'AAAZPJ'
    """
    return "".join(_b64(_value(code), 2) for code in codes)


def decode_actions(text: str) -> list[int]:
    """The action codes of :func:`encode_actions`; :class:`CorrespondenceError`
    (``bad-action``) on an odd length, a foreign character or a number that
    is no action.

    >>> [str(Action(c)) for c in decode_actions("AAAZPJ")]
    ['a1', 'pass', 'c3:2-d4']
    """
    if len(text) % 2:
        raise CorrespondenceError(
            "bad-action", "the actions are cut short", index=len(text) // 2 + 1, detail="cut"
        )
    codes: list[int] = []
    for i in range(0, len(text), 2):
        index = i // 2 + 1
        high, low = _B64.find(text[i]), _B64.find(text[i + 1])
        value = high * 64 + low
        if high < 0 or low < 0 or value > _MOVE_BASE + 2499:
            raise CorrespondenceError(
                "bad-action", f"action {index} is not an action", index=index, detail="code"
            )
        try:
            codes.append(_code(value))
        except MixtourError:
            raise CorrespondenceError(
                "bad-action", f"action {index} is not an action", index=index, detail="code"
            ) from None
    return codes


def _checksum(body: str) -> str:
    return _b64(zlib.crc32(body.encode("utf-8")), 6)


@dataclass(frozen=True)
class CorrespondenceGame:
    """One correspondence game as a link holds it: checked, replayable."""

    id: str
    start: str
    actions: tuple[int, ...]
    people: str
    sender: str
    names: tuple[str, ...]

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
        people = COLORS[:players]
        clean = tuple(_clean_name(n) for n in names[:players])
        clean += ("",) * (players - len(clean))
        if not _ID.fullmatch(id):
            raise CorrespondenceError("bad-field", "the game id is not valid", key="id")
        if sender not in people:
            raise CorrespondenceError("bad-field", "the sender is not a player", key="f")
        return cls(id, start, (), people, sender, clean)

    def game(self) -> Game:
        """The game replayed (the actions were checked when the link was read)."""
        game = Game(self.start)
        for code in self.actions:
            game.play(code)
        return game

    def extend(self, action: str | int) -> CorrespondenceGame:
        """This game with one more action, sent by its mover; raises
        :class:`~mixtour.core.IllegalActionError` when the rules refuse it."""
        game = self.game()
        mover = COLORS[game.position.turn]
        code = game.play(action).code
        return CorrespondenceGame(
            self.id, self.start, (*self.actions, code), self.people, mover, self.names
        )

    def with_name(self, color: str, name: str) -> CorrespondenceGame:
        """This game with the name of ``color``'s player set."""
        names = list(self.names)
        names[COLORS.index(color)] = _clean_name(name)
        return CorrespondenceGame(
            self.id, self.start, self.actions, self.people, self.sender, tuple(names)
        )


def _joins(previous: str, char: str) -> bool:
    """Whether ``char`` belongs to the character the reader sees ending in
    ``previous``: an accent or other combining mark, a variation selector, a
    skin tone, a tag, the joiner U+200D and what follows it, the second of a
    pair of regional indicators (a flag). An approximation of Unicode's
    grapheme clusters that never splits an emoji or an accented letter."""
    code = ord(char)
    if unicodedata.category(char) in ("Mn", "Me", "Mc") or char == "\u200d":
        return True
    if 0xFE00 <= code <= 0xFE0F or 0x1F3FB <= code <= 0x1F3FF or 0xE0020 <= code <= 0xE007F:
        return True
    return previous == "\u200d"


def _cut(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters as a reader counts them,
    each of at most :data:`MAX_CLUSTER` code points (what joins beyond that
    is dropped, so that a name's length in the link stays bounded).

    >>> _cut("ab\u0301\u0301cd", 3), len(_cut("a" + "\u0301" * 50, 1))
    ('ab\u0301\u0301c', 10)
    """
    kept: list[str] = []
    count = 0
    cluster = 0  # code points in the character being read
    regional_open = False  # a regional indicator waiting for its pair
    for i, char in enumerate(text):
        regional = 0x1F1E6 <= ord(char) <= 0x1F1FF
        if i and (_joins(text[i - 1], char) or (regional and regional_open)):
            regional_open = False
            if cluster < MAX_CLUSTER:
                kept.append(char)
                cluster += 1
            continue
        count += 1
        if count > limit:
            break
        kept.append(char)
        cluster = 1
        regional_open = regional
    return "".join(kept)


def _clean_name(name: object) -> str:
    """A name as a link carries it: printable, single spaces, at most 24
    characters as a reader counts them (an emoji or an accented letter is one,
    never cut in two)."""
    if not isinstance(name, str):
        return ""
    text = "".join(ch if ch.isprintable() or ch == "\u200d" else " " for ch in name)
    return _cut(" ".join(text.split()), MAX_NAME).strip()


def is_correspondence(fragment: str) -> bool:
    """Whether a fragment is a correspondence link (it starts with ``c=``).

    >>> is_correspondence("#c=1&id=x"), is_correspondence("p=5/5/5/5/5_w_20/20_0/0_1_-")
    (True, False)
    """
    return isinstance(fragment, str) and fragment.removeprefix("#").startswith("c=")


def encode(game: CorrespondenceGame) -> str:
    """The link fragment (without ``#``) of a game; see the module's syntax."""
    parts = [f"c={FORMAT_VERSION}", f"id={game.id}"]
    if game.start != STANDARD_START:
        parts.append("p=" + game.start.replace(" ", "_"))
    parts.append(f"h={game.people}")
    parts.append(f"f={game.sender}")
    parts.append("n=" + ",".join(quote(name, safe="") for name in game.names))
    parts.append("a=" + encode_actions(game.actions))
    body = "&".join(parts)
    return f"{body}&k={_checksum(body)}"


def room(fragment: str) -> int:
    """How many more actions the link ``fragment`` can take before it is longer
    than any page accepts (:data:`MAX_LINK`; two characters an action).

    >>> room("c=1&id=abcdefgh&h=wr&f=r&n=,&a=&k=AAAA")
    3981
    """
    return max(0, (MAX_LINK - len(fragment)) // 2)


def decode(fragment: str) -> CorrespondenceGame:
    """Read and check a link on its own (every action replayed by the engine);
    raises :class:`CorrespondenceError`."""
    if not isinstance(fragment, str) or not is_correspondence(fragment):
        raise CorrespondenceError("not-correspondence", "this is not a correspondence link")
    text = fragment.removeprefix("#").strip()
    if len(text) > MAX_LINK:
        raise CorrespondenceError("too-long", "the link is too long")
    body, sep, check_text = text.rpartition("&k=")
    values: dict[str, str] = {}
    for part in (body if sep else text).split("&"):
        key, _, value = part.partition("=")
        if key in values:
            raise CorrespondenceError("bad-field", f"the link gives {key[:8]!r} twice", key=key[:8])
        values[key] = value
    version = values.get("c", "")
    if not version.isascii() or not version.isdigit() or len(version) > 4:
        raise CorrespondenceError("bad-field", "the link's version is not a number", key="c")
    if int(version) > FORMAT_VERSION:
        raise CorrespondenceError(
            "version",
            f"the link was made by a newer version of the site (format {version})",
            version=int(version),
        )
    if not sep or check_text != _checksum(body):
        raise CorrespondenceError(
            "damaged", "the link is damaged: it was cut short or changed on the way"
        )
    for key in values:
        if key not in _KEYS:
            raise CorrespondenceError(
                "bad-field", f"the link's part {key[:8]!r} is unknown", key=key[:8]
            )
    if int(version) != FORMAT_VERSION:
        raise CorrespondenceError("bad-field", "the link's version is not known", key="c")
    for key in ("id", "h", "f", "n", "a"):
        if key not in values:
            raise CorrespondenceError("bad-field", f"the link has no {key!r}", key=key)
    if not _ID.fullmatch(values["id"]):
        raise CorrespondenceError("bad-field", "the game id is not valid", key="id")
    try:
        start = Position(values.get("p", STANDARD_START).replace("_", " "))
    except MixtourError as error:
        raise CorrespondenceError(
            "bad-start", f"bad start position: {error}", detail=str(error)
        ) from None
    if start != Position.start(start.players, start.discs, start.target):
        raise CorrespondenceError(
            "bad-start", "a correspondence game starts on an empty board", detail="not-a-start"
        )
    colors = COLORS[: start.players]
    people = values["h"]
    if not people or people != "".join(c for c in colors if c in people):
        raise CorrespondenceError("bad-field", "the players' colours are not valid", key="h")
    try:
        names = tuple(unquote(n, errors="strict") for n in values["n"].split(","))
    except UnicodeDecodeError:
        names = ()
    if len(names) != start.players or any(_clean_name(n) != n for n in names):
        raise CorrespondenceError("bad-field", "the players' names are not valid", key="n")
    codes = decode_actions(values["a"])
    game = Game(start.fen())
    for index, code in enumerate(codes, 1):
        text = str(Action(code))
        if game.result.is_over:
            raise CorrespondenceError(
                "after-end",
                f"action {index} ({text}) comes after the end of the game",
                index=index,
                action=text,
            )
        try:
            game.play(code)
        except IllegalActionError as error:
            why = error.reason if error.reason is not None else Reason("game-over")
            raise CorrespondenceError(
                "illegal",
                f"action {index} ({text}) is not legal: {why}",
                index=index,
                action=text,
                why=why,
            ) from None
    movers = [COLORS[m] for m in game.movers()]  # R10: a pass can hand the turn back
    sender = values["f"]
    if sender not in colors or (movers and movers[-1] != sender):
        made = movers[-1] if movers else "-"
        raise CorrespondenceError(
            "wrong-sender",
            f"the link says {sender!r} sent it, but its last action is {made!r}'s",
            sender=sender[:1],
            color=made,
        )
    return CorrespondenceGame(values["id"], start.fen(), tuple(codes), people, sender, names)


@dataclass(frozen=True)
class Verdict:
    """How a checked link stands against the game kept under its id:
    ``kind`` is ``new`` (none kept), ``same``, ``newer`` (it adds ``added``
    actions) or ``older`` (the kept game is ``behind`` actions ahead: the page
    offers the kept one)."""

    kind: str
    added: int = 0
    behind: int = 0


def check(link: CorrespondenceGame, kept: CorrespondenceGame | None, mine: str | None) -> Verdict:
    """Compare a read link with the game this browser keeps under the same id,
    whose colour ``mine`` is the receiver's; raises :class:`CorrespondenceError`
    (``other-game``, ``other-start``, ``changed``, ``your-move``)."""
    if kept is None:
        return Verdict("new")
    if kept.id != link.id:
        raise CorrespondenceError("other-game", "the link is of another game", game=link.id)
    if kept.start != link.start or kept.people != link.people:
        raise CorrespondenceError("other-start", "the link changes how the game was set up")
    shared = min(len(kept.actions), len(link.actions))
    for i in range(shared):
        if kept.actions[i] != link.actions[i]:
            raise CorrespondenceError(
                "changed",
                f"action {i + 1} differs from the game you have: the link changes its history",
                index=i + 1,
            )
    if len(link.actions) < len(kept.actions):
        return Verdict("older", behind=len(kept.actions) - len(link.actions))
    if len(link.actions) == len(kept.actions):
        return Verdict("same")
    movers = link.game().movers()
    for i in range(len(kept.actions), len(link.actions)):
        color = COLORS[movers[i]]
        if mine is not None and color == mine:
            text = str(Action(link.actions[i]))
            raise CorrespondenceError(
                "your-move",
                f"action {i + 1} ({text}) is a move of your colour, made by someone else",
                index=i + 1,
                action=text,
                color=color,
            )
    return Verdict("newer", added=len(link.actions) - len(kept.actions))
