// @ts-check
// Mixtour's renderer: one frame of its board from a scene (the config, the
// selection and its targets, the dragged discs, the cursor, the animation
// plan running) and the colours, drawn over the squares of the kit
// (web/js/board/draw.js). It decides nothing: what is lifted, where it may
// go and what moves where all come in the scene. No DOM at module load; it
// draws on whatever 2D context it is given.

import { easeOut, within } from "../anim.js";
import { BOARD_FONT, drawFrame, drawSuggestion, drawTargets, fillSquare } from "../draw.js";
import { squareAt, squareCenter } from "../geometry.js";
import { DISC_RX, DISC_RY, DISC_STEP, LIFT, STACK_BASE, stackBase } from "./geometry.js";
import { fileLetter } from "../../notation.js";
import { SIZE } from "./state.js";

/** @typedef {import("../geometry.js").Geometry} Geometry */
/** @typedef {import("./colors.js").Colors} Colors */
/** @typedef {import("../anim.js").Plan} Plan */
/** @typedef {CanvasRenderingContext2D} Context */

/**
 * What one frame shows.
 * @typedef {object} Scene
 * @property {Geometry} geometry
 * @property {Colors} colors
 * @property {import("./state.js").Config} config
 * @property {import("./state.js").Selection | null} selection the lifted discs
 * @property {number[]} targets where they may go
 * @property {import("../state.js").Drag | null} drag
 * @property {number | null} cursor the keyboard cursor, null when not shown
 * @property {Plan | null} plan the change being animated, at its progress `t`
 */

/**
 * What every painting function needs.
 * @typedef {{ctx: Context, g: Geometry, colors: Colors, heights: boolean}} Pen
 */

/**
 * Paint one frame.
 * @param {Context} ctx
 * @param {Scene} scene
 */
export function paint(ctx, scene) {
  const g = scene.geometry;
  const { config, selection: lifted, drag, plan } = scene;
  /** @type {Pen} */
  const pen = { ctx, g, colors: scene.colors, heights: config.heights !== false };
  const frame = { coordinates: config.coordinates !== false, fileLetter, cursor: scene.cursor };
  drawFrame(pen, frame, {
    marks: () => drawMarks(pen, plan ? plan.after : config, scene),
    pieces: () => {
      if (plan) {
        drawPlan(pen, plan);
      } else {
        drawStacks(pen, config, lifted, drag);
      }
      if (drag && lifted) {
        const discs = config.stacks[lifted.square].slice(-lifted.count);
        // The pointer holds the lowest lifted disc.
        const baseY = drag.y + 0.5 * DISC_STEP * g.cell;
        drawColumn(pen, drag.x, baseY, discs, true);
      }
      drawHint(pen, config.hint);
    },
  });
}

/**
 * The stacks at rest, the lifted discs raised (or, while dragged, left out).
 * @param {Pen} pen
 * @param {import("./state.js").Config} config
 * @param {import("./state.js").Selection | null} lifted
 * @param {import("../state.js").Drag | null} drag
 */
function drawStacks(pen, config, lifted, drag) {
  // Draw the top row first, so that nearer stacks overlap the ones behind them.
  for (let row = 0; row < SIZE; row++) {
    for (let col = 0; col < SIZE; col++) {
      const square = squareAt(col, row, pen.g.flipped);
      let stack = config.stacks[square];
      let liftFrom = stack.length;
      if (lifted && lifted.square === square) liftFrom = stack.length - lifted.count;
      if (drag && lifted && lifted.square === square) stack = stack.slice(0, liftFrom);
      drawStack(pen, square, stack, liftFrom);
    }
  }
}

/**
 * One frame of a change: kept discs, parts fading out or dropping in, sliding parts.
 * @param {Pen} pen
 * @param {Plan} plan
 */
function drawPlan(pen, plan) {
  const { ctx, g } = pen;
  const t = Math.max(0, plan.t ?? 0);
  const step = DISC_STEP * g.cell;
  const involved = new Set();
  for (const slide of plan.slides) involved.add(slide.from).add(slide.to);
  for (let row = 0; row < SIZE; row++) {
    for (let col = 0; col < SIZE; col++) {
      const square = squareAt(col, row, g.flipped);
      const part = plan.squares[square];
      const [cx, base] = stackBase(g, square);
      if (part.goes || part.comes) involved.add(square);
      if (part.keep || part.goes || part.comes) drawShadow(pen, cx, base);
      drawColumn(pen, cx, base, part.keep);
      const top = base - part.keep.length * step;
      ctx.save();
      if (part.goes) {
        const fade = within(t, part.goFade);
        ctx.globalAlpha = 1 - fade;
        drawColumn(pen, cx, top - fade * 0.3 * g.cell, part.goes);
      }
      if (part.comes) {
        const fade = within(t, part.comeFade);
        ctx.globalAlpha = fade;
        drawColumn(pen, cx, top - (1 - easeOut(fade)) * 0.5 * g.cell, part.comes);
      }
      ctx.restore();
      if (!involved.has(square)) drawHeight(pen, cx, base, part.keep.length);
    }
  }
  for (const slide of plan.slides) {
    const local = within(t, [slide.start, slide.end]);
    const ease = easeOut(local);
    let x0, y0;
    if (slide.point) {
      [x0, y0] = slide.point;
      y0 += 0.5 * step; // the pointer held the lowest disc
    } else {
      const [sx, sy] = squareCenter(g, slide.from);
      x0 = sx;
      y0 = sy + STACK_BASE * g.cell - slide.fromHeight * step - (slide.lifted ? LIFT * g.cell : 0);
    }
    const [x1, cy1] = squareCenter(g, slide.to);
    const y1 = cy1 + STACK_BASE * g.cell - slide.toHeight * step;
    const hop = slide.point ? 0 : Math.sin(Math.PI * local) * 0.25 * g.cell;
    ctx.save();
    if (slide.appear && t < slide.start) ctx.globalAlpha = within(t, [0, slide.start]);
    if (slide.vanish && t > slide.end) ctx.globalAlpha = 1 - within(t, [slide.end, 1]);
    drawColumn(pen, x0 + (x1 - x0) * ease, y0 + (y1 - y0) * ease - hop, slide.discs);
    ctx.restore();
  }
}

/**
 * The last action (of `shown`: the picture drawn, or being drawn), the selection and its targets.
 * @param {Pen} pen
 * @param {import("../anim.js").Picture} shown
 * @param {Scene} scene
 */
function drawMarks(pen, shown, scene) {
  const { colors } = pen;
  const last = shown.last;
  if (last && last.kind === "enter" && last.square !== undefined) {
    fillSquare(pen, last.square, colors.last);
  }
  if (last && last.kind === "move" && last.from !== undefined && last.to !== undefined) {
    fillSquare(pen, last.from, colors.last);
    fillSquare(pen, last.to, colors.last);
    if (!shown.stacks[last.to]) drawTowerGone(pen, last.to);
  }
  const selection = scene.selection;
  if (!selection) return;
  fillSquare(pen, selection.square, colors.selected);
  drawTargets(pen, scene.targets, scene.drag ? scene.drag.over : null);
}

/**
 * The suggested action: dashed rings on its squares and, for a move, an arrow.
 * @param {Pen} pen
 * @param {import("./state.js").Action | null} hint
 */
function drawHint(pen, hint) {
  if (!hint) return;
  if (hint.kind === "move" && hint.from !== undefined && hint.to !== undefined) {
    const path = /** @type {[number, number]} */ ([hint.from, hint.to]);
    drawSuggestion(pen, path, path, { trim: 0.3, head: 0.16 });
  } else if (hint.kind === "enter" && hint.square !== undefined) {
    drawSuggestion(pen, [hint.square], null);
  }
}

/**
 * A move ended on an empty square: its tower of five has just left the board.
 * @param {Pen} pen
 * @param {number} square
 */
function drawTowerGone({ ctx, g, colors }, square) {
  const rx = DISC_RX * g.cell;
  const ry = DISC_RY * g.cell;
  const step = DISC_STEP * g.cell;
  const [cx, base] = stackBase(g, square);
  ctx.save();
  ctx.strokeStyle = colors.frameEdge;
  ctx.globalAlpha = 0.55;
  ctx.lineWidth = Math.max(1, g.cell * 0.02);
  ctx.setLineDash([g.cell * 0.05, g.cell * 0.04]);
  ctx.beginPath();
  ctx.ellipse(cx, base, rx, ry, 0, 0, Math.PI * 2);
  ctx.moveTo(cx - rx, base);
  ctx.lineTo(cx - rx, base - 4 * step);
  ctx.moveTo(cx + rx, base);
  ctx.lineTo(cx + rx, base - 4 * step);
  ctx.moveTo(cx + rx, base - 4 * step);
  ctx.ellipse(cx, base - 4 * step, rx, ry, 0, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

/**
 * A stack on its square, the discs from `liftFrom` up raised and glowing.
 * @param {Pen} pen
 * @param {number} square
 * @param {string} stack
 * @param {number} liftFrom
 */
function drawStack(pen, square, stack, liftFrom) {
  if (!stack.length) return;
  const { g } = pen;
  const [cx, base] = stackBase(g, square);
  drawShadow(pen, cx, base);
  const below = stack.slice(0, liftFrom);
  const above = stack.slice(liftFrom);
  drawColumn(pen, cx, base, below);
  if (above.length) {
    drawColumn(pen, cx, base - below.length * DISC_STEP * g.cell - LIFT * g.cell, above, true);
  }
  if (!above.length) drawHeight(pen, cx, base, stack.length);
}

/**
 * @param {Pen} pen
 * @param {number} cx
 * @param {number} base
 */
function drawShadow({ ctx, g, colors }, cx, base) {
  const rx = DISC_RX * g.cell;
  const ry = DISC_RY * g.cell;
  ctx.fillStyle = colors.shadow;
  ctx.beginPath();
  ctx.ellipse(cx + rx * 0.08, base + ry * 0.25, rx * 1.04, ry * 1.05, 0, 0, Math.PI * 2);
  ctx.fill();
}

/**
 * The height of a stack of two or more, in a badge at the right of its top disc.
 * @param {Pen} pen
 * @param {number} cx
 * @param {number} base
 * @param {number} height
 */
function drawHeight({ ctx, g, colors, heights }, cx, base, height) {
  if (height < 2 || !heights) return;
  const r = Math.max(7, g.cell * 0.13);
  const x = cx + DISC_RX * g.cell * 0.95;
  const y = base - height * DISC_STEP * g.cell - DISC_RY * g.cell * 0.2;
  ctx.save();
  ctx.fillStyle = colors.heightFill;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.lineWidth = Math.max(1, g.cell * 0.015);
  ctx.strokeStyle = colors.heightInk;
  ctx.stroke();
  ctx.fillStyle = colors.heightInk;
  ctx.font = `700 ${Math.round(r * 1.35)}px ${BOARD_FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(height), x, y + r * 0.06);
  ctx.restore();
}

/**
 * Discs bottom to top, the lowest one's bottom edge centred at (cx, bottom).
 * @param {Pen} pen
 * @param {number} cx
 * @param {number} bottom
 * @param {string} discs
 * @param {boolean} [highlighted] a glow round them, so that they read as one piece
 */
function drawColumn(pen, cx, bottom, discs, highlighted = false) {
  const { ctx, g, colors } = pen;
  const step = DISC_STEP * g.cell;
  for (let i = 0; i < discs.length; i++) {
    drawDisc(pen, cx, bottom - i * step, discs[i]);
  }
  if (highlighted && discs.length) {
    const rx = DISC_RX * g.cell;
    const ry = DISC_RY * g.cell;
    const top = bottom - discs.length * step;
    ctx.save();
    ctx.strokeStyle = colors.lifted;
    ctx.lineWidth = Math.max(2, g.cell * 0.035);
    ctx.beginPath();
    ctx.ellipse(cx, top, rx + ctx.lineWidth, ry + ctx.lineWidth, 0, Math.PI, 0);
    ctx.lineTo(cx + rx + ctx.lineWidth, bottom);
    ctx.ellipse(cx, bottom, rx + ctx.lineWidth, ry + ctx.lineWidth, 0, 0, Math.PI);
    ctx.closePath();
    ctx.stroke();
    ctx.restore();
  }
}

/** @type {Record<string, "w" | "r" | "b">} */
const DISC_KEYS = { w: "w", r: "r", b: "b" };

/**
 * One disc as a short cylinder; bottom = centre of its lower rim.
 * @param {Pen} pen
 * @param {number} cx
 * @param {number} bottom
 * @param {string} color "w", "r" or "b"
 */
function drawDisc({ ctx, g, colors }, cx, bottom, color) {
  const key = DISC_KEYS[color] ?? "w";
  const face = colors[`${key}Face`];
  const sideColor = colors[`${key}Side`];
  const edge = colors[`${key}Edge`];
  const rx = DISC_RX * g.cell;
  const ry = DISC_RY * g.cell;
  const top = bottom - DISC_STEP * g.cell;
  const line = Math.max(1, g.cell * 0.018);
  ctx.lineWidth = line;
  ctx.strokeStyle = edge;
  // Side: the front half of the lower rim joined to the front half of the upper one.
  const side = ctx.createLinearGradient(cx - rx, 0, cx + rx, 0);
  side.addColorStop(0, sideColor);
  side.addColorStop(0.35, face);
  side.addColorStop(1, sideColor);
  ctx.fillStyle = side;
  ctx.beginPath();
  ctx.moveTo(cx - rx, top);
  ctx.lineTo(cx - rx, bottom);
  ctx.ellipse(cx, bottom, rx, ry, 0, Math.PI, 0, true);
  ctx.lineTo(cx + rx, top);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  // Top face.
  ctx.fillStyle = face;
  ctx.beginPath();
  ctx.ellipse(cx, top, rx, ry, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  // A soft inner ring gives the face some depth.
  ctx.strokeStyle = sideColor;
  ctx.lineWidth = line * 0.8;
  ctx.beginPath();
  ctx.ellipse(cx, top, rx * 0.62, ry * 0.62, 0, 0, Math.PI * 2);
  ctx.stroke();
}

