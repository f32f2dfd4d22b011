"""Tor's games by link in the browser: the same web/js/corr.js as Mixtour's
page over Tor's bridge (web/py/corr_part.py, mixtour/tor/correspondence.py).
Two people, each in a browser context of their own, set a game up from the
first screen, play it by clicks and pass its link back and forth; a link of
the other game or a changed one is refused and changes nothing kept; "Your
games" lists the games by link of both games and opens each on its page."""

from __future__ import annotations

import pytest
from conftest import AppPage
from playwright.sync_api import expect
from test_web_corr import NewContext, games_list, link, person, receive, state, status, stored
from test_web_tor import PAGE, board, click_action, moves

from mixtour.mixtour import correspondence as mixtour_corr
from mixtour.tor import correspondence as tor_corr

pytestmark = pytest.mark.browser


def start_tor_game(app: AppPage, side: str, name: str, layout: str = "standard") -> None:
    """The first screen's "Play a friend by link", then its dialog."""
    app.open(PAGE)
    app.page.click("#start-corr")
    app.page.select_option("#corr-color", side)
    app.page.check(f'input[name="corr-layout"][value="{layout}"]')
    app.page.fill("#corr-name", name)
    app.page.click("#corr-begin")
    expect(app.page.locator("#corr")).to_be_visible()


def test_two_people_play_tor_by_passing_the_link(new_context: NewContext, site_url: str) -> None:
    ann, bob = person(new_context, site_url), person(new_context, site_url)
    start_tor_game(ann, "w", "Ann")
    assert state(ann) == "your-move"
    assert status(ann) == "You play White. Your move: then send the link."
    # No engine help and no undo in a game by link.
    expect(ann.page.locator("#hint-button")).to_be_disabled()
    click_action(ann.page, "c3")
    url = link(ann)
    assert "#c=1&g=tor&" in url and state(ann) == "wait"
    assert ann.page.inner_text("#corr-send-text") == "Your move is made. Send this link to Black"
    expect(ann.page.locator("#undo")).to_be_disabled()
    # The board takes no move for Black here: it says whose turn it is.
    before = board(ann.page, "position")
    click_action(ann.page, "d5")
    assert board(ann.page, "position") == before
    expect(ann.page.locator("#hint")).to_have_text("It is Black's turn: wait for their link.")

    receive(bob, url)
    expect(bob.page.locator("#corr")).to_have_attribute("data-state", "your-move")
    assert status(bob) == "You play Black. Ann (White) played c3 — your move."
    assert board(bob.page, "position") == board(ann.page, "position")
    # The friend gives their name, and it travels with the next link.
    bob.page.fill("#corr-my-name", "Bob")
    bob.page.click("#corr-name-form button")
    expect(bob.page.locator("#message")).to_contain_text(
        "Your next links give your name: Bob (Black)."
    )
    click_action(bob.page, "d5")
    reply = link(bob)
    assert "n=Ann,Bob" in reply
    expect(bob.page.locator("#seats")).to_have_text("Ann against Bob (you)")

    receive(ann, reply)
    expect(ann.page.locator("#corr")).to_have_attribute("data-state", "your-move")
    assert status(ann) == "You play White. Bob (Black) played d5 — your move."
    assert moves(ann.page) == ["c3", "d5"]
    # Ann's older link, opened again, shows the newer game she holds.
    receive(ann, url)
    expect(ann.page.locator("#message")).to_contain_text("it is 1 move behind")
    assert moves(ann.page) == ["c3", "d5"]
    # Each keeps the game apart from the local ones, in "Your games".
    assert games_list(ann) == [games_list(ann)[0]]
    assert games_list(ann)[0].startswith("With Bob (Black) · 2 moves · your move")
    assert games_list(bob)[0].startswith("With Ann (White) · 2 moves · Ann (White) to move")
    assert ann.errors == [] and bob.errors == []


def test_a_random_layout_travels_with_the_link_to_white(
    new_context: NewContext, site_url: str
) -> None:
    cat, dan = person(new_context, site_url), person(new_context, site_url)
    start_tor_game(cat, "b", "Cat", layout="random")
    # Black sets the game up: the link goes to White before any action.
    assert state(cat) == "wait"
    url = link(cat)
    fragment = url.split("#", 1)[1]
    game = tor_corr.decode(fragment)
    assert "&p=" in fragment and game.names == ("", "Cat")
    assert board(cat.page, "position") == game.game().fen()
    receive(dan, url)
    expect(dan.page.locator("#corr")).to_have_attribute("data-state", "your-move")
    assert status(dan) == "You play White. Your move: then send the link."
    assert board(dan.page, "position") == board(cat.page, "position")
    assert cat.errors == [] and dan.errors == []


def test_a_link_of_mixtour_or_a_changed_one_is_refused_and_nothing_kept_changes(
    new_context: NewContext, site_url: str
) -> None:
    eve = person(new_context, site_url)
    start_tor_game(eve, "w", "Eve")
    click_action(eve.page, "c3")
    mine = link(eve)
    kept = stored(eve.page)
    game_position = board(eve.page, "position")
    # A game of Mixtour by link, opened on Tor's page.
    of_mixtour = mixtour_corr.encode(mixtour_corr.CorrespondenceGame.new("MixTour1"))
    receive(eve, f"{site_url}{PAGE}#{of_mixtour}")
    expect(eve.page.locator("#corr")).to_have_attribute("data-state", "refused")
    expect(eve.page.locator("#corr-status")).to_have_text(
        "This link cannot be opened: it is a game of Mixtour, which this page does not play."
        " Nothing you had was changed."
    )
    assert stored(eve.page) == kept
    # A link whose actions were changed on the way.
    changed = mine.replace("&a=AAO", "&a=AAP")
    assert changed != mine
    receive(eve, changed)
    expect(eve.page.locator("#corr-status")).to_contain_text("cut short or changed on the way")
    assert stored(eve.page) == kept
    # The game by link is still there, as it was, its link in the address bar.
    assert eve.page.url == mine
    assert board(eve.page, "position") == game_position
    # Mixtour's page lists the game of Tor by link, and opens it on Tor's page.
    eve.open("index.html")
    row = eve.page.locator("#corr-games-list li[data-corr-id]")
    eve.page.click("#open-games")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Tor · With Black · 1 move · Black to move")
    row.get_by_role("button").first.click()
    eve.page.wait_for_url(f"**/{PAGE}#c=1&g=tor&*")
    eve.wait_ready()
    expect(eve.page.locator("#corr")).to_have_attribute("data-state", "wait")
    assert board(eve.page, "position") == game_position
    assert eve.errors == []
