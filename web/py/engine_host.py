"""The embeds' boards in the engine worker (its ``board`` call, ``engine_calls.py``).

One Pyodide in one worker answers the boards of every embed frame on the
page (``web/js/engine/host.js`` elects the frame that runs it). A request
names its game (``mixtour`` or ``tor``), the board that asks, the link of
the game that board shows (its state: the link the last answer gave it,
or the embed's own link before the first), a bridge method and its
arguments. The bridge of each board is kept, keyed by the board's id,
while the link it last answered with is the one the next request carries;
otherwise (a new host after a handover, a board's first request, a repeated
request) it is rebuilt from the link, so no board's game is ever lost with
its host.

>>> import json
>>> answer = json.loads(handle(json.dumps(
...     {"game": "mixtour", "board": "b1", "link": "", "method": "play", "args": ["c3"]})))
>>> answer["result"]["ok"], answer["link"]
(True, 'p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3&ply=1')
>>> json.loads(handle(json.dumps(
...     {"game": "chess", "board": "b1", "link": "", "method": "play", "args": []})))["error"]
'unknown game'
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from surfaces import SURFACES, make_bridge

if TYPE_CHECKING:
    from bridge import Bridge
    from tor_bridge import TorBridge

# Each game's surface (surfaces.py): what an embed may ask of its bridge;
# nothing else of the bridge is reachable from a request.
SURFACE_OF = {"mixtour": "embed", "tor": "tor-embed"}
METHODS: dict[str, frozenset[str]] = {
    game: frozenset(SURFACES[name].methods) for game, name in SURFACE_OF.items()
}
# Boards kept at once; the least recently asked is rebuilt from its link if it asks again.
KEPT = 64


def _new_bridge(game: str) -> Bridge | TorBridge:
    """A bridge for ``game``, its engine imported when a board of it first asks
    (a page of Mixtour boards never loads Tor's engine, nor the other way)."""
    bridge: Bridge | TorBridge = make_bridge(SURFACES[SURFACE_OF[game]])
    return bridge


def _canonical(game: str, bridge: Bridge | TorBridge) -> str:
    """The link of the board's whole game at the ply shown: enough to rebuild it."""
    if game == "mixtour":
        text = cast("Bridge", bridge).link(True, False, None)
    else:
        text = cast("TorBridge", bridge).link(True, "")
    return str(json.loads(text)["fragment"])


_boards: OrderedDict[tuple[str, str], tuple[Bridge | TorBridge, str]] = OrderedDict()


def _error(message: str) -> str:
    return json.dumps({"error": message})


def handle(request: str) -> str:
    """Answer one board's request (a JSON text): ``{"result": ..., "link": ...}``,
    or ``{"error": text}`` for a request no embed would send."""
    try:
        data = json.loads(request)
    except ValueError:
        return _error("not JSON")
    if not isinstance(data, dict):
        return _error("not an object")
    game, board, link = data.get("game"), data.get("board"), data.get("link")
    method, args = data.get("method"), data.get("args", [])
    if game not in METHODS:
        return _error("unknown game")
    if not isinstance(board, str) or not isinstance(link, str):
        return _error("bad board or link")
    if method not in METHODS[game] or not isinstance(args, list):
        return _error("unknown method")
    if not all(isinstance(arg, str | int | float | bool) or arg is None for arg in args):
        return _error("bad arguments")
    key = (game, board)
    kept = _boards.pop(key, None)
    if kept is not None and kept[1] == link:
        bridge = kept[0]
    else:
        bridge = _new_bridge(game)
        if method != "load_link":
            bridge.load_link(link)
    function: Callable[..., str] = getattr(bridge, method)
    try:
        result = function(*args)
    except (TypeError, ValueError) as error:
        return _error(f"{method}: {error}")
    shown = _canonical(game, bridge)
    _boards[key] = (bridge, shown)
    while len(_boards) > KEPT:
        _boards.popitem(last=False)
    return f'{{"link": {json.dumps(shown)}, "result": {result}}}'


def forget() -> None:
    """Drop every kept board (tests: the next requests rebuild from their links)."""
    _boards.clear()


def kept_boards() -> list[Any]:
    """The boards kept, oldest first (tests)."""
    return [list(key) for key in _boards]
