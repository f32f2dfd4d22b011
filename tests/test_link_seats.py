"""Links say who the computer is: ``ai=N`` (the player to move is the human) or
seats (``ai=r3``: Red is Computer 3), so a reload or a shared link keeps the opponent."""

from __future__ import annotations

from mixtour.mixtour.game import Game
from mixtour.mixtour.link import format_link, parse_link


def test_seats_in_a_link_name_each_computer_and_its_level() -> None:
    link = parse_link("#m=c3&ai=r3")
    assert link.seats == {"r": 3}
    assert link.ai is None
    assert link.problems == []
    assert parse_link("#ai=w6r6").seats == {"w": 6, "r": 6}


def test_seats_round_trip_through_a_game_link() -> None:
    game = Game.new(3, 15, 1)
    game.play("c3")
    text = format_link(game, seats={"w": 0, "r": 2, "b": 5})
    assert text.endswith("&ai=r2b5")
    link = parse_link(text)
    assert link.seats == {"r": 2, "b": 5}
    assert link.game.fen() == game.fen()


def test_seats_win_over_a_level_and_humans_write_no_ai() -> None:
    assert format_link(Game(), ai=4, seats={"w": 1}).endswith("&ai=w1")
    assert "ai=" not in format_link(Game(), seats={"w": 0, "r": 0})


def test_bad_seats_are_a_documented_problem_and_ignored() -> None:
    for bad in ("b3", "r7", "r3r4", "x1", "r"):  # Blue in a two-player game, level 7, ...
        link = parse_link(f"#ai={bad}")
        assert link.seats is None and link.ai is None, bad
        assert link.problems == [f"AI level {bad!r} must be 1 to 6"], bad
