// @ts-check
// Tor's analysis board (tor-analysis.html): Tor's part of the analysis page
// of every game (web/js/analysis-page.js, which has the tree, the engine's
// view, the links and the test hooks): Tor's board, on which a turn is built
// in its steps by the board's selection machine as on Tor's game page (the
// pawn, where it steps, where the token in hand goes: web/js/tor/select.js),
// a turn animated when it follows the one before, its words, its game page
// (tor.html) and the engine's "tor". The Python is
// web/py/tor_analysis_bridge.py, published as window.torAnalysis.

import { t } from "./i18n.js";
import { GAMES } from "./library-games.js";
import { linkParams } from "./notation.js";
import { analysisPage } from "./analysis-page.js";
import { START } from "./tor/position.js";
import { TorBoard } from "./tor/tor-board.js";
import { colourName, playerName, refusalText, torLinkProblems } from "./tor/words.js";

/**
 * Who is to play, in words, for a position string's turn and hand.
 * @param {string} turn "w" or "b"
 * @param {string | null} hand the colour letter of the token in hand
 */
function toMove(turn, hand) {
  const player = playerName(turn);
  return hand ? t("tor.an.toMoveHand", { player, colour: colourName(hand) }) : t("tor.an.toMove", { player });
}

analysisPage({
  name: "tor",
  global: "torAnalysis",
  page: "tor-analysis.html",
  gamePage: "tor.html",
  titleKey: "tor.an.pageTitle",
  boardLabel: "tor.board",
  boardLoadingLabel: "tor.boardLoading",
  levels: GAMES.tor.levels,
  levelName: (level) => t("tor.level", { level }),
  board(canvas, { play, ask, say }) {
    const board = new TorBoard(canvas, {
      onPlay: (action) => play(action),
      onIllegal: (attempt) => {
        const call = ask();
        if (!call) return;
        /** @type {Bridge.TorExplained} */
        const answer = call("explain", attempt.text);
        if (answer.reason) say(refusalText(attempt.text, answer.reason));
      },
    });
    /** @type {string[]} the actions to the position drawn */
    let drawn = [];
    return {
      show(view, flipped) {
        /** @type {Bridge.TorAnalysisView} */
        const state = view;
        // One turn on from the position drawn (played, or a step forward): animated.
        const next =
          state.moves.length === drawn.length + 1 && drawn.every((move, i) => state.moves[i] === move);
        drawn = [...state.moves];
        board.publish({ position: state.fen, status: state.status });
        board.set({
          position: state.fen,
          legal: state.over ? [] : state.legal,
          last: next ? state.last : null,
          hint: null,
          interactive: !state.over,
          flipped,
        });
      },
      best(best) {
        board.set({ hint: best });
        return best !== null;
      },
      preview(fragment) {
        const params = linkParams(fragment);
        // The position shown: at= when the link has it, else its start when that is what it shows.
        const past = (params.has("t") && (params.get("k") ?? "0").trim() !== "0") || params.has("m");
        const text = params.get("at") ?? (past ? null : params.get("p"));
        if (!text && past) return null;
        const position = (text ?? START).replaceAll("_", " ").trim();
        const [, turn = "w", hand = "-"] = position.split(" ");
        const flip = params.get("flip") === "1";
        board.set({ position, legal: [], interactive: false, flipped: flip });
        return { flip, turn: toMove(turn, hand === "-" ? null : hand) };
      },
      requestRedraw: () => board.requestRedraw(),
    };
  },
  turnText: (/** @type {Bridge.TorAnalysisView} */ view) =>
    view.over ? t(`tor.result.${view.status}`) : toMove(view.turn, view.hand),
  colorName: playerName,
  refusal: (answer, text) => (answer.reason ? refusalText(text, answer.reason) : String(answer.message ?? "")),
  linkProblem: (issue) => torLinkProblems({ issues: [issue] })[0],
  firstMover: (start) => (start.trim().split(/\s+/)[1] === "b" ? 1 : 0),
});
