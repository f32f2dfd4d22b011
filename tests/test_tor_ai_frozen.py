"""Tor's Master of November 2026 kept as it was (mixtour/tor/ai/tools/frozen.py,
the arena's ``master-v2``): the measure that later changes to Master are
taken against."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from mixtour.tor.ai.tactics import winning_action
from mixtour.tor.ai.tools.arena import make_player, opening, run_arena
from mixtour.tor.ai.tools.frozen import V2_STEPS, EvaluatorV2, master_v2_move
from mixtour.tor.core import NEIGHBOURS, NUM_SQUARES, Position

ROOT = Path(__file__).resolve().parent.parent


def _positions(count: int, seed: int) -> list[Position]:
    """Positions of seeded random games, past the pawns' drops."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        pos = Position()
        while not pos.status and len(out) < count:
            pos.push(rng.choice(pos.legal_actions()))
            if not pos.status:
                out.append(Position(pos.fen()))
    return out


def _v2_by_hand(pos: Position, root: int) -> int:
    """Master v2's evaluation recounted square by square from the
    position's queries, as its doc words it."""

    def free_for(side: int) -> set[int]:
        closed = set(pos.closed_colors(side))
        return {
            s
            for s in range(NUM_SQUARES)
            if pos.tokens(s) and pos.pawn_at(s) < 0 and pos.color(s) not in closed
        }

    score = [0, 0]
    steps_of = [0, 0]
    for side in (0, 1):
        free = free_for(side)
        pawns = pos.pawn_squares(side)
        steps = {n for p in pawns for n in NEIGHBOURS[p] if n in free}
        room = {n for s in steps for n in NEIGHBOURS[s] if n in free} | steps
        hemmed = sum(1 for p in pawns if not set(NEIGHBOURS[p]) & free)
        steps_of[side] = len(steps)
        score[side] = V2_STEPS[len(steps)] - 45 * hemmed + 6 * len(room)
    mover = pos.turn
    under_mine = {pos.color(p) for p in pos.pawn_squares(mover)}
    if pos.hand >= 0 and pos.hand in under_mine and steps_of[1 - mover] <= 3:
        score[mover] += 30 * (4 - steps_of[1 - mover])
    score[mover] += 8
    return score[root] - score[1 - root]


def test_master_v2_evaluates_as_its_doc_says() -> None:
    frozen = EvaluatorV2()
    for pos in _positions(300, 5):
        for root in (0, 1):
            assert frozen.evaluate(pos, root) == _v2_by_hand(pos, root), pos.fen()


def test_master_v2_plays_legal_actions_and_every_hem_it_has() -> None:
    for i in range(3):
        pos = opening(i, 8)
        fen = pos.fen()
        assert pos.is_legal(master_v2_move(pos, 1, 20))
        assert pos.fen() == fen
    hems = [p for p in _positions(400, 6) if not p.placing and winning_action(p) is not None]
    assert hems
    for pos in hems[:5]:
        move = master_v2_move(pos, 1, 20)
        pos.push(move)
        assert pos.status and pos.winner == 1 - pos.turn


def test_the_arena_knows_master_v2() -> None:
    player = make_player("master-v2", time_ms=20)
    pos = opening(1, 2)
    assert pos.is_legal(player(pos, 3))
    command = [sys.executable, "-m", "mixtour", "tor", "arena", "master-v2", "1"]
    command += ["--pairs", "1", "--time-ms", "5", "-q"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("master-v2 vs 1: 2 games")


def test_the_arena_plays_the_same_games_two_at_a_time() -> None:
    one: list[str] = []
    two: list[str] = []
    alone = run_arena("1", "random", 2, seed=5, on_game=one.append)
    together = run_arena("1", "random", 2, seed=5, on_game=two.append, jobs=2)
    assert one == two and len(one) == 4  # each game's line: seat, end and actions
    assert alone.lines("1", "random") == together.lines("1", "random")
