// @ts-check
// Tor's position string and action text, read (and written back) for
// drawing only: what stands where, whose turn it is and which token the
// mover holds. The engine (mixtour/tor/, documented in mixtour/RULES.md)
// owns the rules and checks a position whole; this reader only refuses text
// that cannot be drawn (a wrong shape, an unknown letter, more tokens or
// pawns than the game has). Pure functions: Node imports this module in
// tests/js/.
//
//   BOARD TURN HAND, e.g. the standard start (T1):
//   OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR w -
//
// BOARD lists the ranks from 8 down to 1, separated by "/", each one's six
// squares from a to f: "." for no token, "B" for one blue token, "rB" for a
// blue token on a red one, then "w" or "k" when White's or Black's pawn
// stands there. TURN is "w" or "b"; HAND the mover's token in hand or "-".

export const FILES = 6;
export const RANKS = 8;
export const SQUARES = FILES * RANKS;

/** The four token colours, as the position string writes them. */
export const COLORS = /** @type {const} */ (["B", "R", "O", "Y"]);

/** @typedef {"B" | "R" | "O" | "Y"} Color */
/** @typedef {"w" | "b"} Side */

/**
 * A position as plain data.
 * @typedef {object} TorPosition
 * @property {string[]} tokens 48 squares (a1 = 0, b1 = 1, ..., f8 = 47), each its
 *   tokens bottom to top ("" none, "R" one red, "RB" blue on red)
 * @property {("w" | "b" | null)[]} pawns 48 squares, whose pawn stands there
 * @property {Side} turn the player to move
 * @property {Color | null} hand the mover's token in hand
 */

/** The standard start (T1). */
export const START = "OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR w -";

/** Tokens of each colour in the game. */
const PER_COLOR = 12;

/** One square: an optional bottom token, a token, an optional pawn; or no token. */
const SQUARE = /^(?:([bory]?)([BROY])|\.)([wk]?)$/;

/**
 * The name of a square: 0 -> "a1", 47 -> "f8".
 * @param {number} square
 */
export function squareName(square) {
  return "abcdef"[square % FILES] + String(Math.floor(square / FILES) + 1);
}

/** The letter of a file: 0 -> "a" .. 5 -> "f". @param {number} file */
export function fileLetter(file) {
  return "abcdef"[file];
}

/**
 * The square a name stands for ("c3" -> 14), or -1 for anything else.
 * @param {string} name
 */
export function parseSquare(name) {
  const match = /^([a-f])([1-8])$/.exec(name);
  if (!match) return -1;
  return (Number(match[2]) - 1) * FILES + "abcdef".indexOf(match[1]);
}

/**
 * An action of T6 as squares: a pawn placed (`square`), or a turn
 * (`from`, `to` and, when the token in hand was placed, `place`).
 * @typedef {{square: number} | {from: number, to: number, place: number | null}} TorAction
 */

/**
 * Read an action's text (canonical, as the engine writes it), or null when
 * it is no action: "c3", "c3-d4", "c3-d4@e6".
 * @param {string} text
 * @returns {TorAction | null}
 */
export function readAction(text) {
  const match = /^([a-f][1-8])(?:-([a-f][1-8])(?:@([a-f][1-8]))?)?$/.exec(text);
  if (!match) return null;
  if (match[2] === undefined) return { square: parseSquare(match[1]) };
  const place = match[3] === undefined ? null : parseSquare(match[3]);
  return { from: parseSquare(match[1]), to: parseSquare(match[2]), place };
}

/** A position string that cannot be drawn, and why. */
export class PositionTextError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "PositionTextError";
  }
}

/**
 * Split a rank's text into its squares' texts ("rBk.O" -> ["rBk", ".", "O"]).
 * @param {string} text
 * @returns {string[]}
 */
function splitRank(text) {
  return text.match(/[bory]?[BROY][wk]?|\.[wk]?|./g) ?? [];
}

/**
 * Read a position string into plain data, or throw a PositionTextError
 * saying what is wrong.
 * @param {string} text
 * @returns {TorPosition}
 */
export function readPosition(text) {
  if (typeof text !== "string") throw new PositionTextError("a position is text");
  const fields = text.split(" ");
  if (fields.length !== 3) {
    const count = fields.length;
    throw new PositionTextError(`a position has three fields (board, turn, hand), not ${count}`);
  }
  const [board, turn, hand] = fields;
  const ranks = board.split("/");
  if (ranks.length !== RANKS) {
    throw new PositionTextError(`the board has ${RANKS} ranks, not ${ranks.length}`);
  }
  /** @type {string[]} */
  const tokens = Array(SQUARES).fill("");
  /** @type {("w" | "b" | null)[]} */
  const pawns = Array(SQUARES).fill(null);
  ranks.forEach((rankText, i) => {
    const rank = RANKS - 1 - i;
    const squares = splitRank(rankText);
    if (squares.length !== FILES) {
      throw new PositionTextError(`rank ${rank + 1} has ${FILES} squares, not ${squares.length}`);
    }
    squares.forEach((squareText, file) => {
      const match = SQUARE.exec(squareText);
      const square = rank * FILES + file;
      if (!match) {
        throw new PositionTextError(`${squareName(square)}: "${squareText}" is no square`);
      }
      const [, bottom, top, pawn] = match;
      tokens[square] = top ? (bottom ?? "").toUpperCase() + top : "";
      if (pawn && !top) {
        const name = squareName(square);
        throw new PositionTextError(`${name}: a pawn stands on a token, never on an empty square`);
      }
      if (pawn) pawns[square] = pawn === "w" ? "w" : "b";
    });
  });
  if (turn !== "w" && turn !== "b") {
    throw new PositionTextError(`the turn is "w" or "b", not "${turn}"`);
  }
  if (hand !== "-" && !(/** @type {readonly string[]} */ (COLORS).includes(hand))) {
    throw new PositionTextError(`the token in hand is B, R, O, Y or "-", not "${hand}"`);
  }
  const inHand = hand === "-" ? null : /** @type {Color} */ (hand);
  for (const color of COLORS) {
    const count = tokens.join("").split(color).length - 1 + (inHand === color ? 1 : 0);
    if (count > PER_COLOR) {
      throw new PositionTextError(`${count} tokens of ${color}: the game has ${PER_COLOR}`);
    }
  }
  for (const side of /** @type {const} */ (["w", "b"])) {
    const count = pawns.filter((pawn) => pawn === side).length;
    if (count > 2) {
      const player = side === "w" ? "White" : "Black";
      throw new PositionTextError(`${count} pawns for ${player}: each has two`);
    }
  }
  return { tokens, pawns, turn, hand: inHand };
}

/**
 * The position string of plain data (readPosition's inverse).
 * @param {TorPosition} position
 * @returns {string}
 */
export function writePosition({ tokens, pawns, turn, hand }) {
  const ranks = [];
  for (let rank = RANKS - 1; rank >= 0; rank--) {
    let text = "";
    for (let file = 0; file < FILES; file++) {
      const square = rank * FILES + file;
      const stack = tokens[square];
      text += stack.length === 2 ? stack[0].toLowerCase() + stack[1] : stack || ".";
      if (pawns[square]) text += pawns[square] === "w" ? "w" : "k";
    }
    ranks.push(text);
  }
  return `${ranks.join("/")} ${turn} ${hand ?? "-"}`;
}
