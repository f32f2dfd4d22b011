"""Fuzzing the link fragment reader (mixtour/mixtour/link.py) with Hypothesis.

* ``parse_link`` never raises, whatever the text: random text, link-like
  text, and valid links with one part damaged.
* every problem it reports is one of the documented kinds (the module's
  messages), so the page never shows anything else.
* ``format_link`` then ``parse_link`` gives back the same game (start,
  actions, ply), flip and AI level, with no problems, for random valid games.
"""

from __future__ import annotations

import json
import random
import re
from urllib.parse import quote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import games

from mixtour.mixtour.core import Action
from mixtour.mixtour.game import Game
from mixtour.mixtour.link import format_link, parse_link

FUZZ = settings(
    deadline=None,
    max_examples=150,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# The problems parse_link may report (its messages, with the variable parts open).
DOCUMENTED = [
    re.compile(pattern, re.DOTALL)
    for pattern in (
        r"the link is too long",
        r"unknown link parameter .* \(ignored\)",
        r"\d+ more unknown link parameters \(ignored\)",
        r"the link's '&' and '=' were percent-encoded \(%26, %3D\); read as if they were not",
        r"link parameter '.*' has no value",
        r"link parameter '.*' is given twice \(the first is used\)",
        r"bad position in the link: .+",
        r"action \d+ of the link \(.*\) cannot be played: .+",
        r"ply \d+ is past the end of the game \(\d+ actions\)",
        r"ply .* is not a number",
        r"flip .* must be 0 or 1",
        r"AI level .* must be 1 to 6",
    )
]

KEYS = ["p", "m", "ply", "flip", "ai", "at", "P", "x", "", "view"]
ALPHABET = "wrb0123456789,/_-:&=#%+ abcdeWRBpmly\u00e9<>\"'"
P1_LIKE = st.text(alphabet="wrb0123456789,/_-", max_size=60)
N1_LIKE = st.text(alphabet="abcde12345:-,pas ", max_size=60)


def check(fragment: str) -> None:
    link = parse_link(fragment)  # must not raise
    assert isinstance(link.game, Game)
    assert link.ai is None or 1 <= link.ai <= 6
    assert isinstance(link.flip, bool)
    for problem in link.problems:
        assert isinstance(problem, str)
        assert any(p.fullmatch(problem) for p in DOCUMENTED), problem
    # What is shown is a real game: its link reads back without problems.
    again = parse_link(format_link(link.game))
    assert again.problems == []
    assert again.game.fen() == link.game.fen()


@st.composite
def link_like(draw: st.DrawFn) -> str:
    """Fragments made of key=value parts, values of the right flavour or not."""
    parts = []
    for _ in range(draw(st.integers(0, 7))):
        key = draw(st.sampled_from(KEYS))
        value = draw(
            st.one_of(
                P1_LIKE,
                N1_LIKE,
                st.integers(-5, 10**7).map(str),
                st.text(alphabet=ALPHABET, max_size=30),
                st.text(max_size=20),
            )
        )
        if draw(st.booleans()):
            value = quote(value, safe="")
        sep = draw(st.sampled_from(["=", "=", "", "=="]))
        parts.append(f"{key}{sep}{value}")
    prefix = draw(st.sampled_from(["", "#", "##"]))
    return prefix + "&".join(parts)


@st.composite
def damaged_links(draw: st.DrawFn) -> str:
    """A valid link with one character replaced, removed or inserted, or cut short."""
    start, codes = draw(games())
    game = Game(start, [str(Action(c)) for c in codes])
    game.goto(draw(st.integers(0, game.ply)))
    text = format_link(game, whole_game=draw(st.booleans()))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    i = rng.randrange(len(text) + 1)
    kind = draw(st.sampled_from(["replace", "delete", "insert", "truncate"]))
    char = draw(st.sampled_from(list(ALPHABET)))
    if kind == "truncate":
        return text[:i]
    if kind == "delete":
        return text[:i] + text[i + 1 :]
    if kind == "insert":
        return text[:i] + char + text[i:]
    return text[:i] + char + text[i + 1 :]


@FUZZ
@given(st.text(max_size=300))
def test_any_text_is_read_without_raising(text: str) -> None:
    check(text)


@FUZZ
@given(link_like())
def test_link_like_text_reports_only_documented_problems(text: str) -> None:
    check(text)


@FUZZ
@given(damaged_links())
def test_damaged_links_report_only_documented_problems(text: str) -> None:
    check(text)


def test_huge_and_hostile_links() -> None:
    for text in (
        "p=" + "w" * 30_000,
        "m=" + ",".join(["c3"] * 5_000),
        "p=<script>alert(1)</script>",
        "m=<img src=x onerror=alert(1)>",
        "ply=99999999999999999999",
        "%" * 1000,
        "&" * 5000,
        "p=5/5/wwwwww,4/5/5_w_14/20_0/0_1_-",
    ):
        check(text)


@FUZZ
@given(games(), st.data())
def test_format_then_parse_is_the_identity_on_valid_games(
    game_data: tuple[str, list[int]], data: st.DataObject
) -> None:
    start, codes = game_data
    game = Game(start, [str(Action(c)) for c in codes])
    game.goto(data.draw(st.integers(0, game.ply)))
    flip = data.draw(st.booleans())
    ai = data.draw(st.one_of(st.none(), st.integers(1, 6)))
    link = parse_link("#" + format_link(game, flip=flip, ai=ai))
    assert link.problems == []
    assert link.game.start == game.start
    assert link.game.actions() == game.actions()
    assert link.game.future() == game.future()
    assert link.game.ply == game.ply
    assert (link.flip, link.ai) == (flip, ai)
    # The position-only link shows the same position.
    alone = parse_link(format_link(game, whole_game=False))
    assert alone.problems == []
    assert alone.game.fen() == game.fen()


# What each issue id carries (LinkIssue's docstring), for a page to word it.
ISSUE_ARGS = {
    "too-long": set(),
    "reread": set(),
    "no-value": {"key"},
    "twice": {"key"},
    "unknown-key": {"key"},
    "more-unknown": {"count"},
    "bad-position": {"detail"},
    "ply-past-end": {"ply", "actions"},
    "ply-not-number": {"ply"},
    "bad-flip": {"value"},
    "bad-ai": {"value"},
}


@FUZZ
@given(st.one_of(link_like(), damaged_links()))
def test_each_problem_comes_with_its_id_and_values(text: str) -> None:
    link = parse_link(text)
    assert [issue.text for issue in link.issues] == link.problems
    for issue in link.issues:
        data = json.loads(json.dumps(issue.as_dict()))  # plain data, as the bridge sends it
        if issue.id == "bad-action":
            assert {"index", "action"} <= data["args"].keys()
            assert ("why" in data["args"]) != ("detail" in data["args"])
        else:
            assert set(data["args"]) == ISSUE_ARGS[issue.id], issue
