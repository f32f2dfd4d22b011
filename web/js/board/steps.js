// @ts-check
// The small answers every game's selection model gives (a Step of
// web/js/board/game.js), written once for Mixtour's (board/mixtour/select.js)
// and Tor's (tor/select.js): the machine unchanged with what to report, an
// input left to the page, a new choice in progress, the choice given up.

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
  return {
    report,
    ignore: (machine) => ({ machine, out: [], handled: false }),
    select,
    cancel: (machine) => (machine.selection ? select(machine, null, [{ type: "cancel" }]) : report(machine)),
  };
}
