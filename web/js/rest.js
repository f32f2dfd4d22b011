// @ts-check
// A board out of sight rests. An embedded board (embed.js, tor-embed.js) that
// has been out of the reader's view for REST_MS, and is neither the engine's
// host, nor waiting for an answer, nor holding the focus, hands its frame to
// embed-rest.html: a picture of the board as it was, a few hundred bytes of
// script, and none of a live board's scripts, styles and canvas. When the
// picture comes into view again (or is clicked, or gets a key), the frame goes
// back to the live board with the link of the game it showed: the moves played
// on it and the move shown are kept. On a long rules page only the boards near
// the reader stay live. Both moves use location.replace: nothing is added to
// the page's history.
//
// The picture travels in the resting page's address (a WebP or PNG data URL of
// a few tens of kilobytes): no storage is needed, so a board framed by another
// site, whose storage the browser may block, rests as well.
// Tests: window.mixtourDebug.restMs set before the page loads shortens the wait.

import { engineBusy } from "./engine/host.js";

const REST_MS = 60_000;
const REST_PAGE = "embed-rest.html";

/**
 * @typedef {object} RestOptions
 * @property {HTMLCanvasElement} canvas the board
 * @property {HTMLElement} status the line under the board, shown on the picture
 * @property {"embed.html" | "tor-embed.html"} page the live board's page
 * @property {() => string} options the embed's own options, to follow the game's link ("&view=1")
 */

/**
 * Rest the board when it has been out of sight long enough. The embed tells
 * the returned `showing` the link of the board as shown (the engine's, with
 * at=), or "" when its address has a new link: until then the address's is kept.
 * @param {RestOptions} options
 */
export function restWhenAway(options) {
  let shown = "";
  const resting = { showing: (/** @type {string} */ link) => void (shown = link) };
  if (window.self === window.top) return resting; // a board in its own tab is not on a page
  const wanted = /** @type {any} */ (window).mixtourDebug?.restMs;
  const wait = typeof wanted === "number" && wanted > 0 ? wanted : REST_MS;
  const fragment = () => (shown ? shown + options.options() : location.hash.replace(/^#/, ""));
  let timer = 0;
  let seen = true;
  const later = () => {
    window.clearTimeout(timer);
    timer = seen ? 0 : window.setTimeout(tryRest, wait);
  };
  const tryRest = () => {
    if (engineBusy() || document.hasFocus()) later();
    else rest(options, fragment());
  };
  new IntersectionObserver((entries) => {
    seen = entries[entries.length - 1].isIntersecting;
    later();
  }).observe(options.canvas);
  return resting;
}

/**
 * Leave the picture in the frame's place; the live board comes back with `fragment`.
 * @param {RestOptions} options
 * @param {string} fragment
 */
function rest({ canvas, status, page }, fragment) {
  const box = canvas.getBoundingClientRect();
  const line = status.getBoundingClientRect();
  const rect = (/** @type {DOMRect} */ r) => [r.left, r.top, r.width, r.height].map((n) => Math.round(n)).join(",");
  const search = new URLSearchParams(location.search);
  search.set("rest-to", page);
  search.set("rest-picture", canvas.toDataURL("image/webp", 0.85)); // PNG where WebP is not written
  search.set("rest-board", rect(box));
  search.set("rest-status", status.textContent ?? "");
  search.set("rest-line", rect(line));
  search.set("rest-label", canvas.getAttribute("aria-label") ?? "");
  location.replace(`./${REST_PAGE}?${search}#${fragment}`);
}
