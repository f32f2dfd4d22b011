"""Figures of correspondence links: how long a link is for a game of a given
length, plain (the page's ``p=``/``m=`` link, in N1 or T6) and compact
(``mixtour/mixtour/correspondence.py``, ``mixtour/tor/correspondence.py``), and the
smallest QR code version that holds it at error correction levels M (which
the page draws) and L. Not a test: run
``python tests/bench_corr_links.py [--games N]``.

Games: seeded random legal games that last at least 40 and 100 actions (cut
there), of Mixtour and of Tor (on its standard layout and on a random one),
and the longest of N games of the computer against itself at Mixtour (level
1, seeded), played to their end. The address is counted with a site of 30
characters before the ``#`` (``https://mixtour.example.org/#``).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mixtour import tor  # noqa: E402
from mixtour.mixtour.ai.player import choose_move  # noqa: E402
from mixtour.mixtour.core import Position  # noqa: E402
from mixtour.mixtour.correspondence import CorrespondenceGame, encode  # noqa: E402
from mixtour.mixtour.game import Game  # noqa: E402
from mixtour.mixtour.link import format_link  # noqa: E402
from mixtour.tor import correspondence as tor_corr  # noqa: E402
from mixtour.tor import link as tor_link  # noqa: E402
from mixtour.tor.game import Game as TorGame  # noqa: E402

SITE = "https://mixtour.example.org/#"
# Bytes a QR code holds in byte mode, versions 1 to 25, at error correction
# levels L and M (ISO/IEC 18004 capacity table).
CAPACITY = {
    "L": [
        17,
        32,
        53,
        78,
        106,
        134,
        154,
        192,
        230,
        271,
        321,
        367,
        425,
        458,
        520,
        586,
        644,
        718,
        792,
        858,
        929,
        1003,
        1091,
        1171,
        1273,
    ],
    "M": [
        14,
        26,
        42,
        62,
        84,
        106,
        122,
        152,
        180,
        213,
        251,
        287,
        331,
        362,
        412,
        450,
        504,
        560,
        624,
        666,
        711,
        779,
        857,
        911,
        997,
    ],
}


def qr_version(length: int, level: str) -> str:
    """The smallest version whose byte-mode capacity at ``level`` holds ``length`` bytes."""
    for version, capacity in enumerate(CAPACITY[level], 1):
        if length <= capacity:
            return f"v{version}"
    return f">v{len(CAPACITY[level])}"


def random_game(length: int, seed: int = 1, start: str | None = None) -> list[int]:
    """The first ``length`` actions of a seeded random game that lasts that long
    (of Mixtour, or of Tor from ``start``)."""
    while True:
        rng = random.Random(seed)
        pos: Position | tor.Position = Position() if start is None else tor.Position(start)
        codes: list[int] = []
        while not pos.status and len(codes) < length:
            code = rng.choice(pos.legal_actions())
            codes.append(code)
            pos.push(code)
        if len(codes) == length:
            return codes
        seed += 1000


def ai_game(seed: int) -> list[int]:
    pos = Position()
    codes: list[int] = []
    while not pos.status and len(codes) < 400:
        code = choose_move(pos, level=1, seed=seed * 101 + len(codes)).move
        codes.append(code)
        pos.push(code)
    return codes


def row(name: str, codes: list[int], plain: int, compact: int) -> str:
    plain += len(SITE)
    compact += len(SITE)
    return (
        f"{name:<32} {len(codes):>4} {plain:>6} {compact:>8}"
        f"   {qr_version(plain, 'M'):>4} {qr_version(compact, 'M'):>4}"
        f"   {qr_version(plain, 'L'):>4} {qr_version(compact, 'L'):>4}"
    )


def mixtour_row(name: str, codes: list[int]) -> str:
    game = Game()
    corr = CorrespondenceGame.new("AbCd1234", names=["Ann", "Bob"])
    for code in codes:
        game.play(code)
        corr = corr.extend(code)
    return row(name, codes, len(format_link(game)), len(encode(corr)))


def tor_row(name: str, length: int, seed: int | None = None) -> str:
    corr = tor_corr.CorrespondenceGame.new("AbCd1234", seed=seed, names=["Ann", "Bob"])
    codes = random_game(length, start=corr.start)
    game = TorGame(corr.start)
    for code in codes:
        game.play(code)
        corr = corr.extend(code)
    return row(name, codes, len(tor_link.format_link(game)), len(tor_corr.encode(corr)))


def main() -> None:
    games = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else 20
    longest = max((ai_game(seed) for seed in range(games)), key=len)
    print(f"{'game':<32} {'acts':>4} {'plain':>6} {'compact':>8}   QR(M) plain/compact   QR(L)")
    print(mixtour_row("Mixtour, random, 40 actions", random_game(40)))
    print(mixtour_row("Mixtour, random, 100 actions", random_game(100)))
    print(mixtour_row(f"Mixtour, longest of {games} AI games", longest))
    print(tor_row("Tor, random, 40 actions", 40))
    print(tor_row("Tor, random, 100 actions", 100))
    print(tor_row("Tor, random layout, 40 actions", 40, seed=7))
    print(tor_row("Tor, random layout, 100 actions", 100, seed=7))


if __name__ == "__main__":
    main()
