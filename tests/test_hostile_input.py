"""Hostile text where a player's text arrives (records, links, positions,
actions, the page's bridge): a megabyte of it is refused or read with a short,
clear message, never an exception of the wrong kind and never a hang.

Each read runs under a hang guard of 20 s. A parser that is linear in its
input reads a megabyte in a fraction of a second (``python3 -m mixtour
bench-parse`` prints the figures); the quadratic comment stripping these
tests were written against needed about 100 s for half a megabyte.
"""

from __future__ import annotations

import json
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import pytest

from mixtour.mixtour.core import Action, MixtourError, Position
from mixtour.mixtour.link import parse_link
from mixtour.mixtour.record import read_record, to_record

WEB_PY = Path(__file__).resolve().parent.parent / "web" / "py"
if str(WEB_PY) not in sys.path:
    sys.path.insert(0, str(WEB_PY))

from bridge import Bridge  # noqa: E402

MB = 1_000_000
HANG_GUARD_S = 20
T = TypeVar("T")


class Hung(Exception):
    pass


@contextmanager
def hang_guard(seconds: float = HANG_GUARD_S) -> Iterator[None]:
    """Fail a read that takes longer than ``seconds`` instead of waiting for it
    (the regular expression engine and Python code both notice the signal)."""

    def ring(signum: int, frame: object) -> None:
        raise Hung(f"still reading after {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def refused(read: Callable[[str], object], text: str) -> str:
    """The message of the MixtourError with which ``read`` refuses ``text``."""
    with hang_guard(), pytest.raises(MixtourError) as info:
        read(text)
    message = str(info.value)
    assert len(message) < 300, message[:300]
    return message


def guarded(read: Callable[[str], T], text: str) -> T:
    with hang_guard():
        return read(text)


# -- records -------------------------------------------------------------------

HOSTILE_RECORDS = {
    "unclosed braces": "1. c3 " + "{" * MB,
    "unclosed brace after comments": "1. c3 " + "{a} " * (MB // 4) + "{ b4",
    "a long word": "1. " + "c" * MB,
    "a long move": "1. c3:" + "4" * MB + "-c4",
    "dashes": "1. " + "-" * MB,
    "glued move numbers": "1." * (MB // 2) + "c3x",
    "a huge number in the Position tag": f'[Position "5/5/5/5/5 w 20/20 0/0 9{"0" * MB} -"]',
    "a huge Players tag": f'[Players "{"9" * MB}"]',
    "an unclosed header": '[Event "' + "\\" * MB,
    "a header of brackets": "[" * MB,
    "a header value of quotes": '[Event "' + '"' * MB + "]",
    "slashes in the Position tag": f'[Position "{"/" * MB} w 20/20 0/0 1 -"]',
}


@pytest.mark.parametrize("text", HOSTILE_RECORDS.values(), ids=HOSTILE_RECORDS.keys())
def test_a_megabyte_of_hostile_record_is_refused_with_a_short_message(text: str) -> None:
    assert refused(read_record, text).startswith(("line ", "header"))


def test_an_unclosed_comment_is_named_as_such() -> None:
    message = refused(read_record, "1. c3 b4\n2. b4-c3 {good move")
    assert message == "line 2: the comment opened by '{' is not closed on the same line"


def test_comments_of_a_megabyte_are_skipped_in_linear_time() -> None:
    text = "1. c3 {" + "x" * MB + "} b4 " + "{x}" * (MB // 3) + " 2. b4-c3"
    assert guarded(read_record, text).game.fen() == "5/5/2,wr,2/5/5 r 19/19 0/0 1 b4-c3"


def test_a_megabyte_of_separators_and_repeated_fields_reads_quickly() -> None:
    numbers = guarded(read_record, "1. " * (MB // 3))
    assert numbers.game.ply == 0
    headers = guarded(read_record, "".join(f'[Tag{i} "v"]\n' for i in range(MB // 12)))
    assert len(headers.headers) == MB // 12
    repeated = guarded(read_record, '[White "Ann"]\n' * (MB // 14) + "1. c3")
    assert repeated.headers == {"White": "Ann"} and repeated.game.ply == 1


# -- positions and actions ---------------------------------------------------------

HOSTILE_POSITIONS = {
    "a huge target": "5/5/5/5/5 w 20/20 0/0 9" + "0" * MB + " -",
    "a target with leading zeros": "5/5/5/5/5 w 20/20 0/0 " + "0" * MB + "1 -",
    "huge reserves": f"5/5/5/5/5 w {'2' * MB}/20 0/0 1 -",
    "many ranks": "5/" * MB + " w 20/20 0/0 1 -",
    "a long rank": "1," * MB + "/5/5/5/5 w 20/20 0/0 1 -",
    "a tall stack": "w" * MB + ",4/5/5/5/5 w 20/20 0/0 1 -",
    "many fields": "5 " * MB,
    "a long last action": "5/5/5/5/5 w 20/20 0/0 1 " + "a1-" * MB,
    "underscores": "_" * MB,
}


@pytest.mark.parametrize("text", HOSTILE_POSITIONS.values(), ids=HOSTILE_POSITIONS.keys())
def test_a_megabyte_of_hostile_position_is_refused_with_a_short_message(text: str) -> None:
    refused(Position, text)


def test_a_target_beyond_nine_written_with_leading_zeros_is_refused() -> None:
    assert "target '0015'" in refused(Position, "5/5/5/5/5 w 20/20 0/0 0015 -")


@pytest.mark.parametrize(
    "text",
    ["c" * MB, "a1:" + "1" * MB + "-b2", "a1-" + "b" * MB, ":" * MB, "-" * MB, " " * MB + "x"],
)
def test_a_megabyte_of_hostile_action_is_refused_with_a_short_message(text: str) -> None:
    refused(Action.parse, text)


# -- links ---------------------------------------------------------------------------

HOSTILE_LINKS = {
    "a megabyte": "p=" + "%" * MB,
    "separators": "&" * 19_990,
    "commas in the actions": "m=c3" + "," * 19_990,
    "equals signs": "p=" + "=" * 19_990,
    "percent signs": "m=" + "%25" * 6_600,
    "a long ply": "m=c3&ply=" + "9" * 19_990,
    "a long position": "p=" + "1," * 9_990,
    "repeated keys": "ai=1&" * 3_990,
    "keys without values": "p&" * 9_990,
    "unknown keys": "".join(f"k{i}=1&" for i in range(3_000)),
}


@pytest.mark.parametrize("text", HOSTILE_LINKS.values(), ids=HOSTILE_LINKS.keys())
def test_hostile_links_are_read_with_short_problems(text: str) -> None:
    link = guarded(parse_link, text)
    assert all(len(problem) < 300 for problem in link.problems)
    assert len(link.problems) <= 10


START = "5/5/5/5/5_w_20/20_0/0_1_-"


def test_a_link_with_an_encoded_ampersand_plays_its_actions_and_says_why() -> None:
    # Decoded, p= held "...1_-&m=c3": the last-action field became "-&m=c3"
    # and the position was refused with "last action: '' is not a square".
    for fragment in (f"p={START}%26m%3Dc3", f"p%3D{START.replace('/', '%2F')}%26m%3Dc3"):
        link = parse_link(fragment)
        assert [str(a) for a in link.game.actions()] == ["c3"], fragment
        assert link.problems == [
            "the link's '&' and '=' were percent-encoded (%26, %3D); read as if they were not"
        ]
    mixed = parse_link(f"ai=3&p={START}%26m%3Dc3,b4%26ply%3D1")
    assert (mixed.ai, mixed.game.ply, len(mixed.problems)) == (3, 1, 1)


def test_each_repeated_or_unknown_link_parameter_is_reported_once() -> None:
    link = parse_link("m=c3&" * 50 + "".join(f"x{i}=1&" for i in range(50)))
    assert link.problems == [
        "link parameter 'm' is given twice (the first is used)",
        "unknown link parameter 'x0' (ignored)",
        "unknown link parameter 'x1' (ignored)",
        "unknown link parameter 'x2' (ignored)",
        "47 more unknown link parameters (ignored)",
    ]


# -- the page's bridge ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "text"),
    [
        ("load_record", HOSTILE_RECORDS["unclosed braces"]),
        ("load_record", HOSTILE_RECORDS["a huge number in the Position tag"]),
        ("load", HOSTILE_POSITIONS["a huge target"]),
        ("play", "c" * MB),
        ("explain", "a1:" + "1" * MB + "-b2"),
    ],
)
def test_the_bridge_answers_a_megabyte_of_hostile_text_with_a_short_message(
    method: str, text: str
) -> None:
    bridge = Bridge()
    before = bridge.game.fen()
    answer = json.loads(guarded(getattr(bridge, method), text))
    assert answer.get("ok", answer.get("legal")) is False
    assert 0 < len(answer["message"]) < 300
    assert bridge.game.fen() == before


def test_a_snapshot_nested_thousands_deep_is_refused_and_the_game_kept() -> None:
    bridge = Bridge()
    bridge.play("c3")
    nested = '{"version": 1, "start": "x", "actions": ' + "[" * 100_000 + "]" * 100_000 + "}"
    answer = json.loads(guarded(bridge.restore, nested))
    assert answer == {"ok": False, "message": "the saved game is nested too deeply"}
    assert [str(a) for a in bridge.game.actions()] == ["c3"]


# -- header tags of a record ---------------------------------------------------------------

TAGGED = '[Event "Club night"]\n[White "Ann"]\n[Red "Bo"]\n[Result "*"]\n\n1. c3 b4 2. b4-c3 *\n'


def test_header_tags_of_a_loaded_record_survive_a_download() -> None:
    bridge = Bridge()
    assert json.loads(bridge.load_record(TAGGED))["ok"]
    json.loads(bridge.play("a1"))
    record = json.loads(bridge.record())["record"]
    assert '[Event "Club night"]\n[White "Ann"]\n[Red "Bo"]\n' in record
    assert record.endswith("2. b4-c3 a1 *\n")
    again = read_record(record)
    assert again.headers == {"Event": "Club night", "White": "Ann", "Red": "Bo"}


def test_header_tags_go_with_their_game_only() -> None:
    bridge = Bridge()
    bridge.load_record(TAGGED)
    bridge.new_game(2, 20, 1)
    assert "Ann" not in json.loads(bridge.record())["record"]
    bridge.load_record(TAGGED)
    bridge.load_link("#m=c3")
    assert "Ann" not in json.loads(bridge.record())["record"]


def test_tags_the_game_decides_are_never_taken_from_the_headers() -> None:
    loaded = read_record('[result "1-0"]\n[PLAYERS "3"]\n[Site "Here"]\n\n1. c3')
    assert loaded.headers == {"Site": "Here"}
    text = to_record(loaded.game, {"Result": "1-0", "discs": "5", "Site": "Here"})
    assert text.startswith('[Players "3"]\n[Discs "15"]\n[Target "1"]\n[Site "Here"]\n')
    assert '[Result "*"]' in text and "1-0" not in text and '"5"' not in text
