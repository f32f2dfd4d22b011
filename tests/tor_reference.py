"""A second Tor rules implementation, written from mixtour/tor/RULES.md alone.

It is deliberately simple and slow: the board is a dict from square names to
lists of token letters (bottom first), pawns are a dict from square names to
``"w"`` or ``"b"``, actions are T6 strings and positions are immutable
values. Every rule is written out the way the rules page says it, without
bit masks, tables or shortcuts. It shares no code with ``mixtour.tor``;
the tests compare the two.

>>> start = RefPosition.start()
>>> len(start.legal_actions())
48
>>> start.play("c3").play("d5").play("b6").play("e2").play("c3-d4").text()
'OYOYOY/BRBRBR/OYwOYOY/BRBRkBR/OYOYwOY/BR.RBR/OYOYOkY/BRBRBR b B'
"""

from __future__ import annotations

from dataclasses import dataclass

FILES = "abcdef"
RANKS = "12345678"
ALL_SQUARES = [f + r for r in RANKS for f in FILES]  # a1, b1, ..., f8
COLOURS = "BROY"

PLAYING = "playing"
WIN = "win"
DRAW_REPETITION = "draw-repetition"


def other(player: str) -> str:
    return "b" if player == "w" else "w"


def neighbours(square: str) -> list[str]:
    """The up to 8 squares around ``square``."""
    f, r = FILES.index(square[0]), RANKS.index(square[1])
    out = []
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if (df, dr) == (0, 0):
                continue
            if 0 <= f + df < len(FILES) and 0 <= r + dr < len(RANKS):
                out.append(FILES[f + df] + RANKS[r + dr])
    return out


@dataclass(frozen=True)
class RefPosition:
    board: dict[str, list[str]]  # square -> token letters, bottom first
    pawns: dict[str, str]  # square -> "w" or "b"
    to_move: str  # "w" or "b"
    hand: str | None  # the token the player to move holds
    history: tuple[str, ...] = ()  # the position strings before this one
    status: str = PLAYING
    winner: str | None = None

    # -- setting up -------------------------------------------------------------

    @classmethod
    def start(cls, layout: str | None = None) -> RefPosition:
        """T1: one token per square; ``layout`` lists the 48 colours a1 to f8."""
        if layout is None:
            # a1 blue, b1 red, a2 orange, b2 yellow, repeated over the board.
            tile = {(0, 0): "B", (1, 0): "R", (0, 1): "O", (1, 1): "Y"}
            layout = "".join(
                tile[(FILES.index(sq[0]) % 2, RANKS.index(sq[1]) % 2)] for sq in ALL_SQUARES
            )
        board = {sq: [layout[i]] for i, sq in enumerate(ALL_SQUARES)}
        return cls(board, {}, "w", None).settled()

    @classmethod
    def from_text(cls, text: str) -> RefPosition:
        """Read a position string (assumed valid: the engine's tests check
        the refusals)."""
        board_text, turn, hand = text.split(" ")
        board: dict[str, list[str]] = {}
        pawns: dict[str, str] = {}
        for rank, row in zip(reversed(RANKS), board_text.split("/"), strict=True):
            items: list[str] = []
            for ch in row:
                # A pawn letter, or the upper token after a lower one, joins
                # the square before; anything else starts a new square.
                joins = ch in "wk" or (items and items[-1] in ("b", "r", "o", "y"))
                if joins:
                    items[-1] += ch
                else:
                    items.append(ch)
            for file, item in zip(FILES, items, strict=True):
                sq = file + rank
                if item.endswith("w"):
                    pawns[sq] = "w"
                elif item.endswith("k"):
                    pawns[sq] = "b"
                tokens = item.rstrip("wk")
                board[sq] = [] if tokens == "." else [t.upper() for t in tokens]
        return cls(board, pawns, turn, None if hand == "-" else hand).settled()

    def settled(self) -> RefPosition:
        """This position with its status worked out (T4 and T5)."""
        status, winner = PLAYING, None
        if not self.has_action():
            status, winner = WIN, other(self.to_move)
        elif self.history.count(self.text()) >= 2:
            status = DRAW_REPETITION
        return RefPosition(
            self.board, self.pawns, self.to_move, self.hand, self.history, status, winner
        )

    # -- writing ------------------------------------------------------------------

    def text(self) -> str:
        rows = []
        for rank in reversed(RANKS):
            row = ""
            for file in FILES:
                sq = file + rank
                tokens = self.board[sq]
                if not tokens:
                    row += "."
                elif len(tokens) == 1:
                    row += tokens[0]
                else:
                    row += tokens[0].lower() + tokens[1]
                if sq in self.pawns:
                    row += "w" if self.pawns[sq] == "w" else "k"
            rows.append(row)
        return "/".join(rows) + " " + self.to_move + " " + (self.hand or "-")

    # -- the rules ----------------------------------------------------------------

    def colour(self, square: str) -> str | None:
        tokens = self.board[square]
        return tokens[-1] if tokens else None

    def available(self, square: str) -> bool:
        return len(self.board[square]) >= 1 and square not in self.pawns

    def free(self, colour: str | None, player: str) -> bool:
        """A colour is free for a player when no opponent's pawn stands on it."""
        for sq, owner in self.pawns.items():
            if owner != player and self.colour(sq) == colour:
                return False
        return True

    def placing(self) -> bool:
        return len(self.pawns) < 4

    def legal_actions_ignoring_end(self) -> list[str]:
        me = self.to_move
        if self.placing():
            # T2: an available square of a free colour.
            return [
                sq for sq in ALL_SQUARES if self.available(sq) and self.free(self.colour(sq), me)
            ]
        actions = []
        for frm, owner in sorted(self.pawns.items()):
            if owner != me:
                continue
            for to in neighbours(frm):
                if not (self.available(to) and self.free(self.colour(to), me)):
                    continue
                if self.hand is None:
                    actions.append(f"{frm}-{to}")
                    continue
                after = self.step(frm, to)
                spots = [
                    sq
                    for sq in ALL_SQUARES
                    if after.available(sq)
                    and len(after.board[sq]) == 1
                    and after.colour(sq) != self.hand
                ]
                if spots:
                    actions.extend(f"{frm}-{to}@{sq}" for sq in spots)
                else:
                    actions.append(f"{frm}-{to}")  # no square qualifies: discarded
        return actions

    def has_action(self) -> bool:
        """T4: during T2 a square to place a pawn on; afterwards a pawn with
        a step (a step always makes a whole turn: a token that fits nowhere
        leaves the game)."""
        me = self.to_move
        if self.placing():
            squares = ALL_SQUARES
        else:
            squares = [n for sq, owner in self.pawns.items() if owner == me for n in neighbours(sq)]
        return any(self.available(sq) and self.free(self.colour(sq), me) for sq in squares)

    def legal_actions(self) -> list[str]:
        if self.status != PLAYING:
            return []
        return self.legal_actions_ignoring_end()

    def step(self, frm: str, to: str) -> RefPosition:
        """The board right after the pawn's step and the give (hand unchanged)."""
        board = {sq: list(tokens) for sq, tokens in self.board.items()}
        pawns = dict(self.pawns)
        pawns[to] = pawns.pop(frm)
        board[frm].pop()
        return RefPosition(board, pawns, self.to_move, self.hand)

    def play(self, action: str) -> RefPosition:
        """The position after ``action``, which must be one of :meth:`legal_actions`."""
        me = self.to_move
        history = (*self.history, self.text())
        if "-" not in action:
            pawns = dict(self.pawns)
            pawns[action] = me
            board = {sq: list(tokens) for sq, tokens in self.board.items()}
            return RefPosition(board, pawns, other(me), None, history).settled()
        move, _, place = action.partition("@")
        frm, to = move.split("-")
        given = self.colour(frm)
        after = self.step(frm, to)
        board = after.board
        if place:
            board[place].append(self.hand or "")
        return RefPosition(board, after.pawns, other(me), given, history).settled()

    def __eq__(self, other_pos: object) -> bool:
        return isinstance(other_pos, RefPosition) and self.text() == other_pos.text()

    def __hash__(self) -> int:
        return hash(self.text())
