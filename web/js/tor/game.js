// @ts-check
// Tor for the board kit (web/js/board/game.js): its 6x8 grid with room at
// the right for the trays of the tokens in hand, its selection model
// (select.js), its renderer (draw.js) and its config (state.js). Pure data
// and functions: Node imports this module in tests/js/.

import { BOARD_COLORS } from "../board/colors.js";
import { publishedGrid, squareUnder } from "../board/geometry.js";
import { planTurn } from "./anim.js";
import { paint, TOR_COLORS } from "./draw.js";
import { FILES, RANKS, squareName } from "./position.js";
import { step } from "./select.js";
import { applyConfig, piecesOf } from "./state.js";

/**
 * @typedef {import("../board/game.js").Game<
 *   import("./state.js").Config,
 *   import("./select.js").Selection,
 *   import("../board/game.js").KitInput,
 *   import("./select.js").Output
 * >} TorGame
 */

/** @type {TorGame} */
export const TOR = Object.freeze({
  grid: Object.freeze({ files: FILES, ranks: RANKS, aside: 1 }),
  colors: Object.freeze({ ...BOARD_COLORS, ...TOR_COLORS }),
  apply: applyConfig,
  staleSelection: (change) => change.legal !== undefined,
  picture: (config) => ({
    stacks: piecesOf(config),
    view: config.view,
    hands: config.hands,
    last: config.last,
  }),
  plan: planTurn,
  sameSelection: (a, b) => a === b || (!!a && !!b && a.from === b.from && a.to === b.to),
  // "c3" once the pawn is chosen, "c3-d4" once its destination is.
  selectionText: (selection) =>
    squareName(selection.from) + (selection.to === null ? "" : `-${squareName(selection.to)}`),
  published: (g) => ({ ...publishedGrid(g), files: g.files, ranks: g.ranks, flipped: g.flipped }),
  hit: (g, _config, x, y) => {
    const square = squareUnder(g, x, y);
    return square === null ? null : { square, disc: -1 };
  },
  step: (machine, config, input) => step(machine, config, input),
  paint,
});
