// @ts-check
// The board's configuration and state: what the page tells the board (the
// config, given through Board.set) and what the board keeps for itself
// (selection, cursor, pointer, animations, geometry, colours). Plain data and
// plain functions, no DOM: Node imports this module in tests/js/.

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
 * What the page tells the board (Board.set takes any part of it).
 * @typedef {object} Config
 * @property {string[]} stacks 25 stacks, bottom to top ("wr": White under Red), a1 = 0, e5 = 24
 * @property {Action | null} last the action that led to this position
 * @property {number[]} enterable squares where a disc may be entered
 * @property {Movable} movable the legal moves
 * @property {boolean} interactive false until the engine is ready
 * @property {Action | null} hint a suggested action, drawn as rings and an arrow
 * @property {boolean} flipped a1 at the top right
 * @property {boolean} coordinates letters and digits round the board
 * @property {boolean} heights height numbers on stacks of two or more
 * @property {boolean} motion false shows every change at once
 */

/** @typedef {Partial<Config>} ConfigChange */

/**
 * The lifted discs: the top `count` of the stack on `square`.
 * @typedef {{square: number, count: number}} Selection
 */

/**
 * What lies under a point: a square and a disc of its stack (0 = bottom, -1 on an empty square).
 * @typedef {{square: number, disc: number}} Hit
 */

/** @typedef {[number, number]} Point a point in CSS pixels, relative to the canvas box */

/**
 * A pointer pressed on the board.
 * @typedef {{id: number, x: number, y: number, hit: Hit | null, dragging: boolean}} Press
 */

/**
 * Discs being dragged: where the pointer is and the square under it.
 * @typedef {{x: number, y: number, over: number | null}} Drag
 */

/**
 * Where the discs of the move just chosen start: lifted on their square, or under the pointer.
 * @typedef {{square: number, count: number, point: Point | null}} Launch
 */

/**
 * Everything the board knows. Board.update is the one function that changes it.
 * @typedef {object} State
 * @property {Config} config
 * @property {Selection | null} selection
 * @property {number | null} cursor the keyboard cursor, shown while the keyboard is in use
 * @property {Press | null} press
 * @property {Drag | null} drag
 * @property {Launch | null} launch
 * @property {import("./anim.js").Plan[]} animations the first one running, at most one waiting
 * @property {import("./geometry.js").Geometry | null} geometry
 * @property {import("./colors.js").Colors} colors
 */

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
 * The state of a new board.
 * @param {Config} config
 * @param {import("./colors.js").Colors} colors
 * @returns {State}
 */
export function initialState(config, colors) {
  return {
    config,
    selection: null,
    cursor: null,
    press: null,
    drag: null,
    launch: null,
    animations: [],
    geometry: null,
    colors,
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
 * Whether two pictures of the board hold the same stacks.
 * @param {readonly string[]} a
 * @param {readonly string[]} b
 */
export function sameStacks(a, b) {
  return a.length === b.length && a.every((stack, i) => stack === b[i]);
}

/**
 * Whether two selections lift the same discs (both null counts as the same).
 * @param {Selection | null} a
 * @param {Selection | null} b
 */
export function sameSelection(a, b) {
  return a === b || (!!a && !!b && a.square === b.square && a.count === b.count);
}
