// Tor's selection model (web/js/tor/select.js): every path of a turn built
// in steps, by taps, drags and keys, with the legal actions given as the
// engine's texts. The model only keeps the actions the steps so far begin,
// so a refused choice comes out as an attempt the page gives the engine.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { parseSquare, squareName } from "../../web/js/tor/position.js";
import { CENTRE, choicesOf, isPlacing, prefixOf, step } from "../../web/js/tor/select.js";

const sq = parseSquare;
const idle = { selection: null, cursor: null };
const tap = (name) => ({ type: "tap", hit: name === null ? null : { square: sq(name), disc: -1 } });
const names = (squares) => squares.map(squareName);

// White to move with a token in hand: pawns on c3 and e5; e5 has nowhere to place.
const WITH_HAND = {
  legal: ["c3-c4@a1", "c3-c4@b2", "c3-d4@a1", "c3-d4@c3", "e5-e6"],
  interactive: true,
  flipped: false,
};
// The same pawns with no token in hand (White's first turn).
const NO_HAND = { ...WITH_HAND, legal: ["c3-c4", "c3-d4", "e5-e6"] };
// Black places a pawn (T2).
const PLACING = { ...WITH_HAND, legal: ["a1", "b2", "c3"] };

/** Feed inputs one after another; the last answer, with every output on the way. */
function run(legal, inputs, machine = idle) {
  const out = [];
  let answer = { machine, out: [], handled: false };
  for (const input of inputs) {
    answer = step(answer.machine, legal, input);
    out.push(...answer.out);
  }
  return { ...answer, all: out };
}

const plays = (outputs) => outputs.filter((o) => o.type === "play").map((o) => o.action);
const attempts = (outputs) => outputs.filter((o) => o.type === "illegal").map((o) => o.attempt);

describe("placing a pawn (T2)", () => {
  test("a square in the legal list is played at once", () => {
    const answer = run(PLACING, [tap("b2")]);
    assert.deepEqual(plays(answer.all), ["b2"]);
    assert.equal(answer.machine.selection, null);
  });

  test("any other square is an attempt to explain, and nothing is chosen", () => {
    const answer = run(PLACING, [tap("d5")]);
    assert.deepEqual(attempts(answer.all), [{ kind: "place", square: sq("d5"), text: "d5" }]);
    assert.deepEqual(plays(answer.all), []);
  });

  test("the legal squares are the choices, and the list is a placing one", () => {
    assert.deepEqual(names(choicesOf(PLACING.legal, null)), ["a1", "b2", "c3"]);
    assert.ok(isPlacing(PLACING.legal));
    assert.ok(!isPlacing(NO_HAND.legal));
    assert.ok(!isPlacing([]), "no legal action: the game is over, nothing to place");
  });
});

describe("a turn without a token in hand", () => {
  test("the pawn, then its destination, plays the step", () => {
    const chosen = run(NO_HAND, [tap("c3")]);
    assert.deepEqual(chosen.machine.selection, { from: sq("c3"), to: null });
    assert.deepEqual(names(choicesOf(NO_HAND.legal, chosen.machine.selection)), ["c4", "d4"]);
    const answer = run(NO_HAND, [tap("d4")], chosen.machine);
    assert.deepEqual(plays(answer.all), ["c3-d4"]);
    assert.equal(answer.machine.selection, null);
  });

  test("before a pawn is chosen the pawns that can move are the choices", () => {
    assert.deepEqual(names(choicesOf(NO_HAND.legal, null)), ["c3", "e5"]);
  });
});

describe("a turn with a token in hand", () => {
  test("pawn, destination, then the placement square plays the whole turn", () => {
    const answer = run(WITH_HAND, [tap("c3"), tap("d4")]);
    assert.deepEqual(answer.machine.selection, { from: sq("c3"), to: sq("d4") });
    assert.equal(prefixOf(answer.machine.selection), "c3-d4@");
    assert.deepEqual(plays(answer.all), [], "the turn waits for the placement");
    assert.deepEqual(names(choicesOf(WITH_HAND.legal, answer.machine.selection)), ["a1", "c3"]);
    const placed = run(WITH_HAND, [tap("c3")], answer.machine);
    assert.deepEqual(plays(placed.all), ["c3-d4@c3"]);
    assert.equal(placed.machine.selection, null);
  });

  test("a step with no square for the token plays at once (the token is discarded)", () => {
    assert.deepEqual(plays(run(WITH_HAND, [tap("e5"), tap("e6")]).all), ["e5-e6"]);
  });

  test("a square the token may not go to is an attempt; the turn in progress stays", () => {
    const answer = run(WITH_HAND, [tap("c3"), tap("d4"), tap("f8")]);
    assert.deepEqual(attempts(answer.all), [
      { kind: "placement", square: sq("f8"), text: "c3-d4@f8" },
    ]);
    assert.deepEqual(answer.machine.selection, { from: sq("c3"), to: sq("d4") });
  });

  test("the destination again takes it back, and the pawn again puts the pawn down", () => {
    const back = run(WITH_HAND, [tap("c3"), tap("d4"), tap("d4")]);
    assert.deepEqual(back.machine.selection, { from: sq("c3"), to: null });
    const down = run(WITH_HAND, [tap("c3")], back.machine);
    assert.equal(down.machine.selection, null);
    assert.ok(down.all.some((o) => o.type === "cancel"));
  });
});

describe("refused and changed choices", () => {
  test("a square whose pawn cannot move is an attempt to explain", () => {
    const answer = run(WITH_HAND, [tap("a1")]);
    assert.deepEqual(attempts(answer.all), [{ kind: "pawn", square: sq("a1"), text: "a1" }]);
    assert.equal(answer.machine.selection, null);
  });

  test("a destination the pawn cannot reach is an attempt; the pawn stays chosen", () => {
    const answer = run(NO_HAND, [tap("c3"), tap("c5")]);
    assert.deepEqual(attempts(answer.all), [{ kind: "step", square: sq("c5"), text: "c3-c5" }]);
    assert.deepEqual(answer.machine.selection, { from: sq("c3"), to: null });
  });

  test("another pawn that can move replaces the one chosen, with no error", () => {
    const answer = run(NO_HAND, [tap("c3"), tap("e5")]);
    assert.deepEqual(answer.machine.selection, { from: sq("e5"), to: null });
    assert.deepEqual(attempts(answer.all), []);
  });

  test("a tap off the board gives up the turn in progress", () => {
    const answer = run(WITH_HAND, [tap("c3"), tap("d4"), tap(null)]);
    assert.equal(answer.machine.selection, null);
    assert.ok(answer.all.some((o) => o.type === "cancel"));
  });

  test("nothing happens while the board is not interactive", () => {
    const answer = run({ ...NO_HAND, interactive: false }, [tap("c3"), tap("d4")]);
    assert.deepEqual(answer.all, []);
  });

  test("Escape goes back one step at a time", () => {
    const escape = { type: "key", key: "Escape" };
    const once = run(WITH_HAND, [tap("c3"), tap("d4"), escape]);
    assert.deepEqual(once.machine.selection, { from: sq("c3"), to: null });
    const twice = run(WITH_HAND, [escape], once.machine);
    assert.equal(twice.machine.selection, null);
  });
});

describe("dragging a pawn", () => {
  const at = (name) => ({ square: sq(name), disc: -1 });

  test("a pawn that can move is picked up and dropped on its destination", () => {
    const answer = run(NO_HAND, [
      { type: "grab", hit: at("c3") },
      { type: "drop", hit: at("c4"), point: [10, 10] },
    ]);
    assert.deepEqual(plays(answer.all), ["c3-c4"]);
  });

  test("dropped where the token in hand must be placed next, the turn waits for the placement", () => {
    const answer = run(WITH_HAND, [
      { type: "grab", hit: at("c3") },
      { type: "drop", hit: at("c4"), point: [10, 10] },
    ]);
    assert.deepEqual(answer.machine.selection, { from: sq("c3"), to: sq("c4") });
  });

  test("a square whose pawn cannot move is no drag, nor is any square while placing pawns", () => {
    assert.equal(step(idle, NO_HAND, { type: "grab", hit: at("a1") }).handled, false);
    assert.equal(step(idle, PLACING, { type: "grab", hit: at("a1") }).handled, false);
  });

  test("dropped back home the pawn stays chosen; dropped off the board the turn is given up", () => {
    const home = run(NO_HAND, [
      { type: "grab", hit: at("c3") },
      { type: "drop", hit: at("c3"), point: [0, 0] },
    ]);
    assert.deepEqual(home.machine.selection, { from: sq("c3"), to: null });
    const off = run(NO_HAND, [{ type: "drop", hit: null, point: [0, 0] }], home.machine);
    assert.equal(off.machine.selection, null);
  });
});

describe("the keyboard", () => {
  const key = (name) => ({ type: "key", key: name });

  test("arrows move the cursor from c4 and stop at the edges of the 6x8 board", () => {
    assert.equal(CENTRE, sq("c4"));
    const right = run(NO_HAND, [key("ArrowRight"), key("ArrowRight"), key("ArrowRight"), key("ArrowRight")]);
    assert.equal(right.machine.cursor, sq("f4"));
    const up = run(NO_HAND, Array(6).fill(key("ArrowUp")));
    assert.equal(up.machine.cursor, sq("c8"));
  });

  test("arrows follow the flip", () => {
    const answer = run({ ...NO_HAND, flipped: true }, [key("ArrowUp"), key("ArrowLeft")]);
    assert.equal(answer.machine.cursor, sq("d3"));
  });

  test("Enter plays a whole turn, step by step, where the cursor is", () => {
    // From c4 (the start): down to c3, Enter; right to d3, up to d4, Enter; to c3, Enter.
    const answer = run(WITH_HAND, [
      key("ArrowDown"),
      key("Enter"),
      key("ArrowRight"),
      key("ArrowUp"),
      key(" "),
      key("ArrowDown"),
      key("ArrowLeft"),
      key("Enter"),
    ]);
    assert.deepEqual(plays(answer.all), ["c3-d4@c3"]);
  });

  test("Enter before any arrow shows the cursor where it chooses", () => {
    const answer = run(PLACING, [key("Enter")]);
    assert.deepEqual(answer.all[0], { type: "cursor", square: sq("c4") });
    assert.deepEqual(attempts(answer.all), [{ kind: "place", square: sq("c4"), text: "c4" }]);
  });

  test("other keys are left to the page", () => {
    assert.equal(step(idle, NO_HAND, key("a")).handled, false);
  });
});
