// @ts-check
// The text command box of every game's page: actions in the game's notation
// (Mixtour's c3, c4-d3, c4:3-d3, pass; Tor's c3, c3-d4, c3-d4@e6) and
// commands (board, whose turn, last, legal, legal c4, undo, redo, help),
// answered in a live region. Actions are read and judged by the engine
// (through the game's part, a TextGame of web/js/textgame.js); the commands
// only put the views it sends into words.
//
// Command words: the English ones always work; each language adds its own
// (the "cmd.*" strings of web/js/i18n.js, alternatives separated by "|").
// Case and accents do not matter ("LEGAL", "légal", "legal" are one word).

import { t } from "./i18n.js";

const COMMANDS = ["help", "board", "turn", "last", "legal", "undo", "redo"];

/**
 * Lower case, single spaces, no accents, no question mark at the end.
 * @param {string} text
 */
function normalise(text) {
  const plain = String(text).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const words = plain.replace(/\s+/g, " ").trim();
  return words === "?" ? words : words.replace(/\s*\?$/, "");
}

/**
 * Every way to say `command`: the English word(s) and this language's.
 * @param {string} command
 */
function aliases(command) {
  const id = `cmd.${command}`;
  const words = `${t(id)}|${ENGLISH[command] ?? command}`;
  return new Set(words.split("|").map(normalise).filter(Boolean));
}

/** @type {{[command: string]: string}} */
const ENGLISH = {
  help: "help|?",
  board: "board",
  turn: "whose turn|turn",
  last: "last",
  legal: "legal",
  undo: "undo",
  redo: "redo",
};

/**
 * What the command box needs of the page (V: the game's view).
 * @template V
 * @typedef {object} CommandDeps
 * @property {() => V | null} view
 * @property {(text: string) => void} play
 * @property {() => void} undo
 * @property {() => void} redo
 * @property {() => string} blocked why input is refused now (the computer's turn) or ""
 */

/**
 * The views the commands read: what every game's view has.
 * @typedef {{ply: number, canUndo: boolean, canRedo: boolean}} Readable
 */

/**
 * @template {Readable} V
 */
export class Commands {
  /**
   * @param {HTMLFormElement} form
   * @param {HTMLInputElement} input
   * @param {HTMLElement} answer the live region that shows the answers
   * @param {CommandDeps<V> & {game: import("./textgame.js").TextGame<V, any, any>}} deps
   */
  constructor(form, input, answer, deps) {
    this.form = form;
    this.input = input;
    this.answerRegion = answer;
    this.deps = deps;
    this.game = deps.game;
    /** @type {string[]} */
    this.history = []; // lines typed, oldest first; ArrowUp and ArrowDown bring them back
    this.recalled = 0;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value;
      input.value = "";
      if (text.trim() && text !== this.history.at(-1)) this.history.push(text);
      this.recalled = this.history.length;
      this.run(text);
    });
    input.addEventListener("keydown", (event) => {
      if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
      const step = event.key === "ArrowUp" ? -1 : 1;
      this.recalled = Math.max(0, Math.min(this.history.length, this.recalled + step));
      input.value = this.history[this.recalled] ?? "";
      event.preventDefault();
    });
  }

  /**
   * Show an answer (a new node each time, so that the same answer twice is read twice).
   * @param {string} text
   */
  answer(text) {
    const words = document.createElement("span");
    words.textContent = text;
    this.answerRegion.replaceChildren(words);
  }

  /**
   * Run one line typed in the box.
   * @param {string} text
   */
  run(text) {
    const line = normalise(text);
    if (!line) return;
    const state = this.deps.view();
    if (!state) return this.answer(t("loading.python"));
    const game = this.game;
    const [head, ...rest] = line.split(" ");
    const names = [...COMMANDS, ...game.actionCommands];
    const command = names.find((name) => aliases(name).has(line) || aliases(name).has(head));
    const argument = command && !aliases(command).has(line) ? rest.join(" ") : "";
    switch (command) {
      case "help":
        return this.answer(game.helpText);
      case "board":
        return this.answer(game.boardWords(state));
      case "turn": {
        const why = this.deps.blocked(); // the computer's turn: say so
        const turn = game.turnWords(state);
        return this.answer(why ? `${turn}. ${why}` : turn);
      }
      case "last":
        return this.answer(this.last(state));
      case "legal":
        return this.answer(argument ? game.legalAtWords(state, argument) : game.legalWords(state));
      case "undo":
      case "redo":
        if (!state[command === "undo" ? "canUndo" : "canRedo"]) {
          return this.answer(t(command === "undo" ? "cmd.nothingToUndo" : "cmd.nothingToRedo"));
        }
        this.answer("");
        return command === "undo" ? this.deps.undo() : this.deps.redo();
      case undefined:
        return this.action(game.actionText(line));
      default:
        return this.action(command); // an action said as a command (Mixtour's pass)
    }
  }

  /**
   * An action in the game's notation: judged by the engine, then played.
   * @param {string} text
   */
  action(text) {
    const why = this.deps.blocked();
    if (why) return this.answer(why);
    const state = this.deps.view();
    if (!state) return;
    const verdict = this.game.judge(text, state);
    if (verdict.legal) {
      this.answer("");
      this.deps.play(text);
    } else {
      this.answer(verdict.words);
    }
  }

  /**
   * The last action in words, told from the position before it (asked of the engine).
   * @param {V} state
   */
  last(state) {
    if (!state.ply) return t("cmd.noLast");
    const before = this.game.viewAt(state.ply - 1);
    const after = this.game.viewAt(state.ply);
    return t("cmd.last", { words: this.game.actionWords(before, after) });
  }
}
