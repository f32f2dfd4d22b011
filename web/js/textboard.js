// @ts-check
// The text board: the 25 squares as a grid of cells a screen reader reads
// ("c3, 3 high, bottom to top: White, Red, White"), and a second way to play.
//
// It follows the WAI-ARIA grid pattern: one cell is in the tab order (roving
// tabindex), arrows move between cells, Home/End go to the ends of a row and
// Ctrl+Home/End to the first and last cell. Enter or Space chooses a square
// exactly as Enter does on the canvas (the top disc first, once more lifts one
// more disc, on a highlighted stack drops), 1 to 4 lift that many discs and
// Escape puts them down. It drives the same Board object as the canvas, so the
// selection, the engine's targets and every message are shared: the canvas
// shows what the text board lifted and the other way round.
//
// update(state) is called after every render (moves from the canvas, the
// computer, undo, redo, a restored game), so the labels always tell the
// position on the canvas. The board turning round (flip) changes only the
// canvas's data-geometry, which the text board watches to turn with it.

import { squareName } from "./mixtour-board.js";
import { t } from "./i18n.js";
import { discsWords, squareWords, squaresWords } from "./speech.js";

const SIZE = 5;

/** @typedef {import("./mixtour-board.js").Board} Board */
/** @typedef {import("./speech.js").Speaker} Speaker */
/** Discs lifted on the board: the top `count` of `square`. @typedef {{square: number, count: number}} Selection */

export class TextBoard {
  /**
   * grid: the element with role=grid; board: the canvas's Board;
   * speaker: a Speaker (web/js/speech.js); blocked(): why input is refused now
   * (the computer's turn) or "".
   * @param {HTMLElement} grid
   * @param {{board: Board, speaker: Speaker, blocked: () => string}} parts
   */
  constructor(grid, { board, speaker, blocked }) {
    this.grid = grid;
    this.board = board;
    this.speaker = speaker;
    this.blocked = blocked;
    /** @type {Bridge.View | null} */
    this.state = null;
    /** @type {boolean | null} */
    this.flipped = null;
    this.focusSquare = 12; // c3, as on the canvas
    /** @type {HTMLElement[]} */
    this.cells = [];
    grid.addEventListener("keydown", (event) => this.onKeyDown(event));
    grid.addEventListener("click", (event) => {
      const cell = event.target instanceof Element ? event.target.closest("[role=gridcell]") : null;
      if (cell instanceof HTMLElement) {
        this.focus(Number(cell.dataset.square));
        this.activate(Number(cell.dataset.square));
      }
    });
    this.build(false);
    grid.setAttribute("aria-label", t("a11y.grid"));
    new MutationObserver(() => this.turn()).observe(board.canvas, {
      attributes: true,
      attributeFilter: ["data-geometry"],
    });
  }

  /** Follow the board's orientation, keeping the focus on the same square. */
  turn() {
    const flipped = !!this.board.config.flipped;
    if (flipped === this.flipped) return;
    const hadFocus = this.grid.contains(document.activeElement);
    this.build(flipped);
    if (hadFocus) this.cells[this.focusSquare].focus();
    this.grid.setAttribute("aria-label", t(flipped ? "a11y.gridFlipped" : "a11y.grid"));
    this.refresh();
  }

  /**
   * Lay out the cells in the board's orientation (a5 top left, or a1 top right when flipped).
   * @param {boolean} flipped
   */
  build(flipped) {
    this.flipped = flipped;
    this.cells = [];
    /** @type {HTMLElement[]} */
    const rows = [];
    for (let row = 0; row < SIZE; row++) {
      const line = document.createElement("div");
      line.setAttribute("role", "row");
      for (let col = 0; col < SIZE; col++) {
        const square = flipped ? row * SIZE + (SIZE - 1 - col) : (SIZE - 1 - row) * SIZE + col;
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.className = "text-cell";
        cell.dataset.square = String(square);
        cell.id = `text-cell-${squareName(square)}`;
        cell.tabIndex = square === this.focusSquare ? 0 : -1;
        const name = document.createElement("span");
        name.className = "text-cell-name";
        name.textContent = squareName(square);
        const discs = document.createElement("span");
        discs.className = "text-cell-discs";
        cell.append(name, discs);
        line.append(cell);
        this.cells[square] = cell;
      }
      rows.push(line);
    }
    this.grid.replaceChildren(...rows);
  }

  /**
   * Show `state` (a view from the bridge).
   * @param {Bridge.View} state
   */
  update(state) {
    this.state = state;
    this.turn();
    this.refresh();
  }

  /** Labels and marks for the current state and selection. */
  refresh() {
    const state = this.state;
    if (!state) return;
    const selection = this.board.selection;
    const targets = new Set(selection ? this.board.targetsOf(selection) : []);
    const last = state.last;
    const lastSquares = new Set(
      !last || last.kind === "pass" ? [] : last.kind === "enter" ? [last.square] : [last.from, last.to],
    );
    state.stacks.forEach((stack, square) => {
      const cell = this.cells[square];
      let label = squareWords(square, stack);
      const lifted = selection && selection.square === square;
      if (lifted) label += `, ${t("a11y.lifted", { discs: discsWords(selection.count) })}`;
      if (targets.has(square)) label += `, ${t("a11y.target")}`;
      cell.setAttribute("aria-label", label);
      cell.setAttribute("aria-selected", lifted ? "true" : "false");
      cell.classList.toggle("target", targets.has(square));
      cell.classList.toggle("last", lastSquares.has(square));
      const discs = /** @type {HTMLElement} */ (cell.querySelector(".text-cell-discs"));
      if (discs.dataset.stack !== stack) {
        discs.dataset.stack = stack;
        discs.replaceChildren(
          ...[...stack].map((color) => {
            const disc = document.createElement("span");
            disc.className = "text-disc";
            disc.dataset.color = color;
            return disc;
          }),
        );
      }
    });
  }

  /**
   * The lifted discs changed (on the canvas or here): mark them and say where they can go.
   * @param {Selection | null} selection
   */
  selectionChanged(selection) {
    this.refresh();
    if (!selection) return;
    const targets = this.board.targetsOf(selection);
    this.speaker.cursor(
      t("a11y.liftedFrom", {
        discs: discsWords(selection.count),
        square: squareName(selection.square),
        targets: squaresWords(targets),
      }),
    );
  }

  /** @param {number} square */
  focus(square) {
    this.cells[this.focusSquare].tabIndex = -1;
    this.focusSquare = square;
    const cell = this.cells[square];
    cell.tabIndex = 0;
    cell.focus();
  }

  /** Give the keyboard to the grid (from the skip link or the toggle). */
  focusGrid() {
    this.focus(this.focusSquare);
  }

  /**
   * Enter or Space on a square: the same choice as Enter on the canvas.
   * @param {number} square
   */
  activate(square) {
    if (this.refuse()) return;
    this.board.keyChoose(square);
  }

  /**
   * Lift the top `count` discs of a square (keys 1 to 4).
   * @param {number} square
   * @param {number} count
   */
  liftCount(square, count) {
    if (this.refuse()) return;
    const height = this.board.config.stacks[square].length;
    if (height && count <= height) this.board.choose({ square, disc: height - count });
  }

  refuse() {
    const why = this.blocked();
    if (why) this.speaker.cursor(why);
    return !!why;
  }

  /** @param {KeyboardEvent} event */
  onKeyDown(event) {
    if (event.altKey || event.metaKey) return;
    const square = this.focusSquare;
    const [col, row] = this.position(square);
    /** @type {number[] | null} */
    let next = null;
    if (event.key === "ArrowLeft") next = [col - 1, row];
    else if (event.key === "ArrowRight") next = [col + 1, row];
    else if (event.key === "ArrowUp") next = [col, row - 1];
    else if (event.key === "ArrowDown") next = [col, row + 1];
    else if (event.key === "Home") next = event.ctrlKey ? [0, 0] : [0, row];
    else if (event.key === "End") next = event.ctrlKey ? [SIZE - 1, SIZE - 1] : [SIZE - 1, row];
    if (next) {
      const [c, r] = next.map((v) => Math.max(0, Math.min(SIZE - 1, v)));
      this.focus(this.squareAt(c, r));
    } else if (event.ctrlKey) {
      return;
    } else if (event.key === "Enter" || event.key === " ") {
      this.activate(square);
    } else if (/^[1-4]$/.test(event.key)) {
      this.liftCount(square, Number(event.key));
    } else if (event.key === "Escape" && this.board.selection) {
      this.board.cancel();
    } else {
      return;
    }
    event.preventDefault();
  }

  /**
   * [column, row] of a square in the grid as laid out.
   * @param {number} square
   * @returns {[number, number]}
   */
  position(square) {
    const file = square % SIZE;
    const rank = Math.floor(square / SIZE);
    return this.flipped ? [SIZE - 1 - file, rank] : [file, SIZE - 1 - rank];
  }

  /**
   * @param {number} col
   * @param {number} row
   */
  squareAt(col, row) {
    return this.flipped ? row * SIZE + (SIZE - 1 - col) : (SIZE - 1 - row) * SIZE + col;
  }
}
