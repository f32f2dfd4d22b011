// @ts-check
// Playing from an earlier position of the move list drops the later moves:
// the page asks first (#discard-dialog, web/partials/game-dialogs.html).
// "Keep the moves" leaves the game as it was; "Play" plays the move, the
// later ones dropped. On a finished game looked back at (read-only), the
// question is whether to start a new game from the position shown.
// Written once for every game; the page says what was asked and what
// happens on each answer.

import { t } from "./i18n.js";
import { $ } from "./page.js";

/**
 * What the question needs of a game's page.
 * @typedef {object} DiscardApp
 * @property {(text: string, branch: boolean) => void} play the player said Play: `text` ("" for
 *   "play on from here") from the position shown, as a new game when `branch`
 * @property {() => void} keep the player kept the moves: show the game as it was
 */

export class Discard {
  /** @param {DiscardApp} app */
  constructor(app) {
    this.app = app;
    /** @type {HTMLDialogElement} */
    this.dialog = $("#discard-dialog");
    /** @type {{ text: string, branch: boolean } | null} the move asked about */
    this.pending = null;
    this.dialog.addEventListener("close", () => {
      const pending = this.pending;
      this.pending = null;
      if (this.dialog.returnValue === "play" && pending) this.app.play(pending.text, pending.branch);
      else this.app.keep();
    });
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
