// @ts-check
// Mixtour's position editor (editor.html): Mixtour's plug-in of the editor
// page written once for every game (web/js/editor-page.js, which holds the
// tools bar, the board's pointer and keys, the P1 field, validity, Play here,
// Copy link and Embed).
//
// The plug-in keeps what is on its board and in its fields (the model below),
// writes it as a position string (P1, with web/js/notation.js) and asks
// window.mixtourEditor (web/py/editor_bridge.py) whether that is a valid
// position. Every change that moves discs between the board and the reserves
// is counted by the engine (window.mixtourEditor.edit, web/py/editing.py).
//
// Board input: a click on a square puts a disc of the chosen colour on top of
// its stack (taken from that colour's reserve while it has one); the Erase
// tool, a right-click or a long press takes the top disc off (back into the
// reserve). Keyboard: arrows move the cursor, Enter or Space applies the tool,
// Delete or Backspace removes the top disc.

import { Board } from "./mixtour-board.js";
import { startEditor } from "./editor-page.js";
import { colorName, linkProblems, t } from "./i18n.js";
import { COLORS, START, parsePosition, positionText, squareName } from "./notation.js";
import { GAMES } from "./library-games.js";
import { $ } from "./page.js";

const ui = {
  /** @type {HTMLFormElement} */
  form: $("#setup-form"),
  even: $("#even-reserves"),
};

/**
 * What the editor shows, the standard start until Python is there; reserves
 * and scores always hold three entries (the third waits while two play).
 */
const start = /** @type {import("./notation.js").Position} */ (parsePosition(START));
/** @type {Bridge.Setup} */
const model = {
  stacks: start.stacks,
  players: start.reserves.length,
  turn: start.turn,
  reserves: [...start.reserves, start.reserves[0]],
  scores: [...start.scores, 0],
  target: start.target,
  last: "-",
};

/** @type {import("./editor-page.js").EditorContext} lent by the page at setup */
let editor;
/** @type {Board} */
let board;
/** @type {Bridge.Rules | null} the engine's set-up numbers: {maxHeight, defaultDiscs: {2, 3}} */
let rules = null;
let tool = "w";

const call = /** @type {Bridge.EditorCall} */ ((name, ...args) => editor.call(name, ...args));

/**
 * Have the engine make a change that moves discs (web/py/editing.py): the
 * model takes the answer; returns whether the change was made, and for
 * "even" the discs each player now owns.
 * @param {"place" | "erase" | "players" | "even" | "clear" | "start"} change
 * @param {number} [square] the square, or for "players" the number of players
 * @param {string} [color]
 * @returns {Bridge.EditedSetup}
 */
function edit(change, square = -1, color = "") {
  const answer = call("edit", JSON.stringify(model), change, square, color);
  Object.assign(model, answer.setup);
  return answer;
}

/**
 * The setup form's fields, by name (reserve-w, score-w ... for each colour).
 * @typedef {{ players: RadioNodeList, turn: RadioNodeList, target: HTMLInputElement }
 *   & { [name: string]: HTMLInputElement }} SetupFields
 */

/** @returns {SetupFields} */
function fields() {
  return /** @type {SetupFields} */ (/** @type {unknown} */ (ui.form.elements));
}

function syncForm() {
  const form = fields();
  const active = document.activeElement;
  /**
   * @param {HTMLInputElement} input
   * @param {number | string} value
   */
  const put = (input, value) => {
    if (input !== active) input.value = String(value);
  };
  form.players.value = String(model.players);
  form.turn.value = model.turn;
  [...COLORS].forEach((color, i) => {
    put(form[`reserve-${color}`], model.reserves[i]);
    put(form[`score-${color}`], model.scores[i]);
  });
  put(form.target, model.target);
  const three = model.players === 3;
  const blue = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-color="b"], [data-tool="b"]'));
  for (const el of blue) el.hidden = !three;
  if (!three && tool === "b") editor.setTool("w");
}

/** @param {HTMLInputElement} input */
function readNumber(input) {
  const text = input.value.trim();
  return /^\d{1,3}$/.test(text) ? Number(text) : text || "?";
}

/**
 * @param {number} square
 * @param {string} color
 */
function place(square, color) {
  if (!edit("place", square, color).done) {
    editor.say(t("editor.tooHigh", { square: squareName(square), max: rules?.maxHeight ?? "?" }));
    return;
  }
  editor.update();
  editor.say(t("editor.placed", { color: colorName(color), square: squareName(square) }));
}

/** @param {number} square */
function erase(square) {
  const color = model.stacks[square].at(-1) ?? "";
  if (!edit("erase", square).done) {
    editor.say(t("editor.nothing", { square: squareName(square) }));
    return;
  }
  editor.update();
  editor.say(t("editor.removed", { color: colorName(color), square: squareName(square) }));
}

/** @type {import("./editor-page.js").EditorPlugin} */
const MIXTOUR = {
  bridge: "mixtourEditor",
  gamePage: "index.html",
  analysisPage: "analysis.html",
  embed: GAMES.mixtour.embed,
  boardLabel: "editor.boardLabel",
  firstTool: "w",
  home: 12,
  makeBoard(canvas, onCursor) {
    board = new Board(canvas, { onCursor });
    board.set({ interactive: false, enterable: [], movable: {}, last: null, motion: false });
    return board;
  },
  setup(context) {
    editor = context;
    editor.watchForm(ui.form, (target) => {
      const form = fields();
      const name = target.name;
      if (name === "players") edit("players", Number(form.players.value));
      else if (name === "turn") model.turn = form.turn.value;
      else if (name === "target") model.target = readNumber(form.target);
      else if (/^(reserve|score)-[wrb]$/.test(name)) {
        const [kind, color] = name.split("-");
        (kind === "reserve" ? model.reserves : model.scores)[COLORS.indexOf(color)] = readNumber(target);
      } else return false;
      return true;
    });
    // Leaving a field with a bad number shows the number the position uses.
    ui.form.addEventListener("focusout", () => setTimeout(syncForm));
    editor.onButton(ui.even, () => t("editor.evened", { n: edit("even").discs }));
  },
  reset(to) {
    edit(to);
    return t(to === "clear" ? "editor.cleared" : "editor.started");
  },
  compose() {
    const n = model.players;
    return positionText({ ...model, reserves: model.reserves.slice(0, n), scores: model.scores.slice(0, n) });
  },
  draw() {
    board.set({ stacks: [...model.stacks] });
    syncForm();
  },
  /** @param {Bridge.EditedPosition} position a position the engine has read (canonical parts) */
  adopt(position) {
    model.stacks = [...position.stacks];
    model.players = position.players;
    model.turn = position.turn;
    // Two players: the third reserve waits, as many discs as the others own.
    model.reserves = [...position.reserves, ...(position.players === 2 ? [position.discs] : [])];
    model.scores = [...position.scores, ...(position.players === 2 ? [0] : [])];
    model.target = position.target;
    model.last = position.last;
  },
  /** @param {Bridge.EditedPosition} position */
  validText(position) {
    return position.over ? t("editor.validOver") : t("editor.valid", { color: colorName(position.turn) });
  },
  apply(name, square) {
    if (name === "erase") erase(square);
    else place(square, name);
  },
  erase,
  describe(square) {
    const stack = model.stacks[square];
    const name = squareName(square);
    if (!stack) editor.say(t("cursor.empty", { square: name }));
    else {
      const discs = [...stack].map(colorName).join(", ");
      editor.say(t("cursor.stack", { square: name, height: stack.length, discs }));
    }
  },
  toolChosen(name) {
    tool = name;
  },
  ready() {
    rules = call("rules");
  },
  linkProblems,
  enableFields(on) {
    for (const el of ui.form.elements) /** @type {HTMLInputElement | HTMLFieldSetElement} */ (el).disabled = !on;
  },
};

startEditor(MIXTOUR);
