// @ts-check
// Play without sight, on every game's page: the "Text board and commands"
// panel (the text board of web/js/textboard.js, the command box of
// web/js/commands.js and the visible log), the skip link that leads to it,
// the announcements of web/js/speech.js and the "Keys" help. Written once;
// a game plugs in with a TextGame (web/js/textgame.js): Mixtour's is
// web/js/mixtour-text.js, Tor's web/js/tor/text.js.
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
 * What the panel needs of the page: the command box's needs, the board and the game's part.
 * @template V, B, S
 * @typedef {import("./commands.js").CommandDeps<V> & {board: B, game: import("./textgame.js").TextGame<V, B, S>}} TextPlayDeps
 */

/**
 * @template {import("./commands.js").Readable} V
 * @template {import("./textgame.js").AnyBoard} B
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
