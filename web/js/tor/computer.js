// @ts-check
// The computer's turns on Tor's page, through the engine client
// (web/js/engine/client.js) as on Mixtour's: the same worker, the same
// health policy (a dead worker is replaced and asked again, in the same
// words), at most one search at a time. The page says who plays which side
// (seats: a level 1-6, or 0 for a person) and calls follow(view) after every
// change; when the side to move is the computer's, a think request goes out
// with the game as it is now, and its answer is played only if the game has
// not changed since (a generation number).
//
// body[data-ai] and the other hooks of the client, as on Mixtour's page; the
// computer's moves keep the pace of web/js/pace.js, as on Mixtour's page.

import { EngineClient } from "../engine/client.js";
import { computerPaceMs } from "../pace.js";

/**
 * @typedef {object} ComputerDeps
 * @property {() => {start: string, actions: string[]}} game the game on the board
 * @property {() => Bridge.TorView | null} view the position shown
 * @property {(action: string) => void} play the computer's action, to play on the board
 * @property {(kind: "move" | "hint" | null) => void} thinking what the computer searches
 *   now (its line under the turn, web/js/thinking.js), or nothing
 * @property {(error: string) => void} failed the computer cannot be had
 * @property {(action: string) => void} hinted
 * @property {(text: string) => void} say the page's message line
 * @property {() => boolean} [mine] whether this tab plays the computer of the
 *   game on the board (web/js/computer-lock.js); always when absent
 * @property {() => boolean} [browsing] the player looks back at an earlier
 *   position (a move clicked in the list): the computer waits
 */

export class TorComputer {
  /** @param {ComputerDeps} deps */
  constructor(deps) {
    this.deps = deps;
    this.engine = new EngineClient({ say: deps.say, onStatus: (status, detail) => this.status(status, detail) });
    /** @type {{[side: string]: number}} */
    this.seats = { w: 0, b: 0 };
    this.generation = 0;
    /** how many asks are under way, stale ones too (body[data-ai-busy]) */
    this.asking = 0;
    this.restarted = false; // a fresh worker is starting: ask again once it is ready
    /** @type {{generation: number, kind: "move" | "hint"} | null} the search for the game as it is */
    this.current = null;
  }

  /** Start the worker (once). */
  start() {
    return this.engine.start();
  }

  /**
   * @param {import("../engine/client.js").EngineStatus} status
   * @param {string} detail
   */
  status(status, detail) {
    if (status === "restarting") {
      this.changed(); // what the dead worker was asked is gone with it
      this.restarted = true;
    } else if (status === "ready" && this.restarted) {
      this.restarted = false;
      const view = this.deps.view();
      if (view) this.follow(view);
    } else if (status === "error") {
      this.restarted = false;
      this.deps.failed(detail);
    }
    // "Loading the computer player…" becomes what it searches, once it can.
    this.deps.thinking(this.current?.kind ?? null);
    this.showBusy();
  }

  /** @param {Bridge.TorView} view */
  plays(view) {
    return !view.over && (this.seats[view.turn] ?? 0) > 0;
  }

  /** The game changed: forget any search under way. */
  changed() {
    this.generation += 1;
    this.engine.cancel();
    // A search for the game as it was is forgotten at once, as its line.
    if (this.current) {
      this.current = null;
      this.deps.thinking(null);
    }
  }

  /**
   * After every change of the game: the computer's turn, if it is.
   * @param {Bridge.TorView} view
   */
  follow(view) {
    const mine = this.deps.mine?.() ?? true;
    // A game with a computer in it, played here: its worker starts now, so
    // that the computer's first turn does not wait for Python's start too.
    if (mine && Object.values(this.seats).some((level) => level > 0)) this.start().catch(() => {});
    if (!this.plays(view) || !mine || this.deps.browsing?.()) return;
    // Already searching this very game's move (the page followed it twice): one search.
    if (this.current?.kind === "move" && this.current.generation === this.generation) return;
    const generation = this.generation;
    const personPlays = Object.values(this.seats).some((level) => level === 0);
    const least = computerPaceMs(personPlays, view.ply);
    this.ask(this.seats[view.turn], generation, "move", least).then((action) => {
      if (action && generation === this.generation) this.deps.play(action);
    });
  }

  /**
   * A suggestion for the player to move, at `level`.
   * @param {number} level
   */
  hint(level) {
    const generation = this.generation;
    this.ask(level, generation, "hint").then((action) => {
      if (action && generation === this.generation) this.deps.hinted(action);
    });
  }

  /**
   * The engine's choice for the position as it is now, or null.
   * @param {number} level
   * @param {number} generation
   * @param {"move" | "hint"} [kind] a move to play, or a hint
   * @param {number} [least] the least time before the answer is given (web/js/pace.js)
   * @returns {Promise<string | null>}
   */
  async ask(level, generation, kind = "move", least = 0) {
    const wanted = () => generation === this.generation;
    const started = performance.now();
    this.asking += 1;
    this.current = { generation, kind };
    this.showBusy();
    this.deps.thinking(kind);
    try {
      const request = { game: /** @type {const} */ ("tor"), ...this.deps.game(), id: generation, level };
      const answer = await this.engine.call("think", request, { wanted, cancelOthers: true });
      const left = least - (performance.now() - started);
      if (left > 0 && wanted()) await new Promise((resolve) => setTimeout(resolve, left));
      return answer && answer.id === generation && !answer.cancelled ? String(answer.move) : null;
    } catch (error) {
      // A worker that raised is given up as a dead one is: the client starts a fresh one.
      if (wanted() && !(/** @type {any} */ (error)?.dead)) {
        this.engine.fail(String(/** @type {any} */ (error)?.message ?? error));
      }
      return null;
    } finally {
      this.asking -= 1;
      if (this.current?.generation === generation) {
        this.current = null;
        this.deps.thinking(null);
      }
      this.showBusy();
    }
  }

  /**
   * body[data-ai-busy] while the computer has anything under way (a turn
   * waiting for its pace, a request in the worker, or a fresh worker
   * starting to be asked again), as on Mixtour's page.
   */
  showBusy() {
    const busy = this.asking > 0 || this.restarted;
    document.body.toggleAttribute("data-ai-busy", busy);
  }
}
