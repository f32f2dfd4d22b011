"""Games of Tor by link (mixtour/tor/correspondence.py): the compact codec of
Tor's actions, the start's layout, and the rules (T ids of
mixtour/tor/RULES.md) behind what the reader refuses. What every game's link
does (round trips, cuts, forgeries, the kept game, hostile text, the other
game's links) is tested for Tor too, in tests/test_kit_correspondence.py."""

from __future__ import annotations

import random

import pytest

from mixtour.kit import correspondence as kit
from mixtour.tor.core import (
    NO_PLACE,
    NUM_SQUARES,
    STANDARD_START,
    Action,
    Position,
    Reason,
    is_action_code,
    parse_action,
    random_layout,
    standard_layout,
    start_fen,
)
from mixtour.tor.correspondence import (
    GAME,
    RULES,
    CorrespondenceError,
    CorrespondenceGame,
    check,
    decode,
    decode_actions,
    encode,
    encode_actions,
    room,
)

ID = "Tor-game"


def refusal(fragment: object) -> CorrespondenceError:
    with pytest.raises(CorrespondenceError) as caught:
        decode(fragment)
    return caught.value


def with_actions(game: CorrespondenceGame, codes: list[int]) -> str:
    """``game``'s link with ``codes`` appended by hand and the check computed again."""
    body = encode(game).rpartition("&k=")[0] + encode_actions(codes)
    return f"{body}&k={kit.checksum(body)}"


def played(seed: int, length: int = 400, layout: int | None = None) -> CorrespondenceGame:
    game = CorrespondenceGame.new(ID, seed=layout)
    pos = Position(game.start)
    rng = random.Random(seed)
    while not pos.status and len(game.actions) < length:
        code = rng.choice(pos.legal_actions())
        pos.push(code)
        game = game.extend(code)
    return game


# -- the codec ---------------------------------------------------------------------------


def every_action_code() -> list[int]:
    places = [*range(NUM_SQUARES), NO_PLACE]
    codes = list(range(NUM_SQUARES))
    codes += [
        frm << 12 | to << 6 | place
        for frm in range(NUM_SQUARES)
        for to in range(NUM_SQUARES)
        if frm != to
        for place in places
    ]
    assert all(is_action_code(c) for c in codes)
    return codes


def test_every_action_has_a_three_digit_form_and_its_own_number() -> None:
    codes = every_action_code()
    numbers = [RULES.number(c) for c in codes]
    assert len(set(numbers)) == len(codes) == 48 + 48 * 47 * 49
    assert min(numbers) == 0 and max(numbers) == 112894 == RULES.number(parse_action("f8-e8"))
    assert RULES.numbers == 112944
    text = encode_actions(codes)
    assert len(text) == 3 * len(codes)
    assert decode_actions(text) == codes


def test_the_numbering_is_the_documented_one() -> None:
    """Squares a1 = 0 ... f8 = 47; a turn 48 + (from * 48 + to) * 49 + place."""
    assert RULES.number(parse_action("a1")) == 0
    assert RULES.number(parse_action("f8")) == 47
    assert RULES.number(parse_action("a1-b2")) == 48 + (0 * 48 + 7) * 49 + 48
    assert RULES.number(parse_action("c3-d4@e6")) == 48 + (14 * 48 + 21) * 49 + 34
    assert encode_actions([parse_action("c3-d4@e6")]) == kit.digits(34039, 3) == "IT3"


def test_every_number_is_an_action_or_refused() -> None:
    known = set(every_action_code())
    refused = 0
    for number in range(RULES.numbers + 5):
        text = kit.digits(number, 3)
        try:
            (code,) = decode_actions(text)
        except CorrespondenceError as error:
            assert error.reason.id == "bad-action" and error.reason.args["detail"] == "code"
            refused += 1
            continue
        assert code in known and RULES.number(code) == number
    # A step that stays on its square (48 * 49 of them), and the numbers past the last.
    assert refused == 48 * 49 + 5


@pytest.mark.parametrize("layout", [None, 3])
@pytest.mark.parametrize("seed", range(8))
def test_every_legal_action_of_many_positions_goes_through_the_codec(
    seed: int, layout: int | None
) -> None:
    pos = Position(CorrespondenceGame.new(ID, seed=layout).start)
    rng = random.Random(seed)
    positions = 0
    while not pos.status:
        legal = pos.legal_actions()
        text = encode_actions(legal)
        assert len(text) == 3 * len(legal)
        assert decode_actions(text) == legal
        positions += 1
        pos.push(rng.choice(legal))
    assert positions > 4


@pytest.mark.parametrize(
    ("text", "index", "detail"),
    [("AA", 1, "cut"), ("AAAAA", 2, "cut"), ("AA~", 1, "code"), ("AAAAAé", 2, "code")],
)
def test_actions_that_are_no_actions_are_named(text: str, index: int, detail: str) -> None:
    with pytest.raises(CorrespondenceError) as caught:
        decode_actions(text)
    assert caught.value.reason.id == "bad-action"
    assert caught.value.reason.args == {"index": index, "detail": detail}


# -- the start (T1) ------------------------------------------------------------------------


def test_t1_the_standard_layout_is_left_out() -> None:
    game = CorrespondenceGame.new(ID)
    assert game.start == STANDARD_START and "&p=" not in encode(game)
    assert RULES.read_start(RULES.write_start(STANDARD_START)) == STANDARD_START


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**31 - 1])
def test_t1_a_random_layout_is_carried_in_16_characters(seed: int) -> None:
    game = CorrespondenceGame.new(ID, seed=seed)
    assert game.start == start_fen(random_layout(seed))
    text = encode(game)
    layout = text.partition("&p=")[2].partition("&")[0]
    assert len(layout) == 16
    back = decode(text)
    assert back == game
    pos = Position(back.start)
    assert [pos.color(s) for s in range(NUM_SQUARES)] == random_layout(seed)


def test_t1_the_layout_digits_are_three_squares_each() -> None:
    # a1 blue (0), b1 red (1), c1 blue: 16 * 0 + 4 * 1 + 0 = 4, "E"; d1 e1 f1 red, blue,
    # red: 17, "R"; a2 b2 c2 orange (2), yellow (3), orange: 46, "u"; d2 e2 f2: 59, "7".
    assert RULES.write_start(STANDARD_START) == "ERu7" * 4
    layout = [3] * 12 + [2] * 12 + [1] * 12 + [0] * 12
    assert RULES.write_start(start_fen(layout)) == "____" + "qqqq" + "VVVV" + "AAAA"
    # a1 and b2 swapped: a1 b1 c1 yellow, red, blue: 48 + 4 + 0 = 52, "0"; a2 b2 c2
    # orange, blue, orange: 32 + 0 + 2 = 34, "i".
    layout = standard_layout()
    layout[0], layout[7] = layout[7], layout[0]
    assert RULES.write_start(start_fen(layout)) == "0Ri7" + "ERu7" * 3
    assert Position(RULES.read_start("0Ri7" + "ERu7" * 3)).color(0) == 3


@pytest.mark.parametrize(
    ("layout", "detail"),
    [
        ("A" * 16, "there are 48 blue tokens"),  # T1: 12 of each colour
        ("E" * 15, "layout"),
        ("E" * 17, "layout"),
        ("E" * 15 + "~", "layout"),
        ("E" * 15 + "É", "layout"),
        ("", "layout"),
    ],
)
def test_t1_a_layout_that_is_no_start_is_refused(layout: str, detail: str) -> None:
    text = encode(CorrespondenceGame.new(ID))
    body = text.rpartition("&k=")[0].replace("&h=", f"&p={layout}&h=")
    error = refusal(f"{body}&k={kit.checksum(body)}")
    assert error.reason.id == "bad-start"
    assert str(error.reason.args["detail"]).startswith(detail)


def test_t2_a_game_taken_up_mid_way_is_no_start() -> None:
    for length in (1, 4, 6):  # a pawn placed; all four; a token taken off (T3)
        game = played(1, length)
        with pytest.raises(CorrespondenceError) as caught:
            CorrespondenceGame.from_start(ID, game.game().fen())
        assert caught.value.reason.args == {"detail": "not-a-start"}
    with pytest.raises(CorrespondenceError) as caught:
        CorrespondenceGame.from_start(ID, "nonsense")
    assert caught.value.reason.id == "bad-start"
    shuffled = start_fen(random_layout(9))
    assert CorrespondenceGame.from_start(ID, shuffled.replace(" ", "_")).start == shuffled


# -- the rules behind a refusal ----------------------------------------------------------------


def test_t3_a_step_to_a_square_that_is_no_neighbour_is_illegal() -> None:
    game = played(2, 4)  # the four pawns are down (T2)
    pos = Position(game.game().fen())
    pawn = next(s for s in range(NUM_SQUARES) if pos.pawn_at(s) == pos.turn)
    far = next(s for s in range(NUM_SQUARES) if abs(s % 6 - pawn % 6) > 1 and s != pawn)
    code = pawn << 12 | far << 6 | NO_PLACE
    error = refusal(with_actions(game, [code]))
    reason = error.reason
    assert reason.id == "illegal" and reason.args["index"] == 5
    why = reason.args["why"]
    assert isinstance(why, Reason) and why == pos.why_not(code) and why.id == "not-neighbour"
    assert reason.as_dict()["args"] == {
        "index": 5,
        "action": str(Action(code)),
        "why": why.as_dict(),
    }
    assert "not legal" in str(error) and str(why) in str(error)


def test_t2_a_pawn_on_a_taken_square_is_illegal() -> None:
    game = CorrespondenceGame.new(ID).extend("c3")
    error = refusal(with_actions(game, [parse_action("c3")]))
    assert error.reason.id == "illegal"
    assert getattr(error.reason.args["why"], "id", None) == "pawn-there"


def test_t4_an_action_after_a_win_is_refused() -> None:
    game = next(g for seed in range(100) if (g := played(seed)).game().result.code.endswith("wins"))
    error = refusal(with_actions(game, [parse_action("a1")]))
    assert error.reason.id == "after-end" and error.reason.args["index"] == len(game.actions) + 1


def looping(seed: int) -> CorrespondenceGame:
    """A seeded game steered round in circles: each turn steps back where the
    mover's pawn came from and puts the token in hand where the opponent's
    pawn just left, so a position soon comes round a third time (T5)."""
    game = CorrespondenceGame.new(ID)
    pos = Position(game.start)
    rng = random.Random(seed)
    while not pos.status and len(game.actions) < 80:
        legal = pick = pos.legal_actions()
        acts = game.actions
        if len(acts) >= 6 and min(acts[-2:]) >= NUM_SQUARES:
            frm, to, home = acts[-2] >> 12, acts[-2] >> 6 & 63, acts[-1] >> 12
            pick = [a for a in legal if a >> 12 == to and a >> 6 & 63 == frm] or legal
            pick = [a for a in pick if a & 63 == home] or pick
        code = rng.choice(pick)
        pos.push(code)
        game = game.extend(code)
    return game


def test_t5_a_drawn_game_round_trips_and_nothing_follows() -> None:
    ends = [looping(seed).game().result.code for seed in range(12)]
    assert "draw-repetition" in ends
    game = looping(ends.index("draw-repetition"))
    assert decode(encode(game)) == game
    assert refusal(with_actions(game, [parse_action("a1")])).reason.id == "after-end"


def test_t6_the_sender_is_whoever_moved_last() -> None:
    game = CorrespondenceGame.new(ID, sender="b")
    assert game.sender == "b" and decode(encode(game)).sender == "b"
    game = game.extend("c3")
    assert game.sender == "w"
    text = encode(game)
    body = text.rpartition("&k=")[0].replace("&f=w", "&f=b")
    error = refusal(f"{body}&k={kit.checksum(body)}")
    assert error.reason.id == "wrong-sender"
    assert error.reason.args == {"sender": "b", "color": "w"}


def test_a_move_made_for_the_receivers_colour_is_refused() -> None:
    kept = CorrespondenceGame.new(ID).extend("c3")  # Black to move: the receiver is Black
    link = kept.extend("d5").extend("b6")
    with pytest.raises(CorrespondenceError) as caught:
        check(link, kept, "b")
    assert caught.value.reason.id == "your-move"
    assert caught.value.reason.args == {"index": 2, "action": "d5", "color": "b"}
    assert check(kept.extend("d5"), kept, "w").kind == "newer"


def test_the_error_ids_reach_a_page_as_plain_data() -> None:
    error = refusal(encode(CorrespondenceGame.new(ID)).replace("g=tor", "g=xyz"))
    assert error.reason.as_dict() == {"id": "damaged", "args": {}}
    assert str(error) == "the link is damaged: it was cut short or changed on the way"
    assert GAME == "tor" and kit.link_game(encode(played(3, 5))) == GAME


def test_a_long_game_fits_and_room_says_how_many_more() -> None:
    game = played(4, 60)
    text = encode(game)
    assert room(text) == (kit.MAX_LINK - len(text)) // 3
    names = CorrespondenceGame.new(ID, names=["😀" * 30, "Zoé"]).names
    assert names == ("😀" * 24, "Zoé")
    assert game.with_name("b", " Zoé\t\n").names == ("", "Zoé")
    assert game.with_name("w", "x" * 30).with_name("b", "").names == ("x" * 24, "")
