"""web/js/notation.js agrees with the engine (N1, P1, links).

The engine prints positions and actions from seeded random games (two and
three players, targets 1 to 3, several disc counts, every field of P1 in
use); tests/js/notation_agree.mjs reads each with the module under Node and
prints it back, and every answer must be the engine's text exactly. Malformed
text must be refused by both: the module says null where the engine raises.
The module reads notation only, so a position it accepts may still be refused
by the engine, for a rule (the discs each player owns, the last action against
the board, the scores against the target) and for no other reason.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

from test_js_units import node_flags

from mixtour.mixtour.ai import LEVELS
from mixtour.mixtour.core import (
    NUM_SQUARES,
    PASS,
    Action,
    InvalidActionError,
    MixtourError,
    Position,
    parse_square,
    square_name,
)
from mixtour.mixtour.game import Game
from mixtour.mixtour.link import format_link, format_seats

AGREE = Path(__file__).resolve().parent / "js" / "notation_agree.mjs"

# The engine's refusals that are rules, not notation (mixtour/mixtour/core.py, _parse_fen).
RULE_MESSAGES = (
    "every player must own the same number of discs",
    "each player owns",
    "no score can exceed the target",
    "only one player can have reached the target",
)

# Every character Python's str.strip() and str.split() take for a space, and one they do not.
SPACES = [chr(c) for c in range(0x3001) if chr(c).isspace()] + ["\ufeff"]


def module(requests: list[dict[str, str]]) -> list[Any]:
    """What web/js/notation.js makes of each request (see notation_agree.mjs)."""
    node = shutil.which("node")
    assert node, "node is needed to run web/js/notation.js"
    out = subprocess.run(
        [node, *node_flags(node), str(AGREE)],
        input=json.dumps(requests),
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
    )
    answers: list[Any] = json.loads(out.stdout)
    assert len(answers) == len(requests)
    return answers


@cache
def games() -> list[Game]:
    """Seeded random games: 2 and 3 players, targets 1-3, several disc counts."""
    rng = random.Random(20261123)
    played = []
    for players in (2, 3):
        for target in (1, 2, 3):
            for discs in (5, 8, 15, 20, 30):
                for _ in range(3):
                    game = Game.new(players, discs, target)
                    while not game.position.is_over and game.ply < 160:
                        game.play(str(Action(rng.choice(game.position.legal_actions()))))
                    played.append(game)
    return played


def positions() -> list[Position]:
    found = []
    for game in games():
        start = game.ply
        for ply in range(start + 1):
            game.goto(ply)
            found.append(game.position.copy())
        game.goto(start)
    return found


def mutate(text: str, rng: random.Random, alphabet: str) -> str:
    """One to three random edits: a character replaced, inserted or deleted."""
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        where = rng.randrange(len(chars) + 1)
        edit = rng.choice(("replace", "insert", "delete"))
        if edit == "insert" or not chars:
            chars.insert(where, rng.choice(alphabet))
        elif edit == "replace":
            chars[min(where, len(chars) - 1)] = rng.choice(alphabet)
        else:
            del chars[min(where, len(chars) - 1)]
    return "".join(chars)


def engine_position(text: str) -> str | MixtourError:
    try:
        return Position(text).fen()
    except MixtourError as error:
        return error


def engine_action(text: str) -> dict[str, object] | None:
    try:
        return Action.parse(text).as_dict()
    except InvalidActionError:
        return None


def is_rule(error: MixtourError) -> bool:
    message = str(error)
    # "last action c3: ..." is a rule (the action against the board); "last
    # action: ..." is the action's text, which is notation.
    return any(rule in message for rule in RULE_MESSAGES) or (
        message.startswith("last action ") and not message.startswith("last action:")
    )


def spellings(fen: str, rng: random.Random) -> list[str]:
    """Other ways to write a position that the engine reads as the same one."""
    board, *rest = fen.split()
    # A run of empty squares may be written in parts: 5 as 2,3.
    split_board = re.sub(r"\b5\b", "2,3", board)
    last = rest[-1]
    if last not in ("-", "pass") and "-" in last and ":" not in last:
        last = last.replace("-", ":1-")
    numbers = ["/".join("0" + n for n in field.split("/")) for field in rest[1:3]]
    return [
        fen.upper(),
        fen.replace(" ", "_"),
        "  " + fen.replace(" ", rng.choice(("  ", "\t", " _ ", "__"))) + "\n",
        " ".join([split_board, *rest]),
        " ".join([board, rest[0], *numbers, rest[3], last]),
    ]


def check_positions(texts: list[str]) -> int:
    """Compare the module and the engine on each text; returns how many the engine accepted."""
    answers = module([{"kind": "position", "text": text} for text in texts])
    accepted = 0
    for text, answer in zip(texts, answers, strict=True):
        engine = engine_position(text)
        if isinstance(engine, str):
            accepted += 1
            assert answer == engine, f"{text!r}: module {answer!r}, engine {engine!r}"
        elif answer is not None:
            assert is_rule(engine), f"{text!r}: module {answer!r}, engine refuses: {engine}"
    return accepted


def test_the_module_prints_every_position_of_random_games_as_the_engine_does() -> None:
    texts = [position.fen() for position in positions()]
    assert len(texts) > 5000
    fields = [text.split() for text in texts]
    # Every feature of P1 comes up: three players, blue stacks, 4-high stacks,
    # scores, targets, passes, moves of 1 and of several discs.
    assert any(len(f[2].split("/")) == 3 and "b" in f[0] for f in fields)
    assert any(any(len(item) == 4 for item in f[0].replace("/", ",").split(",")) for f in fields)
    assert any(f[3] != "0/0" and f[3] != "0/0/0" for f in fields)
    assert {f[4] for f in fields} == {"1", "2", "3"}
    assert any(f[5] == "pass" for f in fields)
    assert any(":" in f[5] for f in fields) and any("-" in f[5] and ":" not in f[5] for f in fields)
    assert check_positions(texts) == len(texts)


def test_other_spellings_of_a_position_print_back_canonically() -> None:
    rng = random.Random(7)
    texts = [text for p in positions()[::7] for text in spellings(p.fen(), rng)]
    assert check_positions(texts) == len(texts)


def test_malformed_positions_are_refused_by_both() -> None:
    rng = random.Random(11)
    alphabet = "wrbWRB0123456789/,_ -:pas\t#x"
    texts = [mutate(p.fen(), rng, alphabet) for p in positions()[::2]]
    texts += [space.join(("5/5/5/5/5", "w", "20/20", "0/0", "1", "-")) for space in SPACES]
    accepted = check_positions(texts)
    assert 0 < accepted < len(texts) // 2  # most mutations break the string


def test_every_action_reads_as_the_engine_describes_it() -> None:
    texts: set[str] = set()
    for position in positions()[::5]:
        texts.update(str(Action(code)) for code in position.legal_actions())
    texts.update(
        str(Action.move(a, b, k))
        for a in range(25)
        for b in range(25)
        if a != b
        for k in (1, 2, 3, 4)
    )
    texts.update(str(Action(s)) for s in range(NUM_SQUARES))
    texts.add(str(Action(PASS)))
    variants = [t.upper() for t in texts] + [f" {t}\t" for t in texts]
    variants += [t.replace("-", ":1-") for t in texts if "-" in t and ":" not in t]
    variants += [t.replace(":", ":0") for t in texts if ":" in t]
    requests = sorted(texts) + variants
    answers = module([{"kind": "action", "text": text} for text in requests])
    for text, answer in zip(requests, answers, strict=True):
        assert answer == engine_action(text), text


def test_malformed_actions_are_refused_by_both() -> None:
    rng = random.Random(13)
    alphabet = "abcdef0123456:-  pasPAS\t"
    seeds = [str(Action(code)) for code in Position().legal_actions()] + [
        "c4:3-d3",
        "a1-b2",
        "pass",
    ]
    texts = [mutate(rng.choice(seeds), rng, alphabet) for _ in range(4000)]
    texts += ["", " ", "c3:2", "c3-c3", "c3:5-d3", "c3:05-d3", "c3:004-d3", "c3::2-d3", "c3 :2-d3"]
    texts += [f"{space}c3{space}" for space in SPACES] + [f"c4{space}:2-d3" for space in SPACES]
    answers = module([{"kind": "action", "text": text} for text in texts])
    refused = 0
    for text, answer in zip(texts, answers, strict=True):
        expected = engine_action(text)
        assert answer == expected, f"{text!r}: module {answer!r}, engine {expected!r}"
        refused += expected is None
    assert refused > len(texts) // 2


def test_square_names_agree_and_anything_else_is_not_a_square() -> None:
    texts = [square_name(s) for s in range(NUM_SQUARES)]
    texts += [t.upper() for t in texts] + ["", "f1", "a0", "a6", "a 1", "a1a", " b2 ", "\u00a0e5"]
    for text, answer in zip(
        texts, module([{"kind": "square", "text": t} for t in texts]), strict=True
    ):
        try:
            expected = parse_square(text)
        except InvalidActionError:
            expected = -1
        assert answer["square"] == expected, text
        assert answer["name"] == (None if expected < 0 else square_name(expected))


def test_a_link_shows_before_the_engine_the_position_the_engine_shows() -> None:
    rng = random.Random(17)
    requests = []
    expected = []
    for game in games()[::3]:
        end = game.ply
        for ply in sorted({0, rng.randrange(end + 1), end}):
            game.goto(ply)
            link = format_link(game, preview=True, flip=ply % 2 == 1)
            requests.append({"kind": "link", "text": link})
            # A game link carries the position shown (at=), a position link is one.
            expected.append(
                {"position": game.fen(), "ply": ply, "total": end, "flip": ply % 2 == 1}
            )
            position_only = format_link(game, whole_game=False)
            requests.append({"kind": "link", "text": "#" + position_only})
            expected.append({"position": game.fen(), "ply": 0, "total": 0, "flip": False})
        game.goto(end)
    assert module(requests) == expected


def test_the_computers_seats_are_written_as_the_engine_writes_them() -> None:
    every = [{"w": w, "r": r, "b": b} for w in range(7) for r in range(7) for b in (0, 3, 6, None)]
    seats = [{c: n for c, n in s.items() if n is not None} for s in every]
    requests = [{"kind": "seats", "text": json.dumps(s)} for s in seats]
    assert module(requests) == [format_seats(s) for s in seats]


def test_the_levels_are_the_engines() -> None:
    assert module([{"kind": "levels"}]) == [sorted(LEVELS)]
