"""The computer player never leaves the page waiting: cancelled searches stop,
a dead worker is noticed within seconds, and a worker that cannot be had is
said so, with the game going on between people.

The waits below are hang guards: each is several times what the page needs
and well under what it took before (cancelled Master searches ran to their end
one after another; a silent worker was noticed after 60 s, one that could not
load after 180 s, three times over). The figures come from
``tests/bench_ai_recovery.py`` (``python3 build.py bench``).
"""

from __future__ import annotations

import pytest
from conftest import AppPage
from webhelpers import play

pytestmark = pytest.mark.browser

BOOT_MS = 180_000  # the worker boots Pyodide on a busy two-core machine
RED_MOVED = """() => {
    const board = document.querySelector('#board');
    return board.dataset.position.split(' ')[1] === 'w' && !board.dataset.thinking
        && document.querySelector('#moves').dataset.count === '2';
}"""


def start_against_master(app_page: AppPage) -> None:
    page = app_page.page
    # 19 discs each: out of the opening book, so Red searches from its first move.
    app_page.open("index.html#p=5/5/5/5/5_w_19/19_0/0_1_-&ai=6")
    page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=BOOT_MS)
    play(page, "c3")
    page.wait_for_function("document.querySelector('#board').dataset.thinking === '1'")


def test_cancelled_searches_do_not_hold_up_the_next_answer(web_app: AppPage) -> None:
    page = web_app.page
    start_against_master(web_app)
    for _ in range(30):  # every Redo starts a Master search, every Undo cancels it
        page.wait_for_timeout(100)
        page.click("#undo")
        page.wait_for_timeout(100)
        page.click("#redo")
    # One Master search takes ~1.5 s; thirty queued ones took ~45 s.
    page.wait_for_function(RED_MOVED, timeout=20_000)
    assert web_app.errors == []


def test_a_dead_worker_is_noticed_within_seconds(web_app: AppPage) -> None:
    page = web_app.page
    start_against_master(web_app)
    page.evaluate("window.mixtourWorker.kill()")
    page.wait_for_function("document.body.dataset.aiRestarts === '1'", timeout=20_000)
    page.wait_for_function(RED_MOVED, timeout=BOOT_MS)
    assert web_app.errors == []
