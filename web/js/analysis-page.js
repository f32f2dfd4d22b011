// @ts-check
// The analysis board of every game (analysis.html for Mixtour, tor-analysis.html
// for Tor): try moves for both sides from any position, keep them as a tree
// of variations, and let the engine judge the position shown, continuously,
// in the engine worker (web/js/analysis-deepening.js). A game plugs in with
// an AnalysisGame (below): its board and how moves are made on it, its
// words, its game page and the engine's name for it. Mixtour's is
// web/js/analysis.js, Tor's web/js/tor-analysis.js.
//
// The tree lives in Python (web/py/analysis_part.py, under each game's
// bridge, on mixtour/kit/variations.py): the engine checks every move before
// it enters the tree, and the page only draws what the bridge's view says.
// The address carries the tree (#p=..&t=..&k=..; see mixtour/mixtour/variations.py),
// and is kept up to date with every change, so a reload or a copied link
// shows the same tree. A game link (#p=..&m=..&ply=..) opens as a tree of one line.
//
// Test hooks, besides the pages' contract (body[data-painted], body[data-ready],
// #board[data-position|status|geometry|selection]):
//   #engine[data-state]     off | loading | running | paused | done | capped | error
//   #engine[data-depth]     the depth of the evaluation shown
//   #engine[data-score]     its score for White (the engine's units)
//   #engine[data-node]      the tree node it is about
//   #engine-line[data-pv]   its best line, in the game's notation separated by spaces
//   #board[data-engine-best] its best move, drawn on the board
//   #an-tree button.an-move[data-n]  a move of the tree (aria-current="true": shown)
//   body[data-link]         ok | bad (the link had problems)
//   body[data-node]         the node shown (0: the start)

import { plural, t } from "./i18n.js";
import { labelText } from "./game-review.js";
import { $, Python, pageChrome } from "./page.js";
import { BUDGET_MS, Deepening, MAX_DEPTH } from "./analysis-deepening.js";

/** @typedef {import("./analysis-deepening.js").Report} Report */
/** @typedef {import("./analysis-deepening.js").EngineState} EngineState */
/** One move of a line of the tree (the contract's, web/py/contract.py). @typedef {Bridge.AnalysisEntry} Entry */

/**
 * The part of the view the page reads, whatever the game: the game's own
 * view (Bridge.View, Bridge.TorView) and the tree's fields.
 * @typedef {object} AnalysisState
 * @property {string} fen
 * @property {string} status
 * @property {boolean} over
 * @property {string} turn
 * @property {string[]} moves
 * @property {number} [players] Mixtour's: how many play (the engine analyses two)
 * @property {string} start
 * @property {number} node
 * @property {Entry[]} tree
 * @property {number | null} parent
 * @property {number | null} child
 * @property {boolean} side
 * @property {string} link
 */

/**
 * The board of a game on the analysis board.
 * @typedef {object} AnalysisBoard
 * @property {(view: any, flipped: boolean) => void} show draw the bridge's view, its legal
 *   moves offered unless the game is over, and publish data-position and data-status
 * @property {(best: string | null) => boolean} best draw the engine's best move (an action
 *   in the game's notation, or null); whether it could be drawn
 * @property {(fragment: string) => {flip: boolean, turn: string} | null} preview before
 *   Python: draw the position a link shows (null: nothing sure to draw); the words of its turn
 * @property {() => void} requestRedraw
 */

/**
 * One game's part of the analysis board.
 * @typedef {object} AnalysisGame
 * @property {string} name the engine's name of the game (web/py/ai_worker.py's "game")
 * @property {string} global the window global its bridge is published as (web/py/surfaces.py)
 * @property {string} page this page's file, for its own link
 * @property {string} gamePage the game page's file, for "Play" from here
 * @property {string} titleKey the i18n id of the page's title
 * @property {string} [boardLabel] the i18n id of the board's name for screen readers
 *   ("board.label", Mixtour's, when left out)
 * @property {string} [boardLoadingLabel] the i18n id of its name while Python loads
 *   (page.js's `loadingLabel`; Mixtour's if left out)
 * @property {(canvas: HTMLCanvasElement, deps: {
 *   play: (text: string) => void,
 *   ask: () => ((name: string, ...args: any[]) => any) | null,
 *   say: (text: string) => void,
 * }) => AnalysisBoard} board its board, which plays a move chosen (`play`) and explains
 *   a refused attempt through the bridge (`ask()`: its call once Python is ready) in the
 *   message line (`say`)
 * @property {(view: any) => string} turnText who is to move, or the result
 * @property {(letter: string) => string} colorName a player's name for the move list
 * @property {(answer: any, text: string) => string} refusal a refused move in words
 * @property {(issue: Bridge.Reason, english: string) => string} linkProblem a game link's
 *   problem in words
 * @property {(view: any) => boolean} [canPass] whether a pass is offered (Mixtour)
 * @property {(view: any) => boolean} [analysable] whether the engine can analyse it
 *   (Mixtour: two players)
 * @property {(start: string) => number} firstMover the index of the player to move at the
 *   tree's start (its rounds begin with the first player's move)
 * @property {readonly number[]} levels the computer's levels, for "Play the computer"
 * @property {(level: number) => string} [levelName] a level's name (the site's level names
 *   when left out)
 */

const SHOWN_PLIES = 10; // of the engine's best line (data-pv holds all of it)

/**
 * Run the analysis board of `game` in this page.
 * @param {AnalysisGame} game
 */
export function analysisPage(game) {
  const ui = {
    /** @type {HTMLCanvasElement} */
    canvas: $("#board"),
    loading: $("#loading"),
    bar: $("#eval-bar"),
    fill: $("#eval-fill"),
    engine: $("#engine"),
    /** @type {HTMLButtonElement} */
    toggle: $("#engine-toggle"),
    evalText: $("#eval-text"),
    info: $("#engine-info"),
    line: $("#engine-line"),
    note: $("#engine-note"),
    turn: $("#an-turn"),
    message: $("#an-message"),
    tree: $("#an-tree"),
    /** @type {HTMLButtonElement} */
    first: $("#an-first"),
    /** @type {HTMLButtonElement} */
    back: $("#an-back"),
    /** @type {HTMLButtonElement} */
    forward: $("#an-forward"),
    /** @type {HTMLButtonElement} */
    last: $("#an-last"),
    /** @type {HTMLButtonElement} */
    pass: $("#an-pass"),
    /** @type {HTMLButtonElement} */
    remove: $("#an-delete"),
    /** @type {HTMLButtonElement} */
    promote: $("#an-promote"),
    /** @type {HTMLButtonElement} */
    flip: $("#an-flip"),
    /** @type {HTMLAnchorElement} */
    playPeople: $("#play-people"),
    /** @type {HTMLAnchorElement} */
    playComputer: $("#play-computer"),
    /** @type {HTMLSelectElement} */
    level: $("#play-level"),
    /** @type {HTMLButtonElement} */
    copy: $("#an-copy"),
    /** @type {HTMLAnchorElement} */
    link: $("#an-link"),
    problems: $("#an-problems"),
    problemList: $("#an-problem-list"),
    /** @type {HTMLButtonElement} */
    problemsClose: $("#an-problems-close"),
  };

  const python = new Python(game.global);
  const call = python.call;
  /** @type {AnalysisState | null} the bridge's view of the node shown */
  let view = null;
  let flipped = false;

  const board = game.board(ui.canvas, {
    play: (text) => play(text),
    ask: () => (python.ready ? call : null),
    say: (text) => say(text),
  });

  const engine = new Deepening({
    game: game.name,
    onReport: showReport,
    onState: showEngineState,
  });

  /** @param {string} text */
  function say(text) {
    ui.message.textContent = text;
  }

  // -- the position and the tree --------------------------------------------------------

  /** @param {AnalysisState} next the bridge's view */
  function render(next) {
    view = next;
    document.body.dataset.node = String(next.node);
    board.show(next, flipped);
    ui.flip.setAttribute("aria-pressed", String(flipped));
    ui.turn.textContent = game.turnText(next);
    ui.pass.hidden = !game.canPass?.(next);
    ui.first.disabled = ui.back.disabled = next.parent === null;
    ui.forward.disabled = ui.last.disabled = next.child === null;
    ui.remove.disabled = next.node === 0;
    ui.promote.disabled = !next.side;
    renderTree(next.tree, next.node);
    const here = `#${next.link}`;
    if (location.hash !== here) history.replaceState(null, "", here);
    ui.link.href = `./${game.page}${here}`;
    updatePlayLinks();
    if (game.analysable && !game.analysable(next)) {
      engine.analyse(null);
      ui.note.textContent = t("an.twoOnly");
      return;
    }
    const job = { key: `${next.start}|${next.moves.join(",")}`, start: next.start, actions: next.moves };
    if (!engine.job || engine.job.key !== job.key) clearReport();
    engine.analyse(job);
  }

  /**
   * The tree as the move list: the main line inline, each side line on a
   * line of its own below the move it branches from, indented, in brackets.
   * @param {Entry[]} entries
   * @param {number} shown the node shown
   */
  function renderTree(entries, shown) {
    const root = document.createElement("div");
    root.className = "an-main";
    fillLine(root, entries, shown, 0);
    if (!entries.length) {
      const empty = document.createElement("p");
      empty.className = "an-empty";
      empty.textContent = t("an.noMoves");
      root.append(empty);
    }
    ui.tree.replaceChildren(root);
    const current = ui.tree.querySelector('[aria-current="true"]');
    if (current instanceof HTMLElement) {
      const box = ui.tree.getBoundingClientRect();
      const item = current.getBoundingClientRect();
      if (item.top < box.top || item.bottom > box.bottom) ui.tree.scrollTop += item.top - box.top - box.height / 2;
    }
  }

  /**
   * @param {HTMLElement} into
   * @param {Entry[]} entries
   * @param {number} shown
   * @param {number} level how deep in side lines
   */
  function fillLine(into, entries, shown, level) {
    let run = document.createElement("span");
    run.className = "an-run";
    into.append(run);
    let numbered = false;
    for (const entry of entries) {
      const number = roundOf(entry.ply);
      if (entry.color === "w" || !numbered) {
        const label = document.createElement("span");
        label.className = "an-num";
        label.textContent = entry.color === "w" ? `${number}.` : `${number}…`;
        run.append(label);
        numbered = true;
      }
      const button = document.createElement("button");
      button.type = "button";
      button.className = "an-move";
      button.dataset.n = String(entry.n);
      button.dataset.color = entry.color;
      button.textContent = entry.move;
      button.setAttribute(
        "aria-label",
        t("an.moveLabel", { n: number, color: game.colorName(entry.color), move: entry.move }),
      );
      if (entry.n === shown) button.setAttribute("aria-current", "true");
      run.append(button);
      if (entry.vars.length) {
        const block = document.createElement("div");
        block.className = "an-vars";
        block.dataset.level = String(level + 1);
        for (const side of entry.vars) {
          const line = document.createElement("div");
          line.className = "an-var";
          fillLine(line, side, shown, level + 1);
          block.append(line);
        }
        into.append(block);
        run = document.createElement("span");
        run.className = "an-run";
        into.append(run);
        numbered = false; // the main line goes on: say which move it is at
      }
    }
  }

  /** @param {string} text an action in the game's notation (Mixtour's "pass" too) */
  function play(text) {
    if (!python.ready || !view || view.over) return;
    say("");
    const answer = call("play", text);
    // The analysis bridge's answer holds its own view (Bridge.AnalysisPlayed).
    if (answer.ok && answer.state) {
      render(answer.state);
      return;
    }
    say(game.refusal(answer, text));
    render(view);
  }

  /**
   * @param {string} name a bridge function that returns the view
   * @param {...(string | number)} args
   */
  function go(name, ...args) {
    if (!python.ready) return;
    say("");
    render(call(name, ...args));
  }

  ui.tree.addEventListener("click", (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const button = target.closest("button.an-move");
    if (button instanceof HTMLElement) go("select", Number(button.dataset.n));
  });
  ui.first.addEventListener("click", () => go("step", "first"));
  ui.back.addEventListener("click", () => go("step", "back"));
  ui.forward.addEventListener("click", () => go("step", "forward"));
  ui.last.addEventListener("click", () => go("step", "last"));
  ui.pass.addEventListener("click", () => play("pass"));
  ui.remove.addEventListener("click", () => {
    if (!view || view.node === 0) return;
    const removed = view.moves.at(-1) ?? "";
    go("delete", view.node);
    say(t("an.deleted", { move: removed }));
  });
  ui.promote.addEventListener("click", () => view && go("promote", view.node));
  ui.flip.addEventListener("click", () => {
    flipped = !flipped;
    go("set_flip", flipped ? 1 : 0);
  });

  /**
   * ←/→/Home/End walk the tree, ↑/↓ go between the moves tried at the same
   * place, unless the board (whose arrows move its cursor) or a field has the focus.
   */
  const STEPS = /** @type {{[key: string]: string}} */ ({
    ArrowLeft: "back",
    ArrowRight: "forward",
    ArrowUp: "up", // the other moves tried at the same place
    ArrowDown: "down",
    Home: "first",
    End: "last",
  });
  document.addEventListener("keydown", (event) => {
    const where = STEPS[event.key];
    if (!where || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target;
    if (target instanceof Element && target.closest("canvas, input, select, textarea")) return;
    event.preventDefault();
    go("step", where);
    const current = ui.tree.querySelector('[aria-current="true"]');
    if (target instanceof Element && target.closest("#an-tree") && current instanceof HTMLElement) {
      current.focus({ preventScroll: true });
    }
  });

  // -- links, and back to a game ---------------------------------------------------------

  /** Open what the address says (a new link, or the page's first load). */
  function openFromHash() {
    const answer = call("open", location.hash);
    flipped = answer.flip;
    const problems = answer.issues.map((/** @type {Bridge.Reason} */ issue, /** @type {number} */ i) =>
      issue.id.startsWith("tree-") || issue.id === "bad-node"
        ? t(`an.issue.${issue.id}`, issue.args)
        : game.linkProblem(issue, answer.problems[i]),
    );
    ui.problemList.replaceChildren(
      ...problems.map((/** @type {string} */ text) => {
        const item = document.createElement("li");
        item.textContent = text;
        return item;
      }),
    );
    ui.problems.hidden = !problems.length;
    document.body.dataset.link = problems.length ? "bad" : "ok";
    render(answer.state);
  }

  window.addEventListener("hashchange", () => {
    if (python.ready && view && location.hash !== `#${view.link}`) openFromHash();
  });
  ui.problemsClose.addEventListener("click", () => {
    ui.problems.hidden = true;
  });

  /** The game page's link for a game from the tree's start to the node shown. */
  function gameLink() {
    if (!view) return `./${game.gamePage}`;
    const start = `p=${view.start.replaceAll(" ", "_")}`;
    return `./${game.gamePage}#${view.moves.length ? `${start}&m=${view.moves.join(",")}` : start}`;
  }

  function updatePlayLinks() {
    const link = gameLink();
    ui.playPeople.href = `${link}&ai=0`; // people at every seat, whoever played before
    ui.playComputer.href = `${link}&ai=${ui.level.value || "3"}`;
  }

  const levelName = game.levelName ?? ((/** @type {number} */ n) => t(`level.${n}`));
  ui.level.replaceChildren(...game.levels.map((n) => new Option(levelName(n), String(n), n === 3, n === 3)));
  ui.level.addEventListener("change", updatePlayLinks);

  ui.copy.addEventListener("click", async () => {
    const url = new URL(ui.link.getAttribute("href") ?? "", location.href).href;
    try {
      await navigator.clipboard.writeText(url);
      say(t("an.copied"));
    } catch {
      say(t("an.copyFailed", { url }));
    }
  });

  // -- the engine's view ------------------------------------------------------------------

  function clearReport() {
    delete ui.engine.dataset.depth;
    delete ui.engine.dataset.score;
    delete ui.engine.dataset.node;
    ui.evalText.textContent = "";
    ui.info.textContent = "";
    ui.line.textContent = "";
    delete ui.line.dataset.pv;
    setBar(0.5);
    showBest(null);
  }

  /**
   * The engine's best move drawn on the board, as the review draws its better move.
   * @param {string | null} best in the game's notation
   */
  function showBest(best) {
    if (board.best(best) && best) ui.canvas.dataset.engineBest = best;
    else delete ui.canvas.dataset.engineBest;
  }

  /** @param {number} white White's expected result, 0 to 1 */
  function setBar(white) {
    const share = Math.round(Math.max(0, Math.min(1, white)) * 100);
    ui.fill.style.setProperty("--white", `${share}%`);
    ui.bar.setAttribute("aria-valuenow", String(share));
    ui.bar.setAttribute("aria-valuetext", ui.evalText.textContent || ui.bar.getAttribute("aria-label") || "");
  }

  /**
   * @param {Report} report
   */
  function showReport(report) {
    ui.engine.dataset.depth = String(report.depth);
    ui.engine.dataset.score = String(report.score);
    ui.engine.dataset.node = String(view?.node ?? 0);
    ui.evalText.textContent = labelText(report.label, game.colorName);
    ui.info.textContent = t("an.depth", { depth: report.depth, nodes: plural("an.nodes", report.nodes) });
    ui.line.dataset.pv = report.pv.join(" ");
    // The box holds two lines: the first moves of the line are the ones that matter.
    const shown = report.pv.length > SHOWN_PLIES ? [...report.pv.slice(0, SHOWN_PLIES), "…"] : report.pv;
    showLine(report.pv.length ? numberedLine(shown, report.turn) : []);
    setBar(report.white);
    showBest(report.pv[0] ?? null);
  }

  /**
   * The number of the round that action `ply` (1 for the first) belongs to.
   * Moves are numbered by rounds, one action per player (a pass counts), and a
   * round begins with White's: a start with another player to move (from the
   * editor) opens with "1… " and White's next action begins round 2.
   * @param {number} ply
   */
  function roundOf(ply) {
    const players = view?.players ?? 2;
    const first = view ? game.firstMover(view.start) : 0;
    return Math.floor((ply - 1 + first) / players) + 1;
  }

  /**
   * ["3.", "c3", "b4", "4.", "b4-c3"]: the line in notation, numbered as the move list.
   * @param {string[]} pv
   * @param {string} turn who moves first in it
   */
  function numberedLine(pv, turn) {
    const ply = (view?.moves.length ?? 0) + 1;
    /** @type {string[]} */
    const words = [];
    pv.forEach((move, i) => {
      // Two players: the turn changes with every action, a pass included.
      const white = (turn === "w") === (i % 2 === 0);
      const number = roundOf(ply + i);
      if (white) words.push(`${number}.`);
      else if (i === 0) words.push(`${number}…`);
      words.push(move);
    });
    return words;
  }

  /**
   * The best line in its box: "Best line: 3. c3 b4 4. b4-c3", breaking between
   * moves only (a line break after a move's "-" would read as two moves).
   * @param {string[]} words
   */
  function showLine(words) {
    if (!words.length) {
      ui.line.textContent = "";
      return;
    }
    const mark = "\u0000";
    const [before, after = ""] = t("an.bestLine", { line: mark }).split(mark);
    const parts = words.flatMap((word, i) => {
      const span = document.createElement("span");
      span.className = "an-word";
      span.textContent = word;
      return i ? [" ", span] : [span];
    });
    ui.line.replaceChildren(before, ...parts, after);
  }

  /**
   * @param {EngineState} state
   * @param {string} [detail]
   */
  function showEngineState(state, detail) {
    ui.engine.dataset.state = state;
    const paused = ["paused", "capped", "error", "unavailable"].includes(state);
    ui.toggle.textContent = paused ? t("an.resume") : t("an.pause");
    ui.toggle.setAttribute("aria-pressed", String(!paused && state !== "off"));
    ui.toggle.disabled = state === "off" || state === "done";
    const cap = t("an.cap", { depth: MAX_DEPTH, seconds: Math.round(BUDGET_MS / 1000) });
    /** @type {{[state: string]: string}} */
    const notes = {
      off: view && game.analysable && !game.analysable(view) ? t("an.twoOnly") : "",
      loading: t("an.loading"),
      running: cap,
      paused: t("an.paused"),
      done: view?.over ? t("an.over") : t("an.proven"),
      capped: t("an.capped"),
      restarting: t("msg.aiRestart", { error: failure(detail ?? "") }), // the words of every page
      error: t("an.error", { error: failure(detail ?? "") }),
      unavailable: t("msg.aiError", { error: failure(detail ?? "") }), // the words of every page
    };
    ui.note.textContent = notes[state] ?? "";
    if (state === "off") clearReport();
  }

  /**
   * Why the engine stopped, in words: the engine's own reasons are i18n ids;
   * a worker's error carries Python's traceback, whose last line says what happened.
   * @param {string} detail
   */
  function failure(detail) {
    if (/^an\.[\w.]+$/.test(detail)) return t(detail);
    return detail.trim().split("\n").at(-1) ?? "";
  }

  ui.toggle.addEventListener("click", () => {
    if (["paused", "capped", "error", "unavailable"].includes(engine.state)) engine.resume();
    else engine.pause();
  });

  // A page out of sight (another tab, a phone's screen off) does not analyse:
  // the engine pauses, and goes on when the page is seen again.
  let pausedUnseen = false;
  document.addEventListener("visibilitychange", () => {
    if (document.hidden && (engine.state === "running" || engine.state === "loading")) {
      pausedUnseen = true;
      engine.pause();
    } else if (!document.hidden && pausedUnseen) {
      pausedUnseen = false;
      if (engine.state === "paused") engine.resume();
    }
  });
  ui.toggle.addEventListener("click", () => {
    pausedUnseen = false; // the player decides from now on
  });

  // -- start ------------------------------------------------------------------------------

  /**
   * Before Python: the position the link shows (at=, or the start when that is
   * what it shows), drawn only, as the embeds do; the bridge's view replaces it.
   */
  function showPreview() {
    const shown = board.preview(location.hash.replace(/^#/, ""));
    if (!shown) return;
    flipped = shown.flip;
    ui.turn.textContent = shown.turn;
  }

  pageChrome();
  document.title = t(game.titleKey);
  showPreview();
  board.requestRedraw();
  showEngineState("off");
  python.connect({
    loading: ui.loading,
    canvas: ui.canvas,
    status: null,
    label: game.boardLabel,
    loadingLabel: game.boardLoadingLabel,
    offline: { offerUpdates: false },
    ready: () => openFromHash(),
  });
}
