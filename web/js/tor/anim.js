// @ts-check
// How Tor's board shows a turn just played: pure planning for the kit's
// animation queue (web/js/board/anim.js), no drawing and no rules (Node
// imports this module in tests/js/). The renderer (draw.js) draws a plan.
//
// A turn of T3 is shown in its three steps, one after the other: the pawn
// slides to its destination, the token it leaves flies to the opponent's
// tray, and the mover's token in hand flies from his tray to the square it
// is placed on. A pawn placed (T2) drops in. Any other change (an undo, a
// jump through the game, a new game) is shown at once.

import { readAction } from "./position.js";

export const TURN_MS = 900; // a whole turn
export const PLACE_MS = 260; // a pawn placed
// When each step runs, in fractions of the turn's duration.
export const PAWN_STEP = /** @type {const} */ ([0, 0.4]);
export const GIVE_STEP = /** @type {const} */ ([0.3, 0.7]);
export const PLACE_STEP = /** @type {const} */ ([0.6, 1]);

/**
 * What the planner compares: the board's picture of a position.
 * @typedef {object} TorPicture
 * @property {string[]} stacks each square's pieces (web/js/tor/state.js piecesOf)
 * @property {import("./position.js").TorPosition} view
 * @property {import("./state.js").Hands} hands
 * @property {string | null} last the action that led there
 */

/**
 * A turn (or a pawn placed) to show.
 * @typedef {object} TorPlan
 * @property {TorPicture} before
 * @property {TorPicture} after
 * @property {number} duration milliseconds
 * @property {"turn" | "place"} kind
 * @property {"w" | "b"} side the mover
 * @property {number} from the pawn's square (for a pawn placed: where it is placed)
 * @property {number} to its destination (the same square for a pawn placed)
 * @property {number | null} place where the token in hand went
 * @property {import("./position.js").Color | null} given the token left on `from`, given away
 * @property {import("./position.js").Color | null} placed the token placed on `place`
 * @property {import("../board/state.js").Point | null} point the pawn starts under the
 *   pointer (it was dragged there)
 * @property {number} [start]
 * @property {number} [t]
 */

/**
 * The plan from one picture to the next, or null when the change is shown at once.
 * @param {TorPicture} before
 * @param {TorPicture} after
 * @param {import("../board/state.js").Launch | null} [launch]
 * @returns {TorPlan | null}
 */
export function planTurn(before, after, launch = null) {
  const action = after.last ? readAction(after.last) : null;
  const side = before.view.turn;
  if (!action || after.view.turn === side) return null;
  if ("square" in action) {
    const square = action.square;
    if (before.view.pawns[square] || after.view.pawns[square] !== side) return null;
    const common = { before, after, side, place: null, given: null, placed: null, point: null };
    return { ...common, duration: PLACE_MS, kind: "place", from: square, to: square };
  }
  const { from, to, place } = action;
  // The pictures must be the position before this turn and the one after it.
  const moved =
    before.view.pawns[from] === side &&
    !before.view.pawns[to] &&
    after.view.pawns[to] === side &&
    !after.view.pawns[from];
  if (!moved) return null;
  const given = /** @type {import("./position.js").Color | null} */ (
    before.view.tokens[from].slice(-1) || null
  );
  const placed =
    place === null
      ? null
      : /** @type {import("./position.js").Color | null} */ (
          after.view.tokens[place].slice(-1) || null
        );
  const point = launch && launch.square === from ? launch.point : null;
  return { before, after, duration: TURN_MS, kind: "turn", side, from, to, place, given, placed, point };
}
