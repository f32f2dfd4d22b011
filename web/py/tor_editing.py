"""Tor's position editor's changes (``web/tor-editor.html``), made by the engine's
numbers.

The editor keeps what its board shows as a *setup*, the parts of a T7 string
(``mixtour/tor/RULES.md``) before the engine has judged them::

    {"tokens": [48 x "", "R" or "RB" (bottom to top)],
     "pawns": [48 x "w", "b" or null], "turn": "w" or "b", "hand": "B" or null}

:func:`edit` takes the setup and one change and returns the new setup and
whether the change was made, with the reason when not. It keeps what the
board can draw: at most two tokens on a square, never more tokens of a colour
than the game has (T1), at most two pawns a side and a pawn only on a token.
Whatever else T7 refuses (two tokens of one colour on a square, pawns placed
out of turn...) the editor may set up, and the engine's check says why it is
not a position.

>>> import json
>>> answer = json.loads(edit(json.dumps(empty_setup()), "token", 14, "R"))
>>> answer["setup"]["tokens"][14], answer["done"]
('R', True)
>>> json.loads(edit(json.dumps(answer["setup"]), "pawn", 13, "w"))["reason"]
'no-token'
"""

from __future__ import annotations

import json
from typing import Any

from contract import TorEditedSetupJson
from editor_part import sent_object

from mixtour.tor.core import (
    COLOR_LETTERS,
    NUM_SQUARES,
    PAWNS_EACH,
    PLAYER_LETTERS,
    STANDARD_START,
    TOKENS_PER_COLOR,
    Position,
)

__all__ = ["edit", "empty_setup", "standard_setup"]

CHANGES = ("token", "erase", "pawn", "turn", "hand", "clear", "standard")
MAX_TOKENS = 2  # a square holds one token or two lying on each other (T1)


def empty_setup() -> dict[str, Any]:
    """A board without tokens or pawns, White to move, nothing in hand."""
    return {"tokens": [""] * NUM_SQUARES, "pawns": [None] * NUM_SQUARES, "turn": "w", "hand": None}


def standard_setup() -> dict[str, Any]:
    """The standard start (T1)."""
    position = Position(STANDARD_START)
    setup = empty_setup()
    setup["tokens"] = [
        "".join(COLOR_LETTERS[c] for c in position.tokens(s)) for s in range(NUM_SQUARES)
    ]
    return setup


def _setup(text: object) -> dict[str, Any]:
    """The setup the page sent, in shape (anything missing or odd: empty)."""
    data = sent_object(text)
    base = empty_setup()
    tokens = data.get("tokens")
    if (
        isinstance(tokens, list)
        and len(tokens) == NUM_SQUARES
        and all(
            isinstance(t, str) and len(t) <= MAX_TOKENS and all(c in COLOR_LETTERS for c in t)
            for t in tokens
        )
    ):
        base["tokens"] = list(tokens)
    pawns = data.get("pawns")
    if isinstance(pawns, list) and len(pawns) == NUM_SQUARES:
        base["pawns"] = [p if p in ("w", "b") else None for p in pawns]
    base["pawns"] = [p if base["tokens"][s] else None for s, p in enumerate(base["pawns"])]
    if data.get("turn") in ("w", "b"):
        base["turn"] = data["turn"]
    if isinstance(data.get("hand"), str) and data["hand"] in tuple(COLOR_LETTERS):
        base["hand"] = data["hand"]
    return base


def _count(setup: dict[str, Any], color: str) -> int:
    """Tokens of ``color`` on the board and in hand."""
    on_board: int = "".join(setup["tokens"]).count(color)
    return on_board + int(setup["hand"] == color)


def edit(setup_text: str, change: str, square: int = -1, what: str = "") -> TorEditedSetupJson:
    """Make one change to Tor's editor setup (JSON in, JSON out).

    ``token`` puts a token of colour ``what`` on top of ``square``; ``erase``
    takes the pawn off ``square``, or if none its top token; ``pawn`` puts a
    pawn of side ``what`` on ``square`` or takes it off; ``turn`` makes
    ``what`` the player to move; ``hand`` gives him a token of colour
    ``what`` (``""``: none); ``clear`` empties the board; ``standard`` sets up
    the standard start. Returns ``{"setup": ..., "done": bool, "reason": id
    or null}``.
    """
    setup = _setup(setup_text)
    tokens: list[str] = setup["tokens"]
    pawns: list[str | None] = setup["pawns"]
    on_square = isinstance(square, int) and 0 <= square < NUM_SQUARES
    reason: str | None = None
    if change == "token" and on_square and isinstance(what, str) and what in tuple(COLOR_LETTERS):
        if len(tokens[square]) >= MAX_TOKENS:
            reason = "full"
        elif _count(setup, what) >= TOKENS_PER_COLOR:
            reason = "none-left"
        else:
            tokens[square] += what
    elif change == "erase" and on_square:
        if pawns[square]:
            pawns[square] = None
        elif tokens[square]:
            tokens[square] = tokens[square][:-1]
        else:
            reason = "empty"
    elif change == "pawn" and on_square and what in tuple(PLAYER_LETTERS):
        if pawns[square] == what:
            pawns[square] = None
        elif not tokens[square]:
            reason = "no-token"
        elif pawns.count(what) >= PAWNS_EACH:
            reason = "pawns"
        else:
            pawns[square] = what
    elif change == "turn" and what in tuple(PLAYER_LETTERS):
        setup["turn"] = what
    elif change == "hand" and (what == "" or what in tuple(COLOR_LETTERS)):
        if what and setup["hand"] != what and _count(setup, what) >= TOKENS_PER_COLOR:
            reason = "none-left"
        else:
            setup["hand"] = what or None
    elif change == "clear":
        setup = empty_setup() | {"turn": setup["turn"]}
    elif change == "standard":
        setup = standard_setup()
    else:
        reason = "unknown"
    answer = {"setup": setup, "done": reason is None, "reason": reason}
    return json.dumps(answer, separators=(",", ":"))
