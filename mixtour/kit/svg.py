"""What every game's SVG picture shares: the board's light palette (the
pages' ``web/css/board.css``), short numbers and text attributes, and the
:class:`Frame`: a board of squares in its wooden frame with its
coordinates, turned round or not. A game's ``svg.py`` draws its pieces and
its legend on it.

>>> frame = Frame("abc", 2, cell=10, coordinates=False)
>>> frame.width, frame.board_height, frame.corner(0), frame.corner(5)
(58, 48, (14, 24), (34, 14))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["Frame", "escape", "font", "number"]

# The board's light palette (web/css/board.css).
PAGE: Final = "#f3efe6"
INK: Final = "#1f1b16"
FRAME: Final = "#6f5a43"
FRAME_EDGE: Final = "#4d3d2c"
COORDS: Final = "#f4ead6"
LIGHT: Final = "#ecdcb8"
DARK: Final = "#e2cfa6"

WIDE: Final = 34  # a margin with coordinates (left and bottom)
NARROW: Final = 14  # the other margins, and all four without coordinates


def number(value: float) -> str:
    """A coordinate, short: 12.0 -> "12", 12.345 -> "12.35"."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def escape(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def font(px: int, *, bold: bool = False) -> str:
    """The attributes of the pictures' text at ``px`` pixels."""
    weight = ' font-weight="600"' if bold else ""
    return f'font-size="{px}" font-family="system-ui, sans-serif"{weight}'


@dataclass(frozen=True)
class Frame:
    """A board of ``len(files)`` by ``ranks`` squares of ``cell`` pixels,
    square ``rank * len(files) + file`` (a1 is 0), seen from White's side or
    ``flipped`` (a1 at the top right); ``dark_a1``: the board's colouring
    starts with a dark square in the corner."""

    files: str
    ranks: int
    cell: int
    coordinates: bool = True
    flipped: bool = False
    dark_a1: bool = False

    @property
    def left(self) -> int:
        """The left (and bottom) margin: wider when it holds coordinates."""
        return WIDE if self.coordinates else NARROW

    @property
    def width(self) -> int:
        return self.left + len(self.files) * self.cell + NARROW

    @property
    def board_height(self) -> int:
        """The height of the board in its frame, without a legend."""
        return NARROW + self.ranks * self.cell + self.left

    def corner(self, square: int) -> tuple[float, float]:
        """The top-left corner of a square's cell."""
        file, rank = square % len(self.files), square // len(self.files)
        if self.flipped:
            file, rank = len(self.files) - 1 - file, self.ranks - 1 - rank
        return self.left + file * self.cell, NARROW + (self.ranks - 1 - rank) * self.cell

    def square_name(self, square: int) -> str:
        return f"{self.files[square % len(self.files)]}{square // len(self.files) + 1}"

    def board(self) -> list[str]:
        """The frame, then every square in its colour (``data-square``: its name)."""
        out = [f'<rect width="{self.width}" height="{self.board_height}" rx="10" fill="{FRAME}"/>']
        for square in range(len(self.files) * self.ranks):
            x, y = self.corner(square)
            odd = (square % len(self.files) + square // len(self.files)) % 2
            shade = DARK if bool(odd) != self.dark_a1 else LIGHT
            out.append(
                f'<rect x="{x}" y="{y}" width="{self.cell}" height="{self.cell}" fill="{shade}" '
                f'data-square="{self.square_name(square)}"/>'
            )
        return out

    def edge(self) -> str:
        """The line round the squares."""
        span_x, span_y = len(self.files) * self.cell, self.ranks * self.cell
        return (
            f'<rect x="{self.left}" y="{NARROW}" width="{span_x}" height="{span_y}" fill="none" '
            f'stroke="{FRAME_EDGE}" stroke-width="1.6"/>'
        )

    def labels(self) -> list[str]:
        """The files under the board and the ranks on its left (none without coordinates)."""
        if not self.coordinates:
            return []
        out = []
        bottom = NARROW + self.ranks * self.cell + self.left / 2
        for file in range(len(self.files)):
            x, _ = self.corner(file)
            out.append(
                f'<text x="{number(x + self.cell / 2)}" y="{number(bottom)}" {font(17, bold=True)} '
                f'fill="{COORDS}" text-anchor="middle" dominant-baseline="central">'
                f"{self.files[file]}</text>"
            )
        for rank in range(self.ranks):
            _, y = self.corner(rank * len(self.files))
            out.append(
                f'<text x="{number(self.left / 2)}" y="{number(y + self.cell / 2)}" '
                f'{font(17, bold=True)} fill="{COORDS}" text-anchor="middle" '
                f'dominant-baseline="central">{rank + 1}</text>'
            )
        return out
