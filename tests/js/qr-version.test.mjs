// The QR versions the README gives for correspondence links (and that
// tests/bench_corr_links.py prints from the standard's capacity table) are
// the ones the shipped encoder picks: level M, byte mode, smallest version.

import assert from "node:assert/strict";
import { test } from "node:test";

import qrcode from "../../node_modules/qrcode-generator/dist/qrcode.mjs";

/** @param {number} length characters of a link */
function version(length) {
  const code = qrcode(0, "M");
  code.addData("h".repeat(length), "Byte");
  code.make();
  return (code.getModuleCount() - 17) / 4;
}

test("the README's link lengths need the QR versions it gives", () => {
  // [characters, version]: 40 actions plain / compact, 100 actions plain / compact, the AI game's.
  const table = [
    [256, 12],
    [155, 9],
    [600, 19],
    [275, 12],
    [388, 15],
    [209, 10],
  ];
  for (const [length, expected] of table) assert.equal(version(length), expected, `${length} characters`);
});

test("a version is the smallest that holds the link", () => {
  assert.equal(version(180), 9);
  assert.equal(version(181), 10);
});
