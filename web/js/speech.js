// @ts-check
// The game in words, for players who do not see the board: what a square
// holds, what an action did, how the game ended, the whole board. The words
// come from web/js/i18n.js; the facts come from the views the engine sends
// (web/py/bridge.py): nothing here decides what is legal.
//
// A Speaker writes to the page's two live regions, so that one never
// overwrites the other:
//   the log (role=log)       every action played, taken back or replayed, and the end of the game
//   the cursor region        where the keyboard cursor is, what was lifted (polite, visually hidden)

import { colorName, t } from "./i18n.js";
import { squareName } from "./notation.js";

const LOG_LENGTH = 40; // entries kept in the log; older ones are dropped

// The command box reads square names with notation.js's reader, from here.
export { parseSquare } from "./notation.js";

/**
 * "c3, empty", "c3, 1 disc: Red" or "c3, 3 high, bottom to top: White, Red, White".
 * @param {number} square
 * @param {string} stack its discs' colour letters, bottom to top
 */
export function squareWords(square, stack) {
  const name = squareName(square);
  if (!stack) return t("cursor.empty", { square: name });
  if (stack.length === 1) return t("say.single", { square: name, color: colorName(stack) });
  const discs = [...stack].map(colorName).join(", ");
  return t("cursor.stack", { square: name, height: stack.length, discs });
}

/**
 * "1 disc" or "3 discs".
 * @param {number} count
 */
export function discsWords(count) {
  return count === 1 ? t("hint.disc") : t("hint.discs", { n: count });
}

/**
 * A list of square numbers in words: "d3, b4 and e5".
 * @param {number[]} squares
 */
export function squaresWords(squares) {
  const names = squares.map(squareName);
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")}${t("reason.and")}${names.at(-1)}`;
}

/**
 * What the last action of `after` did, told from the view `before` it:
 * "Red moves 3 discs from c4 to d3; d3 is now 5 high: Red scores".
 * @param {Bridge.View} before
 * @param {Bridge.View} after
 */
export function actionWords(before, after) {
  const action = after.last;
  const color = colorName(before.turn);
  if (!action || action.kind === "pass") return t("say.pass", { color });
  if (action.kind === "enter") return t("say.enter", { color, square: squareName(action.square) });
  const to = squareName(action.to);
  const moved = t("say.move", {
    color,
    discs: discsWords(action.count),
    from: squareName(action.from),
    to,
  });
  const height = before.stacks[action.to].length + action.count;
  const scorers = after.colors.filter((_, i) => after.scores[i] > before.scores[i]);
  const landed = scorers.length
    ? t("say.scores", { square: to, height, color: scorers.map(colorName).join(t("reason.and")) })
    : t("say.height", { square: to, height });
  return `${moved}; ${landed}`;
}

/**
 * How the game ended ("White wins: first to 1 point"), or "" while it goes on.
 * @param {Bridge.View} state
 */
export function resultWords(state) {
  if (!state.over) return "";
  if (state.winner) {
    return t("say.win", {
      color: colorName(state.winner),
      target: state.target,
      points: state.target === 1 ? t("panel.point") : t("panel.points"),
    });
  }
  return t(`result.${state.status}`);
}

/**
 * Whose turn it is, or how the game ended.
 * @param {Bridge.View} state
 */
export function turnWords(state) {
  if (state.over) return resultWords(state);
  if (state.mustPass) return t("status.mustPass", { color: colorName(state.turn) });
  return t("status.toMove", { color: colorName(state.turn) });
}

/**
 * Scores and reserves: "White: 0 of 1 points, 18 in reserve. Red: ...".
 * @param {Bridge.View} state
 */
export function playersWords(state) {
  return state.colors
    .map((color, i) =>
      t("player.summary", {
        color: colorName(color),
        reserve: state.reserves[i],
        score: state.scores[i],
        target: state.target,
      }),
    )
    .join(". ");
}

/**
 * The whole board: whose turn, every stack from a5 to e1, the empty squares counted, the players.
 * @param {Bridge.View} state
 */
export function boardWords(state) {
  /** @type {string[]} */
  const stacks = [];
  for (let rank = 4; rank >= 0; rank--) {
    for (let file = 0; file < 5; file++) {
      const square = rank * 5 + file;
      if (state.stacks[square]) stacks.push(squareWords(square, state.stacks[square]));
    }
  }
  const empty = state.stacks.filter((stack) => !stack).length;
  const parts = [turnWords(state)];
  parts.push(stacks.length ? stacks.join("; ") : t("say.boardEmpty"));
  if (stacks.length) parts.push(t("say.emptyCount", { n: empty }));
  parts.push(playersWords(state));
  return `${parts.join(". ")}.`;
}

/** Writes to the move log and the cursor region (see the top of this file). */
export class Speaker {
  /** @param {{log: HTMLElement, cursor: HTMLElement}} regions */
  constructor({ log, cursor }) {
    this.log = log;
    this.cursorRegion = cursor;
  }

  /**
   * Add an entry to the log (announced by screen readers as it appears).
   * @param {string} text
   */
  event(text) {
    if (!text) return;
    const entry = document.createElement("p");
    entry.textContent = text.endsWith(".") ? text : `${text}.`;
    this.log.append(entry);
    while (this.log.children.length > LOG_LENGTH) this.log.firstElementChild?.remove();
    this.log.scrollTop = this.log.scrollHeight;
  }

  /**
   * Say where the cursor is or what was lifted; replaces the previous cursor words.
   * @param {string} text
   */
  cursor(text) {
    // A new node each time, so that the same words twice are read twice.
    const words = document.createElement("span");
    words.textContent = text;
    this.cursorRegion.replaceChildren(words);
  }
}
