// @ts-check
// The text command box: moves in notation (c3, c4-d3, c4:3-d3, pass) and
// commands (board, whose turn, last, legal c4, undo, redo, help), answered in
// a live region. Actions are read and judged by the engine (the bridge's
// explain and play); the commands only put the views it sends into words.
//
// Command words: the English ones always work; each language adds its own
// (the "cmd.*" strings of web/js/i18n.js, alternatives separated by "|").
// Case and accents do not matter ("LEGAL", "légal", "legal" are one word).

import { squareName } from "./mixtour-board.js";
import { reasonText, t } from "./i18n.js";
import { moveText } from "./refusals.js";
import { actionWords, boardWords, discsWords, parseSquare, squaresWords, turnWords } from "./speech.js";

const COMMANDS = ["help", "board", "turn", "last", "legal", "undo", "redo", "pass"];

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
  const words = `${t(id)}|${ENGLISH[command]}`;
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
  pass: "pass",
};

/**
 * What the command box needs of the page.
 * @typedef {object} CommandDeps
 * @property {Bridge.Call} call
 * @property {() => Bridge.View | null} view
 * @property {(text: string) => void} play
 * @property {() => void} undo
 * @property {() => void} redo
 * @property {() => string} blocked why input is refused now (the computer's turn) or ""
 */

export class Commands {
  /**
   * @param {HTMLFormElement} form
   * @param {HTMLInputElement} input
   * @param {HTMLElement} answer the live region that shows the answers
   * @param {CommandDeps} deps
   */
  constructor(form, input, answer, deps) {
    this.form = form;
    this.input = input;
    this.answerRegion = answer;
    this.deps = deps;
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
    const [head, ...rest] = line.split(" ");
    const command = COMMANDS.find((name) => aliases(name).has(line) || aliases(name).has(head));
    const argument = command && !aliases(command).has(line) ? rest.join(" ") : "";
    switch (command) {
      case "help":
        return this.answer(t("cmd.helpText"));
      case "board":
        return this.answer(boardWords(state));
      case "turn": {
        const why = this.deps.blocked(); // the computer's turn: say so
        return this.answer(why ? `${turnWords(state)}. ${why}` : turnWords(state));
      }
      case "last":
        return this.answer(this.last(state));
      case "legal":
        return this.answer(argument ? this.legalFrom(state, argument) : this.legal(state));
      case "undo":
      case "redo":
        if (!state[command === "undo" ? "canUndo" : "canRedo"]) {
          return this.answer(t(command === "undo" ? "cmd.nothingToUndo" : "cmd.nothingToRedo"));
        }
        this.answer("");
        return command === "undo" ? this.deps.undo() : this.deps.redo();
      case "pass":
        return this.action("pass");
      default:
        return this.action(line.replace(/\s+/g, ""));
    }
  }

  /**
   * A move, entry or pass in notation: checked by the engine, then played.
   * @param {string} text
   */
  action(text) {
    const why = this.deps.blocked();
    if (why) return this.answer(why);
    const verdict = this.deps.call("explain", text);
    if (verdict.legal) {
      this.answer("");
      this.deps.play(text);
    } else if (verdict.reason) {
      this.answer(t("msg.notLegal", { action: text, reason: reasonText(verdict) }));
    } else {
      this.answer(t("cmd.unknown", { text }));
    }
  }

  /**
   * The last action in words, told from the position before it (asked of the engine).
   * @param {Bridge.View} state
   */
  last(state) {
    if (!state.ply) return t("cmd.noLast");
    const before = this.deps.call("goto", state.ply - 1);
    const after = this.deps.call("goto", state.ply);
    return t("cmd.last", { words: actionWords(before, after) });
  }

  /**
   * Every legal action now, in notation.
   * @param {Bridge.View} state
   */
  legal(state) {
    if (state.over) return turnWords(state);
    /** @type {string[]} */
    const moves = [];
    for (const [from, counts] of Object.entries(state.legal.moves)) {
      for (const [count, targets] of Object.entries(counts)) {
        for (const to of targets) moves.push(moveText(Number(from), Number(count), to));
      }
    }
    /** @type {string[]} */
    const parts = [];
    if (state.legal.enter.length) parts.push(t("cmd.legalEnter", { n: state.legal.enter.length }));
    if (moves.length) parts.push(t("cmd.legalMoves", { moves: moves.join(", ") }));
    if (state.legal.pass) parts.push(t("cmd.legalPass"));
    return `${turnWords(state)}. ${parts.join(" ")}`;
  }

  /**
   * What can be done on one square: enter there, or which discs go where.
   * @param {Bridge.View} state
   * @param {string} text
   */
  legalFrom(state, text) {
    const square = parseSquare(text);
    if (square < 0) return t("cmd.badSquare", { text });
    const name = squareName(square);
    if (state.over) return turnWords(state);
    const stack = state.stacks[square];
    if (!stack) {
      if (state.legal.enter.includes(square)) return t("cmd.canEnter", { square: name });
      return t("msg.notLegal", { action: name, reason: reasonText(this.deps.call("explain", name)) });
    }
    const counts = state.legal.moves[square] ?? {};
    const options = Object.entries(counts).map(([count, targets]) =>
      t("cmd.countTo", { discs: discsWords(Number(count)), targets: squaresWords(targets) }),
    );
    if (!options.length) {
      const answer = this.deps.call("explain_lift", square, 1);
      return t("msg.cannotLift", { reason: reasonText(answer) });
    }
    return t("cmd.from", { square: name, options: options.join("; ") });
  }
}
