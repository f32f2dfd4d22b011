// @ts-check
// The small answers every game's selection model gives (a Step of
// web/js/board/game.js), written once for Mixtour's (board/mixtour/select.js)
// and Tor's (tor/select.js): the machine unchanged with what to report, an
// input left to the page, a new choice in progress, the choice given up; and
// for the keyboard, the cursor moved or shown, and one answer after another.

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
 */

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
  return {
    report,
    ignore: (machine) => ({ machine, out: [], handled: false }),
    select,
    cancel: (machine) => (machine.selection ? select(machine, null, [{ type: "cancel" }]) : report(machine)),
    moveCursor,
    showCursor: (machine, square) => (machine.cursor === null ? moveCursor(machine, square) : report(machine)),
    then: (first, next) => {
      const second = next(first.machine);
      return report(second.machine, [...first.out, ...second.out]);
    },
  };
}
