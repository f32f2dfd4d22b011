// @ts-check
// Puzzles (puzzles.html): positions from the engine's self-play where the
// side to move forces a tower in 1, 2 or 3 of its moves, or has one move only
// that does not lose (mixtour/ai/puzzles.py made and proved them; the set is
// web/data/puzzles.json). The engine (the game's bridge as the "puzzles" surface, web/py/surfaces.py)
// plays every move; the stored line gives the defender's replies; a wrong move
// gets the opponent's answer from the engine's solver (Bridge.refute).
//
// Links: puzzles.html#id=<n> opens puzzle n, #daily (or nothing) the puzzle of
// the day. The player's rating, streak and results stay in localStorage under
// STATS_KEY; damaged data there starts afresh, with a word, never a broken page.
//
// Readiness contract as on the other pages: body[data-painted], body[data-ready],
// #board[data-position], #board[data-status]; and body[data-puzzle] =
// "<id> <todo|reply|solved|failed|showing>" once a puzzle is on the board ("none" when
// the set could not be loaded), body[data-refutation] (the outcome of the
// answer to a wrong move), body[data-link] ("ok", or "bad" for a link that
// names no puzzle) and body[data-solution] = "shown" once Show the solution has
// played the whole line on the board.

import { Board, squareName } from "./mixtour-board.js";
import { colorName, plural, t } from "./i18n.js";
import { parsePosition, positionLink } from "./notation.js";
import { $, Python, pageChrome, showState } from "./page.js";
import { explainAttempt, moveText } from "./refusals.js";
import { setAside } from "./stored.js";
import {
  STATS_KEY,
  dailyPuzzle,
  freshStats,
  mergeStats,
  nextPuzzle,
  readHash,
  readStats,
  scored,
} from "./puzzle-record.js";

const REPLY_DELAY_MS = 450;

/** @typedef {import("./puzzle-record.js").Puzzle} Puzzle */
/** @typedef {import("./puzzle-record.js").Stats} Stats */

const ui = {
  /** @type {HTMLCanvasElement} */
  canvas: $("#board"),
  loading: $("#loading"),
  meta: $("#puzzle-meta"),
  title: $("#puzzle-title"),
  task: $("#puzzle-task"),
  feedback: $("#puzzle-feedback"),
  /** @type {HTMLButtonElement} */
  retry: $("#puzzle-retry"),
  /** @type {HTMLButtonElement} */
  solution: $("#puzzle-solution"),
  /** @type {HTMLButtonElement} */
  next: $("#puzzle-next"),
  /** @type {HTMLAnchorElement} */
  link: $("#puzzle-link"),
  rating: $("#stat-rating"),
  streak: $("#stat-streak"),
  best: $("#stat-best"),
  solved: $("#stat-solved"),
  storage: $("#puzzle-storage"),
};

// -- the player's record in localStorage (web/js/puzzle-record.js reads it) -------------

/**
 * The record as stored; what cannot be read is set aside first (as the
 * library does: mixtour.broken), then a fresh record is used.
 * @returns {{ stats: Stats, damaged: boolean }}
 */
function loadStats() {
  try {
    const raw = localStorage.getItem(STATS_KEY);
    const read = readStats(raw);
    if (read.damaged) setAside(raw, "puzzle record: unreadable");
    return read;
  } catch {
    return { stats: freshStats(), damaged: false }; // storage blocked: a record for this visit
  }
}

/**
 * Keep the record; false when the browser refused (storage full or blocked:
 * the record lives for this visit only, and the page says so).
 * @param {Stats} record
 */
function saveStats(record) {
  try {
    localStorage.setItem(STATS_KEY, JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
}

/** Say whether the last result could be kept. @param {boolean} kept */
function showKept(kept) {
  ui.storage.hidden = kept;
  document.body.dataset.save = kept ? "written" : "full";
}

// -- the page ----------------------------------------------------------------------------

const python = new Python(); // window.mixtourPython once ready
const call = /** @type {Bridge.Call} */ (python.call);
let { stats, damaged } = loadStats();
/** @type {Puzzle[]} */
let puzzles = [];
/** @type {Puzzle | null} */
let puzzle = null;
let step = 0; // index in puzzle.line of the action expected next
/** @typedef {"todo" | "reply" | "solved" | "failed" | "showing"} Phase */
/** @type {Phase} */
let phase = "todo";
/** @type {Bridge.View | null} the position shown */
let view = null;
/** A problem with the link or the saved record: said with the puzzle, until the first move. */
let notice = "";
let replyTimer = 0;
let solutionTimer = 0; // the next move of a solution shown on the board

const board = new Board(ui.canvas, {
  onEnter: (square) => attempt(squareName(square)),
  onMove: (from, count, to) => attempt(moveText(from, count, to)),
  onIllegal: (tried) => python.ready && explainAttempt(tried, call, (text) => tell(text, "wrong")),
});

/**
 * @param {string} text
 * @param {string} kind right | wrong | "" (nothing said)
 */
function tell(text, kind) {
  ui.feedback.textContent = text;
  ui.feedback.dataset.kind = kind;
}

/** @param {Phase} now */
function setPhase(now) {
  phase = now;
  if (puzzle) document.body.dataset.puzzle = `${puzzle.id} ${phase}`;
  ui.retry.hidden = phase !== "failed";
  ui.solution.disabled = !python.ready || phase === "reply" || phase === "solved" || phase === "showing";
  ui.next.disabled = !puzzles.length || phase === "reply";
}

/**
 * @param {Bridge.View} next
 * @param {boolean} interactive
 */
function show(next, interactive) {
  view = next;
  showState(board, next, { interactive, offer: interactive });
}

function showStats() {
  ui.rating.textContent = String(stats.rating);
  ui.streak.textContent = String(stats.streak);
  ui.best.textContent = String(stats.best);
  ui.solved.textContent = String(Object.values(stats.done).filter((v) => v === 1).length);
}

/**
 * A first result: scored on the record as stored now (another tab may have
 * scored since), so that no tab's results are lost.
 * @param {boolean} solved
 */
function record(solved) {
  if (!puzzle) return;
  const stored = loadStats();
  const base = stored.damaged ? stats : mergeStats(stored.stats, stats);
  stats = scored(base, puzzle, solved);
  showKept(saveStats(stats));
  showStats();
}

// Another tab scored: its results join this tab's record.
window.addEventListener("storage", (event) => {
  if (event.key !== STATS_KEY || event.newValue === null) return;
  const read = readStats(event.newValue);
  if (read.damaged) return;
  stats = mergeStats(read.stats, stats);
  showStats();
});

/** @param {number} rating */
function levelName(rating) {
  if (rating < 1200) return t("puzzles.easy");
  if (rating < 1550) return t("puzzles.medium");
  return t("puzzles.hard");
}

/** The solver's colour and the opponent's, from the puzzle's position. */
function sides() {
  const turn = parsePosition(puzzle?.fen ?? "")?.turn ?? "w";
  const other = turn === "w" ? "r" : "w";
  return { color: colorName(turn), opponent: colorName(other) };
}

/** What the puzzle asks, in the player's language. @param {Puzzle} p */
function taskText(p) {
  const { color, opponent } = sides();
  if (p.kind === "defend") return t("puzzles.task.defend", { color, opponent });
  if (p.n === 1) return t("puzzles.task.win1", { color, opponent });
  return t("puzzles.task.win", { color, opponent, n: p.n });
}

/**
 * Put puzzle `p` on the board, from its start.
 * @param {Puzzle} p
 */
function begin(p) {
  clearTimeout(replyTimer);
  puzzle = p;
  step = 0;
  delete document.body.dataset.refutation;
  ui.title.textContent = t("puzzles.title", { id: p.id });
  ui.meta.textContent = t("puzzles.meta", { rating: p.rating, level: levelName(p.rating) });
  ui.task.textContent = taskText(p);
  ui.link.href = `./puzzles.html#id=${p.id}`;
  tell(notice, notice ? "wrong" : "");
  // A new puzzle, or the same from its start, is shown at once: no discs
  // sliding from the position before. The solver's side is at the bottom.
  board.set({ motion: false, flipped: parsePosition(p.fen)?.turn === "r" });
  clearTimeout(solutionTimer);
  if (python.ready) {
    show(call("load_link", positionLink(p.fen)).state, true);
  } else {
    // Drawn from the puzzle's position before the engine is there (drawing only).
    const position = parsePosition(p.fen);
    if (position) board.set({ stacks: position.stacks, last: position.last, enterable: [], movable: {}, interactive: false });
  }
  board.set({ motion: true });
  setPhase("todo");
}

/** Open what the address asks for (once the set is loaded). */
function openFromHash() {
  if (!puzzles.length) return;
  const wish = readHash(location.hash);
  let p = null;
  let problem = "";
  if (wish.id !== undefined) {
    p = puzzles.find((q) => q.id === wish.id) ?? null;
    if (!p) problem = t("puzzles.noSuchPuzzle", { id: wish.id, count: puzzles.length });
  } else if (wish.bad !== undefined) {
    problem = t("puzzles.badLink", { text: wish.bad });
  }
  notice = [problem, damaged ? t("puzzles.statsReset") : ""].filter(Boolean).join(" ");
  document.body.dataset.link = problem ? "bad" : "ok";
  begin(p ?? dailyPuzzle(puzzles, stats.rating));
}

/**
 * The player chose a move: the engine plays it (or says why not), and the
 * puzzle's line says whether it was the one.
 * @param {string} text
 */
function attempt(text) {
  if (!puzzle || phase !== "todo") return;
  notice = "";
  damaged = false;
  const answer = python.play(text, (why) => {
    tell(why, "wrong");
    if (view) show(view, true);
  });
  if (!answer) return;
  const played = answer.state.moves[answer.state.moves.length - 1] ?? text;
  if (played === puzzle.line[step]) right(answer.state, played);
  else wrong(answer.state, played);
}

/**
 * @param {Bridge.View} state after the solver's move
 * @param {string} played
 */
function right(state, played) {
  const p = /** @type {Puzzle} */ (puzzle);
  step += 1;
  if (step >= p.line.length) {
    show(state, false);
    const key = p.kind === "defend" ? "puzzles.solvedDefend" : "puzzles.solved";
    tell(t(key, { move: played }), "right");
    if (phase === "todo" && !Object.hasOwn(stats.done, String(p.id))) record(true);
    setPhase("solved");
    ui.next.focus({ preventScroll: true });
    return;
  }
  show(state, false);
  tell(t("puzzles.good", { move: played }), "right");
  setPhase("reply");
  replyTimer = window.setTimeout(() => {
    const reply = p.line[step];
    const answer = call("play", reply);
    if (!answer.ok || !answer.state) return;
    step += 1;
    show(answer.state, true);
    const { opponent } = sides();
    const left = p.line.length - step > 1 ? plural("puzzles.movesLeft", (p.line.length - step + 1) / 2) : t("puzzles.lastMove");
    tell(t("puzzles.replied", { opponent, reply, left }), "right");
    setPhase("todo");
  }, REPLY_DELAY_MS);
}

/**
 * A wrong move: the opponent's answer from the engine, on the board and in words.
 * @param {Bridge.View} state after the wrong move
 * @param {string} played
 */
function wrong(state, played) {
  const p = /** @type {Puzzle} */ (puzzle);
  const left = p.kind === "defend" ? 1 : p.n - step / 2;
  const answer = call("refute", p.kind, left);
  const { opponent } = sides();
  let shown = state;
  if (answer.reply) {
    const replied = call("play", answer.reply);
    if (replied.ok && replied.state) shown = replied.state;
  }
  show(shown, false);
  const reply = answer.reply ?? "";
  let text;
  if (answer.outcome === "over") text = t("puzzles.wrong.over", { move: played, outcome: t(`embed.${state.status}`) });
  else if (answer.outcome === "tower") text = t("puzzles.wrong.tower", { move: played, opponent, reply });
  else if (answer.outcome === "escape") text = plural("puzzles.wrong.escape", answer.moves, { move: played, opponent, reply });
  else if (answer.outcome === "forces") text = plural("puzzles.wrong.forces", answer.moves, { move: played, opponent, reply });
  else text = t("puzzles.wrong.plain", { move: played });
  tell(text, "wrong");
  document.body.dataset.refutation = answer.outcome;
  record(false);
  setPhase("failed");
  ui.retry.focus({ preventScroll: true });
}

ui.retry.addEventListener("click", () => {
  if (!puzzle) return;
  begin(puzzle);
  ui.canvas.focus({ preventScroll: true });
});

ui.solution.addEventListener("click", () => {
  if (!puzzle || !python.ready) return;
  const p = puzzle;
  begin(p);
  // Seeing the solution counts as a miss. The line is played on the board,
  // one move after the other; then Try again sets the puzzle up for the player.
  record(false);
  // The opponent's replies in brackets: "b4:2-d4 (b4) d4:4-e5".
  const line = p.line.map((move, i) => (i % 2 ? `(${move})` : move)).join(" ");
  tell(t("puzzles.solutionIs", { line }), "");
  setPhase("showing");
  show(/** @type {Bridge.View} */ (view), false);
  const playFrom = (/** @type {number} */ i) => {
    if (puzzle !== p || phase !== "showing") return;
    if (i >= p.line.length) {
      document.body.dataset.solution = "shown";
      setPhase("failed");
      return;
    }
    const answer = call("play", p.line[i]);
    if (!answer.ok || !answer.state) return;
    show(answer.state, false);
    void board.whenStill().then(() => {
      solutionTimer = window.setTimeout(() => playFrom(i + 1), REPLY_DELAY_MS);
    });
  };
  delete document.body.dataset.solution;
  solutionTimer = window.setTimeout(() => playFrom(0), REPLY_DELAY_MS);
});

ui.next.addEventListener("click", () => {
  if (!puzzles.length) return;
  const p = nextPuzzle(puzzles, stats, puzzle);
  if (location.hash === `#id=${p.id}`) begin(p);
  else location.hash = `id=${p.id}`;
  ui.canvas.focus({ preventScroll: true });
});

window.addEventListener("hashchange", openFromHash);

/** Fetch the set (precached by the service worker: it works offline). */
async function loadSet() {
  try {
    const response = await fetch("./data/puzzles.json");
    if (!response.ok) throw new Error(String(response.status));
    const data = await response.json();
    if (!Array.isArray(data.puzzles) || !data.puzzles.length) throw new Error("no puzzles");
    puzzles = data.puzzles;
    openFromHash();
  } catch {
    tell(t("puzzles.noSet"), "wrong");
    document.body.dataset.puzzle = "none";
  }
}

pageChrome();
document.title = t("puzzles.pageTitle");
showStats();
if (damaged) saveStats(stats); // a fresh record in place of the damaged one (set aside first)
board.requestRedraw();
setPhase("todo");
loadSet();
python.connect({
  loading: ui.loading,
  canvas: ui.canvas,
  status: null,
  offline: { offerUpdates: false }, // offline play (web/js/offline.js)
  ready: () => {
    if (puzzle) begin(puzzle);
    setPhase(phase);
  },
});
