// @ts-check
// Where things are on the canvas: the board's layout in a canvas of a given
// size, squares to pixels and back (the flip turns the board round), what
// lies under a point, and the proportions of discs and stacks. Pure
// arithmetic, no DOM: Node imports this module in tests/js/.
//
// All lengths are CSS pixels relative to the canvas box; the device pixel
// ratio only sets the size of the canvas's backing store.

import { SIZE } from "./state.js";

// Disc and stack proportions, in cells.
export const DISC_RX = 0.36;
export const DISC_RY = 0.15;
export const DISC_STEP = 0.15; // thickness of a disc = vertical distance between discs
export const STACK_BASE = 0.3; // stack bottom below the square's centre
export const LIFT = 0.1; // how far lifted discs rise

/**
 * The board laid out in a canvas.
 * @typedef {object} Geometry
 * @property {number} width the canvas box
 * @property {number} height
 * @property {number} ratio device pixels per CSS pixel
 * @property {number} x the board's top left corner (without the frame)
 * @property {number} y
 * @property {number} cell the side of a square
 * @property {number} wide the frame's width where the coordinates are (left, bottom)
 * @property {number} narrow the frame's width on the other two sides
 * @property {boolean} flipped a1 at the top right
 */

/**
 * The layout of the board in a canvas box of `width` x `height` CSS pixels:
 * the largest square that fits, centred, with a frame round the squares
 * (wider on the left and at the bottom when it holds the coordinates).
 * @param {number} width
 * @param {number} height
 * @param {{ratio?: number, coordinates?: boolean, flipped?: boolean}} [options]
 * @returns {Geometry}
 */
export function layout(width, height, { ratio = 1, coordinates = true, flipped = false } = {}) {
  width = Math.max(1, width);
  height = Math.max(1, height);
  const side = Math.min(width, height);
  const narrow = side * 0.03;
  const wide = coordinates === false ? narrow : side * 0.075;
  const cell = (side - wide - narrow) / SIZE;
  const x = (width - side) / 2 + wide;
  const y = (height - side) / 2 + narrow;
  return { width, height, ratio, x, y, cell, wide, narrow, flipped: !!flipped };
}

/**
 * What the canvas publishes as data-geometry, for tests to find squares and discs:
 *   square centre: (x + (file + 0.5) * cell, y + (4 - rank + 0.5) * cell)
 *   (flipped: file and rank count from the other side, 4 - file and 4 - rank)
 *   disc i (0 = bottom) of a stack: centre.y + base - (i + 0.5) * step
 * @param {Geometry} g
 */
export function published(g) {
  return {
    x: round2(g.x),
    y: round2(g.y),
    cell: round2(g.cell),
    base: round2(STACK_BASE * g.cell),
    step: round2(DISC_STEP * g.cell),
    flipped: g.flipped,
  };
}

/**
 * The screen column and row (0, 0 = top left) of a square.
 * @param {number} square
 * @param {boolean} flipped
 * @returns {[number, number]}
 */
export function cellOf(square, flipped) {
  const file = square % SIZE;
  const rank = Math.floor(square / SIZE);
  return flipped ? [SIZE - 1 - file, rank] : [file, SIZE - 1 - rank];
}

/**
 * The square shown at screen column `col`, row `row` (0, 0 = top left).
 * @param {number} col
 * @param {number} row
 * @param {boolean} flipped
 */
export function squareAt(col, row, flipped) {
  return flipped ? row * SIZE + (SIZE - 1 - col) : (SIZE - 1 - row) * SIZE + col;
}

/**
 * The centre of a square.
 * @param {Geometry} g
 * @param {number} square
 * @returns {[number, number]}
 */
export function squareCenter(g, square) {
  const [col, row] = cellOf(square, g.flipped);
  return [g.x + (col + 0.5) * g.cell, g.y + (row + 0.5) * g.cell];
}

/**
 * Where the bottom of a stack stands: below the square's centre.
 * @param {Geometry} g
 * @param {number} square
 * @returns {[number, number]}
 */
export function stackBase(g, square) {
  const [cx, cy] = squareCenter(g, square);
  return [cx, cy + STACK_BASE * g.cell];
}

/**
 * What is under a point: the square and the disc of its stack (-1 on an
 * empty square; above the stack counts as its top disc, below it as its
 * bottom one), or null outside the squares.
 * @param {Geometry} g
 * @param {readonly string[]} stacks
 * @param {number} px
 * @param {number} py
 * @returns {import("./state.js").Hit | null}
 */
export function hitTest(g, stacks, px, py) {
  const col = Math.floor((px - g.x) / g.cell);
  const row = Math.floor((py - g.y) / g.cell);
  if (col < 0 || col >= SIZE || row < 0 || row >= SIZE) return null;
  const square = squareAt(col, row, g.flipped);
  const height = stacks[square].length;
  if (!height) return { square, disc: -1 };
  const [, base] = stackBase(g, square);
  const above = base - py; // distance above the stack's bottom
  const disc = clamp(Math.floor(above / (DISC_STEP * g.cell)), 0, height - 1);
  return { square, disc };
}

/**
 * @param {number} value
 * @param {number} low
 * @param {number} high
 */
function clamp(value, low, high) {
  return Math.max(low, Math.min(high, value));
}

/** @param {number} value */
function round2(value) {
  return Math.round(value * 100) / 100;
}
