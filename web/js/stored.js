// @ts-check
// The browser's storage, read and written without ever throwing (storage
// disabled or full is an answer, not an exception), and the list of stored
// data that could not be used, set aside for inspection and never read again
// (mixtour.broken: the game library's damaged games, the puzzles' record).
// Kept apart from web/js/library.js so that a page without the library (the
// puzzles) does not load it.

export const BROKEN_KEY = "mixtour.broken";
const MAX_BROKEN = 5; // entries kept in the list
const MAX_RAW = 200_000; // characters kept of each

/**
 * @param {string} key
 * @param {Storage} [store]
 */
export function readKey(key, store = localStorage) {
  try {
    return store.getItem(key);
  } catch {
    return null; // storage disabled: the page works, it just forgets
  }
}

/**
 * true, or the error (a full quota)
 * @param {string} key
 * @param {string | null} value null removes the key
 * @param {Storage} [store]
 * @returns {true | unknown}
 */
export function writeKey(key, value, store = localStorage) {
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
    return true;
  } catch (error) {
    return error;
  }
}

/**
 * Set unusable stored data aside (the last few, clipped), and forget it.
 * @param {unknown} raw
 * @param {string | undefined} problem
 */
export function setAside(raw, problem) {
  /** @type {unknown[]} */
  let list;
  try {
    list = JSON.parse(readKey(BROKEN_KEY) ?? "[]");
    if (!Array.isArray(list)) list = [];
  } catch {
    list = [];
  }
  const kept = typeof raw === "string" ? raw.slice(0, MAX_RAW) : String(raw);
  list = [...list.slice(-(MAX_BROKEN - 1)), { raw: kept, problem, at: new Date().toISOString() }];
  if (writeKey(BROKEN_KEY, JSON.stringify(list)) !== true) writeKey(BROKEN_KEY, JSON.stringify(list.slice(-1)));
}
