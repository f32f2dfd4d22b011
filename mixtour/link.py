"""Position and game links: the part of a URL after ``#``.

Syntax (documented in the README)::

    #p=<P1, spaces as _>&m=<actions, comma-separated>&ply=<n>&flip=1&ai=<level>

* ``p``    the position, or with ``m`` the game's start (default: standard start).
* ``m``    the game's actions in N1.
* ``ply``  how many of the actions are shown (default: all of them).
* ``flip`` ``1`` shows the board upside down.
* ``ai``   ``1`` to ``6``: play the AI at that level from here.
* ``at``   the P1 of the position shown, written for embeds so that a page
           can draw the board before the engine has loaded; the engine
           ignores it and recomputes the position from ``p``, ``m`` and ``ply``.

Reading a link never raises: what is wrong is reported in ``problems`` and
the valid part is kept (the game up to the first bad action, or the start).

>>> link = parse_link("#p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3,b4,b4-c3&ply=2")
>>> link.game.fen(), link.problems
('5/1,r,3/2,w,2/5/5 w 19/19 0/0 1 b4', [])
>>> format_link(link.game)
'p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3,b4,b4-c3&ply=2'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import unquote_plus

from .core import STANDARD_START, MixtourError, Position
from .game import Game

__all__ = ["Link", "format_link", "parse_link"]

_KEYS = ("p", "m", "ply", "flip", "ai", "at")
_MAX_LENGTH = 20_000
_REREAD = "the link's '&' and '=' were percent-encoded (%26, %3D); read as if they were not"
# A link's own separator in a decoded value: ``p=...%26m%3Dc3``.
_ENCODED_SEPARATOR = re.compile(r"&\s*(?:" + "|".join(_KEYS) + r")\s*=", re.IGNORECASE)


@dataclass
class Link:
    """What a link describes; ``problems`` lists what could not be used."""

    game: Game
    flip: bool = False
    ai: int | None = None
    problems: list[str] = field(default_factory=list)


def _clip(text: str, n: int = 40) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def parse_link(fragment: str) -> Link:
    """Read a link fragment (with or without the leading ``#``)."""
    problems: list[str] = []
    text = fragment if isinstance(fragment, str) else ""
    if len(text) > _MAX_LENGTH:
        problems.append("the link is too long")
        text = ""
    text = text.removeprefix("#")
    values: dict[str, str] = {}
    unknown: list[str] = []

    def once(problem: str) -> None:
        # A link repeating a mistake thousands of times gets one line for it.
        if problem not in problems:
            problems.append(problem)

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
            once(_REREAD)
            parts.extend((p, False) for p in reversed(unquote_plus(part).split("&")))
            continue
        if key not in _KEYS:
            unknown.append(key)
        elif not eq:
            once(f"link parameter {key!r} has no value")
        elif key in values:
            once(f"link parameter {key!r} is given twice (the first is used)")
        else:
            values[key] = value
    for key in unknown[:3]:
        problems.append(f"unknown link parameter {_clip(key)!r} (ignored)")
    if len(unknown) > 3:
        problems.append(f"{len(unknown) - 3} more unknown link parameters (ignored)")

    start = STANDARD_START
    if "p" in values:
        try:
            start = Position(values["p"].replace("_", " ")).fen()
        except MixtourError as e:
            problems.append(f"bad position in the link: {e}")
    game = Game(start)

    if values.get("m", "").strip():
        words = [w.strip() for w in values["m"].split(",")]
        for i, word in enumerate(words, 1):
            try:
                game.play(word)
            except MixtourError as e:
                problems.append(f"action {i} of the link ({_clip(word)!r}) cannot be played: {e}")
                break

    if "ply" in values:
        ply_text = values["ply"].strip()
        if ply_text.isascii() and ply_text.isdigit() and len(ply_text) < 6:
            ply = int(ply_text)
            if ply > game.ply:
                problems.append(f"ply {ply} is past the end of the game ({game.ply} actions)")
            game.goto(ply)
        else:
            problems.append(f"ply {_clip(ply_text)!r} is not a number")

    flip = False
    if "flip" in values:
        if values["flip"] in ("0", "1"):
            flip = values["flip"] == "1"
        else:
            problems.append(f"flip {_clip(values['flip'])!r} must be 0 or 1")

    ai: int | None = None
    if "ai" in values:
        level = values["ai"].strip()
        if level in ("1", "2", "3", "4", "5", "6"):
            ai = int(level)
        else:
            problems.append(f"AI level {_clip(level)!r} must be 1 to 6")
    return Link(game, flip, ai, problems)


def format_link(
    game: Game,
    *,
    whole_game: bool = True,
    flip: bool = False,
    ai: int | None = None,
    preview: bool = False,
) -> str:
    """The fragment (without ``#``) for a game, or just its current position
    when ``whole_game`` is false or nothing has been played; ``preview`` adds
    ``at=`` (the position shown) to a game link."""
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
    if ai is not None:
        parts.append(f"ai={ai}")
    return "&".join(parts)
