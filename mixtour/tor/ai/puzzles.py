"""Tor's puzzles, on the kit's solver, checker and generator
(:mod:`mixtour.kit.puzzles`).

A Tor puzzle is a win in N (1, 2 or 3) of the mover's own turns: whatever
the defender does, the mover leaves him with no legal action within N turns
(T4: neither of his pawns has a step), cannot within N - 1, and exactly one
first action does it -- the step and where the token in hand goes (T6
writes both, ``c3-d4@e6``), so a puzzle asks for a placement as much as a
step.  The stored line goes on with the defender's longest defence and, at
each later turn, the one action that still wins in the turns left.

The proofs are the kit's exact AND/OR search over every legal action, with
two hints of Tor's (:data:`RULES`): :func:`~.tactics.winning_action` answers
"can the mover hem the opponent at once" without pushing a move, and the
actions are tried in the order of the room they leave the opponent (the
attacker's) or themselves (the defender's).  Repetition (T5) cannot matter:
a puzzle starts with no history, its longest proof is 5 plies, and a third
occurrence of a position needs 8.

``python -m mixtour tor puzzles`` runs :func:`generate` and writes
``web/data/tor-puzzles.json``: seeded self-play between levels 2 to 4
(bounded by nodes and depth, never the clock, so a game replays exactly on
any machine), where only the last positions of each game and of a dozen
more endings branched off near its end are tried: Tor's forced wins come at
the end of a game.
"""

from __future__ import annotations

from typing import Any, Final

from ...kit import puzzles as kit
from ...kit.puzzles import MAX_LENGTH, Puzzle
from ..core import NO_PLACE, TOP, Position, action_text, parse_action
from .tactics import around, steps_left, winning_action

__all__ = [
    "MAX_LENGTH",
    "RULES",
    "Puzzle",
    "Solver",
    "check",
    "find_puzzle",
    "generate",
    "rating_for",
    "read_set",
    "refute",
    "set_json",
]

# Puzzle ratings, on the scale of Mixtour's: a base per length, plus a
# little for each wrong first action that nearly hems the opponent.
_BASE_RATING: Final = {1: 900, 2: 1250, 3: 1600}
_TRY_RATING: Final = {1: 15, 2: 35, 3: 35}
_MAX_TRIES_RATED: Final = 10
_NEAR_HEM: Final = 2  # steps left to the opponent after a try that looks right
MIN_CHOICES: Final = 3
"""The fewest legal actions a puzzle's position has: with two, finding the
one that wins is a coin's toss."""


def rating_for(kind: str, length: int, tries: int) -> int:
    """A win puzzle's rating: its length sets the base, each plausible try
    that fails (up to ten) adds a little."""
    if kind != "win":
        raise ValueError(f"Tor has no {kind!r} puzzles")
    return _BASE_RATING[length] + _TRY_RATING[length] * min(tries, _MAX_TRIES_RATED)


def _tries(pos: Position, first: int) -> int:
    """The wrong first actions that look right: after each, the opponent
    has at most two steps left."""
    count = 0
    for action in pos.legal_actions():
        if action == first:
            continue
        pos.push(action)
        if not pos.status and steps_left(pos, pos.turn).bit_count() <= _NEAR_HEM:
            count += 1
        pos.pop()
    return count


def _closed_by(pos: Position, pawns: int) -> int:
    """The squares of the colours under ``pawns``."""
    squares, tops = pos.squares, pos.tops
    closed = 0
    while pawns:
        low = pawns & -pawns
        closed |= tops[TOP[squares[low.bit_length() - 1]]]
        pawns ^= low
    return closed


def order(pos: Position, attacking: bool) -> list[int]:
    """The legal actions, the likeliest first: for the attacker, those
    that leave the opponent's pawns the fewest squares around them (the
    token laid on one of them first); for the defender, those that leave
    his own pawns the most.  Only the solver's speed depends on it."""
    actions = pos.legal_actions()
    if pos.placing or len(actions) < 2:
        return actions
    me = pos.turn
    mine, theirs = pos.pawns[me], pos.pawns[1 - me]
    squares = pos.squares
    occupied = pos.occupied
    if attacking:
        reach = around(theirs) & occupied & ~theirs

        def room_after(moved: int) -> int:
            return reach & ~moved & ~_closed_by(pos, moved)
    else:
        free = occupied & ~theirs & ~_closed_by(pos, theirs)

        def room_after(moved: int) -> int:
            return around(moved) & free & ~moved

    rooms: dict[int, int] = {}
    scored = []
    for action in actions:
        step = action & ~63
        room = rooms.get(step)
        if room is None:
            frm, to = action >> 12, (action >> 6) & 63
            room = room_after(mine ^ (1 << frm) ^ (1 << to))
            if squares[frm] < 5:
                room &= ~(1 << frm)  # a single token given away: a hole
            rooms[step] = room
        if attacking:
            place = action & 63
            shut = place != NO_PLACE and room >> place & 1
            scored.append((2 * room.bit_count() - shut, action))
        else:
            scored.append((-room.bit_count(), action))
    scored.sort(key=lambda item: item[0])
    return [action for _, action in scored]


def _unsuitable(pos: Position) -> str | None:
    if len(pos.legal_actions()) < MIN_CHOICES:
        return f"the mover has fewer than {MIN_CHOICES} actions: nothing to find"
    return None


def _wins_at_once(pos: Position) -> bool:
    return winning_action(pos) is not None


class Solver(kit.Solver[Position]):
    """The kit's exact solver with Tor's plug-in (:data:`RULES`)."""

    def __init__(self) -> None:
        super().__init__(RULES)


def find_puzzle(pos: Position, solver: kit.Solver[Position] | None = None) -> Puzzle | None:
    """The win puzzle ``pos`` makes (the game going on), or None."""
    return kit.find_puzzle(RULES, pos, solver or Solver())


def check(puzzle: Any, solver: kit.Solver[Position] | None = None) -> list[str]:
    """What is wrong with a stored puzzle (nothing: it holds): its line is
    proved again, step by step (:func:`mixtour.kit.puzzles.check_win`)."""
    return kit.check(RULES, puzzle, solver or Solver())


# -- generating a set ----------------------------------------------------------------


def refute(pos: Position, left: int) -> kit.Refutation:
    """The opponent's best answer in ``pos``, just after the solver's wrong
    action in a win puzzle with ``left`` turns to win: an action that hems
    the solver in at once (``wins``), else one after which no forced win is
    left (``escape``), with the kit's outcomes.  ``pos`` is restored."""
    return kit.refute(Solver(), pos, left)


def _quotas(count: int) -> dict[tuple[str, int], int]:
    """A third of each length (wins in 2 take what the thirds leave)."""
    third = count // 3
    return {("win", 1): third, ("win", 2): count - 2 * third, ("win", 3): third}


def _self_play_move(pos: Position, level: int, seed: int) -> int:
    from .player import choose_move  # the self-play only: the solver needs the core alone

    return choose_move(pos, level=level, seed=seed).move


TAIL: Final = 8
"""The positions tried at the end of each game: Tor's forced wins come
there (in seeded games, at 0, 2 and 4 plies before the hem, hardly ever
earlier), and near the end the pawns have few steps, so they are cheap."""

BRANCHES: Final = 12
"""More endings of each game, from 8 plies before its end: they cost a few
moves each where a new game costs forty."""

PER_GAME: Final = 5
"""The most puzzles kept from one game and its branches."""

SELF_PLAY_LEVELS: Final = (2, 3, 4)
"""The levels that play the generator's games, as Mixtour's: bounded by
nodes and depth (Master, 6, reads the clock; Expert, 5, costs more and
found fewer puzzles in trials)."""


RULES: Final = kit.PuzzleRules[Position](
    game="tor",
    set_fields={"players": 2},
    read=Position,
    action_text=action_text,
    parse_action=parse_action,
    rating=rating_for,
    order=order,
    wins_at_once=_wins_at_once,
    tries=_tries,
    unsuitable=_unsuitable,
    self_play=kit.SelfPlay(
        start=Position,
        choose=_self_play_move,
        levels=SELF_PLAY_LEVELS,
        opening=(4, 8),
        max_ply=200,
        per_game=PER_GAME,
        quotas=_quotas,
        tail=TAIL,
        branches=BRANCHES,
        branch_back=8,
    ),
)
"""Tor's part in the kit's puzzles."""

# The kit's generator and set files with Tor's rules.
generate = RULES.generate
set_json = RULES.set_json
read_set = RULES.read_set
