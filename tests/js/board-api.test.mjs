// The Board (web/js/board/api.js) on a stand-in page: every change goes
// through Board.update, so only a change of stacks starts an animation and
// only lifting discs (or motion turned off) stops one; pointer and keyboard
// events reach the selection machine and the page hears of it in order.
// The browser tests (tests/test_web_board.py) check the same on real pixels.

import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

// A page just big enough for the board: no drawing happens unless a frame runs.
let reducedMotion = false;
const frames = [];
const quiet = { addEventListener() {}, removeEventListener() {} };
Object.assign(globalThis, {
  window: { devicePixelRatio: 1, ...quiet },
  document: { activeElement: null, body: { dataset: {} } },
  matchMedia: (query) => ({ matches: reducedMotion && query.includes("reduced-motion"), ...quiet }),
  ResizeObserver: class {
    observe() {}
    disconnect() {}
  },
  getComputedStyle: () => ({ getPropertyValue: () => "" }),
  requestAnimationFrame: (callback) => frames.push(callback),
  cancelAnimationFrame: () => {},
});

const { Board } = await import("../../web/js/mixtour-board.js");
const { MOVE_MS } = await import("../../web/js/board/anim.js");
const { squareCenter } = await import("../../web/js/board/geometry.js");

/** A 2D context that takes every call (a frame may be painted). */
const anything = new Proxy(function () {}, {
  get: (_, key) => (key === Symbol.toPrimitive ? () => 0 : anything),
  apply: () => anything,
  set: () => true,
});

function fakeCanvas() {
  const listeners = {};
  return {
    width: 0,
    height: 0,
    dataset: {},
    listeners,
    getContext: () => anything,
    getBoundingClientRect: () => ({ left: 0, top: 0, width: 400, height: 400 }),
    addEventListener: (type, listener) => (listeners[type] = listener),
    removeEventListener: (type) => delete listeners[type],
    setPointerCapture() {},
  };
}

const sq = (name) => (Number(name[1]) - 1) * 5 + "abcde".indexOf(name[0]);

function stacksOf(named) {
  const stacks = Array(25).fill("");
  for (const [name, discs] of Object.entries(named)) stacks[sq(name)] = discs;
  return stacks;
}

// Red to move: c3 (one White disc) may go onto b4 (a Red one), or b4 onto c3.
const START = {
  stacks: stacksOf({ c3: "w", b4: "r" }),
  last: { kind: "enter", square: sq("b4") },
  enterable: [sq("a1")],
  movable: { [sq("c3")]: { 1: [sq("b4")] }, [sq("b4")]: { 1: [sq("c3")] } },
  interactive: true,
};
const AFTER_MOVE = {
  stacks: stacksOf({ b4: "rw" }),
  last: { kind: "move", from: sq("c3"), to: sq("b4"), count: 1 },
  movable: {},
};

let canvas;
let board;
let heard;

beforeEach(() => {
  reducedMotion = false;
  frames.length = 0;
  canvas = fakeCanvas();
  heard = [];
  board = new Board(canvas, {
    onEnter: (square) => heard.push(["enter", square]),
    onMove: (from, count, to, how) => heard.push(["move", from, count, to, how]),
    onIllegal: (attempt) => heard.push(["illegal", attempt]),
    onSelect: (selection) => heard.push(["select", selection]),
    onCancel: () => heard.push(["cancel"]),
    onCursor: (square) => heard.push(["cursor", square]),
  });
  // The first position shows at once, as a page's first paint does.
  board.set({ ...START, motion: false });
  board.set({ motion: true });
  runFrames(0);
});

/** Run the animation frames asked for, at time `now`. */
function runFrames(now) {
  for (const callback of frames.splice(0)) callback(now);
}

function pointer(type, name, disc = 0) {
  const g = board.state.geometry;
  const [x, y] = squareCenter(g, sq(name));
  const data = JSON.parse(canvas.dataset.geometry);
  const clientY = y + data.base - (disc + 0.5) * data.step;
  canvas.listeners[type]({ pointerId: 1, isPrimary: true, button: 0, clientX: x, clientY });
}

function keyDown(key) {
  let prevented = false;
  canvas.listeners.keydown({ key, preventDefault: () => (prevented = true) });
  return prevented;
}

describe("animations", () => {
  test("new stacks start an animation", () => {
    assert.equal(board.animating, false);
    board.set(AFTER_MOVE);
    assert.equal(board.animating, true);
  });

  test("a hint, new legal moves, the heights or a flip during a slide leave it running", () => {
    board.set(AFTER_MOVE);
    const [plan] = board.state.animations;
    board.set({ hint: { kind: "enter", square: sq("a1") } });
    board.set({ movable: { [sq("b4")]: { 1: [sq("a5")] } }, enterable: [sq("a1"), sq("e5")] });
    board.set({ heights: false, interactive: false });
    board.set({ flipped: true });
    board.set({ stacks: [...AFTER_MOVE.stacks] }); // the same stacks again
    assert.deepEqual(board.state.animations, [plan]);
  });

  test("the animation runs its course over frames, then the board holds still", () => {
    board.set(AFTER_MOVE);
    runFrames(1000);
    assert.equal(board.animating, true);
    assert.ok(frames.length > 0, "the next frame is asked for");
    runFrames(1000 + MOVE_MS / 2);
    assert.equal(board.animating, true);
    runFrames(1000 + MOVE_MS);
    assert.equal(board.animating, false);
    assert.equal(frames.length, 0, "no frame is asked for once still");
    assert.equal(document.body.dataset.painted, "1");
  });

  test("lifting discs stops the animation: the board shows the position as it is", () => {
    board.set({ ...AFTER_MOVE, movable: { [sq("b4")]: { 2: [sq("a5")] } } });
    assert.equal(board.animating, true);
    board.choose({ square: sq("b4"), disc: 0 });
    assert.deepEqual(board.selection, { square: sq("b4"), count: 2 });
    assert.equal(board.animating, false);
  });

  test("with motion off, or reduced motion asked for, a change shows at once", () => {
    board.set({ motion: false });
    board.set(AFTER_MOVE);
    assert.equal(board.animating, false);
    reducedMotion = true;
    const other = new Board(fakeCanvas());
    other.set(START);
    other.set(AFTER_MOVE);
    assert.equal(other.animating, false);
  });

  test("a move chosen by a tap slides from where the discs were lifted", () => {
    board.choose({ square: sq("c3"), disc: 0 });
    board.choose({ square: sq("b4"), disc: 0 });
    board.set(AFTER_MOVE);
    const [slide] = board.state.animations[0].slides;
    assert.equal(slide.lifted, true);
    assert.equal(slide.point, null);
  });
});

describe("selection", () => {
  test("a lift is published as data-selection and told to the page", () => {
    board.choose({ square: sq("c3"), disc: 0 });
    assert.equal(canvas.dataset.selection, "c3:1");
    assert.deepEqual(heard, [["select", { square: sq("c3"), count: 1 }]]);
  });

  test("new stacks or new legal moves drop the lifted discs", () => {
    board.choose({ square: sq("c3"), disc: 0 });
    board.set({ movable: START.movable });
    assert.equal(board.selection, null);
    assert.equal(canvas.dataset.selection, undefined);
    board.choose({ square: sq("c3"), disc: 0 });
    board.set(AFTER_MOVE);
    assert.equal(board.selection, null);
    assert.deepEqual(heard.at(-1), ["select", null]);
  });

  test("a hint or a flip keeps the lifted discs", () => {
    board.choose({ square: sq("c3"), disc: 0 });
    board.set({ hint: { kind: "move", from: sq("c3"), to: sq("b4") }, flipped: true });
    assert.deepEqual(board.selection, { square: sq("c3"), count: 1 });
  });

  test("a move tells the page the discs are down, then the move", () => {
    board.choose({ square: sq("c3"), disc: 0 });
    heard.length = 0;
    board.choose({ square: sq("b4"), disc: 0 });
    assert.deepEqual(heard, [
      ["select", null],
      ["move", sq("c3"), 1, sq("b4"), { dragged: false }],
    ]);
  });

  test("cancel puts the discs back and says so; with none lifted it says nothing", () => {
    board.cancel();
    assert.deepEqual(heard, []);
    board.choose({ square: sq("c3"), disc: 0 });
    board.cancel();
    assert.deepEqual(heard.slice(1), [["select", null], ["cancel"]]);
  });

  test("lift() refuses discs that cannot move", () => {
    board.lift(sq("b4"), 2);
    assert.deepEqual(heard, [["illegal", { kind: "lift", square: sq("b4"), count: 2 }]]);
  });
});

describe("input", () => {
  test("a press and release on a disc lifts it; on a target, moves there", () => {
    pointer("pointerdown", "c3");
    pointer("pointerup", "c3");
    assert.deepEqual(board.selection, { square: sq("c3"), count: 1 });
    pointer("pointerdown", "b4");
    pointer("pointerup", "b4");
    assert.deepEqual(heard.at(-1), ["move", sq("c3"), 1, sq("b4"), { dragged: false }]);
  });

  test("a drag lifts the discs, follows the pointer and drops them on the target", () => {
    pointer("pointerdown", "c3");
    pointer("pointermove", "b4");
    assert.deepEqual(board.selection, { square: sq("c3"), count: 1 });
    assert.equal(board.state.drag.over, sq("b4"));
    pointer("pointerup", "b4");
    assert.equal(board.state.drag, null);
    const [type, from, count, to, how] = heard.at(-1);
    assert.deepEqual(
      [type, from, count, to, how],
      ["move", sq("c3"), 1, sq("b4"), { dragged: true }],
    );
    board.set(AFTER_MOVE);
    const [slide] = board.state.animations[0].slides;
    assert.ok(Array.isArray(slide.point), "the discs settle from where they were dropped");
  });

  test("the keyboard moves the cursor and chooses; the page hears the cursor first", () => {
    assert.equal(keyDown("ArrowUp"), true);
    assert.equal(board.cursor, sq("c4"));
    assert.equal(keyDown("ArrowDown"), true);
    heard.length = 0;
    assert.equal(keyDown("Enter"), true);
    assert.deepEqual(heard, [["select", { square: sq("c3"), count: 1 }]]);
    const fresh = new Board(fakeCanvas(), {
      onCursor: (square) => heard.push(["cursor", square]),
      onSelect: (selection) => heard.push(["select", selection]),
    });
    fresh.set(START);
    heard.length = 0;
    fresh.canvas.listeners.keydown({ key: "Enter", preventDefault() {} });
    assert.deepEqual(heard, [
      ["cursor", sq("c3")],
      ["select", { square: sq("c3"), count: 1 }],
    ]);
  });

  test("keys the board does not use are left to the page", () => {
    assert.equal(keyDown("Tab"), false);
    assert.equal(keyDown("x"), false);
    assert.equal(board.cursor, null);
  });

  test("a pointer press hides the keyboard cursor", () => {
    keyDown("ArrowUp");
    pointer("pointerdown", "a1");
    assert.equal(board.cursor, null);
  });
});
