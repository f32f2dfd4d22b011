// How Tor's board shows a turn (web/js/tor/anim.js plans it, draw.js's
// planFrame says what each frame shows): the pawn slides, the token it
// left flies to the opponent's tray, the token in hand flies to its square;
// the first frame is the position before and the last the position after.

import assert from "node:assert/strict";
import { test } from "node:test";

import { layout, squareCenter } from "../../web/js/board/geometry.js";
import { GIVE_STEP, PLACE_MS, planTurn, TURN_MS } from "../../web/js/tor/anim.js";
import { planFrame } from "../../web/js/tor/draw.js";
import { TOR } from "../../web/js/tor/game.js";
import { parseSquare as sq } from "../../web/js/tor/position.js";
import { applyConfig, defaultConfig, handsOf } from "../../web/js/tor/state.js";

// White holds an orange token; its pawn on c3 (one blue token) goes to d4
// and the orange is placed on a1: c3 is left a hole, Black now holds the blue.
const BEFORE = "OkYOYOYk/BRBRBR/OYOYOY/BRBRBwR/OYOYOY/BRBwRBR/.YOYOY/BRBRBR w O";
const AFTER = "OkYOYOYk/BRBRBR/OYOYOY/BRBRBwR/OYOYwOY/BR.RBR/.YOYOY/bORBRBR b B";

function picture(position, last = null) {
  const config = defaultConfig();
  applyConfig(config, { position, last });
  return TOR.picture(config);
}

const g = layout(700, 800, { grid: TOR.grid });
const at = (plan, t) => planFrame(g, { ...plan, t });

test("a turn is planned from the pictures before and after it", () => {
  const plan = planTurn(picture(BEFORE), picture(AFTER, "c3-d4@a1"));
  assert.equal(plan.kind, "turn");
  assert.equal(plan.duration, TURN_MS);
  assert.deepEqual([plan.side, plan.from, plan.to, plan.place], ["w", sq("c3"), sq("d4"), sq("a1")]);
  assert.equal(plan.given, "B");
  assert.equal(plan.placed, "O");
});

test("the first frame shows the position before, the last the position after", () => {
  const before = picture(BEFORE);
  const after = picture(AFTER, "c3-d4@a1");
  const plan = planTurn(before, after);
  const first = at(plan, 0);
  assert.deepEqual(first.tokens, before.view.tokens);
  assert.deepEqual(first.hands, handsOf(before.view));
  assert.equal(first.pawns[sq("d4")], null, "the pawn is on its way");
  assert.deepEqual(first.flying, [{ pawn: "w", at: squareCenter(g, sq("c3")), alpha: 1 }]);
  const last = at(plan, 1);
  assert.deepEqual(last.tokens, after.view.tokens);
  assert.deepEqual(last.pawns, after.view.pawns);
  assert.deepEqual(last.hands, { w: null, b: "B" });
  assert.deepEqual(last.flying, []);
});

test("halfway through giving, the blue token is between c3 and Black's tray", () => {
  const plan = planTurn(picture(BEFORE), picture(AFTER, "c3-d4@a1"));
  const middle = at(plan, (GIVE_STEP[0] + GIVE_STEP[1]) / 2);
  const token = middle.flying.find((piece) => piece.token === "B");
  assert.ok(token, "the given token flies");
  const [cx] = squareCenter(g, sq("c3"));
  assert.ok(token.at[0] > cx + g.cell, "it has left c3 towards the trays at the right");
  assert.equal(middle.tokens[sq("c3")], "", "c3 is already a hole");
  assert.equal(middle.hands.b, null, "Black's tray is still empty");
  assert.equal(middle.hands.w, "O", "White still holds the orange");
  assert.equal(middle.tokens[sq("a1")], "B", "the orange is not on a1 yet");
});

test("a dragged pawn starts where it was let go", () => {
  const launch = { square: sq("c3"), count: 1, point: [123, 456] };
  const plan = planTurn(picture(BEFORE), picture(AFTER, "c3-d4@a1"), launch);
  assert.deepEqual(at(plan, 0).flying[0].at, [123, 456]);
});

test("a pawn placed drops in; an undo or a jump is shown at once", () => {
  const start = picture("OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR w -");
  const placed = picture("OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBwRBR/OYOYOY/BRBRBR b -", "c3");
  const plan = planTurn(start, placed);
  assert.equal(plan.kind, "place");
  assert.equal(plan.duration, PLACE_MS);
  assert.equal(at(plan, 0).flying[0].alpha, 0);
  assert.deepEqual(at(plan, 1).pawns, placed.view.pawns);
  // Taken back: the picture after does not follow from the one before by its last action.
  assert.equal(planTurn(picture(AFTER, "c3-d4@a1"), picture(BEFORE, "a8-b7")), null);
  assert.equal(planTurn(placed, start), null);
  assert.equal(planTurn(start, picture(AFTER, "c3-d4@a1")), null);
});
