"""The page's layout: the board and whose turn it is fit every window, nothing a
player may click moves while they play, and messages show where the player looks.

Boxes are read from the page as a person would see them: bounding boxes at
scroll 0, in CSS pixels of the window.
"""

from __future__ import annotations

import pytest
from conftest import AppPage
from playwright.sync_api import Page, expect
from webhelpers import board_stacks, click_square, play, position

# From the smallest phone held upright to a large desktop screen, with landscape
# phones (the board used to be 560 px tall there, with the status off-screen).
VIEWPORTS = [
    (320, 480),
    (360, 640),
    (390, 844),
    (568, 320),
    (667, 375),
    (844, 390),
    (768, 1024),
    (1024, 768),
    (1280, 800),
    (1920, 1080),
    (2560, 1440),
]
PLACES = ("c3", "b2", "d4", "b4", "d2", "a1", "e5", "a5", "e1", "a3", "c5", "c1")
AI_TIMEOUT_MS = 180_000  # the worker boots Pyodide on a busy two-core machine

# Every visible button of the page (outside dialogs), keyed by its id or its
# place, with its box in page coordinates (so a scroll is not a shift).
BUTTON_BOXES = """
() => {
  const out = {};
  const buttons = [...document.querySelectorAll("button, [role=button], a.editor-link")];
  buttons.forEach((el, i) => {
    if (el.closest("dialog")) return;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height) return; // hidden: not something to click now
    out[el.id || `${el.tagName.toLowerCase()}#${i}`] =
      [box.left + scrollX, box.top + scrollY, box.width, box.height];
  });
  return out;
}
"""

# Records, on every frame, how far each visible button has moved from where it
# first showed: window.__shift() gives {largest, by: {id: px}}.
# Resolves after two frames: what a render asked for (a scroll, a layout) is done.
TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"

WATCH_BUTTONS = (
    """
() => {
  const boxes = """
    + BUTTON_BOXES.strip()
    + """;
  const first = {};
  const moved = {};
  const watch = () => {
    for (const [id, box] of Object.entries(boxes())) {
      if (!first[id]) first[id] = box;
      const d = Math.max(Math.abs(box[0] - first[id][0]), Math.abs(box[1] - first[id][1]));
      moved[id] = Math.max(moved[id] ?? 0, d);
    }
    requestAnimationFrame(watch);
  };
  watch();
  window.__shift = () => ({ largest: Math.max(0, ...Object.values(moved)), by: moved });
}
"""
)


def occupied(page: Page) -> set[str]:
    return set(board_stacks(page))


def inside_window(page: Page, selector: str) -> tuple[bool, str]:
    """Whether the element's whole box lies inside the window at scroll 0, and its box."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert size is not None
    if box is None:
        return False, "not shown"
    fits = (
        box["x"] >= -0.5
        and box["y"] >= -0.5
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )
    shown = f"x={box['x']:.0f} y={box['y']:.0f} w={box['width']:.0f} h={box['height']:.0f}"
    return fits, shown


def horizontal_overflow(page: Page) -> int:
    return int(
        page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
    )


def test_board_and_whose_turn_fit_every_window(app_page: AppPage) -> None:
    page = app_page.page
    problems = []
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_function("() => new Promise((done) => requestAnimationFrame(() => done(1)))")
        for selector in ("#board", "#status"):
            fits, shown = inside_window(page, selector)
            if not fits:
                problems.append(f"{width}x{height}: {selector} at {shown}")
        if horizontal_overflow(page) > 0:
            problems.append(f"{width}x{height}: the page scrolls sideways")
    assert problems == []
    assert app_page.errors == []


def test_the_editor_board_and_its_tools_fit_every_window(web_app: AppPage) -> None:
    web_app.open("editor.html")
    page = web_app.page
    problems = []
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => window.scrollTo(0, 0)")
        for selector in ("#board", ".tools"):
            fits, shown = inside_window(page, selector)
            if not fits:
                problems.append(f"{width}x{height}: {selector} at {shown}")
        if horizontal_overflow(page) > 0:
            problems.append(f"{width}x{height}: the page scrolls sideways")
    assert problems == []
    assert web_app.errors == []


@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (844, 390)])
def test_no_button_moves_during_a_game_against_the_computer(
    web_app: AppPage, size: tuple[int, int]
) -> None:
    page = web_app.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    web_app.open("index.html#ai=1")
    page.wait_for_function("document.body.dataset.ai === 'ready'", timeout=AI_TIMEOUT_MS)
    page.evaluate(WATCH_BUTTONS)
    for _ in range(4):
        # The human (White) places a disc on the first empty square of a fixed list.
        before = position(page)
        square = next(sq for sq in PLACES if sq not in occupied(page))
        click_square(page, square)
        page.wait_for_function(
            "(before) => document.querySelector('#board').dataset.position !== before",
            arg=before,
        )
        # The computer's reply, while "thinking" shows and goes.
        page.wait_for_function(
            "() => { const b = document.querySelector('#board');"
            " return b.dataset.position.split(' ')[1] === 'w' && !b.dataset.thinking; }",
            timeout=AI_TIMEOUT_MS,
        )
    # A hint, and a lifted disc: the hint line, the message and the hint button change.
    page.click("#hint-button")
    page.wait_for_function(
        "() => document.querySelector('#board').dataset.hint", timeout=AI_TIMEOUT_MS
    )
    taken = sorted(occupied(page))
    click_square(page, taken[0])
    page.keyboard.press("Escape")
    page.wait_for_function("() => new Promise((done) => requestAnimationFrame(() => done(1)))")
    shift = page.evaluate("() => window.__shift()")
    print(f"\nlargest button shift at {size[0]}x{size[1]}: {shift['largest']:.1f} px")
    moved = {name: px for name, px in shift["by"].items() if px > 0}
    assert moved == {}, f"buttons moved (px): {moved}"
    assert web_app.errors == []


def test_a_broken_link_says_so_inside_the_window_when_a_game_is_saved(web_app: AppPage) -> None:
    page = web_app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    web_app.open()
    web_app.two_players_here()
    play(page, "c3")
    play(page, "b4")
    page.goto(web_app.base_url + "index.html?again#m=c3,c3")
    web_app.wait_ready()
    box = page.locator("#link-problems")
    expect(box).to_be_visible()
    fits, shown = inside_window(page, "#link-problems")
    assert fits, f"the link's problems are at {shown}, outside the 1280x800 window"
    assert web_app.errors == []


# Whether every line of the turn card is inside the card (none cut off or
# scrolled out of sight), with the computer's "thinking" line shown or not.
TURN_CARD_CUT = """
() => {
  const card = document.querySelector('#turn').getBoundingClientRect();
  const cut = [];
  for (const el of document.querySelectorAll('#status, #hint, #thinking:not([hidden])')) {
    const box = el.getBoundingClientRect();
    if (box.height && (box.top < card.top - 0.5 || box.bottom > card.bottom + 0.5)) cut.push(el.id);
  }
  for (const el of document.querySelectorAll('#turn *')) {
    if (el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY !== 'visible') {
      cut.push(`${el.id || el.className} scrolls`);
    }
  }
  return cut;
}
"""

SHOW_THINKING = """
(on) => {
  document.querySelector('#thinking').hidden = !on;
  const words = { en: 'Loading the computer player…', fr: 'Chargement du joueur ordinateur…',
    de: 'Computerspieler wird geladen…' };
  document.querySelector('#thinking-text').textContent = words[document.documentElement.lang];
}
"""


def test_the_turn_card_shows_every_line_in_every_language(app_page: AppPage) -> None:
    page = app_page.page
    play(page, "c3")
    problems = []
    for language in ("en", "fr", "de"):
        if language != "en":
            page.locator("#language").select_option(language)
            page.wait_for_load_state()
            app_page.wait_ready()
        for width, height in [(320, 480), (390, 844), (1024, 768), (1280, 800), (1920, 1080)]:
            page.set_viewport_size({"width": width, "height": height})
            for thinking in (False, True):
                # The line the computer shows while it loads (its longest wording).
                page.evaluate(SHOW_THINKING, thinking)
                page.wait_for_function(
                    "() => new Promise((done) => requestAnimationFrame(() => done(1)))"
                )
                cut = page.evaluate(TURN_CARD_CUT)
                if cut:
                    problems.append(f"{language} {width}x{height} thinking={thinking}: {cut}")
    assert problems == []
    assert app_page.errors == []


def test_the_header_buttons_show_their_whole_label_in_every_language(app_page: AppPage) -> None:
    page = app_page.page
    problems = []
    for language in ("en", "fr", "de"):
        if language != "en":
            page.locator("#language").select_option(language)
            page.wait_for_load_state()
            app_page.wait_ready()
        for width in (320, 360, 390):
            page.set_viewport_size({"width": width, "height": 700})
            page.wait_for_function(
                "() => new Promise((done) => requestAnimationFrame(() => done(1)))"
            )
            cut = page.evaluate(
                """() => [...document.querySelectorAll('.site-header button')]
                    .filter((b) => b.offsetWidth && b.scrollWidth > b.clientWidth + 1)
                    .map((b) => b.textContent)"""
            )
            if cut:
                problems.append(f"{language} {width}: {cut}")
    assert problems == []
    assert app_page.errors == []


@pytest.mark.parametrize(
    "address",
    [
        "index.html#m=c3,b4,c2,c3-b4,d4&ply=2",  # a move of the list's middle is current
        "tor.html#m=c3,d5,b6,e2,c3-d4,d5-c4@a2",
    ],
)
def test_a_game_link_on_a_phone_opens_at_the_board_not_the_move_list(
    web_app: AppPage, address: str
) -> None:
    """The move list shows its current move by scrolling itself, never the page:
    on a phone the list is below the board, which must stay in sight."""
    page = web_app.page
    page.set_viewport_size({"width": 390, "height": 844})
    web_app.open(address)
    page.evaluate(TWO_FRAMES)  # any scrolling the first render asks for is done
    assert page.evaluate("scrollY") == 0
    top = page.locator("#board").bounding_box()
    assert top is not None and 0 <= top["y"] < 844


def test_no_empty_box_under_the_turn_card_and_a_long_move_list_beside_the_board(
    web_app: AppPage,
) -> None:
    """A fresh game showed an empty message box (about 90 px) under the turn
    card, and beside the board on a desktop the move list showed 4 rows."""
    page = web_app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    web_app.open("index.html#m=c3,b4")
    expect(page.locator("#message")).to_have_text("Red played b4")  # never an empty box
    for square in ["a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "b3"]:
        click_square(page, square)
    rows = page.evaluate(
        """() => {
            const box = document.querySelector('.moves-scroll');
            const row = document.querySelector('#moves li');
            return box.clientHeight / row.getBoundingClientRect().height;
        }"""
    )
    assert rows >= 7, rows
    assert web_app.errors == []
