"""Games by link ("correspondence"), for every game: a whole game in a page
address, checked on arrival.

Two or three people play one game, each in their own browser, by sending
the link back and forth (chat, mail, a QR code). There is no server: the
link carries everything, and the receiver's page replays every action with
the game's engine before it shows or keeps anything.

Syntax, format version 1 (the part after ``#``; keys in this order, each
written exactly as :func:`encode` writes it)::

    c=1&g=<game>&id=<game id>&p=<start>&h=<people>&f=<sender>&n=<names>&a=<actions>&k=<check>

* ``c``   the format version, ``1``. A link with a higher one was made by a
          newer page and is refused as such (``version``).
* ``g``   the game the link is for (``tor``); left out for Mixtour, the
          collection's first game (:data:`UNNAMED_GAME`), so its links are
          those it had before there was a second game. A reader of one game
          refuses a link of another (``wrong-game``).
* ``id``  the game's id: 8 characters of ``A-Z a-z 0-9 - _`` (48 random bits),
          the same in every link of one game.
* ``p``   the start position as the game writes it in a link; left out for
          the game's usual start.
* ``h``   the colours that people play, in turn order (``wr``, ``wrb``, ``wb``).
* ``f``   the colour of the player who sent the link: the one who made its
          last action, or who set the game up when it has none.
* ``n``   the players' names in turn order, comma-separated, each
          percent-encoded (UTF-8) and at most 24 characters; may be empty.
* ``a``   the actions, a fixed number of base64url digits each (the game's
          compact codec: an action's number, high digit first).
* ``k``   a check over everything before ``&k=``: CRC-32 of its UTF-8 bytes,
          as 6 characters of base64url. A link cut short or mangled by hand
          or by a chat program is refused as damaged (``damaged``).

A game plugs in with a :class:`CorrespondenceRules` (its ``Game`` class,
its colours, how its start is written, its action codec, its error class)
and a subclass of :class:`CorrespondenceGame` naming those rules; the kit
imports no game. Mixtour's part is ``mixtour/mixtour/correspondence.py``, Tor's
``mixtour/tor/correspondence.py``.

**Reading** (:func:`decode`) is strict, with an error id for each refusal
(:class:`CorrespondenceError`), never a traceback: every action is replayed
through the engine (an illegal one refused with the rule's reason, one after
the end of the game refused as such), the sender must have made the last
action, and a link must be written exactly as :func:`encode` writes it, so
that every link read writes back to itself. **The check** (:func:`check`)
compares a read link with the game the browser already keeps under the same
id: the link must extend it or equal it (an older link is told apart, a
changed earlier action refused), and nothing it adds may be a move of the
receiver's own colour.

The check is that every action is legal and the history consistent, not who
made it: a link can be forwarded or edited by hand (and its ``k`` recomputed).
"""

from __future__ import annotations

import re
import unicodedata
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import zip_longest
from typing import Any, ClassVar, Generic, Self, TypeVar, cast
from urllib.parse import quote, unquote

from .errors import IllegalActionError
from .game import Game
from .protocol import ReasonLike

__all__ = [
    "FORMAT_VERSION",
    "MAX_CLUSTER",
    "MAX_LINK",
    "MAX_NAME",
    "UNNAMED_GAME",
    "CorrespondenceError",
    "CorrespondenceGame",
    "CorrespondenceRules",
    "Refusal",
    "Verdict",
    "check",
    "checksum",
    "clean_name",
    "decode",
    "decode_actions",
    "digits",
    "encode",
    "encode_actions",
    "is_correspondence",
    "link_game",
    "room",
]

FORMAT_VERSION = 1
MAX_NAME = 24
MAX_CLUSTER = 10  # code points in one character of a name, at most
MAX_LINK = 8_000
UNNAMED_GAME = "mixtour"  # the game of a link without ``g``
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_ID = re.compile(r"[A-Za-z0-9_-]{8}")
_GAME_NAME = re.compile(r"[a-z][a-z0-9-]{0,15}")
_KEYS = ("c", "g", "id", "p", "h", "f", "n", "a", "k")


# -- refusals ---------------------------------------------------------------------


@dataclass(frozen=True)
class Refusal:
    """Why a link is refused, as a page words it: an ``id`` and its ``args``
    (plain values, or a rule's reason under ``why``), for a game whose own
    ``Reason`` cannot carry them. ``str()`` is the id and its arguments.

    >>> Refusal("bad-field", key="n").as_dict()
    {'id': 'bad-field', 'args': {'key': 'n'}}
    """

    id: str
    args: dict[str, object]

    def __init__(self, id: str, **args: object) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "args", args)

    def as_dict(self) -> dict[str, object]:
        """``{"id": ..., "args": {...}}``, a nested reason as such a dict too."""
        args = {k: _plain(v) for k, v in self.args.items()}
        return {"id": self.id, "args": args}

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v}" for k, v in self.args.items())
        return f"{self.id} ({args})" if args else self.id


def _plain(value: object) -> object:
    as_dict = getattr(value, "as_dict", None)
    return as_dict() if callable(as_dict) else value


class CorrespondenceError(ValueError):
    """A link refused: ``reason`` (an id and arguments) says why, ``str()`` in
    English. Each game subclasses it (:meth:`refusal` gives its reasons the
    game's own class).

    Ids: ``not-correspondence``, ``too-long``, ``version`` (``version``),
    ``damaged`` (the check ``k`` does not match or is missing), ``wrong-game``
    (``game``: the link's game, ``expected``: the reader's), ``bad-field``
    (``key``), ``bad-start`` (``detail``), ``bad-action`` (``index``: 1-based,
    ``detail``), ``illegal`` (``index``, ``action``, ``why``), ``after-end``
    (``index``, ``action``), ``wrong-sender`` (``sender``, ``color``: who made
    the last action), ``other-game`` (``game``: the link's id), ``changed``
    (``index``), ``your-move`` (``index``, ``action``, ``color``: an action the
    link adds for the receiver's own colour), ``other-start``.
    """

    reason: ReasonLike

    def __init__(self, id: str, message: str, **args: object) -> None:
        super().__init__(message)
        self.reason = self.refusal(id, args)

    @classmethod
    def refusal(cls, id: str, args: dict[str, object]) -> ReasonLike:
        """The reason of a refusal with ``id`` and ``args`` (a :class:`Refusal`
        unless the game's class says otherwise)."""
        return Refusal(id, **args)


# -- the game's part --------------------------------------------------------------


G = TypeVar("G", bound=Game[Any, Any, Any, Any])


@dataclass(frozen=True)
class CorrespondenceRules(Generic[G]):
    """One game's part in its links.

    ``game`` is the game's ``Game`` class: it makes a game from a position
    string, and its ``name`` (``g=``, unless it is :data:`UNNAMED_GAME`) and
    ``standard_start`` (no ``p=``) are the rules' own; ``colors(start)`` the
    colour letters of a start's players in turn order (``movers()`` indexes
    them); ``write_start(start)`` the text ``p=`` carries for a start and
    ``read_start(text)`` the start read back from it (either raises the
    game's error, ``bad-start``, or a ``ValueError`` whose text the kit
    reports as ``bad-start``).

    The compact codec: ``number(code)`` is an action's number,
    ``0 <= number < numbers``, fixed by the game's rules and not by the
    engine's move order; ``code(number)`` reads it back (a ``ValueError``
    when the number is no action); each is written as ``width`` base64url
    digits. ``error`` is the game's :class:`CorrespondenceError`.
    """

    game: type[G]
    colors: Callable[[str], str]
    write_start: Callable[[str], str]
    read_start: Callable[[str], str]
    number: Callable[[int], int]
    code: Callable[[int], int]
    numbers: int
    width: int
    error: type[CorrespondenceError]

    @property
    def name(self) -> str:
        """The game's name, as a link's ``g`` gives it."""
        return self.game.name

    @property
    def standard_start(self) -> str:
        """The game's usual start, which a link leaves out."""
        return self.game.standard_start

    def __post_init__(self) -> None:
        if not _GAME_NAME.fullmatch(self.name) or self.numbers > 64**self.width:
            raise ValueError(f"the rules of {self.name!r} do not fit in a link")

    def encode_actions(self, codes: Sequence[int]) -> str:
        """:func:`encode_actions` with these rules."""
        return encode_actions(self, codes)

    def decode_actions(self, text: str) -> list[int]:
        """:func:`decode_actions` with these rules."""
        return decode_actions(self, text)

    def room(self, fragment: str) -> int:
        """:func:`room` with these rules."""
        return room(self, fragment)


# -- the compact codec -------------------------------------------------------------


def digits(value: int, width: int) -> str:
    """``value`` as ``width`` base64url digits, high first.

    >>> digits(0, 2), digits(2525, 2), digits(64**3 - 1, 3)
    ('AA', 'nd', '___')
    """
    return "".join(B64[(value >> (6 * (width - 1 - i))) & 63] for i in range(width))


def encode_actions(rules: CorrespondenceRules[Any], codes: Sequence[int]) -> str:
    """Actions as ``rules.width`` base64url digits each."""
    return "".join(digits(rules.number(code), rules.width) for code in codes)


def decode_actions(rules: CorrespondenceRules[Any], text: str) -> list[int]:
    """The action codes of :func:`encode_actions`; the game's error
    (``bad-action``, ``detail`` ``cut`` or ``code``) on a length that is no
    whole number of actions, a foreign character or a number that is no
    action."""
    width = rules.width
    if len(text) % width:
        raise rules.error(
            "bad-action", "the actions are cut short", index=len(text) // width + 1, detail="cut"
        )
    codes: list[int] = []
    for i in range(0, len(text), width):
        index = i // width + 1
        value = 0
        for char in text[i : i + width]:
            digit = B64.find(char)
            if digit < 0:
                value = rules.numbers
                break
            value = value * 64 + digit
        try:
            if value >= rules.numbers:
                raise ValueError(value)
            codes.append(rules.code(value))
        except ValueError:
            raise rules.error(
                "bad-action", f"action {index} is not an action", index=index, detail="code"
            ) from None
    return codes


def checksum(body: str) -> str:
    """The check ``k`` of a link whose text before ``&k=`` is ``body``: CRC-32
    of its UTF-8 bytes in 6 base64url digits (a lone surrogate, which no link
    has, is counted as its code unit rather than refused)."""
    return digits(zlib.crc32(body.encode("utf-8", "surrogatepass")), 6)


# -- names --------------------------------------------------------------------------


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


def clean_name(name: object) -> str:
    """A name as a link carries it: printable, single spaces, at most 24
    characters as a reader counts them (an emoji or an accented letter is one,
    never cut in two).

    >>> clean_name("  Zoé\\t& co "), clean_name(None)
    ('Zoé & co', '')
    """
    if not isinstance(name, str):
        return ""
    text = "".join(ch if ch.isprintable() or ch == "\u200d" else " " for ch in name)
    return _cut(" ".join(text.split()), MAX_NAME).strip()


# -- one game as a link holds it -----------------------------------------------------


@dataclass(frozen=True)
class CorrespondenceGame(Generic[G]):
    """One correspondence game as a link holds it: checked, replayable. A
    game's subclass names its rules (``rules``)."""

    id: str
    start: str
    actions: tuple[int, ...]
    people: str
    sender: str
    names: tuple[str, ...]

    rules: ClassVar[CorrespondenceRules[Any]]

    @classmethod
    def from_start(
        cls, id: str, start: str, *, names: Sequence[str] = (), sender: str | None = None
    ) -> Self:
        """A game from ``start`` before its first action, every colour played
        by a person, set up by the player of ``sender`` (the first colour
        unless given); raises the game's error (``bad-start``, ``bad-field``)."""
        rules = cls.rules
        if start != rules.standard_start:
            start = _start(rules, rules.read_start, _start(rules, rules.write_start, start))
        people = rules.colors(start)
        clean = tuple(clean_name(n) for n in names[: len(people)])
        clean += ("",) * (len(people) - len(clean))
        if not _ID.fullmatch(id):
            raise rules.error("bad-field", "the game id is not valid", key="id")
        sender = people[0] if sender is None else sender
        if sender not in people:
            raise rules.error("bad-field", "the sender is not a player", key="f")
        return cls(id, start, (), people, sender, clean)

    @classmethod
    def decode(cls, fragment: object) -> Self:
        """:func:`decode` of a link of this game."""
        return decode(cls, fragment)

    def game(self) -> G:
        """The game replayed (the actions were checked when the link was read)."""
        game = cast(G, self.rules.game(self.start))
        for code in self.actions:
            game.play(code)
        return game

    def extend(self, action: str | int) -> Self:
        """This game with one more action, sent by its mover; raises the
        game's ``IllegalActionError`` (or ``InvalidActionError``) when the
        rules refuse it."""
        game = self.game()
        mover = self.rules.colors(self.start)[game.position.turn]
        code = game.play(action).code
        return replace(self, actions=(*self.actions, code), sender=mover)

    def with_name(self, color: str, name: str) -> Self:
        """This game with the name of ``color``'s player set."""
        names = list(self.names)
        names[self.rules.colors(self.start).index(color)] = clean_name(name)
        return replace(self, names=tuple(names))


CG = TypeVar("CG", bound=CorrespondenceGame[Any])


def is_correspondence(fragment: object) -> bool:
    """Whether a fragment is a correspondence link, of any game (it starts
    with ``c=``).

    >>> is_correspondence("#c=1&id=x"), is_correspondence("p=5/5/5/5/5_w_20/20_0/0_1_-")
    (True, False)
    """
    return isinstance(fragment, str) and fragment.removeprefix("#").startswith("c=")


def link_game(fragment: object) -> str | None:
    """The game a correspondence link says it is for, without checking it
    (:func:`decode` of that game does): its ``g``, :data:`UNNAMED_GAME` when
    it has none; None when the fragment is no correspondence link or its
    ``g`` is no game's name. A page reads it to choose the game to open.

    >>> link_game("#c=1&g=tor&id=AbCd1234"), link_game("c=1&id=AbCd1234"), link_game("m=c3")
    ('tor', 'mixtour', None)
    """
    if not isinstance(fragment, str) or not is_correspondence(fragment):
        return None
    for part in fragment.removeprefix("#").strip()[:MAX_LINK].split("&"):
        key, _, value = part.partition("=")
        if key == "g":
            return value if _GAME_NAME.fullmatch(value) else None
    return UNNAMED_GAME


def _parts(game: CorrespondenceGame[Any]) -> list[str]:
    rules = game.rules
    parts = [f"c={FORMAT_VERSION}"]
    if rules.name != UNNAMED_GAME:
        parts.append(f"g={rules.name}")
    parts.append(f"id={game.id}")
    if game.start != rules.standard_start:
        parts.append("p=" + rules.write_start(game.start))
    parts.append(f"h={game.people}")
    parts.append(f"f={game.sender}")
    parts.append("n=" + ",".join(quote(name, safe="") for name in game.names))
    parts.append("a=" + encode_actions(rules, game.actions))
    return parts


def encode(game: CorrespondenceGame[Any]) -> str:
    """The link fragment (without ``#``) of a game; see the module's syntax."""
    body = "&".join(_parts(game))
    return f"{body}&k={checksum(body)}"


def room(rules: CorrespondenceRules[Any], fragment: str) -> int:
    """How many more actions the link ``fragment`` can take before it is longer
    than any page accepts (:data:`MAX_LINK`)."""
    return max(0, (MAX_LINK - len(fragment)) // rules.width)


def _start(rules: CorrespondenceRules[Any], how: Callable[[str], str], text: str) -> str:
    """``how(text)`` (the game's ``read_start`` or ``write_start``), a
    ``ValueError`` reported as ``bad-start``."""
    try:
        return how(text)
    except CorrespondenceError:
        raise
    except ValueError as error:
        raise rules.error("bad-start", f"bad start position: {error}", detail=str(error)) from None


def decode(kind: type[CG], fragment: object) -> CG:
    """Read and check a link of the game ``kind`` on its own (every action
    replayed by the engine); raises the game's :class:`CorrespondenceError`."""
    rules = kind.rules
    error = rules.error
    if not isinstance(fragment, str) or not is_correspondence(fragment):
        raise error("not-correspondence", "this is not a correspondence link")
    text = fragment.removeprefix("#").strip()
    if len(text) > MAX_LINK:
        raise error("too-long", "the link is too long")
    body, sep, check_text = text.rpartition("&k=")
    values: dict[str, str] = {}
    for part in (body if sep else text).split("&"):
        key, _, value = part.partition("=")
        if key in values:
            raise error("bad-field", f"the link gives {key[:8]!r} twice", key=key[:8])
        values[key] = value
    version = values.get("c", "")
    if not version.isascii() or not version.isdigit() or len(version) > 4:
        raise error("bad-field", "the link's version is not a number", key="c")
    if int(version) > FORMAT_VERSION:
        raise error(
            "version",
            f"the link was made by a newer version of the site (format {version})",
            version=int(version),
        )
    if not sep or check_text != checksum(body):
        raise error("damaged", "the link is damaged: it was cut short or changed on the way")
    game_name = values.get("g", UNNAMED_GAME)
    if not _GAME_NAME.fullmatch(game_name):
        raise error("bad-field", "the link's game is not a game's name", key="g")
    if game_name != rules.name:
        raise error(
            "wrong-game",
            f"the link is a game of {game_name}, not of {rules.name}",
            game=game_name,
            expected=rules.name,
        )
    for key in values:
        if key not in _KEYS:
            raise error("bad-field", f"the link's part {key[:8]!r} is unknown", key=key[:8])
    if int(version) != FORMAT_VERSION:
        raise error("bad-field", "the link's version is not known", key="c")
    for key in ("id", "h", "f", "n", "a"):
        if key not in values:
            raise error("bad-field", f"the link has no {key!r}", key=key)
    if not _ID.fullmatch(values["id"]):
        raise error("bad-field", "the game id is not valid", key="id")
    start = rules.standard_start
    if "p" in values:
        start = _start(rules, rules.read_start, values["p"])
    colors = rules.colors(start)
    people = values["h"]
    if not people or people != "".join(c for c in colors if c in people):
        raise error("bad-field", "the players' colours are not valid", key="h")
    try:
        names = tuple(unquote(n, errors="strict") for n in values["n"].split(","))
    except UnicodeDecodeError:
        names = ()
    if len(names) != len(colors) or any(clean_name(n) != n for n in names):
        raise error("bad-field", "the players' names are not valid", key="n")
    codes = decode_actions(rules, values["a"])
    game = rules.game(start)
    for index, code in enumerate(codes, 1):
        action = str(game.action(code))
        if game.result.is_over:
            raise error(
                "after-end",
                f"action {index} ({action}) comes after the end of the game",
                index=index,
                action=action,
            )
        try:
            game.play(code)
        except IllegalActionError as refused:
            why = refused.reason or error.refusal("game-over", {})
            raise error(
                "illegal",
                f"action {index} ({action}) is not legal: {why}",
                index=index,
                action=action,
                why=why,
            ) from None
    movers = [colors[m] for m in game.movers()]  # a pass can hand the turn back (Mixtour's R10)
    sender = values["f"]
    if sender not in colors or (movers and movers[-1] != sender):
        made = movers[-1] if movers else "-"
        raise error(
            "wrong-sender",
            f"the link says {sender!r} sent it, but its last action is {made!r}'s",
            sender=sender[:1],
            color=made,
        )
    read = kind(values["id"], start, tuple(codes), people, sender, names)
    for written, given in zip_longest(_parts(read), body.split("&"), fillvalue=""):
        if written != given:
            key = (given or written).partition("=")[0][:8]
            raise error("bad-field", f"the link's part {key!r} is not written as usual", key=key)
    return read


@dataclass(frozen=True)
class Verdict:
    """How a checked link stands against the game kept under its id:
    ``kind`` is ``new`` (none kept), ``same``, ``newer`` (it adds ``added``
    actions) or ``older`` (the kept game is ``behind`` actions ahead: the page
    offers the kept one)."""

    kind: str
    added: int = 0
    behind: int = 0


def check(link: CG, kept: CG | None, mine: str | None) -> Verdict:
    """Compare a read link with the game this browser keeps under the same id,
    whose colour ``mine`` is the receiver's; raises the game's
    :class:`CorrespondenceError` (``wrong-game``, ``other-game``, ``other-start``,
    ``changed``, ``your-move``)."""
    if kept is None:
        return Verdict("new")
    rules = kept.rules  # the receiver's game: its errors
    error = rules.error
    if link.rules is not rules:
        raise error(
            "wrong-game",
            f"the link is a game of {link.rules.name}, not of {rules.name}",
            game=link.rules.name,
            expected=rules.name,
        )
    if kept.id != link.id:
        raise error("other-game", "the link is of another game", game=link.id)
    if kept.start != link.start or kept.people != link.people:
        raise error("other-start", "the link changes how the game was set up")
    shared = min(len(kept.actions), len(link.actions))
    for i in range(shared):
        if kept.actions[i] != link.actions[i]:
            raise error(
                "changed",
                f"action {i + 1} differs from the game you have: the link changes its history",
                index=i + 1,
            )
    if len(link.actions) < len(kept.actions):
        return Verdict("older", behind=len(kept.actions) - len(link.actions))
    if len(link.actions) == len(kept.actions):
        return Verdict("same")
    game = link.game()
    colors = rules.colors(link.start)
    movers = game.movers()
    for i in range(len(kept.actions), len(link.actions)):
        color = colors[movers[i]]
        if mine is not None and color == mine:
            action = str(game.action(link.actions[i]))
            raise error(
                "your-move",
                f"action {i + 1} ({action}) is a move of your colour, made by someone else",
                index=i + 1,
                action=action,
                color=color,
            )
    return Verdict("newer", added=len(link.actions) - len(kept.actions))
