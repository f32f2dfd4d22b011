// @ts-check
// One Python for every embedded board of a page (embed.js, tor-embed.js).
//
// The embed frames that need the engine elect one host with a Web Lock
// (LOCK): the frame holding it runs the engine in a worker
// (web/js/engine-worker.js: plain Pyodide with web/py/engine_host.py), never
// on a page's main thread; the others wait in the lock's queue. Requests and
// answers travel on a BroadcastChannel (CHANNEL). Locks and channels belong
// to the frame's storage partition: our boards framed by one site share a
// host with each other, not with our own site's tabs, and the tabs of one
// site share theirs. No SharedWorker: this path works where the browser has
// none (Chrome on Android), and one worker serves all.
//
// Where the browser denies the lock manager to the frame (framed by another
// site with third-party storage blocked, as the Chromium of our tests does),
// the election is by claims on the channel: a frame that hears no host within
// WHO_MS hosts, and of two hosts the one with the larger client id resigns.
// Without BroadcastChannel, each frame runs its own worker.
//
// The host's main thread acknowledges each request at once (the worker may
// still be starting). A request with no acknowledgement within ACK_MS means
// the host is gone or frozen (a background tab): the asker steals the lock
// and hosts. When the host frame is removed, the browser releases the lock
// and the next frame in the queue hosts; a new host announces itself, and
// every board sends its unanswered requests again. A request carries the
// board's state (the link of the game it shows, see engine_host.py), so any
// host can answer it, and answering it twice does no harm. The host restarts
// a worker that fails or stops answering (CALL_MS; BOOT_MS while starting).
//
// In another site's page (the script embed, web/js/boards.js: our scripts
// run in that page, web/js/guest.js) no worker of ours can start: the page's
// boards ask one frame of our site, embed-engine.html (FrameEngine below,
// over postMessage), which asks the shared engine as any embed does.
//
// Hooks (tests, bench): body[data-engine] "host" in the hosting frame, "guest"
// elsewhere; body[data-engine-election] locks | claims | alone;
// body[data-engine-restarts] on the host; body[data-engine-ms] the
// milliseconds from the board's start to the engine's first answer; with
// window.mixtourDebug set before the page loads, mixtourDebug.engine = {hang(), freeze()}: hang
// makes the host's worker stop answering, freeze makes the frame deaf to the
// channel as a frozen tab is (until another frame steals the lock); and
// engineAckMs, engineCallMs, engineWhoMs, engineBootMs, engineSlowMs set the limits.

import { GUEST, SITE } from "./guest.js";
import { watchStartup } from "./startup.js";
import { registerServiceWorker } from "./offline.js";

const LOCK = "mixtour-engine-host";
const CHANNEL = "mixtour-engine";
const ACK_MS = 2500;
const WHO_MS = 300;
const ANSWER_MS = 20_000;
const CALL_MS = 10_000;
const BOOT_MS = 90_000;
const SLOW_MS = 700; // an answer later than this on a ready board shows the loading box

/** @returns {{[key: string]: any}} */
function debug() {
  return /** @type {any} */ (window).mixtourDebug ?? {};
}

/** @param {string} name @param {number} fallback */
function limit(name, fallback) {
  const value = debug()[name];
  return typeof value === "number" && value > 0 ? value : fallback;
}

/**
 * The engine worker, run by the frame that holds the lock.
 * @param {(message: {kind: string, id?: string, answer?: string, text?: string}) => void} deliver
 */
function hostEngine(deliver) {
  /** @type {Map<string, {body: string, since: number}>} requests sent to the worker, unanswered */
  const pending = new Map();
  /** @type {Worker} */
  let worker;
  let ready = false;
  let startedAt = 0;
  let restarts = 0;
  let failed = "";
  const numbers = new Map(); // worker message numbers to request ids
  let serial = 0;

  const post = (/** @type {string} */ id, /** @type {string} */ body) => {
    serial += 1;
    numbers.set(serial, id);
    worker.postMessage({ id: serial, body });
  };

  const start = () => {
    ready = false;
    startedAt = performance.now();
    worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
    worker.addEventListener("message", (event) => {
      const data = event.data ?? {};
      if (data.ready) {
        ready = true;
        for (const [id, request] of pending) {
          request.since = performance.now();
          post(id, request.body);
        }
      } else if (data.failed) {
        failed = String(data.failed);
        for (const id of pending.keys()) deliver({ kind: "failed", id, text: failed });
        pending.clear();
      } else if (typeof data.id === "number") {
        const id = numbers.get(data.id);
        numbers.delete(data.id);
        if (id === undefined || !pending.delete(id)) return;
        deliver({ kind: "answer", id, answer: String(data.answer) });
      }
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      restart();
    });
  };

  const restart = () => {
    worker.terminate();
    numbers.clear();
    restarts += 1;
    document.body.dataset.engineRestarts = String(restarts);
    start();
  };

  start();
  const watchdog = window.setInterval(() => {
    if (failed || !pending.size) return;
    const now = performance.now();
    if (!ready) {
      if (now - startedAt > limit("engineBootMs", BOOT_MS)) restart();
      return;
    }
    const oldest = Math.min(...[...pending.values()].map((request) => request.since));
    if (now - oldest > limit("engineCallMs", CALL_MS)) restart();
  }, 250);

  return {
    /** @param {string} id @param {string} body */
    submit(id, body) {
      if (failed) {
        deliver({ kind: "failed", id, text: failed });
        return;
      }
      pending.set(id, { body, since: performance.now() });
      if (ready) post(id, body);
    },
    hang() {
      worker.postMessage({ hang: true });
    },
    stop() {
      window.clearInterval(watchdog);
      worker.terminate();
    },
  };
}

/** A name for this page among the pages that share an engine (its requests' prefix). */
function clientId() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * This frame's side of the shared engine: asks the host, or is the host.
 */
class SharedEngine {
  constructor() {
    this.client = clientId();
    this.serial = 0;
    /** @type {Map<string, {body: string, resolve: (text: string) => void, reject: (error: Error) => void, acked: boolean, timer: number}>} */
    this.pending = new Map();
    /** @type {ReturnType<typeof hostEngine> | null} */
    this.host = null;
    /** @type {BroadcastChannel | null} */
    this.channel = null;
    this.heard = false; // claims: a host has spoken
    this.frozen = false; // tests: a frozen tab (mixtourDebug.engine.freeze)
    /** @type {AbortController | null} the place in the lock's queue */
    this.queued = null;
    this.started = false;
    /**
     * How the host is elected: "locks" (the Web Lock), "claims" (no lock manager
     * for this frame, e.g. framed by another site with third-party storage
     * blocked: a frame that hears no host claims the role, and of two hosts
     * the one with the larger client id resigns), "alone" (no channel either:
     * this frame's own worker).
     * @type {"locks" | "claims" | "alone"}
     */
    this.mode = typeof BroadcastChannel !== "function" ? "alone" : navigator.locks ? "locks" : "claims";
  }

  start() {
    if (this.started) return;
    this.started = true;
    const body = document.body.dataset;
    body.engine = body.engine ?? "guest";
    body.engineElection = this.mode;
    if (this.mode === "alone") {
      this.becomeHost();
      return;
    }
    this.channel = new BroadcastChannel(CHANNEL);
    this.channel.addEventListener("message", (event) => this.receive(event.data ?? {}));
    if (this.mode === "locks") this.queue(false);
    else this.claimUnlessHeard();
  }

  /** Claims: ask who hosts; host if nobody answers soon. */
  claimUnlessHeard() {
    this.heard = false;
    this.channel?.postMessage({ kind: "who" });
    window.setTimeout(() => {
      if (!this.heard) this.becomeHost();
    }, limit("engineWhoMs", WHO_MS));
  }

  /** Wait for the lock (or take it from a host that does not answer). @param {boolean} steal */
  queue(steal) {
    this.queued?.abort();
    const queued = steal ? null : new AbortController();
    this.queued = queued;
    /** @type {LockOptions} */
    const how = queued ? { signal: queued.signal } : { steal: true };
    navigator.locks
      .request(LOCK, how, () => new Promise(() => this.becomeHost()))
      .catch((error) => {
        if (queued?.signal.aborted) return; // the wait given up for a steal
        if (error?.name !== "AbortError") {
          // No lock manager for this frame (the browser denies it): elect by claims.
          this.mode = "claims";
          document.body.dataset.engineElection = this.mode;
          this.claimUnlessHeard();
          return;
        }
        // Stolen from (this frame was frozen and another took over): host no more; wait again.
        this.frozen = false;
        this.stopHosting();
        this.queue(false);
      });
  }

  becomeHost() {
    if (this.host) return;
    this.host = hostEngine((message) => this.fromHost(message));
    document.body.dataset.engine = "host";
    const hooks = debug();
    if (Reflect.get(window, "mixtourDebug")) {
      hooks.engine = {
        hang: () => this.host?.hang(),
        // as a frozen tab: hear nothing until another frame takes the host's role
        freeze: () => {
          this.frozen = true;
        },
      };
    }
    this.channel?.postMessage({ kind: "host", client: this.client });
    for (const [id, request] of this.pending) this.host.submit(id, request.body);
  }

  stopHosting() {
    this.host?.stop();
    this.host = null;
    document.body.dataset.engine = "guest";
  }

  /** What the host frame's worker answered: to this frame's board, or to another's. */
  fromHost(/** @type {any} */ message) {
    if (String(message.id).startsWith(`${this.client}:`)) this.settle(message);
    else this.channel?.postMessage(message);
  }

  /** A message on the channel. @param {any} message */
  receive(message) {
    if (this.frozen) return;
    if (message.kind === "call" && this.host) {
      this.channel?.postMessage({ kind: "ack", id: message.id });
      this.host.submit(String(message.id), String(message.body));
      return;
    }
    if (message.kind === "who" && this.host) {
      this.channel?.postMessage({ kind: "host", client: this.client });
      return;
    }
    if (message.kind === "host" || message.kind === "resign") {
      this.heard = true;
      if (message.kind === "host" && this.host && this.mode === "claims") {
        if (String(message.client) > this.client) {
          this.channel?.postMessage({ kind: "host", client: this.client }); // it resigns
          return;
        }
        this.stopHosting();
        this.channel?.postMessage({ kind: "resign" });
      }
      // A new host: it has none of the requests the old one had not answered.
      for (const id of this.pending.keys()) this.send(id);
      return;
    }
    if (!this.pending.has(message.id)) return;
    if (message.kind === "ack") {
      const request = /** @type {any} */ (this.pending.get(message.id));
      request.acked = true;
      window.clearTimeout(request.timer);
      request.timer = window.setTimeout(() => this.send(message.id), ANSWER_MS);
    } else {
      this.settle(message);
    }
  }

  /** @param {any} message an answer or a failure */
  settle(message) {
    const request = this.pending.get(message.id);
    if (!request) return;
    this.pending.delete(message.id);
    window.clearTimeout(request.timer);
    if (message.kind === "answer") request.resolve(String(message.answer));
    else request.reject(new Error(String(message.text)));
  }

  /** (Re)send a pending request to whoever hosts. @param {string} id */
  send(id) {
    const request = this.pending.get(id);
    if (!request) return;
    window.clearTimeout(request.timer);
    if (this.host) {
      this.host.submit(id, request.body);
      return;
    }
    request.acked = false;
    this.channel?.postMessage({ kind: "call", id, body: request.body });
    request.timer = window.setTimeout(() => {
      if (request.acked || !this.pending.has(id) || this.host) return;
      if (this.mode === "locks") this.queue(true);
      else this.becomeHost();
    }, limit("engineAckMs", ACK_MS));
  }

  /**
   * Ask the engine: the answer's JSON text.
   * @param {string} body a request for engine_host.py
   * @returns {Promise<string>}
   */
  ask(body) {
    this.start();
    this.serial += 1;
    const id = `${this.client}:${this.serial}`;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { body, resolve, reject, acked: false, timer: 0 });
      this.send(id);
    });
  }
}

/**
 * The boards of another site's page: their requests go to one hidden frame of
 * our site (embed-engine.html, web/js/embed-engine.js), which asks the shared
 * engine as any embed does and posts the answers back. The frame says when it
 * is listening, and again after a reload: the unanswered requests are sent
 * again then (answering one twice does no harm). A frame the page removes
 * (a script of its own rewriting the body) is put back, and asked again.
 */
class FrameEngine {
  constructor() {
    this.client = clientId();
    this.serial = 0;
    /** @type {Map<string, {body: string, resolve: (text: string) => void, reject: (error: Error) => void}>} */
    this.pending = new Map();
    /** @type {ReturnType<typeof hostEngine> | null} never set: the frame hosts, not this page */
    this.host = null;
    /** @type {HTMLIFrameElement | null} */
    this.frame = null;
    this.listening = false;
    this.watching = false;
  }

  start() {
    if (this.frame?.isConnected) return;
    this.listening = false;
    const frame = document.createElement("iframe");
    frame.src = new URL("embed-engine.html", SITE).href;
    frame.title = "Mixtour engine";
    frame.tabIndex = -1;
    frame.setAttribute("aria-hidden", "true");
    frame.dataset.mixtourEngine = "";
    frame.style.cssText =
      "position:fixed;left:0;top:0;width:1px;height:1px;border:0;opacity:0;pointer-events:none";
    this.frame = frame;
    if (!this.watching) {
      this.watching = true;
      // The page took the frame away: another one, which gets every unanswered request.
      new MutationObserver(() => {
        if (this.frame && !this.frame.isConnected) this.start();
      }).observe(document.body, { childList: true });
      window.addEventListener("message", (event) => this.receive(event));
    }
    document.body.append(frame);
  }

  /** A message from the frame in place (one that was taken away says nothing more). @param {MessageEvent} event */
  receive(event) {
    if (!this.frame || event.source !== this.frame.contentWindow || event.origin !== SITE.origin) return;
    const message = event.data ?? {};
    if (message.kind === "listening") {
      this.listening = true;
      for (const id of this.pending.keys()) this.send(id);
      return;
    }
    const request = this.pending.get(message.id);
    if (!request) return;
    this.pending.delete(message.id);
    if (message.kind === "answer") request.resolve(String(message.answer));
    else request.reject(new Error(String(message.text)));
  }

  /** @param {string} id */
  send(id) {
    const request = this.pending.get(id);
    if (!request || !this.listening) return;
    this.frame?.contentWindow?.postMessage({ kind: "call", id, body: request.body }, SITE.origin);
  }

  /**
   * Ask the engine: the answer's JSON text.
   * @param {string} body a request for engine_host.py
   * @returns {Promise<string>}
   */
  ask(body) {
    this.start();
    this.serial += 1;
    const id = `${this.client}:${this.serial}`;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { body, resolve, reject });
      this.send(id);
    });
  }
}

const engine = GUEST ? new FrameEngine() : new SharedEngine();

/**
 * Ask the engine of this page's boards (the frame of embed-engine.html asks
 * for the boards of the page around it).
 * @param {string} body a request for engine_host.py
 * @returns {Promise<string>} the answer's JSON text
 */
export function askEngine(body) {
  return engine.ask(body);
}

/** True while this frame hosts the engine or waits for one of its answers. */
export function engineBusy() {
  return engine.host !== null || engine.pending.size > 0;
}

/**
 * How an embed waits for the engine and asks it.
 * @typedef {object} RemoteOptions
 * @property {"mixtour" | "tor"} game
 * @property {HTMLElement} loading the loading box
 * @property {HTMLCanvasElement} canvas the board
 * @property {HTMLElement} [marks] given data-ready="1" and data-engine-ms once the engine has
 *   answered the board (the page's body if left out)
 * @property {() => boolean} blocked true when Python cannot start here (the page has said why)
 * @property {() => Promise<void>} ready the page's first request (load its link); the page
 *   is marked ready after it
 */

/**
 * One board's engine: its calls go to the shared host, in order, each with
 * the link of the game the board shows.
 */
export class RemoteBridge {
  /** @param {RemoteOptions} options */
  constructor(options) {
    this.options = options;
    this.board = `${options.game}-${engine.client}-${Math.random().toString(36).slice(2, 8)}`;
    /** the link of the game shown, as the engine last gave it */
    this.link = "";
    this.ready = false;
    this.started = false;
    /** @type {Promise<unknown>} the last call, so that calls run one at a time */
    this.queue = Promise.resolve();
    /** @type {(() => void) | null} */
    this.pending = null;
    /**
     * Ask the board's bridge: the method's parsed answer.
     * @param {string} method
     * @param {...any} args
     * @returns {Promise<any>}
     */
    this.call = (method, ...args) => {
      const next = this.queue.then(async () => {
        if (method === "load_link") this.link = String(args[0]);
        const body = JSON.stringify({ game: options.game, board: this.board, link: this.link, method, args });
        // An answer that is late once the board is ready (a new host or a
        // restarted worker starting): the loading box meanwhile.
        const slow = this.ready ? window.setTimeout(() => this.busy(true), limit("engineSlowMs", SLOW_MS)) : 0;
        let text;
        try {
          text = await engine.ask(body);
        } finally {
          window.clearTimeout(slow);
          if (this.ready) this.busy(false);
        }
        const answer = JSON.parse(text);
        if (answer.error) throw new Error(String(answer.error));
        this.link = String(answer.link);
        return answer.result;
      });
      this.queue = next.catch(() => undefined);
      return next;
    };
  }

  /** Show or hide the loading box over a ready board. @param {boolean} on */
  busy(on) {
    const { loading, canvas } = this.options;
    loading.hidden = !on;
    if (on) canvas.setAttribute("aria-busy", "true");
    else canvas.removeAttribute("aria-busy");
  }

  /** Start the engine for this board (once): the loading box until it answers. */
  start() {
    if (this.started) return;
    this.started = true;
    const { loading, canvas, blocked, ready, marks = document.body } = this.options;
    if (blocked()) {
      marks.dataset.engineBlocked = "1"; // never to start here (a test hook)
      return;
    }
    canvas.setAttribute("aria-busy", "true");
    loading.hidden = false;
    const startup = watchStartup(loading);
    const asked = performance.now();
    ready()
      .then(() => {
        this.ready = true;
        marks.dataset.engineMs = String(Math.round(performance.now() - asked));
        startup.ready();
        loading.hidden = true;
        canvas.removeAttribute("aria-busy");
        marks.dataset.ready = "1";
        if (!GUEST) registerServiceWorker({ offerUpdates: false }); // not another site's
        const action = this.pending;
        this.pending = null;
        action?.();
      })
      .catch((error) => startup.fail(error));
  }

  /**
   * Do `action` once the engine has answered the board (starting it if need be).
   * Only the latest action waits.
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

  /**
   * Load a link as the board's game (the embed's own link, or a new one).
   * @param {string} link
   * @returns {Promise<any>} the bridge's load_link answer
   */
  load(link) {
    return this.call("load_link", link);
  }
}
