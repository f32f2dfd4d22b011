// @ts-check
// The computer's turns on Tor's page: the game-neutral AI worker
// (web/py/ai_worker.py, started through web/py/ai_host.py) asked to play
// "tor". The page says who plays which side (seats: a level 1-6, or 0 for a
// person) and calls follow(view) after every change; when the side to move
// is the computer's, a think request goes out, and its answer is played
// only if the game has not changed since (a generation number).
//
// body[data-ai]: loading | ready | error, as on Mixtour's page.

const WORKER_SRC = "./py/ai_worker.py";
const WORKER_CONFIG = "./pyscript.json";
// A worker that has not answered in this long is replaced (the game stays).
const ANSWER_TIMEOUT_MS = 60_000;

/**
 * @typedef {object} ComputerDeps
 * @property {() => Bridge.TorPage} python
 * @property {(action: string) => void} play the computer's action, to play on the board
 * @property {(thinking: boolean) => void} thinking
 * @property {(error: string) => void} failed
 * @property {(action: string) => void} hinted
 */

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms) {
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      setTimeout(() => reject(new Error(`no answer in ${Math.round(ms / 1000)} s`)), ms);
    }),
  ]);
}

export class TorComputer {
  /** @param {ComputerDeps} deps */
  constructor(deps) {
    this.deps = deps;
    /** @type {{[side: string]: number}} */
    this.seats = { w: 0, b: 0 };
    this.generation = 0;
    /** @type {Promise<unknown> | null} */
    this.booted = null;
    this.busy = false;
    /** how many asks are under way (the thinking line shows while any is) */
    this.asking = 0;
    /** how many turns wait for their pace before they ask */
    this.waiting = 0;
    /** @type {number} the pause before a move in a game of two computers */
    this.demoDelayMs = window.mixtourDebug?.demoDelayMs ?? 700;
  }

  /** Start the worker (once). */
  start() {
    if (this.booted) return this.booted;
    document.body.dataset.ai = "loading";
    const python = this.deps.python();
    python.ai_start(WORKER_SRC, WORKER_CONFIG);
    this.booted = withTimeout(python.ai_call("ping"), ANSWER_TIMEOUT_MS).then(
      () => {
        document.body.dataset.ai = "ready";
      },
      (error) => {
        document.body.dataset.ai = "error";
        this.booted = null;
        throw error;
      },
    );
    return this.booted;
  }

  /** @param {Bridge.TorView} view */
  plays(view) {
    return !view.over && (this.seats[view.turn] ?? 0) > 0;
  }

  /** The game changed: forget any search under way. */
  changed() {
    this.generation += 1;
    if (this.busy) this.deps.python().ai_call("cancel").catch(() => {});
  }

  /**
   * After every change of the game: the computer's turn, if it is.
   * @param {Bridge.TorView} view
   */
  follow(view) {
    if (!this.plays(view)) return;
    const generation = this.generation;
    const level = this.seats[view.turn];
    const both = (this.seats.w ?? 0) > 0 && (this.seats.b ?? 0) > 0;
    const wait = both && view.ply > 0 ? this.demoDelayMs : 0;
    this.waiting += 1;
    this.showBusy();
    setTimeout(() => {
      this.waiting -= 1;
      if (generation === this.generation) {
        this.ask(level, generation).then((action) => {
          if (action && generation === this.generation) this.deps.play(action);
        });
      }
      this.showBusy();
    }, wait);
  }

  /**
   * A suggestion for the player to move, at `level`.
   * @param {number} level
   */
  hint(level) {
    const generation = this.generation;
    this.ask(level, generation).then((action) => {
      if (action && generation === this.generation) this.deps.hinted(action);
    });
  }

  /**
   * The worker's choice for the position as it is now, or null.
   * @param {number} level
   * @param {number} generation
   * @returns {Promise<string | null>}
   */
  async ask(level, generation) {
    this.busy = true;
    this.asking += 1;
    this.showBusy();
    this.deps.thinking(true);
    try {
      await this.start();
      if (generation !== this.generation) return null;
      const request = JSON.stringify({ game: "tor", id: generation, level });
      const text = await withTimeout(this.deps.python().ai_call("think", request), ANSWER_TIMEOUT_MS);
      const answer = JSON.parse(text);
      return answer.id === generation && !answer.cancelled ? String(answer.move) : null;
    } catch (error) {
      if (generation === this.generation) this.deps.failed(String(/** @type {any} */ (error)?.message ?? error));
      return null;
    } finally {
      this.asking -= 1;
      this.busy = this.asking > 0;
      if (!this.busy) this.deps.thinking(false);
      this.showBusy();
    }
  }

  /**
   * body[data-ai-busy] while the computer has anything under way (a turn
   * waiting for its pace, or a request in the worker), as on Mixtour's page.
   */
  showBusy() {
    document.body.toggleAttribute("data-ai-busy", this.asking > 0 || this.waiting > 0);
  }
}
