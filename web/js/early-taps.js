// @ts-check
// A tap before the game is ready is not lost, on every game's page (Mixtour's
// web/js/app.js and Tor's web/js/tor-app.js, each through its board).
//
// A game page draws its board before Python is there (body[data-painted])
// and takes a move once it is (body[data-ready]): on a phone that can be a
// few seconds. A tap, a drag or Enter on the board in between is kept here
// (the rules of the queue: web/js/board/early.js): the square is marked on
// the board at once (#board[data-kept] names it), the message line says the
// move is played as soon as the game is loaded, and once the page has set
// its game up (its ready() calls flush() last) the inputs are given to the
// board's own selection model, in order, as if made then: a legal move is
// played (and the computer answers when it is to move), a refused one is
// explained as any refused click, a pawn or a stack chosen stays chosen.
//
// Only on the position it was made on. The page says, before Python, which
// position its board shows and whether the game will still have it once
// ready (`drawn`): Mixtour's page draws the empty board of a new game, Tor's
// the position of the link (at= or p=) or the standard layout. When a kept
// game will come back at ready instead (a page without a link: this tab's
// game, else the latest unfinished one; library.js's keptGame), paint() has
// the page draw that game as it was last shown, turned as it was, and taps
// are kept on it. When that is not known (an older page's save), or a link's
// game is not what is drawn, the page is not sure, and a tap is not kept: the
// line says to play once the game shows. At ready the position shown is
// compared with the one tapped:
// when it differs (a saved game came back after all) nothing is played and
// the line says so; when it is the computer's turn, or a friend's in a game
// by link, nothing is played and the page says why (`blocked`). A newcomer's
// first screen (the choice of how to play) does not stand between a kept tap
// and its move: the page starts the choice it offers first instead of
// showing it (web/js/start-choice.js, chooseFirst), and the tap is played in
// that game, whose start is the board drawn. Taps after the one that plays an
// action were made on the position before it and are dropped.
//
// Not kept: Mixtour's 1-4 keys (they lift from a stack, and the board drawn
// before Python is empty). Once ready, the page's own input takes over.
//
// Test hooks: #board[data-kept] the squares kept ("c3 d4"), gone once
// played; body[data-early] what became of them at ready (none | changed |
// blocked | replay; not set when nothing was tapped).

import { keep, markedSquares, pressTaps, settle } from "./board/early.js";
import { isDrag } from "./board/input.js";
import { t } from "./i18n.js";
import { keptGame } from "./library.js";

/** @typedef {import("./board/early.js").Kept} Kept */
/** @typedef {import("./board/early.js").Early} Early */
/** @typedef {import("./board/state.js").Hit} Hit */

/**
 * What the page gives.
 * @typedef {object} EarlyTapsOptions
 * @property {import("./board/api.js").Board<any, any, any, any> & {keyChoose(square: number): void}} board
 *   the page's board (Mixtour's or Tor's)
 * @property {() => boolean} ready whether the page's Python is there
 * @property {() => string | null} drawn the position text the board shows before Python,
 *   when the game will have it once ready; null when the page cannot be sure
 * @property {(position: string, flip: boolean) => boolean} draw draw a kept game's
 *   position before Python (turned round if `flip`); false when the text does not read
 * @property {import("./library-games.js").LibraryGame} kind the game's kind in Your games:
 *   without a link, a kept game of it comes back at ready instead of the board drawn
 * @property {(square: number) => string} squareName the game's name of a square
 * @property {(text: string) => void} say the page's message line
 * @property {() => string} blocked why the board takes no move from the player now (the
 *   computer's turn, a friend's), in the page's words; "" when it has none
 */

export class EarlyTaps {
  /** @param {EarlyTapsOptions} options */
  constructor(options) {
    this.options = options;
    /** @type {Kept[]} */
    this.queue = [];
    /** @type {{shown: string | null, flip: boolean, computer: boolean} | null} the kept game that comes back at ready (paint()) */
    this.kept = null;
    /** @type {{id: number, x: number, y: number, hit: Hit | null} | null} the press in progress */
    this.press = null;
    const canvas = options.board.canvas;
    /** @type {[string, (event: any) => void][]} */
    const listeners = [
      ["pointerdown", (/** @type {PointerEvent} */ event) => this.down(event)],
      ["pointerup", (/** @type {PointerEvent} */ event) => this.up(event)],
      ["pointercancel", () => (this.press = null)],
      ["keydown", (/** @type {KeyboardEvent} */ event) => this.key(event)],
    ];
    for (const [type, listener] of listeners) canvas.addEventListener(type, listener);
    this.unbind = () => {
      for (const [type, listener] of listeners) canvas.removeEventListener(type, listener);
    };
  }

  /**
   * Draw the kept game that comes back at ready, if one does (the page calls
   * this once, after drawing its own board): nothing writes the library
   * before ready, so what is drawn is what ready() brings back.
   */
  paint() {
    if (location.hash.length > 1) return;
    const kept = keptGame(this.options.kind);
    if (kept?.shown && !this.options.draw(kept.shown, kept.flip)) kept.shown = null;
    this.kept = kept;
  }

  /**
   * Whether the computer will play once the page is ready, as far as the page
   * knows before Python (after paint()): a link that names it (ai=, not ai=0), else the
   * kept game that comes back, with a computer seat, else, on a first screen,
   * a player whose last choice was the computer. The page then starts its
   * engine worker at once, so that the worker's Python starts beside the
   * page's own and the computer's first move does not wait for both in turn.
   * @param {string | null} remembered the start choice this player made last time
   */
  computerComing(remembered) {
    const hash = location.hash.slice(1);
    if (hash) return !["0", null].includes(new URLSearchParams(hash).get("ai")); // ai=0: people only
    if (this.kept) return this.kept.computer;
    return remembered === "computer";
  }

  /**
   * The position the board shows when the game will have it once ready, else
   * null: a kept game's as paint() drew it, or else the page's answer.
   * @returns {string | null}
   */
  drawn() {
    return this.kept ? this.kept.shown : this.options.drawn();
  }

  /** Whether inputs wait for the game (the page's ready() asks, to skip the first screen). */
  get waiting() {
    return this.queue.length > 0;
  }

  /** Whether the page still waits for its Python (once ready, the board's own input rules). */
  get early() {
    return !this.options.ready() && !this.options.board.canvas.inert;
  }

  /** @param {PointerEvent} event */
  down(event) {
    const board = this.options.board;
    if (!this.early || !event.isPrimary || event.button > 0 || !board.geometry) return;
    const [x, y] = board.eventPoint(event);
    this.press = { id: event.pointerId, x, y, hit: board.hitTest(x, y) };
  }

  /** @param {PointerEvent} event */
  up(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.id) return;
    this.press = null;
    if (!this.early) return;
    const board = this.options.board;
    const [x, y] = board.eventPoint(event);
    const taps = pressTaps(press.hit, board.hitTest(x, y), isDrag(press, x, y));
    for (const hit of taps) this.take(hit ? { kind: "tap", hit } : null);
  }

  /** @param {KeyboardEvent} event */
  key(event) {
    if (!this.early || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Escape") {
      this.take(null); // as on the board: the choice in progress given up
      return;
    }
    // The board's own listener ran first: Enter has shown its cursor where it chooses.
    const square = this.options.board.cursor;
    if ((event.key === "Enter" || event.key === " ") && square !== null) this.take({ kind: "key", square });
  }

  /**
   * One more input before the game is ready: kept and marked, or told why not.
   * @param {Early | null} input null: a tap off the board, or Escape
   */
  take(input) {
    const had = this.queue.length;
    const { queue, outcome } = keep(this.queue, input, input ? this.drawn() : null);
    this.queue = queue;
    this.show();
    if (outcome === "kept" && !had) this.options.say(t("early.kept"));
    else if (outcome === "unsure") this.options.say(t("early.wait"));
    else if (outcome === "cleared" && had) this.options.say(t("early.cleared"));
  }

  /** Mark the squares kept on the board, and name them on it. */
  show() {
    const { board, squareName } = this.options;
    const squares = markedSquares(this.queue);
    board.mark(squares);
    if (squares.length) board.canvas.dataset.kept = squares.map(squareName).join(" ");
    else delete board.canvas.dataset.kept;
  }

  /**
   * The page's game is set up (called last in its ready()): play what was
   * kept, or say why not. Input goes to the board's own listeners from now on.
   */
  flush() {
    this.unbind();
    const { board, say, blocked } = this.options;
    const queue = this.queue;
    this.queue = [];
    this.press = null;
    this.show();
    if (!queue.length) return;
    const canvas = board.canvas;
    const position = canvas.dataset.position ?? "";
    const interactive = !!board.config.interactive && !canvas.inert;
    const outcome = settle(queue, position, interactive);
    document.body.dataset.early = outcome;
    if (outcome === "changed") {
      say(t("early.changed"));
    } else if (outcome === "blocked") {
      say(blocked() || t("early.notNow"));
    } else if (outcome === "replay") {
      for (const kept of queue) {
        if (canvas.dataset.position !== position) break; // an action was played: the rest was on the board before
        if (kept.kind === "tap") board.choose(kept.hit);
        else board.keyChoose(kept.square);
      }
    }
  }
}
