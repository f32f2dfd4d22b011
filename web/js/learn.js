// @ts-check
// The first lesson (learn.html): three positions, each asking for one move.
// The engine (the embed's bridge, web/py/embed_main.py) plays or refuses
// every move, so a refusal is explained in the rules' own words; this file
// only says whether the move was the one the step asks for.
//
// Readiness contract as on the game page: body[data-painted], body[data-ready],
// #board[data-position]; and body[data-lesson] = "<step> <done|todo>".

import { Board, squareName } from "./board.js";
import { t } from "./i18n.js";
import { positionLink } from "./notation.js";
import { $, Python, pageChrome, showState } from "./page.js";
import { explainAttempt, moveText } from "./refusals.js";

const C3 = 12;

// Each step: a position (P1), and check(state after the move) -> "right" or
// the id of what to say about a legal move that misses the point.
/** @type {{ id: string, fen: string, check: (state: Bridge.View) => string }[]} */
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
    id: "score",
    fen: "4,wrwr/5/5/5/w,3,r w 17/17 0/0 1 -",
    check: (state) => (state.winner === "w" ? "right" : "learn.score.other"),
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
};

const python = new Python(); // window.mixtourPython once ready
const call = /** @type {Bridge.Call} */ (python.call);
let index = 0;
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
  showState(board, state, { interactive });
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
  document.body.dataset.lesson = `${i + 1} todo`;
  show(call("load_link", positionLink(step.fen)).state);
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
  const verdict = STEPS[index].check(answer.state);
  if (verdict !== "right") {
    // Legal, but not what the step asks: say why, then put the position back.
    tell(t(verdict, { action: text }), "wrong");
    show(call("load_link", positionLink(STEPS[index].fen)).state);
    return;
  }
  show(answer.state, { interactive: false });
  tell(t(`learn.${STEPS[index].id}.right`, { action: text }), "right");
  document.body.dataset.lesson = `${index + 1} done`;
  const last = index === STEPS.length - 1;
  ui.next.hidden = last;
  ui.play.hidden = !last;
  (last ? ui.play : ui.next).focus({ preventScroll: true });
}

ui.again.addEventListener("click", () => begin(index));
ui.next.addEventListener("click", () => {
  begin(index + 1);
  ui.canvas.focus({ preventScroll: true });
});

pageChrome();
document.title = t("learn.pageTitle");
board.requestRedraw();
python.connect({ loading: ui.loading, canvas: ui.canvas, status: ui.step, ready: () => begin(0) });
