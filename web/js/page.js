// @ts-check
// The plumbing every page script shares (app.js, embed.js, editor.js, learn.js):
// finding elements, the page's chrome, waiting for Python and talking to it,
// the message line, and putting the engine's state on the board.
//
// Python (web/py/page_main.py, for the surface the page's body names; see
// web/py/surfaces.py) publishes a bridge on window (mixtourPython, or
// mixtourEditor on the editor), whose methods take plain values and return
// JSON strings, then fires "mixtour:python-ready". A page makes one Python
// object at the top, wires everything that uses it, and calls connect() last:
//
//   const python = new Python();
//   const { call } = python;          // call("state") -> the parsed answer
//   ...
//   python.connect({ loading, canvas, ready: () => render(call("state")) });
//
// Readiness contract (the tests wait on it): body[data-ready="1"] once the
// page's ready() has run; #board[data-position] and #board[data-status] from
// showState().

import { languagePicker, reasonText, t, translatePage } from "./i18n.js";
import { registerServiceWorker } from "./offline.js";
import { watchStartup } from "./startup.js";
import { themeSwitch } from "./theme.js";

/**
 * The element of this page that `selector` names. Each page knows what its
 * own ids are: the element is of the type its use asks for (a JSDoc type on
 * the variable or field it is put in, e.g. HTMLInputElement), else an HTMLElement.
 * @template {Element} [E=HTMLElement]
 * @param {string} selector
 * @returns {E}
 */
export const $ = (selector) => /** @type {E} */ (document.querySelector(selector));

/** Translate the page, then wire its language picker and theme switch where it has them. */
export function pageChrome() {
  // The parts written once for every game's page (web/partials/) keep only
  // what is marked for this page's game (body[data-game]), or for none.
  const game = document.body.dataset.game;
  for (const part of game ? document.querySelectorAll("[data-game]") : []) {
    if (part !== document.body && /** @type {HTMLElement} */ (part).dataset.game !== game) part.remove();
  }
  translatePage();
  const language = document.querySelector("#language");
  if (language instanceof HTMLSelectElement) languagePicker(language);
  const theme = document.querySelector("#theme");
  if (theme instanceof HTMLSelectElement) themeSwitch(theme);
}

/**
 * A bridge published by the page's Python: each method takes plain values and
 * returns a JSON string (the AI's ai_* methods return promises).
 * @typedef {{ [name: string]: (...args: any[]) => any }} Published
 */

/**
 * How a page waits for its Python.
 * @typedef {object} ConnectOptions
 * @property {HTMLElement} loading the page's loading box ("Loading Python…", then any failure)
 * @property {HTMLElement} canvas the board
 * @property {() => void} ready the page's own set-up once Python is there; the page is marked
 *   ready after it
 * @property {HTMLElement | null} [status] a line that says "Loading Python…" meanwhile
 * @property {string | null} [label] the board's name once ready (an i18n id, "board.label" if
 *   left out), `loadingLabel` meanwhile; null keeps the name it has
 * @property {string} [loadingLabel] the board's name while Python loads (an i18n id,
 *   "board.loading" if left out: Mixtour's; each game's pages give their own)
 * @property {boolean} [lazy] the page starts Python itself with start(), from body's
 *   data-python, data-config and data-pyscript (the embed: only once it is seen or used)
 * @property {() => boolean} [blocked] with lazy: true when Python cannot start here (the
 *   page has said why)
 * @property {{ offerUpdates?: boolean } | null} [offline] once ready, offer offline play
 *   (web/js/offline.js) with these options; left out: not from this page
 */

/** The page's Python: waits for it, then calls the bridge. */
export class Python {
  /** @param {string} [name] the window property the bridge is published as */
  constructor(name = "mixtourPython") {
    this.name = name;
    /** @type {Published | null} the bridge once ready */
    this.bridge = null;
    /** @type {ConnectOptions | null} */
    this.options = null;
    /** @type {ReturnType<typeof watchStartup> | null} */
    this.startup = null;
    this.started = false;
    /** @type {(() => void) | null} what to do once ready (one thing: a later wish replaces it) */
    this.pending = null;
    /**
     * Call a bridge method: its JSON answer, parsed. Bound, so pages hand it
     * to the modules that ask the engine (links.js, library.js, ...).
     * @param {string} method
     * @param {...any} args
     * @returns {any}
     */
    this.call = (method, ...args) =>
      JSON.parse(/** @type {Published} */ (this.bridge)[method](...args));
  }

  /** @returns {boolean} true once the bridge is there (already while the page's ready() runs) */
  get ready() {
    return this.bridge !== null;
  }

  /**
   * Wait for Python, and show the wait: the loading box and a busy board.
   * Unless `lazy`, Python is already on its way (the page's own <script
   * type="py">): the wait starts now, and if Python was faster than this
   * module the page is set up at once.
   * @param {ConnectOptions} options
   */
  connect(options) {
    this.options = options;
    window.addEventListener("mixtour:python-ready", () => this.take());
    if (options.lazy) return;
    this.start();
    this.take(); // in case Python was faster than this module
  }

  /** Start Python (once): the loading box, the start watched (web/js/startup.js). */
  start() {
    const options = this.options;
    if (this.started || !options) return;
    this.started = true;
    if (options.lazy && options.blocked?.()) return;
    const { loading, canvas, status = null, label = "board.label", loadingLabel = "board.loading" } = options;
    if (status) status.textContent = t("loading.python");
    if (label) canvas.setAttribute("aria-label", t(loadingLabel));
    canvas.setAttribute("aria-busy", "true");
    loading.hidden = false;
    const startup = watchStartup(loading, { status });
    this.startup = startup;
    if (!options.lazy) return;
    const body = document.body.dataset;
    const script = document.createElement("script");
    script.type = "py";
    script.src = body.python ?? "";
    script.setAttribute("config", body.config ?? "");
    document.body.append(script);
    const core = new URL(body.pyscript ?? "", document.baseURI).href;
    import(core).catch((error) => startup.fail(error));
  }

  /**
   * Do `action` once Python is ready: now if it is, else when it is (starting
   * it on a lazy page). Only the latest action waits.
   * @param {() => void} action
   */
  whenReady(action) {
    if (this.ready) {
      action();
      return;
    }
    this.pending = action;
    this.start();
  }

  /** Python said it is ready: set the page up, then mark it ready. */
  take() {
    const options = this.options;
    const bridge = /** @type {Published | undefined} */ (Reflect.get(window, this.name));
    if (this.bridge || !bridge || !options) return;
    this.bridge = bridge;
    options.ready();
    this.startup?.ready();
    options.loading.hidden = true;
    const { canvas, label = "board.label" } = options;
    if (label) canvas.setAttribute("aria-label", t(label));
    canvas.removeAttribute("aria-busy");
    document.body.dataset.ready = "1";
    if (options.offline) registerServiceWorker(options.offline);
    const action = this.pending;
    this.pending = null;
    action?.();
  }

  /**
   * Play `text` (an action in N1, or "pass"): the engine's answer once
   * played, or null when the engine refuses it, after refused(why) has been
   * given the reason in the player's words.
   * @param {string} text
   * @param {(why: string) => void} refused
   * @returns {(Bridge.Played & { state: Bridge.View }) | null}
   */
  play(text, refused) {
    /** @type {Bridge.Played} */
    const answer = this.call("play", text);
    // Played: the contract gives the new state with ok.
    if (answer.ok) return /** @type {Bridge.Played & { state: Bridge.View }} */ (answer);
    refused(t("msg.notLegal", { action: text, reason: reasonText(answer) }));
    return null;
  }
}

/**
 * The state of a game as the bridge shows it (Bridge.view), the part the
 * board draws.
 * @typedef {object} BoardView
 * @property {string} fen the position string (P1)
 * @property {string} status playing | w-wins | r-wins | b-wins | draw-passes | draw-repetition
 * @property {string[]} stacks
 * @property {object | null} last
 * @property {{ enter: number[], moves: object }} legal
 */

/**
 * Put a state from the bridge on the board and on the canvas' test contract
 * (data-position, data-status). `offer: false` draws no legal action.
 * @param {{
 *   set: (config: object) => void,
 *   publish: (shown: {position: string, status: string}) => void,
 * }} board
 * @param {BoardView} state
 * @param {{ interactive?: boolean, offer?: boolean }} [how]
 */
export function showState(board, state, { interactive = true, offer = true } = {}) {
  board.publish({ position: state.fen, status: state.status });
  board.set({
    stacks: state.stacks,
    last: state.last,
    enterable: offer ? state.legal.enter : [],
    movable: offer ? state.legal.moves : {},
    interactive,
  });
}

/**
 * @typedef {object} SayOptions
 * @property {boolean} [spoken] false: shown, but hidden from screen readers (a log tells it
 *   already)
 * @property {boolean} [sticky] on a fading line: stays until hide() is called, e.g. a problem
 *   with the link
 */

/**
 * The page's message line (a polite live region): say(text) shows a message
 * and numbers it in data-serial. With `fadeMs` the line is a toast that shows
 * itself and hides again after that long, unless the message is sticky.
 * @param {HTMLElement} element
 * @param {{ fadeMs?: number }} [options]
 */
export function messageLine(element, { fadeMs = 0 } = {}) {
  let serial = 0;
  let timer = 0;

  /** Hide a toast, unless its message is sticky. */
  const hide = () => {
    if (element.classList.contains("problem")) return;
    element.hidden = true;
  };

  /**
   * @param {string} text
   * @param {SayOptions} [options]
   */
  const say = (text, { spoken = true, sticky = false } = {}) => {
    serial += 1;
    if (spoken) {
      element.textContent = text;
    } else {
      const shown = document.createElement("span");
      shown.setAttribute("aria-hidden", "true");
      shown.textContent = text;
      element.replaceChildren(shown);
    }
    element.dataset.serial = String(serial);
    if (!fadeMs) return;
    clearTimeout(timer);
    element.hidden = false;
    element.classList.toggle("problem", sticky);
    if (!sticky) timer = window.setTimeout(hide, fadeMs);
  };

  return { say, hide };
}

/**
 * Scroll a box of its own (a move list) so that `item` shows in it, and never
 * the page around it: on a phone the list sits below the board, and the
 * browser's scrollIntoView would carry the board out of sight.
 * @param {Element} box the scrolling box
 * @param {Element | null} item
 */
export function showInBox(box, item) {
  if (!item) return;
  const outer = box.getBoundingClientRect();
  const inner = item.getBoundingClientRect();
  if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top;
  else if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom;
}

/**
 * A link (Mixtour's or Tor's) without the position it shows (at=), which
 * only embeds and the analysis board draw from: for a link to a game page.
 * @param {string} link
 */
export function withoutPreview(link) {
  return link.replace(/(^|&)at=[^&]*/, "");
}
