"""Tor's game records (mixtour/tor/record.py on the kit's record layout):
every game reads back as it was written, the headers a player gave are kept,
and hostile text is refused quickly with a short message naming the line."""

from __future__ import annotations

import random

import pytest
from test_hostile_input import MB, hang_guard

from mixtour.tor.core import random_layout, start_fen
from mixtour.tor.game import Game
from mixtour.tor.record import InvalidRecordError, read_record, to_record


def random_game(seed: int, plies: int = 200) -> Game:
    rng = random.Random(seed)
    game = Game(start_fen(random_layout(seed)) if seed % 2 else None)
    for _ in range(plies):
        legal = game.legal_actions()
        if not legal or game.result.is_over:
            break
        game.play(rng.choice(legal))
    return game


@pytest.mark.parametrize("seed", range(12))
def test_every_game_reads_back_as_it_was_written(seed: int) -> None:
    game = random_game(seed)
    text = to_record(game, {"Event": "Club night"})
    read = read_record(text)
    assert read.game.start == game.start
    assert read.game.record() == game.record()
    assert read.game.result == game.result
    assert read.headers == {"Event": "Club night"}
    assert text.splitlines()[0] == '[Game "Tor"]'
    assert f'[Result "{game.result.score_text}"]' in text
    assert max(len(line) for line in text.splitlines()) <= 79


def test_a_header_value_is_one_line_and_quoted() -> None:
    game = Game(actions=["c3", "d5"])
    text = to_record(game, {"White": 'Ann "the wall"\nSmith', "Note": "back\\slash"})
    assert '[White "Ann \\"the wall\\" Smith"]' in text
    assert read_record(text).headers == {"White": 'Ann "the wall" Smith', "Note": "back\\slash"}


def test_tags_the_game_decides_are_never_taken_from_the_headers() -> None:
    game = Game(actions=["c3"])
    text = to_record(game, {"Result": "1-0", "Position": "nonsense", "game": "Chess"})
    assert '[Result "*"]' in text and "nonsense" not in text and "Chess" not in text


def test_a_record_by_hand_reads_as_a_person_would_write_it() -> None:
    text = '% a club game\n[White "Ann"]\n\n1.c3 d5 {a calm start} 2. b6 e2\n3. c3-d4 *\n'
    assert read_record(text).game.record() == ["c3", "d5", "b6", "e2", "c3-d4"]


REFUSED = {
    "a Mixtour record": ('[Game "Mixtour"]\n1. c3', "header Game: this is a record of 'Mixtour'"),
    "an illegal action": ("1. c3 c3", "line 1: illegal action c3:"),
    "no action": ("1. c3\n2. zz", "line 2: 'zz' is not an action"),
    "a bad Position": ('[Position "x"]', "header Position:"),
    "a bad header": ("[White Ann]", "line 1: a header line looks like"),
    "an unclosed comment": ("1. c3 {good", "line 1: the comment opened by '{' is not closed"),
}


@pytest.mark.parametrize(("text", "start"), REFUSED.values(), ids=REFUSED.keys())
def test_a_record_that_cannot_be_read_says_where_and_why(text: str, start: str) -> None:
    with pytest.raises(InvalidRecordError) as info:
        read_record(text)
    assert str(info.value).startswith(start), str(info.value)


HOSTILE = {
    "unclosed braces": "1. c3 " + "{" * MB,
    "a long word": "1. " + "c" * MB,
    "a long turn": "1. c3-" + "d4@" * (MB // 3),
    "glued move numbers": "1." * (MB // 2) + "c3x",
    "a header of brackets": "[" * MB,
    "an unclosed header": '[Event "' + "\\" * MB,
    "slashes in the Position tag": f'[Position "{"/" * MB} w -"]',
    "a huge Game tag": f'[Game "{"x" * MB}"]',
}


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_megabyte_of_hostile_record_is_refused_with_a_short_message(text: str) -> None:
    with hang_guard(), pytest.raises(InvalidRecordError) as info:
        read_record(text)
    message = str(info.value)
    assert len(message) < 300 and message.startswith(("line ", "header")), message[:300]


def test_comments_of_a_megabyte_are_skipped_in_linear_time() -> None:
    text = "1. c3 {" + "x" * MB + "} d5 " + "{x}" * (MB // 3)
    with hang_guard():
        assert read_record(text).game.record() == ["c3", "d5"]
