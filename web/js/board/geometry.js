// @ts-check
// Where things are on the canvas, for a board of any number of files
// (columns) and ranks (rows): the board's layout in a canvas of a given size,
// squares to pixels and back (the flip turns the board round) and the square
// under a point. Pure arithmetic, no DOM: Node imports this module in
// tests/js/. What stands on a square, and how tall it is drawn, is the game's
// (web/js/board/mixtour/geometry.js for Mixtour's stacks).
//
// A square's index is rank * files + file, a1 = 0. All lengths are CSS pixels
// relative to the canvas box; the device pixel ratio only sets the size of
// the canvas's backing store.

/**
 * The board's size in squares, and the room a game keeps at the right of
 * the frame for its own drawings (`aside`, in squares: Tor's tokens in hand).
 * @typedef {{files: number, ranks: number, aside?: number}} Grid
 */

/** Mixtour's 5x5 board: the grid when none is given. */
export const SQUARE_GRID = Object.freeze({ files: 5, ranks: 5 });

// The frame round the squares, in fractions of the board's longer side:
// narrow on the top and right, wide on the left and bottom where the
// coordinates are written.
const NARROW = 0.03;
const WIDE = 0.075;

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
 * @property {number} files squares across
 * @property {number} ranks squares down
 * @property {number} aside the room at the right of the frame, in squares
 */

/**
 * The layout of the board in a canvas box of `width` x `height` CSS pixels:
 * the largest board that fits, centred, with a frame round the squares
 * (wider on the left and at the bottom when it holds the coordinates).
 * @param {number} width
 * @param {number} height
 * @param {{ratio?: number, coordinates?: boolean, flipped?: boolean, grid?: Grid}} [options]
 * @returns {Geometry}
 */
export function layout(
  width,
  height,
  { ratio = 1, coordinates = true, flipped = false, grid = SQUARE_GRID } = {},
) {
  width = Math.max(1, width);
  height = Math.max(1, height);
  const { files, ranks, aside = 0 } = grid;
  const most = Math.max(files + aside, ranks);
  const frame = NARROW + (coordinates === false ? NARROW : WIDE);
  // The board's width and height for a longer side of 1 (exactly 1 along it).
  /** @param {number} count */
  const extent = (count) => (count === most ? 1 : (count / most) * (1 - frame) + frame);
  const across = extent(files + aside);
  const down = extent(ranks);
  const side = Math.min(width / across, height / down);
  const narrow = side * NARROW;
  const wide = coordinates === false ? narrow : side * WIDE;
  const cell = (side - wide - narrow) / most;
  const x = (width - side * across) / 2 + wide;
  const y = (height - side * down) / 2 + narrow;
  const board = { width, height, ratio, x, y, cell, wide, narrow };
  return { ...board, flipped: !!flipped, files, ranks, aside };
}

/**
 * What every board publishes as data-geometry, to hundredths of a pixel:
 * square centre (x + (col + 0.5) * cell, y + (row + 0.5) * cell), where col
 * and row are the square's screen cell (cellOf). A game adds its own fields.
 * @param {Geometry} g
 */
export function publishedGrid(g) {
  return { x: round2(g.x), y: round2(g.y), cell: round2(g.cell) };
}

/**
 * The screen column and row (0, 0 = top left) of a square.
 * @param {number} square
 * @param {boolean} flipped
 * @param {Grid} [grid]
 * @returns {[number, number]}
 */
export function cellOf(square, flipped, { files, ranks } = SQUARE_GRID) {
  const file = square % files;
  const rank = Math.floor(square / files);
  return flipped ? [files - 1 - file, rank] : [file, ranks - 1 - rank];
}

/**
 * The square shown at screen column `col`, row `row` (0, 0 = top left).
 * @param {number} col
 * @param {number} row
 * @param {boolean} flipped
 * @param {Grid} [grid]
 */
export function squareAt(col, row, flipped, { files, ranks } = SQUARE_GRID) {
  return flipped ? row * files + (files - 1 - col) : (ranks - 1 - row) * files + col;
}

/**
 * The centre of a square.
 * @param {Geometry} g
 * @param {number} square
 * @returns {[number, number]}
 */
export function squareCenter(g, square) {
  const [col, row] = cellOf(square, g.flipped, g);
  return [g.x + (col + 0.5) * g.cell, g.y + (row + 0.5) * g.cell];
}

/**
 * The square under a point, or null outside the squares.
 * @param {Geometry} g
 * @param {number} px
 * @param {number} py
 */
export function squareUnder(g, px, py) {
  const col = Math.floor((px - g.x) / g.cell);
  const row = Math.floor((py - g.y) / g.cell);
  if (col < 0 || col >= g.files || row < 0 || row >= g.ranks) return null;
  return squareAt(col, row, g.flipped, g);
}

/**
 * The square a keyboard arrow leads to from `square` (arrows follow the
 * flip: up is towards the top of the screen), staying on the board.
 * @param {number} square
 * @param {string} key KeyboardEvent.key
 * @param {boolean} flipped
 * @param {Grid} [grid]
 * @returns {number | null} null when the key is no arrow
 */
export function arrowStep(square, key, flipped, { files, ranks } = SQUARE_GRID) {
  const arrow = ARROWS[key];
  if (!arrow) return null;
  const sign = flipped ? -1 : 1;
  const file = clamp((square % files) + arrow[0] * sign, 0, files - 1);
  const rank = clamp(Math.floor(square / files) + arrow[1] * sign, 0, ranks - 1);
  return rank * files + file;
}

/** @type {Record<string, [number, number]>} */
const ARROWS = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

/**
 * @param {number} value
 * @param {number} low
 * @param {number} high
 */
export function clamp(value, low, high) {
  return Math.max(low, Math.min(high, value));
}

/** @param {number} value */
export function round2(value) {
  return Math.round(value * 100) / 100;
}
