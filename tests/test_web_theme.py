"""Light, dark or the system's theme (web/js/theme.js, web/css/theme.css): the
switch on every page, kept for every page, set before the first paint, and the
"mixtour:theme" event for drawings that must follow."""

from __future__ import annotations

from conftest import AppPage
from playwright.sync_api import Page, expect

PAGE_BACKGROUND = "() => getComputedStyle(document.body).backgroundColor"
LIGHT_PAGE = "rgb(243, 239, 230)"
DARK_PAGE = "rgb(24, 21, 18)"

# Counts "mixtour:theme" events and records the theme each one announced.
COUNT_EVENTS = """
() => {
  window.__themes = [];
  window.addEventListener("mixtour:theme", (event) => window.__themes.push(event.detail.theme));
}
"""


def theme_attribute(page: Page) -> str | None:
    theme: str | None = page.evaluate("() => document.documentElement.dataset.theme ?? null")
    return theme


def test_the_settings_switch_turns_the_game_page_dark_and_it_stays(app_page: AppPage) -> None:
    page = app_page.page
    page.emulate_media(color_scheme="light")
    assert page.evaluate(PAGE_BACKGROUND) == LIGHT_PAGE
    page.evaluate(COUNT_EVENTS)
    page.get_by_role("button", name="Settings").click()
    page.locator("#settings-dialog").get_by_label("Theme").select_option("dark")
    assert theme_attribute(page) == "dark"
    assert page.evaluate(PAGE_BACKGROUND) == DARK_PAGE
    assert page.evaluate("() => window.__themes") == ["dark"]
    page.keyboard.press("Escape")

    # Kept on reload, and in force from the first frame: the attribute is set
    # by the time the document's first element after <head> exists.
    page.add_init_script(
        """document.addEventListener("readystatechange", () => {
            window.__early ??= document.documentElement.dataset.theme ?? "none";
        });"""
    )
    page.reload()
    app_page.wait_ready()
    assert page.evaluate("() => window.__early") == "dark"
    assert page.evaluate(PAGE_BACKGROUND) == DARK_PAGE

    # The editor shares the choice and offers the switch in its footer.
    page.goto(app_page.base_url + "editor.html")
    app_page.wait_ready()
    switch = page.locator(".site-footer").get_by_label("Theme")
    expect(switch).to_have_value("dark")
    assert page.evaluate(PAGE_BACKGROUND) == DARK_PAGE
    switch.select_option("light")
    assert theme_attribute(page) == "light"
    assert page.evaluate(PAGE_BACKGROUND) == LIGHT_PAGE
    assert app_page.errors == []


def test_following_the_system_changes_with_it_and_says_so(app_page: AppPage) -> None:
    page = app_page.page
    page.emulate_media(color_scheme="light")
    page.evaluate(COUNT_EVENTS)
    assert theme_attribute(page) is None  # "as the device" is the default
    page.emulate_media(color_scheme="dark")
    page.wait_for_function("() => window.__themes.length === 1")
    assert page.evaluate("() => window.__themes") == ["dark"]
    assert page.evaluate(PAGE_BACKGROUND) == DARK_PAGE
    # A fixed choice ignores the system.
    page.get_by_role("button", name="Settings").click()
    page.locator("#settings-dialog").get_by_label("Theme").select_option("light")
    page.emulate_media(color_scheme="dark")
    assert page.evaluate(PAGE_BACKGROUND) == LIGHT_PAGE
    assert page.evaluate("() => window.__themes") == ["dark", "light"]
    assert app_page.errors == []


# The mean lightness (0-255) of the squares drawn on a board's canvas: the
# middle of the board, where the squares are, whatever stands on them.
BOARD_LIGHTNESS = """(canvas) => {
    const geometry = JSON.parse(canvas.dataset.geometry || "null");
    if (!geometry) return NaN;
    const scale = canvas.width / canvas.clientWidth;
    const size = Math.floor(geometry.cell * 5 * scale);
    const data = canvas.getContext("2d").getImageData(
        Math.floor(geometry.x * scale), Math.floor(geometry.y * scale), size, size).data;
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += (data[i] + data[i + 1] + data[i + 2]) / 3;
    return sum / (data.length / 4);
}"""


def test_rules_pages_and_embeds_follow_the_choice(web_app: AppPage) -> None:
    page = web_app.page
    page.emulate_media(color_scheme="light")
    web_app.open("rules.fr.html", wait_ready=False)
    switch = page.locator(".site-footer").get_by_label("Thème")
    expect(switch).to_have_value("system")
    switch.select_option("dark")
    assert page.evaluate(PAGE_BACKGROUND) == DARK_PAGE
    # Each example board, drawn in the page, follows at once: its squares darken.
    board = page.locator(".live-board canvas").first
    board.scroll_into_view_if_needed()
    lightness = f"({BOARD_LIGHTNESS})(document.querySelector('.live-board canvas'))"
    page.wait_for_function(f"{lightness} < 90")
    switch.select_option("light")
    page.wait_for_function(f"{lightness} > 150")
    # An embed in a frame follows the saved choice.
    page.goto(web_app.base_url + "embed.html#m=c3")
    assert theme_attribute(page) == "light"
    page.goto(web_app.base_url + "rules.html")
    page.locator(".site-footer").get_by_label("Theme").select_option("dark")
    page.goto(web_app.base_url + "embed.html#m=c3")
    assert theme_attribute(page) == "dark"
    # An embed's ?theme= wins over the saved choice.
    page.goto(web_app.base_url + "embed.html?theme=light#m=c3")
    assert theme_attribute(page) == "light"
    assert page.evaluate(PAGE_BACKGROUND) == LIGHT_PAGE
    assert web_app.errors == []


def test_the_embed_dialog_can_fix_the_board_theme(app_page: AppPage) -> None:
    page = app_page.page
    page.click("#open-embed")
    dialog = page.locator("#embed-dialog")
    code = page.locator("#embed-code")
    assert "theme=" not in code.input_value()  # by default: the visitor's theme
    dialog.get_by_label("Theme of the board").select_option("dark")
    assert code.input_value().startswith(
        '<iframe src="' + app_page.base_url + "embed.html?theme=dark#"
    )
    assert app_page.errors == []


def test_the_lesson_page_has_the_switch_and_follows_the_choice(web_app: AppPage) -> None:
    page = web_app.page
    page.emulate_media(color_scheme="light")
    web_app.open("learn.html")
    assert page.evaluate(PAGE_BACKGROUND) == LIGHT_PAGE
    page.locator(".site-footer").get_by_label("Theme").select_option("dark")
    assert theme_attribute(page) == "dark"
    assert page.evaluate(PAGE_BACKGROUND) == DARK_PAGE
    page.reload()
    assert theme_attribute(page) == "dark"  # kept, and set before the page's modules run
    assert web_app.errors == []
