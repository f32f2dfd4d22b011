"""Finding tactics in self-play games: double threats.

A *double threat* here is a position where the player to move cannot win
at once but has a move after which every reply of the opponent leaves a
winning tower (two threats that one move cannot both parry, or a position
where every reply hands over a tower).  :func:`forcing_wins` finds those
moves by brute force with the engine; :func:`scan` plays seeded games at
mixed levels (the same recipe as :mod:`mixtour.mixtour.ai.tools.tune`) and collects such
positions for the tactics suite (``python -m mixtour tactics-scan``).
Two players only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...core import Position, Status
from ..player import choose_move
from ..search import immediate_win

__all__ = ["can_win_now", "forcing_wins", "scan"]


def can_win_now(pos: Position) -> bool:
    """The mover can complete a winning tower at once."""
    t = pos.turn
    return not pos.status and pos.scores[t] + 1 >= pos.target and pos.has_scoring_move(t)


def forcing_wins(pos: Position) -> set[int]:
    """Moves after which every reply leaves the mover an immediate win
    (or loses the game for the replier), in a two-player position."""
    me = pos.turn
    out: set[int] = set()
    for m in pos.legal_actions():
        pos.push(m)
        try:
            if pos.status:
                continue  # an immediate win or a draw: not a forcing line
            if all(_reply_loses(pos, r, me) for r in pos.legal_actions()):
                out.add(m)
        finally:
            pos.pop()
    return out


def _reply_loses(pos: Position, reply: int, me: int) -> bool:
    """After ``reply``, ``me`` has won or can win at once."""
    pos.push(reply)
    try:
        if pos.status == Status.WIN:
            return pos.winner == me
        return not pos.status and pos.turn == me and can_win_now(pos)
    finally:
        pos.pop()


def scan(
    games: int, seed: int, levels: Sequence[int] = (2, 3), target: int = 1, limit: int = 20
) -> list[str]:
    """Positions (P1) of seeded self-play games where the mover has a
    forcing win and some moves that are not (at most ``limit``)."""
    found: list[str] = []
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        pos = Position.start(2, None, target)
        for _ in range(rng.randint(2, 6)):
            pos.push(rng.choice(pos.legal_actions()))
        seats = (rng.choice(levels), rng.choice(levels))
        while not pos.status and pos.ply < 200 and len(found) < limit:
            if immediate_win(pos) is None:
                wins = forcing_wins(pos)
                if wins and len(wins) < len(pos.legal_actions()):
                    found.append(pos.fen())
            pos.push(choose_move(pos, level=seats[pos.turn], seed=rng.getrandbits(30)).move)
    return found
