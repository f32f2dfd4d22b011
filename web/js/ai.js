// @ts-check
// The computer player on the page: who plays which colour, asking the AI
// worker for moves and hints, the "thinking" indicator, pause and undo.
//
// The search runs in a PyScript worker (web/py/ai_worker.py), started by the
// main-thread Python (web/py/ai_host.py) only once the board is ready. The page
// sends JSON text and gets JSON text back:
//
//   python.ai_start(src, config)          create the worker (once)
//   python.ai_restart(src, config)        stop it and create a fresh one
//   python.ai_call("ping")                -> Promise of '{"ok": true, ...}' once it is up
//   python.ai_call("think", request)      -> Promise of the answer (see ai_worker.py)
//
// A "think" request names the game (deps.game, "mixtour" unless the page
// says otherwise); ai_host.py adds the game's start position and actions played,
// so the AI always sees the position of the game at that moment.
// Every request carries the page's generation number; any change of the game
// (a move, undo, redo, new game, pause) bumps it, and an answer for an older
// generation is dropped, so a stale move is never played.
//
// Cancelling: a change of the game sends the worker `cancel`, which ends its
// search at once (the search visits the worker's event loop every few tens of
// milliseconds, see ai_worker.py). The page keeps at most one search in the
// worker: a new one is sent when the cancelled one has answered, so however
// many searches were cancelled, the next answer comes within its own budget
// plus the time the cancel takes to arrive.
//
// A dead worker: while a request is out, the page pings the worker every
// HEARTBEAT_MS; the worker answers pings during a search too, so one silent
// for SILENCE_MS (plus the search's budget where the browser cannot interrupt
// a search) is dead. A worker whose script cannot start (a failed download)
// is noticed at once through its error event. Either is restarted with a fresh
// one and asked again: the game stays as it is, so no move is lost. After
// MAX_RESTARTS failures in a row the page says the computer cannot be had and
// offers to try again or to play on with people at every seat.
//
// Test hooks:
//   body[data-ai]            loading | ready | restarting | error
//   body[data-ai-restarts]   how many times the worker was restarted
//   body[data-ai-searches]   searches sent to the worker (cancelled ones included)
//   window.mixtourDebug      (set by tests) {aiTimeoutMs (silence limit), aiStartTimeoutMs,
//                            demoDelayMs, replyDelayMs (the least time before an answer to a person),
//                            crashNext: true -> the next request makes the worker raise}
//   #ai-unavailable          the message and its buttons once the worker cannot be had
//   #board[data-thinking]    "1" while the AI searches a move or a hint
//   #board[data-hint]        the hinted action (N1) while it is shown
//   #board[data-seats]       e.g. "w:0 r:6" (0 = human, 1-6 = AI level)

import { t, colorName } from "./i18n.js";
import { LEVELS } from "./notation.js";

const WORKER_SRC = "./py/ai_worker.py";
const WORKER_CONFIG = "./pyscript.json";
const HINT_LEVEL = 5; // Expert: a fixed node budget, the same hint every time
const REPLY_DELAY_MS = 250; // the player sees their move land before the answer
const DEMO_DELAY_MS = 700; // between moves when only computers play
const HEARTBEAT_MS = 1_000; // a ping while a request is out
const SILENCE_MS = 4_000; // a worker that answers nothing for this long is dead
const MAX_SEARCH_MS = 10_000; // the worker's own cap on one search (ai_worker.MAX_TIME_MS)
const START_TIMEOUT_MS = 180_000; // booting Pyodide in the worker on a busy machine
const MAX_RESTARTS = 3;
const RETRY_DELAY_MS = 1_000; // before the second restart in a row (twice that before the third)

/** @returns {MixtourDebug} */
const debug = () => window.mixtourDebug || {};

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
 * @property {HTMLElement} thinking
 * @property {HTMLElement} thinkingText
 */

/**
 * What the computer player needs of the page.
 * @typedef {object} AiDeps
 * @property {() => Bridge.GamePage | null} python
 * @property {() => Bridge.View | null} view
 * @property {Bridge.Call} call
 * @property {(state: Bridge.View) => void} render
 * @property {(text: string) => void} play
 * @property {(text: string) => void} say
 * @property {import("./board.js").Board} board
 * @property {AiUi} ui
 * @property {string} [game] the game the worker plays (web/py/ai_worker.py's "game"; "mixtour" by default)
 * @property {(state: Bridge.View) => boolean} [mayMove] whether the person here may move now
 *   (a game by link: only their own colour); a hint is only offered to them
 * @property {import("./computer-lock.js").ComputerLock} [lock] which tab plays the
 *   computer's moves of the game on the board (web/js/computer-lock.js); all if absent
 */

/** What the AI is working on. @typedef {{generation: number, kind: "move" | "hint", color: string}} Thinking */

/** The promise, or a rejection after `ms` milliseconds without an answer. */
/**
 * A worker that fails to start (say, a file it needs could not be fetched)
 * rejects the ping, and failed() restarts it; PyScript would also print the
 * failure as a console error. Report it as the warning it is instead, once
 * PyScript has made the newest worker script's xworker.
 * @param {(script: HTMLScriptElement, reason: string) => void} onError
 */
function watchWorkerErrors(onError, tries = 200) {
  const script = [...document.querySelectorAll('script[type="py"][worker]')]
    .filter((element) => element instanceof HTMLScriptElement)
    .at(-1);
  if (script?.xworker) {
    script.xworker.onerror = (/** @type {any} */ event) => {
      const reason = event?.error?.message ?? event?.message ?? String(event?.error ?? event);
      console.warn("AI worker could not start:", reason);
      onError(script, reason);
    };
  } else if (tries > 0) {
    setTimeout(() => watchWorkerErrors(onError, tries - 1), 50);
  }
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms) {
  let timer = 0;
  /** @type {Promise<never>} */
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(t("msg.aiTimeout"))), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class Ai {
  /**
   * deps: {python() -> window.mixtourPython or null, view() -> state,
   *        call, render, play(text), say, board, ui}
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
    this.restarts = 0; // failures in a row
    /** @type {Promise<string> | null} */
    this.inFlight = null; // the worker's current search (a promise), at most one
    this.inFlightKind = ""; // the worker function it called ("think", "review", ...)
    this.cancelSent = false;
    this.searches = 0;
    /** @type {Promise<string> | null} */
    this.booted = null; // resolves when the current worker answered its first ping
    /** @type {((error: Error) => void) | null} */
    this.failStart = null; // rejects the wait for the current worker (its script failed)
    this.workerSerial = 0;
    this.yields = false;
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
    // Should PyScript still fail to download a starting worker's script (after
    // our own download worked), it leaves an unhandled "Failed to fetch": that
    // is this worker failing to start, not an error of the page.
    window.addEventListener("unhandledrejection", (event) => {
      const reason = String(event.reason?.message ?? event.reason ?? "");
      if (document.body.dataset.ai === "ready" || !/failed to fetch/i.test(reason)) return;
      event.preventDefault();
      this.failStart?.(new Error(reason));
    });
    // A link that says who the computer is (ai=N or ai=r3): those seats, at once.
    window.addEventListener("mixtour:link-loaded", (event) => {
      const seats = event.detail?.seats;
      const view = deps.view();
      if (!seats || !view) return;
      this.setSeats(seats, { refresh: false });
      deps.render(view);
    });
  }

  // -- the worker ---------------------------------------------------------------

  /** Start the worker once the board is ready; body[data-ai] tells how it went. */
  start() {
    document.body.dataset.ai = "loading";
    this.boot(false);
  }

  /**
   * Start a worker (a fresh one when `restart`): its script is downloaded here
   * first, so that a failed download is noticed at once (PyScript would leave
   * it as an uncaught "Failed to fetch" and the worker waiting for ever; the
   * worker then gets the script from the cache), then wait for its first
   * answer; a failure of its start ends the wait at once.
   */
  /** @param {boolean} restart */
  boot(restart) {
    const worker = (this.workerSerial = (this.workerSerial ?? 0) + 1);
    /** @type {Promise<never>} */
    const failedToStart = new Promise((_, reject) => {
      this.failStart = reject;
    });
    const started = (async () => {
      const response = await fetch(WORKER_SRC);
      if (!response.ok) throw new Error(`${WORKER_SRC}: HTTP ${response.status}`);
      await response.text();
      if (worker !== this.workerSerial) return "{}";
      const python = /** @type {Bridge.GamePage} */ (this.deps.python());
      if (restart) python.ai_restart(WORKER_SRC, WORKER_CONFIG);
      else python.ai_start(WORKER_SRC, WORKER_CONFIG);
      watchWorkerErrors((script, reason) => {
        if (worker === this.workerSerial) this.failStart?.(new Error(reason));
      });
      return Promise.race([python.ai_call("ping"), failedToStart]);
    })();
    started.catch(() => {}); // a late rejection of a replaced worker is no error
    this.booted = withTimeout(started, debug().aiStartTimeoutMs ?? START_TIMEOUT_MS);
    this.booted.then(
      (text) => {
        if (worker !== this.workerSerial) return;
        this.yields = JSON.parse(text).yields === true; // it hears pings and cancels mid-search
        document.body.dataset.ai = "ready";
        this.update(false);
      },
      (error) => {
        if (worker === this.workerSerial) this.failed(error);
      },
    );
  }

  /**
   * The worker failed: restart it and carry on from the same position.
   * @param {any} error an Error, or what a promise was rejected with
   */
  failed(error) {
    const reason = String(error?.message ?? error);
    console.warn("AI worker failed:", reason);
    this.setThinking(null);
    this.restarts += 1;
    if (this.restarts > MAX_RESTARTS) {
      document.body.dataset.ai = "error";
      this.paused = true;
      this.inFlight = null;
      this.deps.say(t("msg.aiError", { error: reason }));
      this.showUnavailable();
      this.update(false);
      return;
    }
    document.body.dataset.ai = "restarting";
    document.body.dataset.aiRestarts = String(Number(document.body.dataset.aiRestarts || 0) + 1);
    this.deps.say(t("msg.aiRestart", { error: reason }));
    this.generation += 1; // whatever the old worker still sends is stale
    this.inFlight = null; // the old worker's search is gone with it
    // A worker that failed at once (say, a failed download) is tried again a little later.
    const serial = this.workerSerial;
    setTimeout(() => {
      if (serial === this.workerSerial) this.boot(true);
    }, RETRY_DELAY_MS * (this.restarts - 1));
  }

  /** The computer cannot be had: say so, and offer to retry or to play on with people. */
  showUnavailable() {
    if (document.querySelector("#ai-unavailable")) return;
    const box = document.createElement("div");
    box.id = "ai-unavailable";
    box.className = "resume-box ai-unavailable";
    box.setAttribute("role", "alert");
    const text = document.createElement("span");
    text.textContent = t("ai.unavailable");
    const retry = document.createElement("button");
    retry.type = "button";
    retry.id = "ai-retry";
    retry.textContent = t("ai.retry");
    retry.addEventListener("click", () => {
      box.remove();
      this.restarts = 0;
      this.paused = false;
      this.failedAgain();
    });
    const humans = document.createElement("button");
    humans.type = "button";
    humans.id = "ai-humans";
    humans.textContent = t("ai.humans");
    humans.addEventListener("click", () => {
      box.remove();
      this.setSeats({});
      const view = this.deps.view();
      if (view) this.deps.render(view);
      this.deps.say(t("msg.aiHumans"));
    });
    box.append(text, retry, humans);
    const anchor = document.querySelector("#message");
    if (anchor) anchor.after(box);
    else document.body.append(box);
  }

  /** Try a fresh worker after the player asked to. */
  failedAgain() {
    document.body.dataset.ai = "restarting";
    this.generation += 1;
    this.boot(true);
    this.refresh();
  }

  /**
   * Ask the worker; resolves to the parsed answer, or to {stale: true} when the
   * request was overtaken while it waited for the worker's previous search.
   * @param {{id: number, level: number, crash?: boolean}} request
   * @returns {Promise<AiAnswer | {stale: true, id?: undefined}>}
   */
  async think(request) {
    while (this.inFlight) {
      if (request.id !== this.generation) return { stale: true };
      this.cancelSearch();
      await this.inFlight.catch(() => {});
    }
    if (request.id !== this.generation) return { stale: true };
    if (document.body.dataset.ai !== "ready") {
      try {
        await this.booted;
      } catch {
        return { stale: true }; // the failed start restarts the worker (boot)
      }
      if (request.id !== this.generation) return { stale: true };
    }
    if (debug().crashNext) {
      debug().crashNext = false;
      request = { ...request, crash: true };
    }
    const python = /** @type {Bridge.GamePage} */ (this.deps.python());
    const call = python.ai_call("think", JSON.stringify({ game: this.deps.game ?? "mixtour", ...request }));
    this.searches += 1;
    document.body.dataset.aiSearches = String(this.searches);
    return this.track(call, "think");
  }

  /**
   * Send the worker another request than a move (the game review's `review` and
   * `review_report`), in the same queue as the searches: it waits for the search
   * under way, and a dead worker is noticed as for a move. Resolves to the parsed
   * answer; rejects with the worker's error, or when the worker fell silent.
   * @param {string} name the worker function
   * @param {object} request sent as JSON
   * @returns {Promise<any>}
   */
  async ask(name, request) {
    await this.idle();
    if (document.body.dataset.ai !== "ready") await this.booted;
    await this.idle();
    const python = /** @type {Bridge.GamePage} */ (this.deps.python());
    return this.track(python.ai_call(name, JSON.stringify(request)), name);
  }

  /**
   * Watch a worker call as the request under way; resolve to its parsed answer.
   * @param {Promise<string>} call
   * @param {string} kind the worker function, for a cancel to know what it stops
   * @returns {Promise<any>}
   */
  async track(call, kind) {
    const search = this.watch(call);
    this.inFlight = search;
    this.inFlightKind = kind;
    this.cancelSent = false;
    this.showBusy();
    try {
      const text = await search;
      this.restarts = 0;
      return JSON.parse(text);
    } finally {
      if (this.inFlight === search) this.inFlight = null;
      this.showBusy();
    }
  }

  /**
   * body[data-ai-busy] while the computer has anything under way: a request in
   * the worker, a search the page waits for, or a move waiting for its pace.
   * Its absence is the test hook for "nothing more will happen by itself".
   */
  showBusy() {
    const busy = Boolean(this.thinking || this.inFlight || this.scheduled);
    document.body.toggleAttribute("data-ai-busy", busy);
  }

  /** Resolves once the worker has no request under way. */
  async idle() {
    while (this.inFlight) await this.inFlight.catch(() => {});
  }

  /**
   * End the worker's current request if it is a `name` (a review stopped
   * leaves the computer's own search alone).
   * @param {string} name
   */
  cancelRequest(name) {
    if (this.inFlightKind === name) this.cancelSearch();
  }

  /** End the worker's current search (its answer will be dropped). */
  cancelSearch() {
    if (!this.inFlight || this.cancelSent) return;
    this.cancelSent = true;
    this.deps.python()?.ai_call("cancel").catch(() => {});
  }

  /**
   * The worker's answer, or a rejection once the worker has been silent too
   * long: it is pinged every HEARTBEAT_MS while the answer is awaited.
   * @param {Promise<string>} call
   * @returns {Promise<string>}
   */
  watch(call) {
    const python = /** @type {Bridge.GamePage} */ (this.deps.python());
    // Until the worker showed that it answers during a search, allow for the search.
    const allowance = this.yields ? 0 : MAX_SEARCH_MS;
    const silence = (debug().aiTimeoutMs ?? SILENCE_MS) + allowance;
    return new Promise((resolve, reject) => {
      let heard = performance.now();
      let pinging = false;
      const timer = setInterval(() => {
        if (performance.now() - heard > silence) {
          clearInterval(timer);
          reject(new Error(t("msg.aiTimeout")));
          return;
        }
        if (pinging) return;
        pinging = true;
        python.ai_call("ping").then(
          () => {
            pinging = false;
            heard = performance.now();
          },
          () => {
            pinging = false;
          },
        );
      }, HEARTBEAT_MS);
      call.then(
        (text) => {
          clearInterval(timer);
          resolve(text);
        },
        (error) => {
          clearInterval(timer);
          reject(error);
        },
      );
    });
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
    this.cancelSearch();
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
    const delay = this.humans(view).length
      ? (debug().replyDelayMs ?? REPLY_DELAY_MS)
      : (debug().demoDelayMs ?? DEMO_DELAY_MS);
    this.setThinking({ generation, kind: "move", color });
    this.think({ id: generation, level }).then(
      (answer) => {
        if (generation !== this.generation || answer.id !== generation) return; // stale
        if (this.thinking?.generation !== generation) return;
        const wait = Math.max(0, delay - (performance.now() - started));
        this.scheduled = true;
        this.showBusy();
        this.timer = setTimeout(() => this.playAnswer(generation, /** @type {AiAnswer} */ (answer)), wait);
      },
      (error) => {
        if (generation === this.generation) this.failed(error);
      },
    );
  }

  /**
   * @param {number} generation
   * @param {AiAnswer} answer
   */
  playAnswer(generation, answer) {
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
      if (document.body.dataset.ai === "error") document.body.dataset.ai = "ready";
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
    let text = "";
    if (thinking && aiState !== "ready") text = t("ai.loading");
    else if (thinking && thinking.kind === "hint") text = t("ai.hinting");
    else if (thinking) text = t("ai.thinking", { color: colorName(thinking.color) });
    else if (this.browsing) text = t("ai.lookingBack");
    else if (this.paused && view && this.isAiTurn(view)) text = t("ai.paused");
    else if (view && this.isAiTurn(view) && !view.over && !this.here()) text = t("ai.elsewhere");
    if (view && this.isAiTurn(view)) ui.hint.textContent = ""; // no "click a square" for the AI's turn
    ui.thinkingText.textContent = text;
    ui.thinking.hidden = !text;
    ui.thinking.classList.toggle("busy", !!thinking);
    const humans = view ? this.humans(view).length : 1;
    ui.hintButton.hidden = humans === 0 || !!view?.corr; // a game by link: no engine help
    const mayMove = this.deps.mayMove;
    ui.hintButton.disabled =
      !view ||
      view.over ||
      this.isAiTurn(view) ||
      !!thinking ||
      aiState !== "ready" ||
      (!!mayMove && !mayMove(view));
    const anyAi = !!view && view.colors.some((color) => this.level(color) > 0);
    ui.pauseButton.hidden = !anyAi || view.over || this.browsing || (humans > 0 && !this.paused);
    ui.pauseButton.textContent = t(this.paused ? "button.resume" : "button.pause");
  }
}
