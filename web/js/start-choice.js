// @ts-check
// The first screen of a game page, for every game: how to play, chosen before
// the board takes a move. The choice lies over the board (#start inside
// .board-wrap) and the board is inert under it, so a first tap can never
// start a game nobody answers. It holds: Play the computer with its level,
// Two players here, and (where the game has them) Play a friend by link and
// Learn. The last choice and level are kept per game with prefs.js.
//
// Also here: the words that label the game in progress ("You vs Computer,
// 2 Casual"), the same on every game's page.
//
// Test hooks: #start (hidden or not), body[data-start] = the choice made,
// body[data-choosing] while the choice shows.

import { t } from "./i18n.js";
import { $ } from "./page.js";
import { pref, setPref } from "./prefs.js";

/**
 * What a game gives the first screen.
 * @typedef {object} StartChoiceOptions
 * @property {string} prefs the prefs' prefix: "start" (Mixtour), "tor.start" (Tor)
 * @property {readonly number[]} levels the computer's levels
 * @property {(level: number) => string} levelName the words for a level ("2 Casual")
 * @property {number} defaultLevel
 * @property {HTMLCanvasElement} canvas the board, inert while the choice shows
 * @property {(level: number) => boolean} computer start a game against the computer (false: refused)
 * @property {() => boolean} friends start a game for two at this screen
 * @property {(shown: boolean) => void} changed the choice came or went (the page's
 *   hint says to choose while body[data-choosing] is set)
 */

export class StartChoice {
  /** @param {StartChoiceOptions} options */
  constructor(options) {
    this.options = options;
    this.ui = {
      box: $("#start"),
      computer: $("#start-computer"),
      /** @type {HTMLSelectElement} */
      level: $("#start-level"),
      friends: $("#start-friends"),
      corr: /** @type {HTMLElement | null} */ (document.querySelector("#start-corr")),
      learn: /** @type {HTMLElement | null} */ (document.querySelector("#start-learn")),
    };
    const { ui } = this;
    ui.level.replaceChildren(...options.levels.map((n) => new Option(options.levelName(n), String(n))));
    ui.level.value = String(this.level());
    ui.level.addEventListener("change", () => setPref(`${options.prefs}.level`, Number(ui.level.value)));
    ui.computer.addEventListener("click", () => this.choose("computer"));
    ui.friends.addEventListener("click", () => this.choose("friends"));
    // A friend by link (its own dialog: web/js/corr.js) and Learn only remember the choice.
    ui.corr?.addEventListener("click", () => setPref(`${options.prefs}.choice`, "corr"));
    ui.learn?.addEventListener("click", () => setPref(`${options.prefs}.choice`, "learn"));
    // "Show the first screen again", in the new-game dialog: the dialog closes
    // (with its own answer, which starts nothing) and the choice comes back.
    document.querySelector("#show-start")?.addEventListener("click", () => {
      /** @type {HTMLDialogElement | null} */ (document.querySelector("#new-game-dialog"))?.close("show-start");
      this.show();
    });
    this.markChoice();
  }

  get shown() {
    return !this.ui.box.hidden;
  }

  /** The level last chosen, or the game's default. */
  level() {
    const level = pref(`${this.options.prefs}.level`, this.options.defaultLevel);
    return this.options.levels.includes(level) ? level : this.options.defaultLevel;
  }

  /** The choice this player made last time, if they ever made one (not the default). */
  remembered() {
    return pref(`${this.options.prefs}.choice`, "") || null;
  }

  /** The last choice is the one the eye (and the keyboard) lands on. */
  markChoice() {
    const choice = pref(`${this.options.prefs}.choice`, "computer");
    /** @type {{[choice: string]: HTMLElement | null}} */
    const buttons = { computer: this.ui.computer, friends: this.ui.friends, corr: this.ui.corr, learn: this.ui.learn };
    for (const [name, button] of Object.entries(buttons)) button?.classList.toggle("primary", name === choice);
    return buttons[choice] ?? this.ui.computer;
  }

  /** @param {{focus?: boolean}} [options] focus: move the keyboard to the choice */
  show({ focus = true } = {}) {
    this.ui.level.value = String(this.level());
    const first = this.markChoice();
    this.ui.box.hidden = false;
    // Under the choice the board takes no tap, no key and no focus.
    this.options.canvas.inert = true;
    document.body.dataset.choosing = "1";
    this.options.changed(true);
    if (focus) first.focus({ preventScroll: true });
  }

  hide() {
    if (this.ui.box.hidden) return;
    this.ui.box.hidden = true;
    this.options.canvas.inert = false;
    delete document.body.dataset.choosing;
    this.options.changed(false);
  }

  /**
   * Start the game the choice offers first, without showing it: the one this
   * player chose last time if it starts a game here, else the computer at the
   * level kept. For a tap made on the board before the page was ready
   * (web/js/early-taps.js): the player wants to play, and the move is played
   * in that game.
   */
  chooseFirst() {
    this.choose(this.remembered() === "friends" ? "friends" : "computer", { focus: false });
  }

  /**
   * Start the game chosen: against the computer at the level shown, or two here.
   * @param {"computer" | "friends"} name
   * @param {{focus?: boolean}} [options] focus: move the keyboard to the board
   */
  choose(name, { focus = true } = {}) {
    setPref(`${this.options.prefs}.choice`, name);
    const level = Number(this.ui.level.value) || this.level();
    if (name === "computer") setPref(`${this.options.prefs}.level`, level);
    // The choice goes first, so that the new game's page speaks of the game.
    this.hide();
    if (!(name === "computer" ? this.options.computer(level) : this.options.friends())) {
      this.show();
      return;
    }
    document.body.dataset.start = name;
    if (focus) this.options.canvas.focus({ preventScroll: true });
  }
}

/**
 * Who plays the game in progress, in words: "You vs Computer, 2 Casual",
 * "Two players on this screen", "Computer, 1 Beginner vs Computer, 6 Master".
 * @param {number[]} levels each seat's computer level in turn order (0: a person here)
 * @param {(level: number) => string} levelName
 */
export function gameLabel(levels, levelName) {
  const people = levels.filter((level) => !level).length;
  if (people === levels.length) return levels.length === 2 ? t("label.twoHere") : t("label.allHere", { n: levels.length });
  const sides = levels.filter((level) => level).map((level) => t("label.computer", { level: levelName(level) }));
  if (people) sides.unshift(people === 1 ? t("label.you") : t("label.people", { n: people }));
  return sides.join(t("label.vs"));
}
