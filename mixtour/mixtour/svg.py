"""SVG pictures of positions, drawn like the board of the web page.

The board, its frame and coordinates, the discs as short cylinders stacked
bottom to top, the last action as a flat yellow fill (the page's "last move"
mark; its outlined green means "legal target" and is never used here), the
height of stacks of two or more, then a legend in words: who is to move (or
how the game ended) and each player's reserve and score. The colours are the
page's light palette (web/css/board.css).

>>> from mixtour.mixtour.core import Position
>>> text = board(Position("5/1,r,3/2,w,2/5/5 w 19/19 0/0 1 b4"))
>>> text.startswith("<svg") and text.count('class="disc') == 2
True
>>> "White to move" in text
True
"""

from __future__ import annotations

from ..kit import svg as kit
from ..kit.svg import escape as _esc
from ..kit.svg import font as _font
from ..kit.svg import number as _n
from .core import COLOR_NAMES, COLORS, FILES, NO_ACTION, NUM_SQUARES, PASS, SIZE, Position, Status

__all__ = ["board"]

_EDGE = kit.FRAME_EDGE
_LAST = "#f0be28"
_DISC = {  # face, side, edge
    "w": ("#fbf9f4", "#d8d1c1", "#2b2620"),
    "r": ("#d8473f", "#a2302a", "#3a100d"),
    "b": ("#3d79d4", "#29549b", "#10233f"),
}

# Proportions, in cells, as the canvas draws them (web/js/board/geometry.js).
_CELL = 80
_NARROW = kit.NARROW
_RX = 0.36 * _CELL
_RY = 0.15 * _CELL
_STEP = 0.15 * _CELL
_BASE = 0.3 * _CELL  # a stack's bottom below its square's centre
_LINE = 20  # legend line height

# The headline's shorter words for a draw (``Outcome.describe`` is the sentence).
_ENDINGS = {
    Status.DRAW_PASSES: "Draw: two passes in a row",
    Status.DRAW_REPETITION: "Draw: the same position a third time",
}


def headline(position: Position) -> str:
    """Who is to move, or how the game ended, in words.

    >>> headline(Position())
    'White to move'
    """
    outcome = position.outcome
    if outcome.winner is not None:
        return f"{COLOR_NAMES[outcome.winner]} wins"
    if outcome.is_over:
        return _ENDINGS[outcome.ending]
    return f"{COLOR_NAMES[position.turn]} to move"


def _disc(cx: float, bottom: float, colour: str, square: str, level: int) -> str:
    """One disc as a short cylinder; ``bottom`` is the centre of its lower rim."""
    face, side, edge = _DISC[colour]
    top = bottom - _STEP
    left, right = cx - _RX, cx + _RX
    return (
        f'<g class="disc {colour}" data-square="{square}" data-level="{level}" '
        f'stroke="{edge}" stroke-width="1.5">'
        f'<path d="M{_n(left)} {_n(top)}V{_n(bottom)}'
        f'A{_n(_RX)} {_n(_RY)} 0 0 0 {_n(right)} {_n(bottom)}V{_n(top)}Z" '
        f'fill="url(#side-{colour})"/>'
        f'<ellipse cx="{_n(cx)}" cy="{_n(top)}" rx="{_n(_RX)}" ry="{_n(_RY)}" fill="{face}"/>'
        f'<ellipse cx="{_n(cx)}" cy="{_n(top)}" rx="{_n(_RX * 0.62)}" ry="{_n(_RY * 0.62)}" '
        f'fill="none" stroke="{side}" stroke-width="1.2"/></g>'
    )


def board(
    position: Position,
    *,
    size: int | None = None,
    coordinates: bool = True,
    last_move: bool = True,
    flipped: bool = False,
    heights: bool = True,
) -> str:
    """An SVG document showing ``position`` as the page's board shows it, with
    a legend below: who is to move, then each player's reserve and score.

    ``size`` sets the width in pixels (the drawing scales); ``flipped`` turns
    the board round (a1 at the top right), as the page's "Flip board" does;
    ``heights`` writes the height on stacks of two or more.
    """
    frame = kit.Frame(FILES, SIZE, _CELL, coordinates=coordinates, flipped=flipped)
    span = SIZE * _CELL
    width = frame.width
    board_height = frame.board_height
    legend = 12 + _LINE * (1 + position.players)
    height = board_height + legend
    px_w = size or width
    px_h = round(px_w * height / width)
    x0, y0 = frame.left, _NARROW
    origin = frame.corner

    fen = _esc(position.fen())
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{px_w}" height="{px_h}" '
        f'viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="Mixtour position {fen}: {_esc(headline(position))}">',
        f"<title>Mixtour by Dieter Stein: {fen}</title>",
        "<defs>",
    ]
    for colour, (face, side, _edge) in _DISC.items():
        out.append(
            f'<linearGradient id="side-{colour}" x1="0" x2="1" y1="0" y2="0">'
            f'<stop offset="0" stop-color="{side}"/><stop offset="0.35" stop-color="{face}"/>'
            f'<stop offset="1" stop-color="{side}"/></linearGradient>'
        )
    out += ["</defs>", f'<rect width="{width}" height="{height}" fill="{kit.PAGE}"/>']
    out += frame.board()
    grid = "".join(
        f"M{x0 + i * _CELL} {y0}v{span}M{x0} {y0 + i * _CELL}h{span}" for i in range(1, SIZE)
    )
    out.append(f'<path d="{grid}" stroke="{_EDGE}" stroke-opacity="0.35" stroke-width="1"/>')
    out.append(frame.edge())

    if last_move and position.last not in (NO_ACTION, PASS):
        marked = [position.last & 31]
        if position.last >= 1024:
            marked.insert(0, (position.last >> 5) & 31)
        for sq in marked:
            x, y = origin(sq)
            out.append(
                f'<rect class="last" x="{_n(x)}" y="{_n(y)}" width="{_CELL}" height="{_CELL}" '
                f'fill="{_LAST}" fill-opacity="0.42"/>'
            )
        gone = marked[-1]
        if position.last >= 1024 and not position.stacks[gone]:
            # The move made a tower of five, which left the board.
            x, y = origin(gone)
            cx, base = x + _CELL / 2, y + _CELL / 2 + _BASE
            top = base - 4 * _STEP
            out.append(
                f'<g class="tower-gone" fill="none" stroke="{_EDGE}" stroke-opacity="0.55" '
                'stroke-width="1.6" stroke-dasharray="4 3">'
                f'<ellipse cx="{_n(cx)}" cy="{_n(top)}" rx="{_n(_RX)}" ry="{_n(_RY)}"/>'
                f'<path d="M{_n(cx - _RX)} {_n(top)}V{_n(base)}'
                f'A{_n(_RX)} {_n(_RY)} 0 0 0 {_n(cx + _RX)} {_n(base)}V{_n(top)}"/></g>'
            )

    out += frame.labels()

    # Stacks from the back row to the front one, so that nearer ones overlap.
    order = sorted(range(NUM_SQUARES), key=lambda sq: (origin(sq)[1], origin(sq)[0]))
    for sq in order:
        stack = position.stacks[sq]
        if not stack:
            continue
        x, y = origin(sq)
        cx, base = x + _CELL / 2, y + _CELL / 2 + _BASE
        name = f"{FILES[sq % SIZE]}{sq // SIZE + 1}"
        out.append(
            f'<ellipse cx="{_n(cx + _RX * 0.08)}" cy="{_n(base + _RY * 0.25)}" '
            f'rx="{_n(_RX * 1.04)}" ry="{_n(_RY * 1.05)}" fill="#28190f" fill-opacity="0.22"/>'
        )
        for level, colour in enumerate(stack):
            out.append(_disc(cx, base - level * _STEP, colour, name, level))
        if heights and len(stack) >= 2:
            bx = cx + _RX * 0.95
            by = base - len(stack) * _STEP - _RY * 0.2
            out.append(
                f'<g class="height" data-square="{name}"><circle cx="{_n(bx)}" cy="{_n(by)}" '
                f'r="10.4" fill="{kit.INK}" stroke="#ffffff" stroke-width="1.2"/>'
                f'<text x="{_n(bx)}" y="{_n(by)}" {_font(14, bold=True)} fill="#ffffff" '
                f'text-anchor="middle" dominant-baseline="central">{len(stack)}</text></g>'
            )

    # The legend: the headline in words, then one line per player.
    y = board_height + 6 + _LINE * 0.5
    out.append(
        f'<text class="headline" x="{_NARROW}" y="{_n(y)}" {_font(15, bold=True)} '
        f'fill="{kit.INK}" dominant-baseline="central">{_esc(headline(position))}</text>'
    )
    for c in range(position.players):
        y += _LINE
        face, _, edge = _DISC[COLORS[c]]
        points = "point" if position.target == 1 else "points"
        text = (
            f"{COLOR_NAMES[c]}: {position.reserves[c]} in reserve, "
            f"{position.scores[c]} of {position.target} {points}"
        )
        out.append(
            f'<ellipse cx="{_NARROW + 8}" cy="{_n(y)}" rx="7" ry="4.5" fill="{face}" '
            f'stroke="{edge}" stroke-width="1.2"/>'
            f'<text class="player" x="{_NARROW + 22}" y="{_n(y)}" {_font(13)} fill="{kit.INK}" '
            f'dominant-baseline="central">{_esc(text)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"
