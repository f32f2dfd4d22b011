"""The first minute of a newcomer, timed in headless Chromium on a phone-sized
window with touch (390x844): what ``python3 build.py bench`` prints under
"First minute". Run directly with ``.venv/bin/python tests/bench_first_minute.py``.

For each game page, each run opens the page in a fresh context (cold: nothing
cached, nothing stored) and times from the start of navigation:

* choice: the first screen's choice is on screen (``#start`` visible);
* reply: the computer's first reply is on the board, after two taps: Play the
  computer, then a first move (Mixtour's c3, Tor's pawn on c3).

Then each game's lesson (learn.html, tor-learn.html): its steps, the taps
it takes played by a person who makes no mistake (the last step's game won
with moves found by a deeper search, as tests/test_web_learn.py and
tests/test_web_tor_learn.py do), the words it asks to read, and an estimate
of a newcomer's time: reading at 200 words a minute plus two seconds a tap,
plus the time the page itself took. The figures are medians.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "tests"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from collections.abc import Callable  # noqa: E402
from dataclasses import dataclass  # noqa: E402

from test_web_tor import click_action as tor_action  # noqa: E402
from test_web_tor_board import click as tor_click  # noqa: E402
from webhelpers import click_square, play  # noqa: E402

import build  # noqa: E402
from mixtour.mixtour.ai.player import choose_move  # noqa: E402
from mixtour.mixtour.core import Action, Position  # noqa: E402
from mixtour.tor.ai.player import choose_move as tor_choose  # noqa: E402
from mixtour.tor.core import Position as TorPosition  # noqa: E402
from mixtour.tor.core import action_text as tor_text  # noqa: E402

VIEWPORT: ViewportSize = {"width": 390, "height": 844}
WORDS_PER_MINUTE = 200
SECONDS_PER_TAP = 2.0


def since_start(page: Page) -> float:
    """Milliseconds since the navigation began."""
    return float(page.evaluate("performance.now()"))


def first_reply(browser: Browser, url: str, tor: bool) -> tuple[float, float]:
    context = browser.new_context(viewport=VIEWPORT, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#start:not([hidden])", timeout=120_000)
    choice = since_start(page)
    page.wait_for_function(build.READY_SCRIPT, timeout=120_000)
    page.click("#start-computer")
    before = page.get_attribute("#board", "data-position")
    if tor:
        tor_click(page, "c3")
    else:
        click_square(page, "c3")
    page.wait_for_function(
        "(fen) => { const p = document.querySelector('#board').dataset.position;"
        " return p !== fen && p.split(' ')[1] === 'w'; }",
        arg=before,
        timeout=120_000,
    )
    reply = since_start(page)
    context.close()
    return choice, reply


@dataclass(frozen=True)
class LessonPlan:
    """How a person who makes no mistake goes through one game's lesson."""

    page: str
    moves: dict[int, str]  # the step's action, by step number
    play: Callable[[Page, str], object]  # an action by taps
    taps: Callable[[str], int]  # how many taps an action takes
    best: Callable[[str], str | None]  # in the game step: the player's action, or None (wait)


def _tor_play(page: Page, action: str) -> None:
    before = page.get_attribute("#board", "data-position")
    # On a phone the panel's Next button scrolls the board away: taps aim at the screen.
    page.evaluate("document.querySelector('#board').scrollIntoView({block: 'center'})")
    tor_action(page, action)
    page.wait_for_function(
        "(fen) => document.querySelector('#board').dataset.position !== fen", arg=before
    )


def _mixtour_best(fen: str) -> str | None:
    position = Position(fen)
    return None if position.turn != 0 else str(Action(choose_move(position, depth=3, seed=1).move))


def _tor_best(fen: str) -> str | None:
    position = TorPosition(fen)
    return None if position.turn != 0 else tor_text(tor_choose(position, level=5, seed=1).move)


LESSONS = (
    LessonPlan(
        "learn.html",
        {1: "c3", 2: "c5-c3", 3: "c3:2-d3", 4: "a1", 5: "a1-e5"},
        play,
        lambda action: 1 if ":" not in action and "-" not in action else 2,
        _mixtour_best,
    ),
    LessonPlan(
        "tor-learn.html",
        {1: "c3", 2: "c3-d4", 3: "b6-a5@a2", 4: "e5-d6@e1"},
        _tor_play,
        lambda action: 1 + action.count("-") + action.count("@"),
        _tor_best,
    ),
)


def lesson(browser: Browser, url: str, plan: LessonPlan) -> tuple[int, int, int, float]:
    """Steps, taps, words to read, seconds the page took."""
    context = browser.new_context(viewport=VIEWPORT, has_touch=True, is_mobile=True)
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_function(build.READY_SCRIPT, timeout=120_000)
    taps = 0
    words = 0
    steps = int(re.sub(r"\D+", " ", page.inner_text("#lesson-step")).split()[1])
    for n in range(1, steps + 1):
        task = page.inner_text("#lesson-title") + " " + page.inner_text("#lesson-task")
        words += len(task.split())
        if n in plan.moves:
            plan.play(page, plan.moves[n])
            taps += plan.taps(plan.moves[n])
        elif page.locator("#lesson-pass").count() and page.is_visible("#lesson-pass"):
            page.click("#lesson-pass")
            taps += 1
        else:
            while page.get_attribute("body", "data-lesson") == f"{n} todo":
                shown = str(page.get_attribute("#board", "data-position"))
                action = plan.best(shown)
                if action is None:
                    page.wait_for_timeout(50)
                    continue
                plan.play(page, action)
                taps += plan.taps(action)
                page.wait_for_function(
                    "(fen) => document.body.dataset.lesson !== '"
                    + f"{n} todo"
                    + "' || document.querySelector('#board').dataset.position.split(' ')[1] === 'w'"
                    " && document.querySelector('#board').dataset.position !== fen",
                    arg=shown,
                    timeout=60_000,
                )
        page.wait_for_function(f"document.body.dataset.lesson === '{n} done'", timeout=60_000)
        words += len(page.inner_text("#lesson-feedback").split())
        if n < steps:
            page.click("#lesson-next")
            taps += 1
    took = time.perf_counter() - started
    context.close()
    return steps, taps, words, took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with build.serve_in_background(build.DIST) as server, sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(build.chromium_path()), args=list(build.CHROMIUM_ARGS)
        )
        print(f"{'page':<12} {'choice on screen':>17} {'first reply':>12}  taps")
        for name, tor in (("index.html", False), ("tor.html", True)):
            figures = [first_reply(browser, server.url + name, tor) for _ in range(args.runs)]
            choice = statistics.median(f[0] for f in figures) / 1000
            reply = statistics.median(f[1] for f in figures) / 1000
            print(f"{name:<12} {choice:>15.2f} s {reply:>10.2f} s  2", flush=True)
        for plan in LESSONS:
            steps, taps, words, took = lesson(browser, server.url + plan.page, plan)
            reading = words / WORDS_PER_MINUTE * 60
            estimate = reading + taps * SECONDS_PER_TAP + took
            print(
                f"{plan.page}: {steps} steps, {taps} taps, {words} words to read; "
                f"page {took:.1f} s; a newcomer about {estimate / 60:.1f} min "
                f"({WORDS_PER_MINUTE} words a minute, {SECONDS_PER_TAP:.0f} s a tap)"
            )
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
