// @ts-check
// The games by link kept in this browser (web/js/corr.js), apart from the
// local games of library.js: one localStorage key per game,
//   mixtour.corr.<game id>  {version: 1, game (library-games.js's name; none
//                           for Mixtour's older entries), id, fragment (the
//                           latest link), mine (the colour played here, "" to
//                           watch), names, people, players, status, turn,
//                           moves, created, updated}
// checked in shape when read; the engine checks the link itself when the
// game is opened. Storage that is disabled or full never throws here.

import { GAMES } from "./library-games.js";

export const CORR_PREFIX = "mixtour.corr.";
export const VERSION = 1;
const MAX_RAW = 20_000;
export const COLORS = ["w", "r", "b"];

/**
 * One correspondence game kept in this browser.
 * @typedef {object} CorrEntry
 * @property {number} version
 * @property {string} game the game it is of (a key of library-games.js's GAMES)
 * @property {string} id
 * @property {string} fragment
 * @property {string} mine
 * @property {string[]} names
 * @property {string} people
 * @property {number} players
 * @property {string} status
 * @property {string} turn
 * @property {number} moves
 * @property {number} created
 * @property {number} updated
 */

/**
 * A stored entry, checked in shape (the engine checks its link when it is opened), or null.
 * @param {unknown} raw
 * @returns {CorrEntry | null}
 */
export function parseCorr(raw) {
  if (typeof raw !== "string" || raw.length > MAX_RAW) return null;
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!data || typeof data !== "object" || data.version !== VERSION) return null;
  const game = data.game ?? "mixtour"; // the first game's entries had no name
  if (typeof game !== "string" || !Object.hasOwn(GAMES, game)) return null;
  const text = (/** @type {unknown} */ value, /** @type {number} */ max) =>
    typeof value === "string" && value.length <= max;
  if (!text(data.id, 8) || !/^[\w-]{8}$/.test(data.id)) return null;
  if (!text(data.fragment, MAX_RAW) || !data.fragment.startsWith("c=")) return null;
  if (!["", ...COLORS].includes(data.mine)) return null;
  // Each name stays at its colour's place (a name that cannot be read is "",
  // never dropped: that put Red's name on White). The engine cut each to 24
  // characters as a reader counts them, up to 10 code points each (an emoji family),
  // two UTF-16 units each at most.
  const names = Array.isArray(data.names)
    ? data.names.slice(0, 3).map((/** @type {unknown} */ n) => (text(n, 24 * 10 * 2) ? String(n) : ""))
    : [];
  const count = (/** @type {unknown} */ n) => (typeof n === "number" && Number.isFinite(n) ? n : 0);
  return {
    version: VERSION,
    game,
    id: data.id,
    fragment: data.fragment,
    mine: data.mine,
    names,
    people: text(data.people, 3) ? data.people : "",
    players: data.players === 3 ? 3 : 2,
    status: text(data.status, 20) ? data.status : "playing",
    turn: COLORS.includes(data.turn) ? data.turn : "w",
    moves: count(data.moves),
    created: count(data.created),
    updated: count(data.updated),
  };
}

/** @param {string} id */
export function readCorr(id) {
  try {
    return parseCorr(localStorage.getItem(CORR_PREFIX + id));
  } catch {
    return null;
  }
}

/** Every kept correspondence game, the latest activity first. */
export function listCorr() {
  /** @type {CorrEntry[]} */
  const games = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (!key?.startsWith(CORR_PREFIX)) continue;
      const entry = parseCorr(localStorage.getItem(key));
      if (entry && key === CORR_PREFIX + entry.id) games.push(entry);
    }
  } catch {
    // storage disabled: nothing kept
  }
  return games.sort((a, b) => b.updated - a.updated);
}

/** @param {CorrEntry} entry */
export function storeCorr(entry) {
  try {
    localStorage.setItem(CORR_PREFIX + entry.id, JSON.stringify(entry));
    return true;
  } catch {
    return false;
  }
}

/** @param {string} id */
export function deleteCorr(id) {
  try {
    localStorage.removeItem(CORR_PREFIX + id);
  } catch {
    // storage disabled: nothing kept anyway
  }
}
