// The answers every game's selection model gives (web/js/board/steps.js),
// on their own and through both games' models: the keyboard's cursor moved
// or shown, and one answer after another, are the kit's for Mixtour and Tor.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { CENTRE as MIXTOUR_CENTRE, step as mixtourStep } from "../../web/js/board/mixtour/select.js";
import { stepHelpers } from "../../web/js/board/steps.js";
import { parseSquare } from "../../web/js/tor/position.js";
import { CENTRE as TOR_CENTRE, step as torStep } from "../../web/js/tor/select.js";

const { report, moveCursor, showCursor, then, select, keys } = stepHelpers();
const hidden = { selection: null, cursor: null };

describe("the kit's keyboard answers", () => {
  test("moving the cursor keeps the selection and reports the square", () => {
    const machine = { selection: { from: 3, to: null }, cursor: 1 };
    const answer = moveCursor(machine, 9);
    assert.deepEqual(answer.machine, { selection: { from: 3, to: null }, cursor: 9 });
    assert.deepEqual(answer.out, [{ type: "cursor", square: 9 }]);
    assert.equal(answer.handled, true);
  });

  test("a hidden cursor is shown where asked; a shown one stays put, unreported", () => {
    assert.deepEqual(showCursor(hidden, 4).out, [{ type: "cursor", square: 4 }]);
    assert.equal(showCursor(hidden, 4).machine.cursor, 4);
    const shown = { selection: null, cursor: 7 };
    assert.deepEqual(showCursor(shown, 4), { machine: shown, out: [], handled: true });
  });

  test("then: the second answer starts from the first's machine, outputs in order", () => {
    let seen = null;
    const answer = then(moveCursor(hidden, 2), (machine) => {
      seen = machine;
      return select(machine, "chosen");
    });
    assert.deepEqual(seen, { selection: null, cursor: 2 });
    assert.deepEqual(answer.machine, { selection: "chosen", cursor: 2 });
    assert.deepEqual(answer.out, [
      { type: "cursor", square: 2 },
      { type: "select", selection: "chosen" },
    ]);
  });

  test("then keeps the first's outputs when the second reports nothing", () => {
    const answer = then(moveCursor(hidden, 5), (machine) => report(machine));
    assert.deepEqual(answer.out, [{ type: "cursor", square: 5 }]);
  });

  // The keys of any board, on a 3x2 grid: what choosing and going back do is the game's.
  const grid = { files: 3, ranks: 2 };
  const game = {
    grid,
    choose: (/** @type {any} */ machine) => select(machine, "chosen"),
    back: (/** @type {any} */ machine) => report(machine, [{ type: "back" }]),
  };

  test("keys: an arrow moves the cursor within the game's grid, the flip reversing it", () => {
    assert.deepEqual(keys(hidden, "ArrowUp", { ...game, start: 1, flipped: false }).out, [
      { type: "cursor", square: 4 },
    ]);
    // On the top rank, up goes nowhere further; flipped, up is down.
    assert.equal(keys(hidden, "ArrowUp", { ...game, start: 4, flipped: false }).machine.cursor, 4);
    assert.equal(keys(hidden, "ArrowUp", { ...game, start: 4, flipped: true }).machine.cursor, 1);
  });

  test("keys: Enter and space show the cursor and choose; Escape goes back", () => {
    for (const name of ["Enter", " "]) {
      const answer = keys(hidden, name, { ...game, start: 2, flipped: false });
      assert.deepEqual(answer.out, [
        { type: "cursor", square: 2 },
        { type: "select", selection: "chosen" },
      ]);
    }
    assert.deepEqual(keys(hidden, "Escape", { ...game, start: 2, flipped: false }).out, [{ type: "back" }]);
  });

  test("keys: any other key is left to the page", () => {
    const answer = keys(hidden, "x", { ...game, start: 2, flipped: false });
    assert.deepEqual(answer, { machine: hidden, out: [], handled: false });
  });
});

// Each game's board, with something its player can choose on the square the
// keyboard starts from (c3 in Mixtour, c4 in Tor).
const GAMES = [
  {
    name: "Mixtour",
    step: mixtourStep,
    square: MIXTOUR_CENTRE, // a single white disc that can move to b2
    legal: {
      stacks: Array.from({ length: 25 }, (_, s) => (s === MIXTOUR_CENTRE ? "w" : "")),
      enterable: [],
      movable: { [MIXTOUR_CENTRE]: { 1: [6] } },
      interactive: true,
      flipped: false,
    },
    chosen: { square: MIXTOUR_CENTRE, count: 1 },
  },
  {
    name: "Tor",
    step: torStep,
    square: TOR_CENTRE, // a pawn on c4 that can step to c5 or d5
    legal: { legal: ["c4-c5", "c4-d5"], interactive: true, flipped: false },
    chosen: { from: parseSquare("c4"), to: null },
  },
];

for (const game of GAMES) {
  describe(`${game.name}'s keys on the kit's answers`, () => {
    test("Enter before any arrow shows the cursor, then chooses under it", () => {
      const answer = game.step(hidden, game.legal, { type: "key", key: "Enter" });
      assert.deepEqual(answer.out, [
        { type: "cursor", square: game.square },
        { type: "select", selection: game.chosen },
      ]);
      assert.deepEqual(answer.machine, { selection: game.chosen, cursor: game.square });
    });

    test("Enter on a shown cursor chooses without a cursor report", () => {
      const machine = { selection: null, cursor: game.square };
      const answer = game.step(machine, game.legal, { type: "key", key: " " });
      assert.deepEqual(answer.out, [{ type: "select", selection: game.chosen }]);
      assert.deepEqual(answer.machine, { selection: game.chosen, cursor: game.square });
    });

    test("an arrow moves the cursor one square and says where", () => {
      const machine = { selection: null, cursor: game.square };
      const answer = game.step(machine, game.legal, { type: "key", key: "ArrowRight" });
      assert.deepEqual(answer.out, [{ type: "cursor", square: game.square + 1 }]);
      assert.equal(answer.machine.cursor, game.square + 1);
    });
  });
}
