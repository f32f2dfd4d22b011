// @ts-check
// Painting what every board has, whatever its game: the squares in their
// frame, the coordinates, a marked square, the legal targets, a suggested
// action, the keyboard cursor, and a frame's layers in their order. A game's
// renderer (web/js/board/mixtour/draw.js, web/js/tor/draw.js) paints its
// marks and pieces in them. It decides nothing; no DOM at module load.

import { squareCenter } from "./geometry.js";

/** @typedef {import("./geometry.js").Geometry} Geometry */
/** @typedef {CanvasRenderingContext2D} Context */

/**
 * The page's own font stack (web/css/app.css, body), for the text drawn on the
 * board. A shorter "system-ui, sans-serif" drew it in another font than the
 * page where system-ui is unknown (WebKitGTK: the page fell through to Arial's
 * stand-in, the board to the default sans-serif).
 */
export const BOARD_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * What every painting function needs.
 * @typedef {{ctx: Context, g: Geometry, colors: Record<string, string>}} Pen
 */

/**
 * One frame, bottom up: the board, the game's marks (the last action, the
 * selection, its targets), the coordinates over them, the game's pieces (and
 * what it draws over them: a dragged piece, a suggestion), the cursor on top.
 * @param {Pen} pen
 * @param {{coordinates: boolean, fileLetter: (file: number) => string, cursor: number | null}} frame
 * @param {{marks: () => void, pieces: () => void}} layers the game's painting
 */
export function drawFrame(pen, { coordinates, fileLetter, cursor }, { marks, pieces }) {
  const { ctx, g } = pen;
  ctx.setTransform(g.ratio, 0, 0, g.ratio, 0, 0);
  ctx.clearRect(0, 0, g.width, g.height);
  drawBoard(pen);
  marks();
  if (coordinates) drawCoordinates(pen, fileLetter);
  pieces();
  if (cursor !== null) drawCursor(pen, cursor);
}

/**
 * The frame and the squares, chequered, with the grid between them.
 * @param {Pen} pen
 */
export function drawBoard({ ctx, g, colors }) {
  const { x, y, cell, wide, narrow, files, ranks } = g;
  const spanX = cell * files;
  const spanY = cell * ranks;
  ctx.fillStyle = colors.frame;
  roundRect(ctx, x - wide, y - narrow, spanX + wide + narrow, spanY + wide + narrow, cell * 0.12);
  ctx.fill();
  for (let row = 0; row < ranks; row++) {
    for (let col = 0; col < files; col++) {
      ctx.fillStyle = (row + col) % 2 ? colors.dark : colors.light;
      ctx.fillRect(x + col * cell, y + row * cell, cell, cell);
    }
  }
  ctx.strokeStyle = colors.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let i = 1; i < Math.max(files, ranks); i++) {
    const at = Math.round(i * cell) + 0.5;
    if (i < files) {
      ctx.moveTo(x + at, y);
      ctx.lineTo(x + at, y + spanY);
    }
    if (i < ranks) {
      ctx.moveTo(x, y + at);
      ctx.lineTo(x + spanX, y + at);
    }
  }
  ctx.stroke();
  ctx.strokeStyle = colors.frameEdge;
  ctx.lineWidth = Math.max(1, cell * 0.02);
  ctx.strokeRect(x, y, spanX, spanY);
}

/**
 * The letters and digits round the board, on the frame's wide sides.
 * @param {Pen} pen
 * @param {(file: number) => string} fileLetter the game's name of a file
 */
export function drawCoordinates({ ctx, g, colors }, fileLetter) {
  const { x, y, cell, wide, flipped, files, ranks } = g;
  ctx.fillStyle = colors.coords;
  ctx.font = `600 ${Math.max(9, Math.round(wide * 0.5))}px ${BOARD_FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let i = 0; i < Math.max(files, ranks); i++) {
    if (i < files) {
      const file = flipped ? files - 1 - i : i;
      ctx.fillText(fileLetter(file), x + (i + 0.5) * cell, y + ranks * cell + wide / 2);
    }
    if (i < ranks) {
      const rank = flipped ? i + 1 : ranks - i;
      ctx.fillText(String(rank), x - wide / 2, y + (i + 0.5) * cell);
    }
  }
}

/**
 * A square filled with one colour (the last move, a selection).
 * @param {Pen} pen
 * @param {number} square
 * @param {string} style
 */
export function fillSquare({ ctx, g }, square, style) {
  const [cx, cy] = squareCenter(g, square);
  const half = g.cell / 2;
  ctx.fillStyle = style;
  ctx.fillRect(cx - half, cy - half, half * 2, half * 2);
}

/**
 * A square where the choice in progress may go: a framed, tinted square,
 * stronger while dragged pieces hover over it.
 * @param {Pen} pen
 * @param {number} square
 * @param {boolean} hover
 */
export function drawTarget({ ctx, g, colors }, square, hover) {
  const [cx, cy] = squareCenter(g, square);
  const inset = g.cell * 0.06;
  const half = g.cell / 2 - inset;
  const fill = hover ? colors.targetHover : colors.targetFill;
  const look = { radius: g.cell * 0.08, fill, edge: colors.target, width: g.cell * 0.045 };
  edgedSquare(ctx, [cx, cy, half], look);
}

/**
 * The keyboard cursor: a dashed square.
 * @param {Pen} pen
 * @param {number} square
 */
export function drawCursor(pen, square) {
  frameSquare(pen, square, { color: pen.colors.cursor, inset: 0.03, width: [2, 0.04], dash: [0.12, 0.08] });
}

/**
 * A dashed frame inside a square: `inset`, the dashes and the line's width
 * (at least `width[0]` pixels, else `width[1]` cells) in cells.
 * @param {Pen} pen
 * @param {number} square
 * @param {{color: string, inset: number, width: [number, number], dash: [number, number]}} look
 */
export function frameSquare({ ctx, g }, square, { color, inset, width, dash }) {
  const [cx, cy] = squareCenter(g, square);
  const half = g.cell / 2 - g.cell * inset;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = Math.max(width[0], g.cell * width[1]);
  ctx.setLineDash([g.cell * dash[0], g.cell * dash[1]]);
  ctx.strokeRect(cx - half, cy - half, half * 2, half * 2);
  ctx.restore();
}

/**
 * A square kept for later (a tap made before the engine was ready): tinted
 * as a choice in progress is, in a solid frame of the targets' colour. Drawn
 * over the pieces, so it shows whatever stands there.
 * @param {Pen} pen
 * @param {number} square
 */
export function drawKept({ ctx, g, colors }, square) {
  const [cx, cy] = squareCenter(g, square);
  const inset = g.cell * 0.05;
  const half = g.cell / 2 - inset;
  const look = { radius: g.cell * 0.08, fill: colors.selected, edge: colors.target, width: g.cell * 0.06 };
  ctx.save();
  edgedSquare(ctx, [cx, cy, half], look);
  ctx.restore();
}

/**
 * The squares a choice may go to, the one under the dragged piece (`over`) marked.
 * @param {Pen} pen
 * @param {Iterable<number>} squares
 * @param {number | null} over
 */
export function drawTargets(pen, squares, over) {
  for (const square of squares) drawTarget(pen, square, square === over);
}

/**
 * A suggested action: a dashed ring on each of its squares and, for a
 * piece sent from one square to another, an arrow in the hint's colour.
 * @param {Pen} pen
 * @param {number[]} squares
 * @param {[number, number] | null} path from and to, or null
 * @param {{trim?: number, head?: number}} [size] the arrow's (drawArrow)
 */
export function drawSuggestion(pen, squares, path, size) {
  drawHintRings(pen, squares);
  if (!path) return;
  const { g, colors } = pen;
  drawArrow(pen, squareCenter(g, path[0]), squareCenter(g, path[1]), colors.hint, size);
}

/**
 * A suggested action's squares: a dashed ring on each.
 * @param {Pen} pen
 * @param {number[]} squares
 */
export function drawHintRings({ ctx, g, colors }, squares) {
  ctx.save();
  ctx.strokeStyle = colors.hint;
  ctx.lineWidth = Math.max(2, g.cell * 0.05);
  ctx.setLineDash([g.cell * 0.1, g.cell * 0.06]);
  for (const square of squares) {
    const [cx, cy] = squareCenter(g, square);
    const half = g.cell / 2 - g.cell * 0.07;
    roundRect(ctx, cx - half, cy - half, half * 2, half * 2, g.cell * 0.1);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * An arrow between two points, trimmed (by `trim` cells at each end) to
 * leave the pieces at both ends visible; `head` is its head's length in cells.
 * @param {Pen} pen
 * @param {number[]} from
 * @param {number[]} to
 * @param {string} color
 * @param {{trim?: number, head?: number}} [size]
 */
export function drawArrow({ ctx, g }, [x0, y0], [x1, y1], color, { trim = 0.22, head = 0.14 } = {}) {
  const angle = Math.atan2(y1 - y0, x1 - x0);
  const ax = x0 + Math.cos(angle) * trim * g.cell;
  const ay = y0 + Math.sin(angle) * trim * g.cell;
  const bx = x1 - Math.cos(angle) * trim * g.cell;
  const by = y1 - Math.sin(angle) * trim * g.cell;
  const length = head * g.cell;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = Math.max(3, g.cell * 0.06);
  ctx.lineCap = "round";
  ctx.beginPath();
  ctx.moveTo(ax, ay);
  ctx.lineTo(bx, by);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(bx + Math.cos(angle) * length * 0.4, by + Math.sin(angle) * length * 0.4);
  ctx.lineTo(bx - Math.cos(angle - 0.5) * length, by - Math.sin(angle - 0.5) * length);
  ctx.lineTo(bx - Math.cos(angle + 0.5) * length, by - Math.sin(angle + 0.5) * length);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/**
 * A square with round corners, filled and edged: centred on (cx, cy), `half`
 * its half side; its edge `width` wide, at least 2 px.
 * @param {Context} ctx
 * @param {[number, number, number]} place cx, cy and half
 * @param {{radius: number, fill: string, edge: string, width: number}} look
 */
export function edgedSquare(ctx, [cx, cy, half], { radius, fill, edge, width }) {
  roundRect(ctx, cx - half, cy - half, half * 2, half * 2, radius);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.strokeStyle = edge;
  ctx.lineWidth = Math.max(2, width);
  ctx.stroke();
}

/**
 * A rectangle with round corners, as the current path.
 * @param {Context} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {number} r
 */
export function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}
