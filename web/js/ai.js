// @ts-check
// The computer player on the page: who plays which colour, asking the engine
// for moves and hints, the "thinking" indicator, pause and undo.
//
// The searches run in the engine worker, reached through the engine client
// (web/js/engine/client.js), which starts it once the board is ready, keeps
// at most one search in it and replaces a worker that dies (its health
// policy is the same on every page). A "think" request names the game
// (deps.game, "mixtour" unless the page says otherwise) and carries the
// game as it is now: its start and the actions played (deps.game()'s
// snapshot), so the engine always sees the position of the game at that
// moment.
//
// Every request carries the page's generation number; any change of the game
// (a move, undo, redo, new game, pause) bumps it, and an answer for an older
// generation is dropped, so a stale move is never played. A change of the
// game also cancels the search under way (the client sends `cancel`), so the
// next answer comes within its own budget.
//
// A worker that raised is given up as a dead one is; the client starts a
// fresh one and, once it is ready, the computer asks again: the game stays
// as it is, so no move is lost. When the client gives up, the page says the
// computer cannot be had and offers to try again or to play on with people
// at every seat.
//
// Test hooks (besides the client's body[data-ai], data-ai-restarts and
// data-ai-searches):
//   window.mixtourDebug      (set by tests) {demoDelayMs, replyDelayMs (the paces
//                            of web/js/pace.js), crashNext}
//   #ai-unavailable          the message and its buttons once the worker cannot be had
//   #board[data-thinking]    "1" while the AI searches a move or a hint
//   #board[data-hint]        the hinted action (N1) while it is shown
//   #board[data-seats]       e.g. "w:0 r:6" (0 = human, 1-6 = AI level)

import { t, colorName } from "./i18n.js";
import { LEVELS } from "./notation.js";
import { EngineClient, playedGame } from "./engine/client.js";
import { showUnavailable } from "./engine/unavailable.js";
import { showThinking } from "./thinking.js";
import { computerPaceMs } from "./pace.js";

const HINT_LEVEL = 5; // Expert: a fixed node budget, the same hint every time

/**
 * The AI worker's answer to "think" (web/py/ai_worker.py; its shape is the
 * contract's, web/py/contract.py).
 * @typedef {Bridge.Thought & { action: Bridge.ActionView, stale?: undefined }} AiAnswer
 */

/**
 * The page's parts the computer player drives.
 * @typedef {object} AiUi
 * @property {HTMLCanvasElement} canvas the board
 * @property {HTMLElement} hint the line that says what to click
 * @property {HTMLButtonElement} hintButton
 * @property {HTMLButtonElement} pauseButton
 * @property {HTMLFormElement} form the new-game form, with its seat-w, seat-r, seat-b selects
 */

/**
 * What the computer player needs of the page.
 * @typedef {object} AiDeps
 * @property {() => Bridge.View | null} view
 * @property {Bridge.Call} call
 * @property {(state: Bridge.View) => void} render
 * @property {(text: string) => void} play
 * @property {(text: string) => void} say
 * @property {import("./mixtour-board.js").Board} board
 * @property {AiUi} ui
 * @property {"mixtour" | "tor"} [game] the game the engine plays (web/py/ai_worker.py's "game"; "mixtour" by default)
 * @property {(state: Bridge.View) => boolean} [mayMove] whether the person here may move now
 *   (a game by link: only their own colour); a hint is only offered to them
 * @property {import("./computer-lock.js").ComputerLock} [lock] which tab plays the
 *   computer's moves of the game on the board (web/js/computer-lock.js); all if absent
 */

/** What the AI is working on. @typedef {{generation: number, kind: "move" | "hint", color: string}} Thinking */

export class Ai {
  /**
   * deps: {view() -> state, call, render, play(text), say, board, ui}
   * @param {AiDeps} deps
   */
  constructor(deps) {
    this.deps = deps;
    /** @type {Seats} */
    this.seats = { w: 0, r: 0, b: 0 };
    this.generation = 0;
    /** @type {Thinking | null} */
    this.thinking = null; // {generation, kind: "move"|"hint", color}
    this.paused = false;
    this.browsing = false; // a finished game looked back at: the computer does not play (web/js/app.js)
    /** @type {string | null} */
    this.hint = null; // text of the hint shown for the current position
    this.timer = 0;
    this.scheduled = false; // a move chosen, waiting for its pace before it is played
    this.engine = new EngineClient({ say: deps.say, onStatus: (status) => this.engineStatus(status) });
    const ui = deps.ui;
    ui.hintButton.addEventListener("click", () => this.askHint());
    ui.pauseButton.addEventListener("click", () => this.togglePause());
    ui.form.addEventListener("change", (event) => {
      const field = event.target;
      if (field instanceof HTMLInputElement && field.name === "players") this.showSeats(Number(field.value));
    });
    for (const color of ["w", "r", "b"]) {
      const select = this.seatSelect(color);
      const human = new Option(t("dialog.human"), "0");
      const levels = LEVELS.map((n) => new Option(t("dialog.computer", { level: t(`level.${n}`) }), String(n)));
      select.replaceChildren(human, ...levels);
    }
    this.publishSeats();
    // A link that says who the computer is (ai=N or ai=r3): those seats, at once.
    window.addEventListener("mixtour:link-loaded", (event) => {
      const seats = event.detail?.seats;
      const view = deps.view();
      if (!seats || !view) return;
      this.setSeats(seats, { refresh: false });
      deps.render(view);
    });
  }

  // -- the engine ---------------------------------------------------------------

  /**
   * Start the engine (once): with the page when the computer will play, when
   * a computer takes a seat, or at the first request (a hint, a review); a
   * game of people alone never starts it. body[data-ai] tells how it went.
   */
  start() {
    this.engine.start().catch(() => {}); // a failed start: the client restarts it
  }

  /**
   * The client's status changed: ask again once a (fresh) worker is ready;
   * once it gave up, say the computer cannot be had.
   * @param {import("./engine/client.js").EngineStatus} status
   */
  engineStatus(status) {
    if (status === "ready") {
      this.update(false);
    } else if (status === "restarting") {
      this.generation += 1; // whatever the old worker was asked is gone with it
      this.setThinking(null);
    } else if (status === "error") {
      this.generation += 1;
      this.paused = true;
      this.setThinking(null);
      this.showUnavailable();
      this.update(false);
    }
  }

  /**
   * A request failed: a worker that raised is given up (the client starts a
   * fresh one); a dead one the client has already replaced.
   * @param {any} error an EngineError, or what a promise was rejected with
   */
  failed(error) {
    this.setThinking(null);
    if (!error?.dead) this.engine.fail(String(error?.message ?? error));
  }

  /** The computer cannot be had: say so, and offer to retry or to play on with people. */
  showUnavailable() {
    showUnavailable({
      retry: () => {
        this.paused = false;
        this.engine.retry();
        this.refresh();
      },
      humans: () => {
        this.setSeats({});
        const view = this.deps.view();
        if (view) this.deps.render(view);
        this.deps.say(t("msg.aiHumans"));
      },
    });
  }

  /** The game on the board as the engine reads it: its start and the actions played. */
  game() {
    return playedGame(this.deps.call("snapshot"));
  }

  /**
   * Ask the engine for a move of the game as it is now; resolves to the
   * parsed answer, or to {stale: true} when the request was overtaken while
   * it waited for the search before it.
   * @param {{id: number, level: number}} request
   * @returns {Promise<AiAnswer | {stale: true, id?: undefined}>}
   */
  async think(request) {
    const wanted = () => request.id === this.generation;
    const answer = await this.engine.call(
      "think",
      { game: this.deps.game ?? "mixtour", ...this.game(), ...request },
      { wanted, cancelOthers: true },
    );
    // Mixtour's page: a Mixtour action (Tor's page has its own computer, tor/computer.js).
    return answer ? /** @type {AiAnswer} */ (answer) : { stale: true };
  }

  /**
   * body[data-ai-busy] while the computer has anything under way: a request in
   * the worker, a search the page waits for, a move waiting for its pace, or a
   * fresh worker starting after a failure.
   * Its absence is the test hook for "nothing more will happen by itself".
   */
  showBusy() {
    const restarting = this.engine.status === "restarting"; // asked again once the fresh worker is ready
    const busy = Boolean(this.thinking || this.engine.busyWith || this.scheduled || restarting);
    document.body.toggleAttribute("data-ai-busy", busy);
  }

  /**
   * End the engine's current request if it is a `name` (a review stopped
   * leaves the computer's own search alone).
   * @param {string} name
   */
  cancelRequest(name) {
    this.engine.cancel(name);
  }

  // -- seats ------------------------------------------------------------------------

  /** @param {string} color */
  level(color) {
    return this.seats[color] || 0;
  }

  /** @param {Bridge.View | null} state */
  isAiTurn(state) {
    return !!state && !state.over && this.level(state.turn) > 0;
  }

  /** @param {Bridge.View} state */
  humans(state) {
    return state.colors.filter((color) => !this.level(color));
  }

  /**
   * A mixed game: undo and redo step over the computer's moves.
   * @param {Bridge.View} state
   */
  mixed(state) {
    const humans = this.humans(state).length;
    return humans > 0 && humans < state.players;
  }

  /**
   * "Computer, 6 Master" for an AI seat, "" for a human.
   * @param {string} color
   */
  seatLabel(color) {
    const level = this.level(color);
    return level ? t("player.computer", { level: t(`level.${level}`) }) : "";
  }

  /**
   * Set who plays: {w: 0, r: 6} (0 = human, 1-6 = AI level); takes effect at once.
   * @param {Seats} seats
   * @param {{refresh?: boolean}} [options] refresh: show it now
   */
  setSeats(seats, { refresh = true } = {}) {
    this.seats = { w: 0, r: 0, b: 0 };
    for (const color of Object.keys(this.seats)) {
      const level = Number(seats[color] ?? 0);
      this.seats[color] = LEVELS.includes(level) ? level : 0;
    }
    this.paused = false;
    this.cancel();
    this.publishSeats();
    // A computer in the game: its worker boots now, so that its first move does not wait for it.
    if (Object.values(this.seats).some((level) => level > 0)) this.start();
    if (refresh) this.update(false);
  }

  publishSeats() {
    this.deps.ui.canvas.dataset.seats = Object.entries(this.seats)
      .map(([color, level]) => `${color}:${level}`)
      .join(" ");
  }

  /**
   * The new-game form's choice of who plays `color`.
   * @param {string} color
   * @returns {HTMLSelectElement}
   */
  seatSelect(color) {
    return /** @type {HTMLSelectElement} */ (this.deps.ui.form.elements.namedItem(`seat-${color}`));
  }

  /**
   * Put the current seats into the new-game form.
   * @param {number} players
   */
  fillSeats(players) {
    for (const [color, level] of Object.entries(this.seats)) {
      this.seatSelect(color).value = String(level);
    }
    this.showSeats(players);
  }

  /** @param {number} players */
  showSeats(players) {
    const blue = /** @type {HTMLElement} */ (this.deps.ui.form.querySelector('.seat[data-color="b"]'));
    blue.hidden = players < 3;
  }

  /**
   * The seats chosen in the new-game form.
   * @param {number} players
   */
  readSeats(players) {
    /** @type {Seats} */
    const seats = {};
    for (const color of ["w", "r", "b"].slice(0, players)) {
      seats[color] = Number(this.seatSelect(color).value);
    }
    return seats;
  }

  // -- following the game ---------------------------------------------------------------

  /** Drop whatever the AI is working on: its answer will be ignored. */
  cancel() {
    this.generation += 1;
    clearTimeout(this.timer);
    this.scheduled = false;
    this.setThinking(null);
    this.engine.cancel();
  }

  /**
   * Called after every render; `changed` is true when the game changed.
   * @param {boolean} changed
   */
  update(changed) {
    const view = this.deps.view();
    if (changed) {
      this.generation += 1;
      clearTimeout(this.timer);
      this.scheduled = false;
      this.showHint(null);
      this.cancelRequest("think"); // a game review's request carries on (web/js/game-review.js)
    }
    if (this.thinking && this.thinking.generation !== this.generation) this.setThinking(null);
    if (
      view &&
      this.isAiTurn(view) &&
      !this.paused &&
      !this.browsing &&
      this.here() &&
      document.body.dataset.ai !== "error"
    ) {
      this.requestMove(view);
    }
    this.refresh();
    this.showBusy();
  }

  /** Whether this tab plays the computer's moves of the game (another tab may). */
  here() {
    return this.deps.lock?.mine ?? true;
  }

  /** @param {Bridge.View} view */
  requestMove(view) {
    if (this.thinking && this.thinking.kind === "move") return;
    const generation = this.generation;
    const color = view.turn;
    const level = this.level(color);
    const started = performance.now();
    const delay = computerPaceMs(this.humans(view).length > 0, view.ply);
    this.setThinking({ generation, kind: "move", color });
    this.think({ id: generation, level }).then(
      (answer) => {
        if (generation !== this.generation || answer.id !== generation) return; // stale
        if (this.thinking?.generation !== generation) return;
        const received = performance.now();
        const wait = Math.max(0, delay - (received - started));
        this.scheduled = true;
        this.showBusy();
        this.timer = setTimeout(() => this.playAnswer(generation, /** @type {AiAnswer} */ (answer), received), wait);
      },
      (error) => {
        if (generation === this.generation) this.failed(error);
      },
    );
  }

  /**
   * @param {number} generation
   * @param {AiAnswer} answer
   * @param {number} received when the answer came (performance.now())
   */
  playAnswer(generation, answer, received) {
    this.scheduled = false;
    this.showBusy();
    if (generation !== this.generation || this.paused) return;
    this.setThinking(null);
    if (!this.here()) return; // another tab took the game over: it plays
    this.deps.ui.canvas.dataset.aiInfo = JSON.stringify({
      move: answer.move,
      level: answer.level,
      depth: answer.depth,
      nodes: answer.nodes,
      time_ms: answer.time_ms,
      // When the search's answer came, on the page's clock: the search ran
      // the time_ms before it (tests look at the frames drawn meanwhile).
      received: Math.round(received),
    });
    this.deps.play(answer.move);
  }

  // -- hints --------------------------------------------------------------------------

  askHint() {
    const view = this.deps.view();
    // No engine help in a game by link: the moves are the two players' own.
    if (!view || view.over || view.corr || this.isAiTurn(view) || this.thinking) return;
    const generation = this.generation;
    this.setThinking({ generation, kind: "hint", color: view.turn });
    this.refresh();
    this.think({ id: generation, level: HINT_LEVEL }).then(
      (answer) => {
        if (generation !== this.generation || answer.id !== generation) return;
        this.setThinking(null);
        this.showHint(/** @type {AiAnswer} */ (answer));
        this.deps.say(t("msg.hint", { action: answer.move }));
        this.refresh();
      },
      (error) => {
        if (generation === this.generation) this.failed(error);
      },
    );
  }

  /** @param {AiAnswer | null} answer */
  showHint(answer) {
    const canvas = this.deps.ui.canvas;
    this.hint = answer ? answer.move : null;
    if (answer) canvas.dataset.hint = answer.move;
    else delete canvas.dataset.hint;
    this.deps.board.set({ hint: answer ? answer.action : null });
  }

  // -- pause, undo and redo ------------------------------------------------------------

  togglePause() {
    if (this.paused) {
      this.paused = false;
      const id = document.body.dataset.gameId;
      if (id) this.deps.lock?.claim(id); // the computer plays on here
      if (this.engine.status === "error") this.engine.retry();
      this.deps.say(t("msg.resumed"));
    } else {
      this.paused = true;
      this.cancel();
      this.deps.say(t("msg.paused"));
    }
    this.update(false);
  }

  /**
   * Undo or redo ("undo" | "redo"): against the computer, its moves are
   * taken back (or replayed) together with the player's, so that it is a
   * human's turn again. In a game of computers only, one step pauses the demo.
   * Returns {state, actions} (the actions taken back or replayed).
   * @param {"undo" | "redo"} direction
   */
  step(direction) {
    const { call, view } = this.deps;
    const before = /** @type {Bridge.View} */ (view());
    const can = direction === "undo" ? "canUndo" : "canRedo";
    /** @type {string[]} */
    const actions = [];
    let state = before;
    this.cancel();
    const once = () => {
      actions.push(direction === "undo" ? state.moves[state.moves.length - 1] : state.future[0]);
      state = call(direction);
    };
    if (state[can]) once();
    if (this.mixed(before)) {
      while (state[can] && this.level(state.turn) > 0) once();
    } else if (!this.humans(before).length) {
      this.paused = true;
    }
    if (direction === "undo") actions.reverse();
    return { state, actions: actions.filter(Boolean) };
  }

  // -- what the page shows ------------------------------------------------------------

  /** @param {Thinking | null} thinking */
  setThinking(thinking) {
    this.thinking = thinking;
    const canvas = this.deps.ui.canvas;
    if (thinking) canvas.dataset.thinking = "1";
    else delete canvas.dataset.thinking;
    this.refresh();
    this.showBusy();
  }

  refresh() {
    const { ui } = this.deps;
    const view = this.deps.view();
    const thinking = this.thinking;
    const aiState = document.body.dataset.ai;
    const aiTurn = !!view && this.isAiTurn(view);
    // The line under the turn (web/js/thinking.js, shared with Tor's page).
    showThinking({
      kind: thinking?.kind ?? null,
      player: thinking ? colorName(thinking.color) : "",
      lookingBack: this.browsing,
      paused: this.paused && aiTurn,
      elsewhere: aiTurn && !view?.over && !this.here(),
    });
    if (aiTurn) ui.hint.textContent = ""; // no "click a square" for the AI's turn
    const humans = view ? this.humans(view).length : 1;
    ui.hintButton.hidden = humans === 0 || !!view?.corr; // a game by link: no engine help
    const mayMove = this.deps.mayMove;
    ui.hintButton.disabled =
      !view ||
      view.over ||
      this.isAiTurn(view) ||
      !!thinking ||
      // A worker not started yet is started by the hint; one starting or given up is waited for.
      (aiState !== undefined && aiState !== "ready") ||
      (!!mayMove && !mayMove(view));
    const anyAi = !!view && view.colors.some((color) => this.level(color) > 0);
    ui.pauseButton.hidden = !anyAi || view.over || this.browsing || (humans > 0 && !this.paused);
    ui.pauseButton.textContent = t(this.paused ? "button.resume" : "button.pause");
  }
}
