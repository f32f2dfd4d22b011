// Animation planning (web/js/board/anim.js): what slides, fades or drops in
// between two pictures of the board, and the queue of plans being shown.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  currentPlan,
  DRAG_MS,
  easeOut,
  MOVE_MS,
  planChange,
  queueChange,
  SCORE_MS,
  within,
} from "../../web/js/board/anim.js";

const sq = (name) => (Number(name[1]) - 1) * 5 + "abcde".indexOf(name[0]);

function picture(named, last = null) {
  const stacks = Array(25).fill("");
  for (const [name, discs] of Object.entries(named)) stacks[sq(name)] = discs;
  return { stacks, last };
}

const enter = (name) => ({ kind: "enter", square: sq(name) });
const move = (from, count, to) => ({ kind: "move", from: sq(from), to: sq(to), count });

test("the same picture needs no plan", () => {
  const p = picture({ c3: "w", b4: "rw" });
  assert.equal(planChange(p, picture({ c3: "w", b4: "rw" })), null);
});

test("an entry drops in on its square and nothing slides", () => {
  const plan = planChange(picture({ c3: "w" }), picture({ c3: "w", b4: "r" }, enter("b4")));
  assert.equal(plan.duration, MOVE_MS);
  assert.deepEqual(plan.slides, []);
  assert.deepEqual(plan.squares[sq("b4")], {
    keep: "",
    goes: "",
    comes: "r",
    goFade: [0, 1],
    comeFade: [0, 1],
  });
  assert.deepEqual(plan.squares[sq("c3")].keep, "w");
});

test("a move slides the lifted discs from their square onto the target", () => {
  const before = picture({ c3: "w", b4: "rw" });
  const after = picture({ c3: "wrw" }, move("b4", 2, "c3"));
  const plan = planChange(before, after);
  assert.equal(plan.slides.length, 1);
  const [slide] = plan.slides;
  assert.equal(slide.discs, "rw");
  assert.equal(slide.from, sq("b4"));
  assert.equal(slide.to, sq("c3"));
  assert.equal(slide.fromHeight, 0, "they leave from the bottom of b4");
  assert.equal(slide.toHeight, 1, "they land on the one disc of c3");
  assert.equal(plan.squares[sq("b4")].goes, "", "the sliding discs do not also fade");
  assert.equal(plan.squares[sq("c3")].comes, "");
});

test("taking a move back slides the discs home", () => {
  const before = picture({ c3: "wrw" }, move("b4", 2, "c3"));
  const after = picture({ c3: "w", b4: "rw" });
  const [slide] = planChange(before, after).slides;
  assert.equal(slide.from, sq("c3"));
  assert.equal(slide.to, sq("b4"));
  assert.equal(slide.discs, "rw");
});

test("a move that makes a tower of five slides onto it, then the tower fades away", () => {
  const before = picture({ c3: "wrwr", b3: "w" });
  const after = picture({}, move("b3", 1, "c3"));
  const plan = planChange(before, after);
  assert.equal(plan.duration, SCORE_MS);
  const [slide] = plan.slides;
  assert.equal(slide.vanish, true);
  assert.equal(slide.toHeight, 4, "it lands on the four discs there");
  assert.ok(slide.end < 1);
  assert.deepEqual(
    plan.squares[sq("c3")].goFade,
    [slide.end, 1],
    "the tower leaves after the slide",
  );
});

test("taking back a scoring move brings the tower back before the discs slide home", () => {
  const before = picture({}, move("b3", 1, "c3"));
  const after = picture({ c3: "wrwr", b3: "w" });
  const plan = planChange(before, after);
  assert.equal(plan.duration, SCORE_MS);
  const [slide] = plan.slides;
  assert.equal(slide.appear, true);
  assert.equal(slide.from, sq("c3"));
  assert.equal(slide.to, sq("b3"));
  assert.ok(slide.start > 0);
  assert.deepEqual(plan.squares[sq("c3")].comeFade, [0, slide.start]);
});

test("several moves at once pair the nearest matching parts", () => {
  const before = picture({ a1: "w", e5: "r" });
  const after = picture({ b1: "w", d5: "r" });
  const slides = planChange(before, after).slides.map((s) => [s.from, s.to]);
  assert.deepEqual(
    slides.sort(),
    [
      [sq("a1"), sq("b1")],
      [sq("e5"), sq("d5")],
    ].sort(),
  );
});

test("discs dropped from a drag start at the pointer and settle quickly", () => {
  const before = picture({ c3: "w", c2: "r" });
  const after = picture({ c3: "wr" }, move("c2", 1, "c3"));
  const plan = planChange(before, after, { square: sq("c2"), count: 1, point: [40, 50] });
  assert.deepEqual(plan.slides[0].point, [40, 50]);
  assert.equal(plan.duration, DRAG_MS);
  const sent = planChange(before, after, { square: sq("c2"), count: 1, point: null });
  assert.equal(sent.slides[0].lifted, true, "sent by a click: they start lifted");
  assert.equal(sent.duration, MOVE_MS);
});

test("the queue keeps the running plan and merges the waiting ones", () => {
  const p0 = picture({});
  const p1 = picture({ c3: "w" }, enter("c3"));
  const p2 = picture({ c3: "w", b4: "r" }, enter("b4"));
  const p3 = picture({ c3: "w", b4: "r", d2: "w" }, enter("d2"));
  const queue = [];
  queueChange(queue, p0, p1);
  queueChange(queue, p1, p2);
  assert.equal(queue.length, 2);
  queueChange(queue, p2, p3);
  assert.equal(queue.length, 2, "at most one plan waits");
  assert.equal(queue[0].after, p1, "the running plan is kept");
  assert.equal(queue[1].before, p1, "the waiting plan goes from where the running one ends");
  assert.equal(queue[1].after, p3, "to the newest picture");
  const still = [];
  queueChange(still, p3, p3);
  assert.deepEqual(still, [], "no change, no plan");
});

test("a frame draws the first plan with its progress; finished plans leave the queue", () => {
  const queue = [];
  queueChange(queue, picture({}), picture({ c3: "w" }, enter("c3")));
  queueChange(queue, picture({ c3: "w" }), picture({ c3: "w", b4: "r" }, enter("b4")));
  const [first, second] = queue;
  assert.equal(currentPlan(queue, 1000), first);
  assert.equal(first.t, 0);
  assert.equal(currentPlan(queue, 1000 + MOVE_MS / 2), first);
  assert.equal(first.t, 0.5);
  assert.equal(currentPlan(queue, 1000 + MOVE_MS), second, "the first is done, the second starts");
  assert.equal(second.t, 0);
  assert.equal(currentPlan(queue, 1000 + 3 * MOVE_MS), null);
  assert.equal(queue.length, 0);
});

test("progress within a span and the easing stay between 0 and 1", () => {
  assert.equal(within(0.25, [0.5, 1]), 0);
  assert.equal(within(0.75, [0.5, 1]), 0.5);
  assert.equal(within(1.5, [0.5, 1]), 1);
  assert.equal(within(0.5, [0.5, 0.5]), 1);
  assert.equal(easeOut(0), 0);
  assert.equal(easeOut(1), 1);
  assert.ok(easeOut(0.5) > 0.5, "fast first, slow at the end");
});
