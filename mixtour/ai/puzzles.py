"""Puzzles made by the engine: an exact solver, a generator and a checker.

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
build or threaten a tower are tried first.  Repetition (R9) cannot matter:
a puzzle starts with no history and its longest proof is 5 plies, while a
third occurrence needs 8.

:func:`generate` plays seeded self-play games between levels 2 to 4 (which
are bounded by nodes, not time, so the games replay exactly on any machine)
and keeps every position that makes a puzzle.  ``python -m mixtour puzzles``
runs it (see :mod:`mixtour.ai.tools.cli`); the site ships the result as
``web/data/puzzles.json``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ..core import PASS, SCORE_HEIGHT, Action, MixtourError, Position, Status, action_text

__all__ = [
    "DEFEND_DEPTH",
    "MAX_LENGTH",
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

MAX_LENGTH: Final = 3
"""The longest win asked for, in the solver's own moves."""

DEFEND_DEPTH: Final = 2
"""A defence puzzle's saving move leaves the opponent no forced win within
this many of the opponent's moves; every other move allows one."""

# Puzzle ratings (Elo-like, as the page's player rating): a base per task
# and length, plus a little for each plausible try that fails.
_BASE_RATING: Final = {("win", 1): 900, ("win", 2): 1250, ("win", 3): 1600, ("defend", 1): 1150}
_TRY_RATING: Final = {1: 15, 2: 35, 3: 35}
_MAX_TRIES_RATED: Final = 10


class Solver:
    """Exact forced-win proofs for two players, with a transposition table.

    ``proved[hash]`` is the smallest N proved to win, ``refuted[hash]`` the
    largest N proved not to: a win within N is a win within N + 1.
    ``nodes`` counts the positions pushed (for the figures).
    """

    def __init__(self) -> None:
        self.proved: dict[int, int] = {}
        self.refuted: dict[int, int] = {}
        self.nodes = 0

    # -- the proof ---------------------------------------------------------------

    def wins_within(self, pos: Position, n: int) -> bool:
        """Can the player to move force a win (R8) within ``n`` of its own
        moves, whatever the opponent does?  ``pos`` is restored."""
        if n <= 0 or pos.status:
            return False
        key = pos.hash
        if self.proved.get(key, MAX_LENGTH + 1) <= n:
            return True
        if self.refuted.get(key, 0) >= n:
            return False
        won = self._search(pos, n)
        if won:
            self.proved[key] = min(n, self.proved.get(key, n))
        else:
            self.refuted[key] = max(n, self.refuted.get(key, n))
        return won

    def _search(self, pos: Position, n: int) -> bool:
        me = pos.turn
        if wins_at_once(pos):
            return True
        if n == 1:
            return False
        return any(self.move_wins(pos, action, n) for action in self.ordered(pos, me))

    def move_wins(self, pos: Position, action: int, n: int) -> bool:
        """Does ``action`` (legal, by the player to move) force a win within
        ``n`` of the mover's moves, this one included?"""
        me = pos.turn
        pos.push(action)
        self.nodes += 1
        try:
            if pos.status:
                return pos.status == Status.WIN and pos.winner == me
            if n <= 1:
                return False
            return self.defence_fails(pos, me, n - 1)
        finally:
            pos.pop()

    def defence_fails(self, pos: Position, me: int, n: int) -> bool:
        """The opponent is to move: does every reply leave ``me`` a win
        within ``n`` of its moves?"""
        if wins_at_once(pos):
            return False  # the defender builds its own tower
        return all(self.reply_loses(pos, reply, me, n) for reply in self.ordered(pos, pos.turn))

    def reply_loses(self, pos: Position, reply: int, me: int, n: int) -> bool:
        """After ``reply``, has ``me`` won, or can it win within ``n``?"""
        pos.push(reply)
        self.nodes += 1
        try:
            if pos.status:
                return pos.status == Status.WIN and pos.winner == me
            if pos.turn != me:
                return self.defence_fails(pos, me, n)  # three players only
            return self.wins_within(pos, n)
        finally:
            pos.pop()

    # -- questions built on it ------------------------------------------------

    def winning_moves(self, pos: Position, n: int) -> list[int]:
        """Every move of the player to move that forces a win within ``n``."""
        return [a for a in pos.legal_actions() if self.move_wins(pos, a, n)]

    def shortest_win(self, pos: Position, limit: int = MAX_LENGTH) -> int:
        """The fewest own moves the mover needs to force a win (0: none within ``limit``)."""
        for n in range(1, limit + 1):
            if self.wins_within(pos, n):
                return n
        return 0

    def ordered(self, pos: Position, player: int) -> list[int]:
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


def wins_at_once(pos: Position) -> bool:
    """The mover can build a tower that wins the game now (R6, R8)."""
    t = pos.turn
    return not pos.status and pos.scores[t] + 1 >= pos.target and pos.has_scoring_move(t)


def _won_by(pos: Position, player: int) -> bool:
    return pos.status == Status.WIN and pos.winner == player


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


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the position, the task, the solution line in N1 (solver's
    moves at even places, the defender's replies between them), how many
    plausible tries fail, and its rating."""

    fen: str
    kind: str  # "win" or "defend"
    length: int  # the solver's moves
    line: tuple[str, ...]
    tries: int
    rating: int = 0
    id: int = 0
    source: str = field(default="", compare=False)

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "fen": self.fen,
            "kind": self.kind,
            "n": self.length,
            "line": list(self.line),
            "tries": self.tries,
            "rating": self.rating,
        }


def rating_for(kind: str, length: int, tries: int) -> int:
    """A puzzle's rating: its task and length set the base, each plausible
    try that fails (up to ten) adds a little (less in a win in one, where
    most moves that threaten are tries)."""
    return _BASE_RATING[(kind, length)] + _TRY_RATING[length] * min(tries, _MAX_TRIES_RATED)


def _unique_line(solver: Solver, pos: Position, n: int) -> list[int] | None:
    """The line of a win in exactly ``n`` from ``pos`` (mover to play), unique
    at every step of the solver's side along it, with the defender's longest
    defence at each reply; None when no such line exists."""
    wins = solver.winning_moves(pos, n)
    if len(wins) != 1 or (n > 1 and solver.wins_within(pos, n - 1)):
        return None
    move = wins[0]
    if n == 1:
        return [move]
    me = pos.turn
    pos.push(move)
    try:
        replies = []
        for reply in solver.ordered(pos, pos.turn):
            pos.push(reply)
            # The longest defences: the reply neither loses at once nor lets
            # the mover win in fewer than the n - 1 moves left.
            if not pos.status and pos.turn == me and not solver.wins_within(pos, n - 2):
                replies.append(reply)
            pos.pop()
        for reply in sorted(replies, key=action_text):
            pos.push(reply)
            try:
                rest = _unique_line(solver, pos, n - 1)
            finally:
                pos.pop()
            if rest is not None:
                return [move, reply, *rest]
        return None
    finally:
        pos.pop()


def find_puzzle(pos: Position, solver: Solver | None = None) -> Puzzle | None:
    """The puzzle ``pos`` makes (two players, the game going on), or None.

    The shortest forced win is tried first; a position with none within
    :data:`MAX_LENGTH` may be a defence puzzle."""
    if pos.status or pos.players != 2:
        return None
    solver = solver or Solver()
    start = Position(pos.fen())  # no history: the puzzle starts here
    n = solver.shortest_win(start)
    if n:
        line = _unique_line(solver, start, n)
        if line is None:
            return None
        first = line[0]
        tries = sum(1 for a in start.legal_actions() if a != first and _plausible_win_try(start, a))
        return Puzzle(
            fen=start.fen(),
            kind="win",
            length=n,
            line=tuple(action_text(a) for a in line),
            tries=tries,
            rating=rating_for("win", n, tries),
        )
    return _defence(solver, start)


def _plausible_win_try(pos: Position, action: int) -> bool:
    """A wrong first move that looks right: it makes a threat."""
    return threatens(pos, action)


def _defence(solver: Solver, pos: Position) -> Puzzle | None:
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


# -- checking a stored puzzle --------------------------------------------------


def check(puzzle: Any, solver: Solver | None = None) -> list[str]:
    """What is wrong with a stored puzzle (nothing: it holds).  A win puzzle's
    line is replayed: at each of the solver's steps, its move must be the
    only one that wins in the moves left and none wins in fewer; each
    stored reply must be a longest defence; the last move wins the game.
    A defence puzzle's move must be the only one after which the opponent
    has no forced win within :data:`DEFEND_DEPTH`."""
    solver = solver or Solver()
    if not isinstance(puzzle, dict):
        return ["not a puzzle"]
    try:
        pos = Position(str(puzzle["fen"]))
        line = [Action.parse(str(text)).code for text in puzzle["line"]]
    except (KeyError, TypeError, MixtourError) as error:
        return [f"unreadable: {error}"]
    if pos.players != 2 or pos.target != 1:
        return ["not a standard two-player position with target 1"]
    kind, n = puzzle.get("kind"), puzzle.get("n")
    if kind == "defend":
        found = _defence(solver, pos)
        if found is None or list(found.line) != list(puzzle["line"]):
            return ["the defence is not the one move that holds"]
        return []
    if kind != "win" or not isinstance(n, int) or not 1 <= n <= MAX_LENGTH:
        return [f"unknown task {kind!r} {n!r}"]
    if len(line) != 2 * n - 1:
        return [f"a win in {n} needs {2 * n - 1} actions, the line has {len(line)}"]
    problems: list[str] = []
    me = pos.turn
    for step, action in enumerate(line):
        left = n - step // 2
        if step % 2 == 0:
            wins = solver.winning_moves(pos, left)
            if wins != [action]:
                problems.append(f"step {step}: winning moves {[action_text(a) for a in wins]}")
            if left > 1 and solver.wins_within(pos, left - 1):
                problems.append(f"step {step}: a shorter win exists")
        else:
            if action not in pos.legal_actions():
                return [*problems, f"step {step}: {action_text(action)} is not legal"]
            pos.push(action)
            if pos.status or pos.turn != me or solver.wins_within(pos, left - 2):
                problems.append(f"step {step}: {action_text(action)} is not a longest defence")
            pos.pop()
        if action not in pos.legal_actions():
            return [*problems, f"step {step}: {action_text(action)} is not legal"]
        pos.push(action)
    if not (pos.status == Status.WIN and pos.winner == me):
        problems.append("the line does not end in the solver's tower")
    return problems


# -- refutations (the page's answer to a wrong move) -------------------------------


@dataclass(frozen=True)
class Refutation:
    """The opponent's answer to a wrong move, from the position after it.

    ``outcome``: ``over`` (the wrong move ended the game), ``tower`` (the
    reply builds the opponent's winning tower), ``escape`` (after the reply
    the solver has no forced win in its moves left), ``forces`` (a defence
    puzzle: the reply starts the opponent's forced win in ``moves``), or
    ``none`` (no reply needed to show it: the solver simply did not win)."""

    reply: str | None
    outcome: str
    moves: int = 0


def refute(pos: Position, kind: str, left: int) -> Refutation:
    """The opponent's best answer in ``pos``, just after the solver's wrong
    move, when the solver had ``left`` moves to win (``kind`` "win") or had
    to defend (``kind`` "defend").  ``pos`` is restored."""
    if pos.status:
        return Refutation(None, "over")
    solver = Solver()
    them = pos.turn
    actions = solver.ordered(pos, them)
    for action in actions:
        pos.push(action)
        won = _won_by(pos, them)
        pos.pop()
        if won:
            return Refutation(action_text(action), "tower", 1)
    if kind == "defend":
        for n in range(2, DEFEND_DEPTH + 1):
            for action in actions:
                if solver.move_wins(pos, action, n):
                    return Refutation(action_text(action), "forces", n)
        return Refutation(None, "none")
    me = 1 - them
    need = max(left - 1, 1)
    for action in actions:
        pos.push(action)
        try:
            escaped = _playing(pos) and pos.turn == me and not solver.wins_within(pos, need)
        finally:
            pos.pop()
        if escaped:
            return Refutation(action_text(action), "escape", need)
    return Refutation(None, "none")


# -- generating a set ----------------------------------------------------------------


def generate(
    count: int,
    seed: int,
    *,
    levels: Sequence[int] = (2, 3, 4),
    max_games: int = 100_000,
    per_game: int = 4,
    progress: Callable[[str], None] | None = None,
    quotas: dict[tuple[str, int], int] | None = None,
) -> list[Puzzle]:
    """``count`` puzzles from seeded self-play, the same on every run.

    Game ``g`` opens with 2 to 6 random actions from ``Random(seed, g)``,
    then levels chosen from ``levels`` play it out; every position is tried
    (:func:`find_puzzle`), keeping at most ``per_game`` puzzles of a game
    and never the same position twice.  ``quotas`` caps each (kind, length)
    so that the set is not all wins in 1 (default: a share of ``count``)."""
    from .player import choose_move  # the self-play only: the solver needs the core alone

    if quotas is None:
        one, three, defend = count * 3 // 10, count * 2 // 10, count * 2 // 10
        quotas = {
            ("win", 1): one,
            ("win", 2): count - one - three - defend,
            ("win", 3): three,
            ("defend", 1): defend,
        }
    room = dict(quotas)
    found: list[Puzzle] = []
    seen: set[str] = set()
    for g in range(max_games):
        if len(found) >= count or not any(room.values()):
            break
        rng = random.Random(seed * 1_000_003 + g)
        pos = Position.start(2, None, 1)
        for _ in range(rng.randint(2, 6)):
            pos.push(rng.choice(pos.legal_actions()))
        seats = (rng.choice(levels), rng.choice(levels))
        kept = 0
        while not pos.status and pos.ply < 160 and kept < per_game:
            fen = pos.fen()
            if fen not in seen:
                seen.add(fen)
                puzzle = find_puzzle(pos)
                if puzzle is not None and room.get((puzzle.kind, puzzle.length), 0) > 0:
                    room[(puzzle.kind, puzzle.length)] -= 1
                    found.append(Puzzle(**{**puzzle.__dict__, "source": f"game {g} ply {pos.ply}"}))
                    kept += 1
                    if progress:
                        progress(f"{len(found)}/{count}: game {g} {puzzle.kind} {puzzle.length}")
                    if len(found) >= count:
                        break
            pos.push(choose_move(pos, level=seats[pos.turn], seed=rng.getrandbits(30)).move)
    ordered = sorted(found, key=lambda p: (p.rating, p.fen))
    return [Puzzle(**{**p.__dict__, "id": i + 1}) for i, p in enumerate(ordered)]


def set_json(puzzles: Iterable[Puzzle], seed: int, command: str) -> str:
    """The shipped set as compact JSON: one puzzle a line, diff-friendly."""
    items = [json.dumps(p.as_json(), separators=(",", ":")) for p in puzzles]
    head = json.dumps(
        {"format": 1, "seed": seed, "command": command, "target": 1, "players": 2},
        separators=(",", ":"),
    )
    return head[:-1] + ',"puzzles":[\n' + ",\n".join(items) + "\n]}\n"


def read_set(text: str) -> list[dict[str, Any]]:
    """The puzzles of a set written by :func:`set_json` (ValueError, KeyError
    or TypeError when the text is not one)."""
    data = json.loads(text)
    puzzles = data["puzzles"]
    if not isinstance(puzzles, list):
        raise ValueError("no puzzle list")
    return puzzles
