"""Tor's embeddable board (web/tor-embed.html) in Chromium: framed by another
site, drawn from the link before Python, Python started when the board is
used, stepping through a game, playing by clicks, view only, the language
of the link's lang=.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import AppPage
from playwright.sync_api import Frame, Locator, Page, expect
from test_web_headers import other_origin  # noqa: F401  (a fixture)
from test_web_tor_board import click
from webhelpers import wait_position

import build
from mixtour.tor.game import Game

OPENING = ["c3", "d5", "b6", "e2"]
GAME = [*OPENING, "c3-d4", "d5-c4@a2"]
READY_MS = 90_000


def position(where: Page | Frame) -> str:
    return where.locator("#board").get_attribute("data-position") or ""


def test_another_site_frames_the_tor_embed_and_steps_through_a_game(
    page: Page,
    page_errors: list[str],
    site_url: str,
    other_origin: tuple[str, Path],  # noqa: F811
) -> None:
    other_url, folder = other_origin
    shown = Game(None, GAME)
    shown.goto(4)
    at = shown.fen().replace(" ", "_")
    src = f"{site_url}tor-embed.html#m={','.join(GAME)}&ply=4&at={at}&view=1"
    (folder / "host.html").write_text(
        f'<!doctype html><title>host</title><iframe src="{src}" width="360" height="440"></iframe>'
    )
    page.goto(other_url + "host.html")
    frame = page.frames[1]
    frame.wait_for_function("document.body?.dataset.painted === '1'")  # no <body> yet at first
    frame.wait_for_function(build.READY_SCRIPT, timeout=READY_MS)  # seen: Python started
    assert position(frame) == shown.fen()
    expect(frame.locator("#ply")).to_have_text("4/6")
    frame.click("#next")
    wait_position(frame, Game(None, GAME[:5]).fen())
    frame.click("#last")
    wait_position(frame, Game(None, GAME).fen())
    start = Game().start.replace(" ", "_")
    whole = f"./tor.html#p={start}&m={','.join(GAME)}&ply=6"
    expect(frame.locator("#open")).to_have_attribute("href", whole)
    # View only: a click plays nothing.
    before = position(frame)
    click_in_frame(frame, "b6")
    assert position(frame) == before
    assert page_errors == []


def click_in_frame(where: Frame | Locator, square: str) -> None:
    """Click a square of a Tor board, found from its data-geometry: the #board
    of a frame, or a board's canvas."""
    canvas = where.locator("#board") if isinstance(where, Frame) else where
    g = json.loads(canvas.get_attribute("data-geometry") or "{}")
    file, rank = "abcdef".index(square[0]), int(square[1]) - 1
    if g["flipped"]:
        file, rank = g["files"] - 1 - file, g["ranks"] - 1 - rank
    x = g["x"] + (file + 0.5) * g["cell"]
    y = g["y"] + (g["ranks"] - 1 - rank + 0.5) * g["cell"]
    canvas.click(position={"x": x, "y": y})


def test_the_embed_plays_by_clicks_and_explains_a_refusal_in_german(web_app: AppPage) -> None:
    page = web_app.page
    web_app.open("tor-embed.html#m=c3&lang=de")
    page.wait_for_function(build.READY_SCRIPT, timeout=READY_MS)
    assert page.evaluate("document.documentElement.lang") == "de"
    expect(page.locator("#status")).to_have_text("Schwarz ist am Zug")
    click(page, "c3")
    expect(page.locator("#message")).to_have_text(
        "c3 ist nicht möglich: auf c3 steht schon eine Figur von Weiß"
    )
    click(page, "d5")
    wait_position(page, Game(None, ["c3", "d5"]).fen())
    assert web_app.errors == []
