// @ts-check
// The parts of an embedded board, Mixtour's or Tor's: the canvas with its
// loading box and message, and the bar below (step buttons, the move count,
// the status line, the link to the game page); and what such a board does
// whatever its game (EmbeddedBoard). Written once here for every
// place a board is embedded: alone in its frame (embed.html, tor-embed.html:
// the parts keep the ids of the pages' test contract, #board, #status, #ply,
// ...) and among others in one of our pages (live-boards.js: no ids, the
// board found by its holder). Styles: web/css/embed.css, scoped to .embed.

import { RemoteBridge } from "./engine/host.js";
import { t, translatePage } from "./i18n.js";
import { messageLine } from "./page.js";

/** The step buttons' icons (16x16). */
const STEPS = {
  first: "M3 3h2v10H3zM13 3v10L6 8z",
  previous: "M12 3v10L4 8z",
  next: "M4 3v10l8-5z",
  last: "M11 3h2v10h-2zM3 3v10l7-5z",
};

/**
 * The parts of a board, as its script uses them.
 * @typedef {object} EmbedParts
 * @property {HTMLElement} root the .embed element
 * @property {HTMLCanvasElement} canvas
 * @property {HTMLElement} loading
 * @property {HTMLElement} message
 * @property {HTMLElement} steps
 * @property {HTMLButtonElement} first
 * @property {HTMLButtonElement} previous
 * @property {HTMLButtonElement} next
 * @property {HTMLButtonElement} last
 * @property {HTMLElement} ply
 * @property {HTMLElement} status
 * @property {HTMLAnchorElement} open
 */

/**
 * Fill `root` (an element of class "embed") with a board and its bar, in the
 * page's language.
 * @param {HTMLElement} root
 * @param {object} how
 * @param {boolean} how.ids the parts carry the test contract's ids (the board alone in its page)
 * @param {string} how.open the game page the bar's link leads to ("./index.html")
 * @param {string} how.openLabel the i18n id of that link's name
 * @returns {EmbedParts}
 */
export function buildEmbed(root, { ids, open, openLabel }) {
  const id = (/** @type {string} */ name) => (ids ? ` id="${name}"` : "");
  const part = (/** @type {string} */ name) => `${id(name)} data-part="${name}"`;
  const button = (/** @type {keyof typeof STEPS} */ name) =>
    `<button${part(name)} type="button" data-i18n-label="embed.${name}">` +
    `<svg viewBox="0 0 16 16" aria-hidden="true"><path d="${STEPS[name]}"/></svg></button>`;
  root.insertAdjacentHTML(
    "beforeend",
    `<div class="stage">` +
      `<canvas${part("board")} tabindex="0" role="application"></canvas>` +
      `<div${part("loading")} class="loading" role="status" hidden>` +
      `<span class="spinner" aria-hidden="true"></span><span data-i18n="loading.python"></span></div>` +
      `<div${part("message")} class="toast" role="status" aria-live="polite" hidden></div>` +
      `</div><div class="bar">` +
      `<div${part("steps")} class="steps" hidden>` +
      `${button("first")}${button("previous")}<span${part("ply")} class="ply-count"></span>` +
      `${button("next")}${button("last")}</div>` +
      `<p${part("status")} class="status"></p>` +
      `<a${part("open")} class="open" href="${open}" target="_blank" rel="noopener" data-i18n-label="${openLabel}">↗</a>` +
      `</div>`,
  );
  translatePage(root);
  const find = (/** @type {string} */ name) => /** @type {any} */ (root.querySelector(`[data-part="${name}"]`));
  return {
    root,
    canvas: find("board"),
    loading: find("loading"),
    message: find("message"),
    steps: find("steps"),
    first: find("first"),
    previous: find("previous"),
    next: find("next"),
    last: find("last"),
    ply: find("ply"),
    status: find("status"),
    open: find("open"),
  };
}

/**
 * Where a board tells what it shows.
 * @typedef {object} EmbedHooks
 * @property {HTMLElement} [marks] the element given data-ready (and data-engine-ms) once the
 *   engine has answered the board: the page's body for a board alone in its page
 * @property {(fragment: string) => void} [showing] told the board's link, with at=, after
 *   each change (the resting of a framed board keeps it)
 */

/**
 * What every embedded board does whatever its game: its engine (one for the
 * page, web/js/engine/host.js), started when the board is seen or pressed;
 * its message over the board; its step buttons. A game's board (MixtourEmbed
 * in embed-board.js, TorEmbed in tor/embed.js) draws the preview, loads its
 * link, plays and shows the engine's answers.
 * @template {{ ply: number }} View the engine's view of the game shown
 * @template {{ link: string, viewOnly: boolean }} Options the board's link and options
 */
export class EmbeddedBoard {
  /**
   * @param {EmbedParts} ui the board's parts (buildEmbed)
   * @param {"mixtour" | "tor"} game
   * @param {Options} options the board's link and options (the game's readOptions)
   * @param {EmbedHooks} hooks
   */
  constructor(ui, game, options, { marks = document.body, showing = () => {} }) {
    this.ui = ui;
    this.options = options;
    this.showing = showing;
    ui.root.classList.toggle("view-only", options.viewOnly);
    this.lost = this.lost.bind(this);
    this.engine = new RemoteBridge({
      game,
      loading: ui.loading,
      canvas: ui.canvas,
      marks,
      blocked: () => this.blocked(),
      ready: () => this.load(),
    });
    // A short message over the board; problems of the link stay until clicked.
    const { say, hide } = messageLine(ui.message, { fadeMs: 4000 });
    this.say = say;
    this.hideMessage = hide;
    /** @type {View | null} the game shown, once the engine has answered */
    this.view = null;
    for (const where of /** @type {const} */ (["first", "previous", "next", "last"])) {
      ui[where].addEventListener("click", () => this.step(where).catch(this.lost));
    }
    ui.message.addEventListener("click", () => {
      if (ui.message.classList.contains("blocked")) return;
      ui.message.classList.remove("problem");
      this.hideMessage();
    });
  }

  /** Start the engine for this board (once). */
  start() {
    this.engine.start();
  }

  /**
   * Start the engine when the board comes into view, or at the first press,
   * key or focus within `area`.
   * @param {Document | HTMLElement} area
   */
  startWhenNeeded(area) {
    const start = () => this.start();
    const canvas = this.ui.canvas;
    const observer = new IntersectionObserver((entries) => {
      const seen = entries.some((entry) => entry.isIntersecting);
      // #board[data-in-view]: 0 until the board is first seen (its engine not
      // asked for unless a press, key or focus comes first), then 1.
      canvas.dataset.inView = seen ? "1" : "0";
      if (seen) {
        observer.disconnect();
        start();
      }
    });
    observer.observe(this.ui.canvas);
    for (const type of ["pointerdown", "keydown", "focusin"]) {
      area.addEventListener(type, start, { once: true });
    }
  }

  /** Show another link (the frame's address changed). @param {Options} options */
  show(options) {
    this.options = options;
    this.showing("");
    this.ui.root.classList.toggle("view-only", options.viewOnly);
    if (this.engine.ready) this.load().catch(this.lost);
    else this.showPreview();
  }

  /**
   * A frame sandboxed without allow-same-origin has an opaque origin: no
   * worker of ours can start for it, and Python's files cannot be fetched for
   * it. Say why, keep the picture (the steps need the engine). (A frame whose
   * storage the browser blocks, e.g. framed by another site with third-party
   * storage off, still runs the engine: it needs no storage.)
   * @returns {boolean} true when the engine cannot start here
   */
  blocked() {
    if (window.origin !== "null") return false;
    this.say(t("embed.sandboxed"), { sticky: true });
    this.ui.message.classList.add("blocked");
    this.showSteps(0, 0);
    return true;
  }

  /** The engine did not answer (it failed to restart): say so, keep the board. @param {unknown} error */
  lost(error) {
    console.warn("engine:", error);
    this.say(t("embed.engineLost"));
  }

  /**
   * The step buttons and the move count.
   * @param {number} ply
   * @param {number} total
   */
  showSteps(ply, total) {
    const ui = this.ui;
    ui.steps.hidden = total === 0;
    ui.root.classList.toggle("has-steps", total > 0);
    ui.ply.textContent = `${ply}/${total}`;
    ui.first.disabled = ui.previous.disabled = ply === 0;
    ui.next.disabled = ui.last.disabled = ply === total;
  }

  /** @param {"first" | "previous" | "next" | "last"} where */
  async step(where) {
    if (!this.engine.ready) {
      this.engine.whenReady(() => this.step(where)); // starts the engine
      return;
    }
    const view = this.view;
    if (!view) return; // the engine is there, its first answer not yet
    const total = this.total(view);
    const target = { first: 0, previous: view.ply - 1, next: view.ply + 1, last: total }[where];
    if (target < 0 || target > total || target === view.ply) return;
    const state = await this.engine.call("goto", target);
    this.hideMessage();
    this.render(state, where === "next");
  }

  // -- what each game's board does --------------------------------------------------------

  /** Draw what the link shows before the engine has answered (drawing only). */
  showPreview() {}

  /** Load the board's link: the engine's first answer. @returns {Promise<void>} */
  async load() {}

  /** The number of moves of the game shown. @param {View} view @returns {number} */
  total(view) {
    return view.ply;
  }

  /**
   * Show a view of the engine.
   * @param {View} state
   * @param {boolean} [played] it follows the action just played, or a step forward (animated)
   */
  render(state, played = false) {
    void state;
    void played;
  }
}
