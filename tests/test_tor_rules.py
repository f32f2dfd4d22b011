"""One or more tests per rule of mixtour/tor/RULES.md, named after the rule id.

Positions are written by hand as position strings (T7), ranks 8 first, and
every expected set of actions is worked out from the rules in the comments,
not copied from the engine.
"""

from __future__ import annotations

import pytest

from mixtour.__main__ import main
from mixtour.tor import (
    NO_PLACE,
    NUM_SQUARES,
    REASON_IDS,
    STANDARD_START,
    Action,
    IllegalActionError,
    InvalidActionError,
    InvalidPositionError,
    Outcome,
    Position,
    Reason,
    Status,
    TorError,
    action_text,
    parse_action,
    parse_square,
    random_layout,
    square_name,
    standard_layout,
    start_fen,
)
from mixtour.tor.game import Game

ALL_SQUARES = [f + r for r in "12345678" for f in "abcdef"]
EMPTY_RANK = "......"


def board(**ranks: str) -> str:
    """A board field from the ranks given by number (``r2=".oBw..."``), the
    others empty."""
    return "/".join(ranks.get(f"r{n}", EMPTY_RANK) for n in range(8, 0, -1))


def legal(pos: Position | Game) -> set[str]:
    if isinstance(pos, Game):
        return set(pos.legal_texts())
    return {action_text(a) for a in pos.legal_actions()}


def why(pos: Position, text: str) -> str:
    reason = pos.why_not(parse_action(text))
    assert reason is not None, f"{text} is legal"
    return str(reason)


def play(pos: Position, *texts: str) -> Position:
    for text in texts:
        assert pos.why_not(parse_action(text)) is None, (text, pos.explain(parse_action(text)))
        pos.push(parse_action(text))
    return pos


# A position of T3, White to move holding red.  Black's pawns on a8 (red)
# and d5 (orange) close red and orange to White.  White's pawn on c3 stands
# on blue over red; his other pawn on f8 has only empty neighbours.
MIDGAME = (
    board(
        r8="Rk....Yw",
        r5="...Ok..",
        r4=".OYR..",
        r3=".RrBwyB..",
        r2=".YOB..",
    )
    + " w R"
)

# Both pawns of each side down, White's first turn (no token in hand): the
# fifth action of a game on the standard layout.
AFTER_PLACING = ["c3", "d5", "b6", "e2"]


# ---------------------------------------------------------------------------
# T1 Setup


def test_t1_standard_layout_repeats_a_two_by_two_tile() -> None:
    pos = Position()
    assert pos.fen() == STANDARD_START
    assert STANDARD_START == "OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR w -"
    named = {square_name(s): pos.tokens(s) for s in range(48)}
    # a1 blue, b1 red, a2 orange, b2 yellow, and so on over the board.
    assert (named["a1"], named["b1"], named["a2"], named["b2"]) == ([0], [1], [2], [3])
    assert named["c3"] == named["a1"] and named["f8"] == named["b2"]
    for s in range(48):
        f, r = s % 6, s // 6
        for t in range(48):
            if s != t and max(abs(f - t % 6), abs(r - t // 6)) == 1:
                assert pos.color(s) != pos.color(t), (square_name(s), square_name(t))
    assert sorted(standard_layout()) == [c for c in range(4) for _ in range(12)]
    # No pawn, no token in hand, White to move.
    assert pos.pawns == [0, 0] and pos.hand == -1 and pos.turn == 0
    assert pos.is_placing and not pos.is_over


def test_t1_random_layouts_have_twelve_tokens_of_each_colour() -> None:
    for seed in range(20):
        layout = random_layout(seed)
        assert sorted(layout) == [c for c in range(4) for _ in range(12)]
        assert random_layout(seed) == layout
        pos = Position.start(layout)
        assert [pos.tokens(s) for s in range(48)] == [[c] for c in layout]
        assert pos.fen().endswith(" w -")
    assert len({tuple(random_layout(seed)) for seed in range(20)}) == 20
    with pytest.raises(InvalidPositionError):
        start_fen([0] * 47)
    with pytest.raises(InvalidPositionError):
        start_fen([4] * 48)


# ---------------------------------------------------------------------------
# T2 Placing the pawns


def test_t2_pawns_go_on_available_squares_of_a_free_colour() -> None:
    pos = Position()
    assert legal(pos) == set(ALL_SQUARES)  # nothing is closed yet
    play(pos, "c3")  # White's pawn on blue
    # Black: any square but the twelve blue ones (c3 among them).
    blue = {sq for sq in ALL_SQUARES if sq[0] in "ace" and int(sq[1]) % 2 == 1}
    assert legal(pos) == set(ALL_SQUARES) - blue and len(legal(pos)) == 36
    assert why(pos, "a1") == "blue is closed to you: White's pawn on c3 stands on blue"
    assert why(pos, "c3") == "White's pawn already stands on c3"
    assert why(pos, "c3-c4") == "the pawns are not all on the board yet: place a pawn on a square"
    play(pos, "d5")  # Black's pawn on red: White may not use red now
    red = {sq for sq in ALL_SQUARES if sq[0] in "bdf" and int(sq[1]) % 2 == 1}
    assert legal(pos) == set(ALL_SQUARES) - red - {"c3"}
    play(pos, "a1")  # White's second pawn, blue again: only blue is closed
    assert len(legal(pos)) == 48 - 12 - 1  # the blues, and Black's own pawn
    play(pos, "e2")
    assert not pos.is_placing
    assert why(pos, "a3") == "your two pawns are on the board: move one of them"


def test_t2_a_pawn_never_goes_on_an_empty_square() -> None:
    # Black places his second pawn; d1 has no token.
    pos = Position(board(r1="BwRwOk.BY") + " b -")
    assert legal(pos) == {"f1"}  # e1 is blue, closed by White's a1
    assert why(pos, "d1") == "d1 is empty"


def test_t2_the_placing_order_is_white_black_white_black() -> None:
    game = Game()
    movers = []
    for text in AFTER_PLACING:
        movers.append(game.position.turn)
        game.play(text)
    assert movers == [0, 1, 0, 1]
    assert game.position.turn == 0 and game.position.hand == -1


# ---------------------------------------------------------------------------
# T3 A turn


def test_t3_steps_go_to_available_neighbours_of_a_free_colour() -> None:
    pos = Position(MIDGAME)
    # c3's neighbours: b2 yellow, d2 blue, d3 blue (over yellow), c4 yellow
    # are open; c2 and b4 are orange, b3 and d4 red: closed.  f8 has only
    # empty neighbours.
    assert pos.steps_from(parse_square("c3")) == [parse_square(s) for s in ("b2", "d2", "d3", "c4")]
    assert pos.steps_from(parse_square("f8")) == []
    assert why(pos, "c3-c2@b2") == "orange is closed to you: Black's pawn on d5 stands on orange"
    assert why(pos, "c3-b3@b2") == "red is closed to you: Black's pawn on a8 stands on red"
    assert why(pos, "f8-e8") == "e8 is empty"
    assert why(pos, "c3-e5") == (
        "your pawn on c3 cannot reach e5: it steps to one of its eight neighbours"
    )
    assert why(pos, "d5-d4@b4") == "you have no pawn on d5"
    # The same reasons for a step alone, before a placement is chosen.
    c3 = parse_square("c3")
    assert str(pos.why_not_step(c3, parse_square("c2"))) == str(pos.why_not(parse_action("c3-c2")))
    assert pos.why_not_step(c3, parse_square("b2")) is None
    assert pos.why_not_step(c3, c3) == Reason("not-an-action")


def test_t3_the_token_in_hand_goes_on_a_single_token_of_another_colour() -> None:
    pos = Position(MIDGAME)
    # White holds red.  Squares with one token and no pawn: b4 orange, c4
    # yellow, b2 yellow, c2 orange, d2 blue take it; d4 and b3 are red, and
    # c3 keeps red once its blue is given: not those.  The step's own
    # square has the pawn then.
    base = {"b4", "c4", "b2", "c2", "d2"}
    expected = {f"c3-{to}@{sq}" for to in ("b2", "d2", "d3", "c4") for sq in base if sq != to}
    assert legal(pos) == expected and len(expected) == 17
    assert pos.placements(parse_square("c3"), parse_square("d3")) == sorted(
        parse_square(s) for s in base
    )
    assert why(pos, "c3-b2@d3") == "d3 already holds two tokens"
    assert why(pos, "c3-b2@d4") == (
        "you must place the red token on a square of another colour (d4 is red)"
    )
    assert why(pos, "c3-b2@c3") == (
        "you must place the red token on a square of another colour (c3 is red)"
    )
    assert why(pos, "c3-b2@b2") == (
        "a pawn stands on b2: a token goes only onto a square without a pawn"
    )
    assert why(pos, "c3-b2@e8") == (
        "e8 is empty: a token goes only onto a square with exactly one token"
    )
    assert why(pos, "c3-b2") == ("you must place the red token you hold: c2, for one, can take it")


def test_t3_give_hands_the_top_token_of_the_square_left_to_the_opponent() -> None:
    pos = play(Position(MIDGAME), "c3-d3@b4")
    # c3 keeps its red bottom token; Black now holds the blue; the red went
    # onto b4's orange.
    assert (
        pos.fen()
        == board(
            r8="Rk....Yw",
            r5="...Ok..",
            r4=".oRYR..",
            r3=".RRyBw..",
            r2=".YOB..",
        )
        + " b B"
    )
    assert pos.turn == 1 and pos.hand == 0


def test_t3_the_square_just_left_takes_the_token_when_it_qualifies() -> None:
    # The same, with White holding yellow: c3 keeps red, which differs.
    pos = Position(MIDGAME[:-1] + "Y")
    assert "c3-d2@c3" in legal(pos)
    play(pos, "c3-d2@c3")
    assert pos.tokens(parse_square("c3")) == [1, 3]  # red under yellow


def test_t3_a_token_that_fits_nowhere_leaves_the_game() -> None:
    # White holds blue; apart from the pawns' squares the only token is the
    # blue one on b1.  After a1-b1, a1 is empty and nothing takes the blue.
    pos = Position(board(r8="Rk....Bw", r1="BwB...Rk") + " w B")
    assert legal(pos) == {"a1-b1"}
    assert why(pos, "a1-b1@a1") == (
        "a1 is empty: a token goes only onto a square with exactly one token"
    )
    assert why(pos, "a1-b1@a8") == (
        "a pawn stands on a8: a token goes only onto a square without a pawn"
    )
    play(pos, "a1-b1")
    assert pos.fen() == board(r8="Rk....Bw", r1=".Bw...Rk") + " b B"
    blue = sum(c == 0 for s in range(48) for c in pos.tokens(s)) + (pos.hand == 0)
    assert blue == 3  # four blues before: one left the game


def test_t3_white_first_turn_has_no_token_to_place() -> None:
    pos = play(Position(), *AFTER_PLACING)
    actions = legal(pos)
    assert actions and all("@" not in a and a.startswith(("c3-", "b6-")) for a in actions)
    # Black's pawns close red (d5) and orange (e2).  Around c3: b2, d2, b4
    # and d4 are yellow, c2 and c4 orange, b3 and d3 red.
    assert {a for a in actions if a.startswith("c3-")} == {"c3-b2", "c3-d2", "c3-b4", "c3-d4"}
    assert why(pos, "c3-d4@a1") == "you hold no token to place"
    play(pos, "c3-d4")
    assert pos.hand == 0  # Black holds c3's blue
    assert all(a & 63 != NO_PLACE for a in pos.legal_actions())


# ---------------------------------------------------------------------------
# T4 Winning


def test_t4_a_player_without_a_step_loses() -> None:
    pos = Position(board(r8="Rk....Bw", r1="BwB...Rk") + " w B")
    play(pos, "a1-b1")
    # Black's pawns on a8 and f1 have only empty neighbours.
    assert pos.status == Status.WIN and pos.winner == 0
    assert pos.legal_actions() == [] and pos.count_actions() == 0
    assert pos.outcome.code == "w-wins"
    assert pos.outcome.describe() == "White wins: Black cannot move"
    assert str(pos.why_not(parse_action("a8-a7"))) == "the game is over"
    pos.pop()
    assert pos.status == Status.PLAYING and pos.winner is None


def test_t4_a_player_without_a_square_for_his_pawn_loses() -> None:
    # Black must place his second pawn: d1 is blue and e1 red, both closed
    # by White's pawns; nothing else is available.
    pos = Position(board(r1="BwRwOkBR.") + " b -")
    assert pos.is_over and pos.outcome.code == "w-wins" and pos.legal_actions() == []


def test_t4_a_position_read_with_the_mover_stuck_is_already_won() -> None:
    pos = Position(board(r8="Rk....Bw", r1=".Bw...Rk") + " b B")
    assert (pos.status, pos.winner) == (Status.WIN, 0)
    assert Game(pos.fen()).result.score_text == "1-0"


# ---------------------------------------------------------------------------
# T5 Repetition

# White b2 (blue over orange), Black e2 (orange over blue): each steps to a
# neighbour and back while each puts the token he holds back where the
# other's pawn came from, so the position comes round every four actions.
CYCLE_START = board(r8="Ok....Bw", r2=".oBwyRRbOk.") + " w Y"
CYCLE = ["b2-c2@d2", "e2-d2@b2", "c2-b2@e2", "d2-e2@c2"]


def test_t5_the_third_occurrence_of_a_position_is_a_draw() -> None:
    game = Game(CYCLE_START)
    for text in CYCLE:
        game.play(text)
    assert game.fen() == CYCLE_START and game.position.repetitions() == 2
    assert not game.result.is_over
    for text in CYCLE[:-1]:
        game.play(text)
        assert not game.result.is_over
    game.play(CYCLE[-1])
    assert game.position.repetitions() == 3
    assert game.result == Outcome(Status.DRAW_REPETITION)
    assert game.result.code == "draw-repetition" and game.result.score_text == "1/2-1/2"
    assert game.result.describe() == "Draw: the same position occurred for the third time"
    assert game.legal_actions() == []
    game.undo()
    assert not game.result.is_over and game.position.repetitions() == 2


def test_t5_the_same_board_with_another_token_in_hand_is_another_position() -> None:
    first = Position(CYCLE_START)
    other = Position(CYCLE_START[:-1] + "R")
    assert first.hash != other.hash and first != other


# ---------------------------------------------------------------------------
# T6 Notation


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("c3", "c3"),
        (" C3 ", "c3"),
        ("c3-d4", "c3-d4"),
        ("C3-D4@E6", "c3-d4@e6"),
        ("\tf8-e7@f8\n", "f8-e7@f8"),
        ("a1-b2@a1", "a1-b2@a1"),
    ],
)
def test_t6_notation_reads_any_case_and_writes_lower_case(text: str, canonical: str) -> None:
    assert action_text(parse_action(text)) == canonical


@pytest.mark.parametrize(
    "text",
    ["", " ", "g1", "a9", "c3-", "-d4", "c3-c3", "c3@d4", "c3-d4@", "c3-d4@e6@f7", "c3--d4",
     "c3-d4-e5", "pass", "c 3", "c3-d4@g9", "c3:1-d4"],
)  # fmt: skip
def test_t6_anything_else_is_refused_as_invalid_notation(text: str) -> None:
    with pytest.raises(InvalidActionError):
        parse_action(text)


def test_t6_an_action_value_reads_back_from_its_text_for_every_code() -> None:
    codes = [*range(NUM_SQUARES)] + [
        frm << 12 | to << 6 | place
        for frm in range(NUM_SQUARES)
        for to in range(NUM_SQUARES)
        for place in [*range(NUM_SQUARES), NO_PLACE]
        if frm != to
    ]
    for code in codes:
        action = Action(code)
        assert Action.parse(str(action)) == action and str(action) == action_text(code)
        assert hash(Action.parse(str(action))) == hash(action)
    assert repr(Action.parse("C3-D4@E6")) == "Action.parse('c3-d4@e6')"
    assert len({Action(c) for c in codes}) == len(codes)
    for bad in (-1, NUM_SQUARES, 14 << 12 | 14 << 6 | NO_PLACE, 1 << 20, True):
        with pytest.raises(InvalidActionError):
            Action(bad)


def test_t6_a_turn_is_written_from_to_and_where_the_token_went() -> None:
    code = parse_action("c3-d4@e6")
    assert (code >> 12, (code >> 6) & 63, code & 63) == (14, 21, 34)
    assert parse_action("c3-d4") & 63 == NO_PLACE
    assert square_name(parse_square("e6")) == "e6"


# ---------------------------------------------------------------------------
# T7 Position string and command line


def test_t7_the_position_string_after_a_few_actions() -> None:
    pos = play(Position(), *AFTER_PLACING, "c3-d4")
    assert pos.fen() == "OYOYOY/BRBRBR/OYwOYOY/BRBRkBR/OYOYwOY/BR.RBR/OYOYOkY/BRBRBR b B"
    assert Position(pos.fen()) == pos
    assert Position(pos.fen().replace(" ", "_")).fen() == pos.fen()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "3 fields"),
        (STANDARD_START + " 1", "3 fields"),
        (STANDARD_START.replace(" w ", "  w "), "3 fields"),
        (STANDARD_START.replace(" w ", " x "), "expected w or b"),
        (STANDARD_START.replace(" -", " G"), "expected B, R, O, Y or -"),
        (STANDARD_START.replace(" -", " b"), "expected B, R, O, Y or -"),
        ("/".join(["OYOYOY"] * 7) + " w -", "8 ranks"),
        (STANDARD_START.replace("OYOYOY/", "OYOYO/", 1), "rank 8 ('OYOYO') has 5 squares"),
        (STANDARD_START.replace("OYOYOY/", "OYOYOYO/", 1), "more than 6 squares"),
        (STANDARD_START.replace("OYOYOY/", "oYYOYOY/", 1), "13 yellow"),
        (STANDARD_START.replace("OYOYOY/", "oOYOYOY/", 1), "two tokens of one colour"),
        (STANDARD_START.replace("OYOYOY/", "o.YOYOY/", 1), "followed by an upper-case"),
        (STANDARD_START.replace("OYOYOY/", "OYOYOy/", 1), "followed by an upper-case"),
        (STANDARD_START.replace("OYOYOY/", "OYOYOX/", 1), "'X' is not a square"),
        (STANDARD_START.replace("OYOYOY/", ".wYOYOY/", 1), "empty square"),
        (STANDARD_START.replace("OYOYOY/", "OwYwOwYOY/", 1), "at most two pawns"),
        (STANDARD_START.replace("OYOYOY/", "OkYOYOY/", 1), "not 0 against 1"),
        (STANDARD_START.replace("OYOYOY/", "OwYOYOY/", 1), "Black is to move"),
        (STANDARD_START.replace("OYOYOY/", "OwYk.YOY/", 1).replace(" -", " O"), "nobody holds"),
        (STANDARD_START.replace("BRBRBR w -", ".RBRBR w B"), "nobody holds"),
        (STANDARD_START.replace("w -", "w B"), "13 blue"),
    ],
)  # fmt: skip
def test_t7_malformed_position_strings_are_refused_with_what_is_wrong(
    text: str, words: str
) -> None:
    with pytest.raises(InvalidPositionError) as info:
        Position(text)
    assert words in str(info.value)
    assert len(str(info.value)) < 300


def test_t7_command_line_perft_legal_and_apply(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tor", "perft", "2", "-q"]) == 0
    assert capsys.readouterr().out == "1728\n"  # 48 squares, then 36 not of White's colour
    assert main(["tor", "legal", *AFTER_PLACING]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.split() == sorted(out.split())
    assert set(out.split()) == legal(play(Position(), *AFTER_PLACING))
    assert main(["tor", "apply", *AFTER_PLACING, "c3-d4"]) == 0
    assert capsys.readouterr().out == (
        "OYOYOY/BRBRBR/OYwOYOY/BRBRkBR/OYOYwOY/BR.RBR/OYOYOkY/BRBRBR b B\n"
    )
    # A game that is over: an empty line.
    assert main(["tor", "legal", "-p", board(r8="Rk....Bw", r1=".Bw...Rk") + " b B"]) == 0
    assert capsys.readouterr().out == "\n"
    assert main(["tor", "apply", "c3", "c3"]) == 2
    err = capsys.readouterr().err
    assert err == "mixtour: c3: White's pawn already stands on c3\n"


# ---------------------------------------------------------------------------
# Errors and reasons


def test_errors_form_one_family_under_tor_error() -> None:
    for error in (InvalidActionError, IllegalActionError, InvalidPositionError):
        assert issubclass(error, TorError) and issubclass(error, ValueError)
    game = Game()
    with pytest.raises(IllegalActionError) as info:
        game.play("c3-d4")
    assert info.value.reason == Reason("placing")
    with pytest.raises(InvalidActionError):
        game.play(10**9)


def test_every_reason_id_has_english_words() -> None:
    samples = {
        "game-over": {},
        "not-an-action": {},
        "placing": {},
        "moving": {},
        "empty": {"square": "c5"},
        "pawn-there": {"square": "c5", "owner": "w"},
        "closed": {"colour": "O", "owner": "b", "square": "d4"},
        "not-your-pawn": {"square": "c5"},
        "not-neighbour": {"frm": "c3", "to": "e6"},
        "no-hand": {},
        "must-place": {"colour": "R", "square": "e6"},
        "place-empty": {"square": "c5"},
        "place-full": {"square": "d4"},
        "place-pawn": {"square": "d4"},
        "same-colour": {"colour": "R", "square": "d4"},
    }
    assert set(samples) == set(REASON_IDS)
    for rid, args in samples.items():
        text = str(Reason(rid, **args))
        assert text and "{" not in text, rid
        assert Reason(rid, **args).as_dict() == {"id": rid, "args": args}
    assert str(Reason("place-full", square="d4")) == "d4 already holds two tokens"
