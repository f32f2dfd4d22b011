"""Game records (G1): header lines, numbered actions and the result.

>>> from mixtour.game import Game
>>> g = Game(actions=["c3", "b4", "b4-c3"])
>>> print(to_record(g), end="")
[Players "2"]
[Discs "20"]
[Target "1"]
[Result "*"]
<BLANKLINE>
1. c3 b4 2. b4-c3 *
>>> from_record("1. c3 b4 2. b4-c3").fen() == g.fen()
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .core import (
    STANDARD_START,
    IllegalActionError,
    InvalidActionError,
    InvalidPositionError,
    MixtourError,
    Position,
)
from .game import Game
from .kit.errors import shown

__all__ = ["InvalidRecordError", "Record", "from_record", "read_record", "to_record"]


class InvalidRecordError(MixtourError):
    """A game record (G1) that cannot be read; the message names the line."""


_HEADER = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]$')
_UNESCAPE = re.compile(r"\\(.)")
_MOVE_NUMBER = re.compile(r"^\d+\.(\.\.)?$")
# Tags written from the game itself (its start and its result).
_COMPUTED = frozenset({"players", "discs", "target", "position", "result"})
_RESULTS = {"*", "1-0", "0-1", "1/2-1/2", "1-0-0", "0-1-0", "0-0-1", "1/3-1/3-1/3"}


# Every character that str.splitlines() breaks a line at.
_LINE_BREAKS = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def _quote(value: str) -> str:
    # A header is one line: a line break in a value would make the record
    # unreadable, so it becomes a space.
    value = _LINE_BREAKS.sub(" ", value)
    return value.replace("\\", "\\\\").replace('"', '\\"')


def to_record(game: Game, headers: dict[str, str] | None = None) -> str:
    """The G1 text of a game: headers, then the actions numbered by rounds."""
    start = Position(game.start)
    tags: dict[str, str] = {
        "Players": str(start.players),
        "Discs": str(start.discs),
        "Target": str(start.target),
    }
    if game.start != Position.start(start.players, start.discs, start.target).fen():
        tags["Position"] = game.start
    # The tags the game itself decides are never taken from ``headers``.
    tags.update((k, v) for k, v in (headers or {}).items() if k.lower() not in _COMPUTED)
    tags["Result"] = game.result.score_text
    lines = [f'[{k} "{_quote(v)}"]' for k, v in tags.items()]
    words: list[str] = []
    n = start.players
    for i, action in enumerate(game.actions()):
        if i % n == 0:
            words.append(f"{i // n + 1}.")
        words.append(str(action))
    words.append(game.result.score_text)
    body: list[str] = []
    line = ""
    for w in words:
        if line and len(line) + 1 + len(w) > 79:
            body.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    body.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(body) + "\n"


@dataclass
class Record:
    """A record read back: the game and the header tags that the game itself
    does not hold (``White``, ``Event``, ``Date``...), as written, in order."""

    game: Game
    headers: dict[str, str] = field(default_factory=dict)


def from_record(text: str) -> Game:
    """Read a G1 record, with or without move numbers; raises
    :class:`InvalidRecordError` naming the line and the problem."""
    return read_record(text).game


def read_record(text: str) -> Record:
    r""":func:`from_record` that keeps the other header tags too, so that
    ``to_record(r.game, r.headers)`` writes them back.

    >>> r = read_record('[Event "Club night"]\n[White "Ann"]\n[Result "*"]\n\n1. c3')
    >>> r.headers, str(r.game.actions()[0])
    ({'Event': 'Club night', 'White': 'Ann'}, 'c3')
    """
    if not isinstance(text, str):
        raise InvalidRecordError("a game record must be text")
    tags: dict[str, str] = {}
    kept: dict[str, tuple[str, str]] = {}  # lower-case key -> (key as written, value)
    tokens: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("%"):
            continue
        if line.startswith("["):
            m = _HEADER.match(line)
            if not m:
                raise InvalidRecordError(
                    f'line {number}: a header line looks like [Key "Value"], not {line[:40]!r}'
                )
            key, value = m.group(1), m.group(2)
            if "\\" in value:
                value = _UNESCAPE.sub(r"\1", value)
            tags[key.lower()] = value
            if key.lower() not in _COMPUTED:
                kept[key.lower()] = (key, value)  # a repeated tag: the last one counts
            continue
        tokens.extend((number, w) for w in _without_comments(line, number).split())
    try:
        if "position" in tags:
            start = Position(tags["position"]).fen()
        elif {"players", "discs", "target"} & tags.keys():
            players = _int_tag(tags, "players")
            target = _int_tag(tags, "target")
            start = Position.start(
                2 if players is None else players,
                _int_tag(tags, "discs"),
                1 if target is None else target,
            ).fen()
        else:
            start = STANDARD_START
    except InvalidPositionError as e:
        raise InvalidRecordError(f"header: {e}") from None
    game = Game(start)
    for number, word in tokens:
        if _MOVE_NUMBER.match(word) or word in _RESULTS:
            continue
        m = re.match(r"^\d+\.(.+)$", word)  # "1.c3" written without a space
        if m:
            word = m.group(1)
        try:
            game.play(word)
        except InvalidActionError as e:
            raise InvalidRecordError(
                f"line {number}: {shown(word)} is not an action ({e})"
            ) from None
        except IllegalActionError as e:
            raise InvalidRecordError(f"line {number}: illegal action {e}") from None
    return Record(game, dict(kept.values()))


def _without_comments(line: str, number: int) -> str:
    """The line with each ``{comment}`` replaced by a space.

    One pass with ``str.find``: a regular expression that looks for the
    closing brace from every opening one takes quadratic time on a line of
    unclosed braces (half a megabyte of them froze the page for minutes).
    """
    parts: list[str] = []
    start = 0
    while (opening := line.find("{", start)) >= 0:
        closing = line.find("}", opening + 1)
        if closing < 0:
            raise InvalidRecordError(
                f"line {number}: the comment opened by '{{' is not closed on the same line"
            )
        parts += (line[start:opening], " ")
        start = closing + 1
    parts.append(line[start:])
    return "".join(parts)


def _int_tag(tags: dict[str, str], key: str) -> int | None:
    if key not in tags:
        return None
    value = tags[key].strip()
    if not (value.isascii() and value.isdigit() and len(value) <= 3):
        raise InvalidRecordError(f"header {key.title()}: {shown(value)} is not a number")
    return int(value)
