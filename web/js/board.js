// The Mixtour board on a <canvas>: drawing and input, and no rules.
//
// Like chessground, the board is told what is legal and reports what the
// player chose. The app gives it one config object through set(config):
//
//   stacks      25 strings, bottom to top ("wr" = White disc under a Red one),
//               square index = (rank - 1) * 5 + file, a1 = 0, e5 = 24
//   last        the previous action {kind: "enter"|"move"|"pass", square, from, to}
//   enterable   squares where a disc may be entered
//   movable     {square: {count: [target squares]}}: the legal moves
//   interactive false until the engine is ready
//   animate     {from, count, to}: slide these discs (the move just played)
//   hint        a suggested action {kind: "enter"|"move", square, from, to}, or null
//   flipped     true draws the board upside down (a1 at the top right); clicks,
//               keys and coordinates follow
//   coordinates false leaves out the letters and digits round the board
//
// and receives these events (constructor's second argument):
//
//   onEnter(square)                       a legal entry was chosen
//   onMove(from, count, to, {dragged})    a legal move was chosen
//   onIllegal(attempt)                    an illegal choice: {kind: "enter", square},
//                                         {kind: "lift", square, count} or
//                                         {kind: "move", from, count, to}
//   onSelect(selection|null)              the lifted discs changed
//   onCursor(square)                      the keyboard cursor moved
//
// The canvas publishes its geometry as data-geometry (CSS pixels, relative to
// the canvas box) so that tests can click squares and discs:
//   square centre: (x + (file + 0.5) * cell, y + (4 - rank + 0.5) * cell)
//   (with "flipped": true, file and rank count from the other side: 4 - file, 4 - rank)
//   disc i (0 = bottom) of a stack: centre.y + base - (i + 0.5) * step

const SIZE = 5;
const DRAG_DISTANCE = 6; // CSS pixels a pointer must travel before a press becomes a drag
const ANIMATION_MS = 200;

// Disc and stack proportions, in cells.
const DISC_RX = 0.36;
const DISC_RY = 0.15;
const DISC_STEP = 0.15; // thickness of a disc = vertical distance between discs
const STACK_BASE = 0.3; // stack bottom below the square's centre
const LIFT = 0.1; // how far lifted discs rise

const THEME = {
  page: "#f3efe6",
  frame: "#6f5a43",
  frameEdge: "#4d3d2c",
  coords: "#f4ead6",
  light: "#ecdcb8",
  dark: "#e2cfa6",
  grid: "rgba(77, 61, 44, 0.35)",
  shadow: "rgba(40, 28, 15, 0.22)",
  last: "rgba(240, 190, 40, 0.42)",
  selected: "rgba(35, 150, 140, 0.30)",
  target: "#1f7a4d",
  targetFill: "rgba(31, 122, 77, 0.16)",
  targetHover: "rgba(31, 122, 77, 0.36)",
  cursor: "#1d3557",
  lifted: "#ffd84d",
  hint: "rgba(29, 53, 87, 0.85)",
};

const PALETTE = {
  w: { face: "#fbf9f4", side: "#d8d1c1", edge: "#2b2620" },
  r: { face: "#d8473f", side: "#a2302a", edge: "#3a100d" },
  b: { face: "#3d79d4", side: "#29549b", edge: "#10233f" },
};

export function squareName(square) {
  return "abcde"[square % SIZE] + String(Math.floor(square / SIZE) + 1);
}

function clamp(value, low, high) {
  return Math.max(low, Math.min(high, value));
}

export class Board {
  constructor(canvas, events = {}) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.events = events;
    this.config = {
      stacks: Array(25).fill(""),
      last: null,
      enterable: [],
      movable: {},
      interactive: false,
      hint: null,
      flipped: false,
      coordinates: true,
    };
    this.selection = null; // {square, count}
    this.press = null; // pointer pressed: {id, x, y, hit, drag}
    this.drag = null; // dragging discs: {x, y, over}
    this.cursor = null; // keyboard cursor square, shown while the keyboard is in use
    this.animation = null; // {from, count, to, start}
    this.geometry = null;
    this.frame = 0;

    this.onPointerDown = this.onPointerDown.bind(this);
    this.onPointerMove = this.onPointerMove.bind(this);
    this.onPointerUp = this.onPointerUp.bind(this);
    this.onPointerCancel = this.onPointerCancel.bind(this);
    this.onKeyDown = this.onKeyDown.bind(this);
    this.onBlur = () => this.requestRedraw();
    canvas.addEventListener("pointerdown", this.onPointerDown);
    canvas.addEventListener("pointermove", this.onPointerMove);
    canvas.addEventListener("pointerup", this.onPointerUp);
    canvas.addEventListener("pointercancel", this.onPointerCancel);
    canvas.addEventListener("keydown", this.onKeyDown);
    canvas.addEventListener("blur", this.onBlur);

    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(canvas);
    this.watchPixelRatio();
    this.resize();
  }

  /** Redraw sharply when the window moves to a screen with another pixel ratio (or zooms). */
  watchPixelRatio() {
    this.ratioQuery?.removeEventListener("change", this.onRatioChange);
    this.ratioQuery = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    this.onRatioChange = () => {
      this.watchPixelRatio();
      this.resize();
    };
    this.ratioQuery.addEventListener("change", this.onRatioChange);
  }

  destroy() {
    this.resizeObserver.disconnect();
    this.ratioQuery?.removeEventListener("change", this.onRatioChange);
    cancelAnimationFrame(this.frame);
    const c = this.canvas;
    c.removeEventListener("pointerdown", this.onPointerDown);
    c.removeEventListener("pointermove", this.onPointerMove);
    c.removeEventListener("pointerup", this.onPointerUp);
    c.removeEventListener("pointercancel", this.onPointerCancel);
    c.removeEventListener("keydown", this.onKeyDown);
    c.removeEventListener("blur", this.onBlur);
  }

  /** Change the board; a change of stacks drops the current selection. */
  set(config) {
    const stacksChanged =
      config.stacks !== undefined && config.stacks.join("/") !== this.config.stacks.join("/");
    const { animate, ...rest } = config;
    const layoutChanged =
      (config.flipped !== undefined && !!config.flipped !== !!this.config.flipped) ||
      (config.coordinates !== undefined && !!config.coordinates !== !!this.config.coordinates);
    Object.assign(this.config, rest);
    if (layoutChanged) this.resize();
    if (stacksChanged || config.movable !== undefined) {
      this.setSelection(null);
      this.drag = null;
      this.press = null;
    }
    this.animation = null;
    if (animate && this.config.stacks[animate.to].length >= animate.count) {
      this.animation = { ...animate, start: performance.now() };
    }
    this.requestRedraw();
  }

  // -- geometry ------------------------------------------------------------

  resize() {
    const rect = this.canvas.getBoundingClientRect();
    const width = Math.max(1, rect.width);
    const height = Math.max(1, rect.height);
    const ratio = window.devicePixelRatio || 1;
    const pixelWidth = Math.round(width * ratio);
    const pixelHeight = Math.round(height * ratio);
    if (this.canvas.width !== pixelWidth || this.canvas.height !== pixelHeight) {
      this.canvas.width = pixelWidth;
      this.canvas.height = pixelHeight;
    }
    const side = Math.min(width, height);
    // Coordinates go in a wider margin on the left and at the bottom.
    const narrow = side * 0.03;
    const wide = this.config.coordinates === false ? narrow : side * 0.075;
    const cell = (side - wide - narrow) / SIZE;
    const x = (width - side) / 2 + wide;
    const y = (height - side) / 2 + narrow;
    this.geometry = { width, height, ratio, x, y, cell, wide, narrow };
    this.canvas.dataset.geometry = JSON.stringify({
      x: round2(x),
      y: round2(y),
      cell: round2(cell),
      base: round2(STACK_BASE * cell),
      step: round2(DISC_STEP * cell),
      flipped: !!this.config.flipped,
    });
    this.requestRedraw();
  }

  squareCenter(square) {
    const { x, y, cell } = this.geometry;
    const [col, row] = this.cellOf(square);
    return [x + (col + 0.5) * cell, y + (row + 0.5) * cell];
  }

  /** [column, row] on screen (0, 0 = top left) of a square; the flip turns the board round. */
  cellOf(square) {
    const file = square % SIZE;
    const rank = Math.floor(square / SIZE);
    return this.config.flipped ? [SIZE - 1 - file, rank] : [file, SIZE - 1 - rank];
  }

  /** The square shown at screen column `col`, row `row` (0, 0 = top left). */
  squareAt(col, row) {
    return this.config.flipped ? row * SIZE + (SIZE - 1 - col) : (SIZE - 1 - row) * SIZE + col;
  }

  /** What is under a point in CSS pixels: {square, disc} (disc -1 on an empty square), or null. */
  hitTest(px, py) {
    const { x, y, cell } = this.geometry;
    const file = Math.floor((px - x) / cell);
    const row = Math.floor((py - y) / cell);
    if (file < 0 || file >= SIZE || row < 0 || row >= SIZE) return null;
    const square = this.squareAt(file, row);
    const height = this.config.stacks[square].length;
    if (!height) return { square, disc: -1 };
    const [, cy] = this.squareCenter(square);
    const above = cy + STACK_BASE * cell - py; // distance above the stack's bottom
    const disc = clamp(Math.floor(above / (DISC_STEP * cell)), 0, height - 1);
    return { square, disc };
  }

  eventPoint(event) {
    const rect = this.canvas.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  }

  // -- what is legal (as told by the config) ---------------------------------

  targetsOf(selection) {
    if (!selection) return [];
    const counts = this.config.movable[selection.square];
    return (counts && counts[selection.count]) || [];
  }

  canLift(square, count) {
    return this.targetsOf({ square, count }).length > 0;
  }

  setSelection(selection) {
    const before = this.selection;
    const same =
      before === selection ||
      (before && selection && before.square === selection.square && before.count === selection.count);
    this.selection = selection;
    if (selection) {
      this.canvas.dataset.selection = `${squareName(selection.square)}:${selection.count}`;
    } else {
      delete this.canvas.dataset.selection;
    }
    if (!same && this.events.onSelect) this.events.onSelect(selection);
    this.requestRedraw();
  }

  // -- choosing --------------------------------------------------------------

  /** A tap (click, touch or Enter) on a square; disc = index from the bottom, -1 if empty. */
  choose(hit) {
    if (!this.config.interactive) return;
    const selection = this.selection;
    if (!hit) {
      if (selection) this.cancel();
      return;
    }
    const { square, disc } = hit;
    const height = this.config.stacks[square].length;
    if (selection) {
      if (square === selection.square) {
        const count = height - disc;
        if (count === selection.count) this.cancel();
        else this.lift(square, count);
      } else if (this.targetsOf(selection).includes(square)) {
        this.setSelection(null);
        this.emit("onMove", selection.square, selection.count, square, { dragged: false });
      } else if (!height) {
        this.cancel();
      } else if (this.canLift(square, height - disc)) {
        // Another stack that can move: the player changes their mind, no error.
        this.setSelection({ square, count: height - disc });
      } else {
        this.setSelection(null);
        this.emit("onIllegal", {
          kind: "move",
          from: selection.square,
          count: selection.count,
          to: square,
        });
      }
      return;
    }
    if (!height) {
      if (this.config.enterable.includes(square)) this.emit("onEnter", square);
      else this.emit("onIllegal", { kind: "enter", square });
      return;
    }
    this.lift(square, height - disc);
  }

  lift(square, count) {
    if (this.canLift(square, count)) {
      this.setSelection({ square, count });
    } else {
      this.setSelection(null);
      this.emit("onIllegal", { kind: "lift", square, count });
    }
  }

  cancel() {
    if (this.selection) {
      this.setSelection(null);
      this.emit("onCancel");
    }
    this.drag = null;
    this.requestRedraw();
  }

  emit(name, ...args) {
    const handler = this.events[name];
    if (handler) handler(...args);
  }

  // -- pointer input (mouse, pen and touch alike) -----------------------------

  onPointerDown(event) {
    if (!event.isPrimary || event.button > 0 || !this.geometry) return;
    this.cursor = null;
    const [x, y] = this.eventPoint(event);
    this.press = { id: event.pointerId, x, y, hit: this.hitTest(x, y), dragging: false };
    this.canvas.setPointerCapture?.(event.pointerId);
  }

  onPointerMove(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.id) return;
    const [x, y] = this.eventPoint(event);
    if (!press.dragging) {
      if (Math.hypot(x - press.x, y - press.y) < DRAG_DISTANCE) return;
      const hit = press.hit;
      if (!this.config.interactive || !hit || hit.disc < 0) return;
      const count = this.config.stacks[hit.square].length - hit.disc;
      if (!this.canLift(hit.square, count)) return;
      press.dragging = true;
      this.setSelection({ square: hit.square, count });
    }
    const over = this.hitTest(x, y);
    this.drag = { x, y, over: over ? over.square : null };
    this.requestRedraw();
  }

  onPointerUp(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.id) return;
    this.press = null;
    const [x, y] = this.eventPoint(event);
    if (!press.dragging) {
      this.drag = null;
      this.choose(press.hit);
      return;
    }
    this.drag = null;
    this.drop(this.hitTest(x, y));
  }

  onPointerCancel(event) {
    if (this.press && event.pointerId === this.press.id) {
      this.press = null;
      this.drag = null;
      this.requestRedraw();
    }
  }

  drop(hit) {
    const selection = this.selection;
    if (!selection) return;
    if (!hit) {
      this.cancel();
    } else if (hit.square === selection.square) {
      this.requestRedraw(); // dropped back home: stays lifted, as after a click
    } else if (this.targetsOf(selection).includes(hit.square)) {
      this.setSelection(null);
      this.emit("onMove", selection.square, selection.count, hit.square, { dragged: true });
    } else {
      this.setSelection(null);
      this.emit("onIllegal", {
        kind: "move",
        from: selection.square,
        count: selection.count,
        to: hit.square,
      });
    }
  }

  // -- keyboard ------------------------------------------------------------------

  onKeyDown(event) {
    const steps = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
    };
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const start = this.cursor ?? this.selection?.square ?? 12;
    if (steps[event.key]) {
      const sign = this.config.flipped ? -1 : 1;
      const [df, dr] = steps[event.key].map((d) => d * sign);
      const file = clamp((start % SIZE) + df, 0, SIZE - 1);
      const rank = clamp(Math.floor(start / SIZE) + dr, 0, SIZE - 1);
      this.moveCursor(rank * SIZE + file);
    } else if (event.key === "Enter" || event.key === " ") {
      if (this.cursor === null) this.moveCursor(start);
      this.keyChoose(start);
    } else if (/^[1-4]$/.test(event.key)) {
      const height = this.config.stacks[start].length;
      const count = Number(event.key);
      if (this.cursor === null) this.moveCursor(start);
      if (height && count <= height) this.choose({ square: start, disc: height - count });
    } else if (event.key === "Escape") {
      this.cancel();
    } else {
      return;
    }
    event.preventDefault();
  }

  moveCursor(square) {
    this.cursor = square;
    this.emit("onCursor", square);
    this.requestRedraw();
  }

  /**
   * Enter on a square: the top disc first; again on the lifted stack lifts one
   * more. The text board (web/js/textboard.js) chooses through it too.
   */
  keyChoose(square) {
    const height = this.config.stacks[square].length;
    const selection = this.selection;
    if (!height || !selection || selection.square !== square) {
      this.choose({ square, disc: height - 1 });
      return;
    }
    const count = selection.count + 1;
    if (count > height) this.cancel();
    else this.choose({ square, disc: height - count });
  }

  // -- drawing -------------------------------------------------------------------

  requestRedraw() {
    if (this.frame) return;
    this.frame = requestAnimationFrame((now) => {
      this.frame = 0;
      this.draw(now);
    });
  }

  draw(now = performance.now()) {
    const g = this.geometry;
    if (!g) return;
    const ctx = this.ctx;
    ctx.setTransform(g.ratio, 0, 0, g.ratio, 0, 0);
    ctx.clearRect(0, 0, g.width, g.height);
    this.drawBoard(ctx, g);
    this.drawMarks(ctx, g);
    this.drawCoordinates(ctx, g);

    let animation = this.animation;
    let progress = 1;
    if (animation) {
      progress = Math.min(1, (now - animation.start) / ANIMATION_MS);
      if (progress >= 1) {
        this.animation = animation = null;
      }
    }
    const lifted = this.selection;
    // Draw the top row first, so that nearer stacks overlap the ones behind them.
    for (let row = 0; row < SIZE; row++) {
      for (let file = 0; file < SIZE; file++) {
        const square = this.squareAt(file, row);
        let stack = this.config.stacks[square];
        if (animation && square === animation.to) stack = stack.slice(0, -animation.count);
        let liftFrom = stack.length;
        if (lifted && lifted.square === square) liftFrom = stack.length - lifted.count;
        if (this.drag && lifted && lifted.square === square) stack = stack.slice(0, liftFrom);
        this.drawStack(ctx, g, square, stack, liftFrom);
      }
    }
    if (animation) {
      const discs = this.config.stacks[animation.to].slice(-animation.count);
      const fromHeight = this.config.stacks[animation.from].length;
      const toHeight = this.config.stacks[animation.to].length - animation.count;
      const [x0, y0] = this.squareCenter(animation.from);
      const [x1, y1] = this.squareCenter(animation.to);
      const ease = 1 - (1 - progress) ** 3;
      const step = DISC_STEP * g.cell;
      const base = STACK_BASE * g.cell;
      const startY = y0 + base - fromHeight * step;
      const endY = y1 + base - toHeight * step;
      const hop = Math.sin(Math.PI * progress) * 0.25 * g.cell;
      this.drawColumn(ctx, g, x0 + (x1 - x0) * ease, startY + (endY - startY) * ease - hop, discs);
      this.requestRedraw();
    }
    if (this.drag && lifted) {
      const discs = this.config.stacks[lifted.square].slice(-lifted.count);
      // The pointer holds the lowest lifted disc.
      const baseY = this.drag.y + 0.5 * DISC_STEP * g.cell;
      this.drawColumn(ctx, g, this.drag.x, baseY, discs, true);
    }
    this.drawHint(ctx, g);
    this.drawCursor(ctx, g);
    if (!document.body.dataset.painted) document.body.dataset.painted = "1";
  }

  drawBoard(ctx, g) {
    const { x, y, cell, wide, narrow } = g;
    const span = cell * SIZE;
    ctx.fillStyle = THEME.frame;
    roundRect(ctx, x - wide, y - narrow, span + wide + narrow, span + wide + narrow, cell * 0.12);
    ctx.fill();
    for (let row = 0; row < SIZE; row++) {
      for (let file = 0; file < SIZE; file++) {
        ctx.fillStyle = (row + file) % 2 ? THEME.dark : THEME.light;
        ctx.fillRect(x + file * cell, y + row * cell, cell, cell);
      }
    }
    ctx.strokeStyle = THEME.grid;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let i = 1; i < SIZE; i++) {
      const at = Math.round(i * cell) + 0.5;
      ctx.moveTo(x + at, y);
      ctx.lineTo(x + at, y + span);
      ctx.moveTo(x, y + at);
      ctx.lineTo(x + span, y + at);
    }
    ctx.stroke();
    ctx.strokeStyle = THEME.frameEdge;
    ctx.lineWidth = Math.max(1, cell * 0.02);
    ctx.strokeRect(x, y, span, span);
  }

  fillSquare(ctx, g, square, style, inset = 0) {
    const [cx, cy] = this.squareCenter(square);
    const half = g.cell / 2 - inset;
    ctx.fillStyle = style;
    ctx.fillRect(cx - half, cy - half, half * 2, half * 2);
  }

  drawMarks(ctx, g) {
    const last = this.config.last;
    if (last && last.kind === "enter") this.fillSquare(ctx, g, last.square, THEME.last);
    if (last && last.kind === "move") {
      this.fillSquare(ctx, g, last.from, THEME.last);
      this.fillSquare(ctx, g, last.to, THEME.last);
      if (!this.config.stacks[last.to]) this.drawTowerGone(ctx, g, last.to);
    }
    const selection = this.selection;
    if (!selection) return;
    this.fillSquare(ctx, g, selection.square, THEME.selected);
    const over = this.drag ? this.drag.over : null;
    for (const target of this.targetsOf(selection)) {
      const [cx, cy] = this.squareCenter(target);
      const inset = g.cell * 0.06;
      const half = g.cell / 2 - inset;
      ctx.fillStyle = target === over ? THEME.targetHover : THEME.targetFill;
      roundRect(ctx, cx - half, cy - half, half * 2, half * 2, g.cell * 0.08);
      ctx.fill();
      ctx.strokeStyle = THEME.target;
      ctx.lineWidth = Math.max(2, g.cell * 0.045);
      ctx.stroke();
    }
  }

  /** The suggested action: dashed rings on its squares and, for a move, an arrow. */
  drawHint(ctx, g) {
    const hint = this.config.hint;
    if (!hint || (hint.kind !== "enter" && hint.kind !== "move")) return;
    const squares = hint.kind === "move" ? [hint.from, hint.to] : [hint.square];
    ctx.save();
    ctx.strokeStyle = THEME.hint;
    ctx.lineWidth = Math.max(2, g.cell * 0.05);
    ctx.setLineDash([g.cell * 0.1, g.cell * 0.06]);
    for (const square of squares) {
      const [cx, cy] = this.squareCenter(square);
      const half = g.cell / 2 - g.cell * 0.07;
      roundRect(ctx, cx - half, cy - half, half * 2, half * 2, g.cell * 0.1);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    if (hint.kind === "move") {
      const [x0, y0] = this.squareCenter(hint.from);
      const [x1, y1] = this.squareCenter(hint.to);
      const angle = Math.atan2(y1 - y0, x1 - x0);
      const trim = g.cell * 0.3;
      const ax = x0 + Math.cos(angle) * trim;
      const ay = y0 + Math.sin(angle) * trim;
      const bx = x1 - Math.cos(angle) * trim;
      const by = y1 - Math.sin(angle) * trim;
      const head = g.cell * 0.16;
      ctx.lineWidth = Math.max(3, g.cell * 0.06);
      ctx.lineCap = "round";
      ctx.beginPath();
      ctx.moveTo(ax, ay);
      ctx.lineTo(bx, by);
      ctx.stroke();
      ctx.fillStyle = THEME.hint;
      ctx.beginPath();
      ctx.moveTo(bx + Math.cos(angle) * head * 0.4, by + Math.sin(angle) * head * 0.4);
      ctx.lineTo(bx - Math.cos(angle - 0.5) * head, by - Math.sin(angle - 0.5) * head);
      ctx.lineTo(bx - Math.cos(angle + 0.5) * head, by - Math.sin(angle + 0.5) * head);
      ctx.closePath();
      ctx.fill();
    }
    ctx.restore();
  }

  /** A move ended on an empty square: its tower of five has just left the board. */
  drawTowerGone(ctx, g, square) {
    const [cx, cy] = this.squareCenter(square);
    const rx = DISC_RX * g.cell;
    const ry = DISC_RY * g.cell;
    const step = DISC_STEP * g.cell;
    const base = cy + STACK_BASE * g.cell;
    ctx.save();
    ctx.strokeStyle = THEME.frameEdge;
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

  drawCoordinates(ctx, g) {
    if (this.config.coordinates === false) return;
    const { x, y, cell, wide } = g;
    const flipped = !!this.config.flipped;
    ctx.fillStyle = THEME.coords;
    ctx.font = `600 ${Math.max(9, Math.round(wide * 0.5))}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    for (let i = 0; i < SIZE; i++) {
      const file = flipped ? SIZE - 1 - i : i;
      const rank = flipped ? i + 1 : SIZE - i;
      ctx.fillText("abcde"[file], x + (i + 0.5) * cell, y + SIZE * cell + wide / 2);
      ctx.fillText(String(rank), x - wide / 2, y + (i + 0.5) * cell);
    }
  }

  drawStack(ctx, g, square, stack, liftFrom) {
    if (!stack.length) return;
    const [cx, cy] = this.squareCenter(square);
    const base = cy + STACK_BASE * g.cell;
    const rx = DISC_RX * g.cell;
    const ry = DISC_RY * g.cell;
    ctx.fillStyle = THEME.shadow;
    ctx.beginPath();
    ctx.ellipse(cx + rx * 0.08, base + ry * 0.25, rx * 1.04, ry * 1.05, 0, 0, Math.PI * 2);
    ctx.fill();
    const below = stack.slice(0, liftFrom);
    const above = stack.slice(liftFrom);
    this.drawColumn(ctx, g, cx, base, below);
    if (above.length) {
      this.drawColumn(
        ctx,
        g,
        cx,
        base - below.length * DISC_STEP * g.cell - LIFT * g.cell,
        above,
        true,
      );
    }
  }

  /** Discs bottom to top, the lowest one's bottom edge centred at (cx, bottom). */
  drawColumn(ctx, g, cx, bottom, discs, highlighted = false) {
    const step = DISC_STEP * g.cell;
    for (let i = 0; i < discs.length; i++) {
      this.drawDisc(ctx, g, cx, bottom - i * step, discs[i]);
    }
    if (highlighted && discs.length) {
      // A glow round the lifted part, so that it reads as one piece.
      const rx = DISC_RX * g.cell;
      const ry = DISC_RY * g.cell;
      const top = bottom - discs.length * step;
      ctx.save();
      ctx.strokeStyle = THEME.lifted;
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

  /** One disc as a short cylinder; bottom = centre of its lower rim. */
  drawDisc(ctx, g, cx, bottom, color) {
    const colors = PALETTE[color] ?? PALETTE.w;
    const rx = DISC_RX * g.cell;
    const ry = DISC_RY * g.cell;
    const top = bottom - DISC_STEP * g.cell;
    const line = Math.max(1, g.cell * 0.018);
    ctx.lineWidth = line;
    ctx.strokeStyle = colors.edge;
    // Side: the front half of the lower rim joined to the front half of the upper one.
    const side = ctx.createLinearGradient(cx - rx, 0, cx + rx, 0);
    side.addColorStop(0, colors.side);
    side.addColorStop(0.35, colors.face);
    side.addColorStop(1, colors.side);
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
    ctx.fillStyle = colors.face;
    ctx.beginPath();
    ctx.ellipse(cx, top, rx, ry, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    // A soft inner ring gives the face some depth.
    ctx.strokeStyle = colors.side;
    ctx.lineWidth = line * 0.8;
    ctx.beginPath();
    ctx.ellipse(cx, top, rx * 0.62, ry * 0.62, 0, 0, Math.PI * 2);
    ctx.stroke();
  }

  drawCursor(ctx, g) {
    if (this.cursor === null || document.activeElement !== this.canvas) return;
    const [cx, cy] = this.squareCenter(this.cursor);
    const half = g.cell / 2 - g.cell * 0.03;
    ctx.save();
    ctx.strokeStyle = THEME.cursor;
    ctx.lineWidth = Math.max(2, g.cell * 0.04);
    ctx.setLineDash([g.cell * 0.12, g.cell * 0.08]);
    ctx.strokeRect(cx - half, cy - half, half * 2, half * 2);
    ctx.restore();
  }
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function round2(value) {
  return Math.round(value * 100) / 100;
}
