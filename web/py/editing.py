"""The position editor's changes (``web/editor.html``), counted by the engine.

The editor keeps what its board and fields show as a *setup*: the fields of
a position string before the engine has judged them, so any of them may be
text the player is still typing::

    {"stacks": [25 x "wr"...], "players": 2 or 3, "turn": "w",
     "reserves": [3 x number or text], "scores": [3 x number or text],
     "target": number or text, "last": "-"}

Reserves and scores always hold three entries: the third player's are kept
while two play, for when the player switches to three. Every change that
moves discs between the board and a reserve is made here, so the page does
no disc arithmetic: :func:`edit` takes the setup and a change and returns the
new setup, whether the change was made, and for ``even`` the discs each
player now owns.

>>> import json
>>> setup = json.loads(edit(json.dumps(start_setup(2)), "place", 12, "r"))["setup"]
>>> setup["stacks"][12], setup["reserves"]
('r', [20, 19, 20])
>>> setup["reserves"][0] = 25
>>> answer = json.loads(edit(json.dumps(setup), "even"))
>>> answer["setup"]["reserves"], answer["discs"]
([25, 24, 20], 25)
"""

from __future__ import annotations

import json
from typing import Any

from contract import EditedSetupJson
from editor_part import sent_object

from mixtour.mixtour.core import COLORS, MAX_HEIGHT, NUM_SQUARES, default_discs

__all__ = ["edit", "start_setup"]

CHANGES = ("place", "erase", "players", "even", "clear", "start")


def start_setup(players: int) -> dict[str, Any]:
    """The empty board with the usual discs (R1, R10), to ``players`` players."""
    discs = default_discs(players)
    return {
        "stacks": [""] * NUM_SQUARES,
        "players": players,
        "turn": "w",
        "reserves": [discs, discs, discs],
        "scores": [0, 0, 0],
        "target": 1,
        "last": "-",
    }


def _number(value: object) -> int | None:
    """A count the player typed, or None for text that is not one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float) and float(value).is_integer():
        return int(value)
    if isinstance(value, str) and value.isascii() and value.isdigit():
        return int(value)
    return None


def _setup(text: str) -> dict[str, Any]:
    """The setup the page sent, in shape (anything missing or odd from the start)."""
    data = sent_object(text)
    base = start_setup(3 if data.get("players") == 3 else 2)
    stacks = data.get("stacks")
    if (
        isinstance(stacks, list)
        and len(stacks) == NUM_SQUARES
        and all(isinstance(s, str) and len(s) <= MAX_HEIGHT for s in stacks)
    ):
        base["stacks"] = list(stacks)
    for key in ("reserves", "scores"):
        values = data.get(key)
        if isinstance(values, list) and len(values) == 3:
            base[key] = [v if isinstance(v, int | float | str) else "?" for v in values]
    for key in ("turn", "last", "target"):
        if isinstance(data.get(key), int | str):
            base[key] = data[key]
    return base


def _on_board(setup: dict[str, Any], color: str) -> int:
    return sum(stack.count(color) for stack in setup["stacks"])


def _add(setup: dict[str, Any], color: str, discs: int) -> None:
    """Move ``discs`` into the reserve of ``color`` (out of it when negative)
    while the reserve is a number (not text being typed) and stays one."""
    i = COLORS.index(color)
    reserve = setup["reserves"][i]
    if isinstance(reserve, int) and not isinstance(reserve, bool) and reserve + discs >= 0:
        setup["reserves"][i] = reserve + discs


def edit(setup_text: str, change: str, square: int = -1, color: str = "") -> EditedSetupJson:
    """Make one change to the editor's setup (JSON in, JSON out).

    ``place`` a disc of ``color`` on ``square`` (from its reserve while it has
    one; refused on a full stack), ``erase`` the top disc of ``square`` (back
    into its reserve), ``players`` (``square`` is the number: 2 or 3), ``even``
    (every player owns as many discs as the one who owns the most), ``clear``
    (every disc back into its reserve), ``start`` (the standard start).
    Returns ``{"setup": ..., "done": bool, "discs": n or null}``.
    """
    setup = _setup(setup_text)
    stacks: list[str] = setup["stacks"]
    colors = COLORS[: setup["players"]]
    done = True
    discs: int | None = None
    on_square = 0 <= square < NUM_SQUARES if isinstance(square, int) else False
    if change == "place" and on_square and color in colors:
        done = len(stacks[square]) < MAX_HEIGHT
        if done:
            stacks[square] += color
            _add(setup, color, -1)
    elif change == "erase" and on_square:
        done = bool(stacks[square])
        if done:
            top = stacks[square][-1]
            stacks[square] = stacks[square][:-1]
            _add(setup, top, 1)
    elif change == "players" and square in (2, 3):
        done = square != setup["players"]
        if done and square == 3:
            white = _number(setup["reserves"][0])
            setup["reserves"][2] = (
                default_discs(3) if white is None else white + _on_board(setup, "w")
            )
            setup["scores"][2] = 0
        elif done:
            setup["stacks"] = [stack.replace("b", "") for stack in stacks]
            if setup["turn"] == "b":
                setup["turn"] = "w"
        setup["players"] = square
    elif change == "even":
        counts = [_on_board(setup, c) for c in colors]
        totals = [(_number(setup["reserves"][i]) or 0) + counts[i] for i in range(len(colors))]
        discs = max(*totals, *counts)
        setup["reserves"][: len(colors)] = [discs - n for n in counts]
    elif change == "clear":
        for c in colors:
            _add(setup, c, _on_board(setup, c))
        setup["stacks"] = [""] * NUM_SQUARES
    elif change == "start":
        setup = start_setup(setup["players"])
    else:
        done = False
    if done and change != "even":
        setup["last"] = "-"
    return json.dumps({"setup": setup, "done": done, "discs": discs}, separators=(",", ":"))
