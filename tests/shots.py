"""Screenshots of every page at phone, landscape-phone and desktop sizes, in the
light and the dark theme, for a person to look at; with a few facts checked.

Run by ``python3 build.py shots [--out DIR]`` (or directly with the virtual
environment's Python). It writes ``<page>-<width>x<height>-<theme>.png`` into
DIR (default: a new folder under the system's temporary folder), prints the
folder, and checks on each picture's page, at scroll 0:

* nothing overflows sideways (the page never scrolls horizontally);
* on pages with a board, the whole board lies inside the window;
* on the game page, the line saying whose turn it is lies inside the window;
* a game by link shows the sender's message inside the window too, but for
  the smallest phone (320x480), where the board and the turn line fill it.

It exits with status 1 if any check failed (the pictures are written anyway).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Literal

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (needs the repository root on sys.path)
from mixtour.mixtour.correspondence import CorrespondenceGame, encode  # noqa: E402
from mixtour.mixtour.game import Game  # noqa: E402
from mixtour.mixtour.link import format_link  # noqa: E402

# A game by link as the friend opens it: Red to move after White's c4:2-d4.
CORR_GAME = CorrespondenceGame.new("Shots_01", names=["Ann", "Bob"])
for _action in ["d4", "c4", "d4-c4", "d4", "c4:2-d4"]:
    CORR_GAME = CORR_GAME.extend(_action)

# A short game whose 8th action lets White finish a tower (tests/test_web_review.py's).
REVIEW_LINK = format_link(
    Game(None, ["d4", "b2", "c2", "e5", "e4", "d4-e5", "b2-c2", "e5:2-e4", "e4:3-c2"])
)

VIEWPORTS = [(320, 480), (390, 844), (844, 390), (1280, 800)]
THEMES: list[Literal["light", "dark"]] = ["light", "dark"]
# name -> (address from the site root, waits for Python, must be inside the window)
PAGES = {
    "game": ("index.html#m=c3,b4,c2,c3-b4,d4&ply=5", True, ["#board", "#status"]),
    "game-settings": ("index.html", True, []),
    # After "Review the game" on a finished game, at its blunder (the review panel shown).
    "game-review": ("index.html#" + REVIEW_LINK, True, []),
    "game-corr": ("index.html#" + encode(CORR_GAME), True, ["#board", "#status", "#message"]),
    "editor": ("editor.html#p=5/1,w,rw,2/2,r,2/5/5_w_18/18_0/0_1_-", True, ["#board"]),
    "learn": ("learn.html", True, ["#board"]),
    "puzzles": ("puzzles.html#id=200", True, ["#board"]),
    "tor-puzzles": ("tor-puzzles.html#id=60", True, ["#board"]),
    "tor-editor": (
        "tor-editor.html#p=OYOYOY/BRBRBR/OYwOYOY/BRBRkBR/OYOYwOY/BR.RBR/OYOYOkY/BRBRBR_b_B",
        True,
        ["#board"],
    ),
    # The analysis board with a side line, at a move of it.
    "analysis": ("analysis.html#t=c3,b4(d4,e5)(a1),b4-c3&k=3", True, ["#board"]),
    "tor-analysis": ("tor-analysis.html#t=c3,d5,b6,e2,c3-d4(c3-b4),d5-c4@a2&k=6", True, ["#board"]),
    "rules": ("rules.html", False, []),
    "rules-fr": ("rules.fr.html", False, []),
    "rules-de": ("rules.de.html", False, []),
    "embed": ("embed.html#m=c3,b4,c2,c3-b4,d4&ply=3", True, ["#board"]),
    "tor": ("tor.html#m=c3,d5,b6,e2,c3-d4,d5-c4@a2", True, ["#board", "#status"]),
    "tor-embed": ("tor-embed.html#m=c3,d5,b6,e2,c3-d4,d5-c4@a2&ply=5", True, ["#board"]),
}

FACTS = """
(selectors) => {
  const out = [];
  const root = document.documentElement;
  const wider = root.scrollWidth - root.clientWidth;
  if (wider > 0) out.push(`scrolls sideways by ${wider} px`);
  for (const selector of selectors) {
    const el = document.querySelector(selector);
    const box = el && el.getBoundingClientRect();
    if (!box || !box.width) {
      out.push(`${selector} not shown`);
      continue;
    }
    const [x0, y0, x1, y1] = [box.left, box.top, box.right, box.bottom].map(Math.round);
    if (x0 < 0 || y0 < 0 || x1 > innerWidth || y1 > innerHeight) {
      out.push(`${selector} outside the window (${x0},${y0} to ${x1},${y1})`);
    }
  }
  return out;
}
"""


def settle(page: Page, ready: bool) -> None:
    if ready:
        page.wait_for_function(build.READY_SCRIPT, timeout=90_000)
    else:
        page.wait_for_load_state("load")
        for frame in page.frames[1:]:
            frame.wait_for_function("document.body && document.body.dataset.painted === '1'")
    page.evaluate("() => document.fonts.ready")
    page.wait_for_function("() => new Promise((done) => requestAnimationFrame(() => done(1)))")


def review(page: Page) -> None:
    """Review the game on the page (at a low depth) and show its 8th action."""
    page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=180_000)
    page.evaluate("() => { window.mixtourDebug = { reviewDepth: 2 }; }")
    page.click("#review-start")
    page.wait_for_function("document.body.dataset.review === 'done'", timeout=180_000)
    page.click('#moves button.ply[data-ply="8"]')
    page.locator("#game-review").scroll_into_view_if_needed()
    page.wait_for_timeout(400)  # the board's step back is animated


def shoot(out: Path) -> int:
    problems: list[str] = []
    count = 0
    with build.serve_in_background(build.DIST) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(build.chromium_path()), args=list(build.CHROMIUM_ARGS)
        )
        for theme in THEMES:
            for width, height in VIEWPORTS:
                context = browser.new_context(
                    viewport={"width": width, "height": height}, color_scheme=theme
                )
                for name, (path, ready, inside) in PAGES.items():
                    # A new tab each time: an address that differs only after
                    # '#' would keep the last page's dialogs and scroll, and a
                    # tab that loaded Pyodide a dozen times runs out of memory.
                    page = context.new_page()
                    page.goto(server.url + path)
                    settle(page, ready)
                    if name == "game-settings":
                        page.click("#open-settings")
                        page.locator("#settings-dialog").wait_for()
                    if name == "game-review":
                        review(page)
                    if name == "analysis":  # the engine's evaluation shown
                        page.wait_for_function(
                            "Number(document.querySelector('#engine').dataset.depth) >= 3",
                            timeout=180_000,
                        )
                    # The smallest window holds the board and the turn line only.
                    seen = [sel for sel in inside if sel != "#message" or width > 320]
                    found = page.evaluate(FACTS, seen)
                    shot = out / f"{name}-{width}x{height}-{theme}.png"
                    page.screenshot(path=str(shot))
                    count += 1
                    status = "ok" if not found else "; ".join(found)
                    print(f"{shot.name:36} {status}", flush=True)
                    problems += [f"{shot.name}: {text}" for text in found]
                    page.close()
                context.close()
        browser.close()
    print(f"\n{count} screenshots in {out}")
    if problems:
        print(f"{len(problems)} problems:\n  " + "\n  ".join(problems))
        return 1
    print("every page: no sideways scrolling; boards and the turn line inside the window")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, help="folder for the pictures (default: a new one)")
    args = parser.parse_args(argv)
    out: Path = args.out or Path(tempfile.mkdtemp(prefix="mixtour-shots-"))
    out.mkdir(parents=True, exist_ok=True)
    if not (build.DIST / "index.html").is_file():
        build.build_site()
    return shoot(out)


if __name__ == "__main__":
    sys.exit(main())
