"""Tor's page links: the part of a URL after ``#`` on ``tor.html``.

The keys mean what they mean in Mixtour's links (:mod:`mixtour.link`), in
Tor's notation::

    #p=<T7, spaces as _>&m=<actions in T6, comma-separated>&ply=<n>&flip=1&ai=<level or seats>

``ai`` is a level ``1`` to ``6`` (the computer plays the side not to move)
or seats such as ``b3`` (Black is Computer 3) or ``w2b5``. ``at`` is the T7
string of the position shown, written for embeds to draw before the engine
has loaded; the engine reads it only in a link with neither ``p`` nor
``m``.

Reading never raises: what is wrong is listed in ``issues`` (an id, its
values and English words, the ids of Mixtour's links), and the valid part
is kept.

>>> link = parse_link("#m=c3,d5,b6,e2,c3-d4&ply=4")
>>> link.game.ply, link.game.future(), link.issues
(4, [Action.parse('c3-d4')], [])
>>> format_link(link.game)
'p=OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR_w_-&m=c3,d5,b6,e2,c3-d4&ply=4'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import unquote_plus

from .core import STANDARD_START, IllegalActionError, Position, Reason, TorError
from .game import Game

__all__ = ["Link", "LinkIssue", "format_link", "parse_link"]

_KEYS = ("p", "m", "ply", "flip", "ai", "at")
_MAX_LENGTH = 20_000
_MAX_ACTIONS = 2_000
_SEATS = re.compile(r"(?:[wb][1-6]){1,2}")


@dataclass(frozen=True)
class LinkIssue:
    """One thing wrong with a link: ``id`` and ``args`` for a page to word,
    ``text`` in English. ``args["why"]`` is a rule's :class:`Reason`."""

    id: str
    args: dict[str, str | int | Reason]
    text: str

    def as_dict(self) -> dict[str, object]:
        args = {k: v.as_dict() if isinstance(v, Reason) else v for k, v in self.args.items()}
        return {"id": self.id, "args": args}


@dataclass
class Link:
    """What a link describes."""

    game: Game
    flip: bool = False
    ai: int | None = None
    seats: dict[str, int] | None = None
    issues: list[LinkIssue] = field(default_factory=list)

    @property
    def problems(self) -> list[str]:
        return [issue.text for issue in self.issues]


def _clip(text: str, n: int = 20) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def parse_seats(text: str) -> dict[str, int] | None:
    """``"b3"`` -> ``{"b": 3}``; None if the text is not seats of Tor.

    >>> parse_seats("w2b5"), parse_seats("r3")
    ({'w': 2, 'b': 5}, None)
    """
    if not _SEATS.fullmatch(text):
        return None
    seats = {text[i]: int(text[i + 1]) for i in range(0, len(text), 2)}
    return seats if len(seats) * 2 == len(text) else None


def format_seats(seats: Mapping[str, int]) -> str:
    """``{"w": 0, "b": 3}`` -> ``"b3"``."""
    return "".join(f"{c}{seats[c]}" for c in "wb" if 1 <= int(seats.get(c, 0) or 0) <= 6)


def parse_link(fragment: object) -> Link:
    """Read a link fragment (with or without the leading ``#``)."""
    issues: list[LinkIssue] = []

    def report(id: str, text: str, **args: str | int | Reason) -> None:
        if all(issue.text != text for issue in issues):
            issues.append(LinkIssue(id, args, text))

    text = fragment if isinstance(fragment, str) else ""
    if len(text) > _MAX_LENGTH:
        report("too-long", "the link is too long")
        text = ""
    values: dict[str, str] = {}
    unknown: list[str] = []
    for part in text.removeprefix("#").split("&"):
        if not part:
            continue
        key, eq, raw = part.partition("=")
        key = unquote_plus(key).strip().lower()
        if key not in _KEYS:
            unknown.append(_clip(key))
        elif not eq:
            report("no-value", f"link parameter {key!r} has no value", key=key)
        elif key in values:
            report("twice", f"link parameter {key!r} is given twice (the first is used)", key=key)
        else:
            values[key] = unquote_plus(raw)
    for key in unknown[:3]:
        report("unknown-key", f"unknown link parameter {key!r} (ignored)", key=key)
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
        except TorError as e:
            report("bad-position", f"bad position in the link: {e}", detail=str(e))
    game = Game(start)

    words = [w.strip() for w in values.get("m", "").split(",") if w.strip()]
    for i, word in enumerate(words[:_MAX_ACTIONS], 1):
        try:
            game.play(word)
        except TorError as e:
            why: dict[str, str | int | Reason] = {"detail": str(e)}
            if isinstance(e, IllegalActionError) and e.reason is not None:
                why = {"why": e.reason}
            problem = f"action {i} of the link ({_clip(word)!r}) cannot be played: {e}"
            report("bad-action", problem, index=i, action=_clip(word), **why)
            break

    if "ply" in values:
        ply_text = values["ply"].strip()
        if ply_text.isascii() and ply_text.isdigit() and len(ply_text) < 6:
            ply = int(ply_text)
            if ply > game.ply:
                problem = f"ply {ply} is past the end of the game ({game.ply} actions)"
                report("ply-past-end", problem, ply=ply, actions=game.ply)
            game.goto(ply)
        else:
            value = _clip(ply_text)
            report("ply-not-number", f"ply {value!r} is not a number", ply=value)

    flip = values.get("flip", "0") == "1"
    if values.get("flip", "0") not in ("0", "1"):
        value = _clip(values["flip"])
        report("bad-flip", f"flip {value!r} must be 0 or 1", value=value)

    ai: int | None = None
    seats: dict[str, int] | None = None
    if "ai" in values:
        level = values["ai"].strip().lower()
        if level in ("1", "2", "3", "4", "5", "6"):
            ai = int(level)
        elif (found := parse_seats(level)) is not None:
            seats = found
        else:
            value = _clip(level)
            report("bad-ai", f"AI level {value!r} must be 1 to 6", value=value)
    return Link(game, flip, ai, seats, issues)


def format_link(
    game: Game,
    *,
    whole_game: bool = True,
    flip: bool = False,
    seats: Mapping[str, int] | None = None,
    preview: bool = False,
) -> str:
    """The fragment (without ``#``): the game (start, every action, the ply
    shown) or, with ``whole_game`` false or nothing played, the position.
    ``preview`` adds ``at=``, the position shown."""
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
    seat_text = format_seats(seats) if seats else ""
    if seat_text:
        parts.append(f"ai={seat_text}")
    return "&".join(parts)
