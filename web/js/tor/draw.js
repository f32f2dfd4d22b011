// @ts-check
// Tor's renderer for the board kit: one frame of the 6x8 board from a scene
// (the position read by position.js, the legal choices of the step in
// progress, the last turn, a hint, the dragged pawn, the cursor), drawn over
// the kit's squares (web/js/board/draw.js). It decides nothing: the choices
// come from the selection model (select.js), which has them from the engine.
//
// Tokens are seen from above, each colour with its own shape as well as its
// colour so that colour-blind players tell them apart: blue circle, red
// square, orange triangle, yellow diamond. One token fills the middle of its
// square; of two, the bottom one is drawn large and the top one smaller on
// it, so both shapes show. A hole (no token) is a dark recess. A pawn is a
// round piece, White's light and Black's dark, on the middle of its square.
// The tokens in hand wait in trays at the right of the board: Black's at the
// top, White's at the bottom (the other way round when the board is
// flipped), the mover's tray framed.

import {
  drawArrow,
  drawFrame,
  drawSuggestion,
  drawTargets,
  edgedSquare,
  fillSquare,
  frameSquare,
  roundRect,
} from "../board/draw.js";
import { easeOut, within } from "../board/anim.js";
import { squareCenter } from "../board/geometry.js";
import { GIVE_STEP, PAWN_STEP, PLACE_STEP } from "./anim.js";
import { fileLetter, readAction, SQUARES } from "./position.js";
import { choicesOf } from "./select.js";

/** @typedef {import("../board/geometry.js").Geometry} Geometry */
/** @typedef {CanvasRenderingContext2D} Context */
/** @typedef {import("./position.js").Color} Color */
/** @typedef {import("./state.js").Config} Config */
/** @typedef {import("./select.js").Selection} Selection */
/** @typedef {import("../board/draw.js").Pen} Pen */

/** The colours Tor's board uses besides every board's (web/css/tor-board.css). */
export const TOR_COLORS = Object.freeze({
  torBlue: "#2f6fd6",
  torBlueEdge: "#0d2450",
  torRed: "#d23a2f",
  torRedEdge: "#4a0d08",
  torOrange: "#f28c1e",
  torOrangeEdge: "#5c2e02",
  torYellow: "#f5d63c",
  torYellowEdge: "#5a4a00",
  torHole: "#5e4d3b",
  torHoleEdge: "#3b2f23",
  torPawnW: "#fdfbf6",
  torPawnWEdge: "#1f1b16",
  torPawnB: "#1f1b16",
  torPawnBEdge: "#fdfbf6",
  torTray: "rgba(77, 61, 44, 0.14)",
  torTrayEdge: "rgba(77, 61, 44, 0.55)",
  torTurn: "#1f7a4d",
});

/** @type {Record<Color, string>} */
const COLOR_NAMES = { B: "torBlue", R: "torRed", O: "torOrange", Y: "torYellow" };

// Sizes, in cells: the radius of a token alone, of a bottom and a top token, of a pawn.
const SINGLE = 0.34;
const BOTTOM = 0.45;
const TOP = 0.26;
const PAWN = 0.19;

/**
 * Paint one frame.
 * @param {Context} ctx
 * @param {import("../board/game.js").Scene<Config, Selection>} scene
 */
export function paint(ctx, scene) {
  const g = scene.geometry;
  const { config, selection, drag } = scene;
  /** @type {Pen} */
  const pen = { ctx, g, colors: scene.colors };
  const view = config.view;
  const shown = scene.plan
    ? planFrame(g, /** @type {import("./anim.js").TorPlan} */ (scene.plan))
    : { tokens: view.tokens, pawns: view.pawns, hands: config.hands, flying: [] };
  const frame = { coordinates: config.coordinates !== false, fileLetter, cursor: scene.cursor };
  drawFrame(pen, frame, {
    marks: () => {
      drawLast(pen, config.last);
      if (selection) {
        fillSquare(pen, selection.from, scene.colors.selected);
        if (selection.to !== null) fillSquare(pen, selection.to, scene.colors.selected);
      }
      if (config.interactive) {
        drawTargets(pen, choicesOf(config.legal, selection), drag ? drag.over : null);
      }
    },
    pieces: () => {
      drawPieces(pen, shown, scene);
      drawHint(pen, config.hint);
      if (drag && selection) {
        const pawn = view.pawns[selection.from];
        if (pawn) drawPawn(pen, drag.x, drag.y, pawn);
      }
    },
  });
}

/**
 * The tokens, the pawns (the one being sent shown leaving and arriving), the
 * trays of tokens in hand and what an animation has in flight.
 * @param {Pen} pen
 * @param {ReturnType<typeof planFrame>} shown what is on the board now (mid-animation too)
 * @param {import("../board/game.js").Scene<Config, Selection>} scene
 */
function drawPieces(pen, shown, scene) {
  const { ctx, g } = pen;
  const { config, selection, drag } = scene;
  const view = config.view;
  for (let square = 0; square < SQUARES; square++) {
    const [cx, cy] = squareCenter(g, square);
    drawTokens(pen, cx, cy, shown.tokens[square]);
  }
  for (let square = 0; square < SQUARES; square++) {
    const pawn = shown.pawns[square];
    // The dragged pawn is drawn under the pointer, the one sent at its destination.
    if (!pawn || (selection && selection.from === square && (drag || selection.to !== null))) {
      continue;
    }
    drawPawn(pen, ...squareCenter(g, square), pawn);
  }
  const sent = selection && selection.to !== null ? selection : null;
  const sentPawn = sent ? view.pawns[sent.from] : null;
  if (sent && sentPawn && sent.to !== null) {
    const from = squareCenter(g, sent.from);
    const to = squareCenter(g, sent.to);
    ctx.save();
    ctx.globalAlpha = 0.4;
    drawPawn(pen, ...from, sentPawn);
    ctx.restore();
    drawArrow(pen, from, to, scene.colors.target);
    drawPawn(pen, ...to, sentPawn);
  }
  drawHands(pen, shown.hands, view.turn);
  for (const piece of shown.flying) {
    ctx.save();
    ctx.globalAlpha = piece.alpha;
    if (piece.pawn) drawPawn(pen, ...piece.at, piece.pawn);
    if (piece.token) drawToken(pen, ...piece.at, SINGLE * g.cell, piece.token);
    ctx.restore();
  }
}

/**
 * The last turn: its squares filled, the placed token's square framed too.
 * @param {Pen} pen
 * @param {string | null} last
 */
function drawLast(pen, last) {
  const action = last ? readAction(last) : null;
  if (!action) return;
  const { colors } = pen;
  if ("square" in action) {
    fillSquare(pen, action.square, colors.last);
    return;
  }
  fillSquare(pen, action.from, colors.last);
  fillSquare(pen, action.to, colors.last);
  if (action.place === null) return;
  fillSquare(pen, action.place, colors.last);
  frameSquare(pen, action.place, { color: colors.hint, inset: 0.05, width: [1.5, 0.03], dash: [0.06, 0.05] });
}

/**
 * The tokens of a square, or its hole.
 * @param {Pen} pen
 * @param {number} cx
 * @param {number} cy
 * @param {string} tokens bottom to top
 */
function drawTokens(pen, cx, cy, tokens) {
  const cell = pen.g.cell;
  if (!tokens) {
    drawHole(pen, cx, cy);
  } else if (tokens.length === 1) {
    drawToken(pen, cx, cy, SINGLE * cell, /** @type {Color} */ (tokens[0]));
  } else {
    drawToken(pen, cx, cy, BOTTOM * cell, /** @type {Color} */ (tokens[0]));
    const { ctx } = pen;
    ctx.save();
    ctx.shadowColor = "rgba(0, 0, 0, 0.45)";
    ctx.shadowBlur = cell * 0.06;
    ctx.shadowOffsetY = cell * 0.02;
    drawToken(pen, cx, cy, TOP * cell, /** @type {Color} */ (tokens[1]));
    ctx.restore();
  }
}

/**
 * A square with no token: a dark recess with a lit lower edge.
 * @param {Pen} pen
 * @param {number} cx
 * @param {number} cy
 */
function drawHole({ ctx, g, colors }, cx, cy) {
  const look = { radius: g.cell * 0.1, fill: colors.torHole, edge: colors.torHoleEdge, width: g.cell * 0.06 };
  ctx.save();
  edgedSquare(ctx, [cx, cy, g.cell * 0.4], look);
  ctx.restore();
}

/**
 * One token of `color`, its shape sized by `r`, centred on (cx, cy).
 * @param {Pen} pen
 * @param {number} cx
 * @param {number} cy
 * @param {number} r
 * @param {Color} color
 */
export function drawToken({ ctx, g, colors }, cx, cy, r, color) {
  const name = COLOR_NAMES[color];
  ctx.save();
  ctx.beginPath();
  tokenPath(ctx, cx, cy, r, color);
  ctx.fillStyle = colors[name];
  ctx.fill();
  ctx.lineJoin = "round";
  ctx.strokeStyle = colors[`${name}Edge`];
  ctx.lineWidth = Math.max(1.5, g.cell * 0.035);
  ctx.stroke();
  ctx.restore();
}

/**
 * The outline of a token: blue circle, red square, orange triangle, yellow
 * diamond, each about as large as the others to the eye.
 * @param {Context} ctx
 * @param {number} cx
 * @param {number} cy
 * @param {number} r
 * @param {Color} color
 */
function tokenPath(ctx, cx, cy, r, color) {
  switch (color) {
    case "B":
      ctx.arc(cx, cy, r * 0.92, 0, Math.PI * 2);
      break;
    case "R": {
      const half = r * 0.8;
      ctx.rect(cx - half, cy - half, half * 2, half * 2);
      break;
    }
    case "O": {
      // Point up, its centroid on the centre.
      const R = r * 1.12;
      for (let i = 0; i < 3; i++) {
        const angle = -Math.PI / 2 + (i * 2 * Math.PI) / 3;
        const x = cx + R * Math.cos(angle);
        const y = cy + R * Math.sin(angle) + r * 0.1;
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.closePath();
      break;
    }
    case "Y": {
      const R = r * 1.05;
      ctx.moveTo(cx, cy - R);
      ctx.lineTo(cx + R, cy);
      ctx.lineTo(cx, cy + R);
      ctx.lineTo(cx - R, cy);
      ctx.closePath();
      break;
    }
  }
}

/**
 * A pawn seen from above: a round base and its head, White's light with a
 * dark rim, Black's dark with a light rim, so that they differ in lightness
 * whatever the colours the eye can tell.
 * @param {Pen} pen
 * @param {number} cx
 * @param {number} cy
 * @param {"w" | "b"} side
 */
export function drawPawn({ ctx, g, colors }, cx, cy, side) {
  const r = PAWN * g.cell;
  const fill = side === "w" ? colors.torPawnW : colors.torPawnB;
  const edge = side === "w" ? colors.torPawnWEdge : colors.torPawnBEdge;
  ctx.save();
  ctx.fillStyle = "rgba(0, 0, 0, 0.35)";
  ctx.beginPath();
  ctx.arc(cx + r * 0.1, cy + r * 0.18, r * 1.1, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = fill;
  ctx.strokeStyle = edge;
  ctx.lineWidth = Math.max(1.5, g.cell * 0.035);
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.globalAlpha = 0.55;
  ctx.lineWidth = Math.max(1, g.cell * 0.02);
  ctx.beginPath();
  ctx.arc(cx, cy - r * 0.08, r * 0.5, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

/**
 * Where each player's tray is, at the right of the board: Black's at the
 * top and White's at the bottom, the other way round when flipped.
 * @param {Geometry} g
 * @param {"w" | "b"} side
 */
function trayOf(g, side) {
  const cell = g.cell;
  const left = g.x + g.files * cell + g.narrow + cell * 0.12;
  const width = g.aside * cell - cell * 0.2;
  const height = cell * 1.7;
  const atTop = (side === "b") !== g.flipped;
  const top = atTop ? g.y : g.y + g.ranks * cell - height;
  const cx = left + width / 2;
  /** @type {[number, number]} */
  const token = [cx, top + height - cell * 0.58];
  return { left, top, width, height, cx, pawnY: top + cell * 0.3, token };
}

/**
 * The two players' trays, each with its token in hand or empty; the mover's tray framed.
 * @param {Pen} pen
 * @param {import("./state.js").Hands} hands
 * @param {"w" | "b"} turn
 */
function drawHands(pen, hands, turn) {
  const { ctx, g, colors } = pen;
  if (!g.aside) return;
  const cell = g.cell;
  for (const side of /** @type {const} */ (["b", "w"])) {
    const tray = trayOf(g, side);
    const hand = hands[side];
    const moving = turn === side;
    ctx.save();
    roundRect(ctx, tray.left, tray.top, tray.width, tray.height, cell * 0.12);
    ctx.fillStyle = colors.torTray;
    ctx.fill();
    ctx.strokeStyle = moving ? colors.torTurn : colors.torTrayEdge;
    ctx.lineWidth = moving ? Math.max(2, cell * 0.05) : Math.max(1, cell * 0.02);
    ctx.stroke();
    ctx.restore();
    drawPawn(pen, tray.cx, tray.pawnY, side);
    if (hand) {
      drawToken(pen, ...tray.token, SINGLE * cell, hand);
    } else {
      ctx.save();
      ctx.strokeStyle = colors.torTrayEdge;
      ctx.lineWidth = Math.max(1, cell * 0.02);
      ctx.setLineDash([cell * 0.06, cell * 0.05]);
      ctx.beginPath();
      ctx.arc(...tray.token, SINGLE * cell * 0.85, 0, Math.PI * 2);
      ctx.stroke();
      ctx.restore();
    }
  }
}

/**
 * A piece on its way: a pawn or a token, where it is and how opaque.
 * @typedef {{pawn?: "w" | "b", token?: Color, at: [number, number], alpha: number}} Flying
 */

/**
 * What a frame of a plan shows: the tokens and pawns on the squares, the
 * trays and the pieces on their way, at the plan's progress t. The pawn
 * slides first, then the token it left flies to the opponent's tray, then
 * the mover's token flies from his tray to its square.
 * @param {Geometry} g
 * @param {import("./anim.js").TorPlan} plan
 * @returns {{tokens: string[], pawns: ("w" | "b" | null)[], hands: import("./state.js").Hands,
 *   flying: Flying[]}}
 */
export function planFrame(g, plan) {
  const t = Math.min(1, Math.max(0, plan.t ?? 0));
  const { before, after, side, from, to, place } = plan;
  const tokens = [...after.view.tokens];
  const pawns = [...after.view.pawns];
  /** @type {Flying[]} */
  const flying = [];
  if (plan.kind === "place") {
    if (t < 1) {
      pawns[to] = null;
      const [x, y] = squareCenter(g, to);
      const drop = easeOut(t);
      flying.push({ pawn: side, at: [x, y - (1 - drop) * 0.3 * g.cell], alpha: drop });
    }
    return { tokens, pawns, hands: after.hands, flying };
  }
  const other = side === "w" ? "b" : "w";
  const pawnStep = within(t, PAWN_STEP);
  const giveStep = within(t, GIVE_STEP);
  const placeStep = within(t, PLACE_STEP);
  if (place !== null && placeStep < 1) tokens[place] = tokens[place].slice(0, -1);
  if (giveStep === 0 && plan.given) tokens[from] += plan.given;
  if (pawnStep < 1) {
    pawns[to] = null;
    const start = plan.point ?? squareCenter(g, from);
    flying.push({ pawn: side, at: between(start, squareCenter(g, to), easeOut(pawnStep)), alpha: 1 });
  }
  if (plan.given && giveStep > 0 && giveStep < 1) {
    const at = between(squareCenter(g, from), trayOf(g, other).token, easeOut(giveStep));
    flying.push({ token: plan.given, at, alpha: 1 });
  }
  if (plan.placed && place !== null && placeStep > 0 && placeStep < 1) {
    const at = between(trayOf(g, side).token, squareCenter(g, place), easeOut(placeStep));
    flying.push({ token: plan.placed, at, alpha: 1 });
  }
  const hands = {
    [side]: placeStep > 0 ? after.hands[side] : before.hands[side],
    [other]: giveStep < 1 ? before.hands[other] : after.hands[other],
  };
  return { tokens, pawns, hands: /** @type {import("./state.js").Hands} */ (hands), flying };
}

/**
 * The point a fraction `f` of the way from `a` to `b`.
 * @param {readonly [number, number]} a
 * @param {readonly [number, number]} b
 * @param {number} f
 * @returns {[number, number]}
 */
function between([x0, y0], [x1, y1], f) {
  return [x0 + (x1 - x0) * f, y0 + (y1 - y0) * f];
}

/**
 * The suggested action: dashed rings on its squares and an arrow for the pawn's step.
 * @param {Pen} pen
 * @param {string | null} hint
 */
function drawHint(pen, hint) {
  const action = hint ? readAction(hint) : null;
  if (!action) return;
  if ("square" in action) {
    drawSuggestion(pen, [action.square], null);
    return;
  }
  const squares = [action.from, action.to];
  if (action.place !== null) squares.push(action.place);
  drawSuggestion(pen, squares, [action.from, action.to]);
}
