// @ts-check
// Tor's board: the kit's Board (web/js/board/api.js) with Tor's game
// (game.js) and the events its page hears. Drawing and input only: the
// page gives it the position string and the engine's legal actions, and
// hears which action the player chose, or which attempt to explain; the text
// board chooses through it too (keyChoose, back). A turn
// is animated (anim.js) when the page sets the new position together with
// the action that led there: set({position, last, legal}).

import { Board } from "../board/api.js";
import { TOR } from "./game.js";
import { readAction } from "./position.js";
import { defaultConfig } from "./state.js";

/** @typedef {import("./select.js").Selection} Selection */
/** @typedef {import("./select.js").Output} Output */

/**
 * What the board tells the page (the constructor's second argument).
 * @typedef {object} TorBoardEvents
 * @property {(action: string, how: {dragged: boolean}) => void} [onPlay] a legal action was
 *   chosen (its text, from the legal list)
 * @property {(attempt: import("./select.js").Attempt) => void} [onIllegal] a choice no legal
 *   action continues: the page asks the engine why (attempt.text)
 * @property {(selection: Selection | null) => void} [onSelect] the turn in progress changed
 * @property {() => void} [onCancel] the turn in progress was given up
 * @property {(square: number) => void} [onCursor] the keyboard cursor moved
 */

/**
 * @extends {Board<import("./state.js").Config, Selection, import("../board/game.js").KitInput, Output>}
 */
export class TorBoard extends Board {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {TorBoardEvents} [events]
   */
  constructor(canvas, events = {}) {
    super(canvas, TOR, defaultConfig(), events);
    this.events = events;
  }

  /** @param {Output | import("../board/game.js").KitOutput<Selection>} out */
  carryOut(out) {
    if (out.type !== "play") {
      super.carryOut(out);
      return;
    }
    const action = readAction(out.action);
    if (out.point && action && "from" in action) {
      // A dragged pawn slides on from where it was let go, when the page shows the turn.
      const point = out.point;
      this.update((s) => {
        s.launch = { square: action.from, count: 1, point };
      });
    }
    this.events.onPlay?.(out.action, { dragged: out.point !== null });
  }

  // -- choosing (the machine, driven from outside) ----------------------------

  /**
   * Enter on a square: the next step of the turn, as Enter on the canvas
   * chooses it. The text board (web/js/textboard.js) chooses through it.
   * @param {number} square
   */
  keyChoose(square) {
    this.choose({ square, disc: -1 });
  }

  /** Back one step of the turn in progress, as Escape on the canvas. */
  back() {
    this.dispatch({ type: "key", key: "Escape" });
  }
}
