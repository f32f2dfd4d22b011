"""Tor's board (web/js/tor/) in Chromium, before Tor has a page of its own:
a small harness page, served beside the built site, draws a position with
Tor's renderer on the board kit and plays turns with real clicks, drags and
keys. The legal actions are given as texts, as the engine will give them:
the board knows no rule, it only follows them.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from conftest import AppPage
from playwright.sync_api import Page, Route

HARNESS = "tor-board-harness.html"

# The page a test opens: the board fills the window; the query gives the
# position (p), the legal actions (legal, JSON), the last action (last), a
# selection to show (sel, JSON) and the theme. What the board reports is
# kept in window.torHarness.heard.
HARNESS_HTML = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tor board</title>
<link rel="stylesheet" href="./css/theme.css">
<link rel="stylesheet" href="./css/board.css">
<link rel="stylesheet" href="./css/tor-board.css">
<style>
  body { margin: 0; background: var(--page); }
  #board { display: block; width: 100vw; height: 100vh; touch-action: none; }
</style>
</head>
<body>
<canvas id="board" tabindex="0" aria-label="Tor board"></canvas>
<script type="module">
  import { TorBoard } from "./js/tor/tor-board.js";
  const query = new URLSearchParams(location.search);
  document.documentElement.dataset.theme = query.get("theme") ?? "light";
  const heard = [];
  const board = new TorBoard(document.getElementById("board"), {
    onPlay: (action, how) => heard.push(["play", action, how.dragged]),
    onIllegal: (attempt) => heard.push(["illegal", attempt.kind, attempt.text]),
  });
  window.torHarness = { board, heard };
  const config = { interactive: true, motion: false };
  if (query.has("p")) config.position = query.get("p");
  if (query.has("legal")) config.legal = JSON.parse(query.get("legal"));
  if (query.has("last")) config.last = query.get("last");
  if (query.has("flipped")) config.flipped = true;
  board.set(config);
  if (query.has("sel")) board.update((s) => { s.selection = JSON.parse(query.get("sel")); });
  board.readColors();
  document.body.dataset.ready = "1";
</script>
</body>
</html>
"""

FILES = "abcdef"

# White to move, holding an orange token: White's pawns on c3 and e5,
# Black's on a8 and f8; a2 is a hole (its orange token is the one in hand).
MIDGAME = "OkYOYOYk/BRBRBR/OYOYOY/BRBRBwR/OYOYOY/BRBwRBR/.YOYOY/BRBRBR w O"
WITH_HAND = ["c3-c4@a1", "c3-c4@b2", "c3-d4@a1", "c3-d4@c3", "e5-e6"]
NO_HAND = ["c3-c4", "c3-d4", "e5-e6"]


def route_harness(page: Page) -> None:
    def fulfil(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html", body=HARNESS_HTML)

    page.route(f"**/{HARNESS}*", fulfil)


def open_board(app: AppPage, **query: Any) -> Page:
    """The harness page with this query, drawn and ready."""
    route_harness(app.page)
    params = {k: json.dumps(v) if isinstance(v, list | dict) else v for k, v in query.items()}
    app.open(f"{HARNESS}?{urlencode(params)}")
    app.page.wait_for_function("document.body.dataset.painted === '1'")
    return app.page


def centre(page: Page, square: str) -> tuple[float, float]:
    """Page coordinates of a square's centre, from data-geometry."""
    box = page.locator("#board").bounding_box()
    assert box is not None
    g = json.loads(page.locator("#board").get_attribute("data-geometry") or "{}")
    file, rank = FILES.index(square[0]), int(square[1]) - 1
    if g["flipped"]:
        file, rank = g["files"] - 1 - file, g["ranks"] - 1 - rank
    x = box["x"] + g["x"] + (file + 0.5) * g["cell"]
    y = box["y"] + g["y"] + (g["ranks"] - 1 - rank + 0.5) * g["cell"]
    return x, y


def click(page: Page, square: str) -> None:
    page.mouse.click(*centre(page, square))


def heard(page: Page) -> list[list[Any]]:
    result: list[list[Any]] = page.evaluate("window.torHarness.heard")
    return result


def pixel(page: Page, x: float, y: float) -> tuple[int, int, int]:
    """The colour the canvas shows at page point (x, y)."""
    rgb: list[int] = page.evaluate(
        """([x, y]) => {
            const canvas = document.getElementById("board");
            const box = canvas.getBoundingClientRect();
            const ratio = canvas.width / box.width;
            const data = canvas.getContext("2d").getImageData(
                Math.round((x - box.left) * ratio), Math.round((y - box.top) * ratio), 1, 1).data;
            return [data[0], data[1], data[2]];
        }""",
        [x, y],
    )
    return rgb[0], rgb[1], rgb[2]


def css_color(page: Page, name: str) -> tuple[int, int, int]:
    """A colour custom property of the canvas, as red, green, blue."""
    value: list[int] = page.evaluate(
        """(name) => {
            const probe = document.createElement("div");
            probe.style.color = getComputedStyle(document.getElementById("board"))
                .getPropertyValue(name);
            document.body.append(probe);
            const rgb = getComputedStyle(probe).color.match(/\\d+/g).map(Number);
            probe.remove();
            return rgb;
        }""",
        name,
    )
    return value[0], value[1], value[2]


def close(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return all(abs(x - y) <= 12 for x, y in zip(a, b, strict=True))


def test_the_board_publishes_a_6_by_8_geometry_whose_squares_are_clicked(web_app: AppPage) -> None:
    page = open_board(web_app, p=MIDGAME, legal=NO_HAND)
    g = json.loads(page.locator("#board").get_attribute("data-geometry") or "{}")
    assert (g["files"], g["ranks"], g["flipped"]) == (6, 8, False)
    click(page, "c3")
    assert page.locator("#board").get_attribute("data-selection") == "c3"
    assert web_app.errors == []


def test_each_token_colour_is_drawn_on_its_square_and_a_hole_differs(web_app: AppPage) -> None:
    for theme in ("light", "dark"):
        page = open_board(web_app, p=MIDGAME, theme=theme)
        # The standard layout: a1 blue, b1 red, a4 orange, b2 yellow; a2 is a hole.
        for square, name in (("a1", "blue"), ("b1", "red"), ("a4", "orange"), ("b2", "yellow")):
            want = css_color(page, f"--board-tor-{name}")
            got = pixel(page, *centre(page, square))
            assert close(got, want), f"{theme} {square}: {got}, not {name} {want}"
        hole = pixel(page, *centre(page, "a2"))
        assert close(hole, css_color(page, "--board-tor-hole")), f"{theme} a2: {hole}"
        for name in ("blue", "red", "orange", "yellow"):
            assert not close(hole, css_color(page, f"--board-tor-{name}"))
    assert web_app.errors == []


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG's contrast ratio of two colours."""

    def luminance(rgb: tuple[int, int, int]) -> float:
        c = [v / 255 for v in rgb]
        lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_tokens_holes_and_pawns_stand_out_in_both_palettes(web_app: AppPage) -> None:
    for theme in ("light", "dark"):
        page = open_board(web_app, theme=theme)
        squares = [css_color(page, "--board-light"), css_color(page, "--board-dark")]
        fills = {}
        for name in ("blue", "red", "orange", "yellow"):
            fill = fills[name] = css_color(page, f"--board-tor-{name}")
            edge = css_color(page, f"--board-tor-{name}-edge")
            for square in squares:
                assert max(contrast(fill, square), contrast(edge, square)) >= 3, (theme, name)
        hole = css_color(page, "--board-tor-hole")
        rim = css_color(page, "--board-tor-hole-edge")
        for square in squares:
            assert max(contrast(hole, square), contrast(rim, square)) >= 3, (theme, "hole")
        white = css_color(page, "--board-tor-pawn-w")
        black = css_color(page, "--board-tor-pawn-b")
        assert contrast(white, black) >= 7, theme
        for side in ("w", "b"):
            pawn = css_color(page, f"--board-tor-pawn-{side}")
            edge = css_color(page, f"--board-tor-pawn-{side}-edge")
            for name, fill in fills.items():
                assert max(contrast(pawn, fill), contrast(edge, fill)) >= 3, (theme, side, name)
    assert web_app.errors == []


def test_a_turn_with_a_token_in_hand_is_played_by_three_clicks(web_app: AppPage) -> None:
    page = open_board(web_app, p=MIDGAME, legal=WITH_HAND)
    board = page.locator("#board")
    click(page, "c3")
    assert board.get_attribute("data-selection") == "c3"
    click(page, "d4")
    assert board.get_attribute("data-selection") == "c3-d4"
    assert heard(page) == []
    click(page, "c3")
    assert heard(page) == [["play", "c3-d4@c3", False]]
    assert board.get_attribute("data-selection") is None


def test_refused_clicks_come_out_as_attempts_for_the_engine_to_explain(web_app: AppPage) -> None:
    page = open_board(web_app, p=MIDGAME, legal=WITH_HAND)
    click(page, "a1")
    click(page, "c3")
    click(page, "c5")
    click(page, "d4")
    click(page, "f8")
    assert heard(page) == [
        ["illegal", "pawn", "a1"],
        ["illegal", "step", "c3-c5"],
        ["illegal", "placement", "c3-d4@f8"],
    ]
    assert page.locator("#board").get_attribute("data-selection") == "c3-d4"


def test_a_pawn_dragged_to_its_destination_plays_the_step(web_app: AppPage) -> None:
    page = open_board(web_app, p=MIDGAME, legal=NO_HAND)
    x0, y0 = centre(page, "e5")
    x1, y1 = centre(page, "e6")
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=4)
    page.mouse.move(x1, y1, steps=4)
    page.mouse.up()
    assert heard(page) == [["play", "e5-e6", True]]


def test_the_keyboard_plays_a_turn_on_a_flipped_board(web_app: AppPage) -> None:
    page = open_board(web_app, p=MIDGAME, legal=WITH_HAND, flipped="1")
    page.locator("#board").focus()
    # The cursor starts on c4; flipped, ArrowUp goes down a rank.
    for key in ("ArrowUp", "Enter", "ArrowLeft", "ArrowDown", "Enter", "ArrowRight", "ArrowUp"):
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    assert heard(page) == [["play", "c3-d4@c3", False]]
    click(page, "a1")  # flipped: a1 is at the top right, and clicks follow
    assert heard(page)[-1] == ["illegal", "pawn", "a1"]
