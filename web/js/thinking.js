// @ts-check
// The line under the turn that says what the computer is doing (#thinking
// and #thinking-text, in the game page's shell): loading its player,
// looking for a hint, thinking of a player's move (with the spinner), or
// why it does not play (a finished game looked back at, paused, another tab
// plays it). Written once for both games' pages: each says what is so, and
// names the player in its own words.

import { t } from "./i18n.js";
import { $ } from "./page.js";

/**
 * What the computer is doing now.
 * @typedef {object} ThinkingNow
 * @property {"move" | "hint" | null} kind what it searches, if anything
 * @property {string} player the name of the player whose move it searches
 * @property {boolean} [lookingBack] a finished game looked back at: it waits
 * @property {boolean} [paused] the player paused it on its turn
 * @property {boolean} [elsewhere] another tab plays its moves of this game
 */

/**
 * The words for what the computer is doing, or "" when there is nothing to say.
 * @param {ThinkingNow} now
 */
export function thinkingText(now) {
  if (now.kind && document.body.dataset.ai !== "ready") return t("ai.loading");
  if (now.kind === "hint") return t("ai.hinting");
  if (now.kind) return t("ai.thinking", { color: now.player });
  if (now.lookingBack) return t("ai.lookingBack");
  if (now.paused) return t("ai.paused");
  if (now.elsewhere) return t("ai.elsewhere");
  return "";
}

/**
 * Show it: the line takes the hint's place while it has words, and spins
 * while the computer searches.
 * @param {ThinkingNow} now
 */
export function showThinking(now) {
  const text = thinkingText(now);
  $("#thinking-text").textContent = text;
  const line = $("#thinking");
  line.hidden = !text;
  line.classList.toggle("busy", !!now.kind);
}
