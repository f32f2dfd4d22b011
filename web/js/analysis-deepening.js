// @ts-check
// The analysis board's deepening: continuous analysis of the position shown,
// by the engine (web/py/ai_worker.py `analyse`; mixtour/kit/analysis.py with
// the game's plug-in), for any game (the constructor's `game`),
// reached through the engine client (web/js/engine/client.js).
//
// The page hands it the position shown (its start and the moves to it). It
// asks the engine for depth 1, then 2, 3... of that position, one request at
// a time: the worker keeps the search between two requests, so each answer
// is one more iteration of the same iterative deepening, and the page shows
// it at once. A new position bumps the generation, cancels the search under
// way and starts again; answers of an older generation are dropped. The page
// never waits on the worker: every call is a promise.
//
// To spare a phone's battery the deepening stops on its own after BUDGET_MS
// of search on one position, or at MAX_DEPTH; Resume gives it as much again.
// Tests may lower both: window.mixtourDebug = {analysisMaxDepth, analysisBudgetMs};
// {crashNext: true} makes the worker raise on the next request, and
// analysisTimeoutMs shortens the wait for an answer after which a worker
// counts as stuck. A worker that raised or is stuck is replaced by a fresh
// one when the player presses Resume; one that died is replaced at once by
// the client, which says so in the words of every page, and the deepening
// goes on with the fresh one.
//
// Nothing here touches the document when the module is imported.

import { EngineClient } from "./engine/client.js";

export const MAX_DEPTH = 20;
export const BUDGET_MS = 30_000;
const MORE_DEPTH = 4; // Resume after the cap: this many plies more
const DEEPEST = 30; // the worker's own limit (mixtour.kit.analysis.MAX_DEPTH)
const STEP_CAP_MS = 10_000; // the worker's cap on one request (ai_worker.MAX_TIME_MS)
// A request answers within its own cap (the worker stops the search there);
// one silent this much longer comes from a worker that is stuck or gone.
const SILENCE_MS = 8_000;

/**
 * A position to analyse.
 * @typedef {{ key: string, start: string, actions: string[] }} Job
 */

/**
 * One depth completed: the worker's answer to "analyse" (web/py/ai_worker.py,
 * its shape the contract's) once it holds a depth.
 * @typedef {Bridge.Analysed & Required<Pick<Bridge.Analysed, "depth" | "score" | "white" | "label" | "pv" | "nodes" | "time_ms" | "done" | "turn">>} Report
 */

/**
 * What the deepening is doing: off (nothing to analyse), loading (the worker
 * starts), running, paused, done (a proven result, or the game over),
 * capped (the time or depth cap), restarting (the worker died: a fresh one
 * starts), error (the worker raised, or is stuck), unavailable (the client
 * gave up on the worker).
 * @typedef {"off" | "loading" | "running" | "paused" | "done" | "capped" | "restarting" | "error" | "unavailable"} EngineState
 */

/** @returns {MixtourDebug} */
function debug() {
  return window.mixtourDebug ?? {};
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} why the error if it takes longer (an i18n id: the page words it)
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms, why) {
  let timer = 0;
  /** @type {Promise<never>} */
  const timeout = new Promise((_, reject) => {
    timer = window.setTimeout(() => reject(new Error(why)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class Deepening {
  /**
   * @param {{
   *   game?: string,
   *   onReport: (report: Report, job: Job) => void,
   *   onState: (state: EngineState, detail?: string) => void,
   * }} deps `game`: the engine's name of the game ("mixtour" when left out)
   */
  constructor(deps) {
    this.deps = deps;
    this.game = deps.game ?? "mixtour";
    this.client = new EngineClient({ onStatus: (status, detail) => this.clientStatus(status, detail) });
    this.generation = 0;
    /** @type {Job | null} */
    this.job = null;
    /** @type {Report | null} the deepest report on this job */
    this.report = null;
    this.paused = false;
    this.failed = false; // the worker raised or is stuck: the next start replaces it
    this.extraMs = 0; // time granted by Resume after the cap
    this.extraDepth = 0;
    /** @type {EngineState} */
    this.state = "off";
  }

  get budgetMs() {
    return (debug().analysisBudgetMs ?? BUDGET_MS) + this.extraMs;
  }

  get maxDepth() {
    return Math.min(DEEPEST, (debug().analysisMaxDepth ?? MAX_DEPTH) + this.extraDepth);
  }

  /**
   * @param {EngineState} state
   * @param {string} [detail]
   */
  setState(state, detail) {
    this.state = state;
    this.deps.onState(state, detail);
  }

  /**
   * The client replaced a dead worker (say so; go on once the fresh one is
   * ready) or gave up.
   * @param {import("./engine/client.js").EngineStatus} status
   * @param {string} detail
   */
  clientStatus(status, detail) {
    if (!this.job || this.paused) return;
    if (status === "restarting") this.setState("restarting", detail);
    else if (status === "error") this.setState("unavailable", detail);
    else if (status === "ready" && this.state === "restarting") this.restart();
  }

  /**
   * The worker raised or is stuck: say so; Resume starts a fresh one.
   * @param {any} error
   */
  fail(error) {
    this.failed = true;
    this.setState("error", String(error?.message ?? error));
  }

  /**
   * Analyse `job` from now on (null: nothing, e.g. a three-player game).
   * The same position again changes nothing.
   * @param {Job | null} job
   */
  analyse(job) {
    if (job && this.job && job.key === this.job.key) return;
    this.job = job;
    this.report = null;
    this.extraMs = 0;
    this.extraDepth = 0;
    this.restart();
  }

  restart() {
    this.generation += 1;
    this.cancel();
    if (!this.job) this.setState("off");
    else if (this.paused) this.setState("paused");
    else this.run(this.generation, this.job);
  }

  /** End the worker's search under way (its answer is dropped). */
  cancel() {
    this.client.cancel("analyse");
  }

  pause() {
    this.paused = true;
    this.restart();
  }

  resume() {
    this.paused = false;
    if (this.state === "capped") {
      this.extraMs += debug().analysisBudgetMs ?? BUDGET_MS;
      this.extraDepth += MORE_DEPTH;
    }
    this.restart();
  }

  /**
   * @param {number} generation
   * @param {Job} job
   */
  async run(generation, job) {
    const current = () => generation === this.generation;
    if (this.failed || this.client.status === "error") {
      this.failed = false;
      this.client.retry(); // a fresh worker
    }
    if (this.client.status === "restarting") {
      this.setState("restarting", this.client.detail);
      return; // the client's "ready" starts this again
    }
    this.setState(this.client.status === "ready" ? "running" : "loading");
    try {
      await this.client.start();
    } catch {
      return; // the client restarts the worker, or gives up: its status says
    }
    if (!current()) return;
    this.setState("running");
    let depth = (this.report?.depth ?? 0) + 1;
    for (;;) {
      const spent = this.report?.time_ms ?? 0;
      if (this.report && (this.report.depth >= this.maxDepth || spent >= this.budgetMs)) {
        this.setState("capped");
        return;
      }
      const request = {
        id: generation,
        game: this.game,
        start: job.start,
        actions: job.actions,
        depth,
        time_ms: Math.max(1, Math.min(this.budgetMs - spent, STEP_CAP_MS)),
      };
      const limit = debug().analysisTimeoutMs ?? STEP_CAP_MS + SILENCE_MS;
      /** @type {Bridge.Analysed | null} */
      let answer;
      try {
        answer = await withTimeout(
          this.client.call("analyse", request, { wanted: current, cancelOthers: true }),
          limit,
          "an.stuck",
        );
      } catch (error) {
        // A dead worker: the client replaces it, and its "ready" starts this again.
        if (current() && !(/** @type {any} */ (error)?.dead)) this.fail(error);
        return;
      }
      if (!current() || !answer) return;
      if (answer.error) {
        this.setState("error", answer.error);
        return;
      }
      if (typeof answer.depth === "number") {
        // An answer with a depth holds the whole report (Bridge.Analysed).
        this.report = /** @type {Report} */ (answer);
        this.deps.onReport(this.report, job);
      }
      if (answer.done) {
        this.setState("done");
        return;
      }
      if (answer.cancelled) {
        // Not a cancel of ours (that would have changed the generation):
        // the time cap ended the depth.
        this.setState("capped");
        return;
      }
      depth = (this.report?.depth ?? 0) + 1;
    }
  }
}
