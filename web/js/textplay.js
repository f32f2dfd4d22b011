// @ts-check
// Play without sight, on every game's page: the "Text board and commands"
// panel (the text board of web/js/textboard.js, the command box of
// web/js/commands.js and the visible log), the skip link that leads to it,
// the announcements of web/js/speech.js and the "Keys" help. Written once;
// a game plugs in with a TextGame (below): Mixtour's is web/js/mixtour-text.js,
// Tor's web/js/tor/text.js.
//
// The page (web/js/app.js, web/js/tor-app.js) tells it what happens:
//   update(state)              after every render: the text board follows
//   played(before, after)      an action was played (by anyone): the log tells it in words,
//                              and the end of the game, or a turn nobody else tells
//   event(text)                something else happened to the game (undo, redo, new game)
//   selectionChanged(sel)      the choice in progress on the board changed
//   cursorAt(square)           the canvas's keyboard cursor moved
// The panel's open/closed state is a preference ("textPlay"), kept for every
// visit and shared by the games' pages.

import { Commands } from "./commands.js";
import { keysHelp } from "./keyshelp.js";
import { $ } from "./page.js";
import { onPref, pref, setPref } from "./prefs.js";
import { Speaker } from "./speech.js";
import { TextBoard } from "./textboard.js";

/**
 * A square's cell on the text board: what a screen reader reads, and its marks.
 * @typedef {{label: string, selected: boolean, target: boolean}} Cell
 */

/**
 * What the engine thinks of a typed action: `legal`, or the words of its refusal.
 * @typedef {{legal: true} | {legal: false, words: string}} Verdict
 */

/**
 * A game's part of play without sight, made by the game for its page (it
 * holds the page's bridge). Nothing in it decides what is legal: the
 * engine's views and answers do. V is the game's view (the bridge's state),
 * B its board (web/js/board/api.js), S the board's choice in progress.
 * @template V, B, S
 * @typedef {object} TextGame
 * @property {(square: number) => string} squareName "c3"
 * @property {(view: V | null, square: number) => string} squareWords a square and what
 *   stands on it, as the cursor says it (null: before the engine's first view)
 * @property {(view: V) => string[]} pieces what each square's cell shows: a letter a piece,
 *   bottom to top
 * @property {(view: V) => number[]} lastSquares the squares of the last action
 * @property {(board: B, view: V) => Cell[]} cells every square's label and marks, with the
 *   choice in progress on the board
 * @property {(board: B, square: number) => void} choose Enter or Space on a cell: the same
 *   choice as Enter on the canvas
 * @property {readonly string[]} keys the game's other keys on a cell (Escape, Mixtour's 1 to 4)
 * @property {(board: B, square: number, key: string) => boolean} key one of those keys
 *   pressed on a cell: true when it did something
 * @property {(board: B, selection: S) => string} selectionWords the choice in progress and
 *   what may follow it, for the cursor region ("" says nothing)
 * @property {(before: V, after: V) => string} actionWords what the last action of `after` did
 * @property {(view: V) => string} resultWords how the game ended, or "" while it goes on
 * @property {(view: V) => string} turnWords whose turn it is, or how the game ended
 * @property {(view: V) => boolean} tellsTurn after an action: whether the log must say whose
 *   turn it is too (nothing else would, as for Mixtour's forced pass)
 * @property {(view: V) => string} boardWords the whole board
 * @property {string} helpText the command box's help
 * @property {string[]} actionCommands commands that are actions (Mixtour's "pass"): each is
 *   its English word or the language's cmd.<name>, played as <name>
 * @property {(view: V) => string} legalWords every legal action now
 * @property {(view: V, what: string) => string} legalAtWords what one square (or, for Tor,
 *   one step) can do
 * @property {(line: string) => string} actionText a typed line as the action's notation
 * @property {(text: string, view: V) => Verdict} judge what the engine says of an action typed
 * @property {(ply: number) => V} viewAt the game after `ply` actions (the bridge's goto)
 */

/**
 * What the panel needs of the page: the command box's needs, the board and the game's part.
 * @template V, B, S
 * @typedef {import("./commands.js").CommandDeps<V> & {board: B, game: TextGame<V, B, S>}} TextPlayDeps
 */

/**
 * The board as the text board drives it: the kit's Board of any game.
 * @typedef {import("./board/api.js").Board<any, any, any, any>} AnyBoard
 */

/**
 * @template {import("./commands.js").Readable} V
 * @template {AnyBoard} B
 * @template S
 */
export class TextPlay {
  /**
   * deps: {view() -> state, play(text), undo(), redo(), board, game,
   *        blocked() -> why input is refused now, or ""}
   * @param {TextPlayDeps<V, B, S>} deps
   */
  constructor(deps) {
    this.deps = deps;
    this.game = deps.game;
    this.section = $("#text-play");
    this.toggle = $("#text-play-toggle");
    this.body = $("#text-play-body");
    this.speaker = new Speaker({ log: $("#move-log"), cursor: $("#cursor-live") });
    /** @type {TextBoard<V, B, S>} */
    this.textBoard = new TextBoard($("#text-board"), {
      board: deps.board,
      game: deps.game,
      speaker: this.speaker,
      blocked: deps.blocked,
    });
    this.commands = new Commands($("#command-form"), $("#command"), $("#command-answer"), deps);
    keysHelp($("#open-keys"), $("#keys-dialog"));

    this.toggle.addEventListener("click", () => this.show(!this.isOpen()));
    $("#skip-to-text").addEventListener("click", (event) => {
      event.preventDefault();
      this.show(true);
      this.textBoard.focusGrid();
    });
    this.show(pref("textPlay", false), { keep: false });
    onPref("textPlay", (open) => this.show(!!open, { keep: false }));
  }

  isOpen() {
    return this.toggle.getAttribute("aria-expanded") === "true";
  }

  /**
   * Open or close the panel; the log stays readable by screen readers either way.
   * @param {boolean} open
   * @param {{keep?: boolean}} [options] keep: save it as the player's preference
   */
  show(open, { keep = true } = {}) {
    this.toggle.setAttribute("aria-expanded", String(open));
    this.body.hidden = !open;
    this.section.classList.toggle("open", open);
    // Shown, the log scrolls: the keyboard must be able to reach it; hidden, it is no tab stop.
    this.speaker.log.tabIndex = open ? 0 : -1;
    if (keep && open !== pref("textPlay", false)) setPref("textPlay", open);
  }

  /** @param {V} state */
  update(state) {
    this.textBoard.update(state);
  }

  /**
   * @param {V} before
   * @param {V} after
   */
  played(before, after) {
    this.speaker.event(this.game.actionWords(before, after));
    this.speaker.event(this.game.resultWords(after));
    if (this.game.tellsTurn(after)) this.speaker.event(this.game.turnWords(after)); // nobody else says so
  }

  /** @param {string} text */
  event(text) {
    this.speaker.event(text);
  }

  /** @param {S | null} selection */
  selectionChanged(selection) {
    this.textBoard.selectionChanged(selection);
  }

  /** @param {number} square */
  cursorAt(square) {
    this.speaker.cursor(this.game.squareWords(this.deps.view(), square));
  }
}
