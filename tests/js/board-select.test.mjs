// The board's selection state machine (web/js/board/select.js): lifting,
// changing how many discs are lifted, lifting another stack, putting back,
// dropping on a target or elsewhere, and the keyboard cursor. The machine
// knows no rule: each test gives it the legal moves as the engine would.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { CENTRE, canLift, step, targetsOf } from "../../web/js/board/mixtour/select.js";

/** @param {string} name a1 .. e5 */
const sq = (name) => (Number(name[1]) - 1) * 5 + "abcde".indexOf(name[0]);

/** 25 stacks from {square name: discs bottom to top}. */
function stacksOf(named) {
  const stacks = Array(25).fill("");
  for (const [name, discs] of Object.entries(named)) stacks[sq(name)] = discs;
  return stacks;
}

/** The movable map from N1 moves ("b4:2-c4"). */
function movableOf(moves) {
  const movable = {};
  for (const move of moves) {
    const [, from, count, to] = /^([a-e][1-5])(?::(\d))?-([a-e][1-5])$/.exec(move);
    const counts = (movable[sq(from)] ??= {});
    (counts[Number(count ?? 1)] ??= []).push(sq(to));
  }
  return movable;
}

// The position after 1. c3 b4 2. c2 c3-b4 3. d4 b3 4. c4, Red to move, with
// its legal moves as the engine lists them; e1 holds a stack the engine gave
// no move for.
const STACKS = stacksOf({ b4: "rw", c4: "w", d4: "w", b3: "r", c2: "w", e1: "r" });
const LEGAL = {
  stacks: STACKS,
  enterable: STACKS.flatMap((stack, square) => (stack ? [] : [square])),
  movable: movableOf([
    "b3-c2",
    "c2-b3",
    "b4-b3",
    "b4:2-b3",
    "c4-b3",
    "b3-c4",
    "b4-c4",
    "b4:2-c4",
    "d4-c4",
    "c4-d4",
  ]),
  interactive: true,
  flipped: false,
};
const IDLE = { selection: null, cursor: null };

/** Hit on a stack's disc: the top one by default. */
function on(name, disc) {
  const height = STACKS[sq(name)].length;
  return { square: sq(name), disc: disc ?? height - 1 };
}

/** Run inputs one after another; the last step's answer, with every output on the way. */
function run(inputs, { machine = IDLE, legal = LEGAL } = {}) {
  let answer = { machine, out: [], handled: true };
  const out = [];
  for (const input of inputs) {
    answer = step(answer.machine, legal, input);
    out.push(...answer.out);
  }
  return { ...answer, all: out };
}

const lifted = (name, count) => ({ square: sq(name), count });
const tap = (hit) => ({ type: "tap", hit });
const key = (name) => ({ type: "key", key: name });

describe("lifting", () => {
  test("a tap on the top disc of a stack that can move lifts that disc", () => {
    const { machine, out } = step(IDLE, LEGAL, tap(on("c4")));
    assert.deepEqual(machine.selection, lifted("c4", 1));
    assert.deepEqual(out, [{ type: "select", selection: lifted("c4", 1) }]);
  });

  test("a tap on a lower disc lifts it with the discs above it", () => {
    const { machine } = step(IDLE, LEGAL, tap(on("b4", 0)));
    assert.deepEqual(machine.selection, lifted("b4", 2));
  });

  test("the targets are the ones the engine gave for that square and count", () => {
    assert.deepEqual(targetsOf(LEGAL, lifted("b4", 2)), [sq("b3"), sq("c4")]);
    assert.deepEqual(targetsOf(LEGAL, lifted("d4", 1)), [sq("c4")]);
    assert.deepEqual(targetsOf(LEGAL, lifted("e1", 1)), []);
    assert.deepEqual(targetsOf(LEGAL, null), []);
    assert.equal(canLift(LEGAL, sq("c2"), 1), true);
    assert.equal(canLift(LEGAL, sq("e1"), 1), false);
  });

  test("a stack with no move is refused as an illegal lift", () => {
    const { machine, out } = step(IDLE, LEGAL, tap(on("e1")));
    assert.equal(machine.selection, null);
    assert.deepEqual(out, [
      { type: "select", selection: null },
      { type: "illegal", attempt: { kind: "lift", square: sq("e1"), count: 1 } },
    ]);
  });

  test("the lift input lifts what can move and refuses the rest", () => {
    assert.deepEqual(
      run([{ type: "lift", square: sq("b4"), count: 2 }]).machine.selection,
      lifted("b4", 2),
    );
    const refused = run([{ type: "lift", square: sq("d4"), count: 2 }]);
    assert.equal(refused.machine.selection, null);
    assert.deepEqual(refused.out.at(-1), {
      type: "illegal",
      attempt: { kind: "lift", square: sq("d4"), count: 2 },
    });
  });

  test("nothing happens while the board is not interactive", () => {
    const legal = { ...LEGAL, interactive: false };
    for (const hit of [on("c4"), { square: sq("a1"), disc: -1 }, null]) {
      const answer = step(IDLE, legal, tap(hit));
      assert.deepEqual(answer.machine, IDLE);
      assert.deepEqual(answer.out, []);
    }
  });
});

describe("entering", () => {
  test("a tap on an empty square where the engine allows an entry enters there", () => {
    const { machine, out } = step(IDLE, LEGAL, tap({ square: sq("a1"), disc: -1 }));
    assert.deepEqual(machine, IDLE);
    assert.deepEqual(out, [{ type: "enter", square: sq("a1") }]);
  });

  test("an empty square the engine does not allow is an illegal entry", () => {
    const legal = { ...LEGAL, enterable: [] };
    const { out } = step(IDLE, legal, tap({ square: sq("a1"), disc: -1 }));
    assert.deepEqual(out, [{ type: "illegal", attempt: { kind: "enter", square: sq("a1") } }]);
  });
});

describe("changing the lifted discs", () => {
  test("a tap on another disc of the lifted stack changes how many are lifted", () => {
    const { machine, all } = run([tap(on("b4")), tap(on("b4", 0))]);
    assert.deepEqual(machine.selection, lifted("b4", 2));
    assert.deepEqual(all.at(-1), { type: "select", selection: lifted("b4", 2) });
  });

  test("a tap on the lowest lifted disc again puts them back", () => {
    const { machine, out } = run([tap(on("b4", 0)), tap(on("b4", 0))]);
    assert.equal(machine.selection, null);
    assert.deepEqual(out, [{ type: "select", selection: null }, { type: "cancel" }]);
  });

  test("a tap on another stack that can move lifts it instead, and the refused drop is reported", () => {
    const { machine, out } = run([tap(on("b4", 0)), tap(on("c2"))]);
    assert.deepEqual(machine.selection, lifted("c2", 1));
    assert.deepEqual(out, [
      { type: "select", selection: lifted("c2", 1) },
      { type: "illegal", attempt: { kind: "move", from: sq("b4"), count: 2, to: sq("c2") } },
    ]);
  });

  test("a tap on a stack that is no target and cannot move is an illegal move", () => {
    const { machine, out } = run([tap(on("c2")), tap(on("e1"))]);
    assert.equal(machine.selection, null);
    assert.deepEqual(out, [
      { type: "select", selection: null },
      { type: "illegal", attempt: { kind: "move", from: sq("c2"), count: 1, to: sq("e1") } },
    ]);
  });

  test("a tap on an empty square or outside the board puts the discs back", () => {
    for (const hit of [{ square: sq("a5"), disc: -1 }, null]) {
      const { machine, out } = run([tap(on("c2")), tap(hit)]);
      assert.equal(machine.selection, null);
      assert.deepEqual(out, [{ type: "select", selection: null }, { type: "cancel" }]);
    }
  });

  test("cancel puts the discs back, and does nothing when none are lifted", () => {
    const { machine, out } = run([tap(on("c2")), { type: "cancel" }]);
    assert.equal(machine.selection, null);
    assert.deepEqual(out, [{ type: "select", selection: null }, { type: "cancel" }]);
    assert.deepEqual(step(IDLE, LEGAL, { type: "cancel" }).out, []);
  });
});

describe("moving by taps", () => {
  test("a tap on a target moves the lifted discs there", () => {
    const { machine, out } = run([tap(on("b4", 0)), tap(on("c4"))]);
    assert.equal(machine.selection, null);
    assert.deepEqual(out, [
      { type: "select", selection: null },
      { type: "move", from: sq("b4"), count: 2, to: sq("c4"), dragged: false, point: null },
    ]);
  });
});

describe("dragging", () => {
  test("grabbing a disc of a stack that can move lifts it from that disc up", () => {
    const { machine, handled } = step(IDLE, LEGAL, { type: "grab", hit: on("b4", 0) });
    assert.equal(handled, true);
    assert.deepEqual(machine.selection, lifted("b4", 2));
  });

  test("grabbing an empty square, a stack with no move or off the board starts no drag", () => {
    for (const hit of [{ square: sq("a1"), disc: -1 }, on("e1"), null]) {
      const answer = step(IDLE, LEGAL, { type: "grab", hit });
      assert.equal(answer.handled, false);
      assert.deepEqual(answer.machine, IDLE);
    }
    const idle = step(IDLE, { ...LEGAL, interactive: false }, { type: "grab", hit: on("c4") });
    assert.equal(idle.handled, false);
  });

  test("dropping on a target moves there, from the point where the pointer let go", () => {
    const drop = { type: "drop", hit: on("b3"), point: [120, 140] };
    const { machine, out } = run([{ type: "grab", hit: on("c2") }, drop]);
    assert.equal(machine.selection, null);
    assert.deepEqual(out, [
      { type: "select", selection: null },
      { type: "move", from: sq("c2"), count: 1, to: sq("b3"), dragged: true, point: [120, 140] },
    ]);
  });

  test("dropping on a square that is not a target is an illegal move", () => {
    const drop = { type: "drop", hit: { square: sq("e5"), disc: -1 }, point: [1, 2] };
    const { machine, out } = run([{ type: "grab", hit: on("c2") }, drop]);
    assert.equal(machine.selection, null);
    assert.deepEqual(out, [
      { type: "select", selection: null },
      { type: "illegal", attempt: { kind: "move", from: sq("c2"), count: 1, to: sq("e5") } },
    ]);
  });

  test("dropping back on its own square keeps the discs lifted", () => {
    const drop = { type: "drop", hit: on("c2"), point: [1, 2] };
    const { machine, out } = run([{ type: "grab", hit: on("c2") }, drop]);
    assert.deepEqual(machine.selection, lifted("c2", 1));
    assert.deepEqual(out, []);
  });

  test("dropping off the board puts the discs back", () => {
    const drop = { type: "drop", hit: null, point: [-5, -5] };
    const { machine, out } = run([{ type: "grab", hit: on("c2") }, drop]);
    assert.equal(machine.selection, null);
    assert.deepEqual(out, [{ type: "select", selection: null }, { type: "cancel" }]);
  });
});

describe("keyboard", () => {
  test("the first arrow moves the cursor from c3", () => {
    assert.equal(CENTRE, sq("c3"));
    const { machine, out } = step(IDLE, LEGAL, key("ArrowUp"));
    assert.equal(machine.cursor, sq("c4"));
    assert.deepEqual(out, [{ type: "cursor", square: sq("c4") }]);
  });

  test("arrows stop at the edge of the board", () => {
    const lefts = Array(7).fill(key("ArrowLeft"));
    assert.equal(run(lefts).machine.cursor, sq("a3"));
    const downs = Array(7).fill(key("ArrowDown"));
    assert.equal(run(downs).machine.cursor, sq("c1"));
  });

  test("on a flipped board the arrows follow the picture: up goes down the ranks", () => {
    const legal = { ...LEGAL, flipped: true };
    assert.equal(run([key("ArrowUp")], { legal }).machine.cursor, sq("c2"));
    assert.equal(run([key("ArrowRight")], { legal }).machine.cursor, sq("b3"));
  });

  test("the cursor starts from the lifted stack when it is hidden", () => {
    const machine = { selection: lifted("b4", 1), cursor: null };
    assert.equal(run([key("ArrowRight")], { machine }).machine.cursor, sq("c4"));
  });

  test("Enter shows the cursor, then lifts the top disc under it; again lifts one more", () => {
    const first = run([key("ArrowLeft"), key("ArrowUp"), key("Enter")]);
    assert.deepEqual(first.machine, { selection: lifted("b4", 1), cursor: sq("b4") });
    const second = run([key("Enter")], { machine: first.machine });
    assert.deepEqual(second.machine.selection, lifted("b4", 2));
    const third = run([key("Enter")], { machine: second.machine });
    assert.equal(third.machine.selection, null);
    assert.deepEqual(third.out, [{ type: "select", selection: null }, { type: "cancel" }]);
  });

  test("Enter with the cursor hidden tells the cursor first, then what it chose", () => {
    const { out } = step({ selection: null, cursor: null }, LEGAL, key(" "));
    // c3 is empty: an entry there.
    assert.deepEqual(out, [
      { type: "cursor", square: sq("c3") },
      { type: "enter", square: sq("c3") },
    ]);
  });

  test("a digit lifts that many discs under the cursor, and nothing if the stack is lower", () => {
    const machine = { selection: null, cursor: sq("b4") };
    assert.deepEqual(run([key("2")], { machine }).machine.selection, lifted("b4", 2));
    const tooMany = run([key("3")], { machine });
    assert.deepEqual(tooMany.machine, machine);
    assert.deepEqual(tooMany.out, []);
    assert.equal(tooMany.handled, true);
  });

  test("Escape puts the discs back; other keys are left to the page", () => {
    const machine = { selection: lifted("c2", 1), cursor: sq("c2") };
    assert.equal(run([key("Escape")], { machine }).machine.selection, null);
    for (const name of ["a", "5", "Tab", "Home"]) {
      const answer = step(machine, LEGAL, key(name));
      assert.equal(answer.handled, false, name);
      assert.deepEqual(answer.machine, machine);
    }
  });

  test("Enter on a target moves the lifted discs there", () => {
    const machine = { selection: lifted("d4", 1), cursor: sq("d4") };
    const { machine: after, all } = run([key("ArrowLeft"), key("Enter")], { machine });
    assert.equal(after.selection, null);
    assert.deepEqual(all.at(-1), {
      type: "move",
      from: sq("d4"),
      count: 1,
      to: sq("c4"),
      dragged: false,
      point: null,
    });
  });
});
