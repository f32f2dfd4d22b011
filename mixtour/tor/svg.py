"""SVG pictures of Tor positions, drawn like the board of Tor's page.

The 6 by 8 board seen from above, with its frame and coordinates: each token
in its colour and with its shape (blue circle, red square, orange triangle,
yellow diamond, as the page draws them for colour-blind players), the lower
of two tokens large and the upper one smaller on it, a square without
tokens as a dark hole, White's pawns light and Black's dark. A legend in
words says who is to move and the token in hand, or how the game ended. The
colours are the page's light palette (web/css/tor-board.css).

>>> from mixtour.tor.core import Position
>>> text = board(Position("OYOYOY/BRBRBR/OYwOYOY/BRBRkBR/OYOYwOY/BR.RBR/OYOYOkY/BRBRBR b B"))
>>> text.startswith("<svg") and text.count('class="pawn') == 4 and text.count('class="hole"') == 1
True
>>> "Black to move, holding a blue token" in text
True
"""

from __future__ import annotations

from ..kit import svg as kit
from ..kit.svg import number as _n
from .core import COLOR_NAMES, FILES, HEIGHT, PLAYER_NAMES, WIDTH, Position

__all__ = ["board", "headline"]

# Tor's own colours (web/css/tor-board.css); the board's are the kit's.
_HOLE = ("#5e4d3b", "#3b2f23")
_TOKEN = (  # fill, edge, in the engine's colour order: blue, red, orange, yellow
    ("#2f6fd6", "#0d2450"),
    ("#d23a2f", "#4a0d08"),
    ("#f28c1e", "#5c2e02"),
    ("#f5d63c", "#5a4a00"),
)
_PAWN = (("#fdfbf6", "#1f1b16"), ("#1f1b16", "#fdfbf6"))  # White's, Black's: fill, edge

_CELL = 64
_LINE = 22  # the legend's line


def headline(position: Position) -> str:
    """Who is to move and the token in hand, or how the game ended, in words.

    >>> headline(Position())
    'White to move'
    """
    outcome = position.outcome
    if outcome.is_over:
        return outcome.describe()
    words = f"{PLAYER_NAMES[position.turn]} to move"
    if position.hand >= 0:
        words += f", holding a {COLOR_NAMES[position.hand]} token"
    return words


def _token(color: int, square: str, cx: float, cy: float, radius: float) -> str:
    """One token seen from above: its colour's shape around (cx, cy)."""
    fill, edge = _TOKEN[color]
    paint = f'fill="{fill}" stroke="{edge}" stroke-width="1.5"'
    name = COLOR_NAMES[color]
    if color == 0:
        shape = f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(radius)}" {paint}/>'
    elif color == 1:
        side = radius * 1.7
        shape = (
            f'<rect x="{_n(cx - side / 2)}" y="{_n(cy - side / 2)}" '
            f'width="{_n(side)}" height="{_n(side)}" {paint}/>'
        )
    elif color == 2:
        points = [
            (cx, cy - radius),
            (cx + radius, cy + radius * 0.8),
            (cx - radius, cy + radius * 0.8),
        ]
        shape = f'<polygon points="{" ".join(f"{_n(x)},{_n(y)}" for x, y in points)}" {paint}/>'
    else:
        points = [(cx, cy - radius), (cx + radius, cy), (cx, cy + radius), (cx - radius, cy)]
        shape = f'<polygon points="{" ".join(f"{_n(x)},{_n(y)}" for x, y in points)}" {paint}/>'
    return f'<g class="token {name}" data-square="{square}">{shape}</g>'


def board(position: Position, *, coordinates: bool = True, flipped: bool = False) -> str:
    """An SVG document showing ``position`` as Tor's page shows it, with a
    legend below; ``flipped`` turns the board round (a1 at the top right),
    as the page's "Flip board" does."""
    frame = kit.Frame(FILES, HEIGHT, _CELL, coordinates, flipped, dark_a1=True)
    width = frame.width
    height = frame.board_height + 8 + _LINE
    words = kit.escape(headline(position))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="Tor position: {words}">',
        f"<title>Tor by Alain Couchot and Bernard Klein: {words}</title>",
        f'<rect width="{width}" height="{height}" fill="{kit.PAGE}"/>',
        *frame.board(),
        frame.edge(),
        *frame.labels(),
    ]
    for square in range(WIDTH * HEIGHT):
        x, y = frame.corner(square)
        name = frame.square_name(square)
        cx, cy = x + _CELL / 2, y + _CELL / 2
        tokens = position.tokens(square)
        if not tokens:
            fill, edge = _HOLE
            inset = _CELL * 0.14
            parts.append(
                f'<rect class="hole" data-square="{name}" x="{_n(x + inset)}" y="{_n(y + inset)}" '
                f'width="{_n(_CELL - 2 * inset)}" height="{_n(_CELL - 2 * inset)}" rx="6" '
                f'fill="{fill}" stroke="{edge}" stroke-width="1.5"/>'
            )
        for level, color in enumerate(tokens):
            big = len(tokens) == 1 or level == 0
            parts.append(_token(color, name, cx, cy, _CELL * (0.36 if big else 0.22)))
        player = position.pawn_at(square)
        if player >= 0:
            fill, edge = _PAWN[player]
            parts.append(
                f'<circle class="pawn {"wb"[player]}" data-square="{name}" '
                f'cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(_CELL * 0.17)}" '
                f'fill="{fill}" stroke="{edge}" stroke-width="2.5"/>'
            )
    parts.append(
        f'<text class="headline" x="{_n(width / 2)}" y="{_n(height - 8 - _LINE / 2)}" '
        f'{kit.font(15, bold=True)} fill="{kit.INK}" text-anchor="middle" '
        f'dominant-baseline="central">{words}</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts)
