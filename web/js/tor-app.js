// @ts-check
// Tor's game page (web/tor.html): the board (web/js/tor/), the turn in
// steps, refusals explained, the move list (click a move to see the position
// after it), undo and redo, a new game against the computer, a friend or the
// computer against itself (standard or random layout), links, the saved
// game, a hint, a friend by link (web/js/corr.js), the game review
// (web/js/game-review.js), and play without sight: the text board, the
// command box and the log (web/js/textplay.js with Tor's part,
// web/js/tor/text.js), as on Mixtour's page; and with Mixtour's page's own
// modules, Flip board (flip.js), Download image (files.js), Rematch
// (rematch.js), the question before a turn from an earlier position
// drops the later ones, a new game from a finished one looked back at
// (discard.js), and the Embed dialog (embed-dialog.js).
//
// Python (web/py/page_main.py, the "tor" surface) publishes Tor's bridge as
// window.torPython; everything a rule decides comes from it. Contract for the tests:
//   body[data-painted="1"]  the board is drawn (before Python is loaded)
//   body[data-ready="1"]    Python is ready and the page takes input
//   #board[data-kept]       squares tapped before that, kept to be played then (web/js/early-taps.js)
//   #board[data-position]   the position string (T7), [data-status] the outcome code
//   body[data-ai]           loading | ready | error once a game has a computer in it,
//                           or at ready when the player chose the computer last time
//   body[data-save], body[data-game-id], #open-games: Your games (web/js/library.js),
//                           shared with Mixtour's page
//   #start, body[data-start], body[data-choosing]: the first screen's choice (web/js/start-choice.js)
//   #corr[data-state], body[data-corr], #corr-link: a game by link (web/js/corr.js)
//   #moves button.ply[data-ply]  a move (the position after it: ply n); [aria-current="step"] the one shown
//   body[data-review], #moves button.ply[data-review], #review-summary td[data-color][data-kind],
//   #board[data-review-best]: the game review (web/js/game-review.js)

import { ComputerLock } from "./computer-lock.js";
import { Corr, isCorrLink } from "./corr.js";
import { Discard, branchFromHere, lookingBack } from "./discard.js";
import { EarlyTaps } from "./early-taps.js";
import { EmbedDialog } from "./embed-dialog.js";
import { Files } from "./files.js";
import { Flip } from "./flip.js";
import { GameReview } from "./game-review.js";
import { t } from "./i18n.js";
import { Library } from "./library.js";
import { GAMES } from "./library-games.js";
import { $, messageLine, pageChrome, Python } from "./page.js";
import { pref, setPref, settingsDialog } from "./prefs.js";
import { offerRematch } from "./rematch.js";
import { sound, soundSetting } from "./sound.js";
import { StartChoice } from "./start-choice.js";
import { TextPlay } from "./textplay.js";
import { showThinking } from "./thinking.js";
import { showMovesHead } from "./moves-head.js";
import { TorBoard } from "./tor/tor-board.js";
import { TorComputer } from "./tor/computer.js";
import { playedGame } from "./engine/client.js";
import { showUnavailable } from "./engine/unavailable.js";
import { readPosition, squareName, START } from "./tor/position.js";
import { torText } from "./tor/text.js";
import { colourName, playerName, torLinkProblems, refusalText } from "./tor/words.js";

const SETUP_KEY = "tor.setup";
const LEVELS = GAMES.tor.levels; // one list, kept with the game's other parts in library-games.js
const HINT_LEVEL = 3;

pageChrome();

const python = new Python("torPython");
const call = /** @type {Bridge.TorCall} */ (python.call);
/** @type {HTMLCanvasElement} */
const canvas = $("#board");
const { say } = messageLine($("#message"));

const ui = {
  turn: $("#turn"),
  status: $("#status"),
  hint: $("#hint"),
  hintButton: /** @type {HTMLButtonElement} */ ($("#hint-button")),
  undo: /** @type {HTMLButtonElement} */ ($("#undo")),
  redo: /** @type {HTMLButtonElement} */ ($("#redo")),
  newGame: /** @type {HTMLButtonElement} */ ($("#new-game")),
  moves: $("#moves"),
  movesHead: $("#moves-head"),
  seats: $("#seats"),
  result: $("#result"),
  resultText: $("#result-text"),
  problems: $("#link-problems"),
  problemList: $("#link-problem-list"),
  dialog: /** @type {HTMLDialogElement} */ ($("#new-game-dialog")),
  form: /** @type {HTMLFormElement} */ ($("#new-game-form")),
  level: /** @type {HTMLSelectElement} */ ($("#new-level")),
  side: /** @type {HTMLFieldSetElement} */ ($("#new-side")),
  copied: $("#copied-link"),
  copiedText: /** @type {HTMLInputElement} */ ($("#copied-link-text")),
  /** @type {HTMLAnchorElement[]} the links to the analysis board (web/js/tor-analysis.js) */
  analyse: [$("#open-analysis"), $("#result-analyse")],
};

/** @type {Bridge.TorView | null} */
let view = null;

const board = new TorBoard(canvas, {
  onPlay: (action) => play(action),
  onIllegal: (attempt) => refuse(attempt.text),
  onSelect: (selection) => {
    showHint();
    textPlay.selectionChanged(selection);
  },
  onCancel: () => showHint(),
  // The keyboard's cursor, told to screen readers: the square and what stands on it.
  onCursor: (square) => textPlay.cursorAt(square),
});

// Which tab plays the computer of a game open in several (web/js/computer-lock.js).
const lock = new ComputerLock(() => {
  if (view) computer.follow(view);
  showComputer();
});

// A move clicked in the list: the position after it is shown, and the
// computer waits there (it plays on at the end of the game, or after Redo).
let browsing = false;
/** @type {"move" | "hint" | null} what the computer searches now */
let searching = null;

const computer = new TorComputer({
  mine: () => lock.mine,
  browsing: () => browsing,
  game: () => playedGame(call("snapshot")),
  view: () => view,
  say: (text) => say(text),
  // The words follow the pictures: the computer's action is played (and told)
  // once the board has shown the step before it, if the game is still where it was.
  play: (action) => {
    const at = view?.fen;
    void board.whenStill().then(() => {
      if (view?.fen === at) play(action);
    });
  },
  thinking: (kind) => {
    searching = kind;
    canvas.toggleAttribute("data-thinking", !!kind);
    showComputer();
  },
  // The client gave up (web/js/engine/client.js): the same box as Mixtour's
  // page, under words without its Resume button.
  failed: (error) => {
    say(t("msg.aiFailed", { error }));
    showUnavailable({
      retry: () => {
        computer.engine.retry();
        if (view) computer.follow(view);
      },
      humans: () => {
        computer.seats = { w: 0, b: 0 };
        if (view) render(view);
        say(t("msg.aiHumans"));
      },
    });
  },
  hinted: (action) => {
    canvas.dataset.hint = action;
    board.set({ hint: action });
    say(t("tor.msg.hint", { action }));
  },
});

// The game review (web/js/game-review.js): Tor's part is White and Black, its
// view, and the better move drawn as the hint's arrow (unless a hint has the board).
const gameReview = new GameReview(
  {
    name: "tor",
    colors: ["w", "b"],
    colorName: playerName,
    glance: (/** @type {Bridge.TorView} */ state) => ({ actions: state.moves, ply: state.ply, players: 2 }),
    showBest: (best) => {
      if (canvas.dataset.hint) return false;
      board.set({ hint: best });
      return true;
    },
  },
  { engine: computer.engine, snapshot: () => call("snapshot"), view: () => view, goto: gotoPly, say },
);

// -- drawing --------------------------------------------------------------------

/**
 * The position drawn before Python when the game will have it once ready,
 * for a tap meanwhile to be kept (web/js/early-taps.js); null when the page
 * cannot be sure (a link whose position is not drawn, a saved game to come back).
 * @type {string | null}
 */
let earlyPosition = null;

/** The board before Python: the position of the link (at= or p=) if it reads, else the start. */
function paintEarly() {
  const params = new URLSearchParams(location.hash.slice(1));
  const shown = (params.get("at") ?? (params.has("m") ? null : params.get("p")))?.replaceAll("_", " ");
  try {
    if (shown) readPosition(shown);
    board.set(shown ? { position: shown } : {});
    // The standard layout is the game's only without a link and without a saved game.
    earlyPosition = shown ?? (location.hash.length > 1 ? null : START);
  } catch {
    board.set({});
  }
  document.body.dataset.painted = "1";
}

/**
 * Show a state of the game; `played` when it follows the action just played (animated).
 * @param {Bridge.TorView} state
 * @param {{played?: boolean}} [how]
 */
function render(state, { played = false } = {}) {
  view = state;
  // In a game by link only the side played here moves, at the end of the game.
  const human = !computer.plays(state) && corr.mayMove(state);
  board.publish({ position: state.fen, status: state.status });
  board.set({
    position: state.fen,
    legal: human ? state.legal : [],
    last: played ? state.last : null,
    hint: null,
    interactive: human && !state.over,
  });
  delete canvas.dataset.hint;
  const player = playerName(state.turn);
  ui.status.dataset.turn = state.turn;
  ui.status.textContent = state.over
    ? t(`tor.result.${state.status}`)
    : state.hand
      ? t("tor.turnHand", { player, colour: colourName(state.hand) })
      : t("tor.turn", { player });
  // The result replaces the turn card, as on Mixtour's page.
  ui.result.hidden = !state.over;
  ui.turn.hidden = state.over;
  ui.resultText.textContent = t(`tor.result.${state.status}`);
  // A move of a game by link is the friend's to answer: no undo, and no engine help.
  ui.undo.disabled = !state.canUndo || !!state.corr;
  ui.redo.disabled = !state.canRedo || !!state.corr;
  ui.hintButton.disabled = state.over || !human || !!state.corr;
  discard.showBranch(state, computer.plays(state));
  showMoves(state);
  showHint();
  showComputer();
  showSeats();
  textPlay.update(state);
  corr.update(state);
  writeLink();
  library.update();
  gameReview.update(state); // after the board's hint was cleared: the review's arrow
}

/** The line under the turn that says what to click now. */
function showHint() {
  const state = view;
  if (!state || state.over) {
    ui.hint.textContent = "";
    return;
  }
  if (document.body.dataset.choosing) {
    ui.hint.textContent = t("hint.choose"); // the first screen's choice lies over the board
    return;
  }
  if (computer.plays(state)) {
    // A finished game looked back at stays as it ended: the computer plays
    // on only in a new game ("Play on from here").
    const why = lookingBack(state) ? "ai.lookingBack" : browsing ? "tor.step.browsing" : "tor.step.wait";
    ui.hint.textContent = t(why);
    return;
  }
  const notYours = corr.notYours(state);
  if (notYours) {
    ui.hint.textContent = notYours; // a game by link: the friend moves in their browser
    return;
  }
  const selection = board.state.selection;
  let text = t("tor.step.pawn");
  if (state.placing) text = t("tor.step.place");
  else if (selection && selection.to !== null && state.hand) {
    text = t("tor.step.token", { colour: colourName(state.hand) });
  } else if (selection) text = t("tor.step.to");
  ui.hint.textContent = text;
}

/**
 * The line under the turn that says what the computer does (web/js/thinking.js,
 * as on Mixtour's page): whose move it thinks of, a hint it looks for, or why
 * it waits (a finished game looked back at, another tab plays it).
 */
function showComputer() {
  const state = view;
  showThinking({
    kind: searching,
    player: state ? playerName(state.turn) : "",
    lookingBack: !!state && lookingBack(state),
    elsewhere: !!state && computer.plays(state) && !lock.mine,
  });
}

/**
 * The move list: a button per action (White's, then Black's, a row a
 * round), the one shown marked, those undone or stepped back over greyed.
 * @param {Bridge.TorView} state
 */
function showMoves(state) {
  showMovesHead(ui.movesHead, ["w", "b"], playerName);
  const items = [];
  for (let i = 0; i < state.moves.length; i += 2) {
    const li = document.createElement("li");
    const number = document.createElement("span");
    number.className = "move-number";
    number.textContent = `${i / 2 + 1}.`;
    li.append(number);
    for (const ply of [i, i + 1]) {
      if (ply >= state.moves.length) break;
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = ply >= state.ply ? "ply undone" : "ply";
      cell.dataset.ply = String(ply + 1);
      cell.dataset.color = state.movers[ply];
      cell.textContent = state.moves[ply];
      const player = playerName(state.movers[ply]);
      cell.setAttribute("aria-label", t("moves.cell", { color: player, action: state.moves[ply], n: ply + 1 }));
      if (ply === state.ply - 1) cell.setAttribute("aria-current", "step");
      li.append(cell);
    }
    items.push(li);
  }
  ui.moves.replaceChildren(...items);
  ui.moves.dataset.count = String(state.ply);
  const box = ui.moves.closest(".moves-scroll");
  const current = ui.moves.querySelector('[aria-current="step"]');
  if (box && current instanceof HTMLElement && state.ply < state.moves.length) {
    current.scrollIntoView({ block: "nearest" });
  } else if (box) box.scrollTop = box.scrollHeight;
}

/**
 * Who plays a side: a level of the computer, a person, or in a game by link the player's name.
 * @param {string} side
 */
function seatLabel(side) {
  if (view?.corr) return corr.playerLabel(side); // a game by link: "Ann (you) against Black"
  return computer.seats[side] ? t("tor.level", { level: computer.seats[side] }) : t("tor.person");
}

/**
 * Show the position after `ply` actions (a move or the review's graph clicked).
 * @param {number} ply
 */
function gotoPly(ply) {
  if (!python.ready || !view) return;
  const target = Math.max(0, Math.min(view.moves.length, ply));
  if (target === view.ply) return;
  board.cancel();
  /** @type {Bridge.TorView} */
  const state = call("goto", target);
  browsing = state.canRedo;
  render(state);
  computer.follow(state); // back at the end: the computer's turn, if it is
  say(
    target === 0
      ? t("review.start", { total: state.moves.length })
      : t("review.at", {
          n: target,
          total: state.moves.length,
          color: playerName(state.movers[target - 1]),
          action: state.moves[target - 1],
        }),
  );
}

ui.moves.addEventListener("click", (event) => {
  const cell = event.target instanceof Element ? event.target.closest("button.ply[data-ply]") : null;
  if (cell instanceof HTMLElement) gotoPly(Number(cell.dataset.ply));
});

// A turn played from an earlier position drops the later ones: the page asks
// first (web/js/discard.js, as on Mixtour's page). A finished game looked
// back at stays as it ended: a turn from there, or "Play on from here" on
// the computer's turn, starts a new game from the position shown.
const discard = new Discard({
  play: (text, branch) => {
    browsing = false;
    if (branch) {
      branchFromHere({
        snapshot: () => call("snapshot"),
        restore: (saved) => call("restore", saved),
        detach: () => library.detach(),
        show: (state) => changed(state),
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

function showSeats() {
  ui.seats.textContent = t("tor.seats", { white: seatLabel("w"), black: seatLabel("b") });
  canvas.dataset.seats = `w${computer.seats.w ?? 0}b${computer.seats.b ?? 0}`;
}

// -- playing --------------------------------------------------------------------

/**
 * Play an action (from the board, the computer or the command box).
 * @param {string} action
 * @returns {boolean} whether it was played
 */
function play(action) {
  // An action chosen (or typed) while the first screen's choice shows: the
  // player plays here, two at this screen, and the page says so before the action.
  if (choice.shown) choice.choose("friends", { focus: false });
  if (browsing && view?.canRedo && !view.corr && !computer.plays(view)) {
    discard.ask(action, { later: view.moves.length - view.ply, branch: lookingBack(view) });
    return false;
  }
  const before = view;
  /** @type {Bridge.TorPlayed} */
  const answer = call("play", action);
  if (!answer.ok || !answer.state) {
    sound("illegal");
    say(refusalText(action, answer.reason));
    canvas.dataset.refused = answer.reason?.id ?? "";
    return false;
  }
  changed(answer.state, { played: true });
  sound(answer.state.over ? "win" : "move"); // when the player turned sounds on (Settings)
  const player = playerName(answer.state.turn === "w" ? "b" : "w");
  say(t("tor.msg.played", { player, action: answer.action }), { spoken: false }); // the log tells it in words
  if (before) textPlay.played(before, answer.state);
  corr.played(answer.state); // a game by link: kept, and its link offered to send
  return true;
}

/**
 * A change of the game the log should tell too: shown, and told once (by the log).
 * @param {string} text
 */
function tell(text) {
  say(text, { spoken: false });
  textPlay.event(text);
}

/**
 * A click the rules refuse: the engine says why.
 * @param {string} attempt
 */
function refuse(attempt) {
  /** @type {Bridge.TorExplained} */
  const answer = call("explain", attempt);
  if (!answer.reason) return;
  sound("illegal");
  canvas.dataset.refused = answer.reason.id;
  say(refusalText(attempt, answer.reason));
}

/**
 * The game changed: show it, and let the computer move if it is its turn.
 * @param {Bridge.TorView} state
 * @param {{played?: boolean}} [how]
 */
function changed(state, how = {}) {
  browsing = false;
  computer.changed();
  render(state, how);
  computer.follow(state);
}

// -- Your games and links ----------------------------------------------------------

// "Flip board" (web/js/flip.js, as on Mixtour's page): Black's side at the
// bottom; the link says flip=1 and Your games keeps it (the library listens to the button too).
const flip = new Flip(board, () => writeLink());

/** What the address bar's link asked for, as the library reads it. */
const linked = {
  /** @type {Seats | null} */
  seats: null,
  refused: false,
};

// Every game played or opened, kept with Mixtour's in one library (web/js/library.js).
const library = new Library(
  {
    snapshot: () => call("snapshot"),
    state: () => call("state"),
    restore: (text) => call("restore", text),
    render: (state) => changed(state),
    say,
    ai: {
      get seats() {
        return computer.seats;
      },
      // A finished game looked back at is kept as it ended.
      get browsing() {
        return !!view && lookingBack(view);
      },
      setSeats: (seats) => {
        computer.seats = seatsFrom(seats);
      },
    },
    links: linked,
    flip,
    view: () => view,
    lock,
  },
  GAMES.tor,
);

/**
 * Seats from saved or linked data: a level 1-6 per side, else 0.
 * @param {unknown} value
 */
function seatsFrom(value) {
  const seats = { w: 0, b: 0 };
  if (value && typeof value === "object") {
    for (const side of /** @type {const} */ (["w", "b"])) {
      const level = Number(/** @type {{[k: string]: unknown}} */ (value)[side]);
      if (LEVELS.includes(level)) seats[side] = level;
    }
  }
  return seats;
}

/** @returns {string} the computer's seats as link text ("b3"), or "" */
function seatText() {
  return ["w", "b"].map((side) => (computer.seats[side] ? `${side}${computer.seats[side]}` : "")).join("");
}

/** The address bar shows the game (no history entry per move), a game by link as its link. */
function writeLink() {
  const fragment = corr.fragment() || call("link", true, seatText(), false, flip.flip).fragment;
  history.replaceState(null, "", `#${fragment}`);
  lastHash = location.hash;
  // The analysis board opens this game at the move shown (its position drawn first: at=).
  const analysis = `./tor-analysis.html#${call("link", true, "", true, flip.flip).fragment}`;
  for (const link of ui.analyse) link.href = analysis;
}

let lastHash = "";

/** @param {string} fragment */
function loadLink(fragment) {
  if (isCorrLink(fragment)) {
    // A game by link: checked, kept and shown by web/js/corr.js; a refused
    // one leaves the board (and everything kept) as it was.
    showProblems([]);
    choice.hide();
    linked.refused = !corr.open(fragment);
    writeLink();
    return;
  }
  linked.refused = false;
  /** @type {Bridge.TorLoadedLink} */
  const answer = call("load_link", fragment);
  let seats = seatsFrom(answer.seats);
  if (answer.ai) seats = { w: 0, b: 0, [answer.state.turn === "w" ? "b" : "w"]: answer.ai };
  computer.seats = seats;
  linked.seats = seats;
  flip.show(answer.flip);
  showProblems(torLinkProblems(answer));
  choice.hide(); // a link is a game: no first-screen choice over it
  changed(answer.state);
}

/** @param {string[]} lines */
function showProblems(lines) {
  ui.problemList.replaceChildren(
    ...lines.map((line) => {
      const li = document.createElement("li");
      li.textContent = line;
      return li;
    }),
  );
  ui.problems.hidden = lines.length === 0;
}

// "Embed" (web/js/embed-dialog.js, as on Mixtour's page): the code of Tor's
// embed page (tor-embed.html) showing the game, or the position, on the board.
new EmbedDialog(
  {
    get ready() {
      return python.ready;
    },
    fragment: (wholeGame, preview) => call("link", wholeGame, "", preview, flip.flip).fragment,
  },
  say,
  GAMES.tor.embed,
);

/** @param {boolean} wholeGame */
async function copyLink(wholeGame) {
  /** @type {Bridge.Fragment} */
  const link = call("link", wholeGame, seatText(), false, flip.flip);
  const url = new URL(`#${link.fragment}`, location.href).href;
  ui.copiedText.value = url;
  ui.copied.hidden = false;
  try {
    await navigator.clipboard.writeText(url);
    say(t("tor.msg.copied"));
  } catch {
    ui.copiedText.focus();
  }
}

// Games with a friend by link (web/js/corr.js), kept apart from the library's.
const corrForm = /** @type {HTMLFormElement} */ ($("#corr-form"));
/** @type {Corr<Bridge.TorView>} */
const corr = new Corr({
  game: GAMES.tor,
  call: /** @type {Bridge.CorrCall<Bridge.TorView>} */ (/** @type {unknown} */ (call)),
  render: (state) => changed(state),
  say: (text) => tell(text),
  humans: () => {
    computer.seats = { w: 0, b: 0 };
  },
  library,
  hideStart: () => choice.hide(),
  // Tor asks only for the layout before the side and the name.
  setup: {
    sync() {},
    args: () => [new FormData(corrForm).get("corr-layout") === "random" ? "random" : "standard"],
  },
});

// -- new game ------------------------------------------------------------------

function openNewGame() {
  matchChoices();
  ui.dialog.returnValue = ""; // close() without an answer keeps the last one: a closing by other means starts nothing
  ui.dialog.showModal();
}

/** Only what applies to the chosen opponent is offered: no level for two
 * people, no side when nobody or everybody is the computer. */
function matchChoices() {
  const opponent = new FormData(ui.form).get("opponent");
  ui.level.disabled = opponent === "friend";
  ui.side.disabled = opponent !== "computer";
}

/** Start the game the new-game form describes. */
function startFromForm() {
  const data = new FormData(ui.form);
  const opponent = String(data.get("opponent"));
  // Read from the controls, not the form data, which leaves out a disabled
  // control: the level and side are kept for the next game either way.
  const level = Number(ui.level.value) || 1;
  const checked = ui.form.querySelector("input[name=side]:checked");
  const side = checked instanceof HTMLInputElement ? checked.value : "w";
  const seed = data.get("layout") === "random" ? Math.floor(Math.random() * 2 ** 31) : -1;
  computer.seats =
    opponent === "friend"
      ? { w: 0, b: 0 }
      : opponent === "demo"
        ? { w: level, b: level }
        : { w: side === "w" ? 0 : level, b: side === "b" ? 0 : level };
  try {
    localStorage.setItem(SETUP_KEY, JSON.stringify({ opponent, level, side }));
  } catch {
    // not kept: the form starts from its defaults next time
  }
  showProblems([]);
  library.detach(); // the game on the board stays in Your games
  changed(call("new_game", seed));
  tell(t("tor.msg.newGame", { white: seatLabel("w"), black: seatLabel("b") }));
}

function fillForm() {
  ui.level.replaceChildren(
    ...LEVELS.map((level) => new Option(t("tor.level", { level }), String(level))),
  );
  let setup = { opponent: "computer", level: 1, side: "w" };
  try {
    setup = { ...setup, ...JSON.parse(localStorage.getItem(SETUP_KEY) ?? "{}") };
  } catch {
    // the defaults
  }
  ui.level.value = String(LEVELS.includes(setup.level) ? setup.level : 1);
  for (const [name, value] of Object.entries({ opponent: setup.opponent, side: setup.side })) {
    const input = ui.form.querySelector(`input[name="${name}"][value="${value}"]`);
    if (input instanceof HTMLInputElement) input.checked = true;
  }
}

// -- the first screen: how to play, before the board takes a move -----------------

/**
 * A new game on the standard layout with these seats, and its words.
 * @param {{w: number, b: number}} seats
 * @param {string} words
 */
function startWith(seats, words) {
  computer.seats = seats;
  showProblems([]);
  library.detach(); // the game on the board stays in Your games
  changed(call("new_game", -1));
  tell(words);
  return true;
}

// The result's Rematch (web/js/rematch.js), as on Mixtour's page: the sides
// swapped, the computer at the same level, on the same layout.
offerRematch({
  colors: () => (python.ready && view ? ["w", "b"] : null),
  level: (side) => computer.seats[side] ?? 0,
  start: (seats) => {
    /** @type {Bridge.TorSnapshot} */
    const game = call("snapshot");
    const fresh = { version: game.version, game: game.game, start: game.start, actions: [], ply: 0 };
    /** @type {Bridge.TorLoaded} */
    const answer = call("restore", JSON.stringify(fresh));
    if (!answer.ok || !answer.state) return false;
    computer.seats = seatsFrom(seats);
    showProblems([]);
    library.detach(); // the finished game stays in Your games
    changed(answer.state);
    return true;
  },
  colorName: playerName,
  tell: (text) => tell(text),
  canvas,
});

const choice = new StartChoice({
  prefs: "tor.start",
  levels: LEVELS,
  levelName: (level) => t("tor.start.level", { level }),
  defaultLevel: 1,
  canvas,
  computer: (level) => startWith({ w: 0, b: level }, t("tor.msg.computerStarted", { level })),
  friends: () => startWith({ w: 0, b: 0 }, t("tor.msg.friendsStarted")),
  changed: () => showHint(),
});
$("#start-more").addEventListener("click", () => {
  choice.hide();
  openNewGame();
});

// -- play without sight ----------------------------------------------------------

// The text board, the command box, the log and the Keys help (web/js/textplay.js
// with Tor's part, web/js/tor/text.js), as on Mixtour's page. Typed or chosen
// there, an action is played as from the canvas; on the computer's turn, or the
// friend's in a game by link, it is refused with words.
const textPlay = new TextPlay({
  game: torText(call),
  board,
  view: () => view,
  play: (text) => {
    play(text);
  },
  undo: () => step("undo"),
  redo: () => step("redo"),
  blocked: () => notYourTurn(),
});

/** Why the board takes no move now: the computer's turn, or a friend's in a game by link; "" when it takes one. */
function notYourTurn() {
  if (!view) return "";
  const notYours = corr.notYours(view);
  if (notYours) return notYours;
  return computer.plays(view) ? t("a11y.computerTurn", { color: playerName(view.turn) }) : "";
}

// A tap before the game is ready is kept and played once it is (web/js/early-taps.js),
// on the position drawn before Python when the game will have it (paintEarly).
const early = new EarlyTaps({
  board,
  ready: () => python.ready,
  drawn: () => earlyPosition,
  draw: (position, turned) => {
    try {
      readPosition(position);
    } catch {
      return false;
    }
    board.set({ position });
    flip.show(turned);
    return true;
  },
  kind: GAMES.tor,
  squareName,
  say,
  blocked: notYourTurn,
});

// -- wiring --------------------------------------------------------------------

/**
 * Take back (or play again) one action, and against the computer as many
 * more as bring the player's own turn back; the log tells which.
 * @param {"undo" | "redo"} way
 */
function step(way) {
  if (!python.ready || !view || view.corr) return; // a game by link: a move made is the friend's
  const from = view.ply;
  let state = call(way);
  while (computer.plays(state) && state[way === "undo" ? "canUndo" : "canRedo"]) state = call(way);
  changed(state);
  const actions = state.moves.slice(Math.min(from, state.ply), Math.max(from, state.ply));
  if (actions.length) tell(t(way === "undo" ? "msg.undone" : "msg.redone", { action: actions.join(" ") }));
}

ui.undo.addEventListener("click", () => step("undo"));
ui.redo.addEventListener("click", () => step("redo"));
ui.newGame.addEventListener("click", openNewGame);
ui.form.addEventListener("change", matchChoices);
$("#result-new-game").addEventListener("click", openNewGame);
ui.dialog.addEventListener("close", () => {
  if (ui.dialog.returnValue !== "start") return;
  choice.hide();
  startFromForm();
});
ui.hintButton.addEventListener("click", () => computer.hint(HINT_LEVEL));
$("#link-problems-close").addEventListener("click", () => showProblems([]));
$("#copy-position-link").addEventListener("click", () => copyLink(false));
$("#copy-game-link").addEventListener("click", () => copyLink(true));
window.addEventListener("hashchange", () => {
  if (python.ready && location.hash !== lastHash) loadLink(location.hash);
});
settingsDialog($("#open-settings"), $("#settings-dialog"));
soundSetting(/** @type {HTMLInputElement} */ ($("#sound-on"))); // off until turned on, as on Mixtour's page
// "Download image" (mixtour/tor/svg.py's picture, turned like the board),
// "Download record" and "Load record" (web/js/files.js), as on Mixtour's page.
new Files({
  name: "tor",
  svg: (flipped) => call("svg", flipped, true).svg,
  flipped: () => flip.flip,
  fen: () => call("state").fen, // the editor link (tor-editor.html) opens on the position shown
  record: () => call("record").record,
  loadRecord: (text) => call("load_record", text),
  render: (state) => {
    computer.seats = { w: 0, b: 0 }; // a record's game is played on between people
    library.detach(); // the game on the board stays in Your games
    choice.hide();
    showProblems([]);
    changed(state);
  },
  say,
  ready: () => python.ready,
});

// The rules in three lines stay folded once the player folds them.
const summary = /** @type {HTMLDetailsElement} */ ($("#rules-summary"));
summary.open = pref("torRulesSummary", "open") !== "closed";
summary.addEventListener("toggle", () => setPref("torRulesSummary", summary.open ? "open" : "closed"));
fillForm();
paintEarly();
early.paint(); // the kept game that comes back, if one does, drawn instead
// The engine worker starts now when the computer will play (early-taps.js).
if (early.computerComing(choice.remembered())) computer.start().catch(() => {});

// New game asks the engine for its start: it waits for Python, as on Mixtour's page.
ui.newGame.disabled = true;
python.connect({
  loading: $("#loading"),
  canvas,
  status: ui.status,
  label: "tor.board",
  loadingLabel: "tor.boardLoading",
  offline: { offerUpdates: true },
  ready: () => {
    const opened = location.hash.length > 1; // (the page writes its own link from now on)
    if (opened) loadLink(location.hash);
    else render(call("state"));
    library.start(); // this tab's game, or the latest one; a link's game keeps it reachable
    // A refused game by link with no local game to fall back on: the player's game by link.
    if (linked.refused && !library.id) corr.bringBack();
    if (!opened && document.body.dataset.save !== "restored") {
      if (early.waiting) {
        // A tap before now: the player wants to play; the choice offered first starts at once.
        choice.chooseFirst();
      } else {
        // A first visit: the choice of how to play lies over the board (a player
        // who chose the computer last time has its worker started with the page).
        choice.show({ focus: false });
      }
    }
    if (view) computer.follow(view);
    ui.newGame.disabled = false;
    early.flush(); // what was tapped before now is played, or the line says why not
  },
});
