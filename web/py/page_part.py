"""A game page's bridge, the game-neutral part: :class:`PagePart`.

Every game's page bridge (``bridge.py``'s ``Bridge`` for Mixtour,
``tor_bridge.py``'s ``TorBridge`` for Tor) takes this class as its base and
names its game's modules; the functions whose logic is the same in every
game are written here once: the view as JSON (``state``), stepping through
the game (``undo``, ``redo``, ``goto``), its picture (``svg``), its record
(``record``, ``load_record``), the saved game (``snapshot``, ``restore``)
and the lesson's reply of the computer at level 1 (``lesson_reply``). Games
by link come from :class:`corr_part.CorrPart` below it.

What stays each bridge's own is what its game asks differently: its view,
playing and explaining an action, a new game, its links and a puzzle's
refutation, and the set-up of a game by link.

A bridge binds the part's type parameters to its contract shapes
(``class Bridge(PagePart[Game, View, Loaded, Snapshot, Played])``); each
function written here then declares its game's shape on that bridge
(:func:`contract.bind_shapes`), so ``web/tools/bridge.d.ts`` and the
contract test see, say, ``Bridge.undo`` return a ``View`` and
``TorBridge.undo`` a ``TorView``.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from types import ModuleType
from typing import Annotated, Any, ClassVar, Generic, TypeVar

from contract import GameRecord, Picture, PictureJson, RecordJson, bind_shapes
from corr_part import CorrPart
from saved_game import SnapshotError, read_snapshot, snapshot_data, whole_record

from mixtour.kit.errors import GameError
from mixtour.kit.game import Game as KitGame

__all__ = ["PagePart", "game_module"]

G = TypeVar("G", bound=KitGame[Any, Any, Any, Any])
V = TypeVar("V", bound=Mapping[str, Any])  # the game's view (View, TorView)
L = TypeVar("L")  # what loading a game answers (Loaded, TorLoaded)
S = TypeVar("S")  # the saved game (Snapshot, TorSnapshot)
P = TypeVar("P")  # what playing an action answers (Played, TorPlayed)


def _dump(data: Mapping[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


def game_module(game_class: type[Any], name: str) -> ModuleType:
    """The module ``name`` of the package of a game's ``Game`` class: every
    game keeps its ``link``, ``record``, ``svg``, ``correspondence``,
    ``variations`` and ``ai.player`` there.

    >>> from mixtour.tor.game import Game
    >>> game_module(Game, "record").__name__
    'mixtour.tor.record'
    """
    package = game_class.__module__.rpartition(".")[0]
    return importlib.import_module(f"{package}.{name}")


class PagePart(CorrPart[G], Generic[G, V, L, S, P]):
    """The game shown on a page and the functions every game's page calls
    alike. A bridge names its game's ``Game`` class (``game_class``); the
    part finds the rest in the game's package beside it, the same in every
    game: ``link`` (its ``RULES``: the error family and the players'
    letters), ``record`` (``read_record``, ``to_record``), ``svg``
    (``board``), ``correspondence`` (for :class:`corr_part.CorrPart`) and
    ``ai.player`` (``choose_move``, imported when a lesson first asks).
    ``saved_as`` is the ``game`` a snapshot names (none for Mixtour's, as
    older pages wrote them). The bridge gives ``view()`` and ``play(text)``."""

    game_class: ClassVar[type[Any]]
    saved_as: ClassVar[str | None] = None
    game_error: ClassVar[type[GameError]]
    record_module: ClassVar[ModuleType]
    svg_module: ClassVar[ModuleType]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        bind_shapes(cls, PagePart)
        links = cls.game_module("link").RULES
        cls.game_error = links.error
        cls.corr_colors = links.colors
        cls.corr_module = cls.game_module("correspondence")
        cls.record_module = cls.game_module("record")
        cls.svg_module = cls.game_module("svg")

    @classmethod
    def game_module(cls, name: str) -> ModuleType:
        """The module ``name`` of the game's package (:func:`game_module`)."""
        return game_module(cls.game_class, name)

    def __init__(self, game: G | None = None) -> None:
        self.game = game if game is not None else self.game_class()

    def view(self) -> V:
        raise NotImplementedError

    def play(self, text: str) -> Annotated[str, P]:
        raise NotImplementedError

    # -- reading ---------------------------------------------------------------

    def state(self) -> Annotated[str, V]:
        """The view of the game (:meth:`view`) as JSON."""
        return _dump(self.view())

    def undo(self) -> Annotated[str, V]:
        """Take back the last action (if any)."""
        self.game.undo()
        return self.state()

    def redo(self) -> Annotated[str, V]:
        """Play again the last action taken back (if any)."""
        self.game.redo()
        return self.state()

    def goto(self, ply: int) -> Annotated[str, V]:
        """Show the game after ``ply`` of its actions (undo or redo up to there)."""
        self.game.goto(max(0, int(ply)))
        return self.state()

    def svg(self, flipped: bool = False, coordinates: bool = True) -> PictureJson:
        """``{"svg": text}``: a picture of the position shown, turned round
        like the board when ``flipped``."""
        board = self.svg_module.board
        image = board(self.game.position, coordinates=bool(coordinates), flipped=bool(flipped))
        return _dump(Picture(svg=image))

    # -- records ---------------------------------------------------------------

    def record(self) -> RecordJson:
        """``{"record": text}``: the whole game (undone actions included) as
        the game's record, with the tags of a loaded one."""
        to_record = self.record_module.to_record
        return _dump(GameRecord(record=whole_record(self.game, to_record, self.headers)))

    def load_record(self, text: str) -> Annotated[str, L]:
        """Read a record: ``{"ok": true, "state"}``, or ``{"ok": false,
        "message"}`` naming the line (the game on the board is kept). Its
        header tags are kept for :meth:`record`."""
        try:
            loaded = self.record_module.read_record(text if isinstance(text, str) else "")
        except self.game_error as error:
            return _dump({"ok": False, "message": str(error)})
        self.game = loaded.game
        self.headers = loaded.headers
        return _dump({"ok": True, "state": self.view()})

    # -- the saved game, kept by the page in localStorage -----------------------

    def snapshot(self) -> Annotated[str, S]:
        """``{"version": 1, "start", "actions", "ply"}``: the whole game,
        undone actions included (``ply`` of them are played), for
        :meth:`restore` (``web/py/saved_game.py``)."""
        return _dump(snapshot_data(self.game, self.saved_as, self.headers))

    def restore(self, text: str) -> Annotated[str, L]:
        """Take back a :meth:`snapshot`, replaying it through the engine:
        ``{"ok": true, "state"}``, or ``{"ok": false, "message"}`` for
        anything that is not a valid snapshot of this version (the game is
        kept)."""
        try:
            self.game, self.headers = read_snapshot(text, self.saved_as, self.game_class)
        except SnapshotError as error:
            return _dump({"ok": False, "message": str(error)})
        return _dump({"ok": True, "state": self.view()})

    # -- the lesson ------------------------------------------------------------

    def lesson_reply(self, seed: int) -> Annotated[str, P]:
        """The lesson's short game (``learn.html``, ``tor-learn.html``): the
        computer at level 1 plays for the side to move, on the page's own
        thread (its search is small). ``seed`` makes it repeatable; a
        finished game gets ``{"ok": false}``."""
        position = self.game.position
        if position.outcome.is_over:
            return _dump({"ok": False, "message": "the game is over"})
        # Imported now: only the lessons ask, and the other pages start faster without.
        choose_move = self.game_module("ai.player").choose_move
        chosen = choose_move(position, level=1, seed=int(seed) if isinstance(seed, int) else 0)
        return self.play(str(self.game.action(chosen.move)))
