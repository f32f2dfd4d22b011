// The rules of the taps a game page keeps before its engine is ready
// (web/js/board/early.js): which taps a press stands for, how the queue
// grows, and what is done with it once the engine is there.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { MAX_KEPT, keep, markedSquares, pressTaps, settle } from "../../web/js/board/early.js";

const hit = (square, disc = -1) => ({ square, disc });
const tap = (square) => ({ kind: "tap", hit: hit(square) });
const START = "5/5/5/5/5 w 20/20 0/0 1 -";
const OTHER = "5/5/2w2/5/5 r 19/20 0/0 1 c3";

describe("pressTaps", () => {
  test("a press let go where it went down is one tap", () => {
    assert.deepEqual(pressTaps(hit(12, 0), hit(12, 0), false), [hit(12, 0)]);
  });

  test("a short press is one tap even when let go over the next square", () => {
    assert.deepEqual(pressTaps(hit(12), hit(13), false), [hit(12)]);
  });

  test("a drag to another square is the tap that picks up and the tap that puts down", () => {
    assert.deepEqual(pressTaps(hit(12, 1), hit(17), true), [hit(12, 1), hit(17)]);
  });

  test("a drag back home, or off the board, is the one tap that picked up", () => {
    assert.deepEqual(pressTaps(hit(12, 1), hit(12), true), [hit(12, 1)]);
    assert.deepEqual(pressTaps(hit(12, 1), null, true), [hit(12, 1)]);
  });

  test("a press that went down off the board is a tap off it", () => {
    assert.deepEqual(pressTaps(null, hit(3), true), [null]);
    assert.deepEqual(pressTaps(null, null, false), [null]);
  });
});

describe("keep", () => {
  test("a tap on a board the page is sure of is kept with its position", () => {
    const { queue, outcome } = keep([], tap(12), START);
    assert.equal(outcome, "kept");
    assert.deepEqual(queue, [{ kind: "tap", hit: hit(12), position: START }]);
  });

  test("keys and taps queue in the order made", () => {
    let queue = keep([], tap(12), START).queue;
    queue = keep(queue, { kind: "key", square: 7 }, START).queue;
    assert.deepEqual(
      queue.map((kept) => kept.kind),
      ["tap", "key"],
    );
    assert.deepEqual(markedSquares(queue), [12, 7]);
  });

  test("nothing is kept when the page cannot tell the game it will show", () => {
    const before = keep([], tap(12), START).queue;
    const { queue, outcome } = keep(before, tap(13), null);
    assert.equal(outcome, "unsure");
    assert.deepEqual(queue, before);
  });

  test("a tap off the board gives the queue up", () => {
    const before = keep([], tap(12), START).queue;
    assert.deepEqual(keep(before, null, START), { queue: [], outcome: "cleared" });
  });

  test("the queue holds a few inputs, then keeps no more", () => {
    let queue = [];
    for (let square = 0; square < MAX_KEPT; square += 1) {
      const answer = keep(queue, tap(square), START);
      assert.equal(answer.outcome, "kept");
      queue = answer.queue;
    }
    const { queue: after, outcome } = keep(queue, tap(20), START);
    assert.equal(outcome, "full");
    assert.equal(after.length, MAX_KEPT);
    assert.ok(!markedSquares(after).includes(20));
  });

  test("the queue given is never changed", () => {
    const queue = Object.freeze([]);
    keep(queue, tap(1), START);
    assert.equal(queue.length, 0);
  });
});

describe("settle", () => {
  const kept = keep(keep([], tap(12), START).queue, tap(13), START).queue;

  test("inputs made on the position shown are given to the board", () => {
    assert.equal(settle(kept, START, true), "replay");
  });

  test("a position shown other than the one tapped plays nothing", () => {
    assert.equal(settle(kept, OTHER, true), "changed");
    assert.equal(settle(kept, OTHER, false), "changed");
  });

  test("on the position tapped, a board that takes no move now plays nothing", () => {
    assert.equal(settle(kept, START, false), "blocked");
  });

  test("nothing kept, nothing to do", () => {
    assert.equal(settle([], START, true), "none");
  });
});

describe("markedSquares", () => {
  test("each square once, in the order first tapped", () => {
    const queue = [tap(12), tap(3), tap(12)].map((input) => ({ ...input, position: START }));
    assert.deepEqual(markedSquares(queue), [12, 3]);
  });
});
