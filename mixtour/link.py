"""Position and game links: the part of a URL after ``#``.

Syntax (documented in mixtour/LINKS.md)::

    #p=<P1, spaces as _>&m=<actions, comma-separated>&ply=<n>&flip=1&ai=<level>

* ``p``    the position, or with ``m`` the game's start (default: standard start).
* ``m``    the game's actions in N1.
* ``ply``  how many of the actions are shown (default: all of them).
* ``flip`` ``1`` shows the board upside down.
* ``ai``   ``1`` to ``6``: play the AI at that level from here (the player to
           move is the human, the others are the computer); or the seats
           that the computer plays, a colour letter and a level each:
           ``r3`` (Red is Computer 3), ``w6r6`` (two computers), ``r2b5``;
           ``0``: people at every seat (the analysis board's "play two
           players", whatever the page's computer was playing before).
* ``at``   the P1 of the position shown, written for embeds so that a page
           can draw the board before the engine has loaded; the engine
           recomputes the position from ``p``, ``m`` and ``ply``, and reads
           ``at`` only in a link with neither ``p`` nor ``m``.

The analysis board's link (``analysis.html``) adds a tree of variations,
``t`` and ``k``, to these keys: see :mod:`mixtour.variations`.

Reading a link never raises: what is wrong is reported in ``problems`` (in
English) and ``issues`` (the same, as an id and its values, for a page to word
in its language), and the valid part is kept (the game up to the first bad
action, or the start).

>>> link = parse_link("#p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3,b4,b4-c3&ply=2")
>>> link.game.fen(), link.problems
('5/1,r,3/2,w,2/5/5 w 19/19 0/0 1 b4', [])
>>> format_link(link.game)
'p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3,b4,b4-c3&ply=2'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import unquote_plus

from .core import STANDARD_START, IllegalActionError, MixtourError, Position, Reason
from .game import Game

__all__ = ["Link", "LinkIssue", "format_link", "format_seats", "parse_link", "parse_seats"]

_KEYS = ("p", "m", "ply", "flip", "ai", "at")
_MAX_LENGTH = 20_000
_SEATS = re.compile(r"(?:[wrb][1-6]){1,3}")
_REREAD = "the link's '&' and '=' were percent-encoded (%26, %3D); read as if they were not"
# A link's own separator in a decoded value: ``p=...%26m%3Dc3``.
_ENCODED_SEPARATOR = re.compile(r"&\s*(?:" + "|".join(_KEYS) + r")\s*=", re.IGNORECASE)


@dataclass(frozen=True)
class LinkIssue:
    """One thing wrong with a link: ``id`` and ``args`` for a page to word it,
    ``text`` in English (the matching entry of :attr:`Link.problems`).

    Ids: ``too-long``, ``reread``, ``no-value`` and ``twice`` (``key``),
    ``unknown-key`` (``key``), ``more-unknown`` (``count``), ``bad-position``
    (``detail``: the engine's English words), ``bad-action`` (``index``,
    ``action``, and ``why``: the rule's :class:`~mixtour.core.Reason`, or
    ``detail`` when the text is not an action at all), ``ply-past-end``
    (``ply``, ``actions``), ``ply-not-number`` (``ply``), ``bad-flip`` and
    ``bad-ai`` (``value``).
    """

    id: str
    args: dict[str, str | int | Reason]
    text: str

    def as_dict(self) -> dict[str, object]:
        """``{"id": ..., "args": {...}}``, a nested reason as such a dict too."""
        return Reason(self.id, **self.args).as_dict()


@dataclass
class Link:
    """What a link describes; ``problems`` lists what could not be used."""

    game: Game
    flip: bool = False
    ai: int | None = None
    problems: list[str] = field(default_factory=list)
    seats: dict[str, int] | None = None
    """The computer's seats (colour -> level 1-6) from ``ai=r3`` (empty for ``ai=0``:
    people only); None for ``ai=N`` or no ``ai``."""
    issues: list[LinkIssue] = field(default_factory=list)
    """``problems`` as ids and values, in the same order."""


def parse_seats(text: str) -> dict[str, int] | None:
    """``"r3b5"`` -> ``{"r": 3, "b": 5}``; None if the text is not seats.

    >>> parse_seats("r3"), parse_seats("w6r6"), parse_seats("x1")
    ({'r': 3}, {'w': 6, 'r': 6}, None)
    """
    if not isinstance(text, str) or not _SEATS.fullmatch(text):
        return None
    seats = {text[i]: int(text[i + 1]) for i in range(0, len(text), 2)}
    return seats if len(seats) * 2 == len(text) else None


def format_seats(seats: Mapping[str, int]) -> str:
    """The computer's seats as link text: ``{"w": 0, "r": 3}`` -> ``"r3"`` (``""``: none)."""
    return "".join(f"{c}{seats[c]}" for c in "wrb" if 1 <= int(seats.get(c, 0) or 0) <= 6)


def _clip(text: str, n: int = 40) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def parse_link(fragment: str) -> Link:
    """Read a link fragment (with or without the leading ``#``)."""
    problems: list[str] = []
    issues: list[LinkIssue] = []

    def report(id: str, problem: str, **args: str | int | Reason) -> None:
        problems.append(problem)
        issues.append(LinkIssue(id, args, problem))

    def once(id: str, problem: str, **args: str | int | Reason) -> None:
        # A link repeating a mistake thousands of times gets one line for it.
        if problem not in problems:
            report(id, problem, **args)

    text = fragment if isinstance(fragment, str) else ""
    if len(text) > _MAX_LENGTH:
        report("too-long", "the link is too long")
        text = ""
    text = text.removeprefix("#")
    values: dict[str, str] = {}
    unknown: list[str] = []

    # (part, may be re-read): a part that decodes to more parameters is read
    # once more, decoded, and never a third time (each level is a full pass).
    parts = [(part, True) for part in reversed(text.split("&"))]
    while parts:
        part, rereadable = parts.pop()
        if not part:
            continue
        key, eq, raw = part.partition("=")
        key = unquote_plus(key).strip().lower()
        value = unquote_plus(raw)
        if rereadable and ("=" in key or _ENCODED_SEPARATOR.search(value)):
            # P1 and N1 have no '&' or '=': these are the link's own separators,
            # percent-encoded once more (%26, %3D) by whatever passed it on.
            once("reread", _REREAD)
            parts.extend((p, False) for p in reversed(unquote_plus(part).split("&")))
            continue
        if key not in _KEYS:
            unknown.append(key)
        elif not eq:
            once("no-value", f"link parameter {key!r} has no value", key=_clip(key))
        elif key in values:
            once("twice", f"link parameter {key!r} is given twice (the first is used)", key=key)
        else:
            values[key] = value
    for key in unknown[:3]:
        report("unknown-key", f"unknown link parameter {_clip(key)!r} (ignored)", key=_clip(key))
    if len(unknown) > 3:
        more = len(unknown) - 3
        report("more-unknown", f"{more} more unknown link parameters (ignored)", count=more)

    start = STANDARD_START
    # A link of just the position shown (at=, no p= and no m=) means that
    # position, so the live board agrees with the one drawn before the engine.
    key = "at" if "p" not in values and "at" in values and not values.get("m", "").strip() else "p"
    if key in values:
        try:
            start = Position(values[key].replace("_", " ")).fen()
        except MixtourError as e:
            report("bad-position", f"bad position in the link: {e}", detail=str(e))
    game = Game(start)

    if values.get("m", "").strip():
        words = [w.strip() for w in values["m"].split(",")]
        for i, word in enumerate(words, 1):
            try:
                game.play(word)
            except MixtourError as e:
                why: dict[str, str | int | Reason] = {"detail": str(e)}
                if isinstance(e, IllegalActionError) and e.reason is not None:
                    why = {"why": e.reason}
                text = f"action {i} of the link ({_clip(word)!r}) cannot be played: {e}"
                report("bad-action", text, index=i, action=_clip(word), **why)
                break

    if "ply" in values:
        ply_text = values["ply"].strip()
        if ply_text.isascii() and ply_text.isdigit() and len(ply_text) < 6:
            ply = int(ply_text)
            if ply > game.ply:
                text = f"ply {ply} is past the end of the game ({game.ply} actions)"
                report("ply-past-end", text, ply=ply, actions=game.ply)
            game.goto(ply)
        else:
            report(
                "ply-not-number", f"ply {_clip(ply_text)!r} is not a number", ply=_clip(ply_text)
            )

    flip = False
    if "flip" in values:
        if values["flip"] in ("0", "1"):
            flip = values["flip"] == "1"
        else:
            value = _clip(values["flip"])
            report("bad-flip", f"flip {value!r} must be 0 or 1", value=value)

    ai: int | None = None
    seats: dict[str, int] | None = None
    if "ai" in values:
        level = values["ai"].strip().lower()
        if level in ("1", "2", "3", "4", "5", "6"):
            ai = int(level)
        elif level == "0":
            seats = {}  # no seat for the computer
        elif (found := parse_seats(level)) is not None and all(
            "wrb".index(c) < game.position.players for c in found
        ):
            seats = found
        else:
            report("bad-ai", f"AI level {_clip(level)!r} must be 1 to 6", value=_clip(level))
    return Link(game, flip, ai, problems, seats, issues)


def format_link(
    game: Game,
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
    0 for a human) is written as ``ai=r3`` and wins over ``ai``.

    >>> format_link(Game(), seats={"w": 0, "r": 3})
    'p=5/5/5/5/5_w_20/20_0/0_1_-&ai=r3'
    """
    actions = [str(a) for a in game.actions()] + [str(a) for a in game.future()]
    if whole_game and actions:
        parts = [f"p={game.start.replace(' ', '_')}", "m=" + ",".join(actions)]
        parts.append(f"ply={game.ply}")
        if preview:
            parts.append(f"at={game.fen().replace(' ', '_')}")
    else:
        parts = [f"p={game.fen().replace(' ', '_')}"]
    if flip:
        parts.append("flip=1")
    seat_text = format_seats(seats) if seats else ""
    if seat_text:
        parts.append(f"ai={seat_text}")
    elif ai is not None:
        parts.append(f"ai={ai}")
    return "&".join(parts)
