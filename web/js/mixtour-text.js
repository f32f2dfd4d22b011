// @ts-check
// Mixtour's part of play without sight (a TextGame, see web/js/textgame.js):
// the game in words for players who do not see the board (what a square
// holds, what an action did, how the game ended, the whole board), the text
// board's choices (the discs lifted, as Enter and 1 to 4 lift them on the
// canvas) and the command box's actions in N1 (c3, c4-d3, c4:3-d3, pass).
// The words come from web/js/i18n.js; the facts come from the views the
// engine sends (web/py/bridge.py): nothing here decides what is legal.

import { colorName, reasonText, t } from "./i18n.js";
import { parseSquare, squareName } from "./notation.js";
import { moveText } from "./refusals.js";
import { listWords } from "./speech.js";

/** @typedef {import("./mixtour-board.js").Board} Board */
/** @typedef {import("./board/mixtour/state.js").Selection} Selection */

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
  return listWords(squares.map(squareName));
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
  parts.push(stacks.length ? stacks.join(t("say.sep")) : t("say.boardEmpty"));
  if (stacks.length) parts.push(t("say.emptyCount", { n: empty }));
  parts.push(playersWords(state));
  return `${parts.join(". ")}.`;
}

/**
 * Every legal action now, in notation.
 * @param {Bridge.View} state
 */
function legalWords(state) {
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
 * Mixtour's part of play without sight, for a page whose bridge is `call`.
 * @param {Bridge.Call} call
 * @returns {import("./textgame.js").TextGame<Bridge.View, Board, Selection>}
 */
export function mixtourText(call) {
  return {
    squareName,
    squareWords: (state, square) => squareWords(square, state ? state.stacks[square] : ""),
    pieces: (state) => state.stacks,
    lastSquares(state) {
      const last = state.last;
      if (!last || last.kind === "pass") return [];
      return last.kind === "enter" ? [last.square] : [last.from, last.to];
    },
    cells(board, state) {
      const selection = board.selection;
      const targets = new Set(selection ? board.targetsOf(selection) : []);
      return state.stacks.map((stack, square) => {
        let label = squareWords(square, stack);
        const selected = !!selection && selection.square === square;
        if (selected) label += `, ${t("a11y.lifted", { discs: discsWords(selection.count) })}`;
        if (targets.has(square)) label += `, ${t("a11y.target")}`;
        return { label, selected, target: targets.has(square) };
      });
    },
    choose: (board, square) => board.keyChoose(square),
    keys: ["1", "2", "3", "4", "Escape"],
    key(board, square, key) {
      if (key === "Escape") {
        if (!board.selection) return false;
        board.cancel();
        return true;
      }
      // Lift the top `count` discs of the square, as the digit does on the canvas.
      const count = Number(key);
      const height = board.config.stacks[square].length;
      if (height && count <= height) board.choose({ square, disc: height - count });
      return true;
    },
    selectionWords: (board, selection) =>
      t("a11y.liftedFrom", {
        discs: discsWords(selection.count),
        square: squareName(selection.square),
        targets: squaresWords(board.targetsOf(selection)),
      }),
    actionWords,
    resultWords,
    turnWords,
    tellsTurn: (state) => !state.over && state.mustPass,
    boardWords,
    get helpText() {
      return t("cmd.helpText");
    },
    actionCommands: ["pass"],
    legalWords,
    legalAtWords(state, text) {
      const square = parseSquare(text);
      if (square < 0) return t("cmd.badSquare", { text, first: squareName(0), last: squareName(24) });
      const name = squareName(square);
      if (state.over) return turnWords(state);
      const stack = state.stacks[square];
      if (!stack) {
        if (state.legal.enter.includes(square)) return t("cmd.canEnter", { square: name });
        return t("msg.notLegal", { action: name, reason: reasonText(call("explain", name)) });
      }
      const counts = state.legal.moves[square] ?? {};
      const options = Object.entries(counts).map(([count, targets]) =>
        t("cmd.countTo", { discs: discsWords(Number(count)), targets: squaresWords(targets) }),
      );
      if (!options.length) {
        const answer = call("explain_lift", square, 1);
        return t("msg.cannotLift", { reason: reasonText(answer) });
      }
      return t("cmd.from", { square: name, options: options.join(t("say.sep")) });
    },
    actionText: (line) => line.replace(/\s+/g, ""),
    judge(text) {
      const verdict = call("explain", text);
      if (verdict.legal) return { legal: true };
      if (verdict.reason) {
        return { legal: false, words: t("msg.notLegal", { action: text, reason: reasonText(verdict) }) };
      }
      return { legal: false, words: t("cmd.unknown", { text }) };
    },
    viewAt: (ply) => call("goto", ply),
  };
}
