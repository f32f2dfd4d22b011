// @ts-check
// What "Your games" (web/js/library.js) needs to know of each game it keeps:
// one library holds the games of every page, each entry marked by its
// snapshot's `game` (Mixtour's older snapshots have none). A game's part
// here is small and declarative: its page, how to check a stored position
// and action before Python sees them, its seats and levels, and its words.
// A new game adds one entry to GAMES.

import { colorName, reasonText, t } from "./i18n.js";
import { LEVELS, parseAction, parsePosition } from "./notation.js";
import { readAction, readPosition } from "./tor/position.js";
import { playerName, torReasonText } from "./tor/words.js";

/**
 * One game as the library sees it.
 * @typedef {object} LibraryGame
 * @property {string} name the snapshot's `game` ("mixtour": also none)
 * @property {string} title the game's name, shown beside another game's rows
 * @property {string} page the page that plays it
 * @property {{page: string, game: string, title: string, ratio: number}} embed what the
 *   Embed dialog writes: its embed page (framed), its script embed's data-game ("" for
 *   Mixtour's), the i18n key of the board's name (the frame's title) and the board's
 *   height over its width in the embed (the frame's height)
 * @property {string} current sessionStorage key: the id of this tab's game of this kind
 * @property {string[]} oldKeys localStorage keys of the one-slot saves of older pages
 * @property {string[]} colors the players' letters, in turn order
 * @property {readonly number[]} levels the computer's levels
 * @property {(text: string) => boolean} readsPosition whether a stored start position reads
 * @property {(text: string) => boolean} readsAction whether a stored action reads
 * @property {(color: string) => string} side a player's name
 * @property {(status: string) => string} result a finished game's outcome in words
 * @property {(turn: string) => string} toMove whose turn it is, in words
 * @property {(reason: Bridge.Reason) => string} reason a rule's reason in words ("" for
 *   the engine's own English), as a refused link of a game by link gives it
 */

/** @type {Readonly<Record<string, LibraryGame>>} */
export const GAMES = Object.freeze({
  mixtour: {
    name: "mixtour",
    title: "Mixtour",
    page: "./index.html",
    embed: { page: "embed.html", game: "", title: "embedDialog.frameTitle", ratio: 1 },
    current: "mixtour.current",
    oldKeys: ["mixtour.game.resume", "mixtour.game"],
    colors: ["w", "r", "b"],
    levels: LEVELS,
    readsPosition: (text) => !!parsePosition(text),
    readsAction: (text) => !!parseAction(text),
    side: (color) => colorName(color),
    result: (status) => t(`result.${status}`),
    toMove: (turn) => t("status.toMove", { color: colorName(turn || "w") }),
    reason: (reason) => reasonText({ reason, message: "" }),
  },
  tor: {
    name: "tor",
    title: "Tor",
    page: "./tor.html",
    embed: { page: "tor-embed.html", game: "tor", title: "tor.board", ratio: 9 / 8 }, // 6 by 8 squares, trays beside
    current: "tor.current",
    oldKeys: ["tor.game"],
    colors: ["w", "b"],
    levels: LEVELS,
    readsPosition: (text) => {
      try {
        readPosition(text);
        return true;
      } catch {
        return false;
      }
    },
    readsAction: (text) => readAction(text) !== null,
    side: (color) => playerName(color),
    result: (status) => t(`tor.result.${status}`),
    toMove: (turn) => t("tor.turn", { player: playerName(turn || "w") }),
    reason: (reason) => torReasonText(reason),
  },
});

/**
 * The game a stored snapshot belongs to, or null for a game no page here plays.
 * @param {{game?: unknown}} snapshot
 * @returns {LibraryGame | null}
 */
export function gameOf(snapshot) {
  const name = snapshot.game === undefined ? "mixtour" : snapshot.game;
  return typeof name === "string" && Object.hasOwn(GAMES, name) ? GAMES[name] : null;
}
