"""The board canvas: every change of position is animated (moves by click and
by drag, the computer's replies, undo and redo) unless the player asked for
reduced motion; the height of stacks is written on them (a setting); the
colours come from CSS custom properties, with a dark palette that keeps its
contrast.

Animation is checked as a person sees it: the page's canvas is hashed at every
frame (tests/webhelpers.py ``record_frames``) and the distinct pictures
counted.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import AppPage
from playwright.sync_api import Page, expect
from webhelpers import (
    animation_of,
    drag,
    frames_of,
    play,
    play_against,
    point,
    position,
    record_frames,
    stop_frames,
    wait_position_change,
)

AI_TIMEOUT_MS = 180_000  # the worker boots Pyodide on a busy two-core machine

# A move takes MOVE_MS (web/js/board/anim.js): about 15 frames at 60 Hz. A
# busy machine may draw only a few of them, but cannot finish the change
# sooner; a board without animation draws one or two pictures at once.
ANIM_JS = (Path(__file__).resolve().parents[1] / "web/js/board/anim.js").read_text("utf-8")
MOVE_MS, DRAG_MS = (
    int(re.search(rf"export const {name} = (\d+);", ANIM_JS).group(1))  # type: ignore[union-attr]
    for name in ("MOVE_MS", "DRAG_MS")
)


def assert_animated(page: Page, shown: str, duration_ms: float) -> None:
    """The change to ``shown`` drew pictures in between, over most of its duration."""
    pictures, span_ms = animation_of(page, shown)
    assert len(pictures) >= 3, f"{len(pictures)} distinct frames"
    assert span_ms >= 0.6 * duration_ms, f"over {span_ms:.0f} ms only"


def settle(page: Page) -> None:
    """Wait until the board holds still on the position shown."""
    record_frames(page)
    frames_of(page, position(page))
    stop_frames(page)


def test_a_move_by_click_slides_over_several_frames(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    play(page, "b4")
    settle(page)
    record_frames(page)
    after = play(page, "b4-c3")
    assert_animated(page, after, MOVE_MS)
    assert app_page.errors == []


def test_an_entry_drops_in_over_several_frames(app_page: AppPage) -> None:
    page = app_page.page
    record_frames(page)
    after = play(page, "d2")
    assert_animated(page, after, MOVE_MS)


def test_a_drag_lands_over_several_frames(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    play(page, "b4")
    settle(page)
    before = position(page)
    record_frames(page)
    drag(page, "b4", 1, "c3")
    after = wait_position_change(page, before)
    assert after.startswith("5/5/2,wr,2/5/5 r")
    # The discs settle from where the pointer let them go: a short glide.
    assert_animated(page, after, DRAG_MS)


def test_undo_and_redo_slide_the_discs_over_several_frames(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    play(page, "b4")
    moved = play(page, "b4-c3")
    settle(page)
    record_frames(page)
    page.click("#undo")
    undone = wait_position_change(page, moved)
    assert_animated(page, undone, MOVE_MS)
    stop_frames(page)
    record_frames(page)
    page.click("#redo")
    assert wait_position_change(page, undone) == moved
    assert_animated(page, moved, MOVE_MS)


def test_the_computers_reply_slides_over_several_frames(app_page: AppPage) -> None:
    page = app_page.page
    page.click("#new-game")
    dialog = page.locator("#new-game-dialog")
    expect(dialog).to_be_visible()
    page.select_option("#seat-r", "1")
    page.click("#start-game")
    expect(dialog).to_be_hidden()
    page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=AI_TIMEOUT_MS)
    record_frames(page)
    mine, reply = play_against(page, "c3", AI_TIMEOUT_MS)
    assert reply.split()[1] == "w"
    assert_animated(page, mine, MOVE_MS)
    assert_animated(page, reply, MOVE_MS)
    assert app_page.errors == []


def test_reduced_motion_shows_the_new_position_at_once(web_app: AppPage) -> None:
    page = web_app.page
    page.emulate_media(reduced_motion="reduce")
    web_app.open()
    web_app.two_players_here()
    play(page, "c3")
    play(page, "b4")
    record_frames(page)
    after = play(page, "b4-c3")
    pictures = frames_of(page, after)
    # At most the frame of the change still shows the picture before.
    assert len(pictures) <= 2, f"{len(pictures)} distinct frames"
    assert web_app.errors == []


def pixel(page: Page, x: float, y: float) -> list[int]:
    """The canvas's colour (r, g, b, a) at a page point."""
    rgba: list[int] = page.evaluate(
        """([x, y]) => {
            const canvas = document.querySelector("#board");
            const box = canvas.getBoundingClientRect();
            const ratio = canvas.width / box.width;
            const at = [Math.round((x - box.left) * ratio), Math.round((y - box.top) * ratio)];
            return [...canvas.getContext("2d").getImageData(at[0], at[1], 1, 1).data];
        }""",
        [x, y],
    )
    return rgba


def badge_area(page: Page, square: str, discs: int) -> list[list[int]]:
    """Pixels where a stack's height badge goes: right of its top disc."""
    data = page.locator("#board").get_attribute("data-geometry") or "{}"
    cell = float(json.loads(data)["cell"])
    x, y = point(page, square, discs - 1)
    return [pixel(page, x + cell * 0.34 + dx, y + dy) for dx in (-2, 0, 2) for dy in (-2, 0, 2)]


def test_height_numbers_follow_the_setting_and_are_kept(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    play(page, "b4")
    play(page, "b4-c3")
    settle(page)
    with_number = badge_area(page, "c3", 2)
    page.get_by_role("button", name="Settings").click()
    box = page.get_by_label("Show the height of stacks of two or more discs")
    expect(box).to_be_checked()
    box.uncheck()
    page.get_by_role("button", name="Close").click()
    settle(page)
    without = badge_area(page, "c3", 2)
    assert with_number != without
    page.reload()
    app_page.wait_ready()
    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_label("Show the height of stacks of two or more discs")).not_to_be_checked()
    assert app_page.errors == []


def contrast(a: list[float], b: list[float]) -> float:
    def lum(rgb: list[float]) -> float:
        c = [v / 255 for v in rgb[:3]]
        lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


COLOR_NAMES = [
    *(f"--disc-{c}-{part}" for c in "wrb" for part in ("face", "edge")),
    *(f"--board-{name}" for name in ("light", "dark", "frame", "coords", "target", "cursor")),
    "--board-height-fill",
    "--board-height-ink",
]

# Reads board colours from the canvas's style, resolved to rgb by the browser.
READ_COLORS = """(names) => {
    const probe = document.createElement("span");
    document.body.append(probe);
    const style = getComputedStyle(document.querySelector("#board"));
    const out = {};
    for (const name of names) {
        probe.style.color = style.getPropertyValue(name);
        out[name] = getComputedStyle(probe).color.match(/[\\d.]+/g).map(Number);
    }
    probe.remove();
    return out;
}"""


def check_palette(colors: dict[str, list[float]]) -> None:
    squares = [colors["--board-light"], colors["--board-dark"]]
    for disc in "wrb":
        face = colors[f"--disc-{disc}-face"]
        edge = colors[f"--disc-{disc}-edge"]
        for square in squares:
            assert max(contrast(face, square), contrast(edge, square)) >= 3, disc
    for square in squares:
        assert contrast(colors["--board-target"], square) >= 3
        assert contrast(colors["--board-cursor"], square) >= 3
    assert contrast(colors["--board-coords"], colors["--board-frame"]) >= 4.5
    assert contrast(colors["--board-height-ink"], colors["--board-height-fill"]) >= 4.5


def test_board_colours_have_a_dark_palette_with_contrast(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    settle(page)
    light_colors = page.evaluate(READ_COLORS, COLOR_NAMES)
    check_palette(light_colors)
    x, y = point(page, "a1")
    light = pixel(page, x, y)
    page.evaluate(
        """() => {
            document.documentElement.dataset.theme = "dark";
            window.dispatchEvent(new Event("mixtour:theme"));
        }"""
    )
    settle(page)
    dark_colors = page.evaluate(READ_COLORS, COLOR_NAMES)
    check_palette(dark_colors)
    assert dark_colors["--board-light"] != light_colors["--board-light"]
    dark = pixel(page, x, y)
    assert sum(dark[:3]) < sum(light[:3]) - 200, (light, dark)
    assert app_page.errors == []


def test_the_system_dark_scheme_darkens_the_board(web_app: AppPage) -> None:
    page = web_app.page
    page.emulate_media(color_scheme="dark")
    web_app.open()
    x, y = point(page, "a1")
    dark = pixel(page, x, y)
    page.emulate_media(color_scheme="light")
    settle(page)
    light = pixel(page, x, y)
    assert sum(dark[:3]) < sum(light[:3]) - 200, (light, dark)


def test_the_editor_and_embeds_follow_the_height_setting(web_app: AppPage) -> None:
    page = web_app.page
    for path in [
        "editor.html#p=5/5/2,wr,2/5/5_w_19/19_0/0_1_-",
        "embed.html#at=5/5/2,wr,2/5/5_w_19/19_0/0_1_-",
    ]:
        shown = {}
        for heights in (True, False):
            web_app.open(path, wait_ready=False)
            page.evaluate(
                "(on) => localStorage.setItem('mixtour.prefs', JSON.stringify({boardHeights: on}))",
                heights,
            )
            page.reload()
            # Python ready: the live board, not only the one drawn before it.
            page.wait_for_function("document.body.dataset.ready === '1'")
            assert position(page) == "5/5/2,wr,2/5/5 w 19/19 0/0 1 -", path
            settle(page)
            shown[heights] = badge_area(page, "c3", 2)
        assert shown[True] != shown[False], path
    assert web_app.errors == []
