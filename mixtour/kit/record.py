"""Game records, for every game: header lines, numbered actions, the result.

The layout is the same for every game of the collection (Mixtour's G1,
Tor's T6 records): ``[Key "Value"]`` header lines, a blank line, then the
actions in the game's notation numbered by rounds (``1. c3 b4 2. ...``)
and the result (``1-0``, ``*``...). Reading is forgiving where a person
would be (move numbers or none, ``1.c3``, ``{comments}``, ``%`` lines) and
strict where a program must be: each refused record names its line.

A game plugs in with a :class:`RecordRules`: how to make its game from a
start position, which tags its start writes and reads, its results, how
many actions make a round, and its error classes. The kit imports no game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from .errors import shown

__all__ = ["MAX_SAVED_TAGS", "RecordGame", "RecordRules", "read", "saved_headers", "shown", "write"]


class _Outcome(Protocol):
    @property
    def score_text(self) -> str: ...


class RecordGame(Protocol):
    """What records need of a game (both games' ``Game`` have it)."""

    @property
    def start(self) -> str: ...

    @property
    def result(self) -> _Outcome: ...

    def record(self) -> list[str]: ...

    def play(self, action: str) -> object: ...


G = TypeVar("G", bound=RecordGame)


@dataclass(frozen=True)
class RecordRules(Generic[G]):
    """One game's part in its records.

    ``new_game(start)`` makes a game from a position string; ``start_tags``
    gives the tags a start writes (in order), ``start_from`` reads the start
    back from the tags read (lower-case keys), raising ``error``; ``computed``
    names (lower case) the tags the game itself decides, never taken from
    the headers given; ``round_size(start)`` is the number of actions
    numbered together; ``refusals`` are the game's errors for an action
    that is no action or an illegal one.
    """

    new_game: Callable[[str], G]
    start_tags: Callable[[str], dict[str, str]]
    start_from: Callable[[Mapping[str, str]], str]
    computed: frozenset[str]
    results: frozenset[str]
    round_size: Callable[[str], int]
    error: type[Exception]
    not_an_action: type[Exception]
    illegal: type[Exception]
    line_width: int = field(default=79)


_HEADER = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]$')
_UNESCAPE = re.compile(r"\\(.)")
_MOVE_NUMBER = re.compile(r"^\d+\.(\.\.)?$")
_NUMBERED = re.compile(r"^\d+\.(.+)$")  # "1.c3", written without a space
# Every character that str.splitlines() breaks a line at.
_LINE_BREAKS = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def _quote(value: str) -> str:
    # A header is one line: a line break in a value would make the record
    # unreadable, so it becomes a space.
    value = _LINE_BREAKS.sub(" ", value)
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _wrap(words: Iterable[str], width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return lines


def write(rules: RecordRules[G], game: G, headers: Mapping[str, str] | None = None) -> str:
    """The record of ``game``: its start's tags, the other ``headers``, the
    result, then the actions numbered by rounds."""
    tags = rules.start_tags(game.start)
    tags.update((k, v) for k, v in (headers or {}).items() if k.lower() not in rules.computed)
    result = game.result.score_text
    tags["Result"] = result
    lines = [f'[{k} "{_quote(v)}"]' for k, v in tags.items()]
    size = rules.round_size(game.start)
    words: list[str] = []
    for i, action in enumerate(game.record()):
        if i % size == 0:
            words.append(f"{i // size + 1}.")
        words.append(action)
    words.append(result)
    return "\n".join(lines) + "\n\n" + "\n".join(_wrap(words, rules.line_width)) + "\n"


def read(rules: RecordRules[G], text: object) -> tuple[G, dict[str, str]]:
    """The game of a record and the header tags the game does not decide
    (``Event``, ``White``..., as written, in order; a repeated tag: the last).
    Raises ``rules.error`` naming the line and the problem."""
    if not isinstance(text, str):
        raise rules.error("a game record must be text")
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
                raise rules.error(
                    f'line {number}: a header line looks like [Key "Value"], not {line[:40]!r}'
                )
            key, value = m.group(1), m.group(2)
            if "\\" in value:
                value = _UNESCAPE.sub(r"\1", value)
            tags[key.lower()] = value
            if key.lower() not in rules.computed:
                kept[key.lower()] = (key, value)
            continue
        tokens.extend((number, w) for w in _without_comments(rules, line, number).split())
    game = rules.new_game(rules.start_from(tags))
    for number, word in tokens:
        if _MOVE_NUMBER.match(word) or word in rules.results:
            continue
        m = _NUMBERED.match(word)
        if m:
            word = m.group(1)
        try:
            game.play(word)
        except rules.not_an_action as e:
            raise rules.error(f"line {number}: {shown(word)} is not an action ({e})") from None
        except rules.illegal as e:
            raise rules.error(f"line {number}: illegal action {e}") from None
    return game, dict(kept.values())


def _without_comments(rules: RecordRules[G], line: str, number: int) -> str:
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
            raise rules.error(
                f"line {number}: the comment opened by '{{' is not closed on the same line"
            )
        parts += (line[start:opening], " ")
        start = closing + 1
    parts.append(line[start:])
    return "".join(parts)


# -- header tags kept with a saved game -----------------------------------------

MAX_SAVED_TAGS = 40
MAX_TAG_VALUE = 500
_TAG_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}")


def saved_headers(value: object) -> dict[str, str]:
    """The header tags of a saved game that can be written back into a record:
    at most 40, keys as a record writes them, values of at most 500 characters
    (the record turns a line break into a space). Anything else is left out:
    the game itself is what matters."""
    if not isinstance(value, dict):
        return {}
    kept: dict[str, str] = {}
    for key, text in value.items():
        if len(kept) >= MAX_SAVED_TAGS:
            break
        if (
            isinstance(key, str)
            and isinstance(text, str)
            and _TAG_KEY.fullmatch(key)
            and len(text) <= MAX_TAG_VALUE
        ):
            kept[key] = text
    return kept
