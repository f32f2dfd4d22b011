// @ts-check
// Tor's position editor (tor-editor.html): Tor's plug-in of the editor page
// written once for every game (web/js/editor-page.js, which holds the tools
// bar, the board's pointer and keys, the T7 field, validity, Play here, Copy
// link and Embed).
//
// The plug-in keeps what stands on its board (the model below, the parts of
// a T7 string: mixtour/tor/RULES.md), writes it with web/js/tor/position.js
// and asks window.torEditor (web/py/tor_editor_bridge.py) whether it is a
// valid position. Every change to the board is made by the engine's numbers
// (window.torEditor.edit, web/py/tor_editing.py): at most two tokens on a
// square, twelve of a colour, two pawns a side, a pawn only on a token.
//
// Board input: with a colour's tool a click puts a token of it on top of the
// square; with a pawn's tool a click puts that side's pawn there or takes it
// away; Erase, a right-click or a long press takes the pawn off, or if there
// is none the top token. Keyboard: arrows move the cursor, Enter or Space
// applies the tool, Delete or Backspace erases.

import { startEditor } from "./editor-page.js";
import { t } from "./i18n.js";
import { GAMES } from "./library-games.js";
import { $ } from "./page.js";
import { START, readPosition, squareName, writePosition } from "./tor/position.js";
import { TorBoard } from "./tor/tor-board.js";
import { colourName, playerName, squareText, torLinkProblems } from "./tor/words.js";

const ui = {
  /** @type {HTMLFormElement} */
  form: $("#setup-form"),
};

/** What the editor shows: the standard start until Python is there. */
const model = /** @type {Bridge.TorSetup} */ (readPosition(START));

/** @type {import("./editor-page.js").EditorContext} lent by the page at setup */
let editor;
/** @type {TorBoard} */
let board;

const call = /** @type {Bridge.TorEditorCall} */ ((name, ...args) => editor.call(name, ...args));

/** What each refusal of web/py/tor_editing.py says. */
const REFUSALS = {
  full: "torEditor.full",
  "none-left": "torEditor.noneLeft",
  pawns: "torEditor.pawns",
  "no-token": "torEditor.noToken",
  empty: "editor.nothing",
};

/**
 * Have the engine make one change (web/py/tor_editing.py); the model takes
 * the answer. A refusal is said with its reason; returns whether it was made.
 * @param {string} change
 * @param {number} square
 * @param {string} [what] a colour letter or a side
 */
function edit(change, square = -1, what = "") {
  const answer = call("edit", JSON.stringify(model), change, square, what);
  Object.assign(model, answer.setup);
  if (!answer.done) {
    const id = REFUSALS[/** @type {keyof typeof REFUSALS} */ (answer.reason ?? "")] ?? "editor.nothing";
    const name = square >= 0 ? squareName(square) : "";
    const colour = /^[BROY]$/.test(what) ? colourName(what) : "";
    const player = /^[wb]$/.test(what) ? playerName(what) : "";
    editor.say(t(id, { square: name, colour, player }));
  }
  return answer.done;
}

/** @param {number} square */
function erase(square) {
  const pawn = model.pawns[square];
  const top = model.tokens[square].at(-1) ?? "";
  if (!edit("erase", square)) return;
  editor.update();
  const where = { square: squareName(square) };
  if (pawn) editor.say(t("torEditor.pawnRemoved", { ...where, player: playerName(pawn) }));
  else editor.say(t("torEditor.removed", { ...where, colour: colourName(top) }));
}

/**
 * A pawn's tool on a square: the side's pawn put there, or taken away.
 * @param {number} square
 * @param {"w" | "b"} side
 */
function pawn(square, side) {
  const had = model.pawns[square] === side;
  if (!edit("pawn", square, side)) return;
  editor.update();
  const words = { square: squareName(square), player: playerName(side) };
  editor.say(t(had ? "torEditor.pawnRemoved" : "torEditor.pawnPut", words));
}

/**
 * @param {number} square
 * @param {string} colour
 */
function token(square, colour) {
  if (!edit("token", square, colour)) return;
  editor.update();
  editor.say(t("torEditor.placed", { colour: colourName(colour), square: squareName(square) }));
}

/** @returns {{turn: RadioNodeList, hand: HTMLSelectElement}} */
function fields() {
  return /** @type {{turn: RadioNodeList, hand: HTMLSelectElement}} */ (/** @type {unknown} */ (ui.form.elements));
}

/** @type {import("./editor-page.js").EditorPlugin} */
const TOR = {
  bridge: "torEditor",
  gamePage: "tor.html",
  analysisPage: "tor-analysis.html",
  embed: GAMES.tor.embed,
  boardLabel: "torEditor.boardLabel",
  boardLoadingLabel: "tor.boardLoading",
  firstTool: "B",
  home: 20, // c4, where the board's cursor starts
  makeBoard(canvas, onCursor) {
    board = new TorBoard(canvas, { onCursor });
    board.set({ interactive: false, legal: [], last: null, motion: false });
    return board;
  },
  setup(context) {
    editor = context;
    editor.watchForm(ui.form, (target) => {
      const form = fields();
      if (target.name === "turn") edit("turn", -1, form.turn.value);
      else if (target.name === "hand") edit("hand", -1, form.hand.value);
      else return false;
      return true;
    });
  },
  reset(to) {
    edit(to === "clear" ? "clear" : "standard");
    return t(to === "clear" ? "torEditor.cleared" : "torEditor.started");
  },
  compose() {
    return writePosition(model);
  },
  draw() {
    board.set({ position: writePosition(model) });
    const form = fields();
    form.turn.value = model.turn;
    form.hand.value = model.hand ?? "";
  },
  /** @param {Bridge.TorEditedPosition} position a position the engine has read */
  adopt(position) {
    Object.assign(model, readPosition(position.fen));
  },
  /** @param {Bridge.TorEditedPosition} position */
  validText(position) {
    return position.over ? t("editor.validOver") : t("torEditor.valid", { player: playerName(position.turn) });
  },
  apply(name, square) {
    if (name === "erase") erase(square);
    else if (name === "w" || name === "b") pawn(square, name);
    else token(square, name);
  },
  erase,
  describe(square) {
    editor.say(squareText(model, square, squareName(square)));
  },
  linkProblems: torLinkProblems,
  enableFields(on) {
    for (const el of ui.form.elements) /** @type {HTMLInputElement | HTMLFieldSetElement} */ (el).disabled = !on;
  },
};

startEditor(TOR);
