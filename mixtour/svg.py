"""SVG pictures of positions.

>>> from mixtour.core import Position
>>> text = board(Position("5/1,r,3/2,w,2/5/5 w 19/19 0/0 1 b4"))
>>> text.startswith("<svg") and text.count('class="disc') == 2
True
"""

from __future__ import annotations

from .core import COLOR_NAMES, FILES, NO_ACTION, NUM_SQUARES, PASS, SIZE, Position

__all__ = ["board"]

_FILL = {"w": "#f7f3ea", "r": "#c33b2e", "b": "#2f62b5"}
_EDGE = {"w": "#5a4a3a", "r": "#6e1b14", "b": "#142f5e"}
_SQUARE = 80
_DISC_W = 56
_DISC_H = 12


def _esc(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def board(
    position: Position,
    *,
    size: int | None = None,
    coordinates: bool = True,
    last_move: bool = True,
    flipped: bool = False,
) -> str:
    """An SVG document showing ``position``: the 5x5 board, every stack as
    discs bottom to top, the last action marked, reserves and scores below.

    ``size`` sets the width in pixels (the drawing scales); ``flipped`` shows
    rank 5 at the bottom.
    """
    margin = 24 if coordinates else 8
    side = SIZE * _SQUARE
    width = side + 2 * margin
    footer = 30
    height = width + footer
    px_w = size or width
    px_h = round(px_w * height / width)

    def origin(sq: int) -> tuple[int, int]:
        f, r = sq % SIZE, sq // SIZE
        if flipped:
            f, r = SIZE - 1 - f, SIZE - 1 - r
        return margin + f * _SQUARE, margin + (SIZE - 1 - r) * _SQUARE

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{px_w}" height="{px_h}" '
        f'viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="Mixtour position {_esc(position.fen())}">',
        f"<title>{_esc(position.fen())}</title>",
        f'<rect width="{width}" height="{height}" fill="#efe4cf"/>',
        f'<rect x="{margin}" y="{margin}" width="{side}" height="{side}" fill="#dcc39a" '
        'stroke="#6b5437" stroke-width="2"/>',
    ]
    for sq in range(NUM_SQUARES):
        x, y = origin(sq)
        shade = "#d3b887" if (sq % SIZE + sq // SIZE) % 2 else "#e2cda6"
        out.append(
            f'<rect x="{x}" y="{y}" width="{_SQUARE}" height="{_SQUARE}" fill="{shade}" '
            'stroke="#b49a70" stroke-width="1"/>'
        )
    if last_move and position.last not in (NO_ACTION, PASS):
        marked = [position.last & 31]
        if position.last >= 1024:
            marked.append((position.last >> 5) & 31)
        for sq in marked:
            x, y = origin(sq)
            out.append(
                f'<rect class="last" x="{x + 3}" y="{y + 3}" width="{_SQUARE - 6}" '
                f'height="{_SQUARE - 6}" fill="none" stroke="#2b7a3d" stroke-width="4"/>'
            )
    if coordinates:
        for i in range(SIZE):
            f = SIZE - 1 - i if flipped else i
            r = i if flipped else SIZE - 1 - i
            cx = margin + i * _SQUARE + _SQUARE // 2
            cy = margin + i * _SQUARE + _SQUARE // 2 + 5
            out.append(
                f'<text x="{cx}" y="{margin + side + 17}" font-size="14" '
                f'text-anchor="middle" fill="#4a3b2a" font-family="sans-serif">{FILES[f]}</text>'
            )
            out.append(
                f'<text x="{margin // 2}" y="{cy}" font-size="14" text-anchor="middle" '
                f'fill="#4a3b2a" font-family="sans-serif">{r + 1}</text>'
            )
    for sq, stack in enumerate(position.stacks):
        if not stack:
            continue
        x, y = origin(sq)
        cx = x + _SQUARE // 2
        base = y + _SQUARE // 2 + (len(stack) * (_DISC_H + 2)) // 2
        for i, colour in enumerate(stack):
            top = base - (i + 1) * (_DISC_H + 2)
            out.append(
                f'<rect class="disc {colour}" data-square="{FILES[sq % SIZE]}{sq // SIZE + 1}" '
                f'x="{cx - _DISC_W // 2}" y="{top}" width="{_DISC_W}" height="{_DISC_H}" '
                f'rx="6" fill="{_FILL[colour]}" stroke="{_EDGE[colour]}" stroke-width="2"/>'
            )
    parts = []
    for c in range(position.players):
        mark = "▶ " if c == position.turn and not position.is_over else ""
        parts.append(
            f"{mark}{COLOR_NAMES[c]}: {position.reserves[c]} in reserve, "
            f"{position.scores[c]}/{position.target}"
        )
    out.append(
        f'<text x="{width // 2}" y="{height - 10}" font-size="13" text-anchor="middle" '
        f'fill="#2d241a" font-family="sans-serif">{_esc("   ".join(parts))}</text>'
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"
