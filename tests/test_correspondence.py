"""Correspondence links (mixtour/mixtour/correspondence.py): the compact encoding,
the exact round trip, and the receiver's check, with a specific reason for
every refusal. Rule ids of mixtour/RULES.md name what the engine refuses."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mixtour.mixtour.core import COLORS, Action, Position
from mixtour.mixtour.correspondence import (
    FORMAT_VERSION,
    CorrespondenceError,
    CorrespondenceGame,
    check,
    decode,
    decode_actions,
    encode,
    encode_actions,
    is_correspondence,
)

ID = "Game_id-"
# White stacks five discs with White on top and wins (R6, R8).
WON = ["d4", "c4", "d4-c4", "d4", "c4:2-d4", "c4", "d4:3-c4", "d4", "c4:4-d4"]


def play(actions: list[str], players: int = 2, names: tuple[str, ...] = ()) -> CorrespondenceGame:
    game = CorrespondenceGame.new(ID, players=players, names=names)
    for text in actions:
        game = game.extend(text)
    return game


def refusal(fragment: str) -> str:
    with pytest.raises(CorrespondenceError) as caught:
        decode(fragment)
    return caught.value.reason.id


def reseal(fragment: str) -> str:
    """A hand-edited link whose check was computed again (what a forger does)."""
    from mixtour.mixtour.correspondence import _checksum

    body = fragment.rpartition("&k=")[0]
    return f"{body}&k={_checksum(body)}"


def test_every_action_code_has_a_two_character_form() -> None:
    codes = [Action(c).code for c in range(26)]
    codes += [
        Action.move(f, t, k).code
        for f in range(25)
        for t in range(25)
        if f != t
        for k in range(1, 5)
    ]
    text = encode_actions(codes)
    assert len(text) == 2 * len(codes)
    assert decode_actions(text) == codes


def test_a_fresh_game_link_round_trips_with_names() -> None:
    game = CorrespondenceGame.new(ID, names=["Zoé & co", "Bob,\u00a0jr"])
    text = encode(game)
    assert text.startswith(f"c={FORMAT_VERSION}&id={ID}&h=wr&f=w&n=Zo%C3%A9%20%26%20co,")
    back = decode(text)
    assert back == game and back.names == ("Zoé & co", "Bob, jr")
    assert is_correspondence("#" + text)


def test_a_won_game_round_trips_and_is_over() -> None:
    game = play(WON)
    assert decode("#" + encode(game)) == game
    assert game.game().result.code == "w-wins"


def test_the_three_player_start_is_carried() -> None:
    game = play(["c3", "b4", "a1"], players=3, names=("A", "B", "C"))
    text = encode(game)
    assert "p=5/5/5/5/5_w_15/15/15_0/0/0_1_-" in text and "h=wrb" in text
    assert decode(text) == game and game.sender == "b"


def test_r4_an_illegal_action_is_refused_with_the_rule() -> None:
    game = play(["c3", "b4"])
    # c3 onto the empty e5 (a move lands on a stack, R4) appended by hand, check recomputed.
    bad = encode_actions([Action.move(12, 24, 1).code])
    body = encode(game).rpartition("&k=")[0] + bad
    with pytest.raises(CorrespondenceError) as caught:
        decode(reseal(body + "&k=x"))
    reason = caught.value.reason
    assert reason.id == "illegal" and reason.args["index"] == 3
    assert reason.args["action"] == "c3-e5"
    assert isinstance(reason.args["why"], type(reason)) and reason.args["why"].id == "empty-target"


def test_r8_an_action_after_the_end_is_refused() -> None:
    body = encode(play(WON)).rpartition("&k=")[0] + encode_actions([Action.parse("a1").code])
    assert refusal(reseal(body + "&k=x")) == "after-end"


def test_a_truncated_link_is_damaged() -> None:
    text = encode(play(["c3", "b4", "b4-c3", "d4"]))
    for cut in range(len(text) - 1, 3, -7):
        assert refusal(text[:cut]) in {"damaged", "bad-field"}


def test_an_altered_action_is_damaged_without_a_new_check() -> None:
    text = encode(play(["c3", "b4"]))
    altered = text.replace("a=AM", "a=AN")
    assert altered != text and refusal(altered) == "damaged"


def test_the_sender_must_have_made_the_last_action() -> None:
    text = encode(play(["c3", "b4"]))  # Red made b4 and sends it
    assert refusal(reseal(text.replace("f=r", "f=w"))) == "wrong-sender"


def test_a_newer_format_is_named() -> None:
    text = encode(play(["c3"])).replace("c=1", "c=2", 1)
    with pytest.raises(CorrespondenceError) as caught:
        decode(text)
    assert caught.value.reason.id == "version" and caught.value.reason.args == {"version": 2}


@pytest.mark.parametrize(
    ("edit", "why"),
    [
        (lambda t: t.replace("id=Game_id-", "id=short"), "bad-field"),
        (lambda t: t.replace("h=wr", "h=rw"), "bad-field"),
        (lambda t: t.replace("h=wr", "h=wrb"), "bad-field"),
        (lambda t: t.replace("n=Ann,Bob", "n=Ann"), "bad-field"),
        (lambda t: t.replace("&f=", "&x=1&f="), "bad-field"),
        (lambda t: t.replace("&h=", "&p=5/1,w,3/5/5/5_r_19/20_0/0_1_-&h="), "bad-start"),
        (lambda t: t.replace("a=", "a=A"), "bad-action"),
        (lambda t: t.replace("a=", "a=_~"), "bad-action"),
    ],
)
def test_malformed_parts_are_named(edit: object, why: str) -> None:
    assert callable(edit)
    text = encode(play(["c3", "b4"], names=("Ann", "Bob")))
    assert refusal(reseal(edit(text))) == why


def test_check_against_the_kept_game() -> None:
    kept = play(["c3", "b4"])
    assert check(play(["c3", "b4"]), kept, "w").kind == "same"
    assert check(play(["c3"]), kept, "w").kind == "older"
    assert check(play(["c3"]), kept, "w").behind == 1
    newer = check(play(["c3", "b4", "a1"]), kept, "r")
    assert newer.kind == "newer" and newer.added == 1
    assert check(play(["c3"]), None, None).kind == "new"


def test_a_changed_earlier_action_is_refused() -> None:
    kept = play(["c3", "b4", "a1"])
    with pytest.raises(CorrespondenceError) as caught:
        check(play(["c3", "b5", "a1", "e5"]), kept, "w")
    assert caught.value.reason.id == "changed" and caught.value.reason.args["index"] == 2


def test_r2_a_move_made_for_the_receivers_colour_is_refused() -> None:
    kept = play(["c3"])  # Red to move: the receiver plays Red
    with pytest.raises(CorrespondenceError) as caught:
        check(play(["c3", "b4", "a1"]), kept, "r")
    reason = caught.value.reason
    assert reason.id == "your-move" and reason.args == {"index": 2, "action": "b4", "color": "r"}
    # The same link is fine for White, who was waiting for Red's b4.
    assert check(play(["c3", "b4"]), kept, "w").kind == "newer"


def test_a_link_of_another_set_up_is_refused() -> None:
    kept = play(["c3"])
    other = CorrespondenceGame.new(ID, players=3).extend("c3")
    with pytest.raises(CorrespondenceError) as caught:
        check(other, kept, "w")
    assert caught.value.reason.id == "other-start"


def test_r10_a_pass_hands_the_turn_back_and_the_link_follows() -> None:
    # Blue passes (R7, R10): the turn goes back to Red, who sends it next.
    start = "5/5/5/5/5 w 6/6/6 0/0/0 3 -"
    pos = Position(start)
    rng = random.Random(7)
    game = CorrespondenceGame(ID, pos.fen(), (), "wrb", "w", ("", "", ""))
    passes = 0
    while not pos.status and len(game.actions) < 300:
        code = rng.choice(pos.legal_actions())
        mover = COLORS[pos.turn]
        game = game.extend(code)
        pos.push(code)
        assert game.sender == mover
        assert decode(encode(game)) == game
        passes += Action(code).is_pass
    assert passes, "the seeded game should contain a pass"


# -- Hypothesis ----------------------------------------------------------------------

FUZZ = settings(deadline=None, max_examples=120, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw: st.DrawFn) -> CorrespondenceGame:
    """A correspondence game: a fresh start (2 or 3 players), a seeded random game."""
    players = draw(st.sampled_from([2, 3]))
    discs = draw(st.integers(5, 30))
    target = draw(st.integers(1, 3))
    names = draw(st.lists(st.text(max_size=30), max_size=players))
    game = CorrespondenceGame.new(
        draw(st.from_regex(r"[A-Za-z0-9_-]{8}", fullmatch=True)),
        players=players,
        discs=discs,
        target=target,
        names=names,
    )
    rng = random.Random(draw(st.integers(0, 2**32)))
    pos = Position(game.start)
    for _ in range(draw(st.integers(0, 120))):
        if pos.status:
            break
        code = rng.choice(pos.legal_actions())
        pos.push(code)
        game = game.extend(code)
    return game


@FUZZ
@given(games())
def test_every_legal_game_round_trips(game: CorrespondenceGame) -> None:
    text = encode(game)
    assert decode(text) == game
    assert encode(decode(text)) == text


@FUZZ
@given(games(), st.data())
def test_any_mutation_is_refused_or_read_safely(
    game: CorrespondenceGame, data: st.DataObject
) -> None:
    text = encode(game)
    where = data.draw(st.integers(0, len(text) - 1))
    kind = data.draw(st.sampled_from(["replace", "delete", "insert", "cut"]))
    char = data.draw(st.characters(codec="utf-8"))
    mutated = {
        "replace": text[:where] + char + text[where + 1 :],
        "delete": text[:where] + text[where + 1 :],
        "insert": text[:where] + char + text[where:],
        "cut": text[:where],
    }[kind]
    try:
        back = decode(mutated)
    except CorrespondenceError as error:
        assert error.reason.id in {
            "not-correspondence",
            "version",
            "damaged",
            "bad-field",
            "bad-start",
            "bad-action",
            "illegal",
            "after-end",
            "wrong-sender",
            "too-long",
        }
        assert str(error)
        return
    # Read: then it is a whole, legal game that writes back to exactly the mutated text
    # (a mutation that changes nothing, such as a character for the same one).
    assert encode(back) == mutated.removeprefix("#").strip()
    back.game()


@pytest.mark.parametrize(
    ("one", "count"),
    [
        ("🙂", 1),  # one code point
        ("👍🏽", 2),  # with a skin tone
        ("🇫🇷", 2),  # a flag: two regional indicators
        ("👨\u200d👩\u200d👧", 5),  # a family joined by U+200D
        ("e\u0301", 2),  # an accent as a combining mark
    ],
)
def test_names_are_cut_at_24_characters_as_a_reader_counts_them(one: str, count: int) -> None:
    """A name of 30 such characters keeps 24 whole ones: never half an emoji
    (the cut by code points split them), and each name stays at its colour."""
    assert len(one) == count
    game = CorrespondenceGame.new(ID, names=[one * 30, "Bob"])
    assert game.names == (one * 24, "Bob")
    back = decode(encode(game))
    assert back.names == (one * 24, "Bob")
