// @ts-check
// Mixtour's stacks on the kit's grid (web/js/board/geometry.js): the
// proportions of discs and stacks, where a stack stands on its square, which
// disc lies under a point, and what Mixtour's board publishes as
// data-geometry. Pure arithmetic, no DOM: Node imports this module in tests/js/.

import { publishedGrid, round2, squareCenter, squareUnder } from "../geometry.js";

// Disc and stack proportions, in cells.
export const DISC_RX = 0.36;
export const DISC_RY = 0.15;
export const DISC_STEP = 0.15; // thickness of a disc = vertical distance between discs
export const STACK_BASE = 0.3; // stack bottom below the square's centre
export const LIFT = 0.1; // how far lifted discs rise

/** @typedef {import("../geometry.js").Geometry} Geometry */

/**
 * What the canvas publishes as data-geometry, for tests to find squares and discs:
 *   square centre: (x + (file + 0.5) * cell, y + (4 - rank + 0.5) * cell)
 *   (flipped: file and rank count from the other side, 4 - file and 4 - rank)
 *   disc i (0 = bottom) of a stack: centre.y + base - (i + 0.5) * step
 * @param {Geometry} g
 */
export function published(g) {
  return {
    ...publishedGrid(g),
    base: round2(STACK_BASE * g.cell),
    step: round2(DISC_STEP * g.cell),
    flipped: g.flipped,
  };
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
  const square = squareUnder(g, px, py);
  if (square === null) return null;
  const height = stacks[square].length;
  if (!height) return { square, disc: -1 };
  const [, base] = stackBase(g, square);
  const above = base - py; // distance above the stack's bottom
  const disc = Math.max(0, Math.min(height - 1, Math.floor(above / (DISC_STEP * g.cell))));
  return { square, disc };
}
