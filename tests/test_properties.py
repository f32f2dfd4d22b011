"""Property tests (Hypothesis): round trips, robust parsers and invariants.

Positions come from random play from random starts (2 or 3 players, any D
and T) and from random boards with valid disc totals built directly.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mixtour import (
    PASS,
    Action,
    IllegalActionError,
    InvalidActionError,
    MixtourError,
    Position,
    Status,
)
from mixtour.mixtour.core import BETWEEN, DIST, action_text, square_name
from mixtour.mixtour.game import Game
from mixtour.mixtour.record import from_record, to_record

COLOURS = "wrb"

# Every action code: 25 ENTERs, PASS and 25 * 24 * 4 MOVEs.
ALL_CODES = (
    list(range(25))
    + [PASS]
    + [k << 10 | f << 5 | t for k in range(1, 5) for f in range(25) for t in range(25) if f != t]
)

PROPS = settings(
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# ---------------------------------------------------------------------------
# Strategies


@st.composite
def start_texts(draw: st.DrawFn) -> str:
    players = draw(st.sampled_from([2, 3]))
    discs = draw(st.one_of(st.integers(5, 8), st.integers(5, 30)))
    target = draw(st.one_of(st.just(1), st.integers(1, 9)))
    return Position.start(players, discs, target).fen()


def reverse_move(code: int) -> int:
    return (code >> 10) << 10 | (code & 31) << 5 | (code >> 5) & 31


def play_random(pos: Position, rng: random.Random, plies: int, style: str = "random") -> list[int]:
    """Play up to ``plies`` random legal actions and return them. Style
    ``quiet`` avoids actions that end the game while others exist; ``loop``
    also prefers going back to earlier positions (R9)."""
    played: list[int] = []
    for _ in range(plies):
        actions = pos.legal_actions()
        if not actions:
            break
        a = rng.choice(actions)
        if style != "random":
            rng.shuffle(actions)
            quiet, again = [], []
            for b in actions:
                pos.push(b)
                if not pos.is_over:
                    quiet.append(b)
                if pos.repetitions() >= 2:
                    again.append(b)
                pos.pop()
            mine = played[-pos.players] if len(played) >= pos.players else PASS
            if style == "loop" and again:
                a = again[0]
            elif style == "loop" and mine >= 1024 and reverse_move(mine) in actions:
                a = reverse_move(mine)
            elif quiet:
                a = quiet[0]
        pos.push(a)
        played.append(a)
    return played


@st.composite
def games(draw: st.DrawFn) -> tuple[str, list[int]]:
    """A start position and the actions of a random game from it."""
    start = draw(st.one_of(start_texts(), random_boards()))
    seed = draw(st.integers(0, 2**32 - 1))
    plies = draw(st.integers(0, 150))
    style = draw(st.sampled_from(["random", "quiet", "loop"]))
    pos = Position(start)
    return start, play_random(pos, random.Random(seed), plies, style)


def board_text(stacks: list[str]) -> str:
    ranks = []
    for rank in reversed(range(5)):
        items: list[str] = []
        for file in range(5):
            stack = stacks[rank * 5 + file]
            if stack:
                items.append(stack)
            elif items and items[-1].isdigit():
                items[-1] = str(int(items[-1]) + 1)
            else:
                items.append("1")
        ranks.append(",".join(items))
    return "/".join(ranks)


@st.composite
def random_boards(draw: st.DrawFn) -> str:
    """A canonical P1 string on a random board: each colour owns the same
    number D of discs (reserve + board), 5 <= D <= 30; nobody has won, or
    exactly one player has; the last action fits the board."""
    players = draw(st.sampled_from([2, 3]))
    colours = COLOURS[:players]
    stack = st.text(alphabet=colours, min_size=1, max_size=4)
    stacks = draw(st.lists(st.one_of(st.just(""), stack), min_size=25, max_size=25))
    counts = [sum(s.count(c) for s in stacks) for c in colours]
    assume(max(counts) <= 30)
    discs = draw(st.integers(max(5, max(counts)), 30))
    reserves = [discs - n for n in counts]
    target = draw(st.integers(1, 9))
    scores = [draw(st.integers(0, target - 1)) for _ in colours]
    if draw(st.booleans()) and draw(st.booleans()):
        scores[draw(st.integers(0, players - 1))] = target
    turn = draw(st.integers(0, players - 1))
    mover = (turn - 1) % players
    lasts = ["-", "pass"]
    lasts += [square_name(s) for s in range(25) if stacks[s] == colours[mover]]
    for f in range(25):
        for t in range(25):
            d = DIST[f][t]
            if not d or any(stacks[b] for b in BETWEEN[f][t]):
                continue
            for k in range(1, 5):
                if len(stacks[t]) == d + k or (not stacks[t] and d + k >= 5):
                    lasts.append(action_text(k << 10 | f << 5 | t))
    last = draw(st.sampled_from(lasts))
    return " ".join(
        [
            board_text(stacks),
            colours[turn],
            "/".join(map(str, reserves)),
            "/".join(map(str, scores)),
            str(target),
            last,
        ]
    )


def game_record(start: str, codes: list[int]) -> str:
    game = Game(start)
    for c in codes:
        game.play(c)
    return to_record(game)


MUTATION_CHARS = 'wrbWRB0123456789/,:-_ .abcdefpas[]"{}\n\t'


@st.composite
def mutated(draw: st.DrawFn, base: st.SearchStrategy[str]) -> str:
    """A valid string with a few small edits: truncated, a character deleted,
    swapped, duplicated or inserted, a digit changed, separators removed."""
    text = draw(base)
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(
            st.sampled_from(
                ["truncate", "delete", "swap", "digit", "separators", "insert", "duplicate"]
            )
        )
        i = draw(st.integers(0, max(0, len(text) - 1)))
        if kind == "truncate":
            text = text[:i]
        elif kind == "delete":
            text = text[:i] + text[i + 1 :]
        elif kind == "swap" and len(text) >= 2:
            j = min(i + 1, len(text) - 1)
            if j == i:
                i -= 1
            text = text[:i] + text[j] + text[i] + text[j + 1 :]
        elif kind == "digit":
            digits = [n for n, ch in enumerate(text) if ch.isdigit()]
            if digits:
                n = draw(st.sampled_from(digits))
                new = draw(st.sampled_from(["0", "1", "4", "5", "6", "9", "10", "31", "99"]))
                text = text[:n] + new + text[n + 1 :]
        elif kind == "separators":
            sep = draw(st.sampled_from([" ", "/", ",", ":", "-", "."]))
            text = text.replace(sep, "", draw(st.integers(1, 3)))
        elif kind == "insert":
            ch = draw(st.sampled_from(MUTATION_CHARS))
            text = text[:i] + ch + text[i:]
        elif kind == "duplicate":
            j = draw(st.integers(i, len(text)))
            text = text[:j] + text[i:j] + text[j:]
    return text


valid_p1 = st.one_of(random_boards(), games().map(lambda g: replay(*g).fen()))
valid_n1 = st.sampled_from(ALL_CODES).map(action_text)
valid_g1 = games().map(lambda g: game_record(*g))


def replay(start: str, codes: list[int]) -> Position:
    pos = Position(start)
    for c in codes:
        pos.push(c)
    return pos


# ---------------------------------------------------------------------------
# Invariants checked at every ply


def check_invariants(pos: Position) -> None:
    fen = pos.fen()
    fresh = Position(fen)
    assert fresh.fen() == fen  # P1 round trip
    assert fresh.hash == pos.hash, fen  # the incremental hash is the full one
    if pos.status != Status.DRAW_REPETITION:  # needs the history
        assert (fresh.status, fresh.winner) == (pos.status, pos.winner), fen
    legal = pos.legal_actions()
    assert pos.count_actions() == len(legal), fen
    assert len(set(legal)) == len(legal), fen
    assert (legal == []) == pos.is_over
    for c, colour in enumerate(COLOURS[: pos.players]):
        on_board = sum(s.count(colour) for s in pos.stacks)
        assert pos.reserves[c] + on_board == pos.discs, f"{colour} in {fen}"
    assert all(0 <= len(s) <= 4 for s in pos.stacks)


def check_push_pop(pos: Position) -> None:
    before = (pos.fen(), pos.hash, pos.status, pos.winner, pos.repetitions(), pos.history())
    for a in pos.legal_actions():
        pos.push(a)
        assert pos.peek() == a
        pos.pop()
        after = (pos.fen(), pos.hash, pos.status, pos.winner, pos.repetitions(), pos.history())
        assert after == before, action_text(a)


# ---------------------------------------------------------------------------
# P1


@PROPS
@given(game=games())
def test_p1_round_trip_and_invariants_during_random_games(game: tuple[str, list[int]]) -> None:
    start, codes = game
    pos = Position(start)
    check_invariants(pos)
    for c in codes:
        pos.push(c)
        check_invariants(pos)
    assert pos.history() == codes


@PROPS
@given(text=random_boards())
def test_p1_round_trip_random_boards(text: str) -> None:
    pos = Position(text)
    assert pos.fen() == text
    assert Position(text.replace(" ", "_")).fen() == text
    assert Position(text.upper()).fen() == text
    check_invariants(pos)
    check_push_pop(pos)


@PROPS
@given(game=games())
def test_push_pop_restores_the_position(game: tuple[str, list[int]]) -> None:
    start, codes = game
    pos = Position(start)
    fens = [pos.fen()]
    hashes = [pos.hash]
    for c in codes:
        pos.push(c)
        fens.append(pos.fen())
        hashes.append(pos.hash)
    check_push_pop(pos)
    # Popping everything walks back through the same positions.
    while codes:
        assert pos.pop() == codes.pop()
        fens.pop()
        hashes.pop()
        assert (pos.fen(), pos.hash) == (fens[-1], hashes[-1])
    assert pos.fen() == Position(start).fen()


@PROPS
@given(game=games())
def test_explain_agrees_with_legal_actions(game: tuple[str, list[int]]) -> None:
    pos = replay(*game)
    legal = set(pos.legal_actions())
    for code in ALL_CODES:
        why = pos.explain(code)
        assert (why is None) == (code in legal), (pos.fen(), action_text(code), why)
    for sq in range(25):
        moves = {k << 10 | sq << 5 | t for k, ts in pos.moves_from(sq).items() for t in ts}
        assert moves == {a for a in legal if a >= 1024 and (a >> 5) & 31 == sq}
        assert pos.can_enter(sq) == (sq in legal)
        for k in range(1, 5):
            assert pos.targets(sq, k) == sorted(a & 31 for a in moves if a >> 10 == k)


# ---------------------------------------------------------------------------
# N1


def test_n1_round_trip_of_every_action_code() -> None:
    texts = set()
    for code in ALL_CODES:
        text = str(Action(code))
        assert Action.parse(text).code == code
        assert Action.parse(f"  {text.upper()}\t").code == code
        texts.add(text)
        if code >= 1024 and code >> 10 == 1:
            frm, to = text.split("-")
            assert Action.parse(f"{frm}:1-{to}").code == code
    assert len(texts) == len(ALL_CODES) == 25 + 1 + 25 * 24 * 4


@PROPS
@given(code=st.sampled_from(ALL_CODES), data=st.data())
def test_n1_input_is_case_and_space_insensitive(code: int, data: st.DataObject) -> None:
    text = action_text(code)
    cased = "".join(ch.upper() if data.draw(st.booleans()) else ch for ch in text)
    spaces = st.text(alphabet=" \t", max_size=3)
    assert Action.parse(data.draw(spaces) + cased + data.draw(spaces)).code == code


# ---------------------------------------------------------------------------
# G1

# Any text, with a bias towards what a record must escape or cannot hold.
HEADER_VALUES = st.text(
    alphabet=st.one_of(st.characters(), st.sampled_from('"\\[]{}\n\r\x1c\u2028')), max_size=20
)


@PROPS
@given(
    game=games(),
    names=st.dictionaries(st.sampled_from(["White", "Red", "Blue", "Event"]), HEADER_VALUES),
)
def test_g1_export_import_gives_the_same_game(
    game: tuple[str, list[int]], names: dict[str, str]
) -> None:
    start, codes = game
    original = Game(start)
    for c in codes:
        original.play(c)
    text = to_record(original, names)
    again = from_record(text)
    assert again.start == original.start
    assert again.actions() == original.actions()
    assert again.fen() == original.fen()
    assert again.result == original.result
    assert to_record(again, names) == text
    # Without the move numbers and the result, the same game.
    bare = " ".join(str(a) for a in original.actions())
    header = text.split("\n\n")[0]
    assert from_record(header + "\n\n" + bare).fen() == original.fen()


# ---------------------------------------------------------------------------
# Parsers never fail with anything but MixtourError


def only_mixtour_errors(parse: Callable[[str], object], text: str) -> object | None:
    try:
        return parse(text)
    except MixtourError:
        return None


def check_all_parsers(text: str) -> None:
    pos = only_mixtour_errors(Position, text)
    if isinstance(pos, Position):
        # Whatever is accepted is a consistent position.
        assert Position(pos.fen()).fen() == pos.fen()
        check_invariants(pos)
        check_push_pop(pos)
    action = only_mixtour_errors(Action.parse, text)
    if isinstance(action, Action):
        assert Action.parse(str(action)) == action
    game = only_mixtour_errors(from_record, text)
    if isinstance(game, Game):
        assert from_record(to_record(game)).fen() == game.fen()
    only_mixtour_errors(Game, text)
    only_mixtour_errors(lambda t: Game(None, [t]), text)
    only_mixtour_errors(lambda t: Game(None, t.split()), text)


@PROPS
@given(text=st.text())
def test_parsers_raise_only_mixtour_errors_on_any_text(text: str) -> None:
    check_all_parsers(text)


@PROPS
@given(text=st.text(alphabet=MUTATION_CHARS, max_size=60))
def test_parsers_raise_only_mixtour_errors_on_notation_like_text(text: str) -> None:
    check_all_parsers(text)


@settings(PROPS, max_examples=150)
@given(text=mutated(valid_p1))
def test_parsers_on_mutated_position_strings(text: str) -> None:
    check_all_parsers(text)


@PROPS
@given(text=mutated(valid_n1))
def test_parsers_on_mutated_actions(text: str) -> None:
    check_all_parsers(text)


@PROPS
@given(text=mutated(valid_g1))
def test_parsers_on_mutated_records(text: str) -> None:
    check_all_parsers(text)


@PROPS
@given(start=start_texts(), actions=st.lists(st.one_of(valid_n1, mutated(valid_n1))))
def test_game_with_any_action_list(start: str, actions: list[str]) -> None:
    try:
        game = Game(start, actions)
    except (InvalidActionError, IllegalActionError):
        return
    assert [str(a) for a in game.actions()] == [str(Action.parse(a)) for a in actions]


@PROPS
@given(code=st.one_of(st.integers(), st.integers(-100, 6000)))
def test_any_integer_code_is_an_action_or_a_mixtour_error(code: int) -> None:
    pos = Position("5/5/2,w,2/5/5 r 19/20 0/0 1 c3")
    assert isinstance(pos.explain(code), str | None)
    game = Game(pos.fen())
    if code in pos.legal_actions():
        game.play(code)
        assert game.ply == 1
    else:
        with pytest.raises(MixtourError):
            game.play(code)
        assert game.ply == 0
