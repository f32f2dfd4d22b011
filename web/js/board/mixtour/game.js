// @ts-check
// Mixtour for the board kit (web/js/board/game.js): its 5x5 grid, its
// stacks as the animation's picture, its selection model (select.js), its
// renderer (draw.js) and the hit testing and data-geometry of its stacks
// (geometry.js). Pure data and functions: Node imports this module in tests/js/.

import { FALLBACK } from "./colors.js";
import { planChange } from "../anim.js";
import { SQUARE_GRID } from "../geometry.js";
import { squareName } from "../../notation.js";
import { paint } from "./draw.js";
import { hitTest, published } from "./geometry.js";
import { step, targetsOf } from "./select.js";
import { applyConfig, sameSelection } from "./state.js";

/**
 * @typedef {import("../game.js").Game<
 *   import("./state.js").Config,
 *   import("./state.js").Selection,
 *   import("./select.js").Input,
 *   import("./select.js").Output
 * >} MixtourGame
 */

/** @type {MixtourGame} */
export const MIXTOUR = Object.freeze({
  grid: SQUARE_GRID,
  colors: FALLBACK,
  apply: applyConfig,
  staleSelection: (change) => change.movable !== undefined,
  picture: (config) => ({ stacks: config.stacks, last: config.last }),
  plan: planChange,
  sameSelection,
  selectionText: (selection) => `${squareName(selection.square)}:${selection.count}`,
  published,
  hit: (g, config, x, y) => hitTest(g, config.stacks, x, y),
  step: (machine, config, input) => step(machine, config, input),
  paint: (ctx, scene) =>
    paint(ctx, {
      ...scene,
      colors: /** @type {import("./colors.js").Colors} */ (scene.colors),
      plan: /** @type {import("../anim.js").Plan | null} */ (scene.plan),
      targets: targetsOf(scene.config, scene.selection),
    }),
});
