// @ts-check
// Tor's puzzles (tor-puzzles.html), on the puzzles page of every game
// (web/js/puzzle-page.js), as Mixtour's are: positions from the engine's
// self-play where the side to move hems the opponent in (T4: no pawn of his
// can step) within 1, 2 or 3 of its turns, whatever he answers
// (mixtour/tor/ai/puzzles.py made and proved them; the set is
// web/data/tor-puzzles.json). A move is a whole turn of T6, the token's place
// included ("c3-d4@e6"). The engine is Tor's bridge as the "tor-puzzles"
// surface (web/py/surfaces.py); a wrong move gets the opponent's answer from
// TorBridge.refute. The player's record is kept under tor.puzzles, apart from
// Mixtour's.

import { plural, t } from "./i18n.js";
import { positionLink } from "./notation.js";
import { Python } from "./page.js";
import { PuzzlePage } from "./puzzle-page.js";
import { readPosition } from "./tor/position.js";
import { TorBoard } from "./tor/tor-board.js";
import { playerName, refusalText } from "./tor/words.js";

const python = new Python("torPython");
const call = /** @type {Bridge.TorCall} */ (python.call);

const board = new TorBoard(/** @type {HTMLCanvasElement} */ (document.querySelector("#board")), {
  onPlay: (action) => page.attempt(action),
  onIllegal: (attempt) => {
    if (!python.ready) return;
    /** @type {Bridge.TorExplained} */
    const answer = call("explain", attempt.text);
    if (answer.reason) page.tell(refusalText(attempt.text, answer.reason), "wrong");
  },
});

/**
 * Whose turn a position string gives, or null when it does not read.
 * @param {string} fen
 */
function turnOf(fen) {
  try {
    return readPosition(fen).turn;
  } catch {
    return null;
  }
}

/** @type {PuzzlePage<Bridge.TorView>} */
const page = new PuzzlePage({
  name: "tor",
  page: "./tor-puzzles.html",
  set: "./data/tor-puzzles.json",
  statsKey: "tor.puzzles",
  pageTitle: "tor.puzzles.pageTitle",
  boardLabel: "tor.board",
  boardLoadingLabel: "tor.boardLoading",
  python,
  board,
  colors: ["w", "b"],
  turn: turnOf,
  side: (color) => playerName(color),
  // Tor's board has no sides to turn to: both players' pawns go anywhere.
  paint: (fen) => {
    if (turnOf(fen)) board.set({ position: fen, legal: [], last: null, interactive: false });
  },
  load: (fen) => call("load_link", positionLink(fen)).state,
  show: (state, interactive) => {
    board.publish({ position: state.fen, status: state.status });
    board.set({ position: state.fen, legal: interactive ? state.legal : [], last: state.last, interactive });
  },
  play: (text, refused) => {
    /** @type {Bridge.TorPlayed} */
    const answer = call("play", text);
    if (answer.ok && answer.state) return { state: answer.state, played: answer.action ?? text };
    refused(refusalText(text, answer.reason));
    return null;
  },
  refute: (kind, left) => call("refute", kind, left),
  result: (status) => t(`tor.result.${status}`),
  task: (p, sides) => (p.n === 1 ? t("tor.puzzles.task.win1", sides) : t("tor.puzzles.task.win", { ...sides, n: p.n })),
  solved: (_p, move, sides) => t("tor.puzzles.solved", { move, ...sides }),
  refutation: {
    wins: (words) => t("tor.puzzles.wrong.wins", words),
    escape: (words) => plural("tor.puzzles.wrong.escape", words.n, words),
  },
});

page.start();
