// @ts-check
// The board's state, for any game: what every board's config holds (the
// game adds its own fields: web/js/board/mixtour/state.js) and what the
// board keeps for itself (selection, cursor, pointer, animations, geometry,
// colours). Plain data and plain functions, no DOM: Node imports this module
// in tests/js/.

/**
 * What every game's config holds (Board.set takes any part of it).
 * @typedef {object} KitConfig
 * @property {boolean} interactive false until the engine is ready
 * @property {boolean} flipped a1 at the top right
 * @property {boolean} coordinates letters and digits round the board
 * @property {boolean} motion false shows every change at once
 */

/**
 * What lies under a point: a square and a piece on it (0 = bottom, -1 when
 * the point is on no piece; the game decides what its pieces are).
 * @typedef {{square: number, disc: number}} Hit
 */

/** @typedef {[number, number]} Point a point in CSS pixels, relative to the canvas box */

/**
 * A pointer pressed on the board.
 * @typedef {{id: number, x: number, y: number, hit: Hit | null, dragging: boolean}} Press
 */

/**
 * Pieces being dragged: where the pointer is and the square under it.
 * @typedef {{x: number, y: number, over: number | null}} Drag
 */

/**
 * Where the pieces of the move just chosen start: lifted on their square, or under the pointer.
 * @typedef {{square: number, count: number, point: Point | null}} Launch
 */

/**
 * Everything the board knows. Board.update is the one function that changes it.
 * @template C, S
 * @typedef {object} State
 * @property {C} config
 * @property {S | null} selection the game's choice in progress
 * @property {number | null} cursor the keyboard cursor, shown while the keyboard is in use
 * @property {Press | null} press
 * @property {Drag | null} drag
 * @property {Launch | null} launch
 * @property {import("./anim.js").Timed[]} animations the first one running, at most one waiting
 * @property {import("./geometry.js").Geometry | null} geometry
 * @property {Record<string, string>} colors
 * @property {number[]} marks squares the page marks as kept for later (taps made before
 *   the engine was ready: web/js/early-taps.js)
 */

/**
 * The state of a new board.
 * @template C, S
 * @param {C} config
 * @param {Record<string, string>} colors
 * @returns {State<C, S>}
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
    marks: [],
  };
}

/**
 * Whether two pictures of the board hold the same pieces on every square.
 * @param {readonly string[]} a
 * @param {readonly string[]} b
 */
export function sameStacks(a, b) {
  return a.length === b.length && a.every((stack, i) => stack === b[i]);
}
