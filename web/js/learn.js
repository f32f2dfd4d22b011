// @ts-check
// The first lesson (learn.html): six positions, each asking for one action,
// then a short game against the computer at level 1. The engine (the bridge
// of the "lesson" surface, web/py/surfaces.py) plays or refuses every action, so a refusal is
// explained in the rules' own words; this file only says whether the action
// was the one the step asks for, and in the game plays the computer's replies
// (Bridge.lesson_reply: a one-ply search, quick on the page's own thread).
//
// Readiness contract as on the game page: body[data-painted], body[data-ready],
// #board[data-position]; and body[data-lesson] = "<step> <done|todo>".

import { Board, squareName } from "./mixtour-board.js";
import { t } from "./i18n.js";
import { positionLink } from "./notation.js";
import { $, Python, pageChrome, showState } from "./page.js";
import { explainAttempt, moveText } from "./refusals.js";

const C3 = 12;
const D3 = 13;

/**
 * A step: a position (P1), and check(state after the action) -> "right", the
 * id of what to say about a legal action that misses the point, or "" (the
 * game step: play on). `game`: the computer answers each move.
 * @typedef {{ id: string, fen: string, check: (state: Bridge.View) => string, game?: boolean }} Step
 */

/** @type {Step[]} */
const STEPS = [
  {
    id: "place",
    fen: "5/5/5/5/5 w 20/20 0/0 1 -",
    check: (state) => (state.last?.kind === "enter" ? "right" : "learn.place.other"),
  },
  {
    id: "distance",
    fen: "2,w,2/5/1,wr,rw,2/w,4/4,r w 16/17 0/0 1 -",
    check: (state) => (state.last?.kind === "move" && state.last.to === C3 ? "right" : "learn.distance.other"),
  },
  {
    // c3 holds Red under two White discs; d3 one Red disc, 1 square away.
    id: "part",
    fen: "5/5/2,rww,r,1/5/5 w 18/18 0/0 1 -",
    check: (state) => {
      const last = state.last;
      return last?.kind === "move" && last.from === C3 && last.to === D3 && last.count === 2 ? "right" : "learn.part.other";
    },
  },
  {
    // Red just moved its top disc from c2 onto c3: c3:1-c2 is a take-back (R5).
    id: "takeBack",
    fen: "5/5/1,w,wr,2/2,r,2/5 w 18/18 0/0 1 c2-c3",
    check: () => "right",
  },
  {
    id: "score",
    fen: "4,wrwr/5/5/5/w,3,r w 17/17 0/0 1 -",
    check: (state) => (state.winner === "w" ? "right" : "learn.score.other"),
  },
  {
    // Five White discs, none with a stack at the right distance; no reserve.
    id: "pass",
    fen: "5/w,3,w/5/5/w,1,w,1,w w 0/5 0/0 1 -",
    check: (state) => (state.last?.kind === "pass" ? "right" : "learn.pass.other"),
  },
  {
    id: "game",
    fen: "5/5/5/5/5 w 10/10 0/0 1 -",
    check: (state) => (state.winner === "w" ? "right" : state.over ? "learn.game.lost" : ""),
    game: true,
  },
];

const ui = {
  /** @type {HTMLCanvasElement} */
  canvas: $("#board"),
  loading: $("#loading"),
  step: $("#lesson-step"),
  title: $("#lesson-title"),
  task: $("#lesson-task"),
  feedback: $("#lesson-feedback"),
  /** @type {HTMLButtonElement} */
  again: $("#lesson-again"),
  next: $("#lesson-next"),
  play: $("#lesson-play"),
  /** @type {HTMLButtonElement} */
  pass: $("#lesson-pass"),
};

const python = new Python(); // window.mixtourPython once ready
const call = /** @type {Bridge.Call} */ (python.call);
let index = 0;
let games = 0; // the short games begun: each one's computer plays differently
/** @type {Bridge.View | null} the position shown */
let state = null;

const board = new Board(ui.canvas, {
  onEnter: (square) => attempt(squareName(square)),
  onMove: (from, count, to) => attempt(moveText(from, count, to)),
  onIllegal: (tried) => explainAttempt(tried, call, (text) => tell(text, "wrong")),
});

/**
 * @param {string} text
 * @param {string} kind right | wrong | "" (nothing said)
 */
function tell(text, kind) {
  ui.feedback.textContent = text;
  ui.feedback.dataset.kind = kind;
}

/**
 * @param {Bridge.View} next
 * @param {{ interactive?: boolean }} [how]
 */
function show(next, { interactive = true } = {}) {
  state = next;
  showState(board, state, { interactive: interactive && !state.over });
  showPass();
}

/**
 * Set up step `i` (its position fresh from the engine).
 * @param {number} i
 */
function begin(i) {
  index = i;
  const step = STEPS[i];
  ui.step.textContent = t("learn.step", { n: i + 1, total: STEPS.length });
  ui.title.textContent = t(`learn.${step.id}.title`);
  ui.task.textContent = t(`learn.${step.id}.task`);
  tell("", "");
  ui.next.hidden = true;
  ui.play.hidden = true;
  ui.again.disabled = false;
  games += step.game ? 1 : 0;
  document.body.dataset.lesson = `${i + 1} todo`;
  show(call("load_link", positionLink(step.fen)).state);
}

/** The Pass button shows when the rules leave nothing else. */
function showPass() {
  ui.pass.hidden = !state || state.over || !state.mustPass;
}

/**
 * The player chose a move: the engine plays it or says why not.
 * @param {string} text
 */
function attempt(text) {
  const answer = python.play(text, (why) => {
    tell(why, "wrong");
    if (state) show(state);
  });
  if (!answer) return;
  const step = STEPS[index];
  const verdict = step.check(answer.state);
  if (step.game && verdict === "") {
    // The game goes on: once the board has shown the player's move, the
    // computer answers, and its move is judged too.
    show(answer.state, { interactive: false });
    const game = games;
    void board.whenStill().then(() => {
      if (game === games && STEPS[index] === step) reply(step);
    });
    return;
  }
  if (step.game && verdict !== "right") lost(verdict, text, answer.state);
  else judge(verdict, text, answer.state);
}

/**
 * The lesson's game ended without the player's win: said, and Again offers another.
 * @param {string} verdict
 * @param {string} action the action that ended it
 * @param {Bridge.View} after
 */
function lost(verdict, action, after) {
  show(after);
  tell(t(verdict, { action }), "wrong");
  document.body.dataset.lesson = `${index + 1} lost`;
}

/**
 * The computer's move in the lesson's game.
 * @param {Step} step
 */
function reply(step) {
  const answer = call("lesson_reply", games);
  if (!answer.ok || !answer.state) return;
  show(answer.state);
  const verdict = step.check(answer.state);
  const action = answer.action ?? "";
  if (verdict === "") tell(t("learn.game.thinking", { action }), "");
  else if (verdict === "right") judge(verdict, action, answer.state);
  else lost(verdict, action, answer.state);
}

/**
 * Say what the step makes of a legal action: right (the step is done) or why not.
 * @param {string} verdict
 * @param {string} text the action
 * @param {Bridge.View} after the position after it
 */
function judge(verdict, text, after) {
  if (verdict !== "right") {
    // Legal, but not what the step asks: say why, then put the position back.
    tell(t(verdict, { action: text }), "wrong");
    show(call("load_link", positionLink(STEPS[index].fen)).state);
    return;
  }
  show(after, { interactive: false });
  tell(t(`learn.${STEPS[index].id}.right`, { action: text }), "right");
  document.body.dataset.lesson = `${index + 1} done`;
  const last = index === STEPS.length - 1;
  ui.next.hidden = last;
  ui.play.hidden = !last;
  (last ? ui.play : ui.next).focus({ preventScroll: true });
}

ui.again.addEventListener("click", () => begin(index));
ui.pass.addEventListener("click", () => attempt("pass"));
ui.next.addEventListener("click", () => {
  begin(index + 1);
  ui.canvas.focus({ preventScroll: true });
});

pageChrome();
document.title = t("learn.pageTitle");
board.requestRedraw();
python.connect({ loading: ui.loading, canvas: ui.canvas, status: ui.step, ready: () => begin(0) });
