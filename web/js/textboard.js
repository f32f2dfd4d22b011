// @ts-check
// The text board: the squares as a grid of cells a screen reader reads
// ("c3, 3 high, bottom to top: White, Red, White" on Mixtour's page, "c4: a
// blue token on a red one, White's pawn" on Tor's), and a second way to play,
// written once for every game: its size is the board's grid, its words and
// its choices are the game's (a TextGame, see web/js/textgame.js).
//
// It follows the WAI-ARIA grid pattern: one cell is in the tab order (roving
// tabindex), arrows move between cells, Home/End go to the ends of a row and
// Ctrl+Home/End to the first and last cell. Enter or Space chooses a square
// exactly as Enter does on the canvas (the game says what that is: on
// Mixtour's the top disc first, once more lifts one more disc, on a
// highlighted stack drops; on Tor's the next step of the turn); the game's
// other keys (Escape, Mixtour's 1 to 4) act as on the canvas too. It drives
// the same Board object as the canvas, so the choice in progress, the
// engine's targets and every message are shared: the canvas shows what was
// chosen here and the other way round.
//
// update(state) is called after every render (moves from the canvas, the
// computer, undo, redo, a restored game), so the labels always tell the
// position on the canvas. The board turning round (flip) changes only the
// canvas's data-geometry, which the text board watches to turn with it.

import { cellOf, squareAt } from "./board/geometry.js";
import { t } from "./i18n.js";

/** @typedef {import("./speech.js").Speaker} Speaker */
/** @typedef {import("./textgame.js").AnyBoard} AnyBoard */

/**
 * @template V
 * @template {AnyBoard} B
 * @template S
 */
export class TextBoard {
  /**
   * grid: the element with role=grid; board: the canvas's Board; game: the
   * game's part (web/js/textgame.js); speaker: a Speaker (web/js/speech.js);
   * blocked(): why input is refused now (the computer's turn) or "".
   * @param {HTMLElement} grid
   * @param {{board: B, game: import("./textgame.js").TextGame<V, B, S>, speaker: Speaker, blocked: () => string}} parts
   */
  constructor(grid, { board, game, speaker, blocked }) {
    this.grid = grid;
    this.board = board;
    this.game = game;
    this.speaker = speaker;
    this.blocked = blocked;
    /** @type {import("./board/geometry.js").Grid} */
    this.size = { files: board.game.grid.files, ranks: board.game.grid.ranks };
    /** @type {V | null} */
    this.state = null;
    /** @type {boolean | null} */
    this.flipped = null;
    // The cell the keyboard starts on, as the canvas's cursor: c3 on Mixtour's board, c4 on Tor's.
    this.focusSquare = squareAt((this.size.files - 1) >> 1, this.size.ranks >> 1, false, this.size);
    /** @type {HTMLElement[]} */
    this.cells = [];
    grid.style.setProperty("--text-files", String(this.size.files));
    grid.addEventListener("keydown", (event) => this.onKeyDown(event));
    // The cell that has the focus is the one the keys act on, however it got it
    // (a click, a screen reader moving the focus): it takes the roving tab stop.
    grid.addEventListener("focusin", (event) => {
      const cell = event.target instanceof Element ? event.target.closest("[role=gridcell]") : null;
      if (cell instanceof HTMLElement && Number(cell.dataset.square) !== this.focusSquare) {
        this.cells[this.focusSquare].tabIndex = -1;
        this.focusSquare = Number(cell.dataset.square);
        cell.tabIndex = 0;
      }
    });
    grid.addEventListener("click", (event) => {
      const cell = event.target instanceof Element ? event.target.closest("[role=gridcell]") : null;
      if (cell instanceof HTMLElement) {
        this.focus(Number(cell.dataset.square));
        this.activate(Number(cell.dataset.square));
      }
    });
    this.build(false);
    this.label();
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
    this.label();
    this.refresh();
  }

  /** Name the grid by what lies at its top left: "rank 5 at the top, file a on the left". */
  label() {
    const corner = this.game.squareName(squareAt(0, 0, !!this.flipped, this.size));
    const where = { rank: corner.slice(1), file: corner[0] };
    this.grid.setAttribute("aria-label", t(this.flipped ? "a11y.gridFlipped" : "a11y.grid", where));
  }

  /**
   * Lay out the cells in the board's orientation (the last rank at the top,
   * or the first when flipped).
   * @param {boolean} flipped
   */
  build(flipped) {
    this.flipped = flipped;
    this.cells = [];
    const { files, ranks } = this.size;
    /** @type {HTMLElement[]} */
    const rows = [];
    for (let row = 0; row < ranks; row++) {
      const line = document.createElement("div");
      line.setAttribute("role", "row");
      for (let col = 0; col < files; col++) {
        const square = squareAt(col, row, flipped, this.size);
        const name = this.game.squareName(square);
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.className = "text-cell";
        cell.dataset.square = String(square);
        cell.id = `text-cell-${name}`;
        cell.tabIndex = square === this.focusSquare ? 0 : -1;
        const label = document.createElement("span");
        label.className = "text-cell-name";
        label.textContent = name;
        const discs = document.createElement("span");
        discs.className = "text-cell-discs";
        cell.append(label, discs);
        line.append(cell);
        this.cells[square] = cell;
      }
      rows.push(line);
    }
    this.grid.replaceChildren(...rows);
  }

  /**
   * Show `state` (a view from the bridge).
   * @param {V} state
   */
  update(state) {
    this.state = state;
    this.turn();
    this.refresh();
  }

  /** Labels and marks for the current state and choice in progress. */
  refresh() {
    const state = this.state;
    if (!state) return;
    const marks = this.game.cells(this.board, state);
    const last = new Set(this.game.lastSquares(state));
    const pieces = this.game.pieces(state);
    this.cells.forEach((cell, square) => {
      const { label, selected, target } = marks[square];
      cell.setAttribute("aria-label", label);
      cell.setAttribute("aria-selected", selected ? "true" : "false");
      cell.classList.toggle("target", target);
      cell.classList.toggle("last", last.has(square));
      const discs = /** @type {HTMLElement} */ (cell.querySelector(".text-cell-discs"));
      const stack = pieces[square];
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
   * The choice in progress changed (on the canvas or here): mark it and say what may follow.
   * @param {S | null} selection
   */
  selectionChanged(selection) {
    this.refresh();
    if (!selection) return;
    const words = this.game.selectionWords(this.board, selection);
    if (words) this.speaker.cursor(words);
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
    this.game.choose(this.board, square);
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
    const { files, ranks } = this.size;
    const [col, row] = cellOf(square, !!this.flipped, this.size);
    /** @type {number[] | null} */
    let next = null;
    if (event.key === "ArrowLeft") next = [col - 1, row];
    else if (event.key === "ArrowRight") next = [col + 1, row];
    else if (event.key === "ArrowUp") next = [col, row - 1];
    else if (event.key === "ArrowDown") next = [col, row + 1];
    else if (event.key === "Home") next = event.ctrlKey ? [0, 0] : [0, row];
    else if (event.key === "End") next = event.ctrlKey ? [files - 1, ranks - 1] : [files - 1, row];
    if (next) {
      const c = Math.max(0, Math.min(files - 1, next[0]));
      const r = Math.max(0, Math.min(ranks - 1, next[1]));
      this.focus(squareAt(c, r, !!this.flipped, this.size));
    } else if (event.ctrlKey) {
      return;
    } else if (event.key === "Enter" || event.key === " ") {
      this.activate(square);
    } else if (this.game.keys.includes(event.key)) {
      // The game's own keys: a choice is refused on the computer's turn; Escape never is.
      if (event.key !== "Escape" && this.refuse()) return event.preventDefault();
      if (!this.game.key(this.board, square, event.key)) return;
    } else {
      return;
    }
    event.preventDefault();
  }
}
