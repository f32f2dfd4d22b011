"""Puzzles for every game: an exact solver, a line finder, a checker, the
set's JSON and a seeded generator, over a small plug-in per game.

A *win puzzle* is a two-player position of a game going on where the player
to move can force a win within N (1 to :data:`MAX_LENGTH`) of its own moves
against every defence, cannot within N - 1, and exactly one first move does
it.  Its line goes on with the defender's longest defence and, at each later
step of the solver, the one move that still wins in the moves left (unique
again, so that a page may accept only the stored move at every step).

"Force" is an exact AND/OR proof over every legal action, on the position's
``push``/``pop`` (:mod:`mixtour.kit.protocol`), never a heuristic score:
:meth:`Solver.wins_within`.  A transposition table keyed by the position's
``hash`` remembers what is proved.  A puzzle starts with no history, and the
solver assumes that no draw by repetition can be reached within its horizon
of ``2 * MAX_LENGTH - 1`` plies (both games need 8 plies for a third
occurrence).

A game plugs in with a :class:`PuzzleRules`: how to read a position and an
action as text, a move-ordering hint, an exact "wins at once" test when it
has a fast one, how plausible wrong tries are counted and a puzzle rated,
puzzles of other kinds (Mixtour's defence puzzles), the set's header, and
its self-play players (:class:`SelfPlay`).  The kit imports no game; who won
is read from the protocol's ``status`` and ``winner``.

:func:`generate` plays seeded self-play games of the game's levels (bounded
by nodes or depth, never the clock, so the games replay exactly on any
machine) and keeps every position that makes a puzzle; :func:`set_json` and
:func:`read_set` write and read the shipped set; :func:`check` proves a
stored puzzle again.
"""

from __future__ import annotations

import json
import random
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Generic

from .errors import GameError, shown
from .protocol import P

__all__ = [
    "MAX_LENGTH",
    "Puzzle",
    "PuzzleRules",
    "Refutation",
    "SelfPlay",
    "Solver",
    "check",
    "check_win",
    "find_puzzle",
    "generate",
    "read_set",
    "refute",
    "set_json",
    "unique_line",
    "winning_reply",
]

MAX_LENGTH: Final = 3
"""The longest win asked for, in the solver's own moves."""

Counts = dict[tuple[str, int], int]


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the position, the task, the solution line in the game's
    notation (the solver's moves at even places, the defender's replies
    between them), how many plausible tries fail, and its rating."""

    fen: str
    kind: str  # "win", or a kind of the game's own (Mixtour: "defend")
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


@dataclass(frozen=True)
class SelfPlay(Generic[P]):
    """A game's part in :func:`generate`: the seeded games it plays.

    ``start()`` is a new game's position; ``opening`` the least and most
    random actions played first; ``choose(pos, level, seed)`` the action a
    level plays (it must not read the clock); ``levels`` the levels drawn for
    the seats; ``max_ply`` where a game is cut; ``per_game`` the most
    puzzles kept from one game; ``quotas(count)`` the most puzzles of each
    (kind, length) in a set of ``count``.

    By default every position of a game is tried as it comes.  A game whose
    forced wins come at its end sets ``tail``: each game is played out
    first and only its last ``tail`` positions are tried; and ``branches``:
    that many more endings of the same game, each from ``branch_back``
    plies before its end (never inside the opening), where one random
    action is played and levels drawn afresh play it out again.
    """

    start: Callable[[], P]
    choose: Callable[[P, int, int], int]
    levels: tuple[int, ...]
    opening: tuple[int, int]
    max_ply: int
    per_game: int
    quotas: Callable[[int], Counts]
    tail: int = 0
    branches: int = 0
    branch_back: int = 8


def _no_tries(pos: Any, first: int) -> int:
    return 0


@dataclass(frozen=True)
class PuzzleRules(Generic[P]):
    """One game's part in its puzzles.

    ``game`` names it (``"tor"``); ``read(text)`` is a position from its
    string, with no history; ``action_text`` and ``parse_action`` its
    notation (``parse_action`` raises a :class:`~mixtour.kit.errors.GameError`);
    ``rating(kind, n, tries)`` a puzzle's rating.

    Optional: ``order(pos, attacking)`` the legal actions of the player to
    move, the likeliest to succeed first (``attacking``: that player is the
    one trying to win) -- only the solver's speed depends on it; ``wins_at_once(pos)``
    exactly whether the player to move has an action that wins now (else
    every action is pushed); ``tries(pos, first)`` the wrong first moves
    that look right; ``unsuitable(pos)`` why a position cannot be a puzzle;
    ``other_puzzle(solver, pos)`` the puzzle of another kind a position
    with no win makes, and ``other_kinds[kind](solver, pos, stored)`` the
    problems of a stored puzzle of such a kind; ``tagged`` whether the set
    names its game (``"game"``: a set without it is this game's only when
    ``tagged`` is false); ``set_fields`` the set's header after its
    command; ``self_play`` the generator's games.
    """

    game: str
    read: Callable[[str], P]
    action_text: Callable[[int], str]
    parse_action: Callable[[str], int]
    rating: Callable[[str, int, int], int]
    order: Callable[[P, bool], list[int]] | None = None
    wins_at_once: Callable[[P], bool] | None = None
    tries: Callable[[P, int], int] = _no_tries
    unsuitable: Callable[[P], str | None] | None = None
    other_puzzle: Callable[[Solver[P], P], Puzzle | None] | None = None
    other_kinds: Mapping[str, Callable[[Solver[P], P, Mapping[str, Any]], list[str]]] = field(
        default_factory=dict
    )
    tagged: bool = True
    set_fields: Mapping[str, object] = field(default_factory=dict)
    self_play: SelfPlay[P] | None = None

    # The kit's functions with this game's rules, which a game's module
    # publishes under its own names.

    def generate(
        self,
        count: int,
        seed: int,
        *,
        levels: Sequence[int] | None = None,
        max_games: int = 100_000,
        per_game: int | None = None,
        progress: Callable[[str], None] | None = None,
        quotas: Counts | None = None,
    ) -> list[Puzzle]:
        """``count`` puzzles from this game's seeded self-play: :func:`generate`."""
        return generate(
            self,
            count,
            seed,
            levels=levels,
            max_games=max_games,
            per_game=per_game,
            progress=progress,
            quotas=quotas,
        )

    def set_json(self, puzzles: Iterable[Puzzle], seed: int, command: str) -> str:
        """A set of this game's puzzles as compact JSON: :func:`set_json`."""
        return set_json(self, puzzles, seed, command)

    def read_set(self, text: str) -> list[dict[str, Any]]:
        """The puzzles of a set of this game (ValueError, KeyError or
        TypeError when the text is not one): :func:`read_set`."""
        return read_set(self, text)


def _won_by(pos: Any, player: int) -> bool:
    """``player`` has won the game ``pos`` stands in (the protocol's status
    and winner)."""
    return bool(pos.status) and pos.winner == player


class Solver(Generic[P]):
    """Exact forced-win proofs for two players, with a transposition table.

    ``proved[hash]`` is the smallest N proved to win, ``refuted[hash]`` the
    largest N proved not to: a win within N is a win within N + 1.
    ``nodes`` counts the positions pushed (for the figures).
    """

    def __init__(self, rules: PuzzleRules[P]) -> None:
        self.rules = rules
        self.proved: dict[int, int] = {}
        self.refuted: dict[int, int] = {}
        self.nodes = 0
        self._order = rules.order
        self._at_once = rules.wins_at_once or self._pushes_a_win

    # -- the proof ---------------------------------------------------------------

    def wins_within(self, pos: P, n: int) -> bool:
        """Can the player to move force a win within ``n`` of its own moves,
        whatever the opponent does?  ``pos`` is restored."""
        if n <= 0 or pos.status:
            return False
        key = pos.hash
        proved = self.proved.get(key)
        if proved is not None and proved <= n:
            return True
        if self.refuted.get(key, 0) >= n:
            return False
        won = self._search(pos, n)
        if won:
            self.proved[key] = n if proved is None else min(n, proved)
        else:
            self.refuted[key] = max(n, self.refuted.get(key, n))
        return won

    def _search(self, pos: P, n: int) -> bool:
        if self._at_once(pos):
            return True
        if n == 1:
            return False
        return any(self.move_wins(pos, action, n) for action in self.in_order(pos, True))

    def move_wins(self, pos: P, action: int, n: int) -> bool:
        """Does ``action`` (legal, by the player to move) force a win within
        ``n`` of the mover's moves, this one included?"""
        me = pos.turn
        pos.push(action)
        self.nodes += 1
        try:
            if pos.status:
                return _won_by(pos, me)
            if n <= 1:
                return False
            return self.defence_fails(pos, me, n - 1)
        finally:
            pos.pop()

    def defence_fails(self, pos: P, me: int, n: int) -> bool:
        """The opponent is to move: does every reply leave ``me`` a win
        within ``n`` of its moves?"""
        if self._at_once(pos):
            return False  # the defender wins first
        return all(self.reply_loses(pos, reply, me, n) for reply in self.in_order(pos, False))

    def reply_loses(self, pos: P, reply: int, me: int, n: int) -> bool:
        """After ``reply``, has ``me`` won, or can it win within ``n``?"""
        pos.push(reply)
        self.nodes += 1
        try:
            if pos.status:
                return _won_by(pos, me)
            if pos.turn != me:
                return self.defence_fails(pos, me, n)  # the defender moves again
            return self.wins_within(pos, n)
        finally:
            pos.pop()

    def _pushes_a_win(self, pos: P) -> bool:
        """The plain "wins at once": some action ends the game in the mover's win."""
        me = pos.turn
        for action in pos.legal_actions():
            pos.push(action)
            won = _won_by(pos, me)
            pos.pop()
            if won:
                return True
        return False

    # -- questions built on it ------------------------------------------------

    def in_order(self, pos: P, attacking: bool) -> list[int]:
        """The legal actions of the player to move in the game's order."""
        if self._order is None:
            return pos.legal_actions()
        return self._order(pos, attacking)

    def winning_moves(self, pos: P, n: int) -> list[int]:
        """Every move of the player to move that forces a win within ``n``,
        in the order of ``legal_actions()``."""
        return [a for a in pos.legal_actions() if self.move_wins(pos, a, n)]

    def shortest_win(self, pos: P, limit: int = MAX_LENGTH) -> int:
        """The fewest own moves the mover needs to force a win (0: none within ``limit``)."""
        for n in range(1, limit + 1):
            if self.wins_within(pos, n):
                return n
        return 0


# -- the answer to a wrong move (the puzzles page) -----------------------------------


@dataclass(frozen=True)
class Refutation:
    """The opponent's answer to a wrong move of a puzzle, from the position
    after it: ``reply`` in the game's notation (None when none is needed) and
    ``outcome``: ``over`` (the wrong move ended the game), ``wins`` (the reply
    wins at once), ``escape`` (after the reply the solver has no forced win
    in ``moves``, its moves left), ``none`` (no reply shows it), or a kind of
    the game's own."""

    reply: str | None
    outcome: str
    moves: int = 0


def winning_reply(solver: Solver[P], pos: P) -> int | None:
    """The first action, in the solver's order, that wins the game at once
    for the player to move in ``pos``, or None.  ``pos`` is restored."""
    me = pos.turn
    for action in solver.in_order(pos, True):
        pos.push(action)
        won = _won_by(pos, me)
        pos.pop()
        if won:
            return action
    return None


def refute(solver: Solver[P], pos: P, left: int) -> Refutation:
    """The opponent's best answer in ``pos``, just after the solver's wrong
    move in a win puzzle where it had ``left`` moves to win (that one
    included): a reply that wins at once, else one after which no forced win
    is left in the solver's remaining moves.  ``pos`` is restored."""
    if pos.status:
        return Refutation(None, "over")
    text = solver.rules.action_text
    them = pos.turn
    winning = winning_reply(solver, pos)
    if winning is not None:
        return Refutation(text(winning), "wins", 1)
    actions = solver.in_order(pos, True)
    need = max(left - 1, 1)
    for action in actions:
        pos.push(action)
        try:
            escaped = not pos.status and pos.turn != them and not solver.wins_within(pos, need)
        finally:
            pos.pop()
        if escaped:
            return Refutation(text(action), "escape", need)
    return Refutation(None, "none")


# -- the line of a win puzzle -------------------------------------------------------


def unique_line(solver: Solver[P], pos: P, n: int) -> list[int] | None:
    """The line of a win in exactly ``n`` from ``pos`` (mover to play), unique
    at every step of the solver's side along it, with the defender's longest
    defence at each reply (the first in the order of the notation whose line
    goes on unique); None when no such line exists."""
    wins = solver.winning_moves(pos, n)
    if len(wins) != 1 or (n > 1 and solver.wins_within(pos, n - 1)):
        return None
    move = wins[0]
    if n == 1:
        return [move]
    me = pos.turn
    text = solver.rules.action_text
    pos.push(move)
    try:
        replies = []
        for reply in pos.legal_actions():
            pos.push(reply)
            # The longest defences: the reply neither ends the game nor lets
            # the mover win in fewer than the n - 1 moves left.
            if not pos.status and pos.turn == me and not solver.wins_within(pos, n - 2):
                replies.append(reply)
            pos.pop()
        for reply in sorted(replies, key=text):
            pos.push(reply)
            try:
                rest = unique_line(solver, pos, n - 1)
            finally:
                pos.pop()
            if rest is not None:
                return [move, reply, *rest]
        return None
    finally:
        pos.pop()


def find_puzzle(rules: PuzzleRules[P], pos: P, solver: Solver[P] | None = None) -> Puzzle | None:
    """The puzzle ``pos`` makes (two players, the game going on), or None.

    The shortest forced win within :data:`MAX_LENGTH` is tried first (a
    position with one but no unique line makes none); a position with no
    such win may make a puzzle of the game's other kind."""
    if pos.status or pos.players != 2:
        return None
    if rules.unsuitable is not None and rules.unsuitable(pos) is not None:
        return None
    solver = solver or Solver(rules)
    start = rules.read(pos.fen())  # no history: the puzzle starts here
    n = solver.shortest_win(start)
    if not n:
        return None if rules.other_puzzle is None else rules.other_puzzle(solver, start)
    line = unique_line(solver, start, n)
    if line is None:
        return None
    tries = rules.tries(start, line[0])
    return Puzzle(
        fen=start.fen(),
        kind="win",
        length=n,
        line=tuple(rules.action_text(a) for a in line),
        tries=tries,
        rating=rules.rating("win", n, tries),
    )


# -- checking a stored puzzle --------------------------------------------------


def check(rules: PuzzleRules[P], puzzle: Any, solver: Solver[P] | None = None) -> list[str]:
    """What is wrong with a stored puzzle (nothing: it holds).  A win
    puzzle's line is proved again by :func:`check_win`; a puzzle of the
    game's other kinds by its ``other_kinds`` entry."""
    solver = solver or Solver(rules)
    if not isinstance(puzzle, dict):
        return ["not a puzzle"]
    try:
        pos = rules.read(str(puzzle["fen"]))
        line = [rules.parse_action(str(text)) for text in puzzle["line"]]
    except (KeyError, TypeError, GameError) as error:
        return [f"unreadable: {error}"]
    why = rules.unsuitable(pos) if rules.unsuitable is not None else None
    if why is None and pos.players != 2:
        why = "not a two-player position"
    if why is not None:
        return [why]
    kind, n = puzzle.get("kind"), puzzle.get("n")
    other = rules.other_kinds.get(kind) if isinstance(kind, str) else None
    if other is not None:
        return other(solver, pos, puzzle)
    if kind != "win" or not isinstance(n, int) or not 1 <= n <= MAX_LENGTH:
        return [f"unknown task {kind!r} {n!r}"]
    return check_win(solver, pos, n, line)


def check_win(solver: Solver[P], pos: P, n: int, line: Sequence[int]) -> list[str]:
    """The problems of the line of a win in ``n`` from ``pos``, replayed: at
    each of the solver's steps its move must be the only one that wins in
    the moves left and none may win in fewer; each stored reply must be a
    longest defence; the last move wins the game."""
    text = solver.rules.action_text
    if len(line) != 2 * n - 1:
        return [f"a win in {n} needs {2 * n - 1} actions, the line has {len(line)}"]
    problems: list[str] = []
    me = pos.turn
    for step, action in enumerate(line):
        left = n - step // 2
        if step % 2 == 0:
            wins = solver.winning_moves(pos, left)
            if wins != [action]:
                problems.append(f"step {step}: winning moves {[text(a) for a in wins]}")
            if left > 1 and solver.wins_within(pos, left - 1):
                problems.append(f"step {step}: a shorter win exists")
        else:
            if action not in pos.legal_actions():
                return [*problems, f"step {step}: {text(action)} is not legal"]
            pos.push(action)
            if pos.status or pos.turn != me or solver.wins_within(pos, left - 2):
                problems.append(f"step {step}: {text(action)} is not a longest defence")
            pos.pop()
        if action not in pos.legal_actions():
            return [*problems, f"step {step}: {text(action)} is not legal"]
        pos.push(action)
    if not _won_by(pos, me):
        problems.append("the line does not end in the solver's win")
    return problems


# -- the set as JSON ---------------------------------------------------------------


def set_json(rules: PuzzleRules[Any], puzzles: Iterable[Puzzle], seed: int, command: str) -> str:
    """The shipped set as compact JSON: one puzzle a line, diff-friendly."""
    items = [json.dumps(p.as_json(), separators=(",", ":")) for p in puzzles]
    head: dict[str, object] = {"format": 1}
    if rules.tagged:
        head["game"] = rules.game
    head.update(seed=seed, command=command, **rules.set_fields)
    text = json.dumps(head, separators=(",", ":"))
    return text[:-1] + ',"puzzles":[\n' + ",\n".join(items) + "\n]}\n"


def read_set(rules: PuzzleRules[Any], text: str) -> list[dict[str, Any]]:
    """The puzzles of a set written by :func:`set_json` for this game
    (ValueError, KeyError or TypeError when the text is not one)."""
    data = json.loads(text)
    puzzles = data["puzzles"]
    if not isinstance(puzzles, list):
        raise ValueError("no puzzle list")
    game = data.get("game")
    if game is None and rules.tagged:
        raise ValueError(f"the set does not say it is for {rules.game}")
    if game is not None and game != rules.game:
        raise ValueError(f"the set is for {shown(str(game), 20)}, not for {rules.game}")
    return puzzles


# -- generating a set ----------------------------------------------------------------


def generate(
    rules: PuzzleRules[P],
    count: int,
    seed: int,
    *,
    levels: Sequence[int] | None = None,
    max_games: int = 100_000,
    per_game: int | None = None,
    progress: Callable[[str], None] | None = None,
    quotas: Counts | None = None,
) -> list[Puzzle]:
    """``count`` puzzles from seeded self-play, the same on every run.

    Game ``g`` opens with a number of random actions (the game's
    ``opening``) drawn from ``Random(seed * 1_000_003 + g)``, then levels
    chosen from ``levels`` play it out; every position not seen before is
    tried (:func:`find_puzzle`; or only those of the game's endings, see
    :class:`SelfPlay`), keeping at most ``per_game`` puzzles of a game.
    ``quotas`` caps each (kind, length) so that the set is not all wins in 1
    (default: the game's share of ``count``).  The set comes sorted by
    rating then position, numbered from 1."""
    play = rules.self_play
    if play is None:
        raise ValueError(f"{rules.game} has no self-play to generate puzzles from")
    levels = tuple(levels or play.levels)
    per_game = play.per_game if per_game is None else per_game
    take = _Collector(rules, count, play.quotas(count) if quotas is None else quotas, progress)
    for g in range(max_games):
        if take.full():
            break
        rng = random.Random(seed * 1_000_003 + g)
        pos = play.start()
        actions: list[int] = []
        for _ in range(rng.randint(*play.opening)):
            if pos.status:
                break
            actions.append(rng.choice(pos.legal_actions()))
            pos.push(actions[-1])
        opening = len(actions)
        seats = (rng.choice(levels), rng.choice(levels))
        take.new_game()
        if not play.tail:
            while not pos.status and len(actions) < play.max_ply and take.kept < per_game:
                take.keep(pos, f"game {g} ply {len(actions)}")
                if take.done():
                    break
                actions.append(play.choose(pos, seats[pos.turn], rng.getrandbits(30)))
                pos.push(actions[-1])
            continue
        endings = [_play_out(play, pos, actions, seats, rng)]
        end = len(actions)
        for _ in range(play.branches):
            at = max(opening, end - play.branch_back)
            branch = play.start()
            for action in actions[:at]:
                branch.push(action)
            if branch.status:
                break
            line = [*actions[:at], rng.choice(branch.legal_actions())]
            branch.push(line[-1])
            seats = (rng.choice(levels), rng.choice(levels))
            endings.append(_play_out(play, branch, line, seats, rng))
        for b, ending in enumerate(endings):
            for fen, ply in ending:
                name = f"game {g} ply {ply}" if b == 0 else f"game {g} branch {b} ply {ply}"
                if take.kept >= per_game or take.done():
                    break
                take.keep(rules.read(fen), name)
    ordered = sorted(take.found, key=lambda p: (p.rating, p.fen))
    return [replace(p, id=i + 1) for i, p in enumerate(ordered)]


class _Collector(Generic[P]):
    """The puzzles found so far, the room left under each quota and the
    positions already tried."""

    def __init__(
        self,
        rules: PuzzleRules[P],
        count: int,
        quotas: Counts,
        progress: Callable[[str], None] | None,
    ) -> None:
        self.rules = rules
        self.count = count
        self.room = dict(quotas)
        self.progress = progress
        self.found: list[Puzzle] = []
        self.seen: set[str] = set()
        self.solver = Solver(rules)
        self.kept = 0

    def done(self) -> bool:
        """The set has its count."""
        return len(self.found) >= self.count

    def full(self) -> bool:
        """No more puzzle can be taken."""
        return self.done() or not any(self.room.values())

    def new_game(self) -> None:
        # The proofs are exact: sharing them within a game changes no answer.
        self.solver = Solver(self.rules)
        self.kept = 0

    def keep(self, pos: P, source: str) -> None:
        """Try ``pos`` (once)."""
        fen = pos.fen()
        if fen in self.seen:
            return
        self.seen.add(fen)
        puzzle = find_puzzle(self.rules, pos, self.solver)
        if puzzle is not None and self.room.get((puzzle.kind, puzzle.length), 0) > 0:
            self.room[(puzzle.kind, puzzle.length)] -= 1
            self.found.append(replace(puzzle, source=source))
            self.kept += 1
            if self.progress:
                found = f"{len(self.found)}/{self.count}"
                self.progress(f"{found}: {source}: {puzzle.kind} {puzzle.length}")


def _play_out(
    play: SelfPlay[P], pos: P, actions: list[int], seats: tuple[int, int], rng: random.Random
) -> list[tuple[str, int]]:
    """Play the game ``pos`` (after ``actions``, to which the levels' actions
    are added) to its end or ``max_ply``: its last ``tail`` positions and
    their plies."""
    last: deque[tuple[str, int]] = deque(maxlen=play.tail)
    while not pos.status and len(actions) < play.max_ply:
        last.append((pos.fen(), len(actions)))
        actions.append(play.choose(pos, seats[pos.turn], rng.getrandbits(30)))
        pos.push(actions[-1])
    return list(last)
