"""The kit's perft driver on the kit's own toy game (noughts and crosses from
``test_kit_search``, which has no ``count_actions``): its leaf counts are
known by hand.  Each game's counts are in ``test_perft.py`` and
``test_tor_perft.py``."""

from __future__ import annotations

from test_kit_search import Noughts

from mixtour.kit.perft import divide, perft


def test_perft_counts_the_toy_games_leaves_a_finished_game_being_one() -> None:
    # 9 * 8 * 7 * 6 moves before anyone can have three in a row; the whole
    # tree has 255,168 games (a win before the board is full ends one).
    assert [perft(Noughts(), d) for d in range(5)] == [1, 9, 72, 504, 3024]
    assert perft(Noughts(), 9) == 255_168


def test_divide_gives_each_first_action_its_leaves_by_text() -> None:
    rows = divide(Noughts(), 2, lambda cell: f"cell {cell}")
    assert rows == [(f"cell {cell}", 8) for cell in range(9)]
    pos = Noughts()
    assert sum(n for _, n in divide(pos, 9, str)) == 255_168 and pos.legal_actions()
