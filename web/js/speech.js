// @ts-check
// The game in words, for players who do not see the board: where the words
// go. Each game words its own squares, actions and results (Mixtour's
// web/js/mixtour-text.js, Tor's web/js/tor/text.js); this module, written
// once for both, holds what they share.
//
// A Speaker writes to the page's two live regions, so that one never
// overwrites the other:
//   the log (role=log)       every action played, taken back or replayed, and the end of the game
//   the cursor region        where the keyboard cursor is, what was chosen (polite, visually hidden)

import { t } from "./i18n.js";

const LOG_LENGTH = 40; // entries kept in the log; older ones are dropped

/**
 * A list in words, in the page's language: "d3, b4 and e5".
 * @param {readonly string[]} names
 */
export function listWords(names) {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")}${t("reason.and")}${names.at(-1)}`;
}

/** Writes to the move log and the cursor region (see the top of this file). */
export class Speaker {
  /** @param {{log: HTMLElement, cursor: HTMLElement}} regions */
  constructor({ log, cursor }) {
    this.log = log;
    this.cursorRegion = cursor;
  }

  /**
   * Add an entry to the log (announced by screen readers as it appears).
   * @param {string} text
   */
  event(text) {
    if (!text) return;
    const entry = document.createElement("p");
    entry.textContent = text.endsWith(".") ? text : `${text}.`;
    this.log.append(entry);
    while (this.log.children.length > LOG_LENGTH) this.log.firstElementChild?.remove();
    this.log.scrollTop = this.log.scrollHeight;
  }

  /**
   * Say where the cursor is or what was chosen; replaces the previous cursor words.
   * @param {string} text
   */
  cursor(text) {
    // A new node each time, so that the same words twice are read twice.
    const words = document.createElement("span");
    words.textContent = text;
    this.cursorRegion.replaceChildren(words);
  }
}
