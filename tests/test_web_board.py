"""The board canvas: every change of position is animated (moves by click and
by drag, the computer's replies, undo and redo) unless the player asked for
reduced motion; the height of stacks is written on them (a setting); the
colours come from CSS custom properties, with a dark palette that keeps its
contrast.

What each change animates, and for how long, is the planner's, tested as
pure functions in tests/js/board-anim.test.mjs. Here the page is checked to
plan one animation per change, of the length the planner gives (the board's
test hooks data-plans and data-plan-ms), and to draw it: one smoke check,
slowed down twenty times (window.mixtourDebug.motionScale) so that even a
loaded machine draws many frames of it, hashes the canvas at every frame
(tests/webhelpers.py ``record_frames``) and counts the distinct pictures.
"""

from __future__ import annotations

import json

from conftest import AppPage
from playwright.sync_api import Page, expect
from webhelpers import (
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


def lengths(page: Page) -> dict[str, int]:
    """The planner's lengths, as the page has them (web/js/board/anim.js)."""
    return dict(
        page.evaluate(
            """async () => {
                const anim = await import("./js/board/anim.js");
                return { move: anim.MOVE_MS, drag: anim.DRAG_MS };
            }"""
        )
    )


def settle(page: Page) -> None:
    """Wait until the board holds still on the position shown."""
    record_frames(page)
    frames_of(page, position(page))
    stop_frames(page)


def plans(page: Page) -> int:
    return int(page.locator("#board").get_attribute("data-plans") or 0)


def expect_planned(page: Page, before: int, count: int, ms: int) -> None:
    """``count`` more changes were planned since ``before``, the last one
    lasting ``ms``; then the board holds still again."""
    board = page.locator("#board")
    expect(board).to_have_attribute("data-plans", str(before + count))
    assert board.get_attribute("data-plan-ms") == str(ms)
    expect(board).not_to_have_attribute("data-animating", "1")


def test_a_move_by_click_is_animated(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    play(page, "b4")
    before = plans(page)
    play(page, "b4-c3")
    expect_planned(page, before, 1, lengths(page)["move"])
    assert app_page.errors == []


def test_an_entry_is_animated(app_page: AppPage) -> None:
    page = app_page.page
    before = plans(page)
    play(page, "d2")
    expect_planned(page, before, 1, lengths(page)["move"])


def test_a_drag_lands_in_a_short_glide(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    play(page, "b4")
    before, shown = plans(page), position(page)
    drag(page, "b4", 1, "c3")
    after = wait_position_change(page, shown)
    assert after.startswith("5/5/2,wr,2/5/5 r")
    # The discs settle from where the pointer let them go: a short glide.
    expect_planned(page, before, 1, lengths(page)["drag"])


def test_undo_and_redo_are_animated(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    play(page, "b4")
    moved = play(page, "b4-c3")
    move_ms = lengths(page)["move"]
    before = plans(page)
    page.click("#undo")
    undone = wait_position_change(page, moved)
    expect_planned(page, before, 1, move_ms)
    page.click("#redo")
    assert wait_position_change(page, undone) == moved
    expect_planned(page, before, 2, move_ms)


def test_the_computers_reply_is_animated(app_page: AppPage) -> None:
    page = app_page.page
    page.click("#new-game")
    dialog = page.locator("#new-game-dialog")
    expect(dialog).to_be_visible()
    page.select_option("#seat-r", "1")
    page.click("#start-game")
    expect(dialog).to_be_hidden()
    page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=AI_TIMEOUT_MS)
    before = plans(page)
    _, reply = play_against(page, "c3", AI_TIMEOUT_MS)
    assert reply.split()[1] == "w"
    expect_planned(page, before, 2, lengths(page)["move"])
    assert app_page.errors == []


def test_a_move_is_drawn_over_many_frames(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    play(page, "b4")
    page.evaluate("window.mixtourDebug = { motionScale: 20 }")
    record_frames(page)
    after = play(page, "b4-c3")
    expect(page.locator("#board")).to_have_attribute(
        "data-plan-ms", str(20 * lengths(page)["move"])
    )
    # Five seconds of slide: even a loaded machine draws a good many of them.
    pictures = frames_of(page, after)
    assert len(pictures) >= 5, f"{len(pictures)} distinct frames"
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
