"""Every way a page reaches Python, in one table.

A *surface* is what one kind of page may call: the object that holds its game
(a bridge), the bridge's methods that JavaScript may reach (nothing else of it
is reachable) and the global it is published as on ``window``. Two hosts
serve the same table:

* on the main thread, ``page_main.py``, the one Python entry script of every
  page, publishes the surface its page names (``<body data-surface="...">``)
  and fires ``mixtour:python-ready``;
* in the engine worker, ``engine_host.py`` (the ``board`` call of
  ``engine_calls.py``) answers the boards of every embed frame with the
  ``embed`` and ``tor-embed`` surfaces' methods.

The computer's searches are not a surface: they are the engine worker's own
calls (``engine_calls.py``), asked by the pages' engine client.

Pure Python (no ``js``, no PyScript): each bridge module is imported when a
page opens its surface, so a page loads only its own.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["SURFACES", "Surface", "open_surface"]

# The game page's bridge as the game page, the lesson and the embeds reach it.
_BOARD = ("state", "play", "explain", "explain_lift")
_LINKS = ("load_link", "link", "goto")


@dataclass(frozen=True)
class Surface:
    """What one kind of page may call.

    ``module`` holds the bridge: the class ``make`` (made with no arguments),
    or, with ``make`` empty, the module's own functions. ``methods`` are the
    names JavaScript may call (methods of the object, or functions of the
    module), and ``functions`` module functions published beside them
    (``bridge.rules``). ``marks_engine`` sets ``body[data-engine]`` once the engine imported (the
    game pages' test hook)."""

    module: str
    make: str
    methods: tuple[str, ...]
    publish_as: str
    functions: tuple[str, ...] = ()
    marks_engine: bool = False


# Games by link (web/py/corr_part.py, web/js/corr.js), the same in every game's bridge.
_CORR = ("corr_new", "corr_read", "corr_open", "corr_link", "corr_name")

SURFACES: dict[str, Surface] = {
    # index.html: the game, its links, records, saves and games by link.
    "game": Surface(
        "bridge",
        "Bridge",
        (
            *_BOARD,
            "undo",
            "redo",
            "new_game",
            "load",
            *_LINKS,
            "svg",
            "record",
            "load_record",
            "snapshot",
            "restore",
            *_CORR,
        ),
        "mixtourPython",
        functions=("rules",),
        marks_engine=True,
    ),
    # tor.html, and Tor's lesson (tor-learn.html).
    "tor": Surface(
        "tor_bridge",
        "TorBridge",
        (
            "state",
            "play",
            "explain",
            "undo",
            "redo",
            "new_game",
            *_LINKS,
            "svg",
            "record",
            "load_record",
            "snapshot",
            "restore",
            "lesson_reply",
            *_CORR,
        ),
        "torPython",
        marks_engine=True,
    ),
    # analysis.html: the tree of variations; the worker analyses the node shown.
    "analysis": Surface(
        "analysis_bridge",
        "AnalysisBoard",
        (*_BOARD, "open", "select", "step", "delete", "promote", "set_flip"),
        "mixtourPython",
    ),
    # tor-analysis.html: Tor's analysis board, the same part over Tor's tree.
    "tor-analysis": Surface(
        "tor_analysis_bridge",
        "TorAnalysisBoard",
        ("state", "play", "explain", "open", "select", "step", "delete", "promote", "set_flip"),
        "torAnalysis",
    ),
    # editor.html: module functions, no game.
    "editor": Surface(
        "editor_bridge", "", ("check", "from_link", "rules", "link", "edit"), "mixtourEditor"
    ),
    # tor-editor.html: Tor's editor, the same functions over Tor's classes.
    "tor-editor": Surface(
        "tor_editor_bridge", "", ("check", "from_link", "link", "edit"), "torEditor"
    ),
    # learn.html: the lesson's short game against level 1.
    "lesson": Surface("bridge", "Bridge", (*_BOARD, *_LINKS, "lesson_reply"), "mixtourPython"),
    # puzzles.html: the answer to a wrong move.
    "puzzles": Surface("bridge", "Bridge", (*_BOARD, *_LINKS, "refute"), "mixtourPython"),
    # tor-puzzles.html: Tor's puzzles, the same page over Tor's bridge.
    "tor-puzzles": Surface(
        "tor_bridge", "TorBridge", ("state", "play", "explain", *_LINKS, "refute"), "torPython"
    ),
    # embed.html and tor-embed.html, through the shared worker (engine_host.py).
    "embed": Surface("bridge", "Bridge", (*_BOARD, *_LINKS), "mixtourPython"),
    "tor-embed": Surface(
        "tor_bridge", "TorBridge", ("state", "play", "explain", *_LINKS), "torPython"
    ),
}


def make_bridge(surface: Surface) -> Any:
    """A new bridge of ``surface`` (its module imported now)."""
    module = importlib.import_module(surface.module)
    return getattr(module, surface.make)() if surface.make else module


def open_surface(name: str) -> tuple[Surface, dict[str, Callable[..., Any]]]:
    """The surface called ``name`` and its functions by name, bound to a new
    bridge; KeyError for a name no page uses."""
    surface = SURFACES[name]
    bridge = make_bridge(surface)
    module = sys.modules[surface.module]  # imported by make_bridge
    functions: dict[str, Callable[..., Any]] = {
        method: getattr(bridge, method) for method in surface.methods
    }
    functions.update({function: getattr(module, function) for function in surface.functions})
    return surface, functions
