// @ts-check
// The rules of the taps a game page keeps before its engine is ready
// (web/js/early-taps.js does the page's part): which taps a press stands
// for, what the queue becomes with one more, and what is done with the queue
// once the engine is there. Pure functions of plain data, for every game:
// Node imports this module in tests/js/.
//
// A kept input is a tap on a hit (the square and piece under the pointer) or
// Enter on a square (the keyboard's choice), with the position text of the
// board it was made on. It is given back to the board's own selection model
// once the engine has said what is legal, exactly as if it had been made
// then; nothing here knows a rule.

/** @typedef {import("./state.js").Hit} Hit */

/** How many inputs a page keeps: a turn of Tor takes three taps, a move of Mixtour two. */
export const MAX_KEPT = 4;

/**
 * An input made before the engine was ready.
 * @typedef {{kind: "tap", hit: Hit} | {kind: "key", square: number}} Early
 */

/**
 * An input kept, with the position text of the board it was made on.
 * @typedef {Early & {position: string}} Kept
 */

/**
 * What one more input did to the queue:
 * kept: it waits for the engine;
 * cleared: a tap off the board, which gives up the choice in progress, emptied it;
 * full: the queue holds MAX_KEPT already, so it was not kept;
 * unsure: the page cannot tell that the board drawn is the game it will
 *   show once ready (a saved game comes back, a link's game is not drawn),
 *   so it was not kept.
 * @typedef {"kept" | "cleared" | "full" | "unsure"} Outcome
 */

/**
 * The taps a press on the board stands for: a tap where it went down; a
 * drag is the tap that picks the piece up and, when it is let go on another
 * square, the tap that puts it there (what each game's selection model makes
 * of a drag and of two taps alike). A press that starts off the board is a
 * tap off it.
 * @param {Hit | null} down what was under the pointer as it went down
 * @param {Hit | null} up what was under it as it was let go
 * @param {boolean} dragged whether it travelled far enough to be a drag
 * @returns {(Hit | null)[]}
 */
export function pressTaps(down, up, dragged) {
  if (!down || !dragged || up === null || up.square === down.square) return [down];
  return [down, up];
}

/**
 * The queue after one more input made on the board showing `position`
 * (null: the page is not sure the game will have it once ready). A tap off
 * the board (`null`) gives the queue up, as it gives up a choice in progress.
 * @param {readonly Kept[]} queue
 * @param {Early | null} input
 * @param {string | null} position
 * @param {number} [max]
 * @returns {{queue: Kept[], outcome: Outcome}}
 */
export function keep(queue, input, position, max = MAX_KEPT) {
  if (!input) return { queue: [], outcome: "cleared" };
  if (position === null) return { queue: [...queue], outcome: "unsure" };
  if (queue.length >= max) return { queue: [...queue], outcome: "full" };
  return { queue: [...queue, { ...input, position }], outcome: "kept" };
}

/**
 * What becomes of the queue once the engine is ready:
 * none: nothing was kept;
 * changed: the game shown now is not the position the inputs were made on
 *   (a saved game came back, a link showed another position): none is played;
 * blocked: it is the position, but the board takes no move from the player
 *   now (the computer's turn, a friend's in a game by link): none is played,
 *   and the page says why;
 * replay: each input is given to the board in order, while the position is
 *   still the one they were made on (the first action played ends it: the
 *   inputs after it were made on the position before).
 * @param {readonly Kept[]} queue
 * @param {string} position the position text the board shows now
 * @param {boolean} interactive whether the board takes a move from the player now
 * @returns {"none" | "changed" | "blocked" | "replay"}
 */
export function settle(queue, position, interactive) {
  if (!queue.length) return "none";
  if (queue.some((kept) => kept.position !== position)) return "changed";
  if (!interactive) return "blocked";
  return "replay";
}

/**
 * The squares the queue marks on the board, in order, each once.
 * @param {readonly Kept[]} queue
 * @returns {number[]}
 */
export function markedSquares(queue) {
  /** @type {number[]} */
  const squares = [];
  for (const kept of queue) {
    const square = kept.kind === "tap" ? kept.hit.square : kept.square;
    if (!squares.includes(square)) squares.push(square);
  }
  return squares;
}
