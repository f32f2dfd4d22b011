"""The errors every game raises, whatever the game.

Each game has its own family (``MixtourError``, ``TorError``) whose classes
also subclass these, so game-neutral code (the command line, the bridges'
common parts) catches :class:`GameError` or one of its three kinds and a
game's own code keeps catching its family. The kinds carry their
documentation; a game's family base says what its notation is called. A
leaf module: it imports nothing of the project, so a game's core may
import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from .protocol import ReasonLike

__all__ = [
    "GameError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidPositionError",
    "kinds",
    "shown",
]


class GameError(ValueError):
    """Base class of every error a game's parsers and rules raise."""


class InvalidActionError(GameError):
    """Text (or a code) that is not an action in the game's notation."""


R = TypeVar("R", bound="ReasonLike")


class IllegalActionError(GameError, Generic[R]):
    """A well-formed action that the rules do not allow in this position;
    ``reason`` says why (the game's ``Reason``, for wording in any language).
    A game's own class names its ``Reason``:
    ``class IllegalActionError(TorError, errors.IllegalActionError[Reason])``."""

    def __init__(self, message: str, reason: R | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class InvalidPositionError(GameError):
    """Text that is not a valid position string, or an impossible position."""


def kinds(
    family: type[GameError], reason: type[R]
) -> tuple[type[InvalidActionError], type[IllegalActionError[R]], type[InvalidPositionError]]:
    """The three kinds above in a game's ``family``, whose illegal actions
    carry the game's ``reason`` class: ``InvalidActionError``,
    ``IllegalActionError`` and ``InvalidPositionError``, each a subclass of
    both the family and the kit's kind, named as if written in the
    family's module, so that a game declares its errors in one line::

        InvalidActionError, IllegalActionError, InvalidPositionError = kinds(TorError, Reason)
    """

    def kind(base: type[GameError]) -> Any:
        name = base.__name__
        namespace = {"__module__": family.__module__, "__qualname__": name, "__doc__": base.__doc__}
        return type(name, (family, base), namespace)

    return kind(InvalidActionError), kind(IllegalActionError), kind(InvalidPositionError)


def shown(text: str, limit: int = 40) -> str:
    """``repr(text)``, cut to ``limit`` characters with an ellipsis: an error
    message quotes what it refused, but never a megabyte of it.

    >>> shown("c3"), shown("x" * 100, 8)
    ("'c3'", "'xxxxxxx…'")
    """
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")
