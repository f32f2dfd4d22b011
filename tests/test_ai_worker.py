"""The computer player's worker (web/py/ai_worker.py), under CPython.

In the page these functions run in the engine worker, asked by the pages'
engine client with a JSON request (``client.call("think", ...)``); here they are
called directly with the same JSON.
"""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from mixtour.mixtour.core import Position, action_text

WEB_PY = Path(__file__).resolve().parent.parent / "web" / "py"
if str(WEB_PY) not in sys.path:
    sys.path.insert(0, str(WEB_PY))

import ai_worker  # noqa: E402

START = "5/5/5/5/5 w 20/20 0/0 1 -"
# The worker never searches longer than ai_worker.MAX_TIME_MS (10 s): only a
# search that never ends comes near this.
HANG_GUARD_S = 120.0


def think(request: dict[str, Any]) -> Any:
    """The worker's answer to ``request``, or its error raised here; fails the
    test if no answer came within HANG_GUARD_S."""
    outcome: list[str | Exception] = []

    def run() -> None:
        try:
            outcome.append(ai_worker.think_now(json.dumps(request)))
        except Exception as error:
            outcome.append(error)

    thread = threading.Thread(target=run, name="think", daemon=True)
    thread.start()
    thread.join(HANG_GUARD_S)
    if thread.is_alive():
        ai_worker.cancel()
        pytest.fail(f"no answer after {HANG_GUARD_S:.0f} s to {json.dumps(request)}")
    if isinstance(outcome[0], Exception):
        raise outcome[0]
    return json.loads(outcome[0])


def test_a_time_limit_on_a_level_without_a_clock_still_answers_a_legal_move() -> None:
    answer = think({"id": 7, "fen": START, "level": 3, "time_ms": 200, "seed": 1})
    legal = {action_text(code) for code in Position(START).legal_actions()}
    assert answer["id"] == 7 and answer["level"] == 3
    assert answer["move"] in legal


def test_a_time_limit_that_is_not_a_number_is_refused_instead_of_searching_forever() -> None:
    # Python's JSON reads NaN; as a deadline it would never pass, and a
    # cancelled search ends by jumping its clock past the deadline, so not
    # even cancel() could stop it.
    with pytest.raises(ValueError, match="time_ms"):
        think({"id": 1, "fen": START, "level": 6, "time_ms": float("nan")})
