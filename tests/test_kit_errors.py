"""The kit's errors: each game's family is also the kit's, kind by kind."""

from __future__ import annotations

import pickle
from types import ModuleType

import pytest

import mixtour.mixtour.core as mixtour_core
import mixtour.tor.core as tor_core
from mixtour.kit import errors as kit


@pytest.mark.parametrize(
    ("family", "module"), [(mixtour_core.MixtourError, mixtour_core), (tor_core.TorError, tor_core)]
)
def test_each_game_error_is_its_family_and_the_kits_kind(family: type, module: object) -> None:
    assert issubclass(family, kit.GameError) and issubclass(family, ValueError)
    for kind in ("InvalidActionError", "IllegalActionError", "InvalidPositionError"):
        cls = getattr(module, kind)
        assert issubclass(cls, family) and issubclass(cls, getattr(kit, kind)), kind


@pytest.mark.parametrize("module", [mixtour_core, tor_core])
def test_a_familys_kinds_read_as_written_in_the_games_module(module: ModuleType) -> None:
    # kinds() makes the classes; they must name, print and travel (the
    # arena's processes pickle what they raise) as classes written there.
    for kind in ("InvalidActionError", "IllegalActionError", "InvalidPositionError"):
        cls = getattr(module, kind)
        assert (cls.__module__, cls.__qualname__) == (module.__name__, kind)
        assert cls.__doc__ == getattr(kit, kind).__doc__
        copy = pickle.loads(pickle.dumps(cls("refused")))
        assert type(copy) is cls and str(copy) == "refused"


def test_one_games_family_does_not_catch_the_others() -> None:
    with pytest.raises(tor_core.InvalidActionError):
        try:
            tor_core.parse_action("zz")
        except mixtour_core.MixtourError:  # pragma: no cover - the failure it guards against
            pytest.fail("Mixtour's family caught Tor's refusal")
    assert not issubclass(mixtour_core.InvalidActionError, tor_core.TorError)


def test_game_neutral_code_catches_both_games_refusals() -> None:
    with pytest.raises(kit.InvalidActionError):
        mixtour_core.Action.parse("zz")
    with pytest.raises(kit.InvalidActionError):
        tor_core.parse_action("zz")
    with pytest.raises(kit.InvalidPositionError):
        mixtour_core.Position("nonsense")
    with pytest.raises(kit.InvalidPositionError):
        tor_core.Position("nonsense")


def test_an_illegal_action_carries_its_reason() -> None:
    reason = tor_core.Reason("empty", square="c3")
    error = tor_core.IllegalActionError("c3-d4: c3 is empty", reason)
    assert error.reason is reason and isinstance(error, kit.IllegalActionError)
    assert kit.IllegalActionError("no").reason is None


def test_shown_quotes_refused_text_cut_short() -> None:
    assert kit.shown("c3") == "'c3'"
    assert kit.shown("x" * 100, 8) == "'xxxxxxx…'"
