"""A page's link, the part of a URL after ``#``, read and written for any game.

Every game's page link has the same keys (the syntax is in mixtour/LINKS.md)::

    #p=<position, spaces as _>&m=<actions, comma-separated>&ply=<n>&flip=1&ai=<level or seats>

and only the notation differs: each game passes its :class:`LinkRules` (its
``Game`` class, the error family, the seats' colour letters)
to :func:`read_link`, and writes with :func:`write_link` (or calls its rules'
``read``, ``write``, ``parse_seats`` and ``format_seats``, which a game's
module publishes under its own names). ``mixtour/mixtour/link.py`` and
``mixtour/tor/link.py`` are those plug-ins.

Reading never raises: what is wrong is an :class:`LinkIssue` (an id and its
values for a page to word in its language, and English words), and the valid
part is kept (the game up to the first bad action, or the start).

Issue ids: ``too-long``, ``reread``, ``no-value`` and ``twice`` (``key``),
``unknown-key`` (``key``), ``more-unknown`` (``count``), ``bad-position``
(``detail``: the engine's English words), ``bad-action`` (``index``,
``action``, and ``why``: the rule's reason, or ``detail`` when the text is not
an action at all), ``ply-past-end`` (``ply``, ``actions``), ``ply-not-number``
(``ply``), ``bad-flip`` and ``bad-ai`` (``value``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Generic, TypeVar
from urllib.parse import unquote_plus

from .errors import GameError, IllegalActionError
from .game import Game

__all__ = ["Link", "LinkIssue", "LinkRules", "format_seats", "read_link", "write_link"]

KEYS = ("p", "m", "ply", "flip", "ai", "at")
MAX_LENGTH = 20_000
LEVELS = ("1", "2", "3", "4", "5", "6")
_REREAD = "the link's '&' and '=' were percent-encoded (%26, %3D); read as if they were not"
# A link's own separator in a decoded value: ``p=...%26m%3Dc3``.
_ENCODED_SEPARATOR = re.compile(r"&\s*(?:" + "|".join(KEYS) + r")\s*=", re.IGNORECASE)


G = TypeVar("G", bound=Game[Any, Any, Any, Any])
Arg = object  # str, int, or a rule's reason (anything with ``as_dict``)


@dataclass(frozen=True)
class LinkRules(Generic[G]):
    """One game's part of its links."""

    game: type[G]
    """The game's ``Game`` class: a game from a start, its standard start and
    its position class, which reads ``p`` (raising the game's error)."""
    error: type[GameError]
    """The game's error family: what reading a position and ``play`` raise."""
    colors: str
    """The seats' letters, in turn order (``ai=r3`` seats the computer at ``r``)."""
    players: Callable[[G], int] = lambda game: 2
    """How many seats the game has (the first ``players`` letters of ``colors``)."""
    max_actions: int | None = None
    """At most this many actions of ``m`` are read (None: every one)."""

    @cached_property
    def seat_pattern(self) -> re.Pattern[str]:
        return re.compile(rf"(?:[{self.colors}][1-6]){{1,{len(self.colors)}}}")

    def parse_seats(self, text: str) -> dict[str, int] | None:
        """``"r3b5"`` -> ``{"r": 3, "b": 5}``; None if the text is not seats."""
        if not isinstance(text, str) or not self.seat_pattern.fullmatch(text):
            return None
        seats = {text[i]: int(text[i + 1]) for i in range(0, len(text), 2)}
        return seats if len(seats) * 2 == len(text) else None

    def format_seats(self, seats: Mapping[str, int]) -> str:
        """The computer's seats as link text: ``{"w": 0, "r": 3}`` -> ``"r3"``
        (``""``: none); a letter that is not one of ``colors`` is left out."""
        return format_seats(seats, self.colors)

    def read(self, fragment: object) -> Link[G]:
        """Read a link fragment of this game: :func:`read_link`."""
        return read_link(self, fragment)

    def write(
        self,
        game: G,
        *,
        whole_game: bool = True,
        flip: bool = False,
        ai: int | None = None,
        preview: bool = False,
        seats: Mapping[str, int] | None = None,
    ) -> str:
        """A game's link fragment (without ``#``): :func:`write_link` with
        this game's seat letters."""
        return write_link(
            game, self.colors, whole_game=whole_game, flip=flip, ai=ai, preview=preview, seats=seats
        )


def _plain(value: Arg) -> object:
    as_dict = getattr(value, "as_dict", None)
    return as_dict() if callable(as_dict) else value


@dataclass(frozen=True)
class LinkIssue:
    """One thing wrong with a link: ``id`` and ``args`` for a page to word it,
    ``text`` in English (the matching entry of :attr:`Link.problems`)."""

    id: str
    args: dict[str, Arg]
    text: str

    def as_dict(self) -> dict[str, object]:
        """``{"id": ..., "args": {...}}``, a rule's reason as such a dict too."""
        return {"id": self.id, "args": {k: _plain(v) for k, v in self.args.items()}}


@dataclass
class Link(Generic[G]):
    """What a link describes; ``issues`` lists what could not be used."""

    game: G
    flip: bool = False
    ai: int | None = None
    seats: dict[str, int] | None = None
    """The computer's seats (colour -> level 1-6) from ``ai=r3`` (empty for ``ai=0``:
    people only); None for ``ai=N`` or no ``ai``."""
    issues: list[LinkIssue] = field(default_factory=list)

    @property
    def problems(self) -> list[str]:
        """The issues in English, in order."""
        return [issue.text for issue in self.issues]


def format_seats(seats: Mapping[str, int], colors: str) -> str:
    """The computer's seats as link text: ``{"w": 0, "r": 3}`` -> ``"r3"`` (``""``: none)."""
    return "".join(f"{c}{seats[c]}" for c in colors if 1 <= int(seats.get(c, 0) or 0) <= 6)


def _clip(text: str, n: int = 40) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


class _Reader:
    """The issues of one reading; a mistake repeated gets one line."""

    def __init__(self) -> None:
        self.issues: list[LinkIssue] = []

    def report(self, id: str, text: str, **args: Arg) -> None:
        if all(issue.text != text for issue in self.issues):
            self.issues.append(LinkIssue(id, args, text))

    def values(self, fragment: object) -> dict[str, str]:
        """The link's keys and values; what is wrong with them reported."""
        text = fragment if isinstance(fragment, str) else ""
        if len(text) > MAX_LENGTH:
            self.report("too-long", "the link is too long")
            text = ""
        values: dict[str, str] = {}
        unknown: list[str] = []
        # (part, may be re-read): a part that decodes to more parameters is read
        # once more, decoded, and never a third time (each level is a full pass).
        parts = [(part, True) for part in reversed(text.removeprefix("#").split("&"))]
        while parts:
            part, rereadable = parts.pop()
            if not part:
                continue
            key, eq, raw = part.partition("=")
            key = unquote_plus(key).strip().lower()
            value = unquote_plus(raw)
            if rereadable and ("=" in key or _ENCODED_SEPARATOR.search(value)):
                # Positions and actions have no '&' or '=': these are the link's own
                # separators, percent-encoded once more (%26, %3D) by whatever passed it on.
                self.report("reread", _REREAD)
                parts.extend((p, False) for p in reversed(unquote_plus(part).split("&")))
                continue
            if key not in KEYS:
                unknown.append(_clip(key))
            elif not eq:
                self.report("no-value", f"link parameter {key!r} has no value", key=_clip(key))
            elif key in values:
                text = f"link parameter {key!r} is given twice (the first is used)"
                self.report("twice", text, key=key)
            else:
                values[key] = value
        for key in unknown[:3]:
            self.report("unknown-key", f"unknown link parameter {key!r} (ignored)", key=key)
        if len(unknown) > 3:
            more = len(unknown) - 3
            text = f"{more} more unknown link parameters (ignored)"
            self.report("more-unknown", text, count=more)
        return values

    def game(self, rules: LinkRules[G], values: dict[str, str]) -> G:
        """The game of ``p`` (or ``at``), ``m`` and ``ply``."""
        start = rules.game.standard_start
        # A link of just the position shown (at=, no p= and no m=) means that
        # position, so the live board agrees with the one drawn before the engine.
        moves = values.get("m", "").strip()
        key = "at" if "p" not in values and "at" in values and not moves else "p"
        if key in values:
            try:
                start = rules.game.position_class(values[key].replace("_", " ")).fen()
            except rules.error as e:
                self.report("bad-position", f"bad position in the link: {e}", detail=str(e))
        game = rules.game(start)
        words = [w.strip() for w in values["m"].split(",")] if moves else []
        for i, word in enumerate(words[: rules.max_actions], 1):
            try:
                game.play(word)
            except rules.error as e:
                why: dict[str, Arg] = {"detail": str(e)}
                if isinstance(e, IllegalActionError) and e.reason is not None:
                    why = {"why": e.reason}
                text = f"action {i} of the link ({_clip(word)!r}) cannot be played: {e}"
                self.report("bad-action", text, index=i, action=_clip(word), **why)
                break
        if "ply" in values:
            ply_text = values["ply"].strip()
            if ply_text.isascii() and ply_text.isdigit() and len(ply_text) < 6:
                ply = int(ply_text)
                if ply > game.ply:
                    text = f"ply {ply} is past the end of the game ({game.ply} actions)"
                    self.report("ply-past-end", text, ply=ply, actions=game.ply)
                game.goto(ply)
            else:
                value = _clip(ply_text)
                self.report("ply-not-number", f"ply {value!r} is not a number", ply=value)
        return game


def read_link(rules: LinkRules[G], fragment: object) -> Link[G]:
    """Read a link fragment (with or without the leading ``#``); never raises."""
    reader = _Reader()
    values = reader.values(fragment)
    game = reader.game(rules, values)
    flip = False
    if "flip" in values:
        if values["flip"] in ("0", "1"):
            flip = values["flip"] == "1"
        else:
            value = _clip(values["flip"])
            reader.report("bad-flip", f"flip {value!r} must be 0 or 1", value=value)
    ai: int | None = None
    seats: dict[str, int] | None = None
    if "ai" in values:
        level = values["ai"].strip().lower()
        playing = rules.colors[: rules.players(game)]
        if level in LEVELS:
            ai = int(level)
        elif level == "0":
            seats = {}  # no seat for the computer
        elif (found := rules.parse_seats(level)) is not None and all(c in playing for c in found):
            seats = found
        else:
            value = _clip(level)
            reader.report("bad-ai", f"AI level {value!r} must be 1 to 6", value=value)
    return Link(game, flip, ai, seats, reader.issues)


def write_link(
    game: Game[Any, Any, Any, Any],
    colors: str,
    *,
    whole_game: bool = True,
    flip: bool = False,
    ai: int | None = None,
    preview: bool = False,
    seats: Mapping[str, int] | None = None,
) -> str:
    """The fragment (without ``#``) for a game, or just its current position
    when ``whole_game`` is false or nothing has been played; ``preview`` adds
    ``at=`` (the position shown) to a game link. ``seats`` (colour -> level,
    0 for a human) is written as ``ai=r3`` and wins over ``ai``."""
    actions = game.record(with_future=True)
    if whole_game and actions:
        parts = [f"p={game.start.replace(' ', '_')}", "m=" + ",".join(actions)]
        parts.append(f"ply={game.ply}")
        if preview:
            parts.append(f"at={game.fen().replace(' ', '_')}")
    else:
        parts = [f"p={game.fen().replace(' ', '_')}"]
    if flip:
        parts.append("flip=1")
    seat_text = format_seats(seats, colors) if seats else ""
    if seat_text:
        parts.append(f"ai={seat_text}")
    elif ai is not None:
        parts.append(f"ai={ai}")
    return "&".join(parts)
