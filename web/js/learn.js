// @ts-check
// Mixtour's first lesson (learn.html): six positions, each asking for one
// action, then a short game against the computer at level 1, run by the
// lesson runner (web/js/lesson.js). The engine is the bridge of the "lesson"
// surface (web/py/surfaces.py); the computer's replies come from
// Bridge.lesson_reply (a one-ply search, quick on the page's own thread).

import { Board, squareName } from "./mixtour-board.js";
import { t } from "./i18n.js";
import { Lesson, lessonUi } from "./lesson.js";
import { positionLink } from "./notation.js";
import { $, Python, pageChrome, showState } from "./page.js";
import { explainAttempt, moveText } from "./refusals.js";

const C3 = 12;
const D3 = 13;

/** @type {import("./lesson.js").LessonStep<Bridge.View>[]} */
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

const python = new Python(); // window.mixtourPython once ready
const call = /** @type {Bridge.Call} */ (python.call);
pageChrome(); // first: the lesson's panel keeps Mixtour's parts only
const ui = lessonUi($);

const board = new Board(ui.canvas, {
  onEnter: (square) => lesson.attempt(squareName(square)),
  onMove: (from, count, to) => lesson.attempt(moveText(from, count, to)),
  onIllegal: (tried) => explainAttempt(tried, call, (text) => lesson.tell(text, "wrong")),
});

/** @type {Lesson<Bridge.View>} */
const lesson = new Lesson(
  {
    prefix: "learn",
    playLink: "./index.html#ai=r1", // Red is the computer at level 1
    steps: STEPS,
    load: (fen) => call("load_link", positionLink(fen)).state,
    show: (state, interactive) => showState(board, state, { interactive }),
    play: (text, refused) => python.play(text, refused)?.state ?? null,
    reply: async (game) => {
      const answer = call("lesson_reply", game);
      return answer.ok && answer.state ? { state: answer.state, action: answer.action ?? "" } : null;
    },
    whenStill: () => board.whenStill(),
    over: (state) => state.over,
    mustPass: (state) => state.mustPass,
  },
  ui,
);

document.title = t("learn.pageTitle");
board.requestRedraw();
python.connect({ loading: $("#loading"), canvas: ui.canvas, status: ui.step, ready: () => lesson.begin(0) });
