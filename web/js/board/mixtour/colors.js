// @ts-check
// Mixtour's colours on top of every board's (web/js/board/colors.js): the
// discs and the height badges, each a CSS custom property of
// web/css/board.css (--disc-*, --board-height-*), with its fallback here.

import { BOARD_COLORS } from "../colors.js";

/** Mixtour's discs and height badges. */
export const DISC_COLORS = Object.freeze({
  heightFill: "#1f1b16",
  heightInk: "#ffffff",
  wFace: "#fbf9f4",
  wSide: "#d8d1c1",
  wEdge: "#2b2620",
  rFace: "#d8473f",
  rSide: "#a2302a",
  rEdge: "#3a100d",
  bFace: "#3d79d4",
  bSide: "#29549b",
  bEdge: "#10233f",
});

/** Every colour Mixtour's board uses, with its fallback. */
export const FALLBACK = Object.freeze({ ...BOARD_COLORS, ...DISC_COLORS });

/** @typedef {{-readonly [name in keyof typeof FALLBACK]: string}} Colors */

