// The puzzles page's bookkeeping (web/js/puzzle-record.js): the record read
// from localStorage (damaged data gives a fresh one), the rating step, the
// puzzle of the day, the next puzzle, and what a link asks for.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  dailyPuzzle,
  freshStats,
  nextPuzzle,
  readHash,
  mergeStats,
  readStats,
  scored,
  START_RATING,
} from "../../web/js/puzzle-record.js";

const puzzle = (id, rating) => ({ id, fen: "", kind: "win", n: 1, line: [], tries: 0, rating });
const SET = [puzzle(1, 900), puzzle(2, 1150), puzzle(3, 1250), puzzle(4, 1700)];

test("no record yet: a fresh one, not damaged", () => {
  assert.deepEqual(readStats(null), { stats: freshStats(), damaged: false });
  assert.equal(freshStats().rating, START_RATING);
});

test("a record is read back as written", () => {
  const record = { rating: 1310, streak: 2, best: 5, done: { 3: 1, 7: 0 } };
  assert.deepEqual(readStats(JSON.stringify(record)), { stats: record, damaged: false });
});

for (const raw of ["{not json", "null", "[]", '{"rating":"high"}', "{}", '{"rating":null}']) {
  test(`data that cannot be read starts afresh: ${raw}`, () => {
    assert.deepEqual(readStats(raw), { stats: freshStats(), damaged: true });
  });
}

test("what is merely unusual is accepted as it can be read", () => {
  // Another version might write a fractional rating, or leave a field out.
  const read = (/** @type {object} */ data) => readStats(JSON.stringify(data));
  assert.deepEqual(read({ rating: 1234.6, streak: 2, best: 3, done: { 5: 1 } }), {
    stats: { rating: 1235, streak: 2, best: 3, done: { 5: 1 } },
    damaged: false,
  });
  assert.deepEqual(read({ rating: 1e9, streak: -1, best: 0, done: [] }).stats, {
    rating: 4000,
    streak: 0,
    best: 0,
    done: {},
  });
  assert.deepEqual(read({ rating: 1300 }).stats, { rating: 1300, streak: 0, best: 0, done: {} });
});

test("two tabs' records merge: every first result is kept, the latest rating", () => {
  const a = { rating: 1216, streak: 2, best: 2, done: { 5: 1, 6: 1 } };
  const b = { rating: 1190, streak: 0, best: 4, done: { 5: 1, 7: 0 } };
  assert.deepEqual(mergeStats(a, b), { rating: 1216, streak: 2, best: 4, done: { 5: 1, 6: 1, 7: 0 } });
});

test("stray results in a record are dropped, the rest kept", () => {
  const raw = JSON.stringify({ rating: 1250, streak: 1, best: 1, done: { 4: 1, x: 1, 5: "yes", 6: 0 } });
  assert.deepEqual(readStats(raw).stats.done, { 4: 1, 6: 0 });
});

test("a solve raises the rating and the streak, a miss lowers it and ends the streak", () => {
  const won = scored(freshStats(), SET[2], true);
  assert.ok(won.rating > START_RATING);
  assert.equal(won.streak, 1);
  assert.equal(won.best, 1);
  assert.deepEqual(won.done, { 3: 1 });
  const lost = scored(won, SET[1], false);
  assert.ok(lost.rating < won.rating);
  assert.equal(lost.streak, 0);
  assert.equal(lost.best, 1);
  // Only the first try at a puzzle counts.
  assert.equal(scored(lost, SET[1], true), lost);
  // A hard puzzle solved gains more than an easy one.
  assert.ok(scored(freshStats(), SET[3], true).rating > scored(freshStats(), SET[0], true).rating);
});

test("the puzzle of the day changes each day and is the same all day", () => {
  const day = 86_400_000;
  const one = dailyPuzzle(SET, 1200, 10 * day);
  assert.equal(dailyPuzzle(SET, 1200, 10 * day + day - 1), one);
  const week = new Set(Array.from({ length: 7 }, (_, i) => dailyPuzzle(SET, 1200, (10 + i) * day)));
  assert.ok(week.size > 1);
});

test("the puzzle of the day is near the player's rating", () => {
  const day = 86_400_000;
  // A wide set: ratings 800 to 2180, one every 20.
  const wide = Array.from({ length: 70 }, (_, i) => ({ ...SET[0], id: i + 1, rating: 800 + 20 * i }));
  for (let d = 0; d < 30; d += 1) {
    assert.ok(Math.abs(dailyPuzzle(wide, 1200, d * day).rating - 1200) <= 150);
    assert.ok(Math.abs(dailyPuzzle(wide, 1900, d * day).rating - 1900) <= 150);
  }
  // Too few within the band: the nearest ones.
  const far = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => ({ ...SET[0], id, rating: 1500 + 100 * id }));
  assert.ok(dailyPuzzle(far, 1200, 0).rating <= 2200);
});

test("the next puzzle: untried, nearest the player's rating", () => {
  const record = { ...freshStats(), rating: 1200 };
  assert.equal(nextPuzzle(SET, record, null), SET[1]);
  assert.equal(nextPuzzle(SET, record, SET[1]), SET[2]);
  const done = { ...record, done: { 1: 1, 2: 0, 3: 1, 4: 1 } };
  assert.equal(nextPuzzle(SET, done, SET[3]), SET[0]); // all tried: the one after
});

test("what a link asks for", () => {
  assert.deepEqual(readHash(""), { daily: true });
  assert.deepEqual(readHash("#daily"), { daily: true });
  assert.deepEqual(readHash("#id=42"), { id: 42 });
  assert.deepEqual(readHash("#id=4x"), { bad: "id=4x" });
  assert.equal(readHash("#" + "z".repeat(200)).bad?.length, 30);
});
