"""Games by link in a page's bridge, for every game: :class:`CorrPart`.

A game's bridge (``bridge.py``, ``tor_bridge.py``) has this class below
its base (:class:`page_part.PagePart`), which gives it the game's
correspondence module (``mixtour/mixtour/correspondence.py``,
``mixtour/tor/correspondence.py``: both over the kit's
``mixtour/kit/correspondence.py``) and its colour letters. The part gives
the functions ``web/js/corr.js`` calls, the same in every game: read a link,
open it against the game this browser keeps, the link of the game on the
board and a player's name. Only setting a game up (``corr_new``) is the
game's own, since each game asks other questions first; it ends in
:meth:`CorrPart._corr_started`.

The answers' shapes are ``contract.py``'s ``Corr*``; their ``state`` is the
game's own view, whose ``corr`` field is the id of the game by link shown
(null outside one).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeVar, cast

from contract import (
    Color,
    CorrInfo,
    CorrOpened,
    CorrOpenedJson,
    CorrRead,
    CorrReadJson,
    CorrStarted,
    CorrStartedJson,
    Reason,
)

from mixtour.kit.correspondence import CorrespondenceError, CorrespondenceGame
from mixtour.kit.game import Game as KitGame

__all__ = ["LINK_FULL", "CorrPart"]

G = TypeVar("G", bound=KitGame[Any, Any, Any, Any])

LINK_FULL = "the game's link is full: it takes no more actions"


def _dump(data: Mapping[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


def _reason(error: CorrespondenceError) -> Reason:
    return cast(Reason, error.reason.as_dict())


class CorrPart(Generic[G]):
    """The game on a page's board (``game``, a kit ``Game``) and the functions
    of games by link, over ``corr_module`` (the game's correspondence module:
    ``decode``, ``encode``, ``check``, ``room``, ``MAX_LINK``,
    ``CorrespondenceGame``) and ``corr_colors`` (its players' letters in turn
    order). The bridge gives ``view()``."""

    corr_module: ClassVar[ModuleType]
    corr_colors: ClassVar[str]

    @property
    def game(self) -> G:
        return self._game

    @game.setter
    def game(self, game: G) -> None:
        # Whatever the board showed goes with it: the header tags of a loaded
        # record (White, Event...), which the bridge's ``record`` writes back,
        # and the game by link (``corr``) it was.
        self._game = game
        self.headers: dict[str, str] = {}
        self.corr: CorrespondenceGame[Any] | None = None

    def view(self) -> Any:
        raise NotImplementedError

    def _corr_now(self) -> CorrespondenceGame[Any]:
        """The game by link with the actions played on the board."""
        assert self.corr is not None
        played = tuple(a.code for a in self.game.actions())
        movers = self.game.movers()
        sender = self.corr_colors[movers[len(played) - 1]] if played else self.corr.sender
        meta = self.corr
        kind = type(meta)
        return kind(meta.id, meta.start, played, meta.people, sender, meta.names)

    def _corr_info(self) -> CorrInfo:
        game = self._corr_now()
        fragment = self.corr_module.encode(game)
        return CorrInfo(
            id=game.id,
            people=game.people,
            names=list(game.names),
            sender=cast(Color, game.sender),
            fragment=fragment,
            room=self.corr_module.room(fragment),
        )

    def _corr_full(self) -> bool:
        """Whether a game by link is shown whose link takes no more actions
        (the bridge's ``play`` then refuses any, with :data:`LINK_FULL`)."""
        return self.corr is not None and self._corr_info()["room"] == 0

    def _corr_started(self, corr: CorrespondenceGame[Any], you: str) -> CorrStartedJson:
        """Put a game just set up on the board: the answer of the game's ``corr_new``."""
        self.game = corr.game()
        self.corr = corr
        started = CorrStarted(ok=True, you=cast(Color, you), corr=self._corr_info())
        started["state"] = self.view()
        return _dump(started)

    def _corr_refused(self, error: CorrespondenceError) -> CorrStartedJson:
        return _dump(CorrStarted(ok=False, message=str(error), reason=_reason(error)))

    def corr_read(self, fragment: str) -> CorrReadJson:
        """Read a link of a game by link on its own, replaying it (the board is
        kept): ``{"ok": true, "id": ...}`` or why it is refused."""
        try:
            game = self.corr_module.decode(fragment)
        except CorrespondenceError as error:
            return _dump(CorrRead(ok=False, message=str(error), reason=_reason(error)))
        return _dump(CorrRead(ok=True, id=game.id))

    def corr_open(self, fragment: str, kept: str = "", mine: str = "") -> CorrOpenedJson:
        """Show a link of a game by link, checked against ``kept`` (the link of
        the same game this browser keeps, ``""`` if none) and ``mine`` (the
        colour this browser plays in it, ``""`` if none). An ``older`` link
        shows the kept game. A refused link leaves the board as it was."""
        module = self.corr_module
        try:
            link = module.decode(fragment)
            held = module.decode(kept) if isinstance(kept, str) and kept else None
            you = mine if isinstance(mine, str) and mine and mine in self.corr_colors else None
            verdict = module.check(link, held, you)
        except CorrespondenceError as error:
            return _dump(CorrOpened(ok=False, message=str(error), reason=_reason(error)))
        shown = held if verdict.kind == "older" and held is not None else link
        self.game = shown.game()
        self.corr = shown
        opened = CorrOpened(
            ok=True,
            kind=cast(Any, verdict.kind),
            added=verdict.added,
            behind=verdict.behind,
            corr=self._corr_info(),
        )
        opened["state"] = self.view()
        return _dump(opened)

    def corr_link(self) -> CorrStartedJson:
        """The game by link on the board with its actions so far, and its link
        (the page sends it after each move); ``ok`` false when the board holds
        no game by link."""
        if self.corr is None:
            return _dump(CorrStarted(ok=False, message="no correspondence game is shown"))
        started = CorrStarted(ok=True, corr=self._corr_info())
        started["state"] = self.view()
        return _dump(started)

    def corr_name(self, color: str, name: str) -> CorrStartedJson:
        """Set the name of ``color``'s player in the game by link shown."""
        if self.corr is None or not isinstance(color, str) or color not in self.corr.people:
            return _dump(CorrStarted(ok=False, message="no such player in this game"))
        before = self.corr
        self.corr = self.corr.with_name(color, name if isinstance(name, str) else "")
        info = self._corr_info()
        if len(info["fragment"]) > self.corr_module.MAX_LINK:  # no page would open the link
            self.corr = before
            return _dump(CorrStarted(ok=False, message="the game's link has no room for this name"))
        started = CorrStarted(ok=True, corr=info)
        started["state"] = self.view()
        return _dump(started)
