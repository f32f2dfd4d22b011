// @ts-check
// The first five minutes: the start panel (play the computer, two players
// here, learn), the rules in three lines beside the board, and the board
// turned to the player's side against the computer.
//
// The start panel shows on a fresh visit only: never over a game restored
// from storage or opened from a link (a returning player lands in their
// game); New game's dialog brings it back. The player's last choice and level
// are kept with prefs.js ("start.choice", "start.level"), and so are the
// player's own opening or closing of the rules summary ("rulesSummary": "open"
// or "closed") and whether the board turns ("turnBoard").
//
// Test hooks: #start (hidden or not), body[data-start] = the choice made.

import { t } from "./i18n.js";
import { LEVELS } from "./notation.js";
import { $ } from "./page.js";
import { onPref, pref, setPref } from "./prefs.js";

const DEFAULT_LEVEL = 2;

/**
 * What the start panel needs of the page.
 * @typedef {object} StartApp
 * @property {Bridge.Call} call
 * @property {(text: string) => void} say
 * @property {import("./ai.js").Ai} ai
 * @property {import("./links.js").Links} links
 * @property {import("./board.js").Board} board
 * @property {(players: number, seats: Seats) => Bridge.View | null} newGame
 * @property {() => Bridge.View | null} view
 * @property {boolean} openedWithLink
 */

export class Start {
  /**
   * app: {call, render, say, ai, links, board, newGame(players) -> state or null,
   *       openedWithLink: bool}
   * @param {StartApp} app
   */
  constructor(app) {
    this.app = app;
    this.turned = false;
    this.ui = {
      box: $("#start"),
      computer: $("#start-computer"),
      /** @type {HTMLSelectElement} */
      level: $("#start-level"),
      friends: $("#start-friends"),
      learn: $("#start-learn"),
      more: $("#start-more"),
      show: $("#show-start"),
      /** @type {HTMLDetailsElement} */
      summary: $("#rules-summary"),
      turn: /** @type {HTMLInputElement | null} */ (document.querySelector("#turn-board")),
    };
    const { ui } = this;
    ui.level.replaceChildren(...LEVELS.map((n) => new Option(t(`level.${n}`), String(n))));
    ui.level.value = String(this.level());
    ui.level.addEventListener("change", () => setPref("start.level", Number(ui.level.value)));
    ui.computer.addEventListener("click", () => this.playComputer());
    ui.friends.addEventListener("click", () => this.playFriends());
    ui.learn.addEventListener("click", () => setPref("start.choice", "learn"));
    ui.more.addEventListener("click", () => {
      this.hide();
      $("#new-game").click();
    });
    ui.show.addEventListener("click", () => {
      /** @type {HTMLDialogElement} */ ($("#new-game-dialog")).close();
      this.show();
    });
    this.markChoice();

    // The rules summary is open while the page loads and while the start panel
    // shows; during a game it folds to one line, unless the player opened or
    // closed it themselves (then it stays as they left it).
    this.summaryOpen = true;
    this.showSummary(true);
    ui.summary.addEventListener("toggle", () => {
      if (ui.summary.open !== this.summaryOpen) setPref("rulesSummary", ui.summary.open ? "open" : "closed");
    });

    // The board turns to the player's side against the computer (Settings).
    const turn = ui.turn;
    if (turn) {
      turn.checked = pref("turnBoard", true);
      turn.addEventListener("change", () => setPref("turnBoard", turn.checked));
      onPref("turnBoard", (value) => {
        turn.checked = value !== false;
        this.turnToPlayer();
      });
    }
  }

  /**
   * Open the summary if `wanted` and the player has not decided otherwise.
   * @param {boolean} wanted
   */
  showSummary(wanted) {
    const choice = pref("rulesSummary", "");
    this.summaryOpen = choice === "open" || (choice !== "closed" && wanted);
    this.ui.summary.open = this.summaryOpen;
  }

  level() {
    const level = pref("start.level", DEFAULT_LEVEL);
    return LEVELS.includes(level) ? level : DEFAULT_LEVEL;
  }

  /** The last choice is the one the eye (and the keyboard) lands on. */
  markChoice() {
    const choice = pref("start.choice", "computer");
    /** @type {{[choice: string]: HTMLElement}} */
    const buttons = { computer: this.ui.computer, friends: this.ui.friends, learn: this.ui.learn };
    for (const [name, button] of Object.entries(buttons)) button.classList.toggle("primary", name === choice);
    return buttons[choice] ?? this.ui.computer;
  }

  /**
   * Python is ready and any saved game or link is shown: greet a newcomer.
   * @param {Bridge.View} view
   */
  start(view) {
    // A game with moves (restored or linked) is the player's: they land in it.
    if (this.app.openedWithLink || view.moves.length || view.future.length) {
      this.showSummary(false);
      return;
    }
    this.show({ focus: false });
  }

  /** @param {{focus?: boolean}} [options] focus: move the keyboard to the panel */
  show({ focus = true } = {}) {
    this.ui.level.value = String(this.level());
    const first = this.markChoice();
    this.ui.box.hidden = false;
    this.showSummary(true);
    if (focus) {
      this.ui.box.scrollIntoView({ block: "nearest" });
      first.focus({ preventScroll: true });
    }
  }

  /** A game begins: the panel goes, the summary folds, the board comes into view. */
  hide() {
    if (this.ui.box.hidden) return;
    this.ui.box.hidden = true;
    this.showSummary(false);
    this.app.board.canvas.scrollIntoView({ block: "nearest" });
  }

  /**
   * A move was played: the panel has done its job.
   * @param {Bridge.View} view
   */
  update(view) {
    if (view.moves.length && !this.ui.box.hidden) this.hide();
  }

  playComputer() {
    const level = Number(this.ui.level.value) || this.level();
    setPref("start.level", level);
    setPref("start.choice", "computer");
    const state = this.app.newGame(2, { w: 0, r: level });
    if (!state) return;
    this.hide();
    document.body.dataset.start = "computer";
    this.app.say(t("start.computerStarted", { level: t(`level.${level}`) }));
    this.app.board.canvas.focus({ preventScroll: true });
  }

  playFriends() {
    setPref("start.choice", "friends");
    const state = this.app.newGame(2, { w: 0, r: 0 });
    if (!state) return;
    this.hide();
    document.body.dataset.start = "friends";
    this.app.say(t("start.friendsStarted"));
    this.app.board.canvas.focus({ preventScroll: true });
  }

  /**
   * Against a computer White, a human Red sees their side at the bottom (the
   * board's flip, as a link's flip=1), unless the player turned it off.
   * Called when a new game sets the seats, and when the setting changes.
   * @param {Bridge.View | null} view
   */
  turnToPlayer(view = this.app.view()) {
    const { ai, links } = this.app;
    if (!view) return;
    const humans = view.colors.filter((color) => !ai.level(color));
    const wanted = pref("turnBoard", true) && view.players === 2 && humans.length === 1 && humans[0] === "r";
    if (wanted && !links.flip) {
      links.setFlip(true);
      this.turned = true;
    } else if (!wanted && this.turned) {
      if (links.flip) links.setFlip(false);
      this.turned = false;
    }
  }
}
