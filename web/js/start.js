// @ts-check
// The first five minutes on Mixtour's page: the first screen's choice (the
// game-neutral web/js/start-choice.js, over the board), the rules in three
// lines beside the board, the game's label, and the board turned to the
// player's side against the computer.
//
// The choice shows on a fresh visit only: never over a game restored from
// storage or opened from a link (a returning player lands in their game);
// New game's dialog brings it back. The player's last choice and level are
// kept with prefs.js ("start.choice", "start.level"), and so are the player's
// own opening or closing of the rules summary ("rulesSummary": "open" or
// "closed") and whether the board turns ("turnBoard").
//
// Test hooks: #start (hidden or not), body[data-start] = the choice made,
// body[data-choosing] while the choice shows, #game-label.

import { t } from "./i18n.js";
import { LEVELS } from "./notation.js";
import { $ } from "./page.js";
import { onPref, pref, setPref } from "./prefs.js";
import { StartChoice, gameLabel } from "./start-choice.js";

const DEFAULT_LEVEL = 2;

/**
 * What the start panel needs of the page.
 * @typedef {object} StartApp
 * @property {Bridge.Call} call
 * @property {(text: string) => void} say
 * @property {import("./ai.js").Ai} ai
 * @property {import("./links.js").Links} links
 * @property {import("./mixtour-board.js").Board} board
 * @property {(players: number, seats: Seats) => Bridge.View | null} newGame
 * @property {() => Bridge.View | null} view
 * @property {() => void} showHint say again what the line under the turn says
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
    this.choice = new StartChoice({
      prefs: "start",
      levels: LEVELS,
      levelName: (level) => t(`level.${level}`),
      defaultLevel: DEFAULT_LEVEL,
      canvas: app.board.canvas,
      computer: (level) => this.playComputer(level),
      friends: () => this.playFriends(),
      // The choice over the board or the game: the summary opens or folds, the label and hint follow.
      changed: (shown) => {
        this.showSummary(shown);
        this.label(app.view());
        app.showHint();
      },
    });
    this.ui = {
      more: $("#start-more"),
      label: $("#game-label"),
      /** @type {HTMLDetailsElement} */
      summary: $("#rules-summary"),
      turn: /** @type {HTMLInputElement | null} */ (document.querySelector("#turn-board")),
    };
    const { ui } = this;
    ui.more.addEventListener("click", () => {
      this.hide();
      $("#new-game").click();
    });
    // A link opened on the page (a pasted one, Your games) is a game: the choice goes.
    window.addEventListener("mixtour:link-loaded", () => this.hide());

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

  /**
   * Python is ready and any saved game or link is shown: greet a newcomer.
   * A newcomer who tapped the board before (web/js/early-taps.js) gets the
   * choice offered first, started at once, for the tap to be played in it.
   * @param {Bridge.View} view
   * @param {{tapped?: boolean}} [how]
   */
  start(view, { tapped = false } = {}) {
    // A game with moves (restored or linked) is the player's: they land in it.
    if (this.app.openedWithLink || view.moves.length || view.future.length) {
      this.showSummary(false);
      return;
    }
    if (tapped) this.choice.chooseFirst();
    else this.show({ focus: false });
  }

  /** @param {{focus?: boolean}} [options] focus: move the keyboard to the choice */
  show({ focus = true } = {}) {
    this.choice.show({ focus });
  }

  /** A game begins: the choice goes, the summary folds. */
  hide() {
    this.choice.hide();
  }

  /**
   * A move was played: the panel has done its job.
   * @param {Bridge.View} view
   */
  update(view) {
    if (view.moves.length) this.hide();
    this.label(view);
  }

  /** @param {number} level */
  playComputer(level) {
    const state = this.app.newGame(2, { w: 0, r: level });
    if (!state) return false;
    this.app.say(t("start.computerStarted", { level: t(`level.${level}`) }));
    return true;
  }

  playFriends() {
    const state = this.app.newGame(2, { w: 0, r: 0 });
    if (!state) return false;
    this.app.say(t("start.friendsStarted"));
    return true;
  }

  /**
   * Label the game in progress ("You vs Computer, 2 Casual"); none while the choice shows.
   * @param {Bridge.View | null} view
   */
  label(view) {
    const { ui, app } = this;
    if (!view || this.choice.shown) {
      ui.label.textContent = "";
      ui.label.hidden = true;
      return;
    }
    ui.label.hidden = false;
    if (view.corr) ui.label.textContent = t("label.corr");
    else ui.label.textContent = gameLabel(view.colors.map((color) => app.ai.level(color)), (level) => t(`level.${level}`));
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
    const flip = links.flipper;
    if (wanted && !flip.flip) {
      flip.set(true);
      this.turned = true;
    } else if (!wanted && this.turned) {
      if (flip.flip) flip.set(false);
      this.turned = false;
    }
  }
}
