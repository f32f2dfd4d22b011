// @ts-check
// The small answers every game's selection model gives (a Step of
// web/js/board/game.js), written once for Mixtour's (board/mixtour/select.js)
// and Tor's (tor/select.js): the machine unchanged with what to report, an
// input left to the page, a new choice in progress, the choice given up; and
// for the keyboard, the cursor moved or shown, one answer after another, and
// the keys every board reads (arrows, Enter or space, Escape).

import { arrowStep } from "./geometry.js";

/**
 * @template S, O
 * @typedef {object} StepHelpers
 * @property {(machine: import("./game.js").Machine<S>, out?: O[]) => import("./game.js").Step<S, O>} report
 *   the machine unchanged, with what to report
 * @property {(machine: import("./game.js").Machine<S>) => import("./game.js").Step<S, O>} ignore
 *   the machine unchanged, and the input left to the page
 * @property {(machine: import("./game.js").Machine<S>, selection: S | null, out?: O[]) =>
 *   import("./game.js").Step<S, O>} select the choice in progress is now `selection`
 *   (none: null), reported first, then `out`
 * @property {(machine: import("./game.js").Machine<S>) => import("./game.js").Step<S, O>} cancel
 *   the choice in progress given up (said only when there was one)
 * @property {(machine: import("./game.js").Machine<S>, square: number) => import("./game.js").Step<S, O>} moveCursor
 *   the keyboard cursor on `square`, reported
 * @property {(machine: import("./game.js").Machine<S>, square: number) => import("./game.js").Step<S, O>} showCursor
 *   the cursor put on `square` if it was hidden (a key pressed before any arrow)
 * @property {(first: import("./game.js").Step<S, O>,
 *   next: (machine: import("./game.js").Machine<S>) => import("./game.js").Step<S, O>) =>
 *   import("./game.js").Step<S, O>} then one answer after another: the second's machine, both outputs
 * @property {(machine: import("./game.js").Machine<S>, name: string, keys: Keys<S, O>) =>
 *   import("./game.js").Step<S, O>} keys a key on the board (KeyboardEvent.key `name`): an
 *   arrow moves the cursor from `start` (following the flip), Enter or space shows the cursor
 *   on `start` and chooses there, Escape goes back; any other key is left to the page
 */

/**
 * What a game's board gives the keys: the square the keyboard is on, whether
 * the board is flipped, its grid (the kit's 5x5 when left out), what Enter
 * chooses and what Escape does.
 * @template S, O
 * @typedef {object} Keys
 * @property {number} start
 * @property {boolean} flipped
 * @property {{files: number, ranks: number}} [grid]
 * @property {(machine: import("./game.js").Machine<S>) => import("./game.js").Step<S, O>} choose
 * @property {(machine: import("./game.js").Machine<S>) => import("./game.js").Step<S, O>} back
 */

/**
 * A game's answer to each kind of input it reads, given the machine, what it
 * reads of the config and the input of that kind.
 * @template M, L, S
 * @template {{type: string}} I
 * @typedef {{[K in I["type"]]: (machine: M, legal: L, input: Extract<I, {type: K}>) => S}} Answers
 */

/**
 * A game's `step(machine, legal, input)`: the answer to the input's kind.
 * @template M, L, S
 * @template {{type: string}} I
 * @param {Answers<M, L, S, I>} answers
 * @returns {(machine: M, legal: L, input: I) => S}
 */
export function stepper(answers) {
  return (machine, legal, input) => {
    const kind = /** @type {I["type"]} */ (input.type);
    const answer = /** @type {(machine: M, legal: L, input: I) => S} */ (answers[kind]);
    return answer(machine, legal, input);
  };
}

/**
 * The helpers, for any game: a game casts them to its StepHelpers of its
 * selection and outputs (its outputs hold the kit's "select" and "cancel").
 * @returns {StepHelpers<unknown, unknown>}
 */
export function stepHelpers() {
  /** @type {StepHelpers<unknown, unknown>["report"]} */
  const report = (machine, out = []) => ({ machine, out, handled: true });
  /** @type {StepHelpers<unknown, unknown>["select"]} */
  const select = (machine, selection, out = []) =>
    report({ ...machine, selection }, [{ type: "select", selection }, ...out]);
  /** @type {StepHelpers<unknown, unknown>["moveCursor"]} */
  const moveCursor = (machine, square) => report({ ...machine, cursor: square }, [{ type: "cursor", square }]);
  /** @type {StepHelpers<unknown, unknown>["ignore"]} */
  const ignore = (machine) => ({ machine, out: [], handled: false });
  /** @type {StepHelpers<unknown, unknown>["showCursor"]} */
  const showCursor = (machine, square) => (machine.cursor === null ? moveCursor(machine, square) : report(machine));
  /** @type {StepHelpers<unknown, unknown>["then"]} */
  const then = (first, next) => {
    const second = next(first.machine);
    return report(second.machine, [...first.out, ...second.out]);
  };
  return {
    report,
    ignore,
    select,
    cancel: (machine) => (machine.selection ? select(machine, null, [{ type: "cancel" }]) : report(machine)),
    moveCursor,
    showCursor,
    then,
    keys: (machine, name, { start, flipped, grid, choose, back }) => {
      const arrowed = arrowStep(start, name, flipped, grid);
      if (arrowed !== null) return moveCursor(machine, arrowed);
      if (name === "Enter" || name === " ") return then(showCursor(machine, start), choose);
      if (name === "Escape") return back(machine);
      return ignore(machine);
    },
  };
}
