// The page: wires the board, the panels and the dialogs to the Python bridge.
//
// Python (web/py/main.py) publishes window.mixtourPython, whose methods take
// plain values and return JSON strings, then fires "mixtour:python-ready".
// Everything legal comes from there; this file only shows it.
//
// Readiness contract (used by the tests):
//   body[data-painted="1"]  the empty board is drawn (before Python is loaded)
//   body[data-ready="1"]    Python is ready and the board accepts input
//   #board[data-position]   the current position string (P1)
//   #board[data-status]     playing | w-wins | r-wins | b-wins | draw-passes | draw-repetition

import { Ai } from "./ai.js";
import { Board, squareName } from "./board.js";
import { Files } from "./files.js";
import { colorName, languagePicker, reasonText, t, translatePage } from "./i18n.js";
import { Links } from "./links.js";
import { explainAttempt, moveText } from "./refusals.js";
import { registerServiceWorker } from "./offline.js";
import { settingsDialog } from "./prefs.js";
import { Saver } from "./save.js";
import { watchStartup } from "./startup.js";
import { themeSwitch } from "./theme.js";
import { TextPlay } from "./textplay.js";

const $ = (selector) => document.querySelector(selector);

const ui = {
  canvas: $("#board"),
  loading: $("#loading"),
  turnBox: $("#turn"),
  status: $("#status"),
  hint: $("#hint"),
  message: $("#message"),
  players: $("#players"),
  target: $("#target"),
  moves: $("#moves"),
  passButton: $("#pass"),
  undoButton: $("#undo"),
  redoButton: $("#redo"),
  newButton: $("#new-game"),
  result: $("#result"),
  resultText: $("#result-text"),
  resultNew: $("#result-new-game"),
  dialog: $("#new-game-dialog"),
  form: $("#new-game-form"),
  discs: $("#discs"),
  targetInput: $("#target-input"),
  formError: $("#new-game-error"),
  hintButton: $("#hint-button"),
  pauseButton: $("#pause"),
  thinking: $("#thinking"),
  thinkingText: $("#thinking-text"),
};

let python = null; // window.mixtourPython once ready
let view = null; // the last state from Python

const board = new Board(ui.canvas, {
  onEnter: (square) => play(squareName(square)),
  onMove: (from, count, to, { dragged }) =>
    play(moveText(from, count, to), dragged ? null : { from, count, to }),
  onIllegal: (attempt) => explainAttempt(attempt, call, say),
  onSelect: (selection) => {
    showHint(selection);
    textPlay.selectionChanged(selection);
  },
  onCancel: () => say(t("msg.cancelled")),
  onCursor: (square) => textPlay.cursorAt(square),
});

// The address bar, "copy link" and flip (web/js/links.js).
const links = new Links({ call, render, say, board });

// The computer player: seats, the AI worker, hints, pause (web/js/ai.js).
const ai = new Ai({ python: () => python, view: () => view, call, render, play, say, board, ui });

// The game in progress, kept in localStorage and restored (web/js/save.js).
const saver = new Saver({ call, render, say, ai, links, board });

// Image and record files, the record dialog, the editor link (web/js/files.js).
new Files({ call, render, say, ready: () => !!python, flipped: () => links.flip });

// Play without sight: the text board, the command box, the announcements and
// the keys help (web/js/textplay.js). Typed or chosen there, an action is
// played as from the canvas; on the computer's turn it is refused with words.
const textPlay = new TextPlay({
  call,
  view: () => view,
  play: (text) => play(text),
  undo,
  redo,
  board,
  blocked: () => {
    if (!view || !ai.isAiTurn(view)) return "";
    return t("a11y.computerTurn", { color: colorName(view.turn) });
  },
});

// -- talking to Python -----------------------------------------------------

function call(name, ...args) {
  return JSON.parse(python[name](...args));
}

function play(text, animate = null) {
  const before = view;
  const answer = call("play", text);
  if (!answer.ok) {
    say(t("msg.notLegal", { action: text, reason: reasonText(answer) }));
    render(view);
    return;
  }
  const mover = before.turn;
  const parts = [
    answer.action === "pass"
      ? t("msg.passed", { color: colorName(mover) })
      : t("msg.played", { color: colorName(mover), action: answer.action }),
  ];
  answer.state.colors.forEach((color, i) => {
    if (answer.state.scores[i] > before.scores[i]) parts.push(t("msg.scored", { color: colorName(color) }));
  });
  render(answer.state, animate);
  say(parts.join(". "), { spoken: false }); // the log tells it in words
  textPlay.played(before, answer.state);
}

// -- showing the state -------------------------------------------------------

function render(state, animate = null) {
  const changed = state !== view;
  view = state;
  ui.canvas.dataset.position = state.fen;
  ui.canvas.dataset.status = state.status;
  board.set({
    stacks: state.stacks,
    last: state.last,
    enterable: state.legal.enter,
    movable: state.legal.moves,
    interactive: !ai.isAiTurn(state),
    animate,
  });
  renderPlayers(state);
  renderMoves(state);
  renderStatus(state);
  textPlay.update(state);
  ui.undoButton.disabled = !state.canUndo;
  ui.redoButton.disabled = !state.canRedo;
  ui.passButton.hidden = !state.legal.pass;
  ui.result.hidden = !state.over;
  ui.turnBox.hidden = state.over;
  if (state.over) ui.resultText.textContent = t(`result.${state.status}`);
  links.update();
  saver.update();
  ai.update(changed);
}

function renderPlayers(state) {
  const items = state.colors.map((color, i) => {
    const item = document.createElement("li");
    item.className = "player";
    item.id = `player-${color}`;
    item.dataset.color = color;
    const toMove = !state.over && state.turn === color;
    if (toMove) item.setAttribute("aria-current", "true");
    if (state.winner === color) item.classList.add("winner");

    const head = document.createElement("div");
    head.className = "player-head";
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.setAttribute("aria-hidden", "true");
    const name = document.createElement("span");
    name.className = "player-name";
    name.textContent = colorName(color);
    head.append(swatch, name);
    const seat = ai.seatLabel(color);
    if (seat) {
      const kind = document.createElement("span");
      kind.className = "player-kind";
      kind.textContent = seat;
      name.after(kind);
    }
    if (toMove) {
      const badge = document.createElement("span");
      badge.className = "badge";
      badge.textContent = t("player.toMove");
      head.append(badge);
    }

    const facts = document.createElement("dl");
    facts.className = "player-facts";
    facts.append(
      ...fact(t("player.reserve"), String(state.reserves[i]), "reserve"),
      ...fact(t("player.score"), `${state.scores[i]} / ${state.target}`, "score"),
    );
    item.append(head, facts);
    item.title = t("player.summary", {
      color: colorName(color),
      reserve: state.reserves[i],
      score: state.scores[i],
      target: state.target,
    });
    return item;
  });
  ui.players.replaceChildren(...items);
  ui.players.dataset.count = String(state.players);
  ui.target.textContent = t("panel.target", {
    target: state.target,
    points: state.target === 1 ? t("panel.point") : t("panel.points"),
  });
}

function fact(label, value, field) {
  const term = document.createElement("dt");
  term.textContent = label;
  const data = document.createElement("dd");
  data.textContent = value;
  data.dataset.field = field;
  return [term, data];
}

function renderMoves(state) {
  const all = [...state.moves.map((text) => [text, false]), ...state.future.map((text) => [text, true])];
  const rounds = [];
  all.forEach(([text, future], ply) => {
    const round = Math.floor(ply / state.players);
    if (!rounds[round]) {
      const item = document.createElement("li");
      const number = document.createElement("span");
      number.className = "move-number";
      number.textContent = `${round + 1}.`;
      item.append(number);
      rounds[round] = item;
    }
    const span = document.createElement("span");
    span.className = future ? "ply future" : "ply";
    span.dataset.ply = String(ply + 1);
    if (!future && ply === state.moves.length - 1) span.setAttribute("aria-current", "step");
    span.textContent = text;
    rounds[round].append(span);
  });
  if (rounds.length) {
    ui.moves.replaceChildren(...rounds);
  } else {
    const empty = document.createElement("li");
    empty.className = "empty";
    empty.textContent = t("panel.noMoves");
    ui.moves.replaceChildren(empty);
  }
  ui.moves.dataset.count = String(state.moves.length);
  const current = ui.moves.querySelector('[aria-current="step"]');
  const list = ui.moves.closest(".moves-scroll");
  if (current && list) list.scrollTop = list.scrollHeight;
}

function renderStatus(state) {
  let text;
  if (state.over) text = t("status.gameOver");
  else if (state.mustPass) text = t("status.mustPass", { color: colorName(state.turn) });
  else text = t("status.toMove", { color: colorName(state.turn) });
  ui.status.textContent = text;
  ui.status.dataset.turn = state.turn;
  showHint(board.selection);
}

function showHint(selection) {
  if (!view) return;
  if (view.over || view.mustPass) {
    ui.hint.textContent = "";
  } else if (selection) {
    const count = selection.count === 1 ? t("hint.disc") : t("hint.discs", { n: selection.count });
    ui.hint.textContent = t("hint.selected", { count, square: squareName(selection.square) });
  } else {
    ui.hint.textContent = t("hint.start");
  }
}

let messageSerial = 0;

/**
 * Show a message and announce it politely to screen readers; with spoken:
 * false only show it (what the move log already tells, web/js/speech.js).
 */
function say(text, { spoken = true } = {}) {
  messageSerial += 1;
  if (spoken) {
    ui.message.textContent = text;
  } else {
    const shown = document.createElement("span");
    shown.setAttribute("aria-hidden", "true");
    shown.textContent = text;
    ui.message.replaceChildren(shown);
  }
  ui.message.dataset.serial = String(messageSerial);
}

/** A change of the game the log should tell too: shown, and told once (by the log). */
function tell(text) {
  say(text, { spoken: false });
  textPlay.event(text);
}

// -- buttons and the new-game dialog ---------------------------------------------

function undo() {
  if (!python) return;
  // Against the computer, its reply is taken back too (web/js/ai.js).
  const { state, actions } = ai.step("undo");
  render(state);
  if (actions.length) tell(t("msg.undone", { action: actions.join(" ") }));
}

function redo() {
  if (!python) return;
  const { state, actions } = ai.step("redo");
  render(state);
  if (actions.length) tell(t("msg.redone", { action: actions.join(" ") }));
}

ui.undoButton.addEventListener("click", undo);
ui.redoButton.addEventListener("click", redo);

ui.passButton.addEventListener("click", () => {
  if (python) play("pass");
});

function openNewGame() {
  if (!python) return;
  const players = view ? view.players : 2;
  ui.form.elements.players.value = String(players);
  ui.discs.value = String(view ? view.discs : 20);
  ui.targetInput.value = String(view ? view.target : 1);
  delete ui.discs.dataset.edited;
  ui.formError.textContent = "";
  ai.fillSeats(players);
  ui.dialog.showModal();
}

ui.newButton.addEventListener("click", openNewGame);
ui.resultNew.addEventListener("click", openNewGame);

ui.discs.addEventListener("input", () => {
  ui.discs.dataset.edited = "1";
});

ui.form.addEventListener("change", (event) => {
  // Keep the usual number of discs in step with the number of players.
  if (event.target.name === "players" && !ui.discs.dataset.edited) {
    ui.discs.value = String(call("rules").defaultDiscs[event.target.value]);
  }
});

ui.form.addEventListener("submit", (event) => {
  if (event.submitter && event.submitter.value === "cancel") return; // closes the dialog
  event.preventDefault();
  if (!ui.form.reportValidity()) return;
  const players = Number(ui.form.elements.players.value);
  const discs = Number(ui.discs.value);
  const target = Number(ui.targetInput.value);
  const answer = call("new_game", players, discs, target);
  if (!answer.ok) {
    ui.formError.textContent = answer.message;
    return;
  }
  ui.dialog.close();
  ai.setSeats(ai.readSeats(players), { refresh: false });
  render(answer.state);
  tell(t("msg.newGame", { players, discs, target }));
  ui.canvas.focus({ preventScroll: true });
});

// A press anywhere off the board drops the lifted discs (buttons act anyway).
document.addEventListener("pointerdown", (event) => {
  if (event.target !== ui.canvas && !ui.dialog.open) board.cancel();
});

// -- start-up ---------------------------------------------------------------------

function connect() {
  if (python || !window.mixtourPython) return;
  python = window.mixtourPython;
  render(call("state"));
  links.start(); // shows the game of the address bar's link, if any
  saver.start(); // restores the saved game, or keeps it reachable beside the link's
  ai.start(); // the AI worker boots now, after the board is ready
  startup.ready();
  ui.loading.hidden = true;
  ui.newButton.disabled = false;
  ui.canvas.setAttribute("aria-label", t("board.label"));
  ui.canvas.removeAttribute("aria-busy");
  document.body.dataset.ready = "1";
  registerServiceWorker(); // offline play (web/js/offline.js), after the first load
}

translatePage();
languagePicker($("#language"));
settingsDialog($("#open-settings"), $("#settings-dialog"));
themeSwitch($("#theme"));
ui.status.textContent = t("loading.python");
ui.newButton.disabled = true;
ui.canvas.setAttribute("aria-label", t("board.loading"));
ui.canvas.setAttribute("aria-busy", "true");
ui.loading.hidden = false;
const startup = watchStartup(ui.loading, { status: ui.status });
board.requestRedraw();
window.addEventListener("mixtour:python-ready", connect);
connect(); // in case Python was faster than this module
