// The board kit's geometry on a board that is not square (web/js/board/
// geometry.js): Tor's 6 files by 8 ranks, with and without room at the
// right for the tokens in hand. Mixtour's 5x5 is board-geometry.test.mjs.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  arrowStep,
  cellOf,
  layout,
  squareAt,
  squareCenter,
  squareUnder,
} from "../../web/js/board/geometry.js";

const TOR = { files: 6, ranks: 8 };
const TOR_TRAYS = { ...TOR, aside: 1 };
const SIZES = [
  [390, 520],
  [1280, 800],
  [300, 700],
  [800, 300],
];

test("every square of a 6x8 board has its own screen cell, leading back to it, either way up", () => {
  for (const flipped of [false, true]) {
    const cells = new Set();
    for (let square = 0; square < 48; square++) {
      const [col, row] = cellOf(square, flipped, TOR);
      assert.ok(col >= 0 && col < 6 && row >= 0 && row < 8, `${square}: ${col},${row}`);
      assert.equal(squareAt(col, row, flipped, TOR), square);
      cells.add(`${col},${row}`);
    }
    assert.equal(cells.size, 48);
  }
  assert.deepEqual(cellOf(0, false, TOR), [0, 7], "a1 at the bottom left");
  assert.deepEqual(cellOf(47, false, TOR), [5, 0], "f8 at the top right");
  assert.deepEqual(cellOf(0, true, TOR), [5, 0], "flipped: a1 at the top right");
});

test("the centre of every square is under that square, and the frame under none", () => {
  for (const grid of [TOR, TOR_TRAYS]) {
    for (const [width, height] of SIZES) {
      for (const flipped of [false, true]) {
        const g = layout(width, height, { flipped, grid });
        for (let square = 0; square < 48; square++) {
          assert.equal(squareUnder(g, ...squareCenter(g, square)), square);
        }
        assert.equal(squareUnder(g, g.x - 1, g.y + 1), null);
        assert.equal(squareUnder(g, g.x + 6 * g.cell + 1, g.y + 1), null, "the trays are no square");
        assert.equal(squareUnder(g, g.x + 1, g.y + 8 * g.cell + 1), null);
      }
    }
  }
});

test("the board with its frame and trays is as large as fits, centred in the canvas", () => {
  for (const grid of [TOR, TOR_TRAYS]) {
    for (const [width, height] of SIZES) {
      const g = layout(width, height, { grid });
      const left = g.x - g.wide;
      const right = g.x + (grid.files + (grid.aside ?? 0)) * g.cell + g.narrow;
      const top = g.y - g.narrow;
      const bottom = g.y + grid.ranks * g.cell + g.wide;
      assert.ok(left >= -1e-9 && top >= -1e-9, `${width}x${height}`);
      assert.ok(right <= width + 1e-9 && bottom <= height + 1e-9, `${width}x${height}`);
      assert.ok(Math.abs(left - (width - right)) < 1e-6, "centred across");
      assert.ok(Math.abs(top - (height - bottom)) < 1e-6, "centred down");
      const fills = Math.abs(right - left - width) < 1e-6 || Math.abs(bottom - top - height) < 1e-6;
      assert.ok(fills, `${width}x${height}: one side fills the canvas`);
    }
  }
  const trays = layout(390, 520, { grid: TOR_TRAYS });
  assert.equal(trays.aside, 1);
  assert.ok(trays.cell < layout(390, 520, { grid: TOR }).cell, "the trays take room from a narrow canvas");
});

test("arrows walk a 6x8 board and stop at its edges, and follow the flip", () => {
  const c4 = 3 * 6 + 2;
  assert.equal(arrowStep(c4, "ArrowUp", false, TOR), c4 + 6);
  assert.equal(arrowStep(c4, "ArrowRight", false, TOR), c4 + 1);
  assert.equal(arrowStep(c4, "ArrowUp", true, TOR), c4 - 6);
  assert.equal(arrowStep(47, "ArrowUp", false, TOR), 47);
  assert.equal(arrowStep(47, "ArrowRight", false, TOR), 47);
  assert.equal(arrowStep(0, "ArrowLeft", false, TOR), 0);
  assert.equal(arrowStep(5, "ArrowRight", false, TOR), 5, "f1 stays: no wrap to a2");
  assert.equal(arrowStep(c4, "Enter", false, TOR), null);
});
