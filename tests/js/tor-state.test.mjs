// Tor's board config (web/js/tor/state.js): a position given as its string
// is kept read, the trays follow the mover's hand, a malformed string is
// refused and leaves the board as it was, and the animation's picture of
// the pieces changes with the tokens and the pawns.

import assert from "node:assert/strict";
import { test } from "node:test";

import { parseSquare, PositionTextError, START } from "../../web/js/tor/position.js";
import { applyConfig, defaultConfig, piecesOf } from "../../web/js/tor/state.js";

const BLACK_HOLDS_RED = "OYOYOY/BRBRBR/OYOYkOY/BRB.BR/OY.oYOY/BRrBwRB./OYOYOY/BRBRBRw b R";

test("a new board shows the standard start with empty trays and nothing legal", () => {
  const config = defaultConfig();
  assert.equal(config.position, START);
  assert.equal(config.view.tokens[parseSquare("a1")], "B");
  assert.deepEqual(config.hands, { w: null, b: null });
  assert.deepEqual(config.legal, []);
});

test("a position string is read, and the mover's tray holds the token in hand", () => {
  const config = defaultConfig();
  applyConfig(config, { position: BLACK_HOLDS_RED, legal: ["d6-d7@a1"] });
  assert.equal(config.view.pawns[parseSquare("c3")], "w");
  assert.deepEqual(config.hands, { w: null, b: "R" });
  assert.deepEqual(config.legal, ["d6-d7@a1"]);
  applyConfig(config, { position: BLACK_HOLDS_RED, hands: { w: "O", b: "R" } });
  assert.deepEqual(config.hands, { w: "O", b: "R" }, "the page may show the token just given");
});

test("a malformed position is refused and the board keeps the one it had", () => {
  const config = defaultConfig();
  applyConfig(config, { position: BLACK_HOLDS_RED });
  const before = structuredClone(config);
  assert.throws(() => applyConfig(config, { position: "OYOYOY w -", legal: ["a1"] }), PositionTextError);
  assert.deepEqual(config, before);
});

test("the pieces of a square are its tokens bottom to top, then its pawn", () => {
  const config = defaultConfig();
  applyConfig(config, { position: BLACK_HOLDS_RED });
  const pieces = piecesOf(config);
  assert.equal(pieces[parseSquare("c3")], "RBw");
  assert.equal(pieces[parseSquare("d6")], "Yk");
  assert.equal(pieces[parseSquare("c4")], "");
  assert.equal(pieces.length, 48);
});
