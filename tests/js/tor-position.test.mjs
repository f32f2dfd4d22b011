// Tor's drawing-only reader of the position string and of action texts
// (web/js/tor/position.js): the standard start of T1, exact round trips
// with the writer on written and on random positions, and a clear refusal
// of every malformed text.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  parseSquare,
  PositionTextError,
  readAction,
  readPosition,
  squareName,
  START,
  writePosition,
} from "../../web/js/tor/position.js";

test("the standard start has one token a square in the 2x2 pattern of T1, no pawn and no hand", () => {
  const start = readPosition(START);
  for (let square = 0; square < 48; square++) {
    const file = square % 6;
    const rank = Math.floor(square / 6);
    assert.equal(start.tokens[square], "BROY"[(file % 2) + 2 * (rank % 2)], squareName(square));
    assert.equal(start.pawns[square], null);
  }
  assert.equal(start.tokens[parseSquare("a1")], "B");
  assert.equal(start.tokens[parseSquare("b1")], "R");
  assert.equal(start.tokens[parseSquare("a2")], "O");
  assert.equal(start.tokens[parseSquare("b2")], "Y");
  assert.equal(start.turn, "w");
  assert.equal(start.hand, null);
});

test("square names run a1 = 0 to f8 = 47 and back", () => {
  assert.equal(squareName(0), "a1");
  assert.equal(squareName(5), "f1");
  assert.equal(squareName(6), "a2");
  assert.equal(squareName(47), "f8");
  for (let square = 0; square < 48; square++) assert.equal(parseSquare(squareName(square)), square);
  for (const bad of ["g1", "a9", "a0", "A1", "c", "", "c33"]) assert.equal(parseSquare(bad), -1, bad);
});

test("double tokens, holes, pawns of both players and a hand read as drawn and write back", () => {
  // A mid-game: c3 holds blue on red with White's pawn, c4 and f3 are holes,
  // d6 has Black's pawn, Black holds a red token.
  const text = "OYOYOY/BRBRBR/OYOYkOY/BRB.BR/OY.oYOY/BRrBwRB./OYOYOY/BRBRBRw b R";
  const position = readPosition(text);
  assert.equal(position.tokens[parseSquare("c3")], "RB");
  assert.equal(position.pawns[parseSquare("c3")], "w");
  assert.equal(position.tokens[parseSquare("d3")], "R");
  assert.equal(position.tokens[parseSquare("c4")], "");
  assert.equal(position.tokens[parseSquare("d4")], "OY");
  assert.equal(position.pawns[parseSquare("d6")], "b");
  assert.equal(position.tokens[parseSquare("f3")], "");
  assert.equal(position.pawns[parseSquare("f1")], "w");
  assert.equal(position.turn, "b");
  assert.equal(position.hand, "R");
  assert.equal(writePosition(position), text);
});

/** A small seeded generator (mulberry32), so that a failure can be replayed. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("random positions survive writing and reading back exactly", () => {
  const next = random(14);
  const pick = (items) => items[Math.floor(next() * items.length)];
  for (let round = 0; round < 500; round++) {
    const counts = { B: 0, R: 0, O: 0, Y: 0 };
    const take = () => {
      const free = Object.keys(counts).filter((c) => counts[c] < 12);
      if (!free.length) return "";
      const color = pick(free);
      counts[color]++;
      return color;
    };
    const tokens = [];
    for (let square = 0; square < 48; square++) {
      const height = pick([0, 1, 1, 1, 2]);
      let stack = "";
      for (let i = 0; i < height; i++) stack += take();
      if (stack.length < height) stack = ""; // the tokens ran out
      tokens.push(stack);
    }
    const pawns = Array(48).fill(null);
    const standing = tokens.map((stack, i) => (stack ? i : -1)).filter((i) => i >= 0);
    for (const side of ["w", "w", "b", "b"]) {
      const free = standing.filter((i) => pawns[i] === null);
      if (free.length && next() < 0.8) pawns[pick(free)] = side;
    }
    const spare = Object.keys(counts).filter((c) => counts[c] < 12);
    const hand = next() < 0.5 || !spare.length ? null : pick(spare);
    const position = { tokens, pawns, turn: pick(["w", "b"]), hand };
    const text = writePosition(position);
    assert.deepEqual(readPosition(text), position, text);
    assert.equal(writePosition(readPosition(text)), text);
  }
});

test("malformed position strings are refused with what is wrong", () => {
  const ranks = START.split(" ")[0].split("/");
  const board = (rank8) => [rank8, ...ranks.slice(1)].join("/");
  const cases = [
    ["", /three fields/],
    [START.replace(" w -", " w"), /three fields/],
    [`${START} x`, /three fields/],
    [START.replace(" w ", "  w "), /three fields/],
    [ranks.slice(1).join("/") + " w -", /8 ranks, not 7/],
    [`${board("OYOYO")} w -`, /rank 8 has 6 squares, not 5/],
    [`${board("OYOYOYO")} w -`, /rank 8 has 6 squares, not 7/],
    [`${board("OYOXOY")} w -`, /"X" is no square/],
    [`${board("OYOYOy")} w -`, /"y" is no square/],
    [`${board("OY.wOYO")} w -`, /never on an empty square/],
    [`${board("wOYOYO")} w -`, /"w" is no square/],
    [START.replace(" w ", " k "), /turn is "w" or "b"/],
    [START.replace(" -", " G"), /token in hand/],
    [START.replace(" -", " b"), /token in hand/],
    [`${board("OwYwOwYOY")} w -`, /3 pawns for White/],
    [`${board("bOYOYOY")} w -`, /13 tokens of B/],
    [START.replace(" -", " Y"), /13 tokens of Y/],
  ];
  for (const [text, message] of cases) {
    assert.throws(() => readPosition(text), PositionTextError, text);
    assert.throws(() => readPosition(text), message, text);
  }
  assert.throws(() => readPosition(undefined), PositionTextError);
});

test("action texts read as the squares they name, and nothing else is an action", () => {
  assert.deepEqual(readAction("c3"), { square: parseSquare("c3") });
  assert.deepEqual(readAction("c3-d4"), { from: 14, to: 21, place: null });
  assert.deepEqual(readAction("c3-d4@e6"), { from: 14, to: 21, place: parseSquare("e6") });
  for (const bad of ["", "c9", "g1", "c3-", "c3-d4@", "c3d4", "C3", " c3", "c3-d4@e6@f1"]) {
    assert.equal(readAction(bad), null, bad);
  }
});
