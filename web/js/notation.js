// @ts-check
// Mixtour's notation in JavaScript: square names, action text (N1), position
// strings (P1) and the pieces of the link format that a page needs before
// Python has loaded (mixtour/RULES.md has N1 and P1; mixtour/mixtour/link.py the links).
//
// Notation only, no rule. This module reads and writes text the way the
// engine (mixtour/mixtour/core.py) does, so that an embed can draw the board of a link
// and the editor can write the string of what it shows, before the engine is
// there. Whether a position is possible (each player owning the same number
// of discs, the last action fitting the board, scores against the target) and
// whether an action is legal is the engine's to say: parsePosition accepts
// some strings the engine then refuses, never the other way round.
// tests/test_notation_js.py checks that both read and print the same text.
//
// Nothing here touches the page: importing it is safe anywhere (Node too).

/**
 * An action as the engine describes it (Action.as_dict in mixtour/mixtour/core.py).
 * @typedef {{text: string, kind: "enter", square: number}
 *   | {text: string, kind: "move", square: number, to: number, count: number, from: number}
 *   | {text: string, kind: "pass"}} Action
 */

/**
 * The parts of a position string, as read.
 * @typedef {object} Position
 * @property {string[]} stacks   25 stacks, a1 first, each bottom to top in colour letters ("" empty)
 * @property {string} turn       "w", "r" or "b"
 * @property {number[]} reserves one per player, in turn order
 * @property {number[]} scores   one per player, in turn order
 * @property {number} target
 * @property {Action | null} last the previous action, null for "-"
 */

/**
 * What a position string is written from. The editor writes what is in its
 * fields, even a field the player has not finished typing, and lets the
 * engine say what is wrong: so any field may be text.
 * @typedef {object} PositionParts
 * @property {readonly string[]} stacks
 * @property {string} turn
 * @property {readonly (number | string)[]} reserves
 * @property {readonly (number | string)[]} scores
 * @property {number | string} target
 * @property {string | Action | null} last  N1 text, "-", an action or null
 */

const FILES = "abcde";
const SIZE = 5;
/** The colour letters, in turn order. */
export const COLORS = "wrb";
/** The standard start (P1). */
export const START = "5/5/5/5/5 w 20/20 0/0 1 -";
/** The computer's levels, as links write them (`ai=1` .. `ai=6`). */
export const LEVELS = Object.freeze([1, 2, 3, 4, 5, 6]);
/** The engine reads no link longer than this (mixtour/mixtour/link.py); it shows the start instead. */
const MAX_LINK_LENGTH = 20_000;

const MAX_COUNT = 4; // N1: a move takes 1 to 4 discs (a stack is at most 4 high)
const MAX_STACK = 4; // P1: stacks of 5 leave the board at once
const MIN_TARGET = 1;
const MAX_TARGET = 9;

// The characters Python's str.strip() and str.split() treat as spaces (JavaScript's
// \s differs: it has U+FEFF, and lacks U+001C-U+001F and U+0085).
const SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const SPACE_CHAR = new RegExp(`[${SPACE}]`);
const GAPS = new RegExp(`[${SPACE}]+`);
const DIGITS = /^[0-9]+$/;

/**
 * The text without spaces at its ends, in time linear in its length: a
 * regular expression for trailing spaces (/\s+$/) tries again from every
 * space of a long run that a non-space ends, which took 18 s on a damaged
 * saved game holding 120,000 spaces.
 * @param {string} text
 */
const strip = (text) => {
  let start = 0;
  let end = text.length;
  while (start < end && SPACE_CHAR.test(text[start])) start += 1;
  while (end > start && SPACE_CHAR.test(text[end - 1])) end -= 1;
  return text.slice(start, end);
};

// -- squares ---------------------------------------------------------------------

/** "a1" for 0, "e5" for 24. @param {number} square */
export function squareName(square) {
  return fileLetter(square % SIZE) + String(Math.floor(square / SIZE) + 1);
}

/** The letter of a file (a column of the board): "a" for 0 .. "e" for 4. @param {number} file */
export function fileLetter(file) {
  return FILES[file];
}

/**
 * The square a name stands for ("c3" -> 12; spaces around and capitals are
 * fine), or -1 for anything else.
 * @param {unknown} text
 */
export function parseSquare(text) {
  const name = strip(String(text)).toLowerCase();
  if (name.length !== 2) return -1;
  const file = FILES.indexOf(name[0]);
  const rank = "12345".indexOf(name[1]);
  return file < 0 || rank < 0 ? -1 : rank * SIZE + file;
}

// -- actions (N1) ------------------------------------------------------------------

/** N1 for a move: "c3-d4" for one disc, "c3:2-d4" for the top two. */
export function moveText(/** @type {number} */ from, /** @type {number} */ count, /** @type {number} */ to) {
  const head = count === 1 ? squareName(from) : `${squareName(from)}:${count}`;
  return `${head}-${squareName(to)}`;
}

/**
 * The canonical N1 of an action: "b2", "c4:3-d3", "a1-b2" or "pass".
 * @param {{kind: string, square?: number, from?: number, count?: number, to?: number}} action
 */
export function actionText(action) {
  if (action.kind === "pass") return "pass";
  if (action.kind === "enter") return squareName(Number(action.square));
  return moveText(Number(action.from), Number(action.count), Number(action.to));
}

/** @param {number} square */
function enter(square) {
  return /** @type {Action} */ ({ text: squareName(square), kind: "enter", square });
}

/** @param {number} from @param {number} count @param {number} to */
function move(from, count, to) {
  return /** @type {Action} */ ({ text: moveText(from, count, to), kind: "move", square: to, to, count, from });
}

/**
 * Read an action in N1 ("b2", "c4:3-d3", "a1-b2" = "a1:1-b2", "pass"; any case,
 * spaces around): the action, or null when the text is not one. Whether it
 * can be played is the engine's to say.
 * @param {unknown} text
 * @returns {Action | null}
 */
export function parseAction(text) {
  if (typeof text !== "string") return null;
  const word = strip(text).toLowerCase();
  if (word === "pass") return { text: "pass", kind: "pass" };
  const dash = word.indexOf("-");
  if (dash < 0) {
    const square = word.includes(":") ? -1 : parseSquare(word);
    return square < 0 ? null : enter(square);
  }
  const head = word.slice(0, dash);
  const tail = word.slice(dash + 1);
  if (tail.includes("-")) return null;
  const colon = head.indexOf(":");
  const from = parseSquare(colon < 0 ? head : head.slice(0, colon));
  const to = parseSquare(tail);
  if (from < 0 || to < 0 || from === to) return null;
  let count = 1;
  if (colon >= 0) {
    const digits = head.slice(colon + 1);
    if (!DIGITS.test(digits) || digits.length > 2) return null;
    count = Number(digits);
  }
  return count >= 1 && count <= MAX_COUNT ? move(from, count, to) : null;
}

// -- positions (P1) ------------------------------------------------------------------

/**
 * Write a position string from its parts: the board rank 5 to rank 1, runs
 * of empty squares as numbers. Writes what it is given (see PositionParts).
 * @param {PositionParts} parts
 */
export function positionText({ stacks, turn, reserves, scores, target, last }) {
  const ranks = [];
  for (let rank = SIZE - 1; rank >= 0; rank--) {
    /** @type {string[]} */
    const items = [];
    let empty = 0;
    for (let file = 0; file < SIZE; file++) {
      const stack = stacks[rank * SIZE + file];
      if (!stack) {
        empty += 1;
        continue;
      }
      if (empty) items.push(String(empty));
      empty = 0;
      items.push(stack);
    }
    if (empty) items.push(String(empty));
    ranks.push(items.join(","));
  }
  const lastText = last === null ? "-" : typeof last === "string" ? last : actionText(last);
  return [ranks.join("/"), turn, reserves.join("/"), scores.join("/"), String(target), lastText].join(" ");
}

/** "20/20" -> [20, 20]; null unless 2 or 3 numbers of up to 3 digits. @param {string} text */
function numbers(text) {
  const parts = text.split("/");
  if (parts.length !== 2 && parts.length !== 3) return null;
  if (!parts.every((part) => DIGITS.test(part) && part.length <= 3)) return null;
  return parts.map(Number);
}

/** The 25 stacks of a board field (a1 first), or null. @param {string} text @param {string} colors */
function readBoard(text, colors) {
  const ranks = text.split("/");
  if (ranks.length !== SIZE) return null;
  /** @type {string[]} */
  const stacks = [];
  for (const rank of ranks) {
    /** @type {string[]} */
    const row = [];
    for (const item of rank.split(",")) {
      if (/^[1-5]$/.test(item)) row.push(...Array(Number(item)).fill(""));
      else if (item && item.length <= MAX_STACK && [...item].every((c) => colors.includes(c))) row.push(item);
      else return null;
      if (row.length > SIZE) return null;
    }
    if (row.length !== SIZE) return null;
    stacks.unshift(...row); // ranks come 5 to 1; squares count from a1
  }
  return stacks;
}

/**
 * Read a position string (spaces or "_" between fields, any case): its parts,
 * or null when the text is not a position string. The notation only: the
 * engine may still refuse a position read here (see the top of this file).
 * @param {unknown} text
 * @returns {Position | null}
 */
export function parsePosition(text) {
  if (typeof text !== "string") return null;
  const fields = strip(text.replaceAll("_", " ")).toLowerCase().split(GAPS);
  if (fields.length !== 6) return null;
  const [boardText, turn, reservesText, scoresText, targetText, lastText] = fields;
  const reserves = numbers(reservesText);
  const scores = numbers(scoresText);
  if (!reserves || !scores || scores.length !== reserves.length) return null;
  const colors = COLORS.slice(0, reserves.length);
  if (turn.length !== 1 || !colors.includes(turn)) return null;
  if (!DIGITS.test(targetText) || targetText.length > 3) return null;
  const target = Number(targetText);
  if (target < MIN_TARGET || target > MAX_TARGET) return null;
  const stacks = readBoard(boardText, colors);
  if (!stacks) return null;
  const last = lastText === "-" ? null : parseAction(lastText);
  if (lastText !== "-" && !last) return null;
  return { stacks, turn, reserves, scores, target, last };
}

/** The canonical form of a position string, or null. @param {unknown} text */
export function canonicalPosition(text) {
  const position = parsePosition(text);
  return position && positionText(position);
}

// -- links (the part after "#": mixtour/mixtour/link.py) ----------------------------------------

/**
 * The link fragment (without "#") of a position, spaces written as "_":
 * "p=5/5/5/5/5_w_20/20_0/0_1_-".
 * @param {string} fen
 */
export function positionLink(fen) {
  return `p=${fen.replaceAll(" ", "_")}`;
}

/**
 * The computer's seats as a link writes them (`ai=r3`, `ai=w6r6`): a colour
 * letter and a level for each seat the computer plays, in turn order; "" for none.
 * @param {Partial<Record<string, number>>} seats colour letter -> level, 0 for a person
 */
export function seatsText(seats) {
  return [...COLORS]
    .filter((color) => LEVELS.includes(Number(seats[color])))
    .map((color) => `${color}${seats[color]}`)
    .join("");
}

/**
 * A key or value of a link, decoded ("+" and "%20" are spaces); text that is
 * not valid percent-encoding stays as it is.
 * @param {string} text
 */
export function decodeLinkPart(text) {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/**
 * A link's parameters, decoded, the first of each key kept (as the engine
 * does); a link longer than the engine reads has none.
 * @param {string} link the fragment, with or without "#"
 * @returns {Map<string, string>}
 */
export function linkParams(link) {
  const params = new Map();
  if (link.length > MAX_LINK_LENGTH) return params;
  for (const part of link.replace(/^#/, "").split("&")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = decodeLinkPart(part.slice(0, eq)).trim().toLowerCase();
    if (key && !params.has(key)) params.set(key, decodeLinkPart(part.slice(eq + 1)));
  }
  return params;
}

/**
 * What a link shows, as far as it can be read without the engine: the
 * position shown when the link carries it (`at=`, which the engine writes
 * for embeds, or `p=` when no action is shown), how many actions it has and
 * how many are shown, and whether the board is upside down. `position` is
 * null when the position shown needs the engine (actions to play).
 * @param {string} link
 */
export function previewLink(link) {
  const params = linkParams(link);
  const actions = (params.get("m") ?? "").split(",").filter((word) => strip(word));
  const plyText = strip(params.get("ply") ?? "");
  const ply = DIGITS.test(plyText) && plyText.length < 6 ? Number(plyText) : actions.length;
  const shown = Math.min(ply, actions.length);
  let text = params.get("at");
  if (!text && shown === 0) text = params.get("p") || START;
  return {
    position: text ? parsePosition(text) : null,
    ply: shown,
    total: actions.length,
    flip: params.get("flip") === "1",
  };
}
