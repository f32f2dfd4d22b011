// @ts-check
// "Rematch" on a finished game's result: the same game again, every player
// one seat on in the turn order (with two, the colours swapped), the
// computer at the same levels. Written once for every game: the page says
// who plays which colour and starts the game (Mixtour: the same discs and
// points; Tor: the same layout).

import { t } from "./i18n.js";

/**
 * What a rematch needs of a game's page.
 * @typedef {object} RematchApp
 * @property {() => string[] | null} colors the colours of the game shown, in turn order (null: none yet)
 * @property {(color: string) => number} level the computer's level on that colour, 0 for a person
 * @property {(seats: Record<string, number>) => boolean} start a new game with these seats; false if refused
 * @property {(color: string) => string} colorName
 * @property {(text: string) => void} tell
 * @property {HTMLElement} canvas the board, which takes the focus
 */

/**
 * The seats of the rematch: each colour's player moves to the next colour.
 * @param {string[]} colors in turn order
 * @param {(color: string) => number} level
 * @returns {Record<string, number>}
 */
export function rematchSeats(colors, level) {
  /** @type {Record<string, number>} */
  const seats = {};
  colors.forEach((color, i) => {
    seats[colors[(i + 1) % colors.length]] = level(color);
  });
  return seats;
}

/** Wire the result's Rematch button (#result-rematch) to the page. @param {RematchApp} app */
export function offerRematch(app) {
  document.querySelector("#result-rematch")?.addEventListener("click", () => {
    const colors = app.colors();
    if (!colors) return;
    const seats = rematchSeats(colors, app.level);
    if (!app.start(seats)) return;
    const you = colors.filter((color) => !seats[color]);
    app.tell(you.length === 1 ? t("result.rematchYou", { color: app.colorName(you[0]) }) : t("result.rematch"));
    app.canvas.focus({ preventScroll: true });
  });
}
