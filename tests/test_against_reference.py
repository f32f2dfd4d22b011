"""The fast move generator against the simple one in ``reference.py``.

Seeded random games with two and three players, targets 1 and 3 and small
disc counts are played by both implementations in lockstep. At every ply the
legal actions (as N1 text), the position string after each of them and the
game status must agree. The games are steered towards the rare situations
(forced passes, R5 take-backs, repetitions, R10 filtering), and the test
counts that each of them was really reached, so that it fails if the games
stop covering them.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest
from reference import (
    COLOURS,
    DRAW_PASSES,
    DRAW_REPETITION,
    PLAYING,
    WIN,
    RefPosition,
    squares_between,
)

from mixtour import Position, Status
from mixtour.mixtour.core import action_text

STATUS_NAMES = {
    Status.PLAYING: PLAYING,
    Status.WIN: WIN,
    Status.DRAW_PASSES: DRAW_PASSES,
    Status.DRAW_REPETITION: DRAW_REPETITION,
}


@dataclass(frozen=True)
class Setup:
    players: int
    discs: int
    target: int
    games: int
    max_plies: int
    random_start: bool = False


def start_text(players: int, discs: int, target: int) -> str:
    reserves = "/".join([str(discs)] * players)
    scores = "/".join(["0"] * players)
    return f"5/5/5/5/5 w {reserves} {scores} {target} -"


def random_start_text(rng: random.Random, players: int, discs: int, target: int) -> str:
    """A random legal position: every colour has ``discs`` discs, some in
    stacks of 1 to 4 on the board and the rest in reserve; nobody has won."""
    reserves = [rng.randint(0, discs) for _ in range(players)]
    pile = [COLOURS[c] for c in range(players) for _ in range(discs - reserves[c])]
    rng.shuffle(pile)
    stacks: list[str] = []
    while pile:
        h = rng.randint(1, min(4, len(pile)))
        stacks.append("".join(pile[:h]))
        pile = pile[h:]
    squares = rng.sample(range(25), len(stacks))
    board = dict(zip(squares, stacks, strict=True))
    ranks = []
    for rank in reversed(range(5)):
        items: list[str] = []
        for file in range(5):
            stack = board.get(rank * 5 + file)
            if stack:
                items.append(stack)
            elif items and items[-1].isdigit():
                items[-1] = str(int(items[-1]) + 1)
            else:
                items.append("1")
        ranks.append(",".join(items))
    scores = [rng.randint(0, target - 1) for _ in range(players)]
    return " ".join(
        [
            "/".join(ranks),
            COLOURS[rng.randrange(players)],
            "/".join(map(str, reserves)),
            "/".join(map(str, scores)),
            str(target),
            "-",
        ]
    )


def engine_status(pos: Position) -> tuple[str, int | None]:
    return STATUS_NAMES[pos.status], pos.winner


def ref_status(ref: RefPosition) -> tuple[str, int | None]:
    return ref.status, ref.winner


STYLES = ["random", "loop", "enter-first", "no-score"]


def reverse(move: str) -> str:
    head, to = move.split("-")
    frm, _, count = head.partition(":")
    return f"{to}:{count}-{frm}" if count else f"{to}-{frm}"


def can_go_back(action: str, after: RefPosition) -> bool:
    """Could the discs of ``action`` (a MOVE) later go back where they came from?"""
    if "-" not in action or after.last_scored:
        return False
    frm = action[:2]
    between = squares_between(frm, action[-2:]) or []
    return len(after.board.get(frm, "")) == len(between) + 1


def choose(
    rng: random.Random,
    style: str,
    ref: RefPosition,
    results: dict[str, RefPosition],
    played: list[str],
) -> str:
    """Pick the next action; the styles steer games into rare situations."""
    actions = sorted(results)
    if style == "loop":
        # Prefer actions that lead back to a position seen before (R9), or
        # that move back what this player moved last time (a loop).
        again = [a for a in actions if results[a].p1() in ref.history]
        if again and rng.random() < 0.9:
            return rng.choice(again)
        mine = played[-ref.players] if len(played) >= ref.players else "pass"
        if "-" in mine and reverse(mine) in results and rng.random() < 0.9:
            return reverse(mine)
        reversible = [a for a in actions if can_go_back(a, results[a])]
        if reversible and rng.random() < 0.9:
            return rng.choice(reversible)
    elif style == "enter-first":
        # Empty the reserves quickly: forced passes become likely.
        enters = [a for a in actions if "-" not in a and a != "pass"]
        if enters:
            return rng.choice(enters)
    elif style == "no-score":
        # Avoid towers, so that the game lasts and the board fills up.
        quiet = [a for a in actions if results[a].scores == ref.scores]
        if quiet:
            return rng.choice(quiet)
    return rng.choice(actions)


def seed_of(setup: Setup, game: int) -> int:
    return 10000 * setup.random_start + 1000 * setup.players + 100 * setup.target + game


def play_and_compare(setup: Setup, seed: int, seen: Counter[str]) -> None:
    rng = random.Random(seed)
    style = STYLES[seed % len(STYLES)]
    if setup.random_start:
        text = random_start_text(rng, setup.players, setup.discs, setup.target)
    else:
        text = start_text(setup.players, setup.discs, setup.target)
    pos = Position(text)
    ref = RefPosition.from_p1(text)
    played: list[str] = []
    for _ply in range(setup.max_plies):
        fen = pos.fen()
        assert fen == ref.p1()
        assert engine_status(pos) == ref_status(ref), fen
        if ref.is_over:
            assert pos.legal_actions() == []
            seen[f"game over: {ref.status}"] += 1
            return
        expected = sorted(ref.legal_actions())
        got = sorted(action_text(a) for a in pos.legal_actions())
        assert got == expected, f"legal actions differ in {fen}"
        assert pos.count_actions() == len(got), fen
        note_situations(ref, expected, seen)
        results: dict[str, RefPosition] = {}
        for code in pos.legal_actions():
            a = action_text(code)
            after = ref.play(a)
            pos.push(code)
            assert pos.fen() == after.p1(), f"{fen} then {a}"
            assert engine_status(pos) == ref_status(after), f"{fen} then {a}"
            pos.pop()
            results[a] = after
            if after.is_over:
                seen[f"ends: {after.status}"] += 1
                if after.winner is not None and after.winner != ref.to_move:
                    seen["ends: win for another colour than the mover's"] += 1
        assert pos.fen() == fen
        a = choose(rng, style, ref, results, played)
        played.append(a)
        pos.push(next(c for c in pos.legal_actions() if action_text(c) == a))
        ref = results[a]
    seen["games cut at max plies"] += 1


def note_situations(ref: RefPosition, legal: list[str], seen: Counter[str]) -> None:
    """Count the special situations this position shows."""
    seen["positions"] += 1
    if ref.last_scored and ref.status == PLAYING:
        seen["after a score, game goes on"] += 1
    if legal == ["pass"]:
        seen["forced pass"] += 1
        if ref.players == 3 and (list(ref.enters()) or list(ref.moves())):
            seen["R10: every action filtered, pass"] += 1
    if ref.last == "pass":
        seen[f"after a pass ({ref.players} players)"] += 1
    if ref.reserves[ref.to_move] == 0:
        seen["empty reserve"] += 1
    forbidden = ref.forbidden_move()
    if forbidden is not None and forbidden not in legal:
        # Was the take-back geometrically possible? Then R5 removed it.
        unrestricted = RefPosition.from_p1(ref.p1().rsplit(" ", 1)[0] + " -")
        if forbidden in set(unrestricted.moves()):
            seen["R5 removes a move"] += 1
    if ref.players == 3:
        raw = set(ref.enters()) | set(ref.moves())
        for a in raw - set(legal):
            # Filtered: either a suicide move (the next player wins now) or
            # one that leaves the next player a winning action.
            kind = "suicide" if ref.play(a).status == WIN else "threat"
            seen[f"R10 filters a {kind}"] += 1
    if ref.history.count(ref.p1()) == 2:
        seen["position seen twice"] += 1


SETUPS = [
    Setup(players=2, discs=20, target=1, games=8, max_plies=100),
    Setup(players=2, discs=5, target=1, games=24, max_plies=120),
    Setup(players=2, discs=6, target=3, games=24, max_plies=200),
    Setup(players=2, discs=8, target=3, games=12, max_plies=200),
    Setup(players=3, discs=15, target=1, games=2, max_plies=60),
    Setup(players=3, discs=5, target=1, games=12, max_plies=80),
    Setup(players=3, discs=6, target=3, games=12, max_plies=150),
    Setup(players=2, discs=7, target=3, games=30, max_plies=60, random_start=True),
    Setup(players=3, discs=6, target=2, games=20, max_plies=40, random_start=True),
]

REQUIRED = [
    "after a score, game goes on",
    "forced pass",
    "after a pass (2 players)",
    "after a pass (3 players)",
    "empty reserve",
    "R5 removes a move",
    "R10 filters a suicide",
    "R10 filters a threat",
    "ends: win for another colour than the mover's",
    "R10: every action filtered, pass",
    "position seen twice",
    "ends: win",
    "ends: draw-passes",
    "ends: draw-repetition",
]


@pytest.fixture(scope="module")
def coverage() -> Counter[str]:
    return Counter()


def setup_id(s: Setup) -> str:
    return f"{s.players}p-d{s.discs}-t{s.target}" + ("-random-start" if s.random_start else "")


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_random_games_agree_with_reference(setup: Setup, coverage: Counter[str]) -> None:
    seen: Counter[str] = Counter()
    for game in range(setup.games):
        play_and_compare(setup, seed=seed_of(setup, game), seen=seen)
    coverage.update(seen)
    coverage[f"setup {SETUPS.index(setup)}"] = 1


def test_random_games_reached_every_special_situation(coverage: Counter[str]) -> None:
    if any(coverage[f"setup {i}"] == 0 for i in range(len(SETUPS))):
        pytest.skip("needs every test_random_games_agree_with_reference case to run first")
    missing = [name for name in REQUIRED if coverage[name] == 0]
    assert not missing, f"not reached: {missing}; reached: {dict(coverage)}"
    assert coverage["positions"] >= 2000, dict(coverage)


if __name__ == "__main__":  # python -m tests.test_against_reference: print the coverage
    import time

    for s in SETUPS:
        total: Counter[str] = Counter()
        t0 = time.perf_counter()
        for g in range(s.games):
            play_and_compare(s, seed=seed_of(s, g), seen=total)
        print(s, f"{time.perf_counter() - t0:.2f} s")
        for key, n in sorted(total.items()):
            print(f"{n:7d}  {key}")
