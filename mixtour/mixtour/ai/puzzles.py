"""Mixtour's puzzles, on the kit's solver, checker and generator
(:mod:`mixtour.kit.puzzles`), with the defence puzzles, which are Mixtour's own.

A *puzzle* is a two-player position of the standard game (target 1: the
first tower wins, R8) with one of two tasks:

* **win** in N (1, 2 or 3) of the mover's own moves: the mover can force a
  tower topped by its colour within N of its moves against any defence,
  cannot within N - 1, and exactly one first move does it.  The stored
  line goes on with the defender's longest defence and, at each later step
  of the solver, the one move that still wins in the moves left (unique
  again: every line is checked, see :func:`check`).
* **defend**: the mover cannot win at once, and exactly one of its moves
  leaves the opponent no forced win within :data:`DEFEND_DEPTH` of the
  opponent's moves; every other move lets the opponent force one.

"Force" is an exact AND/OR proof over every legal action (PASS and R7's
hand-back included, R5's forbidden reverse respected), on the engine's
``push``/``pop``, never a heuristic score: :func:`wins_within` is the
solver.  A transposition table keyed by the position's hash (which holds
the last action, so R5 is part of it) remembers what is proved; moves that
build or threaten a tower are tried first (:data:`RULES` is Mixtour's
plug-in).  Repetition (R9) cannot matter:
a puzzle starts with no history and its longest proof is 5 plies, while a
third occurrence needs 8.

:func:`generate` plays seeded self-play games between levels 2 to 4 (which
are bounded by nodes, not time, so the games replay exactly on any machine)
and keeps every position that makes a puzzle.  ``python -m mixtour puzzles``
runs it (see :mod:`mixtour.mixtour.ai.tools.cli`); the site ships the result as
``web/data/puzzles.json``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Final

from ...kit import puzzles as kit
from ...kit.puzzles import MAX_LENGTH, Puzzle
from ..core import PASS, SCORE_HEIGHT, Action, Position, action_text

__all__ = [
    "DEFEND_DEPTH",
    "MAX_LENGTH",
    "RULES",
    "Puzzle",
    "Refutation",
    "Solver",
    "check",
    "find_puzzle",
    "generate",
    "read_set",
    "refute",
    "set_json",
]

DEFEND_DEPTH: Final = 2
"""A defence puzzle's saving move leaves the opponent no forced win within
this many of the opponent's moves; every other move allows one."""

# Puzzle ratings (Elo-like, as the page's player rating): a base per task
# and length, plus a little for each plausible try that fails.
_BASE_RATING: Final = {("win", 1): 900, ("win", 2): 1250, ("win", 3): 1600, ("defend", 1): 1150}
_TRY_RATING: Final = {1: 15, 2: 35, 3: 35}
_MAX_TRIES_RATED: Final = 10


def ordered(pos: Position, player: int) -> list[int]:
    """The legal actions of ``player`` (to move), the forcing ones first:
    towers, then moves after which ``player`` would have a tower to
    build, then moves onto tall stacks, then the rest (entries last)."""
    scored: list[tuple[int, int]] = []
    stacks = pos.stacks
    for action in pos.legal_actions():
        if action == PASS or action < 25:
            scored.append((0, action))
            continue
        frm, to, k = (action >> 5) & 31, action & 31, action >> 10
        height = len(stacks[to]) + k
        score = 10 * height if height < SCORE_HEIGHT else 1000
        if stacks[frm][-1] == "wrb"[player]:
            score += 5
        scored.append((score, action))
    scored.sort(key=lambda item: -item[0])
    return [action for _, action in scored]


class Solver(kit.Solver[Position]):
    """The kit's exact solver with Mixtour's plug-in (:data:`RULES`)."""

    def __init__(self) -> None:
        super().__init__(RULES)

    def ordered(self, pos: Position, player: int) -> list[int]:
        """The legal actions of ``player`` (to move), the forcing ones first."""
        return ordered(pos, player)


def wins_at_once(pos: Position) -> bool:
    """The mover can build a tower that wins the game now (R6, R8)."""
    t = pos.turn
    return not pos.status and pos.scores[t] + 1 >= pos.target and pos.has_scoring_move(t)


def _playing(pos: Position) -> bool:
    """The game goes on (a function, so that a type checker reads the status
    again after a push)."""
    return not pos.status


def threatens(pos: Position, action: int) -> bool:
    """After ``action`` the mover would have a winning tower to build if it
    were to move again (a threat: how a plausible try looks)."""
    me = pos.turn
    pos.push(action)
    try:
        if pos.status:
            return False
        return pos.scores[me] + 1 >= pos.target and pos.has_scoring_move(me)
    finally:
        pos.pop()


# -- puzzles -----------------------------------------------------------------------


def rating_for(kind: str, length: int, tries: int) -> int:
    """A puzzle's rating: its task and length set the base, each plausible
    try that fails (up to ten) adds a little (less in a win in one, where
    most moves that threaten are tries)."""
    return _BASE_RATING[(kind, length)] + _TRY_RATING[length] * min(tries, _MAX_TRIES_RATED)


def _tries(pos: Position, first: int) -> int:
    """The wrong first moves that look right: each makes a threat."""
    return sum(1 for a in pos.legal_actions() if a != first and threatens(pos, a))


def _unsuitable(pos: Position) -> str | None:
    if pos.players != 2 or pos.target != 1:
        return "not a standard two-player position with target 1"
    return None


def find_puzzle(pos: Position, solver: kit.Solver[Position] | None = None) -> Puzzle | None:
    """The puzzle ``pos`` makes (two players, target 1, the game going on),
    or None.

    The shortest forced win is tried first; a position with none within
    :data:`MAX_LENGTH` may be a defence puzzle."""
    return kit.find_puzzle(RULES, pos, solver or Solver())


def _defence(solver: kit.Solver[Position], pos: Position) -> Puzzle | None:
    """The defence puzzle of ``pos``: one move only that does not lose."""
    saving: list[int] = []
    tries = 0
    actions = pos.legal_actions()
    if len(actions) < 2:
        return None
    for action in actions:
        pos.push(action)
        try:
            if pos.status:
                continue  # ends the game: not a defence (a loss or a draw)
            if not solver.wins_within(pos, DEFEND_DEPTH):
                saving.append(action)
                if len(saving) > 1:
                    return None
            elif not wins_at_once(pos):
                tries += 1  # parries the tower at hand, loses a move later
        finally:
            pos.pop()
    if len(saving) != 1:
        return None
    # The opponent must threaten something: at least one move loses at once.
    if tries == len(actions) - 1:
        return None
    return Puzzle(
        fen=pos.fen(),
        kind="defend",
        length=1,
        line=(action_text(saving[0]),),
        tries=tries,
        rating=rating_for("defend", 1, tries),
    )


def _check_defence(
    solver: kit.Solver[Position], pos: Position, puzzle: Mapping[str, Any]
) -> list[str]:
    """A defence puzzle's move must be the only one after which the opponent
    has no forced win within :data:`DEFEND_DEPTH`."""
    found = _defence(solver, pos)
    if found is None or list(found.line) != list(puzzle["line"]):
        return ["the defence is not the one move that holds"]
    return []


# -- checking a stored puzzle --------------------------------------------------


def check(puzzle: Any, solver: kit.Solver[Position] | None = None) -> list[str]:
    """What is wrong with a stored puzzle (nothing: it holds).  A win puzzle's
    line is replayed (:func:`mixtour.kit.puzzles.check_win`): at each of the
    solver's steps, its move must be the only one that wins in the moves
    left and none wins in fewer; each stored reply must be a longest
    defence; the last move wins the game.  A defence puzzle's move must be
    the only one after which the opponent has no forced win within
    :data:`DEFEND_DEPTH`."""
    return kit.check(RULES, puzzle, solver or Solver())


# -- refutations (the page's answer to a wrong move) -------------------------------


Refutation = kit.Refutation


def refute(pos: Position, kind: str, left: int) -> Refutation:
    """The opponent's best answer in ``pos``, just after the solver's wrong
    move, when the solver had ``left`` moves to win (``kind`` "win": the
    kit's :func:`~mixtour.kit.puzzles.refute`, whose reply that wins at once
    is called ``tower`` here, as the page words it) or had to defend (``kind``
    "defend": ``forces``, the reply that starts the opponent's forced win in
    ``moves``, or ``none``).  ``pos`` is restored."""
    solver = Solver()
    if kind == "defend" and not pos.status:
        winning = kit.winning_reply(solver, pos)
        if winning is not None:
            return Refutation(action_text(winning), "tower", 1)
        actions = solver.ordered(pos, pos.turn)
        for n in range(2, DEFEND_DEPTH + 1):
            for action in actions:
                if solver.move_wins(pos, action, n):
                    return Refutation(action_text(action), "forces", n)
        return Refutation(None, "none")
    answer = kit.refute(solver, pos, left)
    return replace(answer, outcome="tower") if answer.outcome == "wins" else answer


# -- generating a set ----------------------------------------------------------------


def _quotas(count: int) -> dict[tuple[str, int], int]:
    """Three tenths wins in 1, two tenths wins in 3 and defences, the rest wins in 2."""
    one, three, defend = count * 3 // 10, count * 2 // 10, count * 2 // 10
    return {
        ("win", 1): one,
        ("win", 2): count - one - three - defend,
        ("win", 3): three,
        ("defend", 1): defend,
    }


def _parse_action(text: str) -> int:
    return Action.parse(text).code


def _start() -> Position:
    return Position.start(2, None, 1)


def _self_play_move(pos: Position, level: int, seed: int) -> int:
    from .player import choose_move  # the self-play only: the solver needs the core alone

    return choose_move(pos, level=level, seed=seed).move


RULES: Final = kit.PuzzleRules[Position](
    game="mixtour",
    read=Position,
    action_text=action_text,
    parse_action=_parse_action,
    rating=rating_for,
    order=lambda pos, attacking: ordered(pos, pos.turn),
    wins_at_once=wins_at_once,
    tries=_tries,
    unsuitable=_unsuitable,
    other_puzzle=_defence,
    other_kinds={"defend": _check_defence},
    tagged=False,  # the set was Mixtour's before there were others
    set_fields={"target": 1, "players": 2},
    self_play=kit.SelfPlay(
        start=_start,
        choose=_self_play_move,
        levels=(2, 3, 4),
        opening=(2, 6),
        max_ply=160,
        per_game=4,
        quotas=_quotas,
    ),
)
"""Mixtour's part in the kit's puzzles."""

# The kit's generator and set files with Mixtour's rules.
generate = RULES.generate
set_json = RULES.set_json
read_set = RULES.read_set
