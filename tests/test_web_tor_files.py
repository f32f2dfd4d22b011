"""Tor's records on its page, through the same files module and dialog as
Mixtour's (web/js/files.js, web/partials/record-dialog.html): download the
game, load it back from a file or pasted text, refused text named by line."""

from __future__ import annotations

from pathlib import Path

from conftest import AppPage
from playwright.sync_api import expect
from test_web_tor import OPENING, board, click_action, moves, open_tor
from test_web_tor_library import kept, new_game_for_two
from webhelpers import wait_position

from mixtour.tor.core import STANDARD_START
from mixtour.tor.game import Game

TAGGED = '[Game "Tor"]\n[Event "Club night"]\n[White "Ann"]\n\n1. c3 d5 2. b6 e2 *\n'


def test_a_downloaded_record_loads_back_from_its_file(web_app: AppPage) -> None:
    page = open_tor(web_app)
    for action in OPENING:
        click_action(page, action)
    fen = Game(None, OPENING).fen()
    wait_position(page, fen)
    with page.expect_download() as info:
        page.click("#download-record")
    assert info.value.suggested_filename == "tor-game.txt"
    path = info.value.path()
    text = Path(path).read_text(encoding="utf-8")
    assert text.startswith('[Game "Tor"]\n') and "1. c3 d5 2. b6 e2 *" in text
    new_game_for_two(page)
    wait_position(page, STANDARD_START)
    page.click("#open-record")
    expect(page.locator("#record-dialog")).to_be_visible()
    with page.expect_file_chooser() as chooser:
        page.click("#record-choose")
    chooser.value.set_files(path)
    wait_position(page, fen)
    expect(page.locator("#record-dialog")).to_be_hidden()
    expect(page.locator("#message")).to_have_text("Record loaded: 4 actions")
    assert moves(page) == OPENING
    click_action(page, "c3-d4")  # the loaded game goes on
    wait_position(page, Game(None, [*OPENING, "c3-d4"]).fen())
    assert kept(page) == [OPENING, [*OPENING, "c3-d4"]]  # the game it replaced is kept
    assert web_app.errors == []


def test_a_broken_record_names_the_line_and_keeps_the_game(web_app: AppPage) -> None:
    page = open_tor(web_app)
    click_action(page, "c3")
    fen = Game(None, ["c3"]).fen()
    wait_position(page, fen)
    page.click("#open-record")
    # The dialog's words are Tor's (the dialog is shared with Mixtour's page).
    expect(page.locator("#record-dialog")).to_contain_text("c3-d4@e6")
    expect(page.locator("#record-dialog")).not_to_contain_text("b4-c3")
    page.fill("#record-text", "1. c3 d5\n2. d5 e2\n")
    page.click("#record-load")
    error = page.locator("#record-error")
    expect(error).to_contain_text("line 2: illegal action d5")
    page.fill("#record-text", '[Game "Mixtour"]\n1. c3 b4')
    page.click("#record-load")
    expect(error).to_contain_text("a record of 'Mixtour', not of Tor")
    page.fill("#record-text", "1. <b>c3</b>")  # markup is shown as text
    page.click("#record-load")
    expect(error).to_contain_text("line 1")
    assert page.locator("#record-error b").count() == 0
    page.click("#record-dialog button[value=cancel]")
    expect(page.locator("#record-dialog")).to_be_hidden()
    assert board(page, "position") == fen
    assert web_app.errors == []


def test_header_tags_of_a_loaded_record_survive_a_reload_and_its_download(
    web_app: AppPage,
) -> None:
    page = open_tor(web_app)
    page.click("#open-record")
    page.fill("#record-text", TAGGED)
    page.click("#record-load")
    wait_position(page, Game(None, OPENING).fen())
    click_action(page, "c3-d4")
    wait_position(page, Game(None, [*OPENING, "c3-d4"]).fen())
    page.reload()
    web_app.wait_ready()
    assert web_app.dataset("save") == "restored"
    with page.expect_download() as info:
        page.click("#download-record")
    text = Path(info.value.path()).read_text(encoding="utf-8")
    assert '[Game "Tor"]\n[Event "Club night"]\n[White "Ann"]\n' in text
    assert "3. c3-d4 *" in text
    assert web_app.errors == []
