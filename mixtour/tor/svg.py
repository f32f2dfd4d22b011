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

from .core import COLOR_NAMES, FILES, HEIGHT, PLAYER_NAMES, WIDTH, Position, square_name

__all__ = ["board", "headline"]

# The board's light palette (web/css/board.css, web/css/tor-board.css).
_PAGE = "#f3efe6"
_INK = "#1f1b16"
_FRAME = "#6f5a43"
_FRAME_EDGE = "#4d3d2c"
_COORDS = "#f4ead6"
_LIGHT = "#ecdcb8"
_DARK = "#e2cfa6"
_HOLE = ("#5e4d3b", "#3b2f23")
_TOKEN = (  # fill, edge, in the engine's colour order: blue, red, orange, yellow
    ("#2f6fd6", "#0d2450"),
    ("#d23a2f", "#4a0d08"),
    ("#f28c1e", "#5c2e02"),
    ("#f5d63c", "#5a4a00"),
)
_PAWN = (("#fdfbf6", "#1f1b16"), ("#1f1b16", "#fdfbf6"))  # White's, Black's: fill, edge

_CELL = 64
_WIDE = 30  # the margins with coordinates (left and bottom)
_NARROW = 12  # the other margins, and all four without coordinates
_LINE = 22  # the legend's line


def _n(value: float) -> str:
    """A coordinate, short: 12.0 -> "12", 12.345 -> "12.35"."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


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
    wide = _WIDE if coordinates else _NARROW
    width = wide + WIDTH * _CELL + _NARROW
    board_bottom = _NARROW + HEIGHT * _CELL
    height = board_bottom + wide + 8 + _LINE
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f"<title>Tor: {headline(position)}</title>",
        f'<rect width="{width}" height="{height}" fill="{_PAGE}"/>',
        f'<rect x="1" y="1" width="{width - 2}" height="{board_bottom + wide - 2}" rx="6" '
        f'fill="{_FRAME}" stroke="{_FRAME_EDGE}" stroke-width="2"/>',
    ]

    def corner(square: int) -> tuple[float, float]:
        file, rank = square % WIDTH, square // WIDTH
        if flipped:
            file, rank = WIDTH - 1 - file, HEIGHT - 1 - rank
        return wide + file * _CELL, _NARROW + (HEIGHT - 1 - rank) * _CELL

    for square in range(WIDTH * HEIGHT):
        x, y = corner(square)
        file, rank = square % WIDTH, square // WIDTH
        shade = _DARK if (file + rank) % 2 == 0 else _LIGHT
        name = square_name(square)
        parts.append(
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_CELL}" height="{_CELL}" fill="{shade}" '
            f'data-square="{name}"/>'
        )
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
    if coordinates:
        for file in range(WIDTH):
            x, _ = corner(file)
            parts.append(
                f'<text x="{_n(x + _CELL / 2)}" y="{_n(board_bottom + wide * 0.68)}" '
                f'fill="{_COORDS}" font-size="14" text-anchor="middle">{FILES[file]}</text>'
            )
        for rank in range(HEIGHT):
            _, y = corner(rank * WIDTH)
            parts.append(
                f'<text x="{_n(wide / 2)}" y="{_n(y + _CELL / 2 + 5)}" fill="{_COORDS}" '
                f'font-size="14" text-anchor="middle">{rank + 1}</text>'
            )
    parts.append(
        f'<text x="{_n(width / 2)}" y="{_n(height - 8)}" fill="{_INK}" font-size="15" '
        f'text-anchor="middle">{headline(position)}</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts)
