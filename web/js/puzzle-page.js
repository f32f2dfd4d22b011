// @ts-check
// The puzzles page of every game (puzzles.html for Mixtour, tor-puzzles.html
// for Tor), written once over a PuzzleGame plug-in, as the lessons run on
// lesson.js. A puzzle is a position from the engine's self-play where the
// side to move wins by force in 1, 2 or 3 of its moves (Mixtour also has
// "only move" puzzles); the game's engine made and proved each one. The
// page's bridge plays every move; the stored line gives the defender's
// replies; a wrong move gets the opponent's answer from the engine's solver
// (the bridge's refute).
//
// A game plugs in with its board (made and fed by the game's entry script),
// how to draw a position before Python is ready, whose turn a position
// string gives and the sides' names, its set's address, its own key for the
// player's record (each game keeps its rating apart), the words of a task, a
// solved puzzle and the answers to a wrong move, and the page's own address
// for a puzzle's link.
//
// Links: <page>#id=<n> opens puzzle n, #daily (or nothing) the puzzle of the
// day. The player's rating, streak and results stay in localStorage under
// the game's key; damaged data there is set aside (mixtour.broken) and starts
// afresh, with a word, never a broken page.
//
// Readiness contract as on the other pages: body[data-painted], body[data-ready],
// #board[data-position], #board[data-status]; and body[data-puzzle] =
// "<id> <todo|reply|solved|failed|showing>" once a puzzle is on the board ("none" when
// the set could not be loaded), body[data-refutation] (the outcome of the
// answer to a wrong move), body[data-link] ("ok", or "bad" for a link that
// names no puzzle) and body[data-solution] = "shown" once Show the solution has
// played the whole line on the board.

import { plural, t } from "./i18n.js";
import { $, pageChrome } from "./page.js";
import {
  dailyPuzzle,
  freshStats,
  mergeStats,
  nextPuzzle,
  readHash,
  readStats,
  scored,
} from "./puzzle-record.js";
import { setAside } from "./stored.js";

const REPLY_DELAY_MS = 450;

/** @typedef {import("./puzzle-record.js").Puzzle} Puzzle */
/** @typedef {import("./puzzle-record.js").Stats} Stats */
/** @typedef {"todo" | "reply" | "solved" | "failed" | "showing"} Phase */

/**
 * The names a puzzle's words use: the solver's side and the opponent's.
 * @typedef {{ color: string, opponent: string }} Sides
 */

/**
 * What an answer to a wrong move is worded with.
 * @typedef {{ move: string, opponent: string, reply: string, n: number }} RefutationWords
 */

/**
 * What the page asks of a game's board (the kit's Board, web/js/board/api.js).
 * @typedef {object} PuzzleBoard
 * @property {(change: { motion?: boolean, flipped?: boolean }) => void} set
 * @property {() => Promise<unknown>} whenStill the board has shown the last change
 * @property {() => void} requestRedraw
 */

/**
 * One game's part in its puzzles page.
 * @template {{ status: string }} S the bridge's view of a position (its outcome code in `status`)
 * @typedef {object} PuzzleGame
 * @property {string} name the game its set names (a set naming none is Mixtour's)
 * @property {string} page the page's own address: a puzzle's link is `<page>#id=<n>`
 * @property {string} set the address of the set of puzzles (JSON)
 * @property {string} statsKey the localStorage key of the player's record in this game
 * @property {string} pageTitle the i18n id of the page's title
 * @property {string | null} [boardLabel] the i18n id of the board's name (page.js's `label`)
 * @property {string} [boardLoadingLabel] the i18n id of its name while Python loads
 *   (page.js's `loadingLabel`; Mixtour's if left out)
 * @property {import("./page.js").Python} python the page's Python
 * @property {PuzzleBoard} board
 * @property {readonly [string, string]} colors the two sides' letters
 * @property {(fen: string) => string | null} turn whose turn a position string gives
 *   (null when it does not read)
 * @property {(color: string) => string} side a side's name
 * @property {(fen: string) => boolean} [flipped] the board turned so that the solver's side
 *   is at the bottom
 * @property {(fen: string) => void} paint draw a position from its text alone, before
 *   Python is ready (drawing only: no input)
 * @property {(fen: string) => S} load the engine set at a position
 * @property {(state: S, interactive: boolean) => void} show draw a state; interactive: the
 *   player may move, and the legal moves are offered
 * @property {(text: string, refused: (why: string) => void) => { state: S, played: string } | null} play
 *   play a move: the state after it and the move as the engine writes it, or null once
 *   `refused` was told why not
 * @property {(kind: string, left: number) => Bridge.Refuted} refute the opponent's answer to
 *   the wrong move just played, when the solver had `left` moves to win
 * @property {(status: string) => string} result a finished game's outcome in words
 * @property {(puzzle: Puzzle, sides: Sides) => string} task what the puzzle asks
 * @property {(puzzle: Puzzle, move: string, sides: Sides) => string} solved said after the
 *   last move of the line
 * @property {{ [outcome: string]: (words: RefutationWords) => string }} refutation the answer
 *   to a wrong move in words, by the refutation's outcome (besides "over", which the page
 *   words itself; an outcome left out gets the plain "not the move")
 */

/**
 * The page's parts (puzzles.html's ids, the same on every game's puzzles page).
 */
function puzzleUi() {
  return {
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
}

/** @param {number} rating */
function levelName(rating) {
  if (rating < 1200) return t("puzzles.easy");
  if (rating < 1550) return t("puzzles.medium");
  return t("puzzles.hard");
}

/** @template {{ status: string }} S */
export class PuzzlePage {
  /** @param {PuzzleGame<S>} game */
  constructor(game) {
    this.game = game;
    this.ui = puzzleUi();
    const { stats, damaged } = this.loadStats();
    this.stats = stats;
    this.damaged = damaged;
    /** @type {Puzzle[]} */
    this.puzzles = [];
    /** @type {Puzzle | null} */
    this.puzzle = null;
    this.step = 0; // index in puzzle.line of the move expected next
    /** @type {Phase} */
    this.phase = "todo";
    /** @type {S | null} the position shown */
    this.view = null;
    /** A problem with the link or the saved record: said with the puzzle, until the first move. */
    this.notice = "";
    this.replyTimer = 0;
    this.solutionTimer = 0; // the next move of a solution shown on the board
  }

  // -- the player's record in localStorage (web/js/puzzle-record.js reads it) -----------

  /**
   * The record as stored; what cannot be read is set aside first (as the
   * library does: mixtour.broken), then a fresh record is used.
   * @returns {{ stats: Stats, damaged: boolean }}
   */
  loadStats() {
    const key = this.game.statsKey;
    try {
      const raw = localStorage.getItem(key);
      const read = readStats(raw);
      if (read.damaged) setAside(raw, `puzzle record (${key}): unreadable`);
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
  saveStats(record) {
    try {
      localStorage.setItem(this.game.statsKey, JSON.stringify(record));
      return true;
    } catch {
      return false;
    }
  }

  /** Say whether the last result could be kept. @param {boolean} kept */
  showKept(kept) {
    this.ui.storage.hidden = kept;
    document.body.dataset.save = kept ? "written" : "full";
  }

  showStats() {
    const { ui, stats } = this;
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
  record(solved) {
    if (!this.puzzle) return;
    const stored = this.loadStats();
    const base = stored.damaged ? this.stats : mergeStats(stored.stats, this.stats);
    this.stats = scored(base, this.puzzle, solved);
    this.showKept(this.saveStats(this.stats));
    this.showStats();
  }

  // -- the puzzle on the board ------------------------------------------------------------

  /**
   * @param {string} text
   * @param {string} kind right | wrong | "" (nothing said)
   */
  tell(text, kind) {
    this.ui.feedback.textContent = text;
    this.ui.feedback.dataset.kind = kind;
  }

  /** @param {Phase} now */
  setPhase(now) {
    const { ui } = this;
    this.phase = now;
    if (this.puzzle) document.body.dataset.puzzle = `${this.puzzle.id} ${now}`;
    ui.retry.hidden = now !== "failed";
    ui.solution.disabled = !this.game.python.ready || now === "reply" || now === "solved" || now === "showing";
    ui.next.disabled = !this.puzzles.length || now === "reply";
  }

  /**
   * @param {S} next
   * @param {boolean} interactive
   */
  show(next, interactive) {
    this.view = next;
    this.game.show(next, interactive);
  }

  /** The solver's side and the opponent's, named, from the puzzle's position. @returns {Sides} */
  sides() {
    const { colors, side, turn } = this.game;
    const mover = turn(this.puzzle?.fen ?? "") ?? colors[0];
    const other = mover === colors[0] ? colors[1] : colors[0];
    return { color: side(mover), opponent: side(other) };
  }

  /**
   * Put puzzle `p` on the board, from its start.
   * @param {Puzzle} p
   */
  begin(p) {
    const { game, ui } = this;
    clearTimeout(this.replyTimer);
    this.puzzle = p;
    this.step = 0;
    delete document.body.dataset.refutation;
    ui.title.textContent = t("puzzles.title", { id: p.id });
    ui.meta.textContent = t("puzzles.meta", { rating: p.rating, level: levelName(p.rating) });
    ui.task.textContent = game.task(p, this.sides());
    ui.link.href = `${game.page}#id=${p.id}`;
    this.tell(this.notice, this.notice ? "wrong" : "");
    // A new puzzle, or the same from its start, is shown at once: nothing
    // sliding from the position before.
    game.board.set({ motion: false, flipped: game.flipped?.(p.fen) ?? false });
    clearTimeout(this.solutionTimer);
    if (game.python.ready) this.show(game.load(p.fen), true);
    else game.paint(p.fen); // drawn from the puzzle's position before the engine is there
    game.board.set({ motion: true });
    this.setPhase("todo");
  }

  /** Open what the address asks for (once the set is loaded). */
  openFromHash() {
    const { puzzles } = this;
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
    this.notice = [problem, this.damaged ? t("puzzles.statsReset") : ""].filter(Boolean).join(" ");
    document.body.dataset.link = problem ? "bad" : "ok";
    this.begin(p ?? dailyPuzzle(puzzles, this.stats.rating));
  }

  /**
   * The player chose a move: the engine plays it (or says why not), and the
   * puzzle's line says whether it was the one.
   * @param {string} text
   */
  attempt(text) {
    const { puzzle } = this;
    if (!puzzle || this.phase !== "todo") return;
    this.notice = "";
    this.damaged = false;
    const answer = this.game.play(text, (why) => {
      this.tell(why, "wrong");
      if (this.view) this.show(this.view, true);
    });
    if (!answer) return;
    if (answer.played === puzzle.line[this.step]) this.right(answer.state, answer.played);
    else this.wrong(answer.state, answer.played);
  }

  /**
   * @param {S} state after the solver's move
   * @param {string} played
   */
  right(state, played) {
    const p = /** @type {Puzzle} */ (this.puzzle);
    this.step += 1;
    this.show(state, false);
    if (this.step >= p.line.length) {
      this.tell(this.game.solved(p, played, this.sides()), "right");
      if (this.phase === "todo" && !Object.hasOwn(this.stats.done, String(p.id))) this.record(true);
      this.setPhase("solved");
      this.ui.next.focus({ preventScroll: true });
      return;
    }
    this.tell(t("puzzles.good", { move: played }), "right");
    this.setPhase("reply");
    this.replyTimer = window.setTimeout(() => this.reply(p), REPLY_DELAY_MS);
  }

  /**
   * The opponent's reply from the puzzle's line; then the player's turn again.
   * @param {Puzzle} p
   */
  reply(p) {
    const reply = p.line[this.step];
    const answer = this.game.play(reply, () => {});
    if (!answer) return;
    this.step += 1;
    this.show(answer.state, true);
    const { opponent } = this.sides();
    const after = p.line.length - this.step;
    const left = after > 1 ? plural("puzzles.movesLeft", (after + 1) / 2) : t("puzzles.lastMove");
    this.tell(t("puzzles.replied", { opponent, reply, left }), "right");
    this.setPhase("todo");
  }

  /**
   * A wrong move: the opponent's answer from the engine, on the board and in words.
   * @param {S} state after the wrong move
   * @param {string} played
   */
  wrong(state, played) {
    const { game } = this;
    const p = /** @type {Puzzle} */ (this.puzzle);
    const left = p.kind === "defend" ? 1 : p.n - this.step / 2;
    const answer = game.refute(p.kind, left);
    const reply = answer.reply ?? "";
    const shown = answer.reply ? (game.play(answer.reply, () => {})?.state ?? state) : state;
    this.show(shown, false);
    const words = { move: played, opponent: this.sides().opponent, reply, n: answer.moves };
    const worded = game.refutation[answer.outcome];
    let text;
    if (answer.outcome === "over") {
      text = t("puzzles.wrong.over", { move: played, outcome: game.result(state.status) });
    } else if (worded) text = worded(words);
    else text = t("puzzles.wrong.plain", { move: played });
    this.tell(text, "wrong");
    document.body.dataset.refutation = answer.outcome;
    this.record(false);
    this.setPhase("failed");
    this.ui.retry.focus({ preventScroll: true });
  }

  /** Show the solution: a miss; the line is played on the board, one move after the other. */
  showSolution() {
    const { game, puzzle: p } = this;
    if (!p || !game.python.ready) return;
    this.begin(p);
    // Then Try again sets the puzzle up for the player.
    this.record(false);
    // The opponent's replies in brackets: "b4:2-d4 (b4) d4:4-e5".
    const line = p.line.map((move, i) => (i % 2 ? `(${move})` : move)).join(" ");
    this.tell(t("puzzles.solutionIs", { line }), "");
    this.setPhase("showing");
    this.show(/** @type {S} */ (this.view), false);
    const playFrom = (/** @type {number} */ i) => {
      if (this.puzzle !== p || this.phase !== "showing") return;
      if (i >= p.line.length) {
        document.body.dataset.solution = "shown";
        this.setPhase("failed");
        return;
      }
      const answer = game.play(p.line[i], () => {});
      if (!answer) return;
      this.show(answer.state, false);
      void game.board.whenStill().then(() => {
        this.solutionTimer = window.setTimeout(() => playFrom(i + 1), REPLY_DELAY_MS);
      });
    };
    delete document.body.dataset.solution;
    this.solutionTimer = window.setTimeout(() => playFrom(0), REPLY_DELAY_MS);
  }

  /** The next puzzle, by its link. */
  next() {
    if (!this.puzzles.length) return;
    const p = nextPuzzle(this.puzzles, this.stats, this.puzzle);
    if (location.hash === `#id=${p.id}`) this.begin(p);
    else location.hash = `id=${p.id}`;
    this.ui.canvas.focus({ preventScroll: true });
  }

  /** Fetch the set (precached by the service worker: it works offline). */
  async loadSet() {
    try {
      const response = await fetch(this.game.set);
      if (!response.ok) throw new Error(String(response.status));
      const data = await response.json();
      if ((data.game ?? "mixtour") !== this.game.name) throw new Error("another game's set");
      if (!Array.isArray(data.puzzles) || !data.puzzles.length) throw new Error("no puzzles");
      this.puzzles = data.puzzles;
      this.openFromHash();
    } catch {
      this.tell(t("puzzles.noSet"), "wrong");
      document.body.dataset.puzzle = "none";
    }
  }

  /** Wire the page, fetch the set and wait for Python. */
  start() {
    const { game, ui } = this;
    ui.retry.addEventListener("click", () => {
      if (!this.puzzle) return;
      this.begin(this.puzzle);
      ui.canvas.focus({ preventScroll: true });
    });
    ui.solution.addEventListener("click", () => this.showSolution());
    ui.next.addEventListener("click", () => this.next());
    window.addEventListener("hashchange", () => this.openFromHash());
    // Another tab scored: its results join this tab's record.
    window.addEventListener("storage", (event) => {
      if (event.key !== game.statsKey || event.newValue === null) return;
      const read = readStats(event.newValue);
      if (read.damaged) return;
      this.stats = mergeStats(read.stats, this.stats);
      this.showStats();
    });

    pageChrome();
    document.title = t(game.pageTitle);
    this.showStats();
    if (this.damaged) this.saveStats(this.stats); // a fresh record in place of the damaged one (set aside first)
    game.board.requestRedraw();
    this.setPhase("todo");
    void this.loadSet();
    game.python.connect({
      loading: ui.loading,
      canvas: ui.canvas,
      status: null,
      label: game.boardLabel,
      loadingLabel: game.boardLoadingLabel,
      offline: { offerUpdates: false }, // offline play (web/js/offline.js)
      ready: () => {
        if (this.puzzle) this.begin(this.puzzle);
        this.setPhase(this.phase);
      },
    });
  }
}
