"""The styles of the script embed (``web/js/boards.js``): ``css/boards.css``.

Boards drawn in another site's page by our script must bring their colours
without touching that page's: the site's colour variables (``theme.css``,
``board.css``, ``tor-board.css``) are written on ``:root``, so the build
writes them again with ``:root`` turned into ``.embed``, the element of each
board, followed by the board's own styles (``embed.css``, already scoped to
``.embed``) and the holders' (``script-embed.css``). The light colours are a
board's by default and the dark ones those of a board of
``data-theme="dark"``, which ``boards.js`` sets from the holder's choice or the
system's. One source for every colour: the files the site's pages use.
"""

from __future__ import annotations

from pathlib import Path

BOARD_STYLES = "css/boards.css"
COLOURS = ("css/theme.css", "css/board.css", "css/tor-board.css")
SCOPED = ("css/embed.css", "css/script-embed.css")
SCOPE = ".embed"


def scoped_colours(text: str) -> str:
    """A colours file with its ``:root`` selectors on the boards' element instead."""
    return text.replace(":root", SCOPE)


def board_styles(web: Path) -> str:
    parts = [
        "/* Written by build.py (web/tools/embedstyles.py) from the files named below:\n"
        "   the styles of boards drawn in any page by js/boards.js. */\n"
    ]
    for name in COLOURS:
        colours = scoped_colours((web / name).read_text("utf-8"))
        parts.append(f"\n/* {name}, on {SCOPE} */\n{colours}")
    for name in SCOPED:
        parts.append(f"\n/* {name} */\n{(web / name).read_text('utf-8')}")
    return "".join(parts)


def write_board_styles(web: Path, out: Path) -> None:
    """Write ``css/boards.css`` into the built site ``out``."""
    (out / BOARD_STYLES).write_text(board_styles(web), "utf-8")
