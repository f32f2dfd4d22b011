"""Tor's SVG picture (mixtour/tor/svg.py), read back: every square's tokens
bottom first, every pawn and every hole, the board turned round, the legend."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from mixtour.tor.core import COLOR_NAMES, NUM_SQUARES, Position, square_name
from mixtour.tor.svg import board

SVG = "{http://www.w3.org/2000/svg}"


def read_back(text: str) -> dict[str, str]:
    """Square -> what the picture draws there: its tokens' colours bottom
    first ("red,blue"), "hole" for none, then "+w" or "+b" for a pawn."""
    root = ET.fromstring(text)
    drawn: dict[str, list[str]] = {}
    pawns: dict[str, str] = {}
    for element in root.iter():
        square = element.get("data-square")
        classes = (element.get("class") or "").split()
        if not square or not classes:
            continue
        if classes[0] == "token":
            drawn.setdefault(square, []).append(classes[1])
        elif classes[0] == "hole":
            drawn.setdefault(square, []).append("hole")
        elif classes[0] == "pawn":
            pawns[square] = classes[1]
    return {sq: ",".join(v) + (f"+{pawns[sq]}" if sq in pawns else "") for sq, v in drawn.items()}


def expected(pos: Position) -> dict[str, str]:
    out = {}
    for sq in range(NUM_SQUARES):
        tokens = ",".join(COLOR_NAMES[c] for c in pos.tokens(sq)) or "hole"
        player = pos.pawn_at(sq)
        out[square_name(sq)] = tokens + (f"+{'wb'[player]}" if player >= 0 else "")
    return out


def test_the_picture_shows_every_square_of_random_games() -> None:
    rng = random.Random(31)
    for _ in range(40):
        pos = Position()
        for _ in range(rng.randrange(0, 40)):
            if pos.is_over:
                break
            pos.push(rng.choice(pos.legal_actions()))
        text = board(pos, coordinates=rng.random() < 0.5, flipped=rng.random() < 0.5)
        assert read_back(text) == expected(pos), pos.fen()


def square_x(text: str, name: str) -> float:
    root = ET.fromstring(text)
    for rect in root.iter(f"{SVG}rect"):
        if rect.get("data-square") == name and not rect.get("class"):
            return float(rect.get("x") or 0)
    raise AssertionError(name)


def test_flipped_puts_a1_on_the_right_and_the_legend_names_the_hand() -> None:
    pos = Position("OYOYOY/BRBRBR/OYwOYOY/BRBRkBR/OYOYwOY/BR.RBR/OYOYOkY/BRBRBR b B")
    plain, turned = board(pos), board(pos, flipped=True)
    assert square_x(plain, "a1") < square_x(plain, "f1")
    assert square_x(turned, "a1") > square_x(turned, "f1")
    assert "Black to move, holding a blue token" in plain
    assert "White to move</text>" in board(Position())
