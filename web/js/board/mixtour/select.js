// @ts-check
// Mixtour's selection model: which discs are lifted, and what a tap, a
// drag, a drop or a key does with them. Click, touch, drag and keyboard all
// drive this one machine (the kit's web/js/board/input.js turns their events
// into its inputs). It knows no rule: what may move where is the `movable` and
// `enterable` the engine gave (the config); it only reads them.
//
// step(machine, legal, input) answers the machine after the input and what
// happened, in order (the board applies them one by one and tells the page):
//
//   {type: "select", selection}                     the lifted discs are now these (or none)
//   {type: "cursor", square}                        the keyboard cursor moved
//   {type: "enter", square}                         a legal entry was chosen
//   {type: "move", from, count, to, dragged, point} a legal move was chosen
//   {type: "illegal", attempt}                      {kind: "enter", square},
//                                                   {kind: "lift", square, count} or
//                                                   {kind: "move", from, count, to}
//   {type: "cancel"}                                the lifted discs were put back
//
// Pure functions of plain data: Node imports this module in tests/js/.

import { stepHelpers, stepper } from "../steps.js";

/** @typedef {import("./state.js").Selection} Selection */
/** @typedef {import("./state.js").Hit} Hit */
/** @typedef {import("./state.js").Point} Point */

/**
 * What the machine holds.
 * @typedef {{selection: Selection | null, cursor: number | null}} Machine
 */

/**
 * What the machine reads of the config.
 * @typedef {Pick<import("./state.js").Config, "stacks" | "enterable" | "movable" | "interactive" | "flipped">} Legal
 */

/**
 * @typedef {{type: "tap", hit: Hit | null}
 *   | {type: "grab", hit: Hit | null}
 *   | {type: "drop", hit: Hit | null, point: Point}
 *   | {type: "choose", square: number}
 *   | {type: "lift", square: number, count: number}
 *   | {type: "key", key: string}
 *   | {type: "cancel"}} Input
 * tap: a click, touch or Enter on a hit (null: outside the board);
 * grab: a press on a hit has become a drag; drop: the dragged discs let go;
 * choose: Enter on a square (the top disc, then one more each time);
 * lift: lift the top `count` discs of `square` (refused if they cannot move);
 * key: a key pressed on the board (arrows, Enter, space, 1-4, Escape);
 * cancel: put the lifted discs back.
 */

/**
 * @typedef {{kind: "enter", square: number}
 *   | {kind: "lift", square: number, count: number}
 *   | {kind: "move", from: number, count: number, to: number}} Attempt
 */

/**
 * @typedef {{type: "select", selection: Selection | null}
 *   | {type: "cursor", square: number}
 *   | {type: "enter", square: number}
 *   | {type: "move", from: number, count: number, to: number, dragged: boolean, point: Point | null}
 *   | {type: "illegal", attempt: Attempt}
 *   | {type: "cancel"}} Output
 */

/**
 * The answer to an input: the machine after it, what to report, and whether
 * the input meant anything (a key that did nothing is left to the page).
 * @typedef {{machine: Machine, out: Output[], handled: boolean}} Step
 */

// The small answers every selection model gives (web/js/board/steps.js).
const { report, ignore, select, cancel, showCursor, then, keys } = /** @type {import("../steps.js").StepHelpers<Selection, Output>} */ (
  stepHelpers()
);

/** The square the keyboard starts from when nothing else says: c3. */
export const CENTRE = 12;

/**
 * The squares the lifted discs may go to.
 * @param {Pick<Legal, "movable">} legal
 * @param {Selection | null} selection
 * @returns {number[]}
 */
export function targetsOf(legal, selection) {
  if (!selection) return [];
  const counts = legal.movable[selection.square];
  return (counts && counts[selection.count]) || [];
}

/**
 * Whether the top `count` discs of `square` have somewhere to go.
 * @param {Pick<Legal, "movable">} legal
 * @param {number} square
 * @param {number} count
 */
export function canLift(legal, square, count) {
  return targetsOf(legal, { square, count }).length > 0;
}

/** The machine after `input`, and what the board reports. */
export const step = stepper(
  /** @type {import("../steps.js").Answers<Machine, Legal, Step, Input>} */ ({
    tap: (machine, legal, input) => tap(machine, legal, input.hit),
    grab: (machine, legal, input) => grab(machine, legal, input.hit),
    drop: (machine, legal, input) => drop(machine, legal, input.hit, input.point),
    choose: (machine, legal, input) => choose(machine, legal, input.square),
    lift: (machine, legal, input) => lift(machine, legal, input.square, input.count),
    key: (machine, legal, input) => key(machine, legal, input.key),
    cancel: (machine) => cancel(machine),
  }),
);

/**
 * Lift the top `count` discs of `square`, or refuse.
 * @param {Machine} machine
 * @param {Legal} legal
 * @param {number} square
 * @param {number} count
 * @returns {Step}
 */
function lift(machine, legal, square, count) {
  if (canLift(legal, square, count)) return select(machine, { square, count });
  return select(machine, null, [{ type: "illegal", attempt: { kind: "lift", square, count } }]);
}

/**
 * A tap on a square: enter, lift, change how many discs are lifted, lift
 * another stack, put the discs down on a target, or put them back.
 * @param {Machine} machine
 * @param {Legal} legal
 * @param {Hit | null} hit
 * @returns {Step}
 */
function tap(machine, legal, hit) {
  if (!legal.interactive) return report(machine);
  if (!hit) return cancel(machine);
  const { square, disc } = hit;
  const height = legal.stacks[square].length;
  const selection = machine.selection;
  if (!selection) {
    if (height) return lift(machine, legal, square, height - disc);
    if (legal.enterable.includes(square)) return report(machine, [{ type: "enter", square }]);
    return report(machine, [{ type: "illegal", attempt: { kind: "enter", square } }]);
  }
  const { square: from, count } = selection;
  if (square === from) {
    if (height - disc === count) return cancel(machine);
    return lift(machine, legal, square, height - disc);
  }
  if (targetsOf(legal, selection).includes(square)) {
    return select(machine, null, [
      { type: "move", from, count, to: square, dragged: false, point: null },
    ]);
  }
  if (!height) return cancel(machine);
  // A stack is no target: the drop is refused, and the page says why. Any
  // stack may be moved by either player, so a tap on one that can move may
  // also be a change of mind: those discs are lifted instead.
  const refused = /** @type {Output} */ ({ type: "illegal", attempt: { kind: "move", from, count, to: square } });
  if (canLift(legal, square, height - disc)) {
    return select(machine, { square, count: height - disc }, [refused]);
  }
  return select(machine, null, [refused]);
}

/**
 * A press on a disc has become a drag: the discs from it up are lifted if
 * they can move; otherwise nothing happens (handled: false, no drag).
 * @param {Machine} machine
 * @param {Legal} legal
 * @param {Hit | null} hit
 * @returns {Step}
 */
function grab(machine, legal, hit) {
  if (!legal.interactive || !hit || hit.disc < 0) return ignore(machine);
  const count = legal.stacks[hit.square].length - hit.disc;
  if (!canLift(legal, hit.square, count)) return ignore(machine);
  return select(machine, { square: hit.square, count });
}

/**
 * Dragged discs let go over `hit`, at `point`.
 * @param {Machine} machine
 * @param {Legal} legal
 * @param {Hit | null} hit
 * @param {Point} point
 * @returns {Step}
 */
function drop(machine, legal, hit, point) {
  const selection = machine.selection;
  if (!selection) return report(machine);
  if (!hit) return cancel(machine);
  const { square: from, count } = selection;
  // Dropped back home: it stays lifted, as after a click.
  if (hit.square === from) return report(machine);
  if (targetsOf(legal, selection).includes(hit.square)) {
    return select(machine, null, [
      { type: "move", from, count, to: hit.square, dragged: true, point },
    ]);
  }
  return select(machine, null, [
    { type: "illegal", attempt: { kind: "move", from, count, to: hit.square } },
  ]);
}

/**
 * Enter on a square: the top disc first; again on the lifted stack lifts
 * one more, and once all are lifted puts them back.
 * @param {Machine} machine
 * @param {Legal} legal
 * @param {number} square
 * @returns {Step}
 */
function choose(machine, legal, square) {
  const height = legal.stacks[square].length;
  const selection = machine.selection;
  if (!height || !selection || selection.square !== square) {
    return tap(machine, legal, { square, disc: height - 1 });
  }
  const count = selection.count + 1;
  if (count > height) return cancel(machine);
  return tap(machine, legal, { square, disc: height - count });
}

/**
 * A key on the board: arrows move the cursor (they follow the flip), Enter
 * or space chooses, 1-4 lift that many discs, Escape puts them back.
 * @param {Machine} machine
 * @param {Legal} legal
 * @param {string} name KeyboardEvent.key
 * @returns {Step}
 */
function key(machine, legal, name) {
  const start = machine.cursor ?? machine.selection?.square ?? CENTRE;
  if (/^[1-4]$/.test(name)) {
    const height = legal.stacks[start].length;
    const count = Number(name);
    return then(showCursor(machine, start), (m) =>
      height && count <= height
        ? tap(m, legal, { square: start, disc: height - count })
        : report(m),
    );
  }
  const choosing = (/** @type {Machine} */ m) => choose(m, legal, start);
  return keys(machine, name, { start, flipped: !!legal.flipped, choose: choosing, back: cancel });
}
