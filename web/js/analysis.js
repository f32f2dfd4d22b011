// @ts-check
// Mixtour's analysis board (analysis.html): Mixtour's part of the analysis
// page of every game (web/js/analysis-page.js, which has the tree, the
// engine's view, the links and the test hooks): its board, moves made by
// clicks and drags of discs, passes, three players (tried, not analysed),
// its words and its game page. The Python is web/py/analysis_bridge.py,
// published as window.mixtourPython.

import { Board, squareName } from "./mixtour-board.js";
import { colorName, linkProblems, reasonText, t } from "./i18n.js";
import { LEVELS, parseAction, previewLink, linkParams } from "./notation.js";
import { showState } from "./page.js";
import { explainAttempt, moveText } from "./refusals.js";
import { analysisPage } from "./analysis-page.js";

analysisPage({
  name: "mixtour",
  global: "mixtourPython",
  page: "analysis.html",
  gamePage: "index.html",
  titleKey: "an.pageTitle",
  levels: LEVELS,
  board(canvas, { play, ask, say }) {
    const board = new Board(canvas, {
      onEnter: (square) => play(squareName(square)),
      onMove: (from, count, to) => play(moveText(from, count, to)),
      onIllegal: (tried) => {
        const call = ask();
        if (call) explainAttempt(tried, call, say);
      },
    });
    return {
      show(view, flipped) {
        showState(board, view, { interactive: !view.over, offer: !view.over });
        board.set({ flipped });
      },
      best(best) {
        // Rings, and an arrow for a move, as the review draws its better move.
        const action = best && best !== "pass" ? parseAction(best) : null;
        board.set({ hint: action });
        return action !== null;
      },
      preview(fragment) {
        const params = linkParams(fragment);
        // A tree shown past its start by a link without at=: nothing sure to draw yet.
        if (params.has("t") && (params.get("k") ?? "0").trim() !== "0" && !params.has("at")) return null;
        const preview = previewLink(fragment);
        if (!preview.position) return null;
        const { stacks, last, turn } = preview.position;
        board.set({ stacks, last, enterable: [], movable: {}, interactive: false, flipped: preview.flip });
        return { flip: preview.flip, turn: t("an.toMove", { color: colorName(turn) }) };
      },
      requestRedraw: () => board.requestRedraw(),
    };
  },
  turnText: (view) => (view.over ? t(`result.${view.status}`) : t("an.toMove", { color: colorName(view.turn) })),
  colorName,
  refusal: (answer, text) => t("msg.notLegal", { action: text, reason: reasonText(answer) }),
  linkProblem: (issue, english) => linkProblems({ problems: [english], issues: [issue] })[0],
  canPass: (view) => !!view.legal.pass,
  analysable: (view) => view.players === 2,
  // Rounds begin with White's move: a start with Red or Blue to move opens with "1…".
  firstMover: (start) => Math.max(0, "wrb".indexOf(start.split(" ")[1] ?? "w")),
});
