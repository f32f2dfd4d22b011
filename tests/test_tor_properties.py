"""Property tests of Tor's engine (Hypothesis): round trips, robust parsers,
invariants of push/pop, and the page's helpers against ``legal_actions``.

Positions come from random games, on the standard layout or a random one,
and from random boards of the moving phase with holes and double squares.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mixtour.tor import (
    NO_PLACE,
    REASON_IDS,
    IllegalActionError,
    InvalidActionError,
    InvalidPositionError,
    Position,
    Status,
    TorError,
    action_text,
    parse_action,
    random_layout,
    start_fen,
)
from mixtour.tor.core import is_action_code
from mixtour.tor.game import Game

PROPS = settings(
    deadline=None,
    max_examples=30,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# Every action code: 48 placements and every step with every placement.
ALL_CODES = list(range(48)) + [
    f << 12 | t << 6 | p for f in range(48) for t in range(48) if f != t for p in [*range(48), 63]
]


def random_board(rng: random.Random) -> str:
    """A position of the moving phase: squares empty, single or double."""
    pile = [c for c in "BROY" for _ in range(12)]
    rng.shuffle(pile)
    pawns = rng.sample(range(48), 4)
    squares = ["."] * 48
    for sq in pawns:
        squares[sq] = pile.pop()
    for sq in range(48):
        kind = "" if sq in pawns else rng.choice(["", "single", "single", "double"])
        if kind == "double" and len(pile) >= 3 and pile[-1] != pile[-2]:
            squares[sq] = pile.pop().lower() + pile.pop()
        elif kind and len(pile) >= 2:
            squares[sq] = pile.pop()
    hand = rng.choice(["-", pile.pop()])
    for n, pawn in enumerate(pawns):
        squares[pawn] += "wwkk"[n]
    ranks = ["".join(squares[r * 6 : r * 6 + 6]) for r in reversed(range(8))]
    return f"{'/'.join(ranks)} {rng.choice('wb')} {hand}"


def play_random(pos: Position, rng: random.Random, plies: int) -> list[int]:
    played = []
    for _ in range(plies):
        actions = pos.legal_actions()
        if not actions:
            break
        a = rng.choice(actions)
        pos.push(a)
        played.append(a)
    return played


@st.composite
def games(draw: st.DrawFn) -> tuple[str, list[int]]:
    """A start position and the actions of a random game from it."""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    kind = draw(st.sampled_from(["standard", "layout", "board"]))
    start = {
        "standard": lambda: start_fen(),
        "layout": lambda: start_fen(random_layout(seed)),
        "board": lambda: random_board(rng),
    }[kind]()
    plies = draw(st.integers(0, 80))
    return start, play_random(Position(start), rng, plies)


@PROPS
@given(games())
def test_position_string_round_trips_at_every_ply(game: tuple[str, list[int]]) -> None:
    start, actions = game
    pos = Position(start)
    assert Position(start).fen() == start
    for a in actions:
        pos.push(a)
        text = pos.fen()
        again = Position(text)
        assert again.fen() == text and again == pos
        assert again.hash == pos.hash  # the incremental hash is the full one
        assert again.copy() == pos.copy() == pos
        if not pos.is_over or pos.status == Status.WIN:
            # A read position has no history, so it can only repeat T4's end.
            assert (again.status, again.winner) == (pos.status, pos.winner)


@PROPS
@given(games())
def test_push_then_pop_restores_everything(game: tuple[str, list[int]]) -> None:
    start, actions = game
    pos = Position(start)
    for a in actions:
        pos.push(a)
    before = (pos.fen(), pos.hash, pos.status, pos.winner, pos.repetitions(), pos.free)
    for a in pos.legal_actions():
        pos.push(a)
        assert pos.pop() == a
        after = (pos.fen(), pos.hash, pos.status, pos.winner, pos.repetitions(), pos.free)
        assert after == before
    for a in reversed(actions):
        assert pos.pop() == a
    assert pos.fen() == start and pos.ply == 0 and pos.repetitions() == 1


@PROPS
@given(games(), st.integers(0, 2**32 - 1))
def test_why_not_is_none_exactly_for_legal_actions(game: tuple[str, list[int]], seed: int) -> None:
    start, actions = game
    pos = Game(start, [action_text(a) for a in actions]).position
    legal = set(pos.legal_actions())
    assert len(legal) == pos.count_actions() == len(pos.legal_actions())
    rng = random.Random(seed)
    near = [a for a in ALL_CODES if a >= 64 and pos.pawns[pos.turn] >> (a >> 12) & 1]
    for code in rng.sample(ALL_CODES, 100) + rng.sample(near, min(len(near), 100)) + list(legal):
        reason = pos.why_not(code)
        assert (reason is None) == (code in legal), (pos.fen(), action_text(code), reason)
        if reason is not None:
            assert reason.id in REASON_IDS and str(reason)


@PROPS
@given(games())
def test_the_page_helpers_rebuild_the_legal_actions(game: tuple[str, list[int]]) -> None:
    start, actions = game
    pos = Position(start)
    for a in actions:
        pos.push(a)
    legal = pos.legal_actions()
    rebuilt = list(pos.drops())
    for frm in range(48):
        for to in pos.steps_from(frm):
            places = pos.placements(frm, to)
            rebuilt += [frm << 12 | to << 6 | p for p in places] or [frm << 12 | to << 6 | NO_PLACE]
    assert sorted(rebuilt) == sorted(legal)
    steps = {(a >> 12, (a >> 6) & 63) for a in legal if a >= 64}
    for frm in pos.pawn_squares(pos.turn):
        for to in range(48):
            if to != frm:
                assert (pos.why_not_step(frm, to) is None) == ((frm, to) in steps)


def test_action_codes_round_trip_through_their_text() -> None:
    # Every placement, every step, and every step with a third of the squares.
    for code in ALL_CODES:
        if code >= 64 and (code & 63) % 3 and code & 63 != NO_PLACE:
            continue
        assert is_action_code(code)
        assert parse_action(action_text(code)) == code
    assert not any(is_action_code(c) for c in (-1, 48, 63, 64 - 1, 1 << 18, True))
    assert not is_action_code(5 << 12 | 5 << 6 | 1)  # a step to its own square


@PROPS
@given(st.sampled_from(ALL_CODES), st.text(" \t\n", max_size=3), st.randoms())
def test_notation_ignores_case_and_surrounding_spaces(
    code: int, pad: str, rnd: random.Random
) -> None:
    text = "".join(ch.upper() if rnd.random() < 0.5 else ch for ch in action_text(code))
    assert parse_action(pad + text + pad) == code


POSITION_ALPHABET = "BROYbroywk.-/ _12"


@settings(deadline=None, max_examples=100)
@given(
    st.one_of(
        st.text(max_size=120),
        st.text(POSITION_ALPHABET, max_size=120),
        st.randoms()
        .map(random_board)
        .flatmap(
            lambda text: st.integers(0, len(text)).flatmap(
                lambda i: st.text(POSITION_ALPHABET, max_size=2).map(
                    lambda s: text[:i] + s + text[i + 1 :]
                )
            )
        ),
    )
)
def test_position_reader_raises_only_invalid_position_error(text: str) -> None:
    try:
        pos = Position(text)
    except InvalidPositionError as e:
        assert str(e) and "\n" not in str(e) and len(str(e)) < 300
        return
    # Accepted: then it is canonical, and the same position again.
    assert Position(pos.fen()) == pos


@settings(deadline=None, max_examples=300)
@given(st.one_of(st.text(max_size=20), st.text("abcdefgh0123456789-@ ", max_size=12)))
def test_action_reader_raises_only_invalid_action_error(text: str) -> None:
    try:
        code = parse_action(text)
    except InvalidActionError as e:
        assert str(e) and len(str(e)) < 300
        return
    assert action_text(code) == text.strip().lower()


@PROPS
@given(games(), st.lists(st.text(max_size=12), max_size=5))
def test_game_refuses_bad_actions_with_documented_errors_only(
    game: tuple[str, list[int]], texts: list[str]
) -> None:
    start, actions = game
    g = Game(start, [action_text(a) for a in actions])
    for text in texts:
        before = g.fen()
        try:
            g.play(text)
        except IllegalActionError as e:
            assert e.reason is not None and e.reason.id in REASON_IDS
            assert g.fen() == before
        except InvalidActionError:
            assert g.fen() == before


@PROPS
@given(games())
def test_game_undo_and_redo_walk_the_whole_game(game: tuple[str, list[int]]) -> None:
    start, actions = game
    g = Game(start, [action_text(a) for a in actions])
    end, record = g.fen(), g.record()
    assert record == [action_text(a) for a in actions]
    g.goto(0)
    assert g.fen() == start and [str(a) for a in g.future()] == record
    assert g.movers() == [(Position(start).turn + i) % 2 for i in range(len(record))]
    g.goto(len(record))
    assert g.fen() == end and g.record() == record and not g.can_redo


def test_errors_are_tor_errors_and_value_errors() -> None:
    with pytest.raises(TorError):
        Position("nonsense")
    with pytest.raises(ValueError):
        parse_action("nonsense")
