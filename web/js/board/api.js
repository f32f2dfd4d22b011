// @ts-check
// The board on a <canvas>, for any game: the class a game's board extends
// (Mixtour's: web/js/board/mixtour/mixtour-board.js). It ties the parts together and
// holds the one function through which every change of state goes,
// update(mutation): it compares the state before and after, animates a
// change of the pieces (web/js/board/anim.js queues it), drops a selection
// the new position makes stale, publishes data-selection, tells the page
// when the choice in progress changed, and asks for a redraw. It publishes
// the rest of the page contract on the canvas too: data-geometry when it
// lays the board out, data-position and data-status when told (publish), and
// data-animating while a change is drawn (whenStill waits for it to end);
// for tests, data-plans (how many changes it planned to animate) and
// data-plan-ms (the last one's duration; window.mixtourDebug.motionScale
// slows every animation down, to watch one drawn frame by frame). Nothing calls
// the animation directly, so an update that does not change the pieces
// (hints, legal moves, a flip) cannot cancel one.
//
//   game.js      what a game supplies (types)
//   state.js     the state every board keeps (plain data)
//   input.js     pointer and keyboard events -> selection model inputs; page watchers
//   geometry.js  squares <-> pixels on any files x ranks, the square under a point
//   draw.js      painting what every board has: squares, frame, coordinates, marks
//   anim.js      planning and queueing the animations
//   colors.js    the colours, from CSS custom properties

import { GUEST } from "../guest.js";
import { currentPlan, queueChange } from "./anim.js";
import { colorsFrom } from "./colors.js";
import { drawKept } from "./draw.js";
import { cellOf, layout, squareAt, squareCenter } from "./geometry.js";
import { bindInput, watchPage } from "./input.js";
import { initialState, sameStacks } from "./state.js";

/** @typedef {import("./state.js").Hit} Hit */
/** @typedef {import("./state.js").Point} Point */
/** @typedef {import("./game.js").KitInput} KitInput */

/**
 * What every board tells the page (a game's board adds its own).
 * @template S
 * @typedef {object} KitEvents
 * @property {(attempt: any) => void} [onIllegal] an illegal choice (the game says what it holds)
 * @property {(selection: S | null) => void} [onSelect] the choice in progress changed
 * @property {() => void} [onCancel] the choice in progress was given up
 * @property {(square: number) => void} [onCursor] the keyboard cursor moved
 */

/**
 * @template {import("./state.js").KitConfig} C
 * @template S, I, O
 */
export class Board {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {import("./game.js").Game<C, S, I, O>} game
   * @param {C} config the config of a new board
   * @param {KitEvents<S>} [events]
   */
  constructor(canvas, game, config, events = {}) {
    this.canvas = canvas;
    this.game = game;
    this.ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
    this.kitEvents = events;
    /** @type {import("./state.js").State<C, S>} */
    this.state = initialState(config, { ...game.colors });
    this.frame = 0;
    this.asleep = false; // the canvas's pixels given back (sleepWhenAway)
    /** @type {(() => void)[]} who waits for the pictures to come to rest (whenStill) */
    this.stillWaiters = [];
    this.reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
    this.readColors();
    this.unbind = [bindInput(this), watchPage(this)];
    this.resize();
  }

  /**
   * Give back the canvas's pixels while it is far from the reader's sight
   * (half a screen away or more), and draw it again as it comes near: for a
   * page of many boards (web/js/live-boards.js), where each picture held
   * costs memory for nothing. The board's state, its choices in progress and
   * its data-geometry stay; only the picture is let go.
   */
  sleepWhenAway() {
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries[entries.length - 1].isIntersecting;
        if (near !== this.asleep) return;
        this.asleep = !near;
        if (!this.asleep) {
          this.resize();
          return;
        }
        this.canvas.width = 0;
        this.canvas.height = 0;
      },
      { rootMargin: "50% 0px" },
    );
    observer.observe(this.canvas);
    this.unbind.push(() => observer.disconnect());
  }

  destroy() {
    for (const unbind of this.unbind) unbind();
    cancelAnimationFrame(this.frame);
  }

  /** The config (read only: change it with set()). */
  get config() {
    return this.state.config;
  }

  /** The choice in progress, or null. */
  get selection() {
    return this.state.selection;
  }

  /** The keyboard cursor's square, or null. */
  get cursor() {
    return this.state.cursor;
  }

  /** The board's layout in the canvas, or null before it is measured. */
  get geometry() {
    return this.state.geometry;
  }

  /** Whether a change is still being animated (for tests and screenshots). */
  get animating() {
    return this.state.animations.length > 0;
  }

  /**
   * Resolves once no change is being animated: words that tell of a later
   * change wait for the pictures of the one before (at once when nothing
   * moves, or when the page is hidden and draws no frames).
   * @returns {Promise<void>}
   */
  whenStill() {
    if (!this.state.animations.length || this.asleep || !this.state.geometry || document.hidden) {
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.stillWaiters.push(resolve);
      document.addEventListener("visibilitychange", () => this.settle(), { once: true });
    });
  }

  /** The pictures are at rest: say so (#board[data-animating] goes) and wake who waits. */
  settle() {
    delete this.canvas.dataset.animating;
    const waiters = this.stillWaiters;
    this.stillWaiters = [];
    for (const wake of waiters) wake();
  }

  /**
   * Publish the position shown and its status on the canvas, the page
   * contract's data-position (the game's position string) and data-status
   * (an outcome code: "playing", "w-wins", ...).
   * @param {{position: string, status: string}} shown
   */
  publish({ position, status }) {
    this.canvas.dataset.position = position;
    this.canvas.dataset.status = status;
  }

  /**
   * Change the board as the page sees it. New legal moves drop the
   * selection, as a new position does.
   * @param {Partial<C>} change
   */
  set(change) {
    this.update((s) => {
      this.game.apply(s.config, change);
      if (this.game.staleSelection(change)) {
        s.selection = null;
        s.drag = null;
        s.press = null;
      }
      s.launch = null;
    });
  }

  /**
   * The one way every change of state goes: `mutation` changes the state,
   * then the board works out what follows from the difference.
   * @param {(state: import("./state.js").State<C, S>) => void} mutation
   */
  update(mutation) {
    const s = this.state;
    const game = this.game;
    const before = {
      picture: game.picture(s.config),
      launch: s.launch,
      selection: s.selection,
      flipped: !!s.config.flipped,
      coordinates: !!s.config.coordinates,
    };
    mutation(s);
    if (!!s.config.flipped !== before.flipped || !!s.config.coordinates !== before.coordinates) {
      s.geometry = this.measure();
    }
    const after = game.picture(s.config);
    const piecesChanged = !sameStacks(before.picture.stacks, after.stacks);
    if (piecesChanged) {
      // The choice in progress belonged to the position before.
      s.selection = null;
      s.drag = null;
      s.press = null;
    }
    const selectionChanged = !game.sameSelection(before.selection, s.selection);
    // Choosing shows the board as it is now.
    if (s.selection && s.selection !== before.selection) s.animations = [];
    if (piecesChanged) this.animate(before.picture, after, before.launch);
    if (s.selection) {
      this.canvas.dataset.selection = game.selectionText(s.selection);
    } else {
      delete this.canvas.dataset.selection;
    }
    this.requestRedraw();
    if (selectionChanged) this.kitEvents.onSelect?.(s.selection);
  }

  /**
   * Queue the animation of a change of pieces (or show it at once).
   * @param {{stacks: readonly string[]}} before the game's picture
   * @param {{stacks: readonly string[]}} after
   * @param {import("./state.js").Launch | null} launch
   */
  animate(before, after, launch) {
    const s = this.state;
    if (s.config.motion === false || this.reducedMotion.matches || !s.geometry) {
      s.animations = [];
      return;
    }
    const scale = (!GUEST && Number(window.mixtourDebug?.motionScale)) || 1;
    /** @type {typeof this.game.plan} */
    const planner = (from, to, start) => {
      const plan = this.game.plan(from, to, start);
      if (plan) {
        plan.duration *= scale;
        const data = this.canvas.dataset;
        data.plans = String(Number(data.plans ?? 0) + 1);
        data.planMs = String(Math.round(plan.duration));
      }
      return plan;
    };
    queueChange(
      s.animations,
      /** @type {import("./anim.js").Picture} */ (before),
      /** @type {import("./anim.js").Picture} */ (after),
      launch,
      planner,
    );
  }

  /**
   * Feed the selection model and carry out what it answers, in order.
   * @param {I | KitInput} input
   */
  dispatch(input) {
    const s = this.state;
    const answer = this.game.step({ selection: s.selection, cursor: s.cursor }, s.config, input);
    for (const out of answer.out) this.carryOut(out);
    return answer;
  }

  /**
   * Carry out what every board does; a game's board carries out its own
   * outputs and hands the rest to this.
   * @param {O | import("./game.js").KitOutput<S>} output
   */
  carryOut(output) {
    const out = /** @type {import("./game.js").KitOutput<S>} */ (output);
    const events = this.kitEvents;
    switch (out.type) {
      case "select":
        this.update((s) => {
          s.selection = out.selection;
        });
        break;
      case "cursor":
        this.update((s) => {
          s.cursor = out.square;
        });
        events.onCursor?.(out.square);
        break;
      case "illegal":
        events.onIllegal?.(out.attempt);
        break;
      case "cancel":
        this.update((s) => {
          s.drag = null;
        });
        events.onCancel?.();
        break;
    }
  }

  /** Read the board's colours from the page's CSS custom properties. */
  readColors() {
    const colors = colorsFrom(getComputedStyle(this.canvas), this.game.colors);
    this.update((s) => {
      s.colors = colors;
    });
  }

  // -- geometry ------------------------------------------------------------

  /** Measure the canvas again (its box, the pixel ratio) and lay the board out in it. */
  resize() {
    this.update((s) => {
      s.geometry = this.measure();
    });
  }

  /**
   * The layout for the canvas's box now; sizes its backing store and
   * publishes data-geometry.
   * @returns {import("./geometry.js").Geometry}
   */
  measure() {
    const rect = this.canvas.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    const config = this.state.config;
    const g = layout(rect.width, rect.height, {
      ratio,
      coordinates: config.coordinates !== false,
      flipped: !!config.flipped,
      grid: this.game.grid,
    });
    const pixelWidth = Math.round(g.width * ratio);
    const pixelHeight = Math.round(g.height * ratio);
    if (!this.asleep && (this.canvas.width !== pixelWidth || this.canvas.height !== pixelHeight)) {
      this.canvas.width = pixelWidth;
      this.canvas.height = pixelHeight;
    }
    this.canvas.dataset.geometry = JSON.stringify(this.game.published(g));
    return g;
  }

  /**
   * The centre of a square, in CSS pixels.
   * @param {number} square
   */
  squareCenter(square) {
    return squareCenter(
      /** @type {import("./geometry.js").Geometry} */ (this.state.geometry),
      square,
    );
  }

  /**
   * [column, row] on screen (0, 0 = top left) of a square.
   * @param {number} square
   */
  cellOf(square) {
    return cellOf(square, !!this.state.config.flipped, this.game.grid);
  }

  /**
   * The square shown at screen column `col`, row `row`.
   * @param {number} col
   * @param {number} row
   */
  squareAt(col, row) {
    return squareAt(col, row, !!this.state.config.flipped, this.game.grid);
  }

  /**
   * What is under a point in CSS pixels: {square, disc} (disc -1 on no piece), or null.
   * @param {number} px
   * @param {number} py
   * @returns {Hit | null}
   */
  hitTest(px, py) {
    const g = this.state.geometry;
    return g ? this.game.hit(g, this.state.config, px, py) : null;
  }

  /**
   * Where a pointer event happened, in CSS pixels relative to the canvas.
   * @param {{clientX: number, clientY: number}} event
   * @returns {Point}
   */
  eventPoint(event) {
    const rect = this.canvas.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  }

  // -- choosing (the model, driven from outside) ------------------------------

  /**
   * A tap (click, touch or Enter) on a square; disc = the piece's index from the bottom, -1 on none.
   * @param {Hit | null} hit
   */
  choose(hit) {
    this.dispatch({ type: "tap", hit });
  }

  /**
   * Mark squares as kept for later, over the pieces (the taps a page keeps
   * before its engine is ready: web/js/early-taps.js); [] takes the marks away.
   * @param {readonly number[]} squares
   */
  mark(squares) {
    this.update((s) => {
      s.marks = [...squares];
    });
  }

  /** Give up the choice in progress. */
  cancel() {
    this.dispatch({ type: "cancel" });
    this.update((s) => {
      s.drag = null;
    });
  }

  /**
   * Move the keyboard cursor.
   * @param {number} square
   */
  moveCursor(square) {
    this.carryOut({ type: "cursor", square });
  }

  // -- drawing -------------------------------------------------------------------

  /** Draw at the next animation frame (once, however often asked). */
  requestRedraw() {
    if (this.frame) return;
    this.frame = requestAnimationFrame((now) => {
      this.frame = 0;
      this.draw(now);
    });
  }

  /** Paint one frame; while a change is animated, ask for the next. */
  draw(now = performance.now()) {
    const s = this.state;
    if (!s.geometry || this.asleep) return;
    // The frame clock only moves through the queue: finished plans leave it.
    const plan = currentPlan(s.animations, now);
    if (plan) {
      this.requestRedraw();
      this.canvas.dataset.animating = "1";
    }
    this.game.paint(this.ctx, {
      geometry: s.geometry,
      colors: s.colors,
      config: s.config,
      selection: s.selection,
      drag: s.drag,
      cursor: document.activeElement === this.canvas ? s.cursor : null,
      plan,
    });
    for (const square of s.marks) drawKept({ ctx: this.ctx, g: s.geometry, colors: s.colors }, square);
    // (not in another site's page, whose body is its own: web/js/guest.js)
    if (!GUEST && !document.body.dataset.painted) document.body.dataset.painted = "1";
    if (!plan && (this.stillWaiters.length || this.canvas.dataset.animating)) this.settle();
  }
}
