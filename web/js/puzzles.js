// @ts-check
// Mixtour's puzzles (puzzles.html), on the puzzles page of every game
// (web/js/puzzle-page.js): positions from the engine's self-play where the
// side to move forces a tower in 1, 2 or 3 of its moves, or has one move only
// that does not lose (mixtour/mixtour/ai/puzzles.py made and proved them; the set is
// web/data/puzzles.json). The engine is the game's bridge as the "puzzles"
// surface (web/py/surfaces.py); a wrong move gets the opponent's answer from
// Bridge.refute. The player's record is kept under mixtour.puzzles.

import { Board, squareName } from "./mixtour-board.js";
import { colorName, plural, t } from "./i18n.js";
import { parsePosition, positionLink } from "./notation.js";
import { Python, showState } from "./page.js";
import { PuzzlePage } from "./puzzle-page.js";
import { explainAttempt, moveText } from "./refusals.js";

const python = new Python(); // window.mixtourPython once ready
const call = /** @type {Bridge.Call} */ (python.call);

const board = new Board(/** @type {HTMLCanvasElement} */ (document.querySelector("#board")), {
  onEnter: (square) => page.attempt(squareName(square)),
  onMove: (from, count, to) => page.attempt(moveText(from, count, to)),
  onIllegal: (tried) => python.ready && explainAttempt(tried, call, (text) => page.tell(text, "wrong")),
});

/** @type {PuzzlePage<Bridge.View>} */
const page = new PuzzlePage({
  name: "mixtour",
  page: "./puzzles.html",
  set: "./data/puzzles.json",
  statsKey: "mixtour.puzzles",
  pageTitle: "puzzles.pageTitle",
  python,
  board,
  colors: ["w", "r"],
  turn: (fen) => parsePosition(fen)?.turn ?? null,
  side: (color) => colorName(color),
  // The solver's side is at the bottom: Red's puzzles are seen from Red's side.
  flipped: (fen) => parsePosition(fen)?.turn === "r",
  paint: (fen) => {
    const position = parsePosition(fen);
    if (position) board.set({ stacks: position.stacks, last: position.last, enterable: [], movable: {}, interactive: false });
  },
  load: (fen) => call("load_link", positionLink(fen)).state,
  show: (state, interactive) => showState(board, state, { interactive, offer: interactive }),
  play: (text, refused) => {
    const answer = python.play(text, refused);
    if (!answer) return null;
    return { state: answer.state, played: answer.state.moves[answer.state.moves.length - 1] ?? text };
  },
  refute: (kind, left) => call("refute", kind, left),
  result: (status) => t(`embed.${status}`),
  task: (p, sides) => {
    if (p.kind === "defend") return t("puzzles.task.defend", sides);
    if (p.n === 1) return t("puzzles.task.win1", sides);
    return t("puzzles.task.win", { ...sides, n: p.n });
  },
  solved: (p, move) => t(p.kind === "defend" ? "puzzles.solvedDefend" : "puzzles.solved", { move }),
  refutation: {
    tower: (words) => t("puzzles.wrong.tower", words),
    escape: (words) => plural("puzzles.wrong.escape", words.n, words),
    forces: (words) => plural("puzzles.wrong.forces", words.n, words),
  },
});

page.start();
