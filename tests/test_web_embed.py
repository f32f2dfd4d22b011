"""The embeddable board (embed.html) inside iframes of a test page served from
the same origin: drawn before Python, Python started lazily, playable or
view-only, stepping through a game; positions compared with the engine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from conftest import AppPage
from playwright.sync_api import Frame, Page, expect
from webhelpers import click_square, play, point, position

from mixtour.mixtour.game import Game
from mixtour.mixtour.link import format_link

READY = 'document.body?.dataset.ready === "1"'
# A frame just added may not have parsed its <body> yet.
PAINTED = 'document.body?.dataset.painted === "1"'
GAME = ["c3", "b4", "b4-c3", "d2", "e5", "c3:2-d2"]


@dataclass
class InFrame:
    """A page-like view of an iframe for webhelpers: its elements, the page's mouse."""

    frame: Frame
    page: Page

    def locator(self, selector: str) -> Any:
        return self.frame.locator(selector)

    @property
    def mouse(self) -> Any:
        return self.page.mouse

    @property
    def viewport_size(self) -> Any:
        return self.page.viewport_size

    def wait_for_function(self, expression: str, **kwargs: Any) -> Any:
        return self.frame.wait_for_function(expression, **kwargs)

    def click(self, selector: str) -> None:
        self.frame.click(selector)


def host(page: Page, base_url: str, body: str) -> Callable[[int], InFrame]:
    """Serve a test page holding ``body`` at /embed-host.html and open it."""
    html = (
        '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        "<style>body{margin:8px;background:#ddd}iframe{display:block;border:0;margin:0 0 8px}"
        f"</style></head><body>{body}</body></html>"
    )
    page.route(
        "**/embed-host.html",
        lambda route: route.fulfill(body=html, content_type="text/html; charset=utf-8"),
    )
    # A service worker of the site would answer the host page itself (from the
    # network: 404), and page.route never sees what a service worker answers.
    page.evaluate(
        """async () => {
            const workers = navigator.serviceWorker;
            if (!workers) return;
            for (const registration of await workers.getRegistrations()) {
                await registration.unregister();
            }
        }"""
    )
    page.goto(base_url + "embed-host.html")

    def frame(i: int) -> InFrame:
        handle = page.locator("iframe").nth(i).element_handle()
        assert handle is not None
        content = handle.content_frame()
        assert content is not None
        return InFrame(content, page)

    return frame


def iframe(link: str, width: int = 320, height: int = 360) -> str:
    return f'<iframe src="embed.html#{link}" width="{width}" height="{height}"></iframe>'


def test_playable_embed_in_an_iframe(web_app: AppPage) -> None:
    page = web_app.page
    frame = host(page, web_app.base_url, iframe(format_link(Game()), 260, 300))(0)
    frame.frame.wait_for_function(READY, timeout=90_000)
    game = Game()
    for action in ["c3", "b4", "b4-c3"]:
        play(frame, action)
        game.play(action)
        assert position(frame) == game.fen()
    expect(frame.locator("#board")).to_have_attribute("data-status", "playing")
    expect(frame.locator("#status")).to_have_text("Red to move")
    # The steps appear once there is a game, and step back.
    frame.click("#first")
    frame.wait_for_function(
        "document.querySelector('#board').dataset.position.startsWith('5/5/5/5/5 w')"
    )
    frame.click("#last")
    frame.wait_for_function(
        "(fen) => document.querySelector('#board').dataset.position === fen", arg=game.fen()
    )
    assert web_app.errors == []


def test_view_only_embed_steps_through_a_game(web_app: AppPage) -> None:
    page = web_app.page
    game = Game(None, GAME)
    game.goto(2)
    link = format_link(game) + "&view=1&coords=0"
    frame = host(page, web_app.base_url, iframe(link, 500, 540))(0)
    # Drawn before Python, which has not started yet if nothing asked for it...
    frame.frame.wait_for_function(PAINTED)
    frame.frame.wait_for_function(READY, timeout=90_000)
    assert position(frame) == game.fen()
    expect(frame.locator("#ply")).to_have_text("2/6")
    # View only: clicks change nothing.
    before = position(frame)
    click_square(frame, "a1")
    click_square(frame, "c3")
    click_square(frame, "d3")
    assert position(frame) == before
    # Stepping works. A move the clicks wrongly sent would reach the shared
    # engine first (it answers in order) and cut the game at ply 3: the steps
    # below would not find the game's own positions.
    for ply in range(3, 7):
        frame.click("#next")
        game.goto(ply)
        frame.wait_for_function(
            "(fen) => document.querySelector('#board').dataset.position === fen", arg=game.fen()
        )
    expect(frame.locator("#next")).to_be_disabled()
    frame.click("#previous")
    game.goto(5)
    frame.wait_for_function(
        "(fen) => document.querySelector('#board').dataset.position === fen", arg=game.fen()
    )
    assert web_app.errors == []


def test_a_step_pressed_before_python_starts_is_taken_once_it_is_ready(
    web_app: AppPage,
) -> None:
    page = web_app.page
    game = Game(None, GAME)
    game.goto(2)
    link = format_link(game) + "&view=1"
    # Below the fold: drawn from the link, Python not asked for yet.
    body = f'<div style="height:2000px">spacer</div>{iframe(link, 500, 540)}'
    frame = host(page, web_app.base_url, body)(0)
    frame.frame.wait_for_function(PAINTED)
    assert frame.frame.evaluate("document.querySelector('script[type=py]') === null")
    expect(frame.locator("#ply")).to_have_text("2/6")
    # The press starts Python; the step waits for it, then is taken.
    frame.click("#next")
    frame.frame.wait_for_function(READY, timeout=90_000)
    game.goto(3)
    frame.frame.wait_for_function(
        "(fen) => document.querySelector('#board').dataset.position === fen", arg=game.fen()
    )
    expect(frame.locator("#ply")).to_have_text("3/6")
    assert web_app.errors == []


def test_broken_embed_link_shows_the_problem(web_app: AppPage) -> None:
    page = web_app.page
    frame = host(page, web_app.base_url, iframe("m=c3,c3&view=7"))(0)
    frame.frame.wait_for_function(READY, timeout=90_000)
    assert position(frame) == Game(None, ["c3"]).fen()
    message = frame.locator("#message")
    expect(message).to_be_visible()
    expect(message).to_contain_text("action 2 of the link")
    expect(message).to_contain_text("view '7' must be 0 or 1")
    assert web_app.errors == []


def test_four_embeds_start_python_when_scrolled_into_view(web_app: AppPage) -> None:
    page = web_app.page
    game = Game(None, GAME)
    links = [
        format_link(Game()),
        format_link(game, whole_game=False) + "&view=1",
        format_link(game) + "&coords=0",
        format_link(Game(None, ["e5", "a1"]), whole_game=False) + "&flip=1",
    ]
    # Below a tall spacer, side by side (the window is 1280 wide): all in view at once.
    row = "".join(iframe(link, 300, 330) for link in links)
    body = f'<div style="height:2000px">spacer</div><div style="display:flex;gap:8px">{row}</div>'
    frames = host(page, web_app.base_url, body)
    embeds = [frames(i) for i in range(4)]
    for embed in embeds:
        embed.frame.wait_for_function(PAINTED)
        # The board knows it is out of view: its engine waits to be seen.
        embed.frame.wait_for_function("document.querySelector('#board').dataset.inView === '0'")
    for embed in embeds:
        # Out of view: drawn, but Python not even asked for.
        assert embed.frame.evaluate("document.querySelector('script[type=py]') === null")
        assert embed.frame.evaluate("document.body.dataset.ready") is None
    start = time.monotonic()
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    for embed in embeds:
        embed.frame.wait_for_function(READY, timeout=180_000)
    elapsed = time.monotonic() - start
    print(f"\n4 embeds: Python ready in all of them {elapsed:.1f} s after scrolling into view")
    expected = [Game().fen(), game.fen(), game.fen(), Game(None, ["e5", "a1"]).fen()]
    assert [position(embed) for embed in embeds] == expected
    assert web_app.errors == []


def test_embed_dialog_writes_working_code(app_page: AppPage) -> None:
    page = app_page.page
    for action in ["c3", "b4", "b4-c3"]:
        play(page, action)
    fen = position(page)
    page.click("#open-embed")
    dialog = page.locator("#embed-dialog")
    expect(dialog).to_be_visible()
    dialog.locator("input[name=mode][value=view]").check()
    page.uncheck("#embed-coords")
    page.select_option("#embed-width", "250")
    code = page.locator("#embed-code").input_value()
    assert code.startswith('<iframe src="' + app_page.base_url + "embed.html#p=")
    shown = fen.replace(" ", "_")
    assert f"&amp;m=c3,b4,b4-c3&amp;ply=3&amp;at={shown}&amp;view=1&amp;coords=0" in code
    # Under 400 px the bar has a second row for the status (web/css/embed.css).
    assert 'width="250" height="314"' in code
    page.click("#embed-dialog button[value=close]")
    expect(dialog).to_be_hidden()
    # The code works in another page.
    frame = host(page, app_page.base_url, code)(0)
    # Before Python the board is drawn from at=, the position shown.
    frame.frame.wait_for_function(PAINTED)
    assert frame.locator("#status").get_attribute("data-turn") == fen.split()[1]
    frame.frame.wait_for_function(READY, timeout=90_000)
    assert position(frame) == fen
    expect(frame.locator("#ply")).to_have_text("3/3")
    assert app_page.errors == []


def test_embed_dialog_can_fix_the_board_language(app_page: AppPage) -> None:
    # A German rules page wants German boards, whatever its readers' browsers say.
    page = app_page.page
    play(page, "c3")
    page.click("#open-embed")
    dialog = page.locator("#embed-dialog")
    code = page.locator("#embed-code").input_value()
    assert "embed.html#" in code and "lang=" not in code  # by default: the visitor's language
    dialog.get_by_label("Language of the board").select_option("de")
    code = page.locator("#embed-code").input_value()
    assert code.startswith('<iframe src="' + app_page.base_url + "embed.html?lang=de#p=")
    page.click("#embed-dialog button[value=close]")
    frame = host(page, app_page.base_url, code)(0)
    frame.frame.wait_for_function(READY, timeout=90_000)
    assert frame.frame.evaluate("document.documentElement.lang") == "de"
    assert app_page.errors == []


def boxes_of_targets(frame: InFrame) -> list[dict[str, float]]:
    """Bounding boxes of the bar's visible buttons and links."""
    boxes = []
    for target in frame.locator(".bar button, .bar a").all():
        if target.is_visible():
            box = target.bounding_box()
            assert box is not None
            boxes.append(box)
    return boxes


def test_embed_targets_are_44px_and_fit_narrow_frames(web_app: AppPage) -> None:
    page = web_app.page
    link = format_link(Game(None, GAME))
    widths = [200, 250, 360, 480]
    body = "".join(iframe(link, width, width + 70) for width in widths)
    frames = host(page, web_app.base_url, body)
    for i, width in enumerate(widths):
        frame = frames(i)
        frame.frame.wait_for_function(PAINTED)
        outer = page.locator("iframe").nth(i).bounding_box()
        assert outer is not None
        boxes = boxes_of_targets(frame)
        assert len(boxes) >= (3 if width < 260 else 5), width  # steps and the open link
        for box in boxes:
            assert box["width"] >= 44 and box["height"] >= 44, (width, box)
            assert outer["x"] <= box["x"] and box["x"] + box["width"] <= outer["x"] + width
        for a, b in zip(boxes, boxes[1:], strict=False):
            apart = a["x"] + a["width"] <= b["x"] + 0.5 or a["y"] + a["height"] <= b["y"] + 0.5
            assert apart, (width, a, b)
        # The status is not cut short, and the board keeps most of the frame.
        status = frame.locator("#status")
        expect(status).to_have_text("White to move")
        assert status.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1"), width
        geometry = frame.locator("#board").bounding_box()
        assert geometry is not None and geometry["height"] >= 0.8 * width, (width, geometry)
    assert web_app.errors == []


def test_a_too_long_link_counts_no_actions_before_python(web_app: AppPage) -> None:
    page = web_app.page
    link = "m=" + ",".join(["c3"] * 100_000)
    frame = host(page, web_app.base_url, iframe(link))(0)
    frame.frame.wait_for_function(PAINTED)
    # Before Python: the engine will not read a link this long; nor does the preview.
    before = frame.frame.evaluate(
        "() => [document.body.dataset.ready ?? null, document.querySelector('#ply').textContent]"
    )
    assert before[1] in ("0/0", ""), before
    expect(frame.locator("#steps")).to_be_hidden()
    frame.frame.wait_for_function(READY, timeout=90_000)
    expect(frame.locator("#steps")).to_be_hidden()
    expect(frame.locator("#message")).to_contain_text("too long")
    assert web_app.errors == []


def test_a_sandboxed_embed_draws_the_board_and_says_why_it_cannot_play(
    web_app: AppPage,
) -> None:
    page = web_app.page
    start = "5/5/2,rr,2/5/5_w_18/18_0/0_1_-"
    frame = host(
        page,
        web_app.base_url,
        f'<iframe sandbox="allow-scripts" src="embed.html#p={start}" width="320" height="380">'
        "</iframe>",
    )(0)
    frame.frame.wait_for_function(PAINTED)
    message = frame.locator("#message")
    expect(message).to_be_visible()
    expect(message).to_contain_text("allow-same-origin")
    expect(frame.locator("#status")).to_have_text("White to move")
    # The red stack on c3 is drawn.
    x, y = point(frame, "c3", 1)
    rgb = frame.frame.evaluate(
        """([x, y]) => {
            const canvas = document.querySelector("#board");
            const box = canvas.getBoundingClientRect();
            const ratio = canvas.width / box.width;
            const px = canvas.getContext("2d").getImageData(
                Math.round(x * ratio), Math.round(y * ratio), 1, 1).data;
            return [px[0], px[1], px[2]];
        }""",
        [
            x - (page.locator("iframe").bounding_box() or {"x": 0})["x"],
            y - (page.locator("iframe").bounding_box() or {"y": 0})["y"],
        ],
    )
    assert rgb[0] > rgb[1] + 60, rgb
    # The engine was asked for and refused here: nothing tries to start
    # Python, and nothing failed.
    frame.frame.wait_for_function("document.body.dataset.engineBlocked === '1'")
    assert frame.frame.evaluate("() => document.body.dataset.ready ?? null") is None
    assert web_app.errors == []
