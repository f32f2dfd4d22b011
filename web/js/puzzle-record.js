// @ts-check
// The puzzles pages' bookkeeping (every game's: web/js/puzzle-page.js),
// kept apart from the page so that Node's tests can import it (it touches
// neither document nor window): the player's record (rating, streak, first
// result by puzzle) as localStorage keeps it, read so that damaged data gives
// a fresh record; the rating step; the puzzle of the day; the next puzzle to
// offer; what a link's fragment asks for. Each game keeps its record under a
// key of its own (its plug-in's statsKey: mixtour.puzzles, tor.puzzles).

export const START_RATING = 1200;
const K_FACTOR = 32;
const DAY_MS = 86_400_000;

/**
 * A puzzle of a game's set (mixtour/kit/puzzles.py, Puzzle.as_json; Tor has
 * wins only).
 * @typedef {{ id: number, fen: string, kind: "win" | "defend", n: number, line: string[],
 *   tries: number, rating: number }} Puzzle
 */

/**
 * The player's record.
 * @typedef {{ rating: number, streak: number, best: number, done: {[id: string]: 0 | 1} }} Stats
 */


/** @returns {Stats} */
export function freshStats() {
  return { rating: START_RATING, streak: 0, best: 0, done: {} };
}

/**
 * The record kept in `raw` (a localStorage value), checked field by field.
 * What is merely unusual is accepted as it can be read (a fractional or
 * out-of-range rating is rounded into 0-4000, a missing streak is 0, results
 * of unknown puzzles are skipped); what cannot be read at all gives a fresh
 * record and `damaged` (the page sets the raw text aside first).
 * @param {string | null} raw
 * @returns {{ stats: Stats, damaged: boolean }}
 */
export function readStats(raw) {
  if (raw === null) return { stats: freshStats(), damaged: false };
  try {
    const data = JSON.parse(raw);
    if (!data || typeof data !== "object" || Array.isArray(data) || !Number.isFinite(data.rating)) {
      return { stats: freshStats(), damaged: true };
    }
    const count = (/** @type {unknown} */ v, /** @type {number} */ max) =>
      typeof v === "number" && Number.isFinite(v) ? Math.min(max, Math.max(0, Math.round(v))) : 0;
    /** @type {{[id: string]: 0 | 1}} */
    const done = {};
    if (data.done && typeof data.done === "object" && !Array.isArray(data.done)) {
      for (const [id, value] of Object.entries(data.done)) {
        if (/^\d{1,6}$/.test(id) && (value === 0 || value === 1)) done[id] = value;
      }
    }
    const streak = count(data.streak, 1e6);
    return {
      stats: { rating: count(data.rating, 4000), streak, best: Math.max(count(data.best, 1e6), streak), done },
      damaged: false,
    };
  } catch {
    return { stats: freshStats(), damaged: true };
  }
}

/**
 * Two records of one player (two tabs, each scoring on its own): the rating
 * and streak of `latest` (the one last written), the better best, and every
 * puzzle's first result from either (latest's where both have one).
 * @param {Stats} latest
 * @param {Stats} other
 * @returns {Stats}
 */
export function mergeStats(latest, other) {
  return { ...latest, best: Math.max(latest.best, other.best), done: { ...other.done, ...latest.done } };
}

/**
 * The record after a first result on a puzzle (later tries of the same puzzle
 * change nothing): an Elo step against the puzzle's rating, and the streak.
 * @param {Stats} record
 * @param {Puzzle} puzzle
 * @param {boolean} solved
 * @returns {Stats}
 */
export function scored(record, puzzle, solved) {
  if (Object.hasOwn(record.done, String(puzzle.id))) return record;
  const expected = 1 / (1 + 10 ** ((puzzle.rating - record.rating) / 400));
  const rating = Math.min(4000, Math.max(0, Math.round(record.rating + K_FACTOR * ((solved ? 1 : 0) - expected))));
  const streak = solved ? record.streak + 1 : 0;
  return {
    rating,
    streak,
    best: Math.max(record.best, streak),
    done: { ...record.done, [puzzle.id]: solved ? 1 : 0 },
  };
}

// -- choosing a puzzle -------------------------------------------------------------------

/** How far from the player's rating the puzzle of the day may be. */
export const DAILY_BAND = 150;
/** The fewest puzzles the day's choice is made among (the band widens to reach it). */
export const DAILY_CHOICES = 7;

/**
 * The puzzle of the day: one near the player's rating (within DAILY_BAND, or
 * the DAILY_CHOICES nearest), the same all day (UTC) for every player of
 * that rating, another the next day. A newcomer (rating 1200) gets a puzzle
 * they can solve, not the hardest of the set.
 * @param {Puzzle[]} puzzles
 * @param {number} rating the player's
 * @param {number} [now]
 */
export function dailyPuzzle(puzzles, rating, now = Date.now()) {
  const distance = (/** @type {Puzzle} */ p) => Math.abs(p.rating - rating);
  let near = puzzles.filter((p) => distance(p) <= DAILY_BAND);
  if (near.length < DAILY_CHOICES) {
    near = [...puzzles].sort((a, b) => distance(a) - distance(b) || a.id - b.id).slice(0, DAILY_CHOICES);
  }
  near.sort((a, b) => a.id - b.id);
  return near[Math.floor(now / DAY_MS) % near.length];
}

/**
 * The next puzzle to offer: one not tried yet whose rating is nearest the
 * player's (the lower id on a tie), else the one after `current`.
 * @param {Puzzle[]} puzzles
 * @param {Stats} record
 * @param {Puzzle | null} current
 */
export function nextPuzzle(puzzles, record, current) {
  let best = null;
  for (const puzzle of puzzles) {
    if (puzzle === current || Object.hasOwn(record.done, String(puzzle.id))) continue;
    if (!best || Math.abs(puzzle.rating - record.rating) < Math.abs(best.rating - record.rating)) best = puzzle;
  }
  if (best) return best;
  const index = current ? puzzles.indexOf(current) : -1;
  return puzzles[(index + 1) % puzzles.length];
}

/**
 * What the address asks for: {id} for #id=<n>, {daily} for #daily or no
 * fragment, {bad} for anything else.
 * @param {string} hash
 * @returns {{ id?: number, daily?: boolean, bad?: string }}
 */
export function readHash(hash) {
  const text = hash.replace(/^#/, "").trim();
  if (text === "" || text === "daily") return { daily: true };
  const match = /^id=(\d{1,6})$/.exec(text);
  if (match) return { id: Number(match[1]) };
  return { bad: text.slice(0, 30) };
}

