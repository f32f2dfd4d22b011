"""Tor's first lesson (tor-learn.html), one click from Tor's first screen, on
the same lesson runner as Mixtour's (web/js/lesson.js): each step asks for
one action, the engine plays or refuses it, and the page says why or what
comes next; the last step is a short game against the computer at level 1.
Actions are real clicks on the board."""

from __future__ import annotations

from conftest import AppPage
from playwright.sync_api import Page, expect
from test_web_tor import board, click_action
from test_web_tor_board import click

from mixtour.tor.ai.player import choose_move
from mixtour.tor.core import Position, action_text
from mixtour.tor.game import Game


def next_step(page: Page, number: int) -> None:
    page.click("#lesson-next")
    expect(page.locator("#lesson-step")).to_have_text(f"Step {number} of 5")
    expect(page.locator("body")).to_have_attribute("data-lesson", f"{number} todo")


def test_tors_lesson_from_the_first_screen_to_a_won_game(web_app: AppPage) -> None:
    web_app.open("tor.html")
    page = web_app.page
    page.click("#start-learn")
    page.wait_for_url("**/tor-learn.html")
    web_app.wait_ready()
    body = page.locator("body")
    feedback = page.locator("#lesson-feedback")
    expect(page.locator("#lesson-step")).to_have_text("Step 1 of 5")
    expect(page.locator("#lesson-title")).to_have_text("Place a pawn")

    click_action(page, "c3")  # step 1: a pawn
    expect(body).to_have_attribute("data-lesson", "1 done")
    expect(feedback).to_contain_text("Your pawn stands on c3")

    next_step(page, 2)  # a step; d5's red is closed to White
    click_action(page, "c3-b3")
    expect(feedback).to_contain_text("c3-b3 is not possible")
    expect(body).to_have_attribute("data-lesson", "2 todo")
    click(page, "d4")  # the pawn on c3 is still chosen

    expect(body).to_have_attribute("data-lesson", "2 done")
    expect(feedback).to_contain_text("went to Black")

    next_step(page, 3)  # the red token in hand goes back on the board
    click_action(page, "b6-a5@a2")
    expect(body).to_have_attribute("data-lesson", "3 done")

    next_step(page, 4)  # a win in one; another turn is legal but misses it
    start = board(page, "position")
    miss = next(a for a in Game(start).legal_actions() if not str(a).startswith("e5-d6@e1"))
    click_action(page, str(miss))
    expect(feedback).to_contain_text("leaves Black a step")
    expect(page.locator("#board")).to_have_attribute("data-position", start)  # set up again
    click_action(page, "e5-d6@e1")
    expect(body).to_have_attribute("data-lesson", "4 done")
    expect(feedback).to_contain_text("Black has no step left")

    next_step(page, 5)  # the short game: White's turns chosen by a stronger search
    for _ in range(12):
        if body.get_attribute("data-lesson") != "5 todo":
            break
        fen = board(page, "position")
        if Position(fen).turn != 0:
            page.wait_for_function(
                "(fen) => document.querySelector('#board').dataset.position !== fen", arg=fen
            )
            continue
        move = action_text(choose_move(Position(fen), level=5, seed=1).move)
        click_action(page, move)
        page.wait_for_function(
            "(fen) => document.querySelector('#board').dataset.position !== fen", arg=fen
        )
    expect(body).to_have_attribute("data-lesson", "5 done")
    expect(feedback).to_contain_text("You won!")
    play = page.locator("#lesson-play")
    expect(play).to_be_visible()
    play.click()  # a game against the computer at level 1, at once
    page.wait_for_url("**/tor.html#*")
    web_app.wait_ready()
    expect(page.locator("#start")).to_be_hidden()
    expect(page.locator("#board")).to_have_attribute("data-seats", "w0b1")
    assert web_app.errors == []
