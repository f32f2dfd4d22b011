// The board's geometry (web/js/board/geometry.js): squares to pixels and
// back, on a board the right way up and flipped, hit testing of discs, the
// layout in a canvas and the data-geometry the tests of the pages rely on.

import assert from "node:assert/strict";
import { test } from "node:test";

import { cellOf, layout, squareAt, squareCenter } from "../../web/js/board/geometry.js";
import { DISC_STEP, hitTest, published, STACK_BASE } from "../../web/js/board/mixtour/geometry.js";

const SQUARES = Array.from({ length: 25 }, (_, i) => i);
const sq = (name) => (Number(name[1]) - 1) * 5 + "abcde".indexOf(name[0]);

test("a square's screen cell leads back to the square, the right way up and flipped", () => {
  for (const flipped of [false, true]) {
    const cells = new Set();
    for (const square of SQUARES) {
      const [col, row] = cellOf(square, flipped);
      assert.ok(col >= 0 && col < 5 && row >= 0 && row < 5);
      assert.equal(squareAt(col, row, flipped), square);
      cells.add(`${col},${row}`);
    }
    assert.equal(cells.size, 25, "every square has its own cell");
  }
});

test("a1 is at the bottom left, and at the top right when flipped", () => {
  assert.deepEqual(cellOf(sq("a1"), false), [0, 4]);
  assert.deepEqual(cellOf(sq("e5"), false), [4, 0]);
  assert.deepEqual(cellOf(sq("a1"), true), [4, 0]);
  assert.deepEqual(cellOf(sq("e5"), true), [0, 4]);
  assert.deepEqual(cellOf(sq("b4"), true), [3, 3]);
});

test("the centre of every square hits that square, on any canvas and either way up", () => {
  const empty = Array(25).fill("");
  for (const [width, height] of [
    [500, 500],
    [390, 420],
    [1280, 800],
    [300, 700],
  ]) {
    for (const flipped of [false, true]) {
      const g = layout(width, height, { flipped });
      for (const square of SQUARES) {
        const [x, y] = squareCenter(g, square);
        assert.deepEqual(hitTest(g, empty, x, y), { square, disc: -1 });
      }
    }
  }
});

test("points off the squares hit nothing", () => {
  const g = layout(500, 500);
  const stacks = Array(25).fill("w");
  const far = g.x + 5 * g.cell + 1;
  for (const [x, y] of [
    [g.x - 1, g.y + 10],
    [g.x + 10, g.y - 1],
    [far, g.y + 10],
    [g.x + 10, g.y + 5 * g.cell + 1],
  ]) {
    assert.equal(hitTest(g, stacks, x, y), null);
  }
});

test("each disc of a stack is hit where data-geometry says it is drawn", () => {
  for (const flipped of [false, true]) {
    const g = layout(600, 520, { flipped });
    const data = published(g);
    const stacks = Array(25).fill("");
    stacks[sq("b4")] = "rwrw";
    const file = flipped ? 4 - 1 : 1;
    const rank = flipped ? 4 - 3 : 3;
    // The formula of web/js/mixtour-board.js and tests/webhelpers.py point().
    const cx = data.x + (file + 0.5) * data.cell;
    const cy = data.y + (4 - rank + 0.5) * data.cell;
    for (let disc = 0; disc < 4; disc++) {
      const y = cy + data.base - (disc + 0.5) * data.step;
      assert.deepEqual(hitTest(g, stacks, cx, y), { square: sq("b4"), disc });
    }
    // Above the stack is its top disc; below its bottom is the bottom disc.
    assert.deepEqual(hitTest(g, stacks, cx, cy - 0.45 * data.cell), { square: sq("b4"), disc: 3 });
    assert.deepEqual(hitTest(g, stacks, cx, cy + 0.45 * data.cell), { square: sq("b4"), disc: 0 });
  }
});

test("the board is the largest square that fits, centred, with a wider frame for coordinates", () => {
  const wide = layout(1000, 600);
  const side = 600;
  assert.equal(wide.x - wide.wide, (1000 - side) / 2);
  assert.equal(wide.y - wide.narrow, 0);
  assert.ok(Math.abs(wide.wide + 5 * wide.cell + wide.narrow - side) < 1e-9);
  assert.ok(wide.wide > wide.narrow);
  const bare = layout(1000, 600, { coordinates: false });
  assert.equal(bare.wide, bare.narrow);
  assert.ok(bare.cell > wide.cell, "no coordinates leaves more room for the squares");
});

test("data-geometry rounds to hundredths and gives the disc step and the stack base", () => {
  const g = layout(333, 333, { flipped: true });
  const data = published(g);
  assert.deepEqual(Object.keys(data).sort(), ["base", "cell", "flipped", "step", "x", "y"]);
  assert.equal(data.flipped, true);
  assert.equal(data.cell, Math.round(g.cell * 100) / 100);
  assert.equal(data.base, Math.round(STACK_BASE * g.cell * 100) / 100);
  assert.equal(data.step, Math.round(DISC_STEP * g.cell * 100) / 100);
});

test("a canvas with no size still lays out a board", () => {
  const g = layout(0, 0);
  assert.ok(g.cell > 0 && Number.isFinite(g.x) && Number.isFinite(g.y));
});
