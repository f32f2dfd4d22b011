// @ts-check
// Tor's part of play without sight (a TextGame, see web/js/textgame.js): the
// game in words for players who do not see the board (what a square holds,
// what a turn did, how the game ended, the whole board), the text board's
// choices (a turn built in steps, as Enter and Escape build it on the
// canvas: web/js/tor/select.js) and the command box's actions in T6 (c3,
// c3-d4, c3-d4@e6). The words come from the i18n tables through words.js;
// the facts come from the views the engine sends (web/py/tor_bridge.py):
// nothing here decides what is legal.

import { t } from "../i18n.js";
import { listWords } from "../speech.js";
import { FILES, parseSquare, RANKS, readAction, readPosition, squareName } from "./position.js";
import { choicesOf, isPlacing } from "./select.js";
import { colourName, playerName, refusalText, squareText } from "./words.js";

/** @typedef {import("./tor-board.js").TorBoard} TorBoard */
/** @typedef {import("./select.js").Selection} Selection */

/** @param {"w" | "b"} side */
const other = (side) => (side === "w" ? "b" : "w");

/**
 * Square numbers in words: "b4, c4 and d4".
 * @param {readonly number[]} squares
 */
const squaresWords = (squares) => listWords(squares.map(squareName));

/**
 * What the last action of `after` did, told from the view `before` it: "White
 * steps from c3 to d4; Black gets the blue token of c3; c3 is red now; the
 * orange token goes onto e6".
 * @param {Bridge.TorView} before
 * @param {Bridge.TorView} after
 */
export function actionWords(before, after) {
  const action = after.last ? readAction(after.last) : null;
  const player = playerName(before.turn);
  if (!action) return "";
  if ("square" in action) return t("tor.say.place", { player, square: squareName(action.square) });
  const from = squareName(action.from);
  const parts = [t("tor.say.step", { player, from, to: squareName(action.to) })];
  const tokens = readPosition(before.fen).tokens[action.from];
  const given = tokens.at(-1);
  if (given) {
    const opponent = playerName(other(before.turn));
    parts.push(t("tor.say.give", { player: opponent, colour: colourName(given), square: from }));
  }
  if (tokens.length === 1) parts.push(t("tor.say.gone", { square: from }));
  else parts.push(t("tor.say.under", { square: from, colour: colourName(tokens[0]) }));
  if (before.hand && action.place !== null) {
    parts.push(t("tor.say.put", { colour: colourName(before.hand), square: squareName(action.place) }));
  } else if (before.hand) {
    parts.push(t("tor.say.lost", { colour: colourName(before.hand) }));
  }
  return parts.join(t("say.sep"));
}

/**
 * How the game ended ("White wins: Black cannot move."), or "" while it goes on.
 * @param {Bridge.TorView} state
 */
export function resultWords(state) {
  return state.over ? t(`tor.result.${state.status}`) : "";
}

/**
 * Whose turn it is and the token in hand, or how the game ended.
 * @param {Bridge.TorView} state
 */
export function turnWords(state) {
  if (state.over) return resultWords(state);
  const player = playerName(state.turn);
  return state.hand ? t("tor.turnHand", { player, colour: colourName(state.hand) }) : t("tor.turn", { player });
}

/**
 * The whole board: whose turn, the pawns, then the tokens rank by rank from 8 to 1.
 * @param {Bridge.TorView} state
 */
export function boardWords(state) {
  const position = readPosition(state.fen);
  const parts = [turnWords(state)];
  /** @type {string[]} */
  const pawns = [];
  for (const side of /** @type {const} */ (["w", "b"])) {
    const squares = position.pawns.flatMap((pawn, square) => (pawn === side ? [square] : []));
    if (squares.length) pawns.push(t("tor.say.pawns", { player: playerName(side), squares: squaresWords(squares) }));
  }
  parts.push(pawns.length ? pawns.join(". ") : t("tor.say.noPawns"));
  for (let rank = RANKS - 1; rank >= 0; rank--) {
    /** @type {string[]} */
    const squares = [];
    for (let file = 0; file < FILES; file++) {
      const tokens = position.tokens[rank * FILES + file];
      const letter = squareName(file)[0];
      if (!tokens) squares.push(t("tor.say.empty", { file: letter }));
      else if (tokens.length === 1) squares.push(t("tor.say.one", { file: letter, colour: colourName(tokens) }));
      else {
        squares.push(t("tor.say.two", { file: letter, colour: colourName(tokens[1]), below: colourName(tokens[0]) }));
      }
    }
    parts.push(t("tor.say.rank", { rank: rank + 1, squares: squares.join(", ") }));
  }
  return `${parts.join(". ")}.`;
}

/**
 * The squares the pawn on `from` steps to, from the engine's legal actions.
 * @param {readonly string[]} legal
 * @param {number} from
 */
function stepsOf(legal, from) {
  return choicesOf(legal, { from, to: null });
}

/**
 * Every legal action now: where a pawn may be placed, or each pawn's steps.
 * @param {Bridge.TorView} state
 */
function legalWords(state) {
  if (state.over) return turnWords(state);
  const legal = state.legal;
  if (isPlacing(legal)) {
    return `${turnWords(state)}. ${t("tor.cmd.legalPlace", { squares: squaresWords(choicesOf(legal, null)) })}`;
  }
  const steps = choicesOf(legal, null).map((from) =>
    t("tor.cmd.pawnSteps", { square: squareName(from), targets: squaresWords(stepsOf(legal, from)) }),
  );
  const parts = [t("tor.cmd.legalSteps", { steps: steps.join(t("say.sep")) })];
  if (state.hand && legal.some((action) => action.includes("@"))) {
    parts.push(t("tor.cmd.legalToken", { colour: colourName(state.hand) }));
  }
  return `${turnWords(state)}. ${parts.join(" ")}`;
}

/**
 * Tor's part of play without sight, for a page whose bridge is `call`.
 * @param {Bridge.TorCall} call
 * @returns {import("../textgame.js").TextGame<Bridge.TorView, TorBoard, Selection>}
 */
export function torText(call) {
  /**
   * The engine's reason for refusing `text`, in words (null: it refuses nothing as it stands).
   * @param {string} text
   */
  const refusal = (text) => {
    /** @type {Bridge.TorExplained} */
    const answer = call("explain", text);
    if (!answer.reason) return null;
    if (answer.reason.id === "not-an-action") return t("cmd.unknown", { text });
    return refusalText(text, answer.reason);
  };

  return {
    squareName,
    squareWords(state, square) {
      const name = squareName(square);
      return state ? squareText(readPosition(state.fen), square, name) : name;
    },
    pieces(state) {
      const { tokens, pawns } = readPosition(state.fen);
      // The tokens bottom to top, then the pawn: "w" White's, "k" Black's (as the board's picture).
      return tokens.map((stack, square) => stack + (pawns[square] === "w" ? "w" : pawns[square] === "b" ? "k" : ""));
    },
    lastSquares(state) {
      const action = state.last ? readAction(state.last) : null;
      if (!action) return [];
      if ("square" in action) return [action.square];
      return action.place === null ? [action.from, action.to] : [action.from, action.to, action.place];
    },
    cells(board, state) {
      const position = readPosition(state.fen);
      const config = board.config;
      const selection = board.selection;
      const choices = new Set(config.interactive ? choicesOf(config.legal, selection) : []);
      // What choosing a marked square would do, at this step of the turn.
      const mark = isPlacing(config.legal)
        ? "tor.a11y.mark.place"
        : !selection
          ? "tor.a11y.mark.pawn"
          : selection.to === null
            ? "tor.a11y.mark.to"
            : "tor.a11y.mark.token";
      return position.tokens.map((_, square) => {
        let label = squareText(position, square, squareName(square));
        const selected = !!selection && (selection.from === square || selection.to === square);
        if (selected) label += `, ${t("tor.a11y.chosen")}`;
        if (choices.has(square)) label += `, ${t(mark)}`;
        return { label, selected, target: choices.has(square) };
      });
    },
    choose: (board, square) => board.keyChoose(square),
    keys: ["Escape"],
    key(board) {
      if (!board.selection) return false;
      board.back();
      return true;
    },
    selectionWords(board, selection) {
      const targets = squaresWords(choicesOf(board.config.legal, selection));
      const from = squareName(selection.from);
      if (selection.to === null) return t("tor.a11y.pawnChosen", { square: from, targets });
      const hand = board.config.view.hand;
      const colour = hand ? colourName(hand) : "";
      return t("tor.a11y.stepChosen", { from, to: squareName(selection.to), colour, targets });
    },
    actionWords,
    resultWords,
    turnWords,
    tellsTurn: () => false,
    boardWords,
    get helpText() {
      return t("tor.cmd.helpText");
    },
    actionCommands: [],
    legalWords,
    legalAtWords(state, what) {
      const text = what.replace(/\s+/g, "");
      if (state.over) return turnWords(state);
      const legal = state.legal;
      const square = parseSquare(text);
      if (square >= 0) {
        if (isPlacing(legal) && legal.includes(text)) return t("tor.cmd.canPlace", { square: text });
        const steps = stepsOf(legal, square);
        if (steps.length) return t("tor.cmd.steps", { square: text, targets: squaresWords(steps) });
        return refusal(text) ?? t("tor.cmd.noSteps", { square: text });
      }
      if (/^[a-f][1-8]-[a-f][1-8]$/.test(text)) {
        const places = legal.filter((action) => action.startsWith(`${text}@`));
        if (places.length) {
          const squares = squaresWords(
            places.map((action) => parseSquare(action.slice(text.length + 1))).sort((a, b) => a - b),
          );
          return t("tor.cmd.places", { step: text, colour: colourName(state.hand ?? ""), squares });
        }
        if (legal.includes(text)) return t("tor.cmd.whole", { step: text });
        return refusal(text) ?? t("cmd.unknown", { text });
      }
      return t("cmd.badSquare", { text, first: squareName(0), last: squareName(FILES * RANKS - 1) });
    },
    actionText: (line) => line.replace(/\s+/g, ""),
    judge(text, state) {
      if (state.legal.includes(text)) return { legal: true };
      const words = refusal(text);
      if (words) return { legal: false, words };
      // The engine refuses nothing of it as it stands: a part of a turn.
      const place = state.legal.find((action) => action.startsWith(`${text}@`));
      if (place && state.hand) {
        const reason = { id: "must-place", args: { colour: state.hand, square: place.slice(text.length + 1) } };
        return { legal: false, words: refusalText(text, reason) };
      }
      const step = state.legal.find((action) => action.startsWith(`${text}-`));
      if (step) return { legal: false, words: t("tor.cmd.pawnOnly", { text, example: step.split("@")[0] }) };
      return { legal: false, words: t("cmd.unknown", { text }) };
    },
    viewAt: (ply) => call("goto", ply),
  };
}
