// @ts-check
// The engine client: how every page reaches the engine worker (./worker.js).
//
// One client per page starts one worker and keeps it healthy under one
// policy (POLICY), the same on every page of both games:
//
//   start      the worker is started on demand; its start counts as failed
//              when its script cannot load (the worker's error event, at
//              once), when it says Python could not start, or when it stays
//              silent: every HEARTBEAT_MS the client sends a beat, which the
//              worker answers whenever its event loop turns (during its
//              downloads, and between the slices of a search).
//   silence    a worker that answered no beat for `bootSilenceMs` while it
//              starts, or `silenceMs` while it searches, is dead. A worker
//              whose searches cannot let the event loop run (a browser
//              without JSPI, see web/py/ai_worker.py) is given the search's
//              own cap (`searchCapMs`) on top.
//   lost       such a worker cannot answer a beat while a request runs in it,
//              so one that keeps answering beats while a request waits longer
//              than that same limit has lost the request (once in WebKit: a
//              review's request was never answered by a worker that answered
//              every beat): it counts as dead too.
//   restart    a dead worker is replaced by a fresh one at once, then after
//              `retryDelayMs` and twice that; the page says so in the same
//              words everywhere (msg.aiRestart). After `restarts` failures in
//              a row the client gives up (status "error") until the page
//              calls retry().
//   one search at most one request is in the worker: a new one waits for the
//              one under way (which the client may cancel first), so however
//              many were cancelled, the next answers within its own budget.
//
// A request is `call(name, request)`: the name of one of the engine's calls
// (web/py/engine_calls.py) and its request object; it resolves to the parsed
// answer, or rejects with an EngineError: `dead` when the worker died (the
// client is already starting a fresh one), otherwise the worker raised.
//
// Hooks (tests and the bench; the same on every page):
//   body[data-ai]           loading | ready | restarting | error
//   body[data-ai-restarts]  fresh workers started after a failure
//   body[data-ai-workers]   workers started (the first, restarts, retries)
//   body[data-ai-searches]  requests sent to the worker
//   window.mixtourWorker    {kill()}: ends the worker as a crash would (tests);
//                           {call(name, request)}: call() (the benches)
//   window.mixtourDebug     set by tests: aiTimeoutMs (the silence limit),
//                           aiSearchCapMs (the search's cap on top),
//                           aiStartTimeoutMs (the whole start),
//                           aiFirstBootSilenceMs (the silence limit of the
//                           page's first worker while it starts), crashNext,
//                           loseNext (the worker drops the next request
//                           unanswered), aiYields: false (the policy of a
//                           worker whose searches cannot yield, as WebKit's)

import { t } from "../i18n.js";

/**
 * The health policy, in milliseconds but for the restart budget.
 * @typedef {{heartbeatMs: number, silenceMs: number, bootSilenceMs: number, startTimeoutMs: number,
 *   searchCapMs: number, restarts: number, retryDelayMs: number}} Policy
 */

/**
 * The health policy. Every page uses it as it is; tests shorten it through
 * window.mixtourDebug.
 * @type {Readonly<Policy>}
 */
export const POLICY = Object.freeze({
  heartbeatMs: 1_000,
  silenceMs: 4_000, // no answer to a beat for this long, once running: dead
  bootSilenceMs: 30_000, // the same while Python starts: one step of it held WebKit's worker past 8 s under load 20
  startTimeoutMs: 180_000, // the whole start, on the busiest machine
  searchCapMs: 10_000, // the worker's own cap on one request (ai_worker.MAX_TIME_MS)
  restarts: 3,
  retryDelayMs: 1_000,
});

/**
 * What the client is doing: not started, starting, ready, starting a fresh
 * worker after a failure, or given up.
 * @typedef {"off" | "loading" | "ready" | "restarting" | "error"} EngineStatus
 */

/** A failed request: `dead` when the worker died, else the worker's own error. */
export class EngineError extends Error {
  /** @param {string} message @param {boolean} dead */
  constructor(message, dead) {
    super(message);
    this.name = "EngineError";
    this.dead = dead;
  }
}

/** @returns {MixtourDebug} */
const debug = () => window.mixtourDebug ?? {};

/**
 * The game a search request carries: its start and the actions played, read
 * from a bridge's snapshot (which also holds the actions undone).
 * @param {{start: string, actions: string[], ply: number}} snapshot
 */
export function playedGame(snapshot) {
  return { start: snapshot.start, actions: snapshot.actions.slice(0, snapshot.ply) };
}

/**
 * @typedef {object} ClientDeps
 * @property {(text: string) => void} [say] the page's message line (restarts and failures)
 * @property {(status: EngineStatus, detail: string) => void} [onStatus]
 * @property {Partial<Policy>} [policy] tests only: shorter limits
 */

export class EngineClient {
  /** @param {ClientDeps} [deps] */
  constructor(deps = {}) {
    this.deps = deps;
    this.policy = { ...POLICY, ...deps.policy };
    /** @type {EngineStatus} */
    this.status = "off";
    /** @type {Worker | null} */
    this.worker = null;
    this.serial = 0; // request ids
    /** @type {Map<number, {resolve: (text: string) => void, reject: (error: Error) => void, sent: number}>} */
    this.waiting = new Map();
    this.failures = 0; // failures in a row
    this.yields = false;
    /** @type {Promise<void> | null} resolves when the worker answered its first ping */
    this.ready = null;
    /** @type {((error: Error) => void) | null} */
    this.endStart = null;
    /** @type {{promise: Promise<unknown>, name: string, cancelled: boolean} | null} */
    this.inFlight = null;
    this.heard = 0; // when the worker last answered anything
    this.bootSilenceMs = this.policy.bootSilenceMs; // the silence limit of the worker starting now
    this.beats = 0;
    this.heartbeat = 0;
    this.retryTimer = 0;
    this.searches = 0;
    this.detail = "";
    window.mixtourWorker = {
      kill: () => this.worker?.terminate(),
      call: (name, request) => this.call(name, request),
    };
  }

  /** Start the worker if it is not running; a promise that it is ready. */
  start() {
    if (!this.worker && this.status !== "error" && this.status !== "restarting") this.boot();
    return /** @type {Promise<void>} */ (this.ready);
  }

  /** Give up on a worker the page found at fault: start a fresh one (within the budget). @param {string} reason */
  fail(reason) {
    this.died(reason);
  }

  /** After the client gave up: try again with a fresh budget. */
  retry() {
    this.failures = 0;
    clearTimeout(this.retryTimer);
    this.stop();
    this.setStatus("restarting");
    this.boot(true);
  }

  /**
   * @param {EngineStatus} status
   * @param {string} [detail]
   */
  setStatus(status, detail = "") {
    this.status = status;
    this.detail = detail;
    document.body.dataset.ai = status;
    this.deps.onStatus?.(status, detail);
  }

  /** @param {boolean} [fresh] a replacement (body[data-ai] says "restarting" until it is ready) */
  boot(fresh = false) {
    const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.worker = worker;
    const first = !document.body.dataset.aiWorkers;
    document.body.dataset.aiWorkers = String(Number(document.body.dataset.aiWorkers || 0) + 1);
    this.bootSilenceMs = (first && debug().aiFirstBootSilenceMs) || this.policy.bootSilenceMs;
    this.heard = performance.now();
    const started = this.heard;
    if (!fresh) this.setStatus("loading");
    worker.addEventListener("message", (event) => {
      if (this.worker === worker) this.receive(event.data ?? {});
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      if (this.worker === worker) this.died(String(event.message || t("msg.aiNoStart")));
    });
    /** @type {Promise<never>} */
    const ended = new Promise((_, reject) => {
      this.endStart = reject;
    });
    const ping = this.send("ping", "").then((text) => {
      this.yields = JSON.parse(text).yields === true && debug().aiYields !== false;
    });
    // A first call that raises (the engine's own modules failed to import) is a failed start too.
    ping.catch((error) => {
      if (this.worker === worker && !error?.dead) this.died(String(error?.message ?? error));
    });
    this.ready = Promise.race([ping, ended]);
    this.ready.then(
      () => {
        if (this.worker !== worker) return;
        this.endStart = null;
        this.setStatus("ready");
      },
      () => {},
    );
    this.watch(started);
  }

  /** Beats and the silence limit, for as long as this worker lives. @param {number} started */
  watch(started) {
    clearInterval(this.heartbeat);
    const worker = this.worker;
    this.heartbeat = window.setInterval(() => {
      if (this.worker !== worker) return;
      const now = performance.now();
      const booting = this.status !== "ready";
      if (booting && now - started > (debug().aiStartTimeoutMs ?? this.policy.startTimeoutMs)) {
        this.died(t("msg.aiTimeout"));
        return;
      }
      if (booting || this.waiting.size) {
        const allowance = !booting && !this.yields ? (debug().aiSearchCapMs ?? this.policy.searchCapMs) : 0;
        const silence = debug().aiTimeoutMs ?? this.policy.silenceMs;
        const limit = (booting ? this.bootSilenceMs : silence) + allowance;
        const lost = !booting && !this.yields && [...this.waiting.values()].some((waiter) => now - waiter.sent > limit);
        if (now - this.heard > limit || lost) {
          this.died(t("msg.aiTimeout"));
          return;
        }
        worker?.postMessage({ beat: ++this.beats });
      } else {
        this.heard = now; // idle: nothing to watch
      }
    }, this.policy.heartbeatMs);
  }

  /** @param {any} data */
  receive(data) {
    this.heard = performance.now();
    if (typeof data.id === "number") {
      const waiter = this.waiting.get(data.id);
      this.waiting.delete(data.id);
      if (!waiter) return;
      if (typeof data.answer === "string") waiter.resolve(data.answer);
      else waiter.reject(new EngineError(String(data.error ?? ""), false));
    } else if (data.failed !== undefined) {
      this.died(String(data.failed));
    }
  }

  /**
   * Post one call, beside any under way (the embeds' host: many boards'
   * short requests); its answer's text. Rejects with an EngineError.
   * @param {string} name
   * @param {string} body
   * @returns {Promise<string>}
   */
  send(name, body) {
    const id = ++this.serial;
    const worker = this.worker;
    if (!worker) return Promise.reject(new EngineError(this.detail, true));
    const lose = name !== "ping" && debug().loseNext === true;
    if (lose) /** @type {MixtourDebug} */ (debug()).loseNext = false;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, sent: performance.now() });
      worker.postMessage({ id, call: name, body, ...(lose ? { lose } : {}) });
    });
  }

  /** End the worker; every call waiting for it fails. @param {string} [reason] */
  stop(reason = "") {
    clearInterval(this.heartbeat);
    this.worker?.terminate();
    this.worker = null;
    const error = new EngineError(reason, true);
    this.endStart?.(error);
    this.endStart = null;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
    this.inFlight = null;
  }

  /** The worker died or would not start: a fresh one, or give up. @param {string} reason */
  died(reason) {
    if (!this.worker && this.status === "error") return;
    console.warn("The engine's worker failed:", reason);
    this.stop(reason);
    this.failures += 1;
    clearTimeout(this.retryTimer);
    if (this.failures > this.policy.restarts) {
      this.ready = Promise.reject(new EngineError(reason, true));
      this.ready.catch(() => {});
      this.deps.say?.(t("msg.aiError", { error: reason }));
      this.setStatus("error", reason); // after the words: a page may say more
      return;
    }
    document.body.dataset.aiRestarts = String(Number(document.body.dataset.aiRestarts || 0) + 1);
    this.deps.say?.(t("msg.aiRestart", { error: reason }));
    this.setStatus("restarting", reason);
    // The first replacement at once, the next ones a little later (a failed download may need a moment).
    this.ready = new Promise((resolve, reject) => {
      this.retryTimer = window.setTimeout(
        () => {
          this.boot(true);
          /** @type {Promise<void>} */ (this.ready).then(resolve, reject);
        },
        this.policy.retryDelayMs * (this.failures - 1),
      );
    });
    this.ready.catch(() => {});
  }

  // -- requests -------------------------------------------------------------------------

  /**
   * Ask the engine: at most one request in the worker, this one after the one
   * under way. `wanted()` is asked again before it is sent (a page whose game
   * changed meanwhile drops it: the promise resolves to null).
   * @template {keyof Bridge.Worker} K
   * @param {K} name a call of web/py/engine_calls.py
   * @param {Bridge.WorkerRequest<K>} [request] sent as JSON
   * @param {{wanted?: () => boolean, cancelOthers?: boolean}} [options]
   *   cancelOthers: end the request under way rather than wait for its end
   * @returns {Promise<Bridge.WorkerAnswer<K> | null>} the parsed answer, or null when no longer wanted
   */
  async call(name, request, { wanted = () => true, cancelOthers = false } = {}) {
    for (;;) {
      while (this.inFlight) {
        if (!wanted()) return null;
        if (cancelOthers) this.cancel();
        await this.inFlight.promise.catch(() => {});
      }
      if (!wanted()) return null;
      if (this.status !== "ready") await this.start();
      if (!this.inFlight) break; // another request may have started while this one waited
    }
    if (!wanted()) return null;
    let body = request === undefined ? "" : JSON.stringify(request);
    if (debug().crashNext && (name === "think" || name === "analyse")) {
      /** @type {MixtourDebug} */ (debug()).crashNext = false;
      body = JSON.stringify({ ...(request ?? {}), crash: true });
    }
    const promise = this.send(name, body);
    const flight = { promise, name, cancelled: false };
    this.inFlight = flight;
    this.searches += 1;
    document.body.dataset.aiSearches = String(this.searches);
    this.heard = performance.now();
    try {
      const text = await promise;
      this.failures = 0;
      return JSON.parse(text);
    } finally {
      if (this.inFlight === flight) this.inFlight = null;
    }
  }

  /**
   * End the request under way (its answer comes at once and is dropped by
   * whoever no longer wants it); only if it is a `name`, when given.
   * @param {string} [name]
   */
  cancel(name) {
    const flight = this.inFlight;
    if (!flight || flight.cancelled || (name && flight.name !== name)) return;
    flight.cancelled = true;
    this.send("cancel", "").catch(() => {});
  }

  /** The name of the request under way, or "". */
  get busyWith() {
    return this.inFlight?.name ?? "";
  }

  /** Resolves once no request is under way. */
  async idle() {
    while (this.inFlight) await this.inFlight.promise.catch(() => {});
  }
}
