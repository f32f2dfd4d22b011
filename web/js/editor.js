// @ts-check
// The position editor (editor.html): set up any position, then play it, link
// it or embed it.
//
// The editor keeps what is on its board and in its fields (the model below),
// writes it as a position string (P1, with web/js/notation.js) and asks the
// engine whether that is a valid position (window.mixtourEditor.check, from
// web/py/editor_bridge.py). The rules live in Python only: this file never
// decides validity, it shows the engine's message; every change that moves
// discs between the board and the reserves is counted by the engine too
// (window.mixtourEditor.edit, web/py/editing.py), and so are the links. The
// P1 field can be edited too; a valid string typed there sets up the board.
//
// Board input: a click on a square puts a disc of the chosen colour on top of
// its stack (taken from that colour's reserve while it has one); the Erase
// tool, a right-click or a long press takes the top disc off (back into the
// reserve). Keyboard: arrows move the cursor, Enter or Space applies the tool,
// Delete or Backspace removes the top disc.
//
// Readiness contract (used by the tests):
//   body[data-ready="1"]    Python is ready and the editor accepts input
//   body[data-valid]        "1" when the engine accepts the position, else "0"
//   #board[data-position]   the position string the board and fields make up

import { Board } from "./mixtour-board.js";
import { EmbedDialog } from "./embed-dialog.js";
import { colorName, linkProblems, t } from "./i18n.js";
import { copyText, showForCopy } from "./clipboard.js";
import { COLORS, LEVELS, START, parsePosition, positionText, squareName } from "./notation.js";
import { $, Python, messageLine, pageChrome } from "./page.js";

const LONG_PRESS_MS = 500;
const MOVE_SLOP = 10; // CSS pixels a press may wander and still be a tap

const ui = {
  /** @type {HTMLCanvasElement} */
  canvas: $("#board"),
  loading: $("#loading"),
  message: $("#message"),
  tools: /** @type {HTMLButtonElement[]} */ ([...document.querySelectorAll(".tool")]),
  /** @type {HTMLFormElement} */
  form: $("#setup-form"),
  /** @type {HTMLInputElement} */
  text: $("#position-text"),
  validity: $("#validity"),
  /** @type {HTMLSelectElement} */
  opponent: $("#opponent"),
  /** @type {HTMLButtonElement} */
  play: $("#play-here"),
  /** @type {HTMLButtonElement} */
  copy: $("#copy-position-link"),
  /** @type {HTMLButtonElement} */
  embed: $("#open-embed"),
  copied: $("#copied-link"),
  /** @type {HTMLInputElement} */
  copiedText: $("#copied-link-text"),
  even: $("#even-reserves"),
  clear: $("#clear-board"),
  start: $("#start-position"),
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

const python = new Python("mixtourEditor"); // window.mixtourEditor once ready
const call = /** @type {Bridge.EditorCall} */ (python.call);
const { say } = messageLine(ui.message);
/** @type {Bridge.Rules | null} the engine's set-up numbers: {maxHeight, defaultDiscs: {2, 3}} */
let rules = null;
/** @type {Bridge.Checked | null} the engine's answer for the position shown: {ok, position} or {ok: false, message} */
let valid = null;
let tool = "w";
/**
 * A press on the board under way.
 * @type {{ id: number, x: number, y: number, square: number, touch: boolean, timer: number,
 *   long: boolean, moved: boolean } | null}
 */
let press = null;

const board = new Board(ui.canvas, { onCursor: describeSquare });
board.set({ interactive: false, enterable: [], movable: {}, last: null, motion: false });

// -- the position string ---------------------------------------------------------

function compose() {
  const n = model.players;
  return positionText({ ...model, reserves: model.reserves.slice(0, n), scores: model.scores.slice(0, n) });
}

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
 * Take on a position the engine has read (canonical parts).
 * @param {Bridge.EditedPosition} position
 */
function adopt(position) {
  model.stacks = [...position.stacks];
  model.players = position.players;
  model.turn = position.turn;
  // Two players: the third reserve waits, as many discs as the others own.
  model.reserves = [...position.reserves, ...(position.players === 2 ? [position.discs] : [])];
  model.scores = [...position.scores, ...(position.players === 2 ? [0] : [])];
  model.target = position.target;
  model.last = position.last;
}

// -- showing ---------------------------------------------------------------------

/**
 * Show the model; the P1 field follows unless the change was typed there
 * (then `checked` is the engine's answer for that text, already asked for).
 * @param {{ fromText?: boolean, checked?: Bridge.Checked | null }} [how]
 */
function update({ fromText = false, checked = null } = {}) {
  const text = compose();
  ui.canvas.dataset.position = text;
  board.set({ stacks: [...model.stacks] });
  if (!fromText) ui.text.value = text;
  syncForm();
  validate(fromText ? ui.text.value : text, checked);
}

/**
 * @param {string} text a position string (P1)
 * @param {Bridge.Checked | null} [checked] the engine's answer for it, when already asked for
 */
function validate(text, checked = null) {
  if (!python.ready) return;
  valid = checked ?? call("check", text);
  const ok = valid.ok;
  if (ok) {
    const position = /** @type {Bridge.EditedPosition} */ (valid.position);
    ui.validity.textContent = position.over
      ? t("editor.validOver")
      : t("editor.valid", { color: colorName(position.turn) });
  } else {
    ui.validity.textContent = valid.message ?? "";
  }
  ui.validity.dataset.valid = ok ? "1" : "0";
  document.body.dataset.valid = ok ? "1" : "0";
  ui.text.setAttribute("aria-invalid", ok ? "false" : "true");
  for (const button of [ui.play, ui.copy, ui.embed]) button.disabled = !ok;
  // The address bar follows the position, so a reload (or a change of
  // language) keeps it and the address itself is a link to it.
  if (ok) history.replaceState(null, "", `#${fragment()}`);
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
  if (!three && tool === "b") setTool("w");
}

/** @param {string} name a colour letter, or "erase" */
function setTool(name) {
  tool = name;
  for (const button of ui.tools) button.setAttribute("aria-checked", String(button.dataset.tool === name));
}

/** @param {number} square */
function describeSquare(square) {
  const stack = model.stacks[square];
  const name = squareName(square);
  if (!stack) say(t("cursor.empty", { square: name }));
  else {
    const discs = [...stack].map(colorName).join(", ");
    say(t("cursor.stack", { square: name, height: stack.length, discs }));
  }
}

// -- editing the board -------------------------------------------------------------

/**
 * @param {number} square
 * @param {string} color
 */
function place(square, color) {
  if (!edit("place", square, color).done) {
    say(t("editor.tooHigh", { square: squareName(square), max: rules?.maxHeight ?? "?" }));
    return;
  }
  update();
  say(t("editor.placed", { color: colorName(color), square: squareName(square) }));
}

/** @param {number} square */
function erase(square) {
  const color = model.stacks[square].at(-1) ?? "";
  if (!edit("erase", square).done) {
    say(t("editor.nothing", { square: squareName(square) }));
    return;
  }
  update();
  say(t("editor.removed", { color: colorName(color), square: squareName(square) }));
}

/** @param {number} square */
function apply(square) {
  if (tool === "erase") erase(square);
  else place(square, tool);
}

/** @param {MouseEvent} event */
function squareAt(event) {
  const [x, y] = board.eventPoint(event);
  const hit = board.hitTest(x, y);
  return hit ? hit.square : null;
}

ui.canvas.addEventListener("pointerdown", (event) => {
  if (!python.ready || !event.isPrimary || event.button !== 0) return;
  const square = squareAt(event);
  if (square === null) return;
  const [x, y] = board.eventPoint(event);
  const touch = event.pointerType !== "mouse";
  press = { id: event.pointerId, x, y, square, touch, long: false, moved: false, timer: 0 };
  if (touch) {
    const current = press;
    current.timer = setTimeout(() => {
      current.long = true;
      erase(current.square);
    }, LONG_PRESS_MS);
  }
});

ui.canvas.addEventListener("pointermove", (event) => {
  if (!press || event.pointerId !== press.id) return;
  const [x, y] = board.eventPoint(event);
  if (Math.hypot(x - press.x, y - press.y) > MOVE_SLOP) {
    press.moved = true;
    clearTimeout(press.timer);
  }
});

/**
 * @param {PointerEvent} event
 * @param {boolean} apply_ whether the press applies the tool (not when cancelled)
 */
function endPress(event, apply_) {
  if (!press || event.pointerId !== press.id) return;
  clearTimeout(press.timer);
  const done = press;
  press = null;
  if (apply_ && !done.long && !done.moved && squareAt(event) === done.square) apply(done.square);
}

ui.canvas.addEventListener("pointerup", (event) => endPress(event, true));
ui.canvas.addEventListener("pointercancel", (event) => endPress(event, false));

ui.canvas.addEventListener("contextmenu", (event) => {
  event.preventDefault();
  if (!python.ready || (press && press.touch)) return; // a long touch is handled by its timer
  const square = squareAt(event);
  if (square !== null) erase(square);
});

ui.canvas.addEventListener("keydown", (event) => {
  if (!python.ready || event.altKey || event.ctrlKey || event.metaKey) return;
  const square = board.cursor ?? 12;
  if (event.key === "Enter" || event.key === " ") apply(square);
  else if (event.key === "Delete" || event.key === "Backspace") erase(square);
  else return;
  event.preventDefault();
});

for (const button of ui.tools) button.addEventListener("click", () => setTool(button.dataset.tool ?? ""));

// -- the fields --------------------------------------------------------------------

/** @param {HTMLInputElement} input */
function readNumber(input) {
  const text = input.value.trim();
  return /^\d{1,3}$/.test(text) ? Number(text) : text || "?";
}

ui.form.addEventListener("submit", (event) => event.preventDefault());

ui.form.addEventListener("input", (event) => {
  const form = fields();
  const target = /** @type {HTMLInputElement} */ (event.target);
  const name = target.name;
  if (name === "players") edit("players", Number(form.players.value));
  else if (name === "turn") model.turn = form.turn.value;
  else if (name === "target") model.target = readNumber(form.target);
  else if (/^(reserve|score)-[wrb]$/.test(name)) {
    const [kind, color] = name.split("-");
    (kind === "reserve" ? model.reserves : model.scores)[COLORS.indexOf(color)] = readNumber(target);
  } else return;
  update();
});

// Leaving a field with a bad number shows the number the position uses.
ui.form.addEventListener("focusout", () => setTimeout(syncForm));

ui.even.addEventListener("click", () => {
  const { discs } = edit("even");
  update();
  say(t("editor.evened", { n: discs }));
});

ui.clear.addEventListener("click", () => {
  edit("clear");
  update();
  say(t("editor.cleared"));
});

ui.start.addEventListener("click", () => {
  edit("start");
  update();
  say(t("editor.started"));
});

ui.text.addEventListener("input", () => {
  if (!python.ready) return;
  const answer = call("check", ui.text.value);
  if (answer.ok && answer.position) adopt(answer.position);
  update({ fromText: true, checked: answer });
});

ui.text.addEventListener("change", () => {
  if (valid && valid.ok && valid.position) ui.text.value = valid.position.fen;
});

// -- play, link, embed -----------------------------------------------------------------

/**
 * The link (without "#") to the valid position shown, written by the engine;
 * with a level, to play it against the computer.
 * @param {number | null} [level]
 * @returns {string}
 */
function fragment(level = null) {
  return call("link", valid?.position?.fen ?? "", level).fragment ?? "";
}

function gameUrl() {
  const url = new URL("index.html", location.href);
  const level = ui.opponent.value;
  url.hash = fragment(level ? Number(level) : null);
  return url.href;
}

ui.play.addEventListener("click", () => {
  if (valid && valid.ok) location.href = gameUrl();
});

// The analysis board, from the position set up (web/js/analysis.js).
$("#open-analysis").addEventListener("click", () => {
  if (valid && valid.ok) location.href = new URL(`analysis.html#${fragment()}`, location.href).href;
});

ui.copy.addEventListener("click", async () => {
  if (!valid || !valid.ok) return;
  const text = gameUrl();
  const what = t("share.positionLink");
  if (await copyText(text)) {
    ui.copied.hidden = true;
    say(t("share.copied", { what }));
  } else {
    showForCopy(ui.copied, ui.copiedText, text);
    say(t("share.copyByHand", { what }));
  }
});
ui.copiedText.addEventListener("focus", () => ui.copiedText.select());

// The game page's embed dialog, given this page's position as its link.
new EmbedDialog(
  {
    get ready() {
      return !!(valid && valid.ok);
    },
    fragment: () => fragment(),
  },
  say,
  { positionOnly: true },
);

// -- start-up ----------------------------------------------------------------------------

function fillOpponents() {
  const options = [new Option(t("editor.humans"), "")];
  for (const level of LEVELS) {
    options.push(new Option(t("dialog.computer", { level: t(`level.${level}`) }), String(level)));
  }
  ui.opponent.replaceChildren(...options);
}

pageChrome();
fillOpponents();
setTool("w");
for (const el of ui.form.elements) /** @type {HTMLInputElement | HTMLFieldSetElement} */ (el).disabled = true;
ui.text.disabled = true;
for (const button of [ui.play, ui.copy, ui.embed]) button.disabled = true;
update();
python.connect({
  loading: ui.loading,
  canvas: ui.canvas,
  label: "editor.boardLabel",
  ready() {
    rules = call("rules");
    if (location.hash.length > 1) {
      const answer = call("from_link", location.hash);
      adopt(answer.position);
      const problems = linkProblems(answer);
      if (problems.length) say(`${t("link.problems")} ${problems.join("; ")}`);
    }
    update();
    for (const el of ui.form.elements) /** @type {HTMLInputElement | HTMLFieldSetElement} */ (el).disabled = false;
    ui.text.disabled = false;
  },
});
