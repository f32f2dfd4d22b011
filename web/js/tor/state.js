// @ts-check
// Tor's part of the board's config: the position (given as its string,
// kept read), the engine's legal actions as texts, the last turn, a hint and
// the tokens in hand shown in the trays. Plain data and plain functions, no
// DOM: Node imports this module in tests/js/.

import { readPosition, START } from "./position.js";

/**
 * The token each player holds, as the trays show it.
 * @typedef {{w: import("./position.js").Color | null, b: import("./position.js").Color | null}} Hands
 */

/**
 * What the page tells Tor's board (Board.set takes any part of it).
 * @typedef {object} TorFields
 * @property {string} position the position string (readPosition refuses a malformed one)
 * @property {import("./position.js").TorPosition} view the position, read (set by apply)
 * @property {Hands} hands the trays: by default the mover's token in hand and nothing
 *   for the other; the page may show the token just given on its way
 * @property {string[]} legal the legal actions, as the engine writes them (T6)
 * @property {string | null} last the action that led here ("c3", "c3-d4", "c3-d4@e6")
 * @property {string | null} hint a suggested action
 */

/** @typedef {import("../board/state.js").KitConfig & TorFields} Config */

/** @typedef {Partial<Omit<Config, "view">>} ConfigChange */

/**
 * The trays of a position: the mover holds the token in hand, if any.
 * @param {import("./position.js").TorPosition} view
 * @returns {Hands}
 */
export function handsOf(view) {
  return view.turn === "w" ? { w: view.hand, b: null } : { w: null, b: view.hand };
}

/**
 * The config of a new board: the standard start, nothing legal yet.
 * @returns {Config}
 */
export function defaultConfig() {
  const view = readPosition(START);
  return {
    position: START,
    view,
    hands: handsOf(view),
    legal: [],
    last: null,
    hint: null,
    interactive: false,
    flipped: false,
    coordinates: true,
    motion: true,
  };
}

/**
 * Apply a change to the config. A malformed position throws (a
 * PositionTextError) and leaves the config as it was.
 * @param {Config} config
 * @param {ConfigChange} change
 */
export function applyConfig(config, change) {
  const view = change.position !== undefined ? readPosition(change.position) : config.view;
  Object.assign(config, change);
  config.view = view;
  if (change.position !== undefined && change.hands === undefined) config.hands = handsOf(view);
  if (change.legal !== undefined) config.legal = [...change.legal];
}

/**
 * What stands on each square, as the animation compares it: the tokens
 * bottom to top, then the pawn's letter ("w" or "k").
 * @param {Config} config
 * @returns {string[]}
 */
export function piecesOf(config) {
  const { tokens, pawns } = config.view;
  return tokens.map((stack, i) => stack + (pawns[i] === "w" ? "w" : pawns[i] === "b" ? "k" : ""));
}
