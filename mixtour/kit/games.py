"""The games of the collection by name, for game-neutral code: the AI
worker (``web/py/ai_worker.py``) reads a request's ``game`` and finds here
how to read that game's position, which levels it has and how its computer
player chooses a move (:func:`game_ai`); the tests and tools find its rules
(:func:`game_rules`: its ``Game`` class, which names its position class,
action type and start).

Each game's entries live with that game and are imported only when first
asked for, so the kit imports no game and a page loads only the games it
plays.  A new game adds one line to ``_GAMES``; ``tests/test_kit_conformance.py``
then plays it against the kit's contract.

>>> ai = game_ai("mixtour")
>>> ai.action_text(ai.choose(ai.read("5/5/rrw,1,ww,2/5/5 w 17/18 0/0 1 -"), level=3).move)
'a3:3-c3'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar

from .analysis import AnalysisRules
from .protocol import GamePosition, P
from .review import Reviewer
from .search import SearchResult

if TYPE_CHECKING:
    from .game import Game
    from .levels import Level

__all__ = [
    "ENTRY_MODULES",
    "GAMES",
    "Chooser",
    "GameAI",
    "UnknownGameError",
    "game_ai",
    "game_rules",
]

# Game name -> (the module whose GAME_AI is that game's computer player, the
# module whose Game is that game's rules).
_GAMES: Final = {
    "mixtour": ("mixtour.mixtour.ai.entry", "mixtour.mixtour.game"),
    "tor": ("mixtour.tor.ai.entry", "mixtour.tor.game"),
}
GAMES: Final = tuple(_GAMES)
# The modules the AI worker imports for the games (the build precompiles them
# for the browser, as it cannot see these imports in the worker's script).
ENTRY_MODULES: Final = tuple(ai for ai, _ in _GAMES.values())


P_contra = TypeVar("P_contra", bound=GamePosition, contravariant=True)


class UnknownGameError(ValueError):
    """A request named a game the collection does not have."""


class Chooser(Protocol[P_contra]):
    """A game's ``choose_move``, as far as game-neutral code calls it."""

    def __call__(
        self,
        position: P_contra,
        *,
        level: int | None = ...,
        time_ms: float | None = ...,
        seed: int | None = ...,
        stop: Callable[[], bool] | None = ...,
    ) -> SearchResult: ...


@dataclass(frozen=True, slots=True)
class GameAI(Generic[P]):
    """One game's computer player, as game-neutral code sees it.

    ``start`` is the standard start's position string; ``levels`` maps
    each level number to its own time limit in milliseconds (``None``: the
    level does not use the clock); ``replay`` builds the position after
    ``actions`` (in the game's notation) from a position string, with its
    history; ``read`` reads a position string alone; ``action_dict`` is an
    action as plain data for the page; ``review`` reviews its games
    (:mod:`mixtour.kit.review`, the game's plug-in on it); ``analysis``
    is its part of the analysis board's engine (:mod:`mixtour.kit.analysis`).
    """

    name: str
    start: str
    levels: Mapping[int, float | None]
    read: Callable[[str], P]
    replay: Callable[[str, Sequence[str]], P]
    choose: Chooser[P]
    action_text: Callable[[int], str]
    action_dict: Callable[[int], dict[str, object]]
    review: Reviewer[P]
    analysis: AnalysisRules[P]

    @classmethod
    def of(
        cls,
        game: type[Game[Any, Any, Any, Any]],
        levels: Mapping[int, Level],
        *,
        choose: Chooser[P],
        review: Reviewer[P],
        analysis: AnalysisRules[P],
    ) -> GameAI[P]:
        """A game's entry, with what its ``Game`` class and its levels say
        written once for every game: its name, the standard start, reading a
        position (the game's position class), replaying actions on a
        ``Game``, an action's text and plain data (its action class's
        ``str()`` and ``as_dict()``) and each level's clock.

        >>> from mixtour.tor.ai.entry import GAME_AI
        >>> GAME_AI.replay(GAME_AI.start, ["c3", "d5"]).history()
        [14, 27]
        """

        def replay(start: str, actions: Sequence[str]) -> P:
            position: P = game(start, list(actions)).position
            return position

        def action_text(code: int) -> str:
            return str(game.action_class(code))

        def action_dict(code: int) -> dict[str, object]:
            data: dict[str, object] = game.action_class(code).as_dict()
            return data

        return cls(
            name=game.name,
            start=game.standard_start,
            levels={n: level.time_ms for n, level in levels.items()},
            read=game.position_class,
            replay=replay,
            choose=choose,
            action_text=action_text,
            action_dict=action_dict,
            review=review,
            analysis=analysis,
        )


def _modules(name: str) -> tuple[str, str]:
    modules = _GAMES.get(name)
    if modules is None:
        known = ", ".join(GAMES)
        raise UnknownGameError(f"no game is called {name[:40]!r}: the games are {known}")
    return modules


def game_ai(name: str) -> GameAI[Any]:
    """The entry of the game called ``name`` (``mixtour``, ...)."""
    entry: GameAI[Any] = importlib.import_module(_modules(name)[0]).GAME_AI
    return entry


def game_rules(name: str) -> type[Game[Any, Any, Any, Any]]:
    """The rules of the game called ``name``: its ``Game`` class, whose
    ``position_class``, ``action_class`` and ``standard_start`` are the game's.

    >>> game_rules("tor").action_class.parse("C3-D4")
    Action.parse('c3-d4')
    """
    rules: type[Game[Any, Any, Any, Any]] = importlib.import_module(_modules(name)[1]).Game
    return rules
