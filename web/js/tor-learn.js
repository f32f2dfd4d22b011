// @ts-check
// Tor's first lesson (tor-learn.html): a pawn placed, a step, a token put
// back, a win by hemming in, then a short game against the computer at
// level 1, run by the lesson runner (web/js/lesson.js) as Mixtour's lesson
// is. The engine is Tor's bridge (the "tor" surface, web/py/surfaces.py);
// the computer's replies come from TorBridge.lesson_reply (level 1, a
// search of a few hundred nodes on the page's own thread).

import { t } from "./i18n.js";
import { Lesson, lessonUi } from "./lesson.js";
import { $, Python, pageChrome } from "./page.js";
import { TorBoard } from "./tor/tor-board.js";
import { refusalText } from "./tor/words.js";

/** @type {import("./lesson.js").LessonStep<Bridge.TorView>[]} */
const STEPS = [
  // Any square: the pawn closes its colour to Black.
  { id: "place", fen: "OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR/OYOYOY/BRBRBR w -", check: () => "right" },
  // After c3 d5 b6 e2: White's first turn has no token to put back.
  { id: "step", fen: "OYOYOY/BRBRBR/OYwOYOY/BRBRkBR/OYOYOY/BRBwRBR/OYOYOkY/BRBRBR w -", check: () => "right" },
  // After c3-d4 d5-c4@d3: White holds the red token of d5.
  { id: "hand", fen: "OYOYOY/BRBRBR/OYwOYOY/BRB.BR/OYOkYwOY/BR.rBBR/OYOYOkY/BRBRBR w R", check: () => "right" },
  {
    // e5-d6@e1 leaves neither black pawn a step (a seeded random game's position).
    id: "win",
    fen: "oByOOYOY/bYRbYRbOrB/.yOoRyOoByR/bYk.bR.BwR/Ow....yR/.....R/O...OyB/bRk...BrY w R",
    check: (state) => (state.status === "w-wins" ? "right" : "tor.learn.win.other"),
  },
  {
    // White hems Black in within five turns against level 1, with care.
    id: "game",
    fen: "oBYOYwoYY/bRrO.rOBrO/O...OY/BRbYrBbRrYw/oByR.yBOkY/B.B..rO/oYyB..../.....Rk w R",
    check: (state) => (state.status === "w-wins" ? "right" : state.over ? "tor.learn.game.lost" : ""),
    game: true,
  },
];

const python = new Python("torPython");
const call = /** @type {Bridge.TorCall} */ (python.call);
pageChrome(); // first: the lesson's panel keeps Tor's parts only
const ui = lessonUi($);

const board = new TorBoard(ui.canvas, {
  onPlay: (action) => lesson.attempt(action),
  onIllegal: (attempt) => {
    /** @type {Bridge.TorExplained} */
    const answer = call("explain", attempt.text);
    if (answer.reason) lesson.tell(refusalText(attempt.text, answer.reason), "wrong");
  },
});

/** @type {Lesson<Bridge.TorView>} */
const lesson = new Lesson(
  {
    prefix: "tor.learn",
    playLink: "./tor.html#ai=1", // Black is the computer at level 1
    steps: STEPS,
    load: (fen) => call("load_link", `p=${fen.replaceAll(" ", "_")}`).state,
    show: (state, interactive) => {
      board.publish({ position: state.fen, status: state.status });
      board.set({ position: state.fen, legal: interactive ? state.legal : [], last: state.last, interactive });
    },
    play: (text, refused) => {
      /** @type {Bridge.TorPlayed} */
      const answer = call("play", text);
      if (answer.ok && answer.state) return answer.state;
      refused(refusalText(text, answer.reason));
      return null;
    },
    reply: async (game) => {
      /** @type {Bridge.TorPlayed} */
      const answer = call("lesson_reply", game);
      return answer.ok && answer.state ? { state: answer.state, action: answer.action ?? "" } : null;
    },
    whenStill: () => board.whenStill(),
    over: (state) => state.over,
  },
  ui,
);

document.title = t("tor.learn.pageTitle");
board.set({});
document.body.dataset.painted = "1";
python.connect({ loading: $("#loading"), canvas: ui.canvas, status: ui.step, label: "tor.board", loadingLabel: "tor.boardLoading", ready: () => lesson.begin(0) });
