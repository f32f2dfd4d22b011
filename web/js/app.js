// @ts-check
// The page: wires the board, the panels and the dialogs to the Python bridge.
//
// Python (web/py/page_main.py, the "game" surface) publishes
// window.mixtourPython, whose methods take plain values and return JSON
// strings, then fires "mixtour:python-ready".
// Everything legal comes from there; this file only shows it.
//
// Readiness contract (used by the tests):
//   body[data-painted="1"]  the empty board is drawn (before Python is loaded)
//   body[data-ready="1"]    Python is ready and the board accepts input
//   #board[data-kept]       squares tapped before that, kept to be played then (web/js/early-taps.js)
//   #board[data-position]   the current position string (P1)
//   #board[data-status]     playing | w-wins | r-wins | b-wins | draw-passes | draw-repetition

import { Ai } from "./ai.js";
import { Board, heightsSetting, squareName } from "./mixtour-board.js";
import { ComputerLock } from "./computer-lock.js";
import { Corr, isCorrLink } from "./corr.js";
import { Discard, branchFromHere, lookingBack } from "./discard.js";
import { EarlyTaps } from "./early-taps.js";
import { Files } from "./files.js";
import { GameReview } from "./game-review.js";
import { colorName, t } from "./i18n.js";
import { Library } from "./library.js";
import { GAMES } from "./library-games.js";
import { Links } from "./links.js";
import { START, parseAction, parsePosition } from "./notation.js";
import { explainAttempt, moveText } from "./refusals.js";
import { $, Python, messageLine, pageChrome, showInBox, showState } from "./page.js";
import { settingsDialog } from "./prefs.js";
import { offerRematch } from "./rematch.js";
import { sound, soundSetting } from "./sound.js";
import { Start } from "./start.js";
import { mixtourText } from "./mixtour-text.js";
import { showMovesHead } from "./moves-head.js";
import { TextPlay } from "./textplay.js";

const ui = {
  /** @type {HTMLCanvasElement} */
  canvas: $("#board"),
  loading: $("#loading"),
  turnBox: $("#turn"),
  status: $("#status"),
  hint: $("#hint"),
  message: $("#message"),
  players: $("#players"),
  target: $("#target"),
  moves: $("#moves"),
  movesHead: $("#moves-head"),
  /** @type {HTMLButtonElement} */
  passButton: $("#pass"),
  /** @type {HTMLAnchorElement} */
  openAnalysis: $("#open-analysis"),
  /** @type {HTMLAnchorElement} */
  resultAnalyse: $("#result-analyse"),
  /** @type {HTMLButtonElement} */
  undoButton: $("#undo"),
  /** @type {HTMLButtonElement} */
  redoButton: $("#redo"),
  /** @type {HTMLButtonElement} */
  newButton: $("#new-game"),
  result: $("#result"),
  resultText: $("#result-text"),
  resultNew: $("#result-new-game"),
  /** @type {HTMLDialogElement} */
  dialog: $("#new-game-dialog"),
  /** @type {HTMLFormElement} */
  form: $("#new-game-form"),
  /** @type {HTMLInputElement} */
  discs: $("#discs"),
  /** @type {HTMLInputElement} */
  targetInput: $("#target-input"),
  formError: $("#new-game-error"),
  /** @type {HTMLButtonElement} */
  hintButton: $("#hint-button"),
  /** @type {HTMLButtonElement} */
  pauseButton: $("#pause"),
};

const python = new Python(); // window.mixtourPython once ready
const call = /** @type {Bridge.Call} */ (python.call);
const { say } = messageLine(ui.message);
/** @type {Bridge.View | null} the last state from Python */
let view = null;

const board = new Board(ui.canvas, {
  onEnter: (square) => play(squareName(square)),
  onMove: (from, count, to) => play(moveText(from, count, to)),
  onIllegal: (attempt) => {
    sound("illegal");
    explainAttempt(attempt, call, say);
  },
  onSelect: (selection) => {
    // Discs newly lifted: the line about what happened before goes (a refused
    // drop, reported after this, says its own words).
    if (selection) say("");
    showHint(selection);
    textPlay.selectionChanged(selection);
  },
  onCancel: () => say(t("msg.cancelled")),
  onCursor: (square) => textPlay.cursorAt(square),
});

// A correspondence link (c=...) is opened by web/js/corr.js (`corr`, made below).
/** @type {import("./links.js").Correspondence} */
const correspondence = {
  isLink: isCorrLink,
  open: (fragment) => corr.open(fragment),
  fragment: () => corr.fragment(),
};

// The address bar, "copy link" and flip (web/js/links.js); a link shows another game.
const links = new Links({ call, render: renderOther, say, board, seats: () => ai.seats, correspondence });

// The computer player: seats, the engine, hints, pause (web/js/ai.js); one
// tab plays the computer's moves of a game open in several (web/js/computer-lock.js).
const lock = new ComputerLock(() => ai.update(false));
const ai = new Ai({
  view: () => view,
  call,
  render,
  play,
  say,
  board,
  ui,
  /** @param {Bridge.View} state @returns {boolean} */
  mayMove: (state) => corr.mayMove(state), // a game by link: no hint for the friend's colour
  lock,
});

// Game review: the engine's verdict on every move, a graph, a summary (web/js/game-review.js).
// Mixtour's part: White and Red, its view, the better move as the hint's arrow
// (unless the player asked for a hint: it has the board).
const gameReview = new GameReview(
  {
    name: "mixtour",
    colors: ["w", "r"],
    colorName,
    showBest: (best) => {
      if (ai.hint) return false;
      const action = best ? parseAction(best) : null;
      if (best && !action) return false;
      board.set({ hint: action });
      return true;
    },
    glance: (/** @type {Bridge.View} */ state) => ({
      actions: [...state.moves, ...state.future],
      ply: state.moves.length,
      players: state.players,
    }),
  },
  { engine: ai.engine, snapshot: () => call("snapshot"), view: () => view, goto: gotoPly, say },
);

// Every game played or opened, kept in localStorage; "Your games" (web/js/library.js).
const library = new Library({
  snapshot: () => call("snapshot"),
  state: () => call("state"),
  restore: (text) => call("restore", text),
  render,
  say,
  ai,
  links,
  flip: links.flipper,
  view: () => view,
  lock,
});

// Games played with friends by sending a link (web/js/corr.js), kept apart from the library's.
/** @type {Corr<Bridge.View>} */
const corr = new Corr({
  game: GAMES.mixtour,
  call: /** @type {Bridge.CorrCall<Bridge.View>} */ (/** @type {unknown} */ (call)),
  render,
  say: (text) => tell(text),
  humans: () => ai.setSeats({ w: 0, r: 0, b: 0 }, { refresh: false }),
  library,
  hideStart: () => start.hide(),
  setup: corrSetup(),
});

/**
 * Mixtour's questions before a game by link (its <template id="corr-setup">,
 * put in the dialog by web/js/corr.js): two or three players, the discs and
 * the target; Blue is offered to three players only.
 * @returns {import("./corr.js").CorrSetup}
 */
function corrSetup() {
  const players = () => {
    const form = /** @type {HTMLFormElement} */ ($("#corr-form"));
    const choice = /** @type {RadioNodeList} */ (form.elements.namedItem("corr-players"));
    return Number(choice.value) === 3 ? 3 : 2;
  };
  const field = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ ($(id));
  let shownFor = 0; // the players the discs were last set for (a changed count sets them again)
  return {
    sync() {
      const count = players();
      const color = /** @type {HTMLSelectElement} */ ($("#corr-color"));
      const blue = /** @type {HTMLOptionElement | null} */ (color.querySelector('option[value="b"]'));
      if (blue) {
        blue.hidden = count < 3;
        blue.disabled = count < 3;
      }
      if (count < 3 && color.value === "b") color.value = "random";
      if (count !== shownFor) field("#corr-discs").value = String(call("rules").defaultDiscs[String(count)]);
      shownFor = count;
    },
    args: () => [players(), Number(field("#corr-discs").value), Number(field("#corr-target").value)],
  };
}

// The start panel, the rules summary and the board turned to the player (web/js/start.js).
const start = new Start({
  call,
  say: (text) => tell(text),
  ai,
  links,
  board,
  view: () => view,
  showHint: () => showHint(board.selection),
  newGame,
  openedWithLink: location.hash.length > 1,
});

// Image and record files, the record dialog, the editor link (web/js/files.js);
// a loaded record is another game.
new Files({
  name: "mixtour",
  record: () => call("record").record,
  loadRecord: (text) => call("load_record", text),
  svg: (flipped) => call("svg", flipped, true).svg,
  fen: () => call("state").fen,
  render: renderOther,
  say,
  ready: () => python.ready,
  flipped: () => links.flipper.flip,
});

// Play without sight: the text board, the command box, the announcements and
// the keys help (web/js/textplay.js, with Mixtour's part, web/js/mixtour-text.js).
// Typed or chosen there, an action is played as from the canvas; on the
// computer's turn it is refused with words.
const textPlay = new TextPlay({
  game: mixtourText(call),
  view: () => view,
  play: (text) => play(text),
  undo,
  redo,
  board,
  blocked: () => {
    if (view && corr.notYours(view)) return corr.notYours(view);
    if (!view || !ai.isAiTurn(view)) return "";
    return t("a11y.computerTurn", { color: colorName(view.turn) });
  },
});

// -- talking to Python -----------------------------------------------------

/** @param {string} text an action in N1, or "pass" */
function play(text) {
  if (!view) return; // the board and the buttons wait for Python's first state
  // A move typed (or keyed) while the first screen's choice shows: the player
  // plays here, two at this screen, and the page says so before the move.
  if (start.choice.shown) start.choice.choose("friends", { focus: false });
  const notYours = corr.notYours(view);
  if (notYours) {
    // A correspondence game: only the colour played here moves, at the end of the game.
    say(notYours);
    render(view);
    return;
  }
  if ((review.active || lookingBack(view)) && view.canRedo && !ai.isAiTurn(view)) {
    askDiscard(text, view);
    return;
  }
  const before = view;
  const answer = python.play(text, (why) => {
    sound("illegal");
    say(why);
    render(before);
  });
  if (!answer) return;
  const mover = before.turn;
  const parts = [
    answer.action === "pass"
      ? t("msg.passed", { color: colorName(mover) })
      : t("msg.played", { color: colorName(mover), action: answer.action }),
  ];
  const after = answer.state;
  after.colors.forEach((color, i) => {
    if (after.scores[i] > before.scores[i]) parts.push(t("msg.scored", { color: colorName(color) }));
  });
  render(answer.state);
  say(parts.join(". "), { spoken: false }); // the log tells it in words
  textPlay.played(before, answer.state);
  corr.played(answer.state);
  sound(answer.state.winner ? "win" : parts.length > 1 ? "score" : "move");
}

// -- showing the state -------------------------------------------------------

/**
 * Show another game (New game, a link, a record): the one on the board stays in the library.
 * @param {Bridge.View} state
 */
function renderOther(state) {
  library.detach();
  render(state);
}

/** @param {Bridge.View} state */
function render(state) {
  const changed = state !== view;
  view = state;
  showState(board, state, { interactive: !ai.isAiTurn(state) && corr.mayMove(state) });
  renderPlayers(state);
  renderMoves(state);
  renderStatus(state);
  textPlay.update(state);
  // In a correspondence game a move, once made, is the friend's to answer: no undo.
  ui.undoButton.disabled = !state.canUndo || !!state.corr;
  ui.redoButton.disabled = !state.canRedo || !!state.corr;
  ui.passButton.hidden = !state.legal.pass || !corr.mayMove(state);
  ui.result.hidden = !state.over;
  ui.turnBox.hidden = state.over;
  if (state.over) ui.resultText.textContent = resultText(state);
  corr.update(state);
  links.update();
  // The analysis board opens this game at the move shown (web/js/analysis.js).
  const analysis = `./analysis.html#${call("link", true, false, null, true).fragment}`;
  ui.openAnalysis.href = analysis;
  ui.resultAnalyse.href = analysis;
  // A finished game looked back at is read-only: the computer waits, and
  // "Play on from here" (on its turn) asks before a new game branches off.
  ai.browsing = lookingBack(state);
  discard.showBranch(state, ai.isAiTurn(state));
  library.update();
  ai.update(changed);
  start.update(state);
  gameReview.update(state); // after ai.update, which clears the board's arrow
}

/** The end of the game in words. A draw by passes ends after one pass (R7):
 * the player who passed and the one who cannot act either are named.
 * @param {Bridge.View} state
 */
function resultText(state) {
  const how =
    state.status === "draw-passes"
      ? t("result.passDraw", { passer: colorName(state.movers[state.moves.length - 1]), stuck: colorName(state.turn) })
      : t(`result.${state.status}`);
  // Against the computer the result speaks to the player: "You won", "Computer, 2 Casual won".
  const humans = state.colors.filter((color) => !ai.level(color));
  if (humans.length !== 1 || state.corr || !state.winner) return how;
  const winner = state.winner;
  const who = winner === humans[0] ? t("result.youWon") : t("result.computerWon", { computer: ai.seatLabel(winner) });
  return `${who}. ${how}`;
}

// The result's Rematch (web/js/rematch.js): the colours turned one seat on
// (two players: swapped), the same levels, discs and points.
offerRematch({
  colors: () => (python.ready && view ? view.colors : null),
  level: (color) => ai.level(/** @type {Bridge.Color} */ (color)),
  start: (seats) => {
    if (!view) return false;
    const all = { w: 0, r: 0, b: 0, ...seats };
    return !!newGame(view.players, all, { discs: view.discs, target: view.target });
  },
  colorName: (color) => colorName(/** @type {Bridge.Color} */ (color)),
  tell: (text) => tell(text),
  canvas: ui.canvas,
});

/** @param {Bridge.View} state */
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
    const seat = corr.seatLabel(color) || ai.seatLabel(color);
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

/**
 * A term and its value for a player's facts.
 * @param {string} label
 * @param {string} value
 * @param {string} field
 */
function fact(label, value, field) {
  const term = document.createElement("dt");
  term.textContent = label;
  const data = document.createElement("dd");
  data.textContent = value;
  data.dataset.field = field;
  return [term, data];
}

/** @param {Bridge.View} state */
function renderMoves(state) {
  // One column per colour under its header; a row ends when play comes back
  // round. The engine says who made each action (state.movers): with three
  // players a pass hands the turn back (R10), so the ply alone does not tell.
  const columns = state.colors;
  showMovesHead(ui.movesHead, columns, (color) => colorName(/** @type {Bridge.Color} */ (color)));
  /** @type {(text: string, future: boolean) => [string, boolean]} */
  const entry = (text, future) => [text, future];
  const all = [...state.moves.map((text) => entry(text, false)), ...state.future.map((text) => entry(text, true))];
  /** @typedef {{ item: HTMLLIElement, cells: (HTMLButtonElement | null)[] }} Row */
  /** @type {Row[]} */
  const rows = [];
  /** @type {Row | null} */
  let row = null;
  let column = columns.length;
  all.forEach(([text, future], ply) => {
    const color = state.movers[ply];
    const at = columns.indexOf(color);
    if (!row || at <= column) {
      row = { item: document.createElement("li"), cells: columns.map(() => null) };
      const number = document.createElement("span");
      number.className = "move-number";
      number.textContent = `${rows.length + 1}.`;
      row.item.append(number);
      rows.push(row);
    }
    column = at;
    const cell = document.createElement("button");
    cell.type = "button";
    cell.className = future ? "ply future" : "ply";
    cell.dataset.ply = String(ply + 1);
    cell.dataset.color = color;
    cell.textContent = text;
    cell.setAttribute("aria-label", t("moves.cell", { color: colorName(color), action: text, n: ply + 1 }));
    if (!future && ply === state.moves.length - 1) cell.setAttribute("aria-current", "step");
    row.cells[at] = cell;
  });
  for (const { item, cells } of rows) {
    cells.forEach((cell, at) => {
      if (cell) {
        item.append(cell);
      } else {
        const gap = document.createElement("span");
        gap.className = "move-gap"; // an empty cell, not a ply
        gap.dataset.color = columns[at];
        item.append(gap);
      }
    });
  }
  if (rows.length) {
    ui.moves.replaceChildren(...rows.map((r) => r.item));
  } else {
    const empty = document.createElement("li");
    empty.className = "empty";
    empty.textContent = t("panel.noMoves");
    ui.moves.replaceChildren(empty);
  }
  ui.moves.dataset.count = String(state.moves.length);
  ui.moves.dataset.players = String(columns.length);
  const current = ui.moves.querySelector('[aria-current="step"]');
  const list = ui.moves.closest(".moves-scroll");
  if (list) {
    if (!state.future.length) list.scrollTop = list.scrollHeight;
    else if (current) showInBox(list, current);
    else list.scrollTop = 0;
  }
}

/** @param {Bridge.View} state */
function renderStatus(state) {
  let text;
  if (state.over) text = t("status.gameOver");
  else if (state.mustPass) text = t("status.mustPass", { color: colorName(state.turn) });
  else text = t("status.toMove", { color: colorName(state.turn) });
  ui.status.textContent = text;
  ui.status.dataset.turn = state.turn;
  showHint(board.selection);
}

/** @param {import("./board/mixtour/state.js").Selection | null} selection */
function showHint(selection) {
  if (!view) return;
  if (document.body.dataset.choosing) {
    ui.hint.textContent = t("hint.choose"); // the first screen's choice lies over the board
  } else if (view.over || view.mustPass) {
    ui.hint.textContent = "";
  } else if (corr.notYours(view)) {
    ui.hint.textContent = corr.notYours(view); // a game by link: the friend moves in their browser
  } else if (selection) {
    const count = selection.count === 1 ? t("hint.disc") : t("hint.discs", { n: selection.count });
    ui.hint.textContent = t("hint.selected", { count, square: squareName(selection.square) });
  } else {
    ui.hint.textContent = t("hint.start");
  }
}

// -- review by move: the move list and the arrow keys ------------------------------

// review.active: the player went back through the move list; a move played
// from there asks first, as it discards the later moves. review.held: the
// computer was paused because the position shown is its turn.
/** @type {{ active: boolean, held: boolean }} */
const review = { active: false, held: false };

/**
 * Show the position after `ply` actions (the engine steps there: Bridge.goto).
 * @param {number} ply
 */
function gotoPly(ply) {
  if (!python.ready || !view) return;
  const total = view.moves.length + view.future.length;
  const target = Math.max(0, Math.min(total, ply));
  if (target === view.moves.length) return;
  board.cancel();
  const state = call("goto", target);
  review.active = state.canRedo;
  // The computer does not answer while the player looks back; it plays on
  // from the end, or from here after Resume. A finished game needs no pause:
  // looking back at it is read-only (lookingBack).
  if (lookingBack(state)) {
    if (review.held) ai.paused = false;
    review.held = false;
  } else if (ai.isAiTurn(state) && state.canRedo) {
    if (!ai.paused) review.held = true;
    ai.paused = true;
  } else if (review.held) {
    review.held = false;
    ai.paused = false;
  }
  render(state); // the board animates the step, forwards or backwards
  say(
    target === 0
      ? t("review.start", { total })
      : t("review.at", { n: target, total, color: colorName(state.movers[target - 1]), action: state.moves[target - 1] }),
  );
}

ui.moves.addEventListener("click", (event) => {
  const cell = event.target instanceof Element ? event.target.closest("button.ply[data-ply]") : null;
  if (cell instanceof HTMLElement) gotoPly(Number(cell.dataset.ply));
});

/** @type {{ [key: string]: (view: Bridge.View) => number }} the ply each key steps to */
const REVIEW_KEYS = {
  ArrowLeft: (view) => view.moves.length - 1,
  ArrowRight: (view) => view.moves.length + 1,
  Home: () => 0,
  End: (view) => view.moves.length + view.future.length,
};

// ←/→/Home/End step through the game when the move list or the page outside
// the board has the focus (the board's own arrow keys move its cursor).
document.addEventListener("keydown", (event) => {
  const key = REVIEW_KEYS[event.key];
  if (!key || !view || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (document.querySelector("dialog[open]")) return;
  const target = event.target;
  const outside = target === document.body || target === document.documentElement;
  const inList = target instanceof Element && !!target.closest(".moves-box");
  const plainButton =
    target instanceof Element &&
    target.matches("button, a") &&
    !target.closest('[role="grid"], [role="application"], [role="toolbar"], dialog');
  if (!outside && !inList && !plainButton) return;
  event.preventDefault();
  gotoPly(key(view));
  if (!inList) return;
  const current = /** @type {HTMLElement | null} */ (ui.moves.querySelector('[aria-current="step"]'));
  current?.focus({ preventScroll: true });
});

// Playing from an earlier position drops the later moves: the page asks first
// (web/js/discard.js, shared with Tor's page).
const discard = new Discard({
  play: (text, branch) => {
    review.active = false;
    review.held = false;
    ai.paused = false;
    if (branch) {
      branchFromHere({
        snapshot: () => call("snapshot"),
        restore: (text) => call("restore", text),
        detach: () => library.detach(),
        show: render,
        tell,
      });
    }
    if (text) play(text);
  },
  keep: () => {
    if (view) render(view); // the board shows the position as it was
  },
  view: () => view,
});

/**
 * @param {string} text
 * @param {Bridge.View} state the position shown
 */
function askDiscard(text, state) {
  discard.ask(text, { later: state.future.length, branch: lookingBack(state) });
}

// -- clicks while the computer thinks ----------------------------------------------

/** Why the board takes no move now: the computer's turn, or a friend's; "" when it takes one. */
function computerTurnWords() {
  if (!python.ready || !view) return "";
  const notYours = corr.notYours(view);
  if (notYours) return notYours; // a game by link: the other colour is played elsewhere
  if (view.over || !ai.isAiTurn(view)) return "";
  return ai.paused ? t("msg.computerPaused") : t("msg.computerThinking");
}

/** The board takes no move on the computer's turn, or a friend's: say why instead of nothing. */
function computerTurnNote() {
  const words = computerTurnWords();
  if (words) say(words);
}

// A tap before the game is ready is kept and played once it is (web/js/early-taps.js):
// on the empty board of a new game, the one drawn before Python and the one a
// newcomer gets, or on the kept game that comes back, drawn as it was last
// shown; not when a link's game will be shown instead.
const early = new EarlyTaps({
  board,
  ready: () => python.ready,
  drawn: () => (location.hash.length > 1 ? null : START),
  draw: (text, turned) => {
    const position = parsePosition(text);
    if (!position) return false;
    board.set({ stacks: position.stacks, last: position.last });
    links.flipper.show(turned);
    return true;
  },
  kind: GAMES.mixtour,
  squareName,
  say,
  blocked: computerTurnWords,
});
early.paint(); // the kept game that comes back, if one does, drawn before Python
// The engine worker starts now when the computer will play; else when a
// computer takes a seat or a hint or a review first asks for it.
if (early.computerComing(start.choice.remembered())) ai.start();

ui.canvas.addEventListener("pointerdown", (event) => {
  if (event.isPrimary && event.button <= 0) computerTurnNote();
});
ui.canvas.addEventListener("keydown", (event) => {
  if (event.key === "Enter" || event.key === " " || /^[1-4]$/.test(event.key)) computerTurnNote();
});


/**
 * A change of the game the log should tell too: shown, and told once (by the log).
 * @param {string} text
 */
function tell(text) {
  say(text, { spoken: false });
  textPlay.event(text);
}

// -- buttons and the new-game dialog ---------------------------------------------

function undo() {
  if (!python.ready || view?.corr) return;
  endReview();
  // Against the computer, its reply is taken back too (web/js/ai.js).
  const { state, actions } = ai.step("undo");
  render(state);
  if (actions.length) tell(t("msg.undone", { action: actions.join(" ") }));
}

function redo() {
  if (!python.ready || view?.corr) return;
  endReview();
  const { state, actions } = ai.step("redo");
  render(state);
  if (actions.length) tell(t("msg.redone", { action: actions.join(" ") }));
}

ui.undoButton.addEventListener("click", undo);
ui.redoButton.addEventListener("click", redo);

/** Undo, redo or a new game: the ordinary flow again (a held computer plays on). */
function endReview() {
  review.active = false;
  if (review.held) {
    review.held = false;
    ai.paused = false;
  }
}

ui.passButton.addEventListener("click", () => {
  if (python.ready) play("pass");
});

function openNewGame() {
  if (!python.ready) return;
  const players = view ? view.players : 2;
  formPlayers().value = String(players);
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
  const target = /** @type {HTMLInputElement} */ (event.target);
  if (target.name === "players" && !ui.discs.dataset.edited) {
    ui.discs.value = String(call("rules").defaultDiscs[target.value]);
  }
});

/** The new-game form's choice of players (radio buttons). */
function formPlayers() {
  return /** @type {RadioNodeList} */ (ui.form.elements.namedItem("players"));
}

ui.form.addEventListener("submit", (event) => {
  const submitter = /** @type {HTMLButtonElement | null} */ (event.submitter);
  if (submitter && submitter.value === "cancel") return; // closes the dialog
  event.preventDefault();
  if (!ui.form.reportValidity()) return;
  const players = Number(formPlayers().value);
  const discs = Number(ui.discs.value);
  const target = Number(ui.targetInput.value);
  const state = newGame(players, ai.readSeats(players), { discs, target });
  if (!state) return;
  ui.dialog.close();
  start.hide();
  tell(t("msg.newGame", { players, discs, target }));
  ui.canvas.focus({ preventScroll: true });
});

/**
 * Start a game with these seats ({w: 0, r: 2}: 0 = human, 1-6 = computer
 * level); the usual discs and one point unless given. Returns the state, or
 * null when the engine refuses the settings (the form says why).
 * @param {number} players
 * @param {Seats} seats
 * @param {{ discs?: number | null, target?: number }} [settings]
 * @returns {Bridge.View | null}
 */
function newGame(players, seats, { discs = null, target = 1 } = {}) {
  const count = discs ?? call("rules").defaultDiscs[String(players)];
  const answer = call("new_game", players, count, target);
  if (!answer.ok || !answer.state) {
    ui.formError.textContent = answer.message ?? "";
    return null;
  }
  endReview();
  board.cancel();
  ai.setSeats(seats, { refresh: false });
  start.turnToPlayer(answer.state);
  renderOther(answer.state);
  return answer.state;
}

// A press anywhere off the board drops the lifted discs (buttons act anyway).
document.addEventListener("pointerdown", (event) => {
  if (event.target !== ui.canvas && !ui.dialog.open) board.cancel();
});

// -- start-up ---------------------------------------------------------------------

pageChrome();
settingsDialog($("#open-settings"), $("#settings-dialog"));
heightsSetting(/** @type {HTMLInputElement} */ ($("#setting-heights")));
soundSetting(/** @type {HTMLInputElement} */ ($("#sound-on")));
ui.newButton.disabled = true;
board.requestRedraw();
python.connect({
  loading: ui.loading,
  canvas: ui.canvas,
  status: ui.status,
  offline: {}, // offline play (web/js/offline.js), after the first load
  ready() {
    render(call("state"));
    links.start(); // shows the game of the address bar's link, if any
    library.start(); // restores this tab's game, or keeps it reachable beside the link's
    // A refused game by link with no local game to fall back on: the player's game by link.
    if (links.refused && !library.id) corr.bringBack();
    // A newcomer (no saved game, no link) sees the start panel, or after a tap the game it offers first.
    start.start(/** @type {Bridge.View} */ (view), { tapped: early.waiting });
    // The message line is never an empty box: with nothing else to say, it
    // says the last move, or what the new game is.
    if (view && !ui.message.textContent) {
      const last = view.moves.length - 1;
      say(
        last >= 0
          ? t("msg.played", { color: colorName(view.movers[last]), action: view.moves[last] })
          : t("msg.newGame", { players: view.players, discs: view.discs, target: view.target }),
      );
    }
    ui.newButton.disabled = false;
    early.flush(); // what was tapped before now is played, or the line says why not
  },
});
