"""The settings dialog and the player's preferences (web/js/prefs.js)."""

from __future__ import annotations

from conftest import AppPage
from playwright.sync_api import expect


def test_settings_open_and_close_from_the_header(app_page: AppPage) -> None:
    page = app_page.page
    dialog = page.locator("#settings-dialog")
    expect(dialog).to_be_hidden()
    page.get_by_role("button", name="Settings").click()
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    assert app_page.errors == []


def test_preferences_survive_a_reload_and_corrupt_ones_are_ignored(app_page: AppPage) -> None:
    page = app_page.page
    kept = page.evaluate(
        """async () => {
            const prefs = await import("./js/prefs.js");
            const heard = [];
            prefs.onPref("example", (value) => heard.push(value));
            prefs.setPref("example", 3);
            return { kept: prefs.pref("example", 0), wrongType: prefs.pref("example", "x"), heard };
        }"""
    )
    assert kept == {"kept": 3, "wrongType": "x", "heard": [3]}
    page.reload()
    app_page.wait_ready()
    assert page.evaluate('async () => (await import("./js/prefs.js")).pref("example", 0)') == 3
    page.evaluate("() => localStorage.setItem('mixtour.prefs', '{not json')")
    page.reload()
    app_page.wait_ready()
    assert page.evaluate('async () => (await import("./js/prefs.js")).pref("example", 0)') == 0
    assert app_page.errors == []
