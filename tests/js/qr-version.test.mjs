// The QR versions mixtour/LINKS.md gives for correspondence links (and that
// tests/bench_corr_links.py prints from the standard's capacity table) are
// the ones the shipped encoder picks: levels M and L, byte mode, smallest version.

import assert from "node:assert/strict";
import { test } from "node:test";

import qrcode from "../../node_modules/qrcode-generator/dist/qrcode.mjs";

/**
 * @param {number} length characters of a link
 * @param {"L" | "M"} level error correction
 */
function version(length, level = "M") {
  const code = qrcode(0, level);
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

test("Tor's link lengths need the QR versions LINKS.md gives", () => {
  // [characters, version at M]: 40 actions plain / compact, 100 actions plain / compact,
  // 40 actions on a random layout, compact.
  const table = [
    [432, 16],
    [201, 10],
    [940, 25],
    [381, 15],
    [220, 11],
  ];
  for (const [length, expected] of table) assert.equal(version(length), expected, `${length} characters`);
});

test("the compact links at level L need the versions LINKS.md gives", () => {
  // [characters, version at L]: Mixtour's 40 and 100 actions, then Tor's.
  const table = [
    [155, 8],
    [275, 11],
    [201, 9],
    [381, 13],
  ];
  for (const [length, expected] of table) assert.equal(version(length, "L"), expected, `${length} characters`);
});

test("a version is the smallest that holds the link", () => {
  assert.equal(version(180), 9);
  assert.equal(version(181), 10);
});
