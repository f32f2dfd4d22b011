"""The SVG picture (mixtour/mixtour/svg.py, ``python -m mixtour svg``) looks like the
page's board: the same colours as web/css/board.css, discs as cylinders, the
last action as the board's flat fill (never the outline that means "legal
target" on screen), stack heights, and a legend that says who is to move in words.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from mixtour.mixtour.core import Position
from mixtour.mixtour.game import Game
from mixtour.mixtour.svg import board

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"
WIN_GAME = ["d4", "c4", "d4-c4", "d4", "c4:2-d4", "c4", "d4:3-c4", "d4", "c4:4-d4"]


def after(*actions: str, players: int = 2) -> Position:
    game = Game(Position.start(players).fen())
    for action in actions:
        game.play(action)
    return game.position


def light_palette() -> dict[str, str]:
    """The light values of the board's CSS custom properties (the first :root block)."""
    css = (ROOT / "web" / "css" / "board.css").read_text(encoding="utf-8")
    block = css[css.index(":root {") : css.index("}", css.index(":root {"))]
    return dict(re.findall(r"(--[\w-]+):\s*([^;]+);", block))


def elements(text: str, cls: str) -> list[ET.Element]:
    root = ET.fromstring(text)
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def legend(text: str) -> list[str]:
    root = ET.fromstring(text)
    return [
        "".join(e.itertext())
        for e in root.iter(NS + "text")
        if e.get("class") in {"headline", "player"}
    ]


def test_the_legend_says_who_is_to_move_in_words() -> None:
    text = board(after("c3"))
    assert legend(text) == [
        "Red to move",
        "White: 19 in reserve, 0 of 1 point",
        "Red: 20 in reserve, 0 of 1 point",
    ]
    assert "▶" not in text


def test_the_legend_says_who_won() -> None:
    text = board(after(*WIN_GAME))
    assert legend(text)[0] == "White wins"


def test_the_last_move_is_the_boards_flat_fill_not_an_outline() -> None:
    palette = light_palette()
    marks = elements(board(after("c3", "b4", "b4-c3")), "last")
    assert len(marks) == 2
    fill = palette["--board-last"]  # rgba(240, 190, 40, 0.42)
    r, g, b, alpha = (float(v) for v in re.findall(r"[\d.]+", fill))
    for mark in marks:
        assert mark.get("fill") == f"#{int(r):02x}{int(g):02x}{int(b):02x}"
        assert float(mark.get("fill-opacity") or 1) == alpha
        assert mark.get("stroke") in (None, "none")


def test_discs_and_squares_take_the_boards_colours() -> None:
    palette = light_palette()
    text = board(after("c3", "b4", "b4-c3"))
    faces = {}
    for disc in elements(text, "disc"):
        colour = (disc.get("class") or "").split()[1]
        top = disc.findall(NS + "ellipse")[0]
        faces[colour] = top.get("fill")
        assert disc.get("stroke") == palette[f"--disc-{colour}-edge"]
    assert faces == {"w": palette["--disc-w-face"], "r": palette["--disc-r-face"]}
    fills = {e.get("fill") for e in ET.fromstring(text).iter(NS + "rect")}
    assert {palette["--board-light"], palette["--board-dark"], palette["--board-frame"]} <= fills


def test_stacks_of_two_or_more_show_their_height() -> None:
    position = after("c3", "b4", "b4-c3", "d2")
    heights = {
        e.get("data-square"): "".join(e.itertext()) for e in elements(board(position), "height")
    }
    assert heights == {"c3": "2"}
    assert elements(board(position, heights=False), "height") == []


def test_a_three_player_picture_has_a_line_per_player() -> None:
    text = board(after("c3", "b4", "a1", players=3))
    assert legend(text) == [
        "White to move",
        "White: 14 in reserve, 0 of 1 point",
        "Red: 14 in reserve, 0 of 1 point",
        "Blue: 14 in reserve, 0 of 1 point",
    ]
