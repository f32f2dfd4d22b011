"""Correspondence games in the browser (web/js/corr.js): two (and three) people,
each in a browser context of their own (separate storage), play a game by
passing its link back and forth; tampered links are refused and change nothing
kept. The links are checked by mixtour/mixtour/correspondence.py (tests/test_correspondence.py)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from conftest import AppPage
from playwright.sync_api import BrowserContext, Page, expect
from webhelpers import click_square, play, position

import build
from mixtour.mixtour.core import Action
from mixtour.mixtour.correspondence import (
    MAX_LINK,
    CorrespondenceGame,
    _checksum,
    decode,
    encode,
    encode_actions,
    room,
)
from mixtour.tor import correspondence as tor_corr

pytestmark = pytest.mark.browser

# White builds a five-high tower topped by White and wins (R6, R8).
WON = ["d4", "c4", "d4-c4", "d4", "c4:2-d4", "c4", "d4:3-c4", "d4", "c4:4-d4"]

NewContext = Callable[..., BrowserContext]


def person(new_context: NewContext, site_url: str, locale: str = "en-US") -> AppPage:
    """A browser of its own (its own storage), offline but for the site."""
    context = new_context(locale=locale)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(error.message))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return AppPage(page, site_url, errors)


def start_game(app: AppPage, color: str, name: str, players: int = 2) -> None:
    app.open()
    app.page.click("#start-corr")
    if players == 3:
        app.page.check('input[name="corr-players"][value="3"]')
    app.page.select_option("#corr-color", color)
    app.page.fill("#corr-name", name)
    app.page.click("#corr-begin")
    expect(app.page.locator("#corr")).to_be_visible()


def link(app: AppPage) -> str:
    expect(app.page.locator("#corr-send")).to_be_visible()
    return app.page.input_value("#corr-link")


def receive(app: AppPage, url: str) -> None:
    """Open a link as a person would: typed into (or pasted in) the address bar."""
    if app.page.url.startswith(app.base_url) and app.page.evaluate("document.body.dataset.ready"):
        app.page.goto(url)  # a new fragment on the same page: hashchange
    else:
        app.page.goto(url)
        app.wait_ready()


def state(app: AppPage) -> str:
    return str(app.page.get_attribute("#corr", "data-state"))


def status(app: AppPage) -> str:
    return app.page.inner_text("#corr-status")


def games_list(app: AppPage) -> list[str]:
    app.page.click("#open-games")
    items = app.page.locator("#corr-games-list li[data-corr-id]").all_inner_texts()
    app.page.keyboard.press("Escape")
    return [" ".join(item.split()) for item in items]


def stored(page: Page) -> str:
    return str(page.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())"))


def test_two_people_play_a_whole_game_by_passing_the_link(
    new_context: NewContext, site_url: str
) -> None:
    ann, bob = person(new_context, site_url), person(new_context, site_url)
    start_game(ann, "w", "Ann")
    assert state(ann) == "your-move"
    assert status(ann) == "You play White. Your move: then send the link."
    names = {"w": "Ann (White)", "r": "Red"}
    for i, action in enumerate(WON):
        mover, other = (ann, bob) if i % 2 == 0 else (bob, ann)
        color = "w" if i % 2 == 0 else "r"
        assert state(mover) == "your-move"
        play(mover.page, action)
        url = link(mover)
        if i < len(WON) - 1:
            assert state(mover) == "wait"
            to = names["r" if color == "w" else "w"]
            assert (
                mover.page.inner_text("#corr-send-text")
                == f"Your move is made. Send this link to {to}"
            )
            # The board takes no move for the other colour: it says whose turn it is.
            before = position(mover.page)
            click_square(mover.page, "a1")
            assert position(mover.page) == before
            expect(mover.page.locator("#message")).to_contain_text("turn: wait for their link")
            # No engine help in a game by link (as correspondence sites forbid it).
            expect(mover.page.locator("#hint-button")).to_be_hidden()
        receive(other, url)
        expect(other.page.locator("#corr")).to_have_attribute(
            "data-state", "over" if i == len(WON) - 1 else "your-move"
        )
        who = names[color]
        if i < len(WON) - 1:
            expect(other.page.locator("#corr-status")).to_have_text(
                f"You play {'Red' if color == 'w' else 'White'}. {who} played {action} — your move."
            )
            if i == 0:  # no hint is offered, and no engine worker started for one
                expect(other.page.locator(".corr-help")).to_contain_text("No hints here")
                assert other.dataset("aiWorkers") is None
            expect(other.page.locator("#hint-button")).to_be_hidden()
        assert urlsplit(other.page.url).fragment == urlsplit(url).fragment
        if i < len(WON) - 1:
            # Each one's list: the opponent, the moves, whose turn; the game on the board.
            n = f"{i + 1} move{'s' if i else ''}"
            ann_turn, bob_turn = (
                ("Red to move", "your move")
                if color == "w"
                else ("your move", "Ann (White) to move")
            )
            assert games_list(ann) == [f"With Red · {n} · {ann_turn} on the board"]
            assert games_list(bob) == [f"With Ann (White) · {n} · {bob_turn} on the board"]
    for app in (ann, bob):
        expect(app.page.locator("#board")).to_have_attribute("data-status", "w-wins")
        assert state(app) == "over"
        assert "White wins" in games_list(app)[0]
        # The local library holds nothing of it: the games by link are kept apart.
        assert (
            app.page.evaluate(
                "Object.keys(localStorage).filter(k => k.startsWith('mixtour.library.')).length"
            )
            == 0
        )
        assert app.errors == []
    assert (
        status(bob)
        == "You play Red. Ann (White) played c4:4-d4. White wins: White reached the target."
    )


def reseal(fragment: str, edit: Callable[[str], str]) -> str:
    """A link edited by hand with its check computed again (what a forger would do)."""
    body = edit(fragment.rpartition("&k=")[0])
    return f"{body}&k={_checksum(body)}"


def test_tampered_links_are_refused_and_change_nothing_kept(
    new_context: NewContext, site_url: str
) -> None:
    ann, bob = person(new_context, site_url), person(new_context, site_url)
    start_game(ann, "w", "Ann")
    play(ann.page, "d4")
    older = link(ann)
    receive(bob, older)
    play(bob.page, "c4")
    two = urlsplit(link(bob))
    base = f"{two.scheme}://{two.netloc}{two.path}#"
    game = decode(two.fragment)
    won = game
    for action in WON[len(game.actions) :]:
        won = won.extend(action)
    finished = encode(won)

    def a(text: str) -> str:
        return encode_actions([Action.parse(text).code])

    tampered = {
        # d4 onto the empty e5 (R4): a move lands on a stack.
        "illegal": reseal(two.fragment, lambda b: b + a("d4-e5")),
        "damaged": two.fragment[:-9],
        "changed": reseal(
            two.fragment,
            lambda b: b.replace("a=" + encode_actions(game.actions), "a=" + a("d4") + a("b2")),
        ),
        "your-move": reseal(two.fragment, lambda b: b.replace("f=r", "f=w") + a("a1")),
        "wrong-sender": reseal(two.fragment, lambda b: b.replace("f=r", "f=w")),
        # The same game played on to White's win (R8), then one more move.
        "after-end": reseal(finished, lambda b: b + a("a1")),
        # A sound link of a game of Tor, on Mixtour's page.
        "wrong-game": tor_corr.encode(tor_corr.CorrespondenceGame.new(game.id, names=["Ann"])),
    }
    receive(ann, base + two.fragment)  # Ann now holds d4 c4, White to move
    assert state(ann) == "your-move"
    kept = stored(ann.page)
    shown = position(ann.page)
    words: dict[str, str] = {}
    for why, fragment in tampered.items():
        receive(ann, base + fragment)
        expect(ann.page.locator("#corr")).to_have_attribute("data-state", "refused")
        assert status(ann).startswith("This link cannot be opened: "), why
        words[why] = status(ann)
        assert status(ann).endswith("Nothing you had was changed."), why
        assert stored(ann.page) == kept, why
        assert position(ann.page) == shown, why
    # An older link of the game: said so, and the newer game kept on the board.
    receive(ann, older)
    expect(ann.page.locator("#message")).to_have_text(
        "This link is older than the game you have: it is 1 move behind. Your newer game is shown."
    )
    assert stored(ann.page) == kept and position(ann.page) == shown
    # The page keeps working: Ann plays on, and her link goes to Bob.
    play(ann.page, "d4-c4")
    assert state(ann) == "wait"
    receive(bob, link(ann))
    expect(bob.page.locator("#corr")).to_have_attribute("data-state", "your-move")
    assert "action 3 (d4-e5) is not legal" in words["illegal"]
    assert "it was cut short or changed on the way" in words["damaged"]
    assert "its move 2 differs from the game you have" in words["changed"]
    assert "its move 3 (a1) was made for White, the colour you play" in words["your-move"]
    assert "it says White sent it, but its last move is Red's" in words["wrong-sender"]
    assert "its move 10 (a1) comes after the end of the game" in words["after-end"]
    assert "it is a game of Tor, which this page does not play" in words["wrong-game"]
    assert ann.errors == [] and bob.errors == []


# jsQR (a pinned dev dependency, never shipped) reads the canvas's pixels in Node.
DECODE = """
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
const require = createRequire(process.argv[1]);
const jsQR = require("jsqr");
const { width, height, pixels } = JSON.parse(readFileSync(0, "utf8"));
const found = jsQR(new Uint8ClampedArray(Buffer.from(pixels, "base64")), width, height);
console.log(JSON.stringify(found ? found.data : null));
"""


def decode_qr(page: Page) -> str | None:
    """The text of the QR code drawn on ``#corr-qr``, read back from its pixels."""
    image = page.evaluate(
        """() => {
            const canvas = document.querySelector("#corr-qr");
            const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
            // Base64, not an array of numbers: a tenth of the text to carry.
            let bytes = "";
            for (let i = 0; i < data.data.length; i += 0x8000) {
                bytes += String.fromCharCode(...data.data.subarray(i, i + 0x8000));
            }
            return { width: canvas.width, height: canvas.height, pixels: btoa(bytes) };
        }"""
    )
    node = shutil.which("node")
    assert node, "node is needed to decode the QR code"
    anchor = str(build.ROOT / "node_modules" / "jsqr" / "package.json")
    out = subprocess.run(
        [node, "--input-type=module", "-e", DECODE, anchor],
        input=json.dumps(image),
        capture_output=True,
        text=True,
        check=True,
    )
    text: str | None = json.loads(out.stdout)
    return text


def test_the_qr_code_decodes_to_the_exact_link(new_context: NewContext, site_url: str) -> None:
    ann = person(new_context, site_url)
    start_game(ann, "r", "Ann")  # White begins: the link goes out before any move
    first = link(ann)
    expect(ann.page.locator("#corr-qr")).to_have_attribute("data-version", re.compile(r"^\d+$"))
    assert decode_qr(ann.page) == first
    ann.page.evaluate("() => { document.documentElement.dataset.theme = 'dark'; }")
    bob = person(new_context, site_url)
    receive(bob, first)
    for action in ["c3", "b4", "b4-c3", "d4", "a1", "e5"]:
        mover = bob if position(bob.page).split()[1] == "w" else ann
        play(mover.page, action)
        sent = link(mover)
        expect(mover.page.locator("#corr-qr")).to_have_attribute("data-version", re.compile(r"\d+"))
        assert decode_qr(mover.page) == sent
        receive(ann if mover is bob else bob, sent)
    assert ann.errors == [] and bob.errors == []


# Three players, 5 discs each: Blue must pass at action 12 and the turn goes
# back to Red (R7, R10); Red then plays and the link goes on from Red.
THREE = ["b4", "e4", "a5", "e1", "b4-a5", "a4", "a2", "a5:2-a4", "a5", "e5", "a4:3-a5", "pass"]
THREE += ["e4-e5", "e5-a5"]


def test_three_people_pass_the_link_round_in_turn_order(
    new_context: NewContext, site_url: str
) -> None:
    from mixtour.mixtour.game import Game

    game = Game.new(3, 5, 1)
    for action in THREE:
        game.play(action)
    movers = ["wrb"[c] for c in game.movers()]
    assert movers[11:13] == ["b", "r"], "Blue passes and Red, before Blue, plays next (R10)"
    people = {c: person(new_context, site_url) for c in "wrb"}
    names = {"w": "Ann (White)", "r": "Red", "b": "Blue"}
    ann = people["w"]
    ann.open()
    ann.page.click("#start-corr")
    ann.page.check('input[name="corr-players"][value="3"]')
    ann.page.select_option("#corr-color", "w")
    ann.page.fill("#corr-discs", "5")
    ann.page.fill("#corr-name", "Ann")
    ann.page.click("#corr-begin")
    expect(ann.page.locator("#corr")).to_have_attribute("data-state", "your-move")
    for i, action in enumerate(THREE):
        mover = people[movers[i]]
        expect(mover.page.locator("#corr")).to_have_attribute("data-state", "your-move")
        play(mover.page, action)
        url = link(mover)
        last = i == len(THREE) - 1
        nxt = movers[i + 1] if not last else ""
        if not last:
            assert mover.page.inner_text("#corr-send-text") == (
                f"Your move is made. Send this link to {names[nxt]}"
            )
            receive(people[nxt], url)
            expect(people[nxt].page.locator("#corr-status")).to_have_text(
                f"You play {names[nxt].split()[-1].strip('()')}. "
                f"{names[movers[i]]} played {action} — your move."
            )
    # The winner's last link goes to both others.
    winner = movers[-1]
    others = [c for c in "wrb" if c != winner]
    to = ", ".join(names[c] for c in others)
    assert mover.page.inner_text("#corr-send-text") == f"Your move is made. Send this link to {to}"
    for color in others:
        receive(people[color], url)
    for color, app in people.items():
        expect(app.page.locator("#corr")).to_have_attribute("data-state", "over")
        listed = games_list(app)
        assert len(listed) == 1 and "wins" in listed[0], (color, listed)
        assert app.errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_panel_and_its_dialog_have_no_axe_violations(
    new_context: NewContext, site_url: str, scheme: str
) -> None:
    from test_web_axe import violations

    ann = person(new_context, site_url)
    ann.page.emulate_media(color_scheme="dark" if scheme == "dark" else "light")
    ann.open()
    ann.page.click("#start-corr")
    found = violations(ann.page, f"the game-by-link dialog ({scheme})")
    ann.page.select_option("#corr-color", "r")
    ann.page.click("#corr-begin")
    link(ann)  # the link to send and its QR code show
    ann.page.click(".corr-help summary")
    found += violations(ann.page, f"the panel with its link ({scheme})")
    receive(ann, ann.page.input_value("#corr-link")[:-4])
    expect(ann.page.locator("#corr")).to_have_attribute("data-state", "refused")
    found += violations(ann.page, f"a refused link ({scheme})")
    ann.page.click("#open-games")
    found += violations(ann.page, f"Your games with a game by link ({scheme})")
    assert found == []
    assert ann.errors == []


def test_a_french_friend_reads_the_game_and_the_refusals_in_french(
    new_context: NewContext, site_url: str
) -> None:
    ann, zoe = person(new_context, site_url), person(new_context, site_url, "fr-FR")
    start_game(ann, "w", "Ann")
    play(ann.page, "d4")
    url = link(ann)
    receive(zoe, url)
    expect(zoe.page.locator("#corr-status")).to_have_text(
        "Vous jouez Rouge. Ann (Blanc) a joué d4 — à vous de jouer."
    )
    fragment = urlsplit(url).fragment
    illegal = reseal(fragment, lambda b: b + encode_actions([Action.parse("d4-e5").code]))
    receive(zoe, url.split("#")[0] + "#" + illegal)
    expect(zoe.page.locator("#corr-status")).to_have_text(
        "Ce lien ne peut pas être ouvert : son coup 2 (d4-e5) n'est pas légal : un déplacement"
        " doit se terminer sur une pile, or e5 est vide. Rien de ce que vous aviez n'a changé."
    )
    assert zoe.errors == []


def test_a_friends_link_never_replaces_the_game_in_progress(
    new_context: NewContext, site_url: str
) -> None:
    ann, bob = person(new_context, site_url), person(new_context, site_url)
    start_game(ann, "w", "Ann")
    play(ann.page, "d4")
    url = link(ann)
    bob.open()
    bob.page.click("#start-friends")  # two players at Bob's screen
    play(bob.page, "c3")
    play(bob.page, "b4")
    local = position(bob.page)
    receive(bob, url)  # pasted into the address bar during that game
    expect(bob.page.locator("#corr")).to_have_attribute("data-state", "your-move")
    play(bob.page, "c4")
    expect(bob.page.locator("#resume-saved")).to_be_visible()
    bob.page.click("#resume-saved")
    expect(bob.page.locator("#board")).to_have_attribute("data-position", local)
    expect(bob.page.locator("#corr")).to_be_hidden()
    (listed,) = games_list(bob)  # the game by link is not on the board: it can be opened
    assert listed.startswith("With Ann (White) · 2 moves · Ann (White) to move ")
    assert listed.endswith(" Open Delete")
    # And back to the game by link from Your games: as it was left.
    bob.page.click("#open-games")
    bob.page.click("#corr-games-list li[data-corr-id] .game-open")
    expect(bob.page.locator("#corr")).to_have_attribute("data-state", "wait")
    assert bob.page.input_value("#corr-link").endswith(urlsplit(link(bob)).fragment)
    bob.page.click("#open-games")
    local_games = bob.page.locator("#games-list li[data-id]").all_inner_texts()
    bob.page.keyboard.press("Escape")
    assert len(local_games) == 1 and "2 moves" in local_games[0]
    assert bob.errors == []


def test_a_damaged_link_opened_at_start_brings_back_the_game_in_progress(
    new_context: NewContext, site_url: str
) -> None:
    ann, bob = person(new_context, site_url), person(new_context, site_url)
    start_game(ann, "w", "Ann")
    play(ann.page, "d4")
    url = link(ann)
    bob.open()
    bob.page.click("#start-friends")
    play(bob.page, "c3")
    local = position(bob.page)
    kept = stored(bob.page)
    bob.page.goto("about:blank")
    bob.page.goto(url[:-5])  # cut short by a chat program
    bob.wait_ready()
    expect(bob.page.locator("#corr")).to_have_attribute("data-state", "refused")
    expect(bob.page.locator("#corr-status")).to_contain_text(
        "it was cut short or changed on the way"
    )
    expect(bob.page.locator("#board")).to_have_attribute("data-position", local)
    assert stored(bob.page) == kept
    assert bob.errors == []


def test_the_friend_gives_their_name_and_it_travels_with_the_link(
    new_context: NewContext, site_url: str
) -> None:
    ann, bob = person(new_context, site_url), person(new_context, site_url)
    start_game(ann, "w", "Ann")
    play(ann.page, "d4")
    receive(bob, link(ann))
    bob.page.fill("#corr-my-name", "Bob")
    bob.page.click("#corr-name-form button")
    expect(bob.page.locator("#corr-name-form")).to_be_hidden()
    play(bob.page, "c4")
    receive(ann, link(bob))
    expect(ann.page.locator("#corr-status")).to_have_text(
        "You play White. Bob (Red) played c4 — your move."
    )
    assert games_list(ann) == ["With Bob (Red) · 2 moves · your move on the board"]
    assert ann.errors == [] and bob.errors == []


def test_a_name_of_24_emoji_keeps_every_name_at_its_colour(
    new_context: NewContext, site_url: str
) -> None:
    """Ann's name is 24 emoji (48 UTF-16 units): the stored list once dropped it
    and showed "With Bob (White)"; now Bob stays Red, and Ann's name is whole."""
    ann, bob = person(new_context, site_url), person(new_context, site_url)
    name = "🙂" * 24
    start_game(ann, "w", name)
    play(ann.page, "d4")
    receive(bob, link(ann))
    expect(bob.page.locator("#corr-status")).to_contain_text(f"{name} (White) played d4")
    bob.page.fill("#corr-my-name", "Bob")
    bob.page.click("#corr-name-form button")
    play(bob.page, "c4")
    receive(ann, link(bob))
    assert games_list(ann) == ["With Bob (Red) · 2 moves · your move on the board"]
    assert games_list(bob) == [
        f"With {name} (White) · 2 moves · {name} (White) to move on the board"
    ]
    assert ann.errors == [] and bob.errors == []


def test_a_full_storage_is_said_when_a_game_by_link_is_set_up(
    new_context: NewContext, site_url: str
) -> None:
    """Setting up a game by link with the storage full once said nothing."""
    ann = person(new_context, site_url)
    ann.open()
    ann.page.evaluate(
        """() => {
            Storage.prototype.setItem = function () {
                throw new DOMException('full', 'QuotaExceededError');
            };
        }"""
    )
    ann.page.click("#start-corr")
    ann.page.select_option("#corr-color", "w")
    ann.page.click("#corr-begin")
    expect(ann.page.locator("#corr")).to_be_visible()
    expect(ann.page.locator("#message")).to_contain_text("storage for this site is full")
    assert ann.dataset("save") == "full"
    play(ann.page, "d4")  # the game goes on, and the link can still be sent
    expect(ann.page.locator("#message")).to_contain_text("cannot be kept here")
    assert link(ann).startswith(site_url)
    assert ann.errors == []


def test_a_refused_link_in_a_new_tab_brings_back_the_game_by_link(
    new_context: NewContext, site_url: str
) -> None:
    """Bob has only a game by link; a cut copy of its link, opened in a new tab
    (nothing of this tab to restore), is refused, and Bob lands on his game by
    link with the refusal said, not on an empty board."""
    ann, bob = person(new_context, site_url), person(new_context, site_url)
    start_game(ann, "w", "Ann")
    play(ann.page, "d4")
    url = link(ann)
    receive(bob, url)
    expect(bob.page.locator("#corr")).to_have_attribute("data-state", "your-move")
    kept_position = position(bob.page)
    kept = stored(bob.page)
    tab = bob.page.context.new_page()
    tab.goto(url[:-5])  # cut short by a chat program
    tab.wait_for_function("document.body.dataset.ready === '1'")
    expect(tab.locator("#message")).to_contain_text("it was cut short or changed on the way")
    expect(tab.locator("#message")).to_contain_text("Your game by link is shown")
    expect(tab.locator("#board")).to_have_attribute("data-position", kept_position)
    expect(tab.locator("#corr")).to_have_attribute("data-state", "refused")
    expect(tab.locator("#corr-status")).to_contain_text("Nothing you had was changed.")
    expect(tab.locator("#start")).to_be_hidden()
    assert stored(tab) == kept
    # Bob plays on in his game, from this tab.
    play(tab, "c4")
    expect(tab.locator("#corr")).to_have_attribute("data-state", "wait")
    assert bob.errors == []


def test_a_game_by_link_in_two_tabs_never_refuses_the_friends_reply(
    new_context: NewContext, site_url: str
) -> None:
    """Ann's game by link is open in two tabs. A move in one is shown in the
    other; a move made in a tab that missed the other's change is not kept
    (it once replaced the move whose link was sent, and the friend's reply to
    that link was then refused as a changed history: the game was stuck)."""
    ann, bob, carol = (person(new_context, site_url) for _ in range(3))
    start_game(ann, "w", "Ann")
    play(ann.page, "d4")
    receive(bob, link(ann))
    play(bob.page, "c4")
    reply = link(bob)
    tab1 = ann.page
    receive(ann, reply)
    tab2 = tab1.context.new_page()
    tab2.goto(reply)
    tab2.wait_for_function(build.READY_SCRIPT, timeout=60_000)
    for tab in (tab1, tab2):
        expect(tab.locator("#corr")).to_have_attribute("data-state", "your-move")
    # A move in one tab: the other shows it, and can no longer move for Ann.
    play(tab1, "d4-c4")
    expect(tab2.locator("#corr")).to_have_attribute("data-state", "wait")
    expect(tab2.locator("#board")).to_have_attribute("data-position", position(tab1))
    expect(tab2.locator("#message")).to_contain_text("moved on in another tab")
    receive(bob, link(ann))
    play(bob.page, "b3")
    receive(ann, link(bob))
    expect(tab2.locator("#corr")).to_have_attribute("data-state", "your-move")
    # Ann's move a1 is kept by a tab whose storage event tab 2 has not heard
    # yet (made here by a third browser, written as Ann's first tab would).
    receive(carol, link(bob))
    play(carol.page, "a1")
    sent = link(carol)
    key = f"mixtour.corr.{tab2.evaluate('document.body.dataset.corr')}"
    tab2.evaluate(
        """([key, fragment]) => {
            const entry = JSON.parse(localStorage.getItem(key));
            localStorage.setItem(key, JSON.stringify({ ...entry, fragment }));
        }""",
        [key, urlsplit(sent).fragment],
    )
    play(tab2, "e5")
    expect(tab2.locator("#message")).to_contain_text("your move here was not kept")
    expect(tab2.locator("#board")).to_have_attribute("data-position", position(carol.page))
    assert json.loads(tab2.evaluate("(key) => localStorage.getItem(key)", key))["fragment"] == (
        urlsplit(sent).fragment
    )
    # Bob answers the link Ann sent: her page takes the reply.
    receive(bob, sent)
    play(bob.page, "b2")
    receive(ann, link(bob))
    expect(tab1.locator("#corr")).to_have_attribute("data-state", "your-move")
    tab2.goto(link(bob))
    tab2.wait_for_function(build.READY_SCRIPT, timeout=60_000)
    expect(tab2.locator("#corr")).to_have_attribute("data-state", "your-move")
    assert ann.errors == [] and bob.errors == []


def test_a_link_near_its_longest_says_so_and_stays_openable(
    new_context: NewContext, site_url: str
) -> None:
    """Long names leave a three-player link room for two more moves: the page
    says so, the last move that fits is sent, and then the game takes no move
    (one more once made a link that no page opens, the sender's own included)
    and still opens from its link."""
    hand = "\U0001f44d" + "\U0001f3fd" * 9  # one character of 10 code points

    def after_a1(blue: str) -> CorrespondenceGame:
        names = [hand * 24, hand * 24, blue]
        return CorrespondenceGame.new("LongLink", players=3, names=names).extend("a1")

    # Blue's name takes what White's move leaves but for two actions (four
    # characters): whole hands (120 characters in a link), one shorter hand
    # (12 a code point), é (6) and x (1), 24 characters at most.
    spare = MAX_LINK - len(encode(after_a1(""))) - 5
    whole, rest = divmod(spare, 120)
    part, rest = divmod(rest, 12)
    accents, letters = divmod(rest, 6)
    blue_name = hand * whole + hand[:part] + "é" * accents + "x" * letters
    assert whole + 1 + accents + letters <= 24
    assert room(encode(after_a1(blue_name))) == 2
    red, blue, white = (person(new_context, site_url) for _ in range(3))
    receive(red, f"{site_url}index.html#{encode(after_a1(blue_name))}")
    expect(red.page.locator("#corr-status")).to_contain_text("room for only 2 more moves")
    play(red.page, "e5")
    receive(blue, link(red))
    expect(blue.page.locator("#corr-status")).to_contain_text("room for only 1 more move")
    play(blue.page, "c3")
    url = link(blue)
    assert len(urlsplit(url).fragment) <= MAX_LINK
    receive(white, url)
    expect(white.page.locator("#corr-status")).to_contain_text("as long as a link can be")
    before = position(white.page)
    click_square(white.page, "b2")
    expect(white.page.locator("#message")).to_contain_text("takes no more moves")
    assert position(white.page) == before
    # The sender opens it again, as does the friend.
    for app in (blue, white):
        tab = app.page.context.new_page()
        tab.goto(url)
        tab.wait_for_function(build.READY_SCRIPT, timeout=60_000)
        expect(tab.locator("#board")).to_have_attribute("data-position", before)
        assert tab.locator("#corr").get_attribute("data-state") != "refused"
    assert red.errors == [] and blue.errors == [] and white.errors == []
