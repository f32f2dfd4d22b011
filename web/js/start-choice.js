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
// Test hooks: #start (hidden or not), body[data-start] = the choice made.

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
 * @property {() => void} [corr] open the set-up of a game with a friend by link
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
    ui.computer.addEventListener("click", () => this.playComputer());
    ui.friends.addEventListener("click", () => this.choose("friends", options.friends));
    ui.corr?.addEventListener("click", () => {
      setPref(`${options.prefs}.choice`, "corr");
      options.corr?.();
    });
    ui.learn?.addEventListener("click", () => setPref(`${options.prefs}.choice`, "learn"));
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
    // The line under the turn says what to do now: choose, not tap the board.
    const hint = document.querySelector("#hint");
    if (hint) hint.textContent = t("hint.choose");
    if (focus) first.focus({ preventScroll: true });
  }

  hide() {
    if (this.ui.box.hidden) return;
    this.ui.box.hidden = true;
    this.options.canvas.inert = false;
    delete document.body.dataset.choosing;
    const hint = document.querySelector("#hint");
    if (hint?.textContent === t("hint.choose")) hint.textContent = "";
  }

  playComputer() {
    const level = Number(this.ui.level.value) || this.level();
    setPref(`${this.options.prefs}.level`, level);
    this.choose("computer", () => this.options.computer(level));
  }

  /**
   * @param {string} name
   * @param {() => boolean} start
   * @param {{focus?: boolean}} [options] focus: move the keyboard to the board
   */
  choose(name, start, { focus = true } = {}) {
    setPref(`${this.options.prefs}.choice`, name);
    // The choice goes first, so that the new game's page speaks of the game.
    this.hide();
    if (!start()) {
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
  const computer = (/** @type {number} */ level) => t("label.computer", { level: levelName(level) });
  const people = levels.filter((level) => !level).length;
  if (people === levels.length) return levels.length === 2 ? t("label.twoHere") : t("label.allHere", { n: levels.length });
  const computers = levels.filter((level) => level).map(computer);
  if (people === 0) return computers.join(t("label.vs"));
  const others = people === 1 ? [t("label.you"), ...computers] : [t("label.people", { n: people }), ...computers];
  return others.join(t("label.vs"));
}
