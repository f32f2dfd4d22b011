// @ts-check
// Links to what is on the board: the address bar, "copy link", flip, and
// the message for a link that could not be used completely.
//
// The fragment syntax is mixtour/mixtour/link.py's (see mixtour/LINKS.md):
//   #p=<P1, spaces as _>&m=<actions, comma-separated>&ply=<n>&flip=1&ai=<level or seats>
// The page writes who the computer is as seats (ai=r3: Red is Computer 3), so a
// reload or a shared link keeps the opponent whoever is to move.
// Python reads and writes it (Bridge.load_link, Bridge.link); this module only
// moves the text between the address bar, the clipboard and the page.
//
// The address bar always shows the game on the board (history.replaceState,
// so moves add no history entries); pasting a new link loads it (hashchange).
// Text that comes from a link is only ever shown with textContent.

import { copyText, showForCopy } from "./clipboard.js";
import { EmbedDialog } from "./embed-dialog.js";
import { Flip } from "./flip.js";
import { linkProblems, t } from "./i18n.js";
import { seatsText } from "./notation.js";
import { $ } from "./page.js";

/**
 * What links need of the page.
 * @typedef {object} LinksApp
 * @property {Bridge.Call} call
 * @property {(state: Bridge.View) => void} render
 * @property {(text: string) => void} say
 * @property {import("./mixtour-board.js").Board} board
 * @property {() => Seats} seats
 * @property {Correspondence} correspondence correspondence links (c=...), opened and written by web/js/corr.js
 */

/**
 * @typedef {object} Correspondence
 * @property {(fragment: string) => boolean} isLink
 * @property {(fragment: string) => boolean} open
 * @property {() => string} fragment
 */

export class Links {
  /**
   * app: {call(name, ...args) -> parsed JSON, render(state), say(text), board,
   *       seats() -> {w, r, b} (0 = human, 1-6 = the computer's level)}
   * @param {LinksApp} app
   */
  constructor(app) {
    this.app = app;
    // "Flip board" (web/js/flip.js, shared with Tor's page): a turn writes the link again.
    this.flipper = new Flip(app.board, () => this.update());
    /** @type {number | null} */
    this.ai = null; // the AI level the last link asked for (ai=N)
    /** @type {Seats | null} */
    this.seats = null; // the seats the last link asked for ({w, r, b}), or null
    this.ready = false;
    this.refused = false; // the last link was a game by link that could not be opened
    this.ui = {
      problems: $("#link-problems"),
      problemList: $("#link-problem-list"),
      problemsClose: $("#link-problems-close"),
      copyPosition: $("#copy-position-link"),
      copyGame: $("#copy-game-link"),
      copied: $("#copied-link"),
      /** @type {HTMLInputElement} */
      copiedText: $("#copied-link-text"),
    };
    this.ui.copyPosition?.addEventListener("click", () => this.copy(false));
    this.ui.copyGame?.addEventListener("click", () => this.copy(true));
    this.ui.problemsClose?.addEventListener("click", () => this.showProblems([]));
    this.ui.copiedText?.addEventListener("focus", () => this.ui.copiedText.select());
    this.embedDialog = new EmbedDialog(this, app.say);
    window.addEventListener("hashchange", () => {
      if (this.ready) this.load(location.hash);
    });
  }

  /** Python is ready: show the game of the address bar's link, if there is one. */
  start() {
    this.ready = true;
    if (location.hash.length > 1) this.load(location.hash);
    else this.update();
  }

  /**
   * Show what a link fragment describes, and say what was wrong with it.
   * @param {string} fragment
   */
  load(fragment) {
    if (this.app.correspondence.isLink(fragment)) {
      this.showProblems([]);
      this.refused = !this.app.correspondence.open(fragment);
      this.update();
      return;
    }
    this.refused = false;
    const answer = this.app.call("load_link", fragment);
    this.flipper.show(!!answer.flip);
    this.ai = answer.ai ?? null;
    this.seats = linkSeats(answer);
    this.app.render(answer.state);
    this.showProblems(linkProblems(answer));
    window.dispatchEvent(
      new CustomEvent("mixtour:link-loaded", {
        detail: { ai: this.ai, seats: this.seats, flip: this.flipper.flip },
      }),
    );
  }

  /**
   * The fragment (without "#") for the game on the board, or its position only;
   * `preview` adds the shown position (at=) so an embed can draw it before Python.
   */
  fragment(wholeGame = true, preview = false) {
    return this.app.call("link", wholeGame, this.flipper.flip, null, preview, seatsText(this.app.seats())).fragment;
  }

  /** Absolute URL of the main page showing the game (or position). */
  url(wholeGame = true) {
    const url = new URL(location.href);
    url.hash = this.fragment(wholeGame);
    return url.href;
  }

  /** Keep the address bar in step with the board (called after every render). */
  update() {
    if (!this.ready) return;
    const hash = `#${this.app.correspondence.fragment() || this.fragment(true)}`;
    if (hash !== location.hash) history.replaceState(history.state, "", hash);
  }

  /** @param {string[]} problems */
  showProblems(problems) {
    const box = this.ui.problems;
    if (!box) return;
    const items = (problems || []).map((text) => {
      const item = document.createElement("li");
      item.textContent = text;
      return item;
    });
    this.ui.problemList.replaceChildren(...items);
    box.hidden = items.length === 0;
    box.dataset.count = String(items.length);
  }

  /** @param {boolean} wholeGame */
  async copy(wholeGame) {
    if (!this.ready) return;
    const text = this.url(wholeGame);
    const label = wholeGame ? t("share.gameLink") : t("share.positionLink");
    if (await copyText(text)) {
      this.ui.copied.hidden = true;
      this.app.say(t("share.copied", { what: label }));
    } else {
      showForCopy(this.ui.copied, this.ui.copiedText, text);
      this.app.say(t("share.copyByHand", { what: label }));
    }
  }
}

/**
 * The seats a link asked for: ai=r3 names them; ai=N makes the player to move
 * the human and the others the computer at level N. null when it says nothing.
 * @param {Bridge.LoadedLink} answer
 * @returns {Seats | null}
 */
function linkSeats(answer) {
  /** @type {Seats} */
  const seats = { w: 0, r: 0, b: 0 };
  if (answer.seats) return { ...seats, ...answer.seats };
  if (!answer.ai) return null;
  for (const color of answer.state.colors) seats[color] = color === answer.state.turn ? 0 : answer.ai;
  return seats;
}
