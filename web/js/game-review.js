// @ts-check
// Game review: the engine's verdict on every move of the game on the board,
// for every game's page (Mixtour's app.js, Tor's tor-app.js), each giving a
// small ReviewGame (its name, its players, how to read its view, how to draw
// a move on its board).
//
// "Review" takes the whole game (the moves played and those stepped back
// over) and asks the engine (web/py/ai_worker.py `review`) for one
// position at a time, through the page's engine client, in the same queue as
// the computer's moves: the page keeps drawing, shows the progress, and
// "Stop" ends the review between two positions (and the position under way
// at once). After each position, `review_report` (mixtour/kit/review.py,
// with the game's plug-in) gives the graph, who is winning in words, a
// verdict per move and the summary per player; this file only shows them.
//
// The graph is the first player's expected result at each position (top:
// White wins, bottom: the other player wins); a click on it shows the
// position under the pointer.
// Moves are marked in the move list (?! inaccuracy, ? mistake, ?? blunder);
// on the position after a marked move the board draws the engine's better
// move as an arrow (as lichess does) and the panel writes its line.
// A change of the game (a move played, a new game) ends the review.
//
// Test hooks:
//   body[data-review]              running | done | stopped | error (none before the first)
//   #moves button.ply[data-review] the verdict on that move (best, good, inaccuracy, mistake, blunder)
//   #review-summary td[data-color][data-kind]  the counts per player
//   #board[data-review-best]       the better move drawn on the board (in the game's notation)
//   window.mixtourDebug.reviewDepth  the depth searched (tests keep it low; left
//                                    out, the worker uses the game's own)

import { colorName as mixtourColor, plural, t } from "./i18n.js";

const MARKS = /** @type {{[kind: string]: string}} */ ({ inaccuracy: "?!", mistake: "?", blunder: "??" });
const SHOWN = ["inaccuracy", "mistake", "blunder"]; // the kinds counted in the summary
const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 400; // the graph's own units; it is drawn at the panel's width
const HEIGHT = 100;

/** @returns {{ reviewDepth?: number }} */
function debug() {
  return /** @type {any} */ (window).mixtourDebug ?? {};
}

/**
 * The worker's review (web/py/ai_worker.py; the shapes are the contract's).
 * @typedef {Bridge.Verdict} Verdict
 * @typedef {Bridge.Label} Label
 * @typedef {Bridge.ReviewReport} Report
 */

/**
 * A game's part of the review.
 * @typedef {object} ReviewGame
 * @property {"mixtour" | "tor"} name the game, as the engine's worker knows it
 * @property {[string, string]} colors the two players' letters (the first at the graph's top)
 * @property {(letter: string) => string} colorName a player's name
 * @property {(state: any) => Glance} glance what the review reads of the page's view
 * @property {(best: string | null) => boolean} showBest draw the better move
 *   on the board, or take it away (null); false when the board is not the
 *   review's now (a hint shown) or the move cannot be drawn
 */

/**
 * @typedef {object} Glance
 * @property {string[]} actions the whole game, the actions stepped back over included
 * @property {number} ply the actions played up to the position shown
 * @property {number} players
 */

/**
 * Who is winning, in words.
 * @param {Label} label
 * @param {(letter: string) => string} [colorName] the game's names of its players (Mixtour's colours)
 */
export function labelText(label, colorName = mixtourColor) {
  const color = label.side ? colorName(label.side) : "";
  if (label.kind === "won") return t("rv.won", { color });
  if (label.kind === "win") return plural("rv.winIn", label.moves, { color });
  if (label.kind === "equal") return t("rv.equal");
  return t(`rv.${label.kind}`, { color });
}

export class GameReview {
  /**
   * @param {ReviewGame} game the game's part
   * @param {{
   *   engine: import("./engine/client.js").EngineClient,
   *   snapshot: () => { start: string, actions: string[] },
   *   view: () => object | null,
   *   goto: (ply: number) => void,
   *   say: (text: string) => void,
   * }} page the game page's: its engine, its game's record, its view, a move
   *   of it shown, a message said (the board and the list of moves are the
   *   game page's #board and #moves)
   */
  constructor(game, page) {
    this.deps = { game, ...page };
    this.run = 0; // bumped to end the review under way
    /** @type {{ start: string, actions: string[] } | null} */
    this.game = null;
    /** @type {Bridge.ReviewedPly[]} the engine's answers, one per position */
    this.plies = [];
    /** @type {Report | null} */
    this.report = null;
    this.arrow = false; // the board shows our better move
    this.ui = {
      start: /** @type {HTMLButtonElement} */ (document.querySelector("#review-start")),
      stop: /** @type {HTMLButtonElement} */ (document.querySelector("#review-stop")),
      note: /** @type {HTMLElement} */ (document.querySelector("#review-note")),
      running: /** @type {HTMLElement} */ (document.querySelector("#review-running")),
      progress: /** @type {HTMLProgressElement} */ (document.querySelector("#review-progress")),
      progressText: /** @type {HTMLElement} */ (document.querySelector("#review-progress-text")),
      graph: /** @type {HTMLElement} */ (document.querySelector("#review-graph")),
      label: /** @type {HTMLElement} */ (document.querySelector("#review-label")),
      verdict: /** @type {HTMLElement} */ (document.querySelector("#review-verdict")),
      summary: /** @type {HTMLTableElement} */ (document.querySelector("#review-summary")),
      moves: /** @type {HTMLElement} */ (document.querySelector("#moves")),
      board: /** @type {HTMLCanvasElement} */ (document.querySelector("#board")),
    };
    this.ui.start.addEventListener("click", () => this.start());
    this.ui.graph.addEventListener("keydown", (event) => this.onGraphKey(event));
    // The end of a game offers the review too: it starts it and shows the panel.
    document.querySelector("#result-review")?.addEventListener("click", () => {
      document.querySelector("#game-review")?.scrollIntoView({ block: "nearest" });
      this.start();
    });
    this.ui.stop.addEventListener("click", () => this.stop());
    this.ui.graph.addEventListener("click", (event) => {
      if (!this.report) return;
      const box = this.ui.graph.getBoundingClientRect();
      const last = this.report.graph.length - 1;
      if (last < 1 || box.width <= 0) return;
      const ply = Math.round(((event.clientX - box.left) / box.width) * (this.game?.actions.length ?? 0));
      this.deps.goto(Math.max(0, Math.min(last, ply)));
    });
  }

  /**
   * The graph is a slider over the positions: the arrows, Home and End step
   * through the game as in the move list.
   * @param {KeyboardEvent} event
   */
  onGraphKey(event) {
    const view = this.glance();
    const last = (this.report?.graph.length ?? 0) - 1;
    if (!view || last < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const now = view.ply;
    /** @type {{[key: string]: number}} */
    const steps = { ArrowLeft: now - 1, ArrowDown: now - 1, ArrowRight: now + 1, ArrowUp: now + 1, Home: 0, End: last };
    if (!(event.key in steps)) return;
    event.preventDefault();
    this.deps.goto(Math.max(0, Math.min(last, steps[event.key])));
  }

  /** @returns {Glance | null} the view shown, as the review reads it */
  glance() {
    const view = this.deps.view();
    return view ? this.deps.game.glance(view) : null;
  }

  /** Review the game on the board from its first move. */
  async start() {
    const { engine, game, say } = this.deps;
    const view = this.glance();
    if (!view) return;
    if (view.players !== 2) {
      this.ui.note.textContent = t("rv.twoOnly");
      return;
    }
    const snapshot = this.deps.snapshot();
    if (!snapshot.actions.length) {
      this.ui.note.textContent = t("rv.noMoves");
      return;
    }
    const run = ++this.run;
    const actions = snapshot.actions;
    this.game = { start: snapshot.start, actions };
    this.plies = [];
    this.report = null;
    this.ui.note.textContent = "";
    this.setState("running");
    this.showProgress();
    const depth = debug().reviewDepth; // undefined: not sent, the review's default
    const started = performance.now();
    try {
      for (let ply = 0; ply <= actions.length; ply++) {
        let answer;
        do {
          // The computer's own move goes first (Ai.think cancels this search), and a
          // worker that died is replaced by the engine client: ask again.
          const request = { id: run, game: game.name, start: snapshot.start, actions, ply, depth };
          answer = await this.askAgain(engine, run, "review", request);
          if (run !== this.run) return;
        } while (answer.cancelled);
        this.plies.push(answer);
        const report = await this.askAgain(engine, run, "review_report", {
          game: game.name,
          actions,
          plies: this.plies,
        });
        if (run !== this.run) return;
        this.report = report;
        this.showProgress();
        this.refresh();
      }
      document.body.dataset.reviewMs = String(Math.round(performance.now() - started));
      this.setState("done");
      say(this.summaryText());
    } catch (error) {
      if (run !== this.run) return;
      this.setState("error");
      say(t("rv.error", { error: String(/** @type {any} */ (error)?.message ?? error) }));
    }
  }

  /**
   * The engine's answer for the review; a worker that dies meanwhile is
   * replaced by the engine client, and the position is asked again of the
   * fresh one (the client gives up after its restarts: then this rejects).
   * @template {"review" | "review_report"} K
   * @param {import("./engine/client.js").EngineClient} engine
   * @param {number} run
   * @param {K} name
   * @param {Bridge.WorkerRequest<K>} request
   * @returns {Promise<Bridge.WorkerAnswer<K>>}
   */
  async askAgain(engine, run, name, request) {
    for (;;) {
      try {
        // Never null: a request sent without `wanted` is always sent.
        return /** @type {Bridge.WorkerAnswer<K>} */ (await engine.call(name, request));
      } catch (error) {
        if (!(/** @type {any} */ (error)?.dead) || run !== this.run || engine.status === "error") throw error;
      }
    }
  }

  /** End the review under way; what was found so far stays shown. */
  stop() {
    if (document.body.dataset.review !== "running") return;
    this.run += 1;
    this.deps.engine.cancel("review");
    this.setState("stopped");
    this.deps.say(t("rv.stopped"));
    this.refresh();
  }

  /** Forget the review (the game changed). */
  clear() {
    if (document.body.dataset.review === "running") this.deps.engine.cancel("review");
    this.run += 1;
    this.game = null;
    this.plies = [];
    this.report = null;
    delete document.body.dataset.review;
    this.setState("");
  }

  /** @param {string} state */
  setState(state) {
    if (state) document.body.dataset.review = state;
    const running = state === "running";
    this.ui.start.hidden = running;
    this.ui.stop.hidden = !running;
    this.ui.running.hidden = !running;
    this.ui.start.textContent = t(state === "done" ? "rv.again" : "rv.start");
  }

  showProgress() {
    const total = (this.game?.actions.length ?? 0) + 1;
    this.ui.progress.max = total;
    this.ui.progress.value = this.plies.length;
    this.ui.progressText.textContent = t("rv.progress", { n: this.plies.length, total });
  }

  summaryText() {
    const summary = this.report?.summary ?? {};
    const { colors, colorName } = this.deps.game;
    return colors
      .map((color) =>
        t("rv.summaryLine", {
          color: colorName(color),
          inaccuracies: plural("rv.inaccuracies", summary[color]?.inaccuracy ?? 0),
          mistakes: plural("rv.mistakes", summary[color]?.mistake ?? 0),
          blunders: plural("rv.blunders", summary[color]?.blunder ?? 0),
        }),
      )
      .join(" ");
  }

  /** Show what the review found so far, without drawing the rest of the page again. */
  refresh() {
    const view = this.deps.view();
    if (view) this.update(view);
  }

  /**
   * After every render: end a review of another game, and show the verdicts
   * for the position on the board.
   * @param {object} view the page's view of the game (its ReviewGame reads it)
   */
  update(view) {
    const state = this.deps.game.glance(view);
    const { colorName } = this.deps.game;
    const all = state.actions;
    this.ui.start.disabled = state.players !== 2 || all.length === 0;
    const offer = document.querySelector("#result-review");
    if (offer instanceof HTMLElement) offer.hidden = state.players !== 2 || !!this.report;
    if (state.players !== 2) this.ui.note.textContent = t("rv.twoOnly");
    if (this.game && (all.length !== this.game.actions.length || all.some((a, i) => a !== this.game?.actions[i]))) {
      this.clear();
    }
    const report = this.report;
    this.ui.graph.hidden = !report;
    this.ui.summary.hidden = !report;
    if (!report) {
      this.ui.label.textContent = "";
      this.ui.verdict.textContent = "";
      this.showArrow(null);
      return;
    }
    /** @type {Map<number, Verdict>} */
    const verdicts = new Map(report.moves.map((v) => [v.ply, v]));
    for (const cell of this.ui.moves.querySelectorAll("button.ply[data-ply]")) {
      if (!(cell instanceof HTMLElement)) continue;
      const verdict = verdicts.get(Number(cell.dataset.ply));
      if (!verdict || cell.dataset.review === verdict.kind) continue;
      cell.querySelector(".review-mark")?.remove(); // marked before, by a shorter review
      cell.dataset.label ??= cell.getAttribute("aria-label") ?? "";
      cell.dataset.review = verdict.kind;
      const mark = MARKS[verdict.kind];
      if (mark) {
        const span = document.createElement("span");
        span.className = "review-mark";
        span.textContent = mark;
        cell.append(span);
      }
      cell.setAttribute("aria-label", `${cell.dataset.label}, ${t(`rv.kind.${verdict.kind}`)}`);
    }
    const ply = state.ply;
    this.drawGraph(report, ply);
    const label = report.labels[ply];
    this.ui.label.textContent = label ? labelText(label, colorName) : "";
    const verdict = verdicts.get(ply);
    if (verdict) {
      const parts = [
        t("rv.verdict", {
          n: ply,
          color: colorName(verdict.color),
          action: all[ply - 1],
          kind: t(`rv.kind.${verdict.kind}`),
        }),
      ];
      const worse = verdict.kind !== "best" && verdict.kind !== "good";
      if (worse && verdict.best) parts.push(t("rv.bestLine", { action: verdict.best, line: verdict.pv.join(" ") }));
      this.ui.verdict.textContent = parts.join(" ");
      this.showArrow(worse ? verdict.best : null);
    } else {
      this.ui.verdict.textContent = "";
      this.showArrow(null);
    }
    this.drawSummary(report);
  }

  /** @param {string | null} best the better move to draw, or none */
  showArrow(best) {
    const { game } = this.deps;
    const canvas = this.ui.board;
    if (best) {
      if (!game.showBest(best)) return;
      canvas.dataset.reviewBest = best;
      this.arrow = true;
    } else if (this.arrow) {
      if (!game.showBest(null)) return;
      delete canvas.dataset.reviewBest;
      this.arrow = false;
    }
  }

  /**
   * @param {Report} report
   * @param {number} current the ply shown on the board
   */
  drawGraph(report, current) {
    const total = this.game?.actions.length ?? 1;
    const x = (/** @type {number} */ ply) => (ply / Math.max(1, total)) * WIDTH;
    const y = (/** @type {number} */ value) => ((1 - value) / 2) * HEIGHT;
    const points = report.graph.map((value, ply) => `${x(ply).toFixed(1)},${y(value).toFixed(1)}`);
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
    svg.setAttribute("preserveAspectRatio", "none");
    svg.setAttribute("aria-hidden", "true");
    /** @param {string} name @param {{[key: string]: string}} attrs */
    const add = (name, attrs) => {
      const el = document.createElementNS(SVG, name);
      for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
      svg.append(el);
      return el;
    };
    add("rect", { class: "review-red", x: "0", y: "0", width: String(WIDTH), height: String(HEIGHT) });
    if (points.length > 1) {
      const end = x(report.graph.length - 1).toFixed(1);
      add("polygon", { class: "review-white", points: `0,${HEIGHT} ${points.join(" ")} ${end},${HEIGHT}` });
      add("polyline", { class: "review-line", points: points.join(" "), "vector-effect": "non-scaling-stroke" });
    }
    add("line", { class: "review-mid", x1: "0", x2: String(WIDTH), y1: "50", y2: "50", "vector-effect": "non-scaling-stroke" });
    for (const verdict of report.moves) {
      if (verdict.kind !== "mistake" && verdict.kind !== "blunder") continue;
      const value = report.graph[verdict.ply] ?? 0;
      add("line", {
        class: `review-dot review-${verdict.kind}`,
        x1: x(verdict.ply).toFixed(1),
        x2: x(verdict.ply).toFixed(1),
        y1: (y(value) - 4).toFixed(1),
        y2: (y(value) + 4).toFixed(1),
        "vector-effect": "non-scaling-stroke",
      });
    }
    add("line", {
      class: "review-now",
      x1: x(current).toFixed(1),
      x2: x(current).toFixed(1),
      y1: "0",
      y2: String(HEIGHT),
      "vector-effect": "non-scaling-stroke",
    });
    this.ui.graph.replaceChildren(svg);
    this.ui.graph.dataset.plies = String(report.graph.length);
    const [top, bottom] = this.deps.game.colors.map((color) => this.deps.game.colorName(color));
    this.ui.graph.setAttribute("aria-label", t("rv.graphLabel", { top, bottom }));
    this.ui.graph.setAttribute("aria-valuemax", String(Math.max(0, report.graph.length - 1)));
    this.ui.graph.setAttribute("aria-valuenow", String(current));
    const label = report.labels[current];
    const said = label ? labelText(label, this.deps.game.colorName) : "";
    this.ui.graph.setAttribute("aria-valuetext", t("rv.graphValue", { n: current, label: said }));
  }

  /** @param {Report} report */
  drawSummary(report) {
    const head = document.createElement("tr");
    const corner = document.createElement("th");
    corner.scope = "col";
    const cornerText = document.createElement("span");
    cornerText.className = "visually-hidden"; // the colours' names say it; room for the counts on a phone
    cornerText.textContent = t("rv.player");
    corner.append(cornerText);
    head.append(corner);
    for (const kind of SHOWN) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = t(`rv.count.${kind}`);
      head.append(th);
    }
    const rows = this.deps.game.colors.map((color) => {
      const row = document.createElement("tr");
      const name = document.createElement("th");
      name.scope = "row";
      name.textContent = this.deps.game.colorName(color);
      row.append(name);
      for (const kind of SHOWN) {
        const cell = document.createElement("td");
        cell.dataset.color = color;
        cell.dataset.kind = kind;
        cell.textContent = String(report.summary[color]?.[kind] ?? 0);
        row.append(cell);
      }
      return row;
    });
    this.ui.summary.replaceChildren(head, ...rows);
  }
}
