"""A second Mixtour rules implementation, written from mixtour/RULES.md alone.

It is deliberately simple and slow: a board is a dict from square names to
stacks (strings of colour letters, bottom to top), actions are N1 strings,
positions are immutable values, and every rule is written out the way the
rulebook says it, without tables, bit boards or shortcuts. It shares no code
with ``mixtour``; tests compare the two on many positions.

>>> pos = RefPosition.from_p1("5/5/5/5/5 w 20/20 0/0 1 -")
>>> len(pos.legal_actions())
25
>>> pos.play("c3").play("b4").p1()
'5/1,r,3/2,w,2/5/5 w 19/19 0/0 1 b4'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache

FILES = "abcde"
RANKS = "12345"
ALL_SQUARES = [f + r for r in RANKS for f in FILES]  # a1, b1, ..., e5
COLOURS = "wrb"
TOWER = 5  # R6: a stack this high leaves the board

PLAYING = "playing"
WIN = "win"
DRAW_PASSES = "draw-passes"
DRAW_REPETITION = "draw-repetition"


def coords(square: str) -> tuple[int, int]:
    return FILES.index(square[0]), RANKS.index(square[1])


def name(file: int, rank: int) -> str:
    return FILES[file] + RANKS[rank]


@cache
def squares_between(a: str, b: str) -> list[str] | None:
    """The squares strictly between a and b on a straight line (orthogonal or
    diagonal), or None when a and b do not share such a line."""
    fa, ra = coords(a)
    fb, rb = coords(b)
    df, dr = fb - fa, rb - ra
    if (df, dr) == (0, 0):
        return None
    if df != 0 and dr != 0 and abs(df) != abs(dr):
        return None
    steps = max(abs(df), abs(dr))
    sf = (df > 0) - (df < 0)
    sr = (dr > 0) - (dr < 0)
    return [name(fa + sf * i, ra + sr * i) for i in range(1, steps)]


def move_text(frm: str, count: int, to: str) -> str:
    """N1: ``a1-b2`` for one disc, ``c4:3-d3`` for more."""
    return f"{frm}-{to}" if count == 1 else f"{frm}:{count}-{to}"


def read_move(text: str) -> tuple[str, int, str] | None:
    """(from, count, to) of an N1 move, or None for an ENTER, a PASS or ``-``."""
    if "-" not in text or text == "-":
        return None
    head, to = text.split("-")
    if ":" in head:
        frm, count = head.split(":")
        return frm, int(count), to
    return head, 1, to


@dataclass(frozen=True)
class RefPosition:
    board: dict[str, str]  # occupied squares only
    players: int
    to_move: int
    reserves: tuple[int, ...]
    scores: tuple[int, ...]
    target: int
    last: str  # N1 text of the previous action, or "-"
    last_scored: bool  # did the previous action (a MOVE) make a tower?
    history: tuple[str, ...]  # P1 strings of the game so far, this one included
    status: str = PLAYING
    winner: int | None = None

    # -- P1 -------------------------------------------------------------------

    @classmethod
    def from_p1(cls, text: str) -> RefPosition:
        """Read a position string that is known to be valid (no checks)."""
        board_text, turn, res, sc, target, last = text.split(" ")
        board: dict[str, str] = {}
        for i, rank_text in enumerate(board_text.split("/")):
            rank = 4 - i
            file = 0
            for item in rank_text.split(","):
                if item.isdigit():
                    file += int(item)
                else:
                    board[name(file, rank)] = item
                    file += 1
        reserves = tuple(int(n) for n in res.split("/"))
        scores = tuple(int(n) for n in sc.split("/"))
        move = read_move(last)
        pos = cls(
            board=board,
            players=len(reserves),
            to_move=COLOURS.index(turn),
            reserves=reserves,
            scores=scores,
            target=int(target),
            last=last,
            # R6: a move that made a tower left its target square empty.
            last_scored=move is not None and move[2] not in board,
            history=(),
        )
        pos = replace(pos, history=(pos.p1(),))
        for player, score in enumerate(scores):
            if score >= pos.target:
                return replace(pos, status=WIN, winner=player)
        if last == "pass" and not pos.available_actions():
            return replace(pos, status=DRAW_PASSES)
        return pos

    def p1(self) -> str:
        ranks = []
        for rank in reversed(range(5)):
            items: list[str] = []
            empty = 0
            for file in range(5):
                stack = self.board.get(name(file, rank), "")
                if stack:
                    if empty:
                        items.append(str(empty))
                    empty = 0
                    items.append(stack)
                else:
                    empty += 1
            if empty:
                items.append(str(empty))
            ranks.append(",".join(items))
        return " ".join(
            [
                "/".join(ranks),
                COLOURS[self.to_move],
                "/".join(str(n) for n in self.reserves),
                "/".join(str(n) for n in self.scores),
                str(self.target),
                self.last,
            ]
        )

    # -- the rules --------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.status != PLAYING

    def next_player(self) -> int:
        return (self.to_move + 1) % self.players

    def previous_player(self) -> int:
        return (self.to_move - 1) % self.players

    def forbidden_move(self) -> str | None:
        """R5: the take-back of the previous action, if it was a MOVE that did
        not score. (The previous MOVE was always by another player: after an
        ENTER or a MOVE the turn passes on, so no player acts twice in a row.)"""
        move = read_move(self.last)
        if move is None or self.last_scored:
            return None
        frm, count, to = move
        return move_text(to, count, frm)

    def enters(self) -> Iterator[str]:
        """R3: an own disc from the reserve onto any empty square."""
        if self.reserves[self.to_move] > 0:
            for sq in ALL_SQUARES:
                if sq not in self.board:
                    yield sq

    def moves(self) -> Iterator[str]:
        """R4 and R5: the top k discs of any stack, along a free straight line,
        onto a stack exactly as high as the distance."""
        forbidden = self.forbidden_move()
        for frm, stack in self.board.items():
            for to, receiver in self.board.items():
                between = squares_between(frm, to)
                if between is None:
                    continue
                if any(sq in self.board for sq in between):
                    continue
                if len(between) + 1 != len(receiver):
                    continue
                for count in range(1, len(stack) + 1):
                    text = move_text(frm, count, to)
                    if text != forbidden:
                        yield text

    def wins_for_next_player(self, action: str) -> bool:
        """R10: does ``action`` make the next player reach the target, or
        leave them a legal action that does?"""
        nxt = self.next_player()
        after = self.play(action)
        if after.status == WIN:
            return after.winner == nxt
        if after.is_over:  # a draw: nobody wins
            return False
        # Now nxt is to move. Only a MOVE that makes a tower with nxt's colour
        # on top scores for nxt (R6), one point at a time; a player's own
        # winning action is never filtered by R10 (it ends the game).
        if after.scores[nxt] + 1 < after.target:
            return False
        return any(after.makes_tower_for(m, nxt) for m in after.moves())

    def makes_tower_for(self, move: str, player: int) -> bool:
        """Does ``move`` build a tower (R6) with ``player``'s colour on top?"""
        parts = read_move(move)
        assert parts is not None
        frm, count, to = parts
        return len(self.board[to]) + count >= TOWER and self.board[frm][-1] == COLOURS[player]

    def available_actions(self) -> list[str]:
        """ENTERs and MOVEs the player to move may take (after the R10 filter)."""
        if self.is_over:
            return []
        actions = list(self.enters()) + list(self.moves())
        if self.players == 3:
            actions = [a for a in actions if not self.wins_for_next_player(a)]
        return actions

    def legal_actions(self) -> list[str]:
        """R2, R7: PASS only when nothing else is available; none once over."""
        if self.is_over:
            return []
        return self.available_actions() or ["pass"]

    def play(self, action: str) -> RefPosition:
        """The position after ``action``, which must be legal (not checked)."""
        board = dict(self.board)
        reserves = list(self.reserves)
        scores = list(self.scores)
        status, winner = PLAYING, None
        scored = False
        me = self.to_move
        if action == "pass":
            # R7, R10: the turn goes back to the player who acted before.
            to_move = self.previous_player()
        elif "-" not in action:
            board[action] = COLOURS[me]
            reserves[me] -= 1
            to_move = self.next_player()
        else:
            move = read_move(action)
            assert move is not None
            frm, count, to = move
            moving = board[frm][len(board[frm]) - count :]
            left = board[frm][: len(board[frm]) - count]
            if left:
                board[frm] = left
            else:
                del board[frm]
            board[to] += moving
            if len(board[to]) >= TOWER:
                # R6: the tower leaves the board; discs go home; the top scores.
                tower = board.pop(to)
                for c in range(self.players):
                    reserves[c] += tower.count(COLOURS[c])
                top = COLOURS.index(tower[-1])
                scores[top] += 1
                scored = True
                if scores[top] >= self.target:
                    status, winner = WIN, top  # R8
            to_move = self.next_player()
        after = RefPosition(
            board=board,
            players=self.players,
            to_move=to_move,
            reserves=tuple(reserves),
            scores=tuple(scores),
            target=self.target,
            last=action,
            last_scored=scored,
            history=self.history,
            status=status,
            winner=winner,
        )
        p1 = after.p1()
        after = replace(after, history=self.history + (p1,))
        if after.status == PLAYING and after.history.count(p1) >= 3:
            return replace(after, status=DRAW_REPETITION)  # R9
        if action == "pass" and after.status == PLAYING and not after.available_actions():
            return replace(after, status=DRAW_PASSES)  # R7: a second pass would follow
        return after
