"""A link that carries only ``at=`` (the position an embed draws before the
engine loads) shows that position once the engine is there too, so a page
author's board does not jump back to the start when Python arrives."""

from __future__ import annotations

from mixtour.mixtour.link import parse_link
from mixtour.tor.game import Game as TorGame
from mixtour.tor.link import parse_link as parse_tor_link

MIXTOUR_AT = "5/5/2,wr,2/5/5_w_19/19_0/0_1_-"


def test_a_mixtour_link_with_only_the_shown_position_shows_it() -> None:
    link = parse_link("#at=" + MIXTOUR_AT)
    assert link.game.fen() == MIXTOUR_AT.replace("_", " ")
    assert link.problems == []


def test_a_mixtour_game_link_recomputes_and_ignores_at() -> None:
    link = parse_link("#p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3&at=" + MIXTOUR_AT)
    assert link.game.fen() == "5/5/2,w,2/5/5 r 19/20 0/0 1 c3"


def test_a_bad_shown_position_is_reported_and_the_start_kept() -> None:
    link = parse_link("#at=5/5/zz")
    assert [issue.id for issue in link.issues] == ["bad-position"]
    assert link.game.ply == 0


def test_a_tor_link_with_only_the_shown_position_shows_it() -> None:
    game = TorGame()
    for _ in range(2):
        game.play(game.legal_actions()[0])
    shown = game.fen()
    assert shown != TorGame().fen()
    link = parse_tor_link("#at=" + shown.replace(" ", "_"))
    assert link.game.fen() == shown
    assert link.issues == []


def test_a_tor_game_link_recomputes_and_ignores_at() -> None:
    game = TorGame()
    first = game.legal_actions()[0]
    game.play(first)
    link = parse_tor_link(f"#m={first}&at=" + TorGame().fen().replace(" ", "_"))
    assert link.game.fen() == game.fen()
