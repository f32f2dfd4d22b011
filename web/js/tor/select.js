// @ts-check
// Tor's selection model: a turn built in steps, as a pure state machine
// like Mixtour's (web/js/board/mixtour/select.js). It knows no rule: the
// legal actions come from the engine as their texts (T6: "c3" places a pawn,
// "c3-d4" moves one, "c3-d4@e6" moves one and places the token in hand), and
// the model only keeps those that begin with the steps chosen so far.
//
//   placing phase   choose a square                       -> play "c3"
//   a turn          choose a pawn (its square)            -> selection {from}
//                   then its destination                  -> play "c3-d4", or,
//                   when the token in hand is to be placed,  selection {from, to}
//                   then the placement square             -> play "c3-d4@e6"
//
// A pawn's square again, or Escape, goes back one step; a tap off the board
// gives up the turn in progress; another pawn that can move replaces the one
// chosen. A choice that no legal action continues is reported as an
// "illegal" attempt whose `text` the page gives the engine to explain (the
// pawn, pawn and step, or whole action the player tried).
//
// step(machine, legal, input) answers the machine after the input and what
// happened, in order:
//
//   {type: "select", selection}   the turn in progress is now this (or none)
//   {type: "cursor", square}      the keyboard cursor moved
//   {type: "play", action, point} a legal action was chosen (its text, from the legal
//                                 list; point: where the dragged pawn was let go, or null)
//   {type: "illegal", attempt}    {kind: "place" | "pawn" | "step" | "placement", square, text}
//   {type: "cancel"}              the turn in progress was given up
//
// Pure functions of plain data: Node imports this module in tests/js/.

import { stepHelpers, stepper } from "../board/steps.js";
import { FILES, parseSquare, RANKS, squareName } from "./position.js";

/** @typedef {import("../board/state.js").Hit} Hit */
/** @typedef {import("../board/state.js").Point} Point */
/** @typedef {import("../board/game.js").KitInput} Input */

/**
 * The turn in progress: the pawn chosen and, once chosen, its destination.
 * @typedef {{from: number, to: number | null}} Selection
 */

/** @typedef {import("../board/game.js").Machine<Selection>} Machine */

/**
 * What the model reads of the board's config.
 * @typedef {object} Legal
 * @property {string[]} legal the engine's legal actions, as texts
 * @property {boolean} interactive
 * @property {boolean} flipped
 */

/**
 * @typedef {{kind: "place" | "pawn" | "step" | "placement", square: number, text: string}} Attempt
 * place: a pawn placed where it may not go (text "c3");
 * pawn: a square whose pawn cannot move, or holds none of the mover's ("c3");
 * step: a destination the pawn cannot reach ("c3-d4");
 * placement: a square the token in hand may not go to ("c3-d4@e6").
 */

/**
 * @typedef {{type: "select", selection: Selection | null}
 *   | {type: "cursor", square: number}
 *   | {type: "play", action: string, point: Point | null}
 *   | {type: "illegal", attempt: Attempt}
 *   | {type: "cancel"}} Output
 */

/** @typedef {import("../board/game.js").Step<Selection, Output>} Step */

// The small answers every selection model gives (web/js/board/steps.js).
const { report, ignore, select, cancel, keys } = /** @type {import("../board/steps.js").StepHelpers<Selection, Output>} */ (
  stepHelpers()
);

const GRID = { files: FILES, ranks: RANKS };

/** The square the keyboard starts from when nothing else says: c4. */
export const CENTRE = parseSquare("c4");

/**
 * The text of the steps chosen so far: "c3-" once the pawn is chosen,
 * "c3-d4@" once its destination is.
 * @param {Selection} selection
 */
export function prefixOf(selection) {
  const from = `${squareName(selection.from)}-`;
  return selection.to === null ? from : `${from}${squareName(selection.to)}@`;
}

/**
 * Whether the legal actions are placements of pawns (T2): none has a step.
 * @param {readonly string[]} legal
 */
export function isPlacing(legal) {
  return legal.length > 0 && legal.every((action) => !action.includes("-"));
}

/**
 * The squares that may be chosen next: where a pawn may be placed, the pawns
 * that can move, the destinations of the pawn chosen, or the squares the
 * token in hand may go to. The renderer highlights them.
 * @param {readonly string[]} legal
 * @param {Selection | null} selection
 * @returns {number[]}
 */
export function choicesOf(legal, selection) {
  /** @type {Set<number>} */
  const squares = new Set();
  if (!selection) {
    for (const action of legal) squares.add(parseSquare(action.slice(0, 2)));
  } else {
    const prefix = prefixOf(selection);
    const at = prefix.length;
    for (const action of legal) {
      if (action.startsWith(prefix)) squares.add(parseSquare(action.slice(at, at + 2)));
    }
  }
  return [...squares].sort((a, b) => a - b);
}

/** The machine after `input`, and what the board reports. */
export const step = stepper(
  /** @type {import("../board/steps.js").Answers<Machine, Legal, Step, Input>} */ ({
    tap: (machine, legal, input) => tap(machine, legal, input.hit ? input.hit.square : null),
    grab: (machine, legal, input) => grab(machine, legal, input.hit),
    drop: (machine, legal, input) => drop(machine, legal, input.hit, input.point),
    key: (machine, legal, input) => key(machine, legal, input.key),
    cancel: (machine) => cancel(machine),
  }),
);

/**
 * Back one step: the destination un-chosen, or the pawn put down.
 * @param {Machine} machine
 * @returns {Step}
 */
function back(machine) {
  const selection = machine.selection;
  if (selection && selection.to !== null) {
    return select(machine, { from: selection.from, to: null });
  }
  return cancel(machine);
}

/**
 * @param {readonly string[]} legal
 * @param {string} prefix
 */
function continues(legal, prefix) {
  return legal.some((action) => action.startsWith(prefix));
}

/**
 * Choose a pawn: its square starts a legal turn, or the attempt is refused.
 * @param {Machine} machine
 * @param {Legal} legal
 * @param {number} square
 * @returns {Step}
 */
function choosePawn(machine, legal, square) {
  if (continues(legal.legal, `${squareName(square)}-`)) {
    return select(machine, { from: square, to: null });
  }
  const text = squareName(square);
  return select(machine, null, [{ type: "illegal", attempt: { kind: "pawn", square, text } }]);
}

/**
 * A tap on a square (null: off the board): the next step of the turn.
 * @param {Machine} machine
 * @param {Legal} legal
 * @param {number | null} square
 * @returns {Step}
 */
function tap(machine, legal, square) {
  if (!legal.interactive) return report(machine);
  if (square === null) return cancel(machine);
  const name = squareName(square);
  const actions = legal.legal;
  if (isPlacing(actions)) {
    if (actions.includes(name)) return report(machine, [{ type: "play", action: name, point: null }]);
    return report(machine, [{ type: "illegal", attempt: { kind: "place", square, text: name } }]);
  }
  const selection = machine.selection;
  if (!selection) return choosePawn(machine, legal, square);
  if (selection.to === null) {
    if (square === selection.from) return cancel(machine);
    return chooseDestination(machine, legal, selection.from, square);
  }
  if (square === selection.to) return back(machine);
  const text = prefixOf(selection) + name;
  if (actions.includes(text)) return select(machine, null, [{ type: "play", action: text, point: null }]);
  return report(machine, [{ type: "illegal", attempt: { kind: "placement", square, text } }]);
}

/**
 * The pawn on `from` is chosen; `square` is where the player sends it.
 * @param {Machine} machine
 * @param {Legal} legal
 * @param {number} from
 * @param {number} square
 * @returns {Step}
 */
function chooseDestination(machine, legal, from, square) {
  const actions = legal.legal;
  const text = `${squareName(from)}-${squareName(square)}`;
  if (actions.includes(text)) return select(machine, null, [{ type: "play", action: text, point: null }]);
  if (continues(actions, `${text}@`)) return select(machine, { from, to: square });
  // Another pawn that can move: the player changes their mind, no error.
  if (continues(actions, `${squareName(square)}-`)) {
    return select(machine, { from: square, to: null });
  }
  return report(machine, [{ type: "illegal", attempt: { kind: "step", square, text } }]);
}

/**
 * A press on a square has become a drag: a pawn that can move is picked up
 * (and the turn in progress starts again from it); anything else is no drag.
 * @param {Machine} machine
 * @param {Legal} legal
 * @param {Hit | null} hit
 * @returns {Step}
 */
function grab(machine, legal, hit) {
  if (!legal.interactive || !hit || isPlacing(legal.legal)) return ignore(machine);
  if (!continues(legal.legal, `${squareName(hit.square)}-`)) return ignore(machine);
  return select(machine, { from: hit.square, to: null });
}

/**
 * The dragged pawn let go over `hit`, at `point`: dropped home it stays
 * chosen; elsewhere it is a destination, as if tapped.
 * @param {Machine} machine
 * @param {Legal} legal
 * @param {Hit | null} hit
 * @param {Point} point
 * @returns {Step}
 */
function drop(machine, legal, hit, point) {
  const selection = machine.selection;
  if (!selection || selection.to !== null) return report(machine);
  if (!hit) return cancel(machine);
  if (hit.square === selection.from) return report(machine);
  const answer = chooseDestination(machine, legal, selection.from, hit.square);
  // The pawn starts its slide where it was let go.
  const out = answer.out.map((o) => (o.type === "play" ? { ...o, point } : o));
  return { ...answer, out };
}

/**
 * A key on the board: arrows move the cursor (they follow the flip), Enter
 * or space chooses the square under it, Escape goes back one step.
 * @param {Machine} machine
 * @param {Legal} legal
 * @param {string} name KeyboardEvent.key
 * @returns {Step}
 */
function key(machine, legal, name) {
  const selection = machine.selection;
  const start = machine.cursor ?? selection?.to ?? selection?.from ?? CENTRE;
  const choose = (/** @type {Machine} */ m) => tap(m, legal, start);
  return keys(machine, name, { start, flipped: !!legal.flipped, grid: GRID, choose, back });
}
