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

from .core import (
    STANDARD_START,
    IllegalActionError,
    InvalidActionError,
    InvalidPositionError,
    MixtourError,
    Position,
)
from .game import Game

__all__ = ["InvalidRecordError", "from_record", "to_record"]


class InvalidRecordError(MixtourError):
    """A game record (G1) that cannot be read; the message names the line."""


_HEADER = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]$')
_MOVE_NUMBER = re.compile(r"^\d+\.(\.\.)?$")
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
    tags.update(headers or {})
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


def from_record(text: str) -> Game:
    """Read a G1 record, with or without move numbers; raises
    :class:`InvalidRecordError` naming the line and the problem."""
    if not isinstance(text, str):
        raise InvalidRecordError("a game record must be text")
    tags: dict[str, str] = {}
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
            tags[m.group(1).lower()] = re.sub(r"\\(.)", r"\1", m.group(2))
            continue
        line = re.sub(r"\{[^}]*\}", " ", line)  # comments
        tokens.extend((number, w) for w in line.split())
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
            raise InvalidRecordError(f"line {number}: {word!r} is not an action ({e})") from None
        except IllegalActionError as e:
            raise InvalidRecordError(f"line {number}: illegal action {e}") from None
    return game


def _int_tag(tags: dict[str, str], key: str) -> int | None:
    if key not in tags:
        return None
    value = tags[key].strip()
    if not (value.isascii() and value.isdigit() and len(value) <= 3):
        raise InvalidRecordError(f"header {key.title()}: {value!r} is not a number")
    return int(value)
