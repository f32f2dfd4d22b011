// @ts-check
// The board on a <canvas>: the class pages use (web/js/board.js re-exports
// it). It ties the parts together and holds the one function through which
// every change of state goes, update(mutation): it compares the state before
// and after, animates a change of stacks (web/js/board/anim.js plans it),
// drops a selection the new position makes stale, publishes
// data-selection, tells the page when the lifted discs changed, and asks for
// a redraw. Nothing calls the animation directly, so an update that does not
// change the stacks (hints, legal moves, a flip) cannot cancel one.
//
//   state.js     the config and the state (plain data)
//   select.js    the selection state machine: taps, drags, keys -> what happened
//   input.js     pointer and keyboard events -> machine inputs; page watchers
//   geometry.js  squares <-> pixels, hit testing
//   draw.js      painting a frame
//   anim.js      planning and queueing the animations
//   colors.js    the colours, from CSS custom properties

import { onPref, pref, setPref } from "../prefs.js";
import { currentPlan, queueChange } from "./anim.js";
import { colorsFrom, FALLBACK } from "./colors.js";
import { paint } from "./draw.js";
import { cellOf, hitTest, layout, published, squareAt, squareCenter } from "./geometry.js";
import { bindInput, watchPage } from "./input.js";
import { squareName } from "../notation.js";
import { canLift, step, targetsOf } from "./select.js";
import { applyConfig, defaultConfig, initialState, sameSelection, sameStacks } from "./state.js";

/** @typedef {import("./state.js").State} State */
/** @typedef {import("./state.js").ConfigChange} ConfigChange */
/** @typedef {import("./state.js").Selection} Selection */
/** @typedef {import("./state.js").Hit} Hit */
/** @typedef {import("./state.js").Point} Point */
/** @typedef {import("./select.js").Input} Input */
/** @typedef {import("./select.js").Output} Output */
/** @typedef {import("./select.js").Step} Step */
/** @typedef {import("./select.js").Attempt} Attempt */

/**
 * What the board tells the page (the constructor's second argument).
 * @typedef {object} BoardEvents
 * @property {(square: number) => void} [onEnter] a legal entry was chosen
 * @property {(from: number, count: number, to: number, how: {dragged: boolean}) => void} [onMove]
 *   a legal move was chosen
 * @property {(attempt: Attempt) => void} [onIllegal] an illegal choice
 * @property {(selection: Selection | null) => void} [onSelect] the lifted discs changed
 * @property {() => void} [onCancel] the lifted discs were put back
 * @property {(square: number) => void} [onCursor] the keyboard cursor moved
 */

export class Board {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {BoardEvents} [events]
   */
  constructor(canvas, events = {}) {
    this.canvas = canvas;
    this.ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
    this.events = events;
    /** @type {State} */
    this.state = initialState(defaultConfig(pref("boardHeights", true)), { ...FALLBACK });
    this.frame = 0;
    this.reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
    this.readColors();
    this.unbind = [bindInput(this), watchPage(this)];
    this.resize();
  }

  destroy() {
    for (const unbind of this.unbind) unbind();
    cancelAnimationFrame(this.frame);
  }

  /** The config (read only: change it with set()). */
  get config() {
    return this.state.config;
  }

  /** The lifted discs, or null. */
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
   * Change the board as the page sees it (web/js/board.js lists the config).
   * New legal moves drop the selection, as new stacks do.
   * @param {ConfigChange} change
   */
  set(change) {
    this.update((s) => {
      applyConfig(s.config, change);
      if (change.movable !== undefined) {
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
   * @param {(state: State) => void} mutation
   */
  update(mutation) {
    const s = this.state;
    const before = {
      stacks: s.config.stacks,
      last: s.config.last,
      launch: s.launch,
      selection: s.selection,
      flipped: !!s.config.flipped,
      coordinates: !!s.config.coordinates,
    };
    mutation(s);
    if (!!s.config.flipped !== before.flipped || !!s.config.coordinates !== before.coordinates) {
      s.geometry = this.measure();
    }
    const stacksChanged = !sameStacks(before.stacks, s.config.stacks);
    if (stacksChanged) {
      // The lifted discs belonged to the position before.
      s.selection = null;
      s.drag = null;
      s.press = null;
    }
    const selectionChanged = !sameSelection(before.selection, s.selection);
    // Lifting shows the board as it is now.
    if (s.selection && s.selection !== before.selection) s.animations = [];
    if (stacksChanged) {
      this.animate(before, { stacks: s.config.stacks, last: s.config.last }, before.launch);
    }
    if (s.selection) {
      this.canvas.dataset.selection = `${squareName(s.selection.square)}:${s.selection.count}`;
    } else {
      delete this.canvas.dataset.selection;
    }
    this.requestRedraw();
    if (selectionChanged) this.events.onSelect?.(s.selection);
  }

  /**
   * Queue the animation of a change of stacks (or show it at once).
   * @param {import("./anim.js").Picture} before
   * @param {import("./anim.js").Picture} after
   * @param {import("./state.js").Launch | null} launch
   */
  animate(before, after, launch) {
    const s = this.state;
    if (s.config.motion === false || this.reducedMotion.matches || !s.geometry) {
      s.animations = [];
      return;
    }
    queueChange(s.animations, before, after, launch);
  }

  /**
   * Feed the selection state machine and carry out what it answers, in order.
   * @param {Input} input
   * @returns {Step}
   */
  dispatch(input) {
    const s = this.state;
    const answer = step({ selection: s.selection, cursor: s.cursor }, s.config, input);
    for (const out of answer.out) this.carryOut(out);
    return answer;
  }

  /** @param {Output} out */
  carryOut(out) {
    const events = this.events;
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
      case "enter":
        events.onEnter?.(out.square);
        break;
      case "move":
        // Where the discs start sliding from, when the page shows the move.
        this.update((s) => {
          s.launch = { square: out.from, count: out.count, point: out.point };
        });
        events.onMove?.(out.from, out.count, out.to, { dragged: out.dragged });
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
    const colors = colorsFrom(getComputedStyle(this.canvas));
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
    });
    const pixelWidth = Math.round(g.width * ratio);
    const pixelHeight = Math.round(g.height * ratio);
    if (this.canvas.width !== pixelWidth || this.canvas.height !== pixelHeight) {
      this.canvas.width = pixelWidth;
      this.canvas.height = pixelHeight;
    }
    this.canvas.dataset.geometry = JSON.stringify(published(g));
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
    return cellOf(square, !!this.state.config.flipped);
  }

  /**
   * The square shown at screen column `col`, row `row`.
   * @param {number} col
   * @param {number} row
   */
  squareAt(col, row) {
    return squareAt(col, row, !!this.state.config.flipped);
  }

  /**
   * What is under a point in CSS pixels: {square, disc} (disc -1 on an empty square), or null.
   * @param {number} px
   * @param {number} py
   * @returns {Hit | null}
   */
  hitTest(px, py) {
    const g = this.state.geometry;
    return g ? hitTest(g, this.state.config.stacks, px, py) : null;
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

  // -- what is legal (as told by the config) ---------------------------------

  /**
   * The squares the lifted discs may go to.
   * @param {Selection | null} selection
   */
  targetsOf(selection) {
    return targetsOf(this.state.config, selection);
  }

  /**
   * Whether the top `count` discs of `square` have somewhere to go.
   * @param {number} square
   * @param {number} count
   */
  canLift(square, count) {
    return canLift(this.state.config, square, count);
  }

  // -- choosing (the machine, driven from outside) ----------------------------

  /**
   * Lift these discs (or none), whether or not they can move.
   * @param {Selection | null} selection
   */
  setSelection(selection) {
    this.update((s) => {
      s.selection = selection;
    });
  }

  /**
   * A tap (click, touch or Enter) on a square; disc = index from the bottom, -1 if empty.
   * @param {Hit | null} hit
   */
  choose(hit) {
    this.dispatch({ type: "tap", hit });
  }

  /**
   * Lift the top `count` discs of `square`, or report the attempt as illegal.
   * @param {number} square
   * @param {number} count
   */
  lift(square, count) {
    this.dispatch({ type: "lift", square, count });
  }

  /** Put the lifted discs back. */
  cancel() {
    this.dispatch({ type: "cancel" });
    this.update((s) => {
      s.drag = null;
    });
  }

  /**
   * Enter on a square: the top disc first; again on the lifted stack lifts one
   * more. The text board (web/js/textboard.js) chooses through it too.
   * @param {number} square
   */
  keyChoose(square) {
    this.dispatch({ type: "choose", square });
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
    if (!s.geometry) return;
    // The frame clock only moves through the queue: finished plans leave it.
    const plan = currentPlan(s.animations, now);
    if (plan) this.requestRedraw();
    paint(this.ctx, {
      geometry: s.geometry,
      colors: s.colors,
      config: s.config,
      selection: s.selection,
      targets: targetsOf(s.config, s.selection),
      drag: s.drag,
      cursor: document.activeElement === this.canvas ? s.cursor : null,
      plan,
    });
    if (!document.body.dataset.painted) document.body.dataset.painted = "1";
  }
}

/**
 * Keep the settings dialog's checkbox and the "boardHeights" preference in step.
 * @param {HTMLInputElement} input
 */
export function heightsSetting(input) {
  input.checked = pref("boardHeights", true);
  input.addEventListener("change", () => setPref("boardHeights", input.checked));
  onPref("boardHeights", (/** @type {unknown} */ value) => {
    input.checked = value !== false;
  });
}
