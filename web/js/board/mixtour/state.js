// @ts-check
// Mixtour's part of the board's config and state: the stacks, the legal
// moves the engine gave, the hint, and the lifted discs. Plain data and plain
// functions, no DOM: Node imports this module in tests/js/.

export const SIZE = 5;
export const SQUARES = SIZE * SIZE;

/**
 * An action as the engine describes it: the last one played, or a hint.
 * @typedef {object} Action
 * @property {"enter" | "move" | "pass"} kind
 * @property {number} [square] where a disc was entered
 * @property {number} [from] where the moved discs came from
 * @property {number} [to] where they went
 * @property {number} [count] how many discs moved
 */

/**
 * The legal moves: square -> number of discs lifted -> target squares.
 * @typedef {Record<number, Record<number, number[]>>} Movable
 */

/**
 * What the page tells Mixtour's board (Board.set takes any part of it).
 * @typedef {object} MixtourFields
 * @property {string[]} stacks 25 stacks, bottom to top ("wr": White under Red), a1 = 0, e5 = 24
 * @property {Action | null} last the action that led to this position
 * @property {number[]} enterable squares where a disc may be entered
 * @property {Movable} movable the legal moves
 * @property {Action | null} hint a suggested action, drawn as rings and an arrow
 * @property {boolean} heights height numbers on stacks of two or more
 */

/** @typedef {import("../state.js").KitConfig & MixtourFields} Config */

/** @typedef {Partial<Config>} ConfigChange */

/**
 * The lifted discs: the top `count` of the stack on `square`.
 * @typedef {{square: number, count: number}} Selection
 */

/** @typedef {import("../state.js").Hit} Hit */
/** @typedef {import("../state.js").Point} Point */
/** @typedef {import("../state.js").State<Config, Selection>} State */

/**
 * The config of a new board.
 * @param {boolean} heights whether height numbers are shown (the player's preference)
 * @returns {Config}
 */
export function defaultConfig(heights) {
  return {
    stacks: Array(SQUARES).fill(""),
    last: null,
    enterable: [],
    movable: {},
    interactive: false,
    hint: null,
    flipped: false,
    coordinates: true,
    heights,
    motion: true,
  };
}

/**
 * Apply a change to the config (the stacks are copied, never shared with the caller).
 * @param {Config} config
 * @param {ConfigChange} change
 */
export function applyConfig(config, change) {
  Object.assign(config, change);
  if (change.stacks !== undefined) config.stacks = [...change.stacks];
}

/**
 * Whether two selections lift the same discs (both null counts as the same).
 * @param {Selection | null} a
 * @param {Selection | null} b
 */
export function sameSelection(a, b) {
  return a === b || (!!a && !!b && a.square === b.square && a.count === b.count);
}
