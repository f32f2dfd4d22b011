"""One or more tests per rule of mixtour/RULES.md, named after the rule id.

Every position is written by hand as a P1 string, and every expected legal
set is worked out from the rules in the comments, not copied from the engine.
Boards are drawn rank 5 first, as in P1.
"""

from __future__ import annotations

import pytest

from mixtour import (
    PASS,
    Action,
    IllegalActionError,
    InvalidActionError,
    InvalidPositionError,
    MixtourError,
    Position,
    Status,
    parse_square,
    square_name,
)
from mixtour.mixtour.game import Game
from mixtour.mixtour.record import InvalidRecordError, from_record, to_record

ALL_SQUARES = [f + r for r in "12345" for f in "abcde"]


def code(text: str) -> int:
    return Action.parse(text).code


def legal(pos: Position | Game) -> set[str]:
    if isinstance(pos, Game):
        return {str(a) for a in pos.legal_actions()}
    return {str(Action(c)) for c in pos.legal_actions()}


def moves(pos: Position | Game) -> set[str]:
    return {a for a in legal(pos) if "-" in a}


def enters(pos: Position | Game) -> set[str]:
    return {a for a in legal(pos) if "-" not in a and a != "pass"}


def empty_squares(pos: Position) -> set[str]:
    return {square_name(s) for s in range(25) if not pos.stacks[s]}


# ---------------------------------------------------------------------------
# R1 Setup


def test_r1_setup_reserves_and_options() -> None:
    pos = Position()
    assert pos.fen() == "5/5/5/5/5 w 20/20 0/0 1 -"
    assert pos.stacks == [""] * 25
    assert (pos.players, pos.reserves, pos.scores, pos.target, pos.discs) == (
        2,
        [20, 20],
        [0, 0],
        1,
        20,
    )
    assert pos.turn == 0  # White moves first
    three = Position.start(3)
    assert three.fen() == "5/5/5/5/5 w 15/15/15 0/0/0 1 -"
    assert Position.start(2, discs=25, target=5).fen() == "5/5/5/5/5 w 25/25 0/0 5 -"
    assert Position.start(2, discs=5).reserves == [5, 5]
    assert Position.start(3, discs=30, target=9).reserves == [30, 30, 30]


@pytest.mark.parametrize(
    ("players", "discs", "target", "words"),
    [
        (2, 4, 1, "5 to 30"),
        (2, 31, 1, "5 to 30"),
        (3, 2, 1, "5 to 30"),
        (2, 20, 0, "1 to 9"),
        (2, 20, 10, "1 to 9"),
        (4, 20, 1, "2 or 3 players"),
        (1, 20, 1, "2 or 3 players"),
    ],
)
def test_r1_setup_options_out_of_range(players: int, discs: int, target: int, words: str) -> None:
    with pytest.raises(InvalidPositionError, match=words):
        Position.start(players, discs, target)


def test_r1_disc_count_out_of_range_in_a_position_string() -> None:
    with pytest.raises(InvalidPositionError, match="allowed are 5 to 30"):
        Position("5/5/5/5/5 w 4/4 0/0 1 -")
    with pytest.raises(InvalidPositionError, match="allowed are 5 to 30"):
        Position("5/5/5/5/5 w 31/31 0/0 1 -")


# ---------------------------------------------------------------------------
# R2 The turn


def test_r2_one_action_then_the_other_player() -> None:
    pos = Position()
    pos.push(code("c3"))
    assert pos.turn == 1
    assert pos.fen() == "5/5/2,w,2/5/5 r 19/20 0/0 1 c3"
    pos.push(code("b4"))
    assert pos.fen() == "5/1,r,3/2,w,2/5/5 w 19/19 0/0 1 b4"


def test_r2_pass_only_when_nothing_else_is_possible() -> None:
    pos = Position()
    assert PASS not in pos.legal_actions()
    assert pos.explain(PASS) == "you may only pass when you can neither enter nor move"
    game = Game()
    with pytest.raises(IllegalActionError, match="may only pass"):
        game.play("pass")
    assert game.ply == 0


# ---------------------------------------------------------------------------
# R3 Enter


def test_r3_enter_on_any_empty_square() -> None:
    pos = Position("5/5/2,w,2/5/5 r 19/20 0/0 1 c3")
    # One single disc: no stack to move onto at distance 1 except itself.
    assert legal(pos) == set(ALL_SQUARES) - {"c3"}
    assert pos.explain(code("c3")) == (
        "c3 is occupied: a disc can only be entered on an empty square"
    )
    assert pos.can_enter(parse_square("a1"))
    assert not pos.can_enter(parse_square("c3"))


def test_r3_enter_needs_a_disc_in_reserve() -> None:
    # D = 5 and all of Red's discs are on rank 5: Red can only move, one
    # single disc onto a horizontal neighbour (distance 1 = height 1).
    pos = Position("r,r,r,r,r/5/5/5/5 r 5/0 0/0 1 -")
    assert legal(pos) == {
        "a5-b5",
        "b5-a5",
        "b5-c5",
        "c5-b5",
        "c5-d5",
        "d5-c5",
        "d5-e5",
        "e5-d5",
    }
    assert pos.explain(code("a1")) == "Red has no discs left in reserve"
    assert not pos.can_enter(parse_square("a1"))


# ---------------------------------------------------------------------------
# R4 Move

FIGURE_2 = "5/1,wrw,2,r/5/5/5 w 18/18 0/0 1 -"  # b4 = wrw (3 high), e4 = r


def test_r4_figure_2_single_disc_reaches_three_stack_three_squares_away() -> None:
    pos = Position(FIGURE_2)
    # e4 is 3 squares from b4, which is 3 high; b4 cannot go to e4 (1 high,
    # 3 away). Every empty square can be entered.
    assert moves(pos) == {"e4-b4"}
    assert enters(pos) == empty_squares(pos)
    pos.push(code("e4-b4"))
    assert pos.fen() == "5/1,wrwr,3/5/5/5 r 18/18 0/0 1 e4-b4"


def test_r4_figure_2_path_must_be_empty() -> None:
    blocked = Position("5/1,wrw,1,w,r/5/5/5 w 17/18 0/0 1 -")  # d4 occupied
    assert "e4-b4" not in legal(blocked)
    assert blocked.explain(code("e4-b4")) == "the way from e4 to b4 is blocked by d4"
    # d4 and e4 are single neighbours; d4 is 2 from b4, not 3.
    assert moves(blocked) == {"d4-e4", "e4-d4"}


def test_r4_figure_2_diagonal_e1_b4() -> None:
    # b4 = wrw, e1 = r: the diagonal e1-d2-c3-b4 is free, 3 steps.
    free = Position("5/1,wrw,3/5/5/4,r w 18/18 0/0 1 -")
    assert moves(free) == {"e1-b4"}

    # d2 occupied: e1-b4 is blocked; d2 and e1 are single neighbours.
    d2 = Position("5/1,wrw,3/5/3,w,1/4,r w 17/18 0/0 1 -")
    assert moves(d2) == {"d2-e1", "e1-d2"}
    assert d2.explain(code("e1-b4")) == "the way from e1 to b4 is blocked by d2"

    # c3 occupied: blocked too. c3 is 1 high and next to b4, so 1, 2 or 3
    # discs of b4 may go onto c3; c3 and e1 are 2 apart but 1 high.
    c3 = Position("5/1,wrw,3/2,w,2/5/4,r w 17/18 0/0 1 -")
    assert moves(c3) == {"b4-c3", "b4:2-c3", "b4:3-c3"}
    assert c3.explain(code("e1-b4")) == "the way from e1 to b4 is blocked by c3"


def test_r4_distance_must_equal_receiver_height_message() -> None:
    pos = Position("5/1,wrw,1,r,1/5/5/5 w 18/18 0/0 1 -")  # d4 is 2 from b4
    assert "d4-b4" not in legal(pos)
    assert pos.explain(code("d4-b4")) == (
        "b4 is 3 high, so a move onto it must come from exactly 3 squares away "
        "(d4 is 2 squares away)"
    )
    with pytest.raises(IllegalActionError, match="b4 is 3 high, so a move onto it must come"):
        Game("5/1,wrw,1,r,1/5/5/5 w 18/18 0/0 1 -").play("d4-b4")


FIGURE_3 = "5/1,wr,rw,wr,1/1,rw,w,wr,1/1,wr,rw,wr,1/5 w 11/12 0/0 1 -"


def test_r4_figure_3_single_disc_reached_from_all_eight_neighbours() -> None:
    pos = Position(FIGURE_3)
    # c3 is a single disc with a 2-stack on each of its 8 neighbours. Two
    # neighbours are 1 or 2 apart: 2 apart means c3 or another neighbour
    # lies between them, and 1 apart needs a receiver 1 high. c3 (1 high)
    # cannot move onto the 2-high neighbours. So the moves are exactly 1 or
    # 2 discs of any neighbour onto c3, whatever colour is on top.
    neighbours = ["b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"]
    expected = {f"{n}-c3" for n in neighbours} | {f"{n}:2-c3" for n in neighbours}
    assert moves(pos) == expected
    assert enters(pos) == empty_squares(pos)
    assert len(enters(pos)) == 16


def test_r4_moving_discs_keep_their_order() -> None:
    # c4 = wrw (3 high), d3 = r (1 high, diagonal neighbour).
    pos = Position("5/2,wrw,2/3,r,1/5/5 w 18/18 0/0 1 -")
    assert moves(pos) == {"c4-d3", "c4:2-d3", "c4:3-d3"}
    pos.push(code("c4:2-d3"))
    # The top two (r, w) go onto d3 in that order; w stays on c4.
    assert pos.stacks[parse_square("c4")] == "w"
    assert pos.stacks[parse_square("d3")] == "rrw"
    assert pos.fen() == "5/2,w,2/3,rrw,1/5/5 r 18/18 0/0 1 c4:2-d3"


def test_r4_moves_from_and_targets_for_the_board() -> None:
    pos = Position(FIGURE_3)
    assert pos.moves_from(parse_square("b2")) == {1: [parse_square("c3")], 2: [12]}
    assert pos.targets(parse_square("d4"), 2) == [parse_square("c3")]
    assert pos.moves_from(parse_square("c3")) == {}
    assert pos.targets(parse_square("a1"), 1) == []


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("a1-b2", "there is no stack on a1"),
        ("c3:2-b3", "c3 holds a single disc, so only 1 disc can be taken"),
        ("c3-a1", "a move must end on a stack, and a1 is empty"),
        ("b2-c4", "b2 and c4 are not on a straight line"),
        ("b3-d3", "the way from b3 to d3 is blocked by c3"),
    ],
)
def test_r4_explanations(action: str, message: str) -> None:
    pos = Position(FIGURE_3)
    assert pos.explain(code(action)) == message
    with pytest.raises(IllegalActionError) as info:
        Game(FIGURE_3).play(action)
    assert str(info.value) == f"{action}: {message}"


def test_r4_move_never_ends_on_an_empty_square_even_at_the_right_distance() -> None:
    pos = Position("5/5/2,w,2/5/5 r 19/20 0/0 1 c3")
    assert not moves(pos)


# ---------------------------------------------------------------------------
# R5 No immediate take-back

# White just moved one disc from b1 (was wr) onto a1 (was r): a1 = rr,
# b1 = w. a1 is 1 from b1 and b1 is now 1 high, so the way back exists.
AFTER_B1_A1 = "5/5/5/5/rr,w,3 r 19/18 0/0 1 b1-a1"


def test_r5_take_back_is_forbidden() -> None:
    pos = Position(AFTER_B1_A1)
    # Moves: 1 or 2 discs of a1 onto b1 (1 high, 1 away); b1 cannot go onto
    # a1 (2 high, 1 away). a1-b1 would take back White's move.
    assert moves(pos) == {"a1:2-b1"}
    assert pos.explain(code("a1-b1")) == "that would take back White's last move (b1-a1)"
    game = Game("5/5/5/5/w,rw,3 r 18/19 0/0 1 -")
    game.play("b1-a1")  # Red moves the top disc of b1 onto a1
    with pytest.raises(IllegalActionError, match="that would take back Red's last move"):
        game.play("a1-b1")


def test_r5_other_count_back_is_allowed() -> None:
    pos = Position(AFTER_B1_A1)
    assert pos.is_legal(code("a1:2-b1"))
    pos.push(code("a1:2-b1"))
    assert pos.fen() == "5/5/5/5/1,wrr,3 w 19/18 0/0 1 a1:2-b1"


def test_r5_no_restriction_after_enter_pass_or_start() -> None:
    # The same board without a previous move: both counts may go to b1.
    assert moves(Position("5/5/5/5/rr,w,3 r 19/18 0/0 1 -")) == {"a1-b1", "a1:2-b1"}
    # The previous action is White's ENTER on e5.
    assert moves(Position("4,w/5/5/5/rr,w,3 r 18/18 0/0 1 e5")) == {"a1-b1", "a1:2-b1"}


def test_r5_only_the_immediately_following_action_is_restricted() -> None:
    game = Game("5/5/5/5/r,wr,3 w 19/18 0/0 1 -")
    game.play("b1-a1")  # White: a1 = rr, b1 = w
    assert "a1-b1" not in legal(game)
    game.play("e5")  # Red enters instead
    assert "a1-b1" in legal(game)  # White may move it back a turn later
    game.play("a1-b1")
    assert game.fen() == "4,r/5/5/5/r,wr,3 r 19/17 0/0 1 a1-b1"


def test_r5_first_matters_at_ply_6() -> None:
    game = Game(actions=["a1", "b1", "a1-b1", "c1", "b1-c1"])
    # b1 = r (1 high), c1 = rw: White just moved the top disc of b1 = rw
    # onto c1. c1-b1 would take it back; both discs of c1 may go.
    assert game.fen() == "5/5/5/5/1,r,rw,2 r 19/18 0/0 1 b1-c1"
    assert moves(game) == {"c1:2-b1"}
    assert "take back White's last move (b1-c1)" in (game.explain("c1-b1") or "")


# ---------------------------------------------------------------------------
# R6 Scoring

# b1 = rw (2 high) and d1 = 3 high, c1 free: d1 reaches b1 with 1, 2 or 3
# discs; 3 discs make a stack of 5.
TOWER_WHITE_TOP = "5/5/5/5/1,rw,1,rrw,1 w 18/17 0/0 1 -"
TOWER_RED_TOP = "5/5/5/5/1,rw,1,wwr,1 w 17/18 0/0 1 -"


def test_r6_tower_scores_and_discs_return() -> None:
    pos = Position(TOWER_WHITE_TOP)
    assert moves(pos) == {"d1-b1", "d1:2-b1", "d1:3-b1"}
    pos.push(code("d1:3-b1"))
    # Tower rw + rrw = rwrrw: White on top scores; 2 w and 3 r go home.
    assert pos.fen() == "5/5/5/5/5 r 20/20 1/0 1 d1:3-b1"
    assert pos.stacks == [""] * 25
    assert pos.status == Status.WIN
    assert pos.winner == 0


def test_r6_four_high_is_not_a_tower() -> None:
    pos = Position(TOWER_WHITE_TOP)
    pos.push(code("d1:2-b1"))
    assert pos.fen() == "5/5/5/5/1,rwrw,1,r,1 r 18/17 0/0 1 d1:2-b1"
    assert pos.status == Status.PLAYING


def test_r6_opponent_on_top_scores() -> None:
    game = Game(TOWER_RED_TOP)
    game.play("d1:3-b1")  # White builds rw + wwr: Red is on top
    assert game.fen() == "5/5/5/5/5 r 20/20 0/1 1 d1:3-b1"
    assert game.result.kind == "win"
    assert game.result.winner == 1
    assert game.result.status == "r-wins"
    assert game.result.score_text == "0-1"


def test_r6_taller_tower_returns_every_disc() -> None:
    # a1 = rwrw and a5 = wrwr, 4 apart on the a file: 4 discs make 8.
    pos = Position("wrwr,4/5/5/5/rwrw,4 w 16/16 0/0 3 -")
    assert "a5:4-a1" in legal(pos)
    pos.push(code("a5:4-a1"))
    assert pos.fen() == "5/5/5/5/5 r 20/20 0/1 3 a5:4-a1"


# ---------------------------------------------------------------------------
# R7 Passing and draws

# D = 5. White's five single discs stand on squares two apart: no move, and
# White's reserve is empty. Red still has five discs to enter.
WHITE_STUCK = "5/5/w,1,w,2/5/w,1,w,1,w w 0/5 0/0 1 -"

# Singles and a 3-stack on a1 c1 e1 a3 c3 e3 a5 c5: any two of these are 2 or
# 4 apart (or not in line), never 1 or 3, and c3 has no square 3 away. No
# move exists; both reserves are empty.
NOBODY_CAN_ACT = "r,1,r,2/5/r,1,rww,1,w/5/w,1,r,1,w w 0/0 0/0 1 -"


def test_r7_forced_pass() -> None:
    game = Game(WHITE_STUCK)
    assert legal(game) == {"pass"}
    assert game.must_pass()
    assert game.explain("pass") is None
    assert game.explain("b2") == "White has no discs left in reserve"
    game.play("pass")
    assert game.fen() == "5/5/w,1,w,2/5/w,1,w,1,w r 0/5 0/0 1 pass"
    assert game.result.kind == "playing"
    # Red can enter on the 20 empty squares; nothing can move.
    assert legal(game) == set(ALL_SQUARES) - {"a1", "c1", "e1", "a3", "c3"}
    game.play("b2")  # now next to four white discs
    assert moves(game) >= {"a1-b2", "c1-b2", "a3-b2", "c3-b2", "b2-a1"}


def test_r7_two_passes_draw() -> None:
    game = Game(NOBODY_CAN_ACT)
    assert legal(game) == {"pass"}
    game.play("pass")
    # Red cannot act either: the game ends instead of a second pass.
    assert game.result.kind == "draw-passes"
    assert game.result.score_text == "1/2-1/2"
    # One pass was played, so the sentence must not speak of two.
    assert game.result.describe() == "Draw: a player had to pass and the next cannot act either"
    assert game.legal_actions() == []
    assert game.explain("pass") == "the game is over"
    assert game.fen() == "r,1,r,2/5/r,1,rww,1,w/5/w,1,r,1,w r 0/0 0/0 1 pass"


def test_r7_position_string_after_a_pass_can_be_a_finished_game() -> None:
    done = Position("r,1,r,2/5/r,1,rww,1,w/5/w,1,r,1,w r 0/0 0/0 1 pass")
    assert done.status == Status.DRAW_PASSES
    assert done.legal_actions() == []
    # The same board, but the previous action was not a pass: Red must pass.
    assert Position("r,1,r,2/5/r,1,rww,1,w/5/w,1,r,1,w r 0/0 0/0 1 -").legal_actions() == [PASS]
    # After a pass, a player who can act plays on.
    assert Position("5/5/w,1,w,2/5/w,1,w,1,w r 0/5 0/0 1 pass").status == Status.PLAYING


# ---------------------------------------------------------------------------
# R8 Winning


def test_r8_target_one_first_tower_wins() -> None:
    game = Game(TOWER_WHITE_TOP)
    game.play("d1:3-b1")
    assert game.result.kind == "win"
    assert game.result.winner == 0
    assert game.result.score_text == "1-0"
    assert game.result.describe() == "White wins by reaching the target"
    assert game.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.play("a1")


def test_r8_target_three_game_goes_on_after_a_score() -> None:
    game = Game("wrwr,4/5/5/5/rwrw,4 w 16/16 0/0 3 -")
    game.play("a5:4-a1")
    assert game.result.kind == "playing"
    assert game.position.scores == [0, 1]
    # The board is empty again: Red enters anywhere.
    assert legal(game) == set(ALL_SQUARES)


def test_r8_reaching_the_target_wins_even_for_the_opponent() -> None:
    pos = Position("5/5/5/5/1,rw,1,wwr,1 w 17/18 2/2 3 -")
    pos.push(code("d1:3-b1"))
    assert (pos.status, pos.winner, pos.scores) == (Status.WIN, 1, [2, 3])
    pos.pop()
    pos.push(code("d1:2-b1"))
    assert pos.status == Status.PLAYING


def test_r8_position_string_with_a_winner() -> None:
    pos = Position("5/5/5/5/5 r 20/20 3/1 3 -")
    assert (pos.status, pos.winner) == (Status.WIN, 0)
    assert pos.legal_actions() == []
    with pytest.raises(InvalidPositionError, match="exceed the target"):
        Position("5/5/5/5/5 r 20/20 4/1 3 -")
    with pytest.raises(InvalidPositionError, match="only one player"):
        Position("5/5/5/5/5 r 20/20 3/3 3 -")


# ---------------------------------------------------------------------------
# R9 Repetition

# White shuttles one disc between a1 and b1, Red one between e5 and d5.
# a1 = ww, b1 = w, d5 = r, e5 = rr.
SHUTTLE = "3,r,rr/5/5/5/ww,w,3 w 17/17 0/0 1 -"
CYCLE = ["a1-b1", "e5-d5", "b1-a1", "d5-e5"]


def test_r9_third_repetition_draws() -> None:
    game = Game(SHUTTLE)
    for action in CYCLE * 2:
        game.play(action)
        assert game.result.kind == "playing"
    # After 8 plies the board is back, but each position so far occurred at
    # most twice (the start had no previous action, so it differs from ply 4
    # and ply 8 by its last field). Ply 9 repeats plies 1 and 5.
    assert game.position.repetitions() == 2
    game.play("a1-b1")
    assert game.position.repetitions() == 3
    assert game.result.kind == "draw-repetition"
    assert game.result.describe() == "Draw: the same position occurred for the third time"
    assert game.result.score_text == "1/2-1/2"
    assert game.legal_actions() == []
    game.undo()
    assert game.result.kind == "playing"


def test_r9_same_board_with_a_different_last_action_is_another_position() -> None:
    game = Game(SHUTTLE)
    for action in CYCLE:
        game.play(action)
    # Same board, same player, but the last field is d5-e5 instead of '-'.
    assert game.fen() == "3,r,rr/5/5/5/ww,w,3 w 17/17 0/0 1 d5-e5"
    assert game.position.repetitions() == 1


# ---------------------------------------------------------------------------
# R10 Mixtour for three

# D = 15. b1 = rw (2 high), d1 = wwr (3 high), b3 = wwb (3 high). d1 and b3
# are both 2 from b1 (c1 and b2 empty), so each can move 1, 2 or 3 discs onto
# b1; no other move exists (d1 and b3 are 2 apart and 3 high).
THREE_GIFTS = "5/5/1,wwb,3/5/1,rw,1,wwr,1 w 10/13/14 0/0/0 1 -"


def test_r10_no_gifts_to_next_player() -> None:
    pos = Position(THREE_GIFTS)
    # Red (next) already threatens d1:3-b1 (rw + wwr, Red on top), so White
    # must answer it:
    #   d1:3-b1  makes that tower now: Red wins (suicide move)      -> filtered
    #   d1-b1    b1 = rwr (3), d1 = ww (2): Red plays b1:3-d1       -> filtered
    #   d1:2-b1  b1 = rwwr (4), d1 = w (1): no Red tower possible  -> allowed
    #   b3:3-b1  tower rw + wwb, Blue on top: Blue wins, not Red    -> allowed
    #   b3-b1    b3 = ww (2) is now 2 from d1: Red plays d1:3-b3    -> filtered
    #   b3:2-b1  b1 = rwwb (4), b3 = w (1): d1 reaches neither      -> allowed
    #   enter c1 blocks the threat; every other enter ignores it  -> filtered
    assert legal(pos) == {"d1:2-b1", "b3:3-b1", "b3:2-b1", "c1"}
    gift = "that would let Red win at once (with three players, no gifts to the next)"
    for action in ["d1:3-b1", "d1-b1", "b3-b1", "a1", "e5"]:
        assert pos.explain(code(action)) == gift
    pos.push(code("b3:3-b1"))
    assert (pos.status, pos.winner) == (Status.WIN, 2)


def test_r10_two_players_have_no_filter() -> None:
    # The same board without Blue's disc: every move is legal with two players.
    pos = Position("5/5/1,www,3/5/1,rw,1,wwr,1 w 14/18 0/0 1 -")
    assert moves(pos) == {"d1-b1", "d1:2-b1", "d1:3-b1", "b3-b1", "b3:2-b1", "b3:3-b1"}
    assert enters(pos) == empty_squares(pos)


# D = 5. Red's five single discs and White's 3-stack c3 stand on squares two
# apart (no move, see NOBODY_CAN_ACT); Red's reserve is empty.
RED_STUCK = "5/5/r,1,www,1,r/5/r,1,r,1,r r 2/0/5 0/0/0 1 -"


def test_r10_turn_handed_back() -> None:
    game = Game(RED_STUCK)
    assert legal(game) == {"pass"}
    game.play("pass")
    # The turn goes back to White, who acted before Red, not on to Blue.
    assert game.fen() == "5/5/r,1,www,1,r/5/r,1,r,1,r w 2/0/5 0/0/0 1 pass"
    assert game.result.kind == "playing"
    game.play("b2")
    # Then play continues in normal order: Red again, who can now move.
    assert game.position.turn == 1
    assert moves(game) >= {"a1-b2", "c1-b2", "a3-b2"}


# D = 6, White's reserve is empty. e5 = wwb (3), d2 = rww (3), e2 = rr (2),
# a1 = wwr (3). The only moves: e2 is 3 from e5 (3 high), so 1 or 2 discs of
# e2 may go there. d2/e2 are neighbours but not 1 high; a1 is 4 from e5 (3
# high); d2 is not in line with e5 or a1.
ALL_FILTERED = "4,wwb/5/5/3,rww,rr/wwr,4 w 0/2/5 0/0/0 1 -"


def test_r10_every_action_filtered_means_pass() -> None:
    pos = Position(ALL_FILTERED)
    # e2:2-e5 builds wwb + rr: Red on top wins at once.
    # e2-e5 makes e5 = wwbr (4 high), 4 from a1 (free diagonal): a1:1-e5 wins
    # for Red (Red is on top of a1).
    assert pos.legal_actions() == [PASS]
    gift = "that would let Red win at once (with three players, no gifts to the next)"
    assert pos.explain(code("e2:2-e5")) == gift
    assert pos.explain(code("e2-e5")) == gift
    assert pos.explain(PASS) is None
    # With two players the same moves are allowed.
    two = Position("4,wwr/5/5/3,rww,rr/wwr,4 w 0/1 0/0 1 -")
    assert two.legal_actions() != [PASS]
    assert moves(two) == {"e2-e5", "e2:2-e5"}
    # The pass hands the turn back to Blue; then White is next again.
    game = Game(ALL_FILTERED)
    game.play("pass")
    assert game.position.turn == 2
    assert game.result.kind == "playing"
    game.play("c3")  # no White tower can follow: d2 is next to c3 (1 high)
    assert game.position.turn == 0


# D = 5: five 3-stacks wrb on squares two or four apart, all reserves empty.
THREE_STUCK = "5/5/wrb,1,wrb,2/5/wrb,1,wrb,1,wrb b 0/0/0 0/0/0 1 -"


def test_r10_two_passes_in_a_row_draw() -> None:
    game = Game(THREE_STUCK)
    assert legal(game) == {"pass"}
    game.play("pass")
    assert game.fen() == "5/5/wrb,1,wrb,2/5/wrb,1,wrb,1,wrb r 0/0/0 0/0/0 1 pass"
    assert game.result.kind == "draw-passes"
    assert game.result.score_text == "1/3-1/3-1/3"


def test_r10_gift_to_the_player_after_next_is_allowed() -> None:
    # Like b3:3-b1 above: the tower makes Blue, the player after next, win.
    pos = Position("5/5/1,wwb,3/5/1,rw,3 w 12/14/14 0/0/0 1 -")
    assert "b3:3-b1" in legal(pos)


# ---------------------------------------------------------------------------
# N1 Move notation


@pytest.mark.parametrize(
    ("text", "expected_code", "canonical"),
    [
        ("a1", 0, "a1"),
        ("e1", 4, "e1"),
        ("a2", 5, "a2"),
        ("b2", 6, "b2"),
        ("e5", 24, "e5"),
        ("pass", PASS, "pass"),
        ("  PASS ", PASS, "pass"),
        ("Pass", PASS, "pass"),
        ("c4:3-d3", 3 << 10 | 17 << 5 | 13, "c4:3-d3"),
        (" C4:3-D3 ", 3 << 10 | 17 << 5 | 13, "c4:3-d3"),
        ("a1-b2", 1 << 10 | 0 << 5 | 6, "a1-b2"),
        ("a1:1-b2", 1 << 10 | 0 << 5 | 6, "a1-b2"),
        ("e5:4-a1", 4 << 10 | 24 << 5 | 0, "e5:4-a1"),
    ],
)
def test_n1_notation(text: str, expected_code: int, canonical: str) -> None:
    action = Action.parse(text)
    assert action.code == expected_code
    assert str(action) == canonical
    assert Action.parse(canonical) == action
    assert repr(action) == f"Action.parse({canonical!r})"


def test_n1_action_parts() -> None:
    move = Action.parse("c4:3-d3")
    assert move.is_move and not move.is_enter and not move.is_pass
    assert (square_name(move.frm), move.count, square_name(move.to)) == ("c4", 3, "d3")
    enter = Action.parse("b2")
    assert enter.is_enter and enter.square == parse_square("b2")
    assert Action.pass_().is_pass
    assert Action.move(parse_square("a1"), parse_square("b2")) == Action.parse("a1-b2")
    assert Action.enter(7) == Action.parse("c2")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty action"),
        ("   ", "empty action"),
        ("f1", "is not an action"),
        ("a6", "is not an action"),
        ("a0", "is not an action"),
        ("a1:2", "needs a target"),
        ("a1-a1", "another square"),
        ("a1:0-b2", "1 to 4"),
        ("a1:5-b2", "1 to 4"),
        ("a1:-b2", "number of discs"),
        ("a1:x-b2", "number of discs"),
        ("a1-b2-c3", "exactly one '-'"),
        ("a1-", "not a square"),
        ("-b2", "not a square"),
        ("a1 b2", "not an action"),
        ("passe", "not an action"),
    ],
)
def test_n1_invalid_text(text: str, words: str) -> None:
    with pytest.raises(InvalidActionError, match=words):
        Action.parse(text)


def test_n1_errors_are_value_errors() -> None:
    assert issubclass(InvalidActionError, MixtourError)
    assert issubclass(IllegalActionError, MixtourError)
    assert issubclass(InvalidPositionError, MixtourError)
    assert issubclass(InvalidRecordError, MixtourError)
    assert issubclass(MixtourError, ValueError)
    with pytest.raises(InvalidActionError):
        Game().play("z9")


# ---------------------------------------------------------------------------
# P1 Position string


@pytest.mark.parametrize(
    "text",
    [
        "5/5/5/5/5 w 20/20 0/0 1 -",
        "5/1,r,3/2,w,2/5/5 w 19/19 0/0 1 b4",
        "5/5/5/5/5 w 15/15/15 0/0/0 1 -",
        FIGURE_2,
        FIGURE_3,
        AFTER_B1_A1,
        THREE_GIFTS,
        "5/5/5/5/5 r 20/20 1/0 1 d1:3-b1",
    ],
)
def test_p1_examples_round_trip(text: str) -> None:
    assert Position(text).fen() == text
    assert repr(Position(text)) == f"Position({text!r})"


def test_p1_rules_examples() -> None:
    pos = Position()
    pos.push(code("c3"))
    pos.push(code("b4"))
    assert pos.fen() == "5/1,r,3/2,w,2/5/5 w 19/19 0/0 1 b4"
    assert Position("5/5/5/5/5 w 15/15/15 0/0/0 1 -").players == 3


def test_p1_url_form_and_case() -> None:
    assert Position("5/1,r,3/2,w,2/5/5_w_19/19_0/0_1_b4").fen() == (
        "5/1,r,3/2,w,2/5/5 w 19/19 0/0 1 b4"
    )
    assert Position("  5/1,R,3/2,W,2/5/5 W 19/19 0/0 1 B4  ").fen() == (
        "5/1,r,3/2,w,2/5/5 w 19/19 0/0 1 b4"
    )


def test_p1_board_squares() -> None:
    pos = Position("wr,4/5/5/5/4,rrww w 17/17 0/0 1 -")
    assert pos.stacks[parse_square("a5")] == "wr"
    assert pos.stacks[parse_square("e1")] == "rrww"
    assert pos.stacks[4] == "rrww"
    assert pos.height(24) == 0


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "6 fields"),
        ("5/5/5/5/5 w 20/20 0/0 1", "6 fields"),
        ("5/5/5/5/5 w 20/20 0/0 1 - x", "6 fields"),
        ("5/5/5/5 w 20/20 0/0 1 -", "5 ranks"),
        ("5/5/5/5/4 w 20/20 0/0 1 -", "covers 4 squares"),
        ("5/5/5/5/3,w,w,w w 17/20 0/0 1 -", "more than 5 squares"),
        ("5/5/5/5/0,5 w 20/20 0/0 1 -", "neither a stack"),
        ("5/5/5/5/6 w 20/20 0/0 1 -", "neither a stack"),
        ("5/5/5/5/x,4 w 20/20 0/0 1 -", "neither a stack"),
        ("5/5/5/5/,5 w 20/20 0/0 1 -", "neither a stack"),
        ("5/5/5/5/wwwww,4 w 15/20 0/0 1 -", "leave the board"),
        ("5/5/5/5/b,4 w 20/20 0/0 1 -", "three players"),
        ("5/5/5/5/5 b 20/20 0/0 1 -", "player to move"),
        ("5/5/5/5/5 x 20/20 0/0 1 -", "player to move"),
        ("5/5/5/5/5 w 20 0/0 1 -", "2 or 3 numbers"),
        ("5/5/5/5/5 w 20/20/20/20 0/0/0/0 1 -", "2 or 3 numbers"),
        ("5/5/5/5/5 w 20/20 0/0/0 1 -", "2 reserves but 3 scores"),
        ("5/5/5/5/5 w 20/19 0/0 1 -", "same number of discs"),
        ("5/5/5/5/w,4 w 20/20 0/0 1 -", "same number of discs"),
        ("5/5/5/5/5 w 20/20 0/0 0 -", "target"),
        ("5/5/5/5/5 w 20/20 0/0 10 -", "target"),
        ("5/5/5/5/5 w 20/20 0/0 x -", "target"),
        ("5/5/5/5/5 w 20/20 0/0 1 z9", "last action"),
        ("5/5/5/5/5 w 20/20 0/0 1 c3", "single Red disc"),
        ("5/5/2,w,2/5/5 w 19/20 0/0 1 c3", "single Red disc"),
        ("5/5/2,r,2/5/5 r 20/19 0/0 1 c3", "single White disc"),
        ("5/5/2,ww,2/5/5 r 18/20 0/0 1 a1-b3", "not along a straight line"),
        ("5/5/2,ww,2/5/5 r 18/20 0/0 1 c3-d3", "d3 cannot be empty"),
        ("5/5/w,w,ww,2/5/5 r 16/20 0/0 1 a3-c3", "between are not empty"),
        ("5/5/2,www,2/5/5 r 17/20 0/0 1 d3-c3", "should now be 2 high, not 3"),
        ("5/5/5/5/5 r 20/20 1/0 1 c3-d3", "cannot be empty"),
    ],
)
def test_p1_invalid_strings(text: str, words: str) -> None:
    with pytest.raises(InvalidPositionError, match=words):
        Position(text)


# ---------------------------------------------------------------------------
# G1 Game record


def test_g1_export_and_import() -> None:
    game = Game(actions=["c3", "b4", "b4-c3", "a1"])
    text = to_record(game, {"White": "Ann", "Red": 'Bo "the" \\ Red'})
    assert text == (
        '[Players "2"]\n[Discs "20"]\n[Target "1"]\n[White "Ann"]\n'
        '[Red "Bo \\"the\\" \\\\ Red"]\n[Result "*"]\n\n1. c3 b4 2. b4-c3 a1 *\n'
    )
    again = from_record(text)
    assert again.start == game.start
    assert [str(a) for a in again.actions()] == ["c3", "b4", "b4-c3", "a1"]
    assert again.fen() == game.fen()


def test_g1_import_without_numbers_and_with_comments() -> None:
    plain = from_record("c3 b4 b4-c3")
    numbered = from_record("1. c3 b4 2. b4-c3 *")
    glued = from_record("1.c3 b4 {a comment} 2.b4-c3")
    assert plain.fen() == numbered.fen() == glued.fen() == "5/5/2,wr,2/5/5 r 19/19 0/0 1 b4-c3"


def test_g1_headers_choose_the_start() -> None:
    three = from_record('[Players "3"]\n[Discs "6"]\n[Target "2"]\n\n1. a1 b1 c1')
    assert three.start == "5/5/5/5/5 w 6/6/6 0/0/0 2 -"
    assert three.fen() == "5/5/5/5/w,r,b,2 w 5/5/5 0/0/0 2 c1"
    positioned = from_record(f'[Position "{TOWER_RED_TOP}"]\n1. d1:3-b1 0-1')
    assert positioned.result.score_text == "0-1"
    assert '[Position "5/5/5/5/1,rw,1,wwr,1 w 17/18 0/0 1 -"]' in to_record(positioned)


def test_g1_three_player_record_result() -> None:
    game = Game(THREE_GIFTS)
    game.play("b3:3-b1")  # Blue wins
    text = to_record(game)
    assert text.endswith("1. b3:3-b1 0-0-1\n")
    assert '[Result "0-0-1"]' in text
    assert from_record(text).result.winner == 2


def test_g1_long_records_wrap_lines() -> None:
    game = Game(SHUTTLE)
    for action in CYCLE * 2:
        game.play(action)
    game.play("a1-b1")
    text = to_record(game)
    assert all(len(line) <= 79 for line in text.splitlines())
    assert text.rstrip().endswith("1/2-1/2")
    assert from_record(text).result.kind == "draw-repetition"


def test_g1_header_values_with_line_breaks_keep_the_record_readable() -> None:
    game = Game(actions=["c3"])
    text = to_record(game, {"White": "Ann\nBo", "Red": "X\u2028Y\r\nZ"})
    assert '[White "Ann Bo"]' in text
    assert '[Red "X Y  Z"]' in text
    assert from_record(text).fen() == game.fen()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1. c3 c3", "line 1: illegal action c3: c3 is occupied"),
        ("1. c3\n2. zz", "line 2: 'zz' is not an action"),
        ('[White "Ann"\n1. c3', "line 1: a header line looks like"),
        ('[Players "4"]\n1. c3', "header: Mixtour is played by 2 or 3 players"),
        ('[Discs "x"]', "header Discs: 'x' is not a number"),
        ('[Position "5/5/5/5 w 20/20 0/0 1 -"]', "header: the board has 5 ranks"),
        ("1. pass", "line 1: illegal action pass: you may only pass"),
    ],
)
def test_g1_invalid_records(text: str, words: str) -> None:
    with pytest.raises(InvalidRecordError) as info:
        from_record(text)
    assert words in str(info.value)


# ---------------------------------------------------------------------------
# Game: play, undo, redo, result


def test_game_undo_redo() -> None:
    game = Game()
    assert not game.can_undo and not game.can_redo
    assert game.undo() is None and game.redo() is None
    for text in ["c3", "b4", "b4-c3"]:
        assert str(game.play(text)) == text
    assert game.ply == 3
    assert game.undo() == Action.parse("b4-c3")
    assert game.undo() == Action.parse("b4")
    assert game.fen() == "5/5/2,w,2/5/5 r 19/20 0/0 1 c3"
    assert game.can_redo
    assert game.future() == [Action.parse("b4"), Action.parse("b4-c3")]
    assert game.redo() == Action.parse("b4")
    assert game.fen() == "5/1,r,3/2,w,2/5/5 w 19/19 0/0 1 b4"
    # A new action clears what redo would replay.
    game.play("a1")
    assert not game.can_redo and game.future() == []
    game.goto(0)
    assert game.fen() == game.start == "5/5/5/5/5 w 20/20 0/0 1 -"
    game.goto(3)
    assert [str(a) for a in game.actions()] == ["c3", "b4", "a1"]


def test_game_undo_a_finished_game() -> None:
    game = Game(TOWER_WHITE_TOP, ["d1:3-b1"])
    assert game.result.is_over
    game.undo()
    assert game.result.kind == "playing"
    assert not game.result.is_over
    assert game.result.score_text == "*"
    assert game.result.describe() == "Game in progress"
    assert game.fen() == TOWER_WHITE_TOP
    game.redo()
    assert game.result.status == "w-wins"


def test_game_accepts_text_action_or_code() -> None:
    game = Game()
    game.play(Action.parse("c3"))
    game.play(parse_square("b4"))
    game.play("B4-C3")
    assert game.fen() == "5/5/2,wr,2/5/5 r 19/19 0/0 1 b4-c3"
    assert game.can_enter(parse_square("a1"))
    assert game.moves_from(parse_square("c3")) == {}
    assert game.targets(parse_square("c3"), 1) == []


def test_game_new_and_errors() -> None:
    assert Game.new(3, 6, 2).fen() == "5/5/5/5/5 w 6/6/6 0/0/0 2 -"
    with pytest.raises(InvalidPositionError):
        Game("not a position")
    with pytest.raises(InvalidActionError):
        Game(None, ["c3", "b4-"])
    with pytest.raises(IllegalActionError, match="c3: c3 is occupied"):
        Game(None, ["c3", "c3"])


# ---------------------------------------------------------------------------
# Reasons for a lift that cannot move (what the board shows when discs are picked)


def test_r5_why_stuck_names_the_take_back() -> None:
    game = Game(actions=["a1", "b1", "a1-b1", "c1", "b1-c1"])
    pos = game.position
    c1 = parse_square("c1")
    reason = pos.why_stuck(c1, 1)
    assert reason is not None and reason.id == "stuck-because"
    assert str(reason) == (
        "the top disc of c1 cannot move: that would take back White's last move (b1-c1)"
    )
    assert pos.why_stuck(c1, 2) is None  # both discs may go back to b1


def test_r4_why_stuck_without_any_receiver() -> None:
    pos = Position("5/5/2,w,2/5/r,4 w 19/19 0/0 1 a1")
    reason = pos.why_stuck(parse_square("c3"), 1)
    assert reason is not None and reason.id == "stuck"
    assert "no stack stands on a free straight line" in str(reason)
    assert pos.why_stuck(parse_square("e5"), 1) is not None
    assert str(pos.why_stuck(parse_square("e5"), 1)) == "there is no stack on e5"
