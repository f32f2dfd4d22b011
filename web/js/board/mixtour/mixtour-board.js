// @ts-check
// Mixtour's board: the kit's Board (web/js/board/api.js) with Mixtour's game
// (game.js), the events its pages hear (an entry, a move) and the ways its
// pages and the text board choose discs (lift, keyChoose). web/js/mixtour-board.js
// re-exports it as Board.

import { onPref, pref, setPref } from "../../prefs.js";
import { Board } from "../api.js";
import { MIXTOUR } from "./game.js";
import { canLift, targetsOf } from "./select.js";
import { defaultConfig } from "./state.js";

/** @typedef {import("./state.js").Selection} Selection */
/** @typedef {import("./select.js").Attempt} Attempt */
/** @typedef {import("./select.js").Output} Output */

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

/**
 * @extends {Board<import("./state.js").Config, Selection, import("./select.js").Input, Output>}
 */
export class MixtourBoard extends Board {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {BoardEvents} [events]
   */
  constructor(canvas, events = {}) {
    super(canvas, MIXTOUR, defaultConfig(pref("boardHeights", true)), events);
    this.events = events;
    onPref("boardHeights", (/** @type {unknown} */ value) => this.set({ heights: value !== false }));
  }

  /** @param {Output | import("../game.js").KitOutput<Selection>} out */
  carryOut(out) {
    switch (out.type) {
      case "enter":
        this.events.onEnter?.(out.square);
        break;
      case "move":
        // Where the discs start sliding from, when the page shows the move.
        this.update((s) => {
          s.launch = { square: out.from, count: out.count, point: out.point };
        });
        this.events.onMove?.(out.from, out.count, out.to, { dragged: out.dragged });
        break;
      default:
        super.carryOut(out);
    }
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
   * Lift the top `count` discs of `square`, or report the attempt as illegal.
   * @param {number} square
   * @param {number} count
   */
  lift(square, count) {
    this.dispatch({ type: "lift", square, count });
  }

  /**
   * Enter on a square: the top disc first; again on the lifted stack lifts one
   * more. The text board (web/js/textboard.js) chooses through it too.
   * @param {number} square
   */
  keyChoose(square) {
    this.dispatch({ type: "choose", square });
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
