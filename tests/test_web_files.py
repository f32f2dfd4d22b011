"""Files on the game page: the downloaded SVG shows every stack of the position,
a downloaded record loads back through the file chooser, and a broken record is
reported with its line while the game stays as it was. Plus a CPython check of
``mixtour.mixtour.svg`` on random positions (the same property without a browser).
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

from conftest import AppPage
from playwright.sync_api import Page, expect
from webhelpers import board_stacks, play, position, wait_position_change

from mixtour.mixtour.core import SQUARE_NAMES, Position
from mixtour.mixtour.game import Game
from mixtour.mixtour.svg import board as svg_board

SVG_NS = "{http://www.w3.org/2000/svg}"
GAME = ["c3", "b4", "b4-c3", "d2", "e5", "c3:2-d2", "a1"]


def svg_stacks(text: str) -> dict[str, str]:
    """square -> disc colours bottom to top, read from the disc elements of an SVG."""
    root = ET.fromstring(text)
    assert root.tag == SVG_NS + "svg"
    stacks: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for element in root.iter():
        classes = (element.get("class") or "").split()
        if "disc" not in classes:
            continue
        colour = next(c for c in classes if c != "disc")
        # data-level counts from the bottom of the stack.
        stacks[element.get("data-square") or "?"].append(
            (int(element.get("data-level") or 0), colour)
        )
    return {sq: "".join(c for _, c in sorted(discs)) for sq, discs in stacks.items()}


def expected_stacks(pos: Position) -> dict[str, str]:
    return {SQUARE_NAMES[sq]: stack for sq, stack in enumerate(pos.stacks) if stack}


def test_svg_shows_every_stack_of_random_positions() -> None:
    rng = random.Random(5)
    for _ in range(60):
        pos = Position.start(rng.choice((2, 3)))
        for _ in range(rng.randrange(0, 60)):
            if pos.is_over:
                break
            pos.push(rng.choice(pos.legal_actions()))
        flipped = rng.random() < 0.5
        text = svg_board(pos, coordinates=rng.random() < 0.5, flipped=flipped)
        assert svg_stacks(text) == expected_stacks(pos), pos.fen()


def play_game(page: Page) -> str:
    for action in GAME:
        play(page, action)
    return position(page)


def test_download_image_shows_the_position(app_page: AppPage) -> None:
    page = app_page.page
    fen = play_game(page)
    page.click("#flip-board")
    expect(page.locator("#flip-board")).to_have_attribute("aria-pressed", "true")
    with page.expect_download() as info:
        page.click("#download-image")
    download = info.value
    assert download.suggested_filename.endswith(".svg")
    text = Path(download.path()).read_text(encoding="utf-8")
    assert svg_stacks(text) == board_stacks(page) == expected_stacks(Position(fen))
    # The file is the engine's picture of this position, flipped like the board.
    assert text == svg_board(Position(fen), flipped=True)
    assert app_page.errors == []


def test_record_download_then_load_through_the_file_chooser(app_page: AppPage) -> None:
    page = app_page.page
    fen = play_game(page)
    with page.expect_download() as info:
        page.click("#download-record")
    download = info.value
    assert download.suggested_filename.endswith((".txt", ".mixtour"))
    path = download.path()
    text = Path(path).read_text(encoding="utf-8")
    assert "1. c3 b4 2. b4-c3" in text

    page.click("#new-game")
    page.click("#start-game")
    wait_position_change(page, fen)
    assert position(page).startswith("5/5/5/5/5 w 20/20")

    page.click("#open-record")
    expect(page.locator("#record-dialog")).to_be_visible()
    with page.expect_file_chooser() as chooser:
        page.click("#record-choose")
    chooser.value.set_files(path)
    page.wait_for_function(
        "(fen) => document.querySelector('#board').dataset.position === fen", arg=fen
    )
    expect(page.locator("#record-dialog")).to_be_hidden()
    expect(page.locator("#moves .ply")).to_have_count(len(GAME))
    # The loaded game goes on.
    after = play(page, "e1")
    assert after == Game(None, [*GAME, "e1"]).fen()
    assert app_page.errors == []


def test_broken_record_names_the_line_and_keeps_the_game(app_page: AppPage) -> None:
    page = app_page.page
    fen = play_game(page)
    page.click("#open-record")
    broken = '[Players "2"]\n\n1. c3 b4\n2. b4-c3 c3\n'
    page.fill("#record-text", broken)
    page.click("#record-load")
    error = page.locator("#record-error")
    expect(error).to_contain_text("line 4")
    expect(error).to_contain_text("c3")
    expect(page.locator("#record-dialog")).to_be_visible()
    assert position(page) == fen
    # Markup in a record is shown as text, never as HTML.
    page.fill("#record-text", "1. <b>c3</b>")
    page.click("#record-load")
    expect(error).to_contain_text("line 1")
    assert page.locator("#record-error b").count() == 0
    page.click("#record-dialog button[value=cancel]")
    expect(page.locator("#record-dialog")).to_be_hidden()
    assert position(page) == fen
    expect(page.locator("#moves .ply")).to_have_count(len(GAME))
    assert app_page.errors == []


TAGGED = '[Event "Club night"]\n[White "Ann"]\n[Red "Bo"]\n[Result "*"]\n\n1. c3 b4 2. b4-c3 *\n'


def test_header_tags_of_a_loaded_record_are_kept_in_its_download(app_page: AppPage) -> None:
    page = app_page.page
    before = position(page)
    page.click("#open-record")
    page.fill("#record-text", TAGGED)
    page.click("#record-load")
    wait_position_change(page, before)
    play(page, "a1")
    with page.expect_download() as info:
        page.click("#download-record")
    text = Path(info.value.path()).read_text(encoding="utf-8")
    assert '[Event "Club night"]\n[White "Ann"]\n[Red "Bo"]\n' in text
    assert "2. b4-c3 a1 *" in text
    assert app_page.errors == []


def test_header_tags_of_a_loaded_record_survive_a_reload(app_page: AppPage) -> None:
    page = app_page.page
    before = position(page)
    page.click("#open-record")
    page.fill("#record-text", TAGGED)
    page.click("#record-load")
    wait_position_change(page, before)
    play(page, "a1")
    page.reload()
    app_page.wait_ready()
    page.wait_for_function("() => document.body.dataset.save === 'restored'")
    with page.expect_download() as info:
        page.click("#download-record")
    text = Path(info.value.path()).read_text(encoding="utf-8")
    assert '[Event "Club night"]\n[White "Ann"]\n[Red "Bo"]\n' in text
    assert "2. b4-c3 a1 *" in text
    assert app_page.errors == []


def test_a_megabyte_of_unclosed_braces_is_refused_at_once(app_page: AppPage) -> None:
    """Reading it took the old parser minutes (quadratic); the hang guard is 30 s."""
    page = app_page.page
    fen = play_game(page)
    page.click("#open-record")
    page.fill("#record-text", "1. c3 " + "{" * 1_000_000)
    page.click("#record-load")
    expect(page.locator("#record-error")).to_contain_text("not closed", timeout=30_000)
    assert position(page) == fen
    page.click("#record-dialog button[value=cancel]")
    play(page, "e1")
    assert app_page.errors == []
