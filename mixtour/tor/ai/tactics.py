"""Tor's tactics, found without playing a move: can the player to move
leave the opponent with no step at once (T4)?

The position after a turn ``frm-to@q`` differs from the current one in a
few squares only: the pawn left ``frm`` and stands on ``to``, ``frm`` lost
its upper token (a hole when it had one), ``q`` took the token in hand.
So for each step this module builds the opponent's free squares from bit
masks, then asks which placements (if any) leave none of them beside the
opponent's pawns.  :func:`winning_action` answers exactly what pushing
every legal action and reading ``status`` would
(``tests/test_tor_ai_tactics.py`` checks it on thousands of positions),
some fifty times faster, so the search can ask it at every node.
"""

from __future__ import annotations

from typing import Final

from ...kit.search import immediate_win
from ..core import BOTTOM, NEIGHBOUR_MASK, NO_PLACE, NUM_SQUARES, TOP, Position

__all__ = ["NOT_A", "NOT_F", "around", "steps_left", "winning_action"]

_FILE_A: Final = sum(1 << s for s in range(NUM_SQUARES) if s % 6 == 0)
_FILE_F: Final = sum(1 << s for s in range(NUM_SQUARES) if s % 6 == 5)
_FULL: Final = (1 << NUM_SQUARES) - 1
#: The board but its a file, and but its f file: a mask shifted one file
#: towards f, or towards a, is cut with these (:func:`around`).
NOT_A: Final = _FULL & ~_FILE_A
NOT_F: Final = _FULL & ~_FILE_F


def around(mask: int) -> int:
    """Every square that touches a square of ``mask`` (the squares of
    ``mask`` included), by shifting the 6 x 8 board as one integer."""
    row = mask | (mask << 1 & NOT_A) | (mask >> 1 & NOT_F)
    return (row | row << 6 | row >> 6) & _FULL


def steps_left(pos: Position, player: int) -> int:
    """The squares ``player``'s pawns could step to if it were his turn."""
    squares = pos.squares
    tops = pos.tops
    closed = 0
    theirs = pos.pawns[1 - player]
    while theirs:
        low = theirs & -theirs
        closed |= tops[TOP[squares[low.bit_length() - 1]]]
        theirs ^= low
    mine = pos.pawns[player]
    free = pos.occupied & ~(mine | pos.pawns[1 - player]) & ~closed
    return around(mine) & free


def winning_action(pos: Position) -> int | None:
    """A legal action after which the opponent cannot move, or ``None``."""
    if pos.status:
        return None
    if pos.placing:  # T2: by trying each square
        return immediate_win(pos)
    me = pos.turn
    mine = pos.pawns[me]
    theirs = pos.pawns[1 - me]
    reach = around(theirs)  # the opponent's pawns step inside this
    squares = pos.squares
    tops = pos.tops
    # The opponent's steps now.  A turn closes one more colour to him (the
    # one the pawn steps onto) and the token placed shuts one square more,
    # nothing else: while every colour leaves him two steps, no turn wins.
    closed_now = 0
    b = mine
    while b:
        closed_now |= tops[TOP[squares[(b & -b).bit_length() - 1]]]
        b &= b - 1
    now = reach & pos.occupied & ~(mine | theirs) & ~closed_now
    safe_colour = [(now & ~tops[c]).bit_count() >= 2 for c in range(4)]
    if all(safe_colour):
        return None
    occupied = pos.occupied
    doubles = pos.doubles
    hand = pos.hand
    both = mine | theirs
    free = pos.free
    b = mine
    while b:
        low = b & -b
        b ^= low
        frm = low.bit_length() - 1
        other = TOP[squares[(mine ^ low).bit_length() - 1]]
        left = squares[frm]
        given = TOP[left]
        # The board after the give: frm keeps its lower token or is a hole.
        occ2 = occupied
        dbl2 = doubles
        if left < 5:
            occ2 ^= low
            under = -1
        else:
            dbl2 ^= low
            under = BOTTOM[left]
        steps = NEIGHBOUR_MASK[frm] & free
        while steps:
            tlow = steps & -steps
            steps ^= tlow
            to = tlow.bit_length() - 1
            here = TOP[squares[to]]
            if safe_colour[here]:
                continue
            closed = 0
            for c in (here, other):
                m = tops[c]
                if c == given:
                    m &= ~low
                if c == under:
                    m |= low
                closed |= m
            pawns2 = both ^ low ^ tlow
            open_sq = reach & occ2 & ~pawns2 & ~closed
            head = frm << 12 | to << 6
            if hand < 0:
                if not open_sq:
                    return head | NO_PLACE
                continue
            hand_mask = tops[hand]
            if hand == given:
                hand_mask &= ~low
            if hand == under:
                hand_mask |= low
            targets = occ2 & ~dbl2 & ~pawns2 & ~hand_mask
            if not targets:
                if not open_sq:
                    return head | NO_PLACE
                continue
            if hand in (here, other):
                # The token is of a closed colour: where it goes, it closes.
                if not open_sq:
                    return head | (targets & -targets).bit_length() - 1
                if not open_sq & (open_sq - 1) and open_sq & targets:
                    return head | open_sq.bit_length() - 1
            elif not open_sq:
                # A free colour opens the closed square it covers.
                safe = targets & ~(reach & closed)
                if safe:
                    return head | (safe & -safe).bit_length() - 1
    return None
