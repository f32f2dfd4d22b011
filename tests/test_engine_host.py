"""The shared engine of the embeds (web/py/engine_host.py) under CPython: each
request carries the board's link, so a host that never saw the board (after a
handover) answers as the one that did; bad requests get an error, never a
traceback or another board's game."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "web" / "py"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import engine_host  # noqa: E402

from mixtour.mixtour.game import Game  # noqa: E402
from mixtour.tor.game import Game as TorGame  # noqa: E402


@pytest.fixture(autouse=True)
def fresh() -> Iterator[None]:
    engine_host.forget()
    yield
    engine_host.forget()


def ask(game: str, board: str, link: str, method: str, *args: Any) -> dict[str, Any]:
    request = {"game": game, "board": board, "link": link, "method": method, "args": list(args)}
    answer: dict[str, Any] = json.loads(engine_host.handle(json.dumps(request)))
    return answer


def test_doctests() -> None:
    assert doctest.testmod(engine_host).failed == 0


def test_a_new_host_rebuilds_a_board_from_its_link() -> None:
    loaded = ask("mixtour", "a", "m=c3,b4,b4-c3", "load_link", "m=c3,b4,b4-c3")
    link = loaded["link"]
    stepped = ask("mixtour", "a", link, "goto", 1)
    assert stepped["result"]["fen"] == Game(None, ["c3"]).fen()
    played = ask("mixtour", "a", stepped["link"], "play", "d2")
    assert played["result"]["ok"]
    # The host goes away: the next one knows nothing of board "a" but its link.
    engine_host.forget()
    again = ask("mixtour", "a", played["link"], "state")
    assert again["result"]["fen"] == Game(None, ["c3", "d2"]).fen()
    assert again["result"]["ply"] == 2


def test_a_kept_board_is_reused_and_a_repeated_request_gives_the_same_answer() -> None:
    first = ask("mixtour", "a", "", "play", "c3")
    assert engine_host.kept_boards() == [["mixtour", "a"]]
    # The same request again (sent twice after a handover): the same answer,
    # not c3 played on top of c3.
    again = ask("mixtour", "a", "", "play", "c3")
    assert again == first
    later = ask("mixtour", "a", first["link"], "play", "b4")
    assert later["result"]["state"]["fen"] == Game(None, ["c3", "b4"]).fen()


def test_boards_and_games_are_kept_apart() -> None:
    mixtour = ask("mixtour", "x", "", "play", "c3")
    tor = ask("tor", "x", "", "play", "c3")
    assert tor["result"]["state"]["fen"] == TorGame(None, ["c3"]).fen()
    other = ask("mixtour", "y", "", "state")
    assert other["result"]["fen"] == Game().fen()
    assert (
        ask("mixtour", "x", mixtour["link"], "state")["result"]["fen"] == Game(None, ["c3"]).fen()
    )


def test_tor_steps_and_refuses_through_the_host() -> None:
    loaded = ask("tor", "t", "m=c3,d5,b6", "load_link", "m=c3,d5,b6")
    back = ask("tor", "t", loaded["link"], "goto", 1)
    assert back["result"]["fen"] == TorGame(None, ["c3"]).fen()
    refused = ask("tor", "t", back["link"], "play", "c3")
    assert not refused["result"]["ok"]
    assert refused["result"]["reason"]


@pytest.mark.parametrize(
    "request_text",
    [
        "not json",
        "[]",
        '{"game": "chess", "board": "a", "link": "", "method": "state", "args": []}',
        '{"game": "mixtour", "board": 3, "link": "", "method": "state", "args": []}',
        '{"game": "mixtour", "board": "a", "link": "", "method": "corr_start", "args": []}',
        '{"game": "mixtour", "board": "a", "link": "", "method": "__init__", "args": []}',
        '{"game": "mixtour", "board": "a", "link": "", "method": "goto", "args": [{}]}',
        '{"game": "mixtour", "board": "a", "link": "", "method": "goto", "args": "1"}',
        '{"game": "mixtour", "board": "a", "link": "", "method": "goto", "args": [1, 2, 3]}',
    ],
)
def test_a_bad_request_gets_an_error(request_text: str) -> None:
    answer = json.loads(engine_host.handle(request_text))
    assert set(answer) == {"error"}


def test_a_broken_link_gives_its_valid_part_and_its_problems() -> None:
    answer = ask("mixtour", "a", "m=c3,zz9", "load_link", "m=c3,zz9")
    assert answer["result"]["state"]["fen"] == Game(None, ["c3"]).fen()
    assert answer["result"]["problems"]


def test_a_game_engine_is_imported_only_when_a_board_of_it_asks() -> None:
    script = (
        "import json, sys, engine_host\n"
        "before = 'tor_bridge' in sys.modules\n"
        "engine_host.handle(json.dumps({'game': 'mixtour', 'board': 'a', 'link': '',"
        " 'method': 'state', 'args': []}))\n"
        "print(before, 'tor_bridge' in sys.modules, 'bridge' in sys.modules)\n"
    )
    env_path = f"{ROOT}:{ROOT / 'web' / 'py'}"
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": env_path},
    ).stdout.split()
    assert out == ["False", "False", "True"]


def test_only_so_many_boards_are_kept() -> None:
    for i in range(engine_host.KEPT + 5):
        ask("mixtour", f"b{i}", "", "state")
    kept = engine_host.kept_boards()
    assert len(kept) == engine_host.KEPT
    assert kept[0] == ["mixtour", "b5"]
