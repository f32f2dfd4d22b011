"""The first lesson (learn.html), reached in one click from the start panel:
each step asks for one move, the engine plays or refuses it, and the page says
why a move is wrong or what comes next. Moves are real clicks (webhelpers.py).
"""

from __future__ import annotations

from conftest import AppPage
from playwright.sync_api import Page, expect
from webhelpers import click_square, lift, position, wait_position_change


def feedback(page: Page) -> str:
    return page.locator("#lesson-feedback").text_content() or ""


def test_the_first_lesson_from_the_start_panel_to_a_win(app_page: AppPage) -> None:
    page = app_page.page
    page.click("#start-learn")
    page.wait_for_url("**/learn.html")
    app_page.wait_ready()
    body = page.locator("body")
    expect(page.locator("#lesson-step")).to_have_text("Step 1 of 3")
    expect(body).to_have_attribute("data-lesson", "1 todo")

    # Step 1: place a disc.
    click_square(page, "c3")
    expect(body).to_have_attribute("data-lesson", "1 done")
    expect(page.locator("#lesson-feedback")).to_contain_text("your disc stands on c3")
    page.click("#lesson-next")

    # Step 2: the distance rule. b3 is 1 away from the 2-high c3: refused, with the rule.
    expect(page.locator("#lesson-step")).to_have_text("Step 2 of 3")
    start = position(page)
    lift(page, "b3", 1)
    click_square(page, "c3")
    expect(page.locator("#lesson-feedback")).to_contain_text("exactly 2 squares away")
    assert position(page) == start
    expect(body).to_have_attribute("data-lesson", "2 todo")
    # b3 onto a2 is legal, but not what the step asks: explained, then set back.
    lift(page, "b3", 1)
    click_square(page, "a2")
    expect(page.locator("#lesson-feedback")).to_contain_text("asks for a move onto c3")
    expect(page.locator("#board")).to_have_attribute("data-position", start)
    lift(page, "c5", 1)
    click_square(page, "c3")
    expect(body).to_have_attribute("data-lesson", "2 done")
    expect(page.locator("#lesson-feedback")).to_contain_text("came from 2 squares away")
    page.click("#lesson-next")

    # Step 3: a tower of five with White on top; Red on top would give Red the point.
    expect(page.locator("#lesson-step")).to_have_text("Step 3 of 3")
    start = position(page)
    lift(page, "e1", 1)
    click_square(page, "e5")
    expect(page.locator("#lesson-feedback")).to_contain_text("Red on top")
    expect(page.locator("#board")).to_have_attribute("data-position", start)
    lift(page, "a1", 1)
    click_square(page, "e5")
    wait_position_change(page, start)
    expect(body).to_have_attribute("data-lesson", "3 done")
    expect(page.locator("#board")).to_have_attribute("data-status", "w-wins")
    expect(page.locator("#lesson-feedback")).to_contain_text("White wins")
    expect(page.locator("#lesson-play")).to_be_visible()
    expect(page.locator("footer")).to_contain_text("Mixtour by Dieter Stein")
    assert app_page.errors == []
