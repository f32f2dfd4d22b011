"""Both games' page links through the one reader and writer of
``mixtour/kit/link.py``: what one game's link can say, the other's can too."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest

from mixtour.kit.games import game_rules
from mixtour.mixtour import link as mixtour_link
from mixtour.tor import link as tor_link

LINKS: dict[str, ModuleType] = {"mixtour": mixtour_link, "tor": tor_link}
# A seat each game has, and one it has not.
SEATS = {"mixtour": ("r3", "x3"), "tor": ("b3", "r3")}


def random_game(name: str, seed: int, plies: int) -> Any:
    rng = random.Random(seed)
    game = game_rules(name)()
    for _ in range(plies):
        legal = game.legal_actions()
        if not legal:
            break
        game.play(rng.choice(legal))
    return game


@pytest.mark.parametrize("name", LINKS)
@pytest.mark.parametrize("seed", range(6))
def test_a_written_link_reads_back_to_the_same_game(name: str, seed: int) -> None:
    links = LINKS[name]
    game = random_game(name, seed, 12 + seed * 5)
    game.goto(game.ply - seed % 3)  # some actions stepped back over stay in the link
    text = links.format_link(game, flip=seed % 2 == 1, preview=True)
    link = links.parse_link("#" + text)
    assert link.issues == []
    assert link.game.fen() == game.fen()
    assert link.game.record(with_future=True) == game.record(with_future=True)
    assert link.game.ply == game.ply
    assert link.flip == (seed % 2 == 1)
    position_only = links.parse_link(links.format_link(game, whole_game=False))
    assert position_only.game.fen() == game.fen() and position_only.game.ply == 0


@pytest.mark.parametrize("name", LINKS)
def test_seats_people_only_and_a_seat_the_game_has_not(name: str) -> None:
    links = LINKS[name]
    have, have_not = SEATS[name]
    assert links.parse_link(f"ai={have}").seats == {have[0]: 3}
    assert links.parse_link(f"ai={have}").issues == []
    people = links.parse_link("ai=0")  # the analysis board's "play two players"
    assert people.seats == {} and people.ai is None and people.issues == []
    refused = links.parse_link(f"ai={have_not}")
    assert refused.seats is None and [i.id for i in refused.issues] == ["bad-ai"]
    assert links.format_link(game_rules(name)(), seats={have[0]: 3}).endswith(f"&ai={have}")


@pytest.mark.parametrize("name", LINKS)
def test_percent_encoded_separators_are_read_once_more(name: str) -> None:
    links = LINKS[name]
    game = random_game(name, 7, 6)
    text = links.format_link(game)
    link = links.parse_link(text.replace("&", "%26").replace("=", "%3D"))
    assert [i.id for i in link.issues] == ["reread"]
    assert link.game.fen() == game.fen()


@pytest.mark.parametrize("name", LINKS)
def test_a_refused_action_keeps_the_game_before_it_and_says_why(name: str) -> None:
    links = LINKS[name]
    game = random_game(name, 3, 4)
    record = game.record()
    start = game_rules(name)()
    start.play(record[0])
    illegal = next(a for a in start.legal_texts() if a not in game.legal_texts())
    link = links.parse_link(f"m={','.join(record)},{illegal},{record[0]}")
    assert link.game.record() == record
    (issue,) = link.issues
    assert issue.id == "bad-action" and issue.args["index"] == len(record) + 1
    reason = issue.as_dict()["args"]["why"]
    assert isinstance(reason, dict) and isinstance(reason["id"], str)
    garbled = links.parse_link("m=" + "z" * 300)
    (issue,) = garbled.issues
    assert issue.id == "bad-action" and "detail" in issue.args
    assert len(str(issue.args["action"])) <= 40


@pytest.mark.parametrize("name", LINKS)
def test_the_seats_written_by_the_rules_read_back(name: str) -> None:
    links = LINKS[name]
    colors = links.RULES.colors
    assert links.format_seats({}) == "" and links.format_seats({colors[0]: 0}) == ""
    for levels in ((0, 3), (6, 6), (2, 0)):
        seats = dict(zip(colors[:2], levels, strict=True))
        text = links.format_seats(seats)
        assert text == "".join(f"{c}{n}" for c, n in seats.items() if n)
        assert links.parse_seats(text) == ({c: n for c, n in seats.items() if n} if text else None)
    # A letter of no seat of the game is never written; a level past 6 neither.
    assert links.format_seats({"x": 3, colors[1]: 7, colors[0]: 4}) == f"{colors[0]}4"


@pytest.mark.parametrize("name", LINKS)
def test_the_games_link_functions_are_their_rules(name: str) -> None:
    links = LINKS[name]
    game = random_game(name, 11, 9)
    rules = links.RULES
    text = rules.write(game, flip=True, seats={rules.colors[1]: 5})
    assert text == links.format_link(game, flip=True, seats={rules.colors[1]: 5})
    assert text.endswith(f"&flip=1&ai={rules.colors[1]}5")
    link = rules.read(text)
    assert link.game.fen() == game.fen() and link.flip and link.seats == {rules.colors[1]: 5}
    assert link.issues == []
