// Unit tests of web/js/notation.js (node --test tests/js/). The agreement with
// the engine on many positions is tests/test_notation_js.py's.

import assert from "node:assert/strict";
import { test } from "node:test";
import { Worker } from "node:worker_threads";

import {
  LEVELS,
  START,
  actionText,
  canonicalPosition,
  decodeLinkPart,
  linkParams,
  moveText,
  parseAction,
  parsePosition,
  parseSquare,
  positionLink,
  positionText,
  previewLink,
  fileLetter,
  seatsText,
  squareName,
} from "../../web/js/notation.js";

test("square names run from a1 to e5 and read back", () => {
  assert.equal(squareName(0), "a1");
  assert.equal(squareName(12), "c3");
  assert.equal(squareName(24), "e5");
  for (let square = 0; square < 25; square++) assert.equal(parseSquare(squareName(square)), square);
  assert.deepEqual([0, 1, 2, 3, 4].map(fileLetter), ["a", "b", "c", "d", "e"]);
  assert.equal(parseSquare(" C4 "), 17);
});

test("anything but a square name reads as -1", () => {
  for (const text of ["", "f1", "a0", "a6", "c", "c33", "3c", "c 3", null, 12]) {
    assert.equal(parseSquare(text), -1, String(text));
  }
});

test("a move of one disc is written short, more discs with their count", () => {
  assert.equal(moveText(0, 1, 6), "a1-b2");
  assert.equal(moveText(17, 3, 13), "c4:3-d3");
  assert.equal(actionText({ kind: "pass" }), "pass");
  assert.equal(actionText({ kind: "enter", square: 6 }), "b2");
  assert.equal(actionText({ kind: "move", from: 17, count: 2, to: 12 }), "c4:2-c3");
});

test("an action reads as the engine describes it", () => {
  assert.deepEqual(parseAction("b2"), { text: "b2", kind: "enter", square: 6 });
  assert.deepEqual(parseAction(" C4:3-d3 "), {
    text: "c4:3-d3",
    kind: "move",
    square: 13,
    to: 13,
    count: 3,
    from: 17,
  });
  assert.equal(parseAction("a1:1-b2")?.text, "a1-b2");
  assert.equal(parseAction("a1:01-b2")?.text, "a1-b2");
  assert.deepEqual(parseAction("PASS"), { text: "pass", kind: "pass" });
});

test("malformed action text is refused", () => {
  const bad = ["", "  ", "f3", "c3:2", "c3-c3", "c3:0-d3", "c3:5-d3", "c3:123-d3", "c3:-d3", "c3-d3-e3", "c3:x-d3"];
  for (const text of [...bad, "pas", "c3 d3", 7, null]) assert.equal(parseAction(text), null, String(text));
});

test("the standard start and a three-player position read and print back", () => {
  const start = parsePosition(START);
  assert.ok(start);
  assert.deepEqual(start.stacks, Array(25).fill(""));
  assert.equal(start.turn, "w");
  assert.deepEqual(start.reserves, [20, 20]);
  assert.equal(start.last, null);
  assert.equal(positionText(start), START);
  const three = "5/5/2,b,2/5/5 w 15/15/14 0/0/0 2 -";
  assert.equal(canonicalPosition(three), three);
});

test("a position string is read in any case, with _ for spaces, and printed canonically", () => {
  const position = parsePosition("5/1,R,2,1/2,W,2/5/5_W_19/19__0/0_1_B4");
  assert.ok(position);
  assert.equal(position.stacks[12], "w");
  assert.equal(position.stacks[16], "r");
  assert.equal(position.last?.text, "b4");
  assert.equal(positionText(position), "5/1,r,3/2,w,2/5/5 w 19/19 0/0 1 b4");
  assert.equal(canonicalPosition("5/5/5/5/5 w 020/20 0/0 1 a1:1-b2"), "5/5/5/5/5 w 20/20 0/0 1 a1-b2");
});

test("malformed position strings are refused", () => {
  const bad = [
    "",
    "5/5/5/5 w 20/20 0/0 1 -", // four ranks
    "5/5/5/5/5 w 20/20 0/0 1", // five fields
    "5/5/5/5/4 w 20/20 0/0 1 -", // a rank of four squares
    "5/5/5/5/3,w,w,w w 20/20 0/0 1 -", // a rank of six
    "5/5/5/5/wwwww,4 w 20/20 0/0 1 -", // a stack of five
    "5/5/5/5/b,4 w 20/20 0/0 1 -", // blue with two players
    "5/5/5/5/5 b 20/20 0/0 1 -",
    "5/5/5/5/5 w 20/20 0/0/0 1 -",
    "5/5/5/5/5 w 20 0 1 -",
    "5/5/5/5/5 w 2000/20 0/0 1 -",
    "5/5/5/5/5 w 20/20 0/0 0 -",
    "5/5/5/5/5 w 20/20 0/0 10 -",
    "5/5/5/5/5 w 20/20 0/0 1 c3:5-d3",
    "5/5/5/5/0,5 w 20/20 0/0 1 -",
    "5/5/5/5/,5 w 20/20 0/0 1 -",
  ];
  for (const text of [...bad, null, 5]) assert.equal(parsePosition(text), null, String(text));
});

test("positions the rules refuse are still notation", () => {
  // Unequal discs and a last action that does not fit: the engine's to refuse.
  assert.ok(parsePosition("5/5/5/5/5 w 25/20 0/0 1 -"));
  assert.ok(parsePosition("5/5/5/5/5 r 20/20 0/0 1 c3"));
});

test("the editor writes its fields as they are, unfinished ones too", () => {
  const stacks = Array(25).fill("");
  stacks[0] = "wr";
  const text = positionText({ stacks, turn: "w", reserves: [19, "?"], scores: [0, 0], target: "x", last: "-" });
  assert.equal(text, "5/5/5/5/wr,4 w 19/? 0/0 x -");
});

test("a link's position is written with _ and its parameters read as the engine reads them", () => {
  assert.equal(positionLink(START), "p=5/5/5/5/5_w_20/20_0/0_1_-");
  const params = linkParams("#P=5/5/5/5/5_w_20/20_0/0_1_-&m=c3%2Cb4&m=d4&flip");
  assert.equal(params.get("p"), "5/5/5/5/5_w_20/20_0/0_1_-");
  assert.equal(params.get("m"), "c3,b4");
  assert.equal(params.has("flip"), false);
});

test("a link's parts are decoded, and text that is not percent-encoding stays as it is", () => {
  assert.equal(decodeLinkPart("5/5/5/5/5+w%2020/20"), "5/5/5/5/5 w 20/20");
  assert.equal(decodeLinkPart("100%"), "100%");
});

test("a link's preview shows at=, else p= when no action is shown, else nothing", () => {
  const game = "p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3,b4&ply=1&at=5/5/2,w,2/5/5_r_19/20_0/0_1_c3&flip=1";
  const shown = previewLink(game);
  assert.equal(shown.position && positionText(shown.position), "5/5/2,w,2/5/5 r 19/20 0/0 1 c3");
  assert.deepEqual([shown.ply, shown.total, shown.flip], [1, 2, true]);
  assert.equal(previewLink("p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3").position, null);
  assert.equal(previewLink("m=c3&ply=0").position?.turn, "w");
  assert.equal(previewLink("").position && positionText(previewLink("").position), START);
  assert.equal(previewLink(`p=${"5".repeat(30_000)}`).position?.reserves[0], 20);
});

test("the computer's seats are written a colour and a level each, in turn order", () => {
  assert.equal(seatsText({ w: 0, r: 3 }), "r3");
  assert.equal(seatsText({ b: 5, r: 2, w: 0 }), "r2b5");
  assert.equal(seatsText({ w: 6, r: 6 }), "w6r6");
  assert.equal(seatsText({ w: 0, r: 0, b: 0 }), "");
  assert.equal(seatsText({ w: 7, r: -1 }), "");
});

test("the levels are the six a link can name", () => {
  assert.deepEqual([...LEVELS], [1, 2, 3, 4, 5, 6]);
});

// Hostile shapes (a damaged saved game, a crafted link): long runs of spaces
// that a non-space ends, read in linear time. The quadratic trim these tests
// were written against needed 18 s for 120,000 spaces; a megabyte would take
// about 20 minutes, so the 20 s guard cannot be reached by a slow machine. The
// reading runs in a worker thread, which the guard can stop.
test("runs of spaces a megabyte long are read in linear time", async () => {
  const worker = new Worker(new URL("./notation_hostile.mjs", import.meta.url));
  const answer = await new Promise((resolve) => {
    const guard = setTimeout(() => resolve("still reading after 20 s"), 20_000);
    worker.on("message", (message) => {
      clearTimeout(guard);
      resolve(message);
    });
    worker.on("error", (error) => {
      clearTimeout(guard);
      resolve(String(error));
    });
  });
  await worker.terminate();
  assert.equal(answer, "ok");
});
