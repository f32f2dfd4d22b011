"""Offline play and installing: the precache list and the app icons.

The service worker (``web/sw.js``) precaches every file listed in
``dist/precache.json``, and the web app manifest points at the icons drawn
here (standard library only, so the build needs no image tools).
"""

from __future__ import annotations

import hashlib
import json
import struct
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path

from web.tools.common import walk_files

PRECACHE_FILE = "precache.json"
SERVICE_WORKER = "sw.js"
ICON_SIZES = (192, 512)


def write_precache(out: Path, build_id: str) -> None:
    """List every file of the site (but the service worker and the list) with size and SHA-256."""
    files = []
    for path in walk_files(out):
        relative = path.relative_to(out).as_posix()
        if relative in {PRECACHE_FILE, SERVICE_WORKER}:
            continue
        data = path.read_bytes()
        files.append(
            {"url": f"./{relative}", "size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        )
    manifest = {"build": build_id, "files": files}
    text = json.dumps(manifest, indent=1) + "\n"
    (out / PRECACHE_FILE).write_text(text, encoding="utf-8")


def png(width: int, height: int, rows: Iterable[bytes]) -> bytes:
    """A truecolour-with-alpha PNG from rows of RGBA bytes (standard library only)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\0" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def icon_rows(size: int) -> Iterator[bytes]:
    """The app icon (as web/icons/icon.svg): a tower of three discs on the page colour."""
    page = (0x6F, 0x5A, 0x43)
    edge = (0x2B, 0x26, 0x20)
    # (centre y, colour) of each disc from the bottom, in units of the icon size
    discs = ((0.70, (0xFB, 0xF9, 0xF4)), (0.52, (0xD8, 0x47, 0x3F)), (0.34, (0xFB, 0xF9, 0xF4)))
    half_width, half_height, border = 0.30, 0.075, 0.018
    corner = 0.18
    for py in range(size):
        y = (py + 0.5) / size
        row = bytearray()
        for px in range(size):
            x = (px + 0.5) / size
            # rounded square background
            dx = max(corner - x, 0.0, x - (1 - corner))
            dy = max(corner - y, 0.0, y - (1 - corner))
            if dx * dx + dy * dy > corner * corner:
                row += b"\0\0\0\0"
                continue
            colour = page
            for cy, fill in discs:  # later discs (higher up) are drawn over lower ones
                ex = (x - 0.5) / half_width
                ey = (y - cy) / half_height
                inner_x = (x - 0.5) / (half_width - border)
                inner_y = (y - cy) / (half_height - border)
                if ex * ex + ey * ey <= 1:
                    colour = fill if inner_x * inner_x + inner_y * inner_y <= 1 else edge
            row += bytes((*colour, 255))
        yield bytes(row)


def write_icons(out: Path) -> None:
    """PNG icons for the manifest (drawn here, so the build needs no image tools)."""
    folder = out / "icons"
    folder.mkdir(exist_ok=True)
    for size in ICON_SIZES:
        (folder / f"icon-{size}.png").write_bytes(png(size, size, icon_rows(size)))
