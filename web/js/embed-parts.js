// @ts-check
// The parts of an embedded board, Mixtour's or Tor's: the canvas with its
// loading box and message, and the bar below (step buttons, the move count,
// the status line, the link to the game page). Written once here for every
// place a board is embedded: alone in its frame (embed.html, tor-embed.html:
// the parts keep the ids of the pages' test contract, #board, #status, #ply,
// ...) and among others in one of our pages (live-boards.js: no ids, the
// board found by its holder). Styles: web/css/embed.css, scoped to .embed.

import { translatePage } from "./i18n.js";

/** The step buttons' icons (16x16). */
const STEPS = {
  first: "M3 3h2v10H3zM13 3v10L6 8z",
  previous: "M12 3v10L4 8z",
  next: "M4 3v10l8-5z",
  last: "M11 3h2v10h-2zM3 3v10l7-5z",
};

/**
 * The parts of a board, as its script uses them.
 * @typedef {object} EmbedParts
 * @property {HTMLElement} root the .embed element
 * @property {HTMLCanvasElement} canvas
 * @property {HTMLElement} loading
 * @property {HTMLElement} message
 * @property {HTMLElement} steps
 * @property {HTMLButtonElement} first
 * @property {HTMLButtonElement} previous
 * @property {HTMLButtonElement} next
 * @property {HTMLButtonElement} last
 * @property {HTMLElement} ply
 * @property {HTMLElement} status
 * @property {HTMLAnchorElement} open
 */

/**
 * Fill `root` (an element of class "embed") with a board and its bar, in the
 * page's language.
 * @param {HTMLElement} root
 * @param {object} how
 * @param {boolean} how.ids the parts carry the test contract's ids (the board alone in its page)
 * @param {string} how.open the game page the bar's link leads to ("./index.html")
 * @param {string} how.openLabel the i18n id of that link's name
 * @returns {EmbedParts}
 */
export function buildEmbed(root, { ids, open, openLabel }) {
  const id = (/** @type {string} */ name) => (ids ? ` id="${name}"` : "");
  const part = (/** @type {string} */ name) => `${id(name)} data-part="${name}"`;
  const button = (/** @type {keyof typeof STEPS} */ name) =>
    `<button${part(name)} type="button" data-i18n-label="embed.${name}">` +
    `<svg viewBox="0 0 16 16" aria-hidden="true"><path d="${STEPS[name]}"/></svg></button>`;
  root.insertAdjacentHTML(
    "beforeend",
    `<div class="stage">` +
      `<canvas${part("board")} tabindex="0" role="application"></canvas>` +
      `<div${part("loading")} class="loading" role="status" hidden>` +
      `<span class="spinner" aria-hidden="true"></span><span data-i18n="loading.python"></span></div>` +
      `<div${part("message")} class="toast" role="status" aria-live="polite" hidden></div>` +
      `</div><div class="bar">` +
      `<div${part("steps")} class="steps" hidden>` +
      `${button("first")}${button("previous")}<span${part("ply")} class="ply-count"></span>` +
      `${button("next")}${button("last")}</div>` +
      `<p${part("status")} class="status"></p>` +
      `<a${part("open")} class="open" href="${open}" target="_blank" rel="noopener" data-i18n-label="${openLabel}">↗</a>` +
      `</div>`,
  );
  translatePage(root);
  const find = (/** @type {string} */ name) => /** @type {any} */ (root.querySelector(`[data-part="${name}"]`));
  return {
    root,
    canvas: find("board"),
    loading: find("loading"),
    message: find("message"),
    steps: find("steps"),
    first: find("first"),
    previous: find("previous"),
    next: find("next"),
    last: find("last"),
    ply: find("ply"),
    status: find("status"),
    open: find("open"),
  };
}
