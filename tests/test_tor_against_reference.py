"""Tor's engine against the simple move generator of ``tor_reference.py``.

Seeded random games, from the standard layout and from random ones, are
played by both implementations in lockstep. At every ply the legal actions
(as T6 text), their count, the position string and the status must agree,
and so must the position string and status after a sample of the legal
actions. The games are steered towards the rare situations (a token
discarded because no square qualifies, a token placed back on the square
just left, positions repeated until T5 draws), and the test counts that each
was really reached, so that it fails if the games stop covering them.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest
from tor_reference import DRAW_REPETITION, PLAYING, WIN, RefPosition

from mixtour.tor import Position, Status, action_text, parse_action, random_layout, start_fen

STATUS_NAMES = {Status.PLAYING: PLAYING, Status.WIN: WIN, Status.DRAW_REPETITION: DRAW_REPETITION}
STYLES = ["random", "loop", "thin", "long", "holes"]


@dataclass(frozen=True)
class Setup:
    style: str
    games: int
    max_plies: int


SETUPS = [
    Setup("random", games=20, max_plies=200),
    Setup("loop", games=12, max_plies=60),
    Setup("thin", games=16, max_plies=200),
    Setup("long", games=10, max_plies=200),
    Setup("holes", games=40, max_plies=200),
]

REQUIRED = [
    "positions",
    "no token in hand (White's first turn)",
    "discard: no square qualifies",
    "token placed on the square just left",
    "position seen twice",
    "ends: win",
    "ends: draw-repetition",
    "game over: win",
    "game over: draw-repetition",
    "random layout",
]


def engine_status(pos: Position) -> tuple[str, str | None]:
    winner = None if pos.winner is None else "wb"[pos.winner]
    return STATUS_NAMES[pos.status], winner


def parts(action: str) -> tuple[str, str, str]:
    """``c3-d4@e6`` -> (c3, d4, e6); a missing part is ''."""
    move, _, place = action.partition("@")
    frm, _, to = move.partition("-")
    return frm, to, place


def choose(
    rng: random.Random, style: str, ref: RefPosition, legal: list[str], played: list[str]
) -> str:
    """The next action; the styles steer games into rare situations."""
    if style == "loop" and played and "-" in played[-1]:
        # Put the token I hold back on the square the opponent just left,
        # and step back where my pawn came from: after a few turns the
        # position comes round again (T5).
        home = parts(played[-1])[0]
        if len(played) >= 2 and "-" in played[-2]:
            frm, to, _ = parts(played[-2])
            legal = [a for a in legal if a.startswith(f"{to}-{frm}")] or legal
        legal = [a for a in legal if parts(a)[2] == home] or legal
    if style == "thin" and ref.hand is not None:
        # Leave few squares with one token: step off single tokens and
        # place on singles, so that the token in hand soon finds no square.
        off_single = [a for a in legal if len(ref.board[parts(a)[0]]) == 1]
        if off_single:
            return rng.choice(off_single)
    if style in ("long", "holes"):
        # Keep the game going: prefer steps from squares with two tokens,
        # which leave a token behind, and place back on the square left.
        doubles = [a for a in legal if len(ref.board[parts(a)[0]]) == 2]
        back = [a for a in doubles if parts(a)[2] == parts(a)[0]]
        if back or doubles:
            return rng.choice(back or doubles)
    return rng.choice(legal)


def note(ref: RefPosition, legal: list[str], seen: Counter[str]) -> None:
    seen["positions"] += 1
    moving = any("-" in a for a in legal)
    if moving and ref.hand is None:
        seen["no token in hand (White's first turn)"] += 1
    if moving and ref.hand is not None and all("@" not in a for a in legal):
        seen["discard: no square qualifies"] += 1
    if any(parts(a)[2] and parts(a)[2] == parts(a)[0] for a in legal):
        seen["token placed on the square just left"] += 1
    if ref.history.count(ref.text()) == 1:
        seen["position seen twice"] += 1


def random_position_text(rng: random.Random) -> str:
    """A random position of the moving phase (T3) with holes and double
    squares, so that the token in hand often finds no square."""
    pile = [c for c in "BROY" for _ in range(12)]
    rng.shuffle(pile)
    squares: list[str] = []
    for _ in range(48):
        kind = rng.choice(["", "single", "double", "double"])
        if kind == "double" and len(pile) >= 3 and pile[-1] != pile[-2]:
            squares.append(pile.pop().lower() + pile.pop())
        elif kind and len(pile) >= 2:
            squares.append(pile.pop())
        else:
            squares.append(".")
    hand = rng.choice(["-", pile.pop()])
    for pawn in rng.sample([i for i, sq in enumerate(squares) if sq != "."], 4):
        squares[pawn] += "wwkk"[len([s for s in squares if s[-1] in "wk"])]
    ranks = ["".join(squares[r * 6 : r * 6 + 6]) for r in reversed(range(8))]
    return f"{'/'.join(ranks)} {rng.choice('wb')} {hand}"


def play_and_compare(setup: Setup, seed: int, seen: Counter[str]) -> None:
    rng = random.Random(seed)
    if setup.style == "holes":
        text = random_position_text(rng)
    elif seed % 3 == 1:
        text = start_fen(random_layout(seed))
        seen["random layout"] += 1
    else:
        text = start_fen()
    pos = Position(text)
    ref = RefPosition.from_text(text)
    played: list[str] = []
    for _ in range(setup.max_plies):
        fen = pos.fen()
        assert fen == ref.text()
        assert engine_status(pos) == (ref.status, ref.winner), fen
        assert pos.repetitions() == ref.history.count(fen) + 1, fen
        if ref.status != PLAYING:
            assert pos.legal_actions() == [] and pos.count_actions() == 0
            seen[f"game over: {ref.status}"] += 1
            return
        expected = sorted(ref.legal_actions())
        codes = pos.legal_actions()
        assert sorted(action_text(a) for a in codes) == expected, f"legal actions differ in {fen}"
        assert pos.count_actions() == len(expected), fen
        note(ref, expected, seen)
        sample = rng.sample(codes, min(len(codes), 3))
        for code in sample:
            a = action_text(code)
            after = ref.play(a)
            pos.push(code)
            assert pos.fen() == after.text(), f"{fen} then {a}"
            assert engine_status(pos) == (after.status, after.winner), f"{fen} then {a}"
            assert pos.hash == Position(pos.fen()).hash, f"{fen} then {a}: incremental hash"
            assert pos.pop() == code
            assert pos.fen() == fen
        a = choose(rng, setup.style, ref, expected, played)
        played.append(a)
        pos.push(parse_action(a))
        ref = ref.play(a)
        if ref.status != PLAYING:
            seen[f"ends: {ref.status}"] += 1
    seen["games cut at max plies"] += 1


@pytest.fixture(scope="module")
def coverage() -> Counter[str]:
    return Counter()


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: s.style)
def test_random_games_agree_with_reference(setup: Setup, coverage: Counter[str]) -> None:
    seen: Counter[str] = Counter()
    for game in range(setup.games):
        play_and_compare(setup, seed=1000 * STYLES.index(setup.style) + game, seen=seen)
    coverage.update(seen)
    coverage[f"setup {setup.style}"] = 1


def test_random_games_reached_every_special_situation(coverage: Counter[str]) -> None:
    if any(coverage[f"setup {s.style}"] == 0 for s in SETUPS):
        pytest.skip("needs every test_random_games_agree_with_reference case to run first")
    missing = [name for name in REQUIRED if coverage[name] == 0]
    assert not missing, f"not reached: {missing}; reached: {dict(coverage)}"
    assert coverage["positions"] >= 2000, dict(coverage)
    assert coverage["discard: no square qualifies"] >= 20, dict(coverage)
    assert coverage["ends: draw-repetition"] >= 3, dict(coverage)


if __name__ == "__main__":  # python tests/test_tor_against_reference.py: print the coverage
    import time

    for s in SETUPS:
        total: Counter[str] = Counter()
        t0 = time.perf_counter()
        for g in range(s.games):
            play_and_compare(s, seed=1000 * STYLES.index(s.style) + g, seen=total)
        print(s, f"{time.perf_counter() - t0:.2f} s")
        for key, n in sorted(total.items()):
            print(f"{n:7d}  {key}")
