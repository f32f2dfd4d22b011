// @ts-check
// Playing from an earlier position of the move list drops the later moves:
// the page asks first (#discard-dialog, web/partials/game-dialogs.html).
// "Keep the moves" leaves the game as it was; "Play" plays the move, the
// later ones dropped. On a finished game looked back at (read-only), the
// question is whether to start a new game from the position shown, and on
// the computer's turn there "Play on from here" (#branch, in the game
// page's shell) asks it. Written once for every game; the page says what
// was asked and what happens on each answer, and branchFromHere below
// makes the new game.

import { t } from "./i18n.js";
import { $ } from "./page.js";

/**
 * What every game's view tells of the game's line.
 * @typedef {{finished: boolean, canRedo: boolean, corr: string | null}} Line
 */

/**
 * What the question needs of a game's page.
 * @typedef {object} DiscardApp
 * @property {(text: string, branch: boolean) => void} play the player said Play: `text` ("" for
 *   "play on from here") from the position shown, as a new game when `branch`
 * @property {() => void} keep the player kept the moves: show the game as it was
 * @property {() => Line | null} view the position shown
 */

/**
 * A finished game looked back at: its whole line ends the game, and a
 * position before the end is shown. Nothing changes it without asking.
 * @param {Line} state
 */
export function lookingBack(state) {
  return state.finished && state.canRedo && !state.corr;
}

/**
 * What a new game from the position shown needs of a page.
 * @template S the game's view
 * @typedef {object} BranchApp
 * @property {() => {actions: string[], ply: number}} snapshot the game on the board, as saved
 * @property {(text: string) => {ok: boolean, state?: S}} restore a saved game put on the board
 * @property {() => void} detach the game on the board stays in Your games
 * @property {(state: S) => void} show the new game
 * @property {(text: string) => void} tell
 */

/**
 * A new game from the position shown: the game on the board cut there. The
 * finished one stays in Your games as it ended (web/js/library.js keeps a
 * finished game looked back at at its end).
 * @template S
 * @param {BranchApp<S>} app
 */
export function branchFromHere(app) {
  const snapshot = app.snapshot();
  app.detach();
  const answer = app.restore(JSON.stringify({ ...snapshot, actions: snapshot.actions.slice(0, snapshot.ply) }));
  if (answer.ok && answer.state) app.show(answer.state);
  app.tell(t("review.branched"));
}

export class Discard {
  /** @param {DiscardApp} app */
  constructor(app) {
    this.app = app;
    /** @type {HTMLDialogElement} */
    this.dialog = $("#discard-dialog");
    /** @type {HTMLButtonElement} "Play on from here" */
    this.branchButton = $("#branch");
    /** @type {{ text: string, branch: boolean } | null} the move asked about */
    this.pending = null;
    this.dialog.addEventListener("close", () => {
      const pending = this.pending;
      this.pending = null;
      if (this.dialog.returnValue === "play" && pending) this.app.play(pending.text, pending.branch);
      else this.app.keep();
    });
    // On the computer's turn of a finished game looked back at: play on, as a new game.
    this.branchButton.addEventListener("click", () => {
      const state = this.app.view();
      if (state && lookingBack(state)) this.ask("", { later: 0, branch: true });
    });
  }

  /**
   * "Play on from here" shows where only it can go on: a finished game looked
   * back at, on the computer's turn (a player's own move asks by itself).
   * @param {Line} state
   * @param {boolean} computerToMove
   */
  showBranch(state, computerToMove) {
    this.branchButton.hidden = !lookingBack(state) || !computerToMove;
  }

  /**
   * Ask before `text` is played from the position shown.
   * @param {string} text the move in the game's notation ("": play on from here)
   * @param {{ later: number, branch?: boolean }} how the moves it would drop, or
   *   `branch`: the game is finished and a new one would start from here
   */
  ask(text, { later, branch = false }) {
    this.pending = { text, branch };
    $("#discard-text").textContent = branch
      ? text
        ? t("review.branch", { action: text })
        : t("review.branchOn")
      : t("review.discard", { action: text, n: later });
    this.dialog.returnValue = "";
    this.dialog.showModal();
  }
}
