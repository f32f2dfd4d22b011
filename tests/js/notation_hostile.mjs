// The hostile shapes of notation.test.mjs's linear-time test, read in a worker
// thread (the test stops it if it hangs): long runs of spaces around words.

import assert from "node:assert/strict";
import { parentPort } from "node:worker_threads";

import { parseAction, parsePosition, parseSquare } from "../../web/js/notation.js";

const run = " ".repeat(1_000_000);
for (const text of [`a${run}b`, `${run}x`, `c3${run}`, `${run}c3${run}`, `\u3000${run}\u00a0x`]) {
  const square = text.trim() === "c3";
  assert.equal(parseSquare(text), square ? 12 : -1);
  assert.equal(parseAction(text)?.text ?? null, square ? "c3" : null);
  assert.equal(parsePosition(text), null);
}
parentPort?.postMessage("ok");
