// @ts-check
// One Python for every embedded board of a page (embed.js, tor-embed.js).
//
// The embed frames that need the engine elect one host with a Web Lock
// (LOCK): the frame holding it runs the engine in a worker
// (web/js/engine/worker.js: plain Pyodide, whose `board` call is web/py/engine_host.py), never
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
// still be starting), and while the answer is awaited the asker beats every
// BEAT_MS, which the host acknowledges too. No acknowledgement within ACK_MS
// means the host is gone (a frame removed says nothing) or frozen (a
// background tab): the asker steals the lock, or claims the role, and hosts. When the host frame is removed, the browser releases the lock
// and the next frame in the queue hosts; a new host announces itself, and
// every board sends its unanswered requests again. A request carries the
// board's state (the link of the game it shows, see engine_host.py), so any
// host can answer it, and answering it twice does no harm. The host runs the
// worker through the engine client (./client.js), under the pages'
// health policy: a worker that fails or falls silent is replaced, and one
// that cannot be had fails the requests with its reason.
//
// In another site's page (the script embed, web/js/boards.js: our scripts
// run in that page, web/js/guest.js) no worker of ours can start: the page's
// boards ask one frame of our site, embed-engine.html (FrameEngine below,
// over postMessage), which asks the shared engine as any embed does.
//
// Hooks (tests, bench): body[data-engine-role] (and its old name
// body[data-engine]) "host" in the hosting frame, "guest" elsewhere;
// body[data-engine-election] locks | claims | alone;
// body[data-engine-restarts] on the host; body[data-engine-ms] the
// milliseconds from the board's start to the engine's first answer; with
// window.mixtourDebug set before the page loads, mixtourDebug.engine = {hang(), freeze()}: hang
// makes the host's worker stop answering, freeze makes the frame deaf to the
// channel as a frozen tab is (until another frame steals the lock); and
// engineAckMs, engineCallMs (the worker's silence limit), engineWhoMs,
// engineBootMs (its silence limit while it starts), engineSlowMs set the limits.

import { EngineClient, POLICY } from "./client.js";
import { GUEST, SITE } from "../guest.js";
import { watchStartup } from "../startup.js";
import { registerServiceWorker } from "../offline.js";

const LOCK = "mixtour-engine-host";
const CHANNEL = "mixtour-engine";
const ACK_MS = 2500;
const WHO_MS = 300;
const BEAT_MS = 1000; // while a request waits: is the host still there?
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
 * The engine worker, run by the frame that holds the lock, through the
 * engine client (./client.js): its health policy is the pages' own.
 * Every board's request is posted at once (they are short; the worker takes
 * them in turn); those a dead worker took with it are posted again to the
 * fresh one, and once the client gives up every request fails with its reason.
 * @param {(message: {kind: string, id?: string, answer?: string, text?: string}) => void} deliver
 */
function hostEngine(deliver) {
  /** @type {Map<string, {body: string, posted: boolean}>} requests not answered yet */
  const pending = new Map();
  let restarts = 0;
  let gaveUp = "";
  const client = new EngineClient({
    policy: { silenceMs: limit("engineCallMs", POLICY.silenceMs), bootSilenceMs: limit("engineBootMs", POLICY.bootSilenceMs) },
    onStatus: (status, detail) => {
      if (status === "restarting") {
        restarts += 1;
        document.body.dataset.engineRestarts = String(restarts);
        for (const request of pending.values()) request.posted = false;
      } else if (status === "ready") {
        for (const [id, request] of pending) if (!request.posted) post(id, request);
      } else if (status === "error") {
        gaveUp = detail || "the engine could not start";
        for (const id of pending.keys()) deliver({ kind: "failed", id, text: gaveUp });
        pending.clear();
      }
    },
  });

  /** @param {string} id @param {{body: string, posted: boolean}} request */
  const post = (id, request) => {
    request.posted = true;
    client.send("board", request.body).then(
      (answer) => {
        if (pending.get(id) === request && pending.delete(id)) deliver({ kind: "answer", id, answer });
      },
      (error) => {
        if (error?.dead || pending.get(id) !== request) return; // posted again to the fresh worker
        pending.delete(id);
        deliver({ kind: "answer", id, answer: JSON.stringify({ error: String(error?.message ?? error) }) });
      },
    );
  };

  client.start().catch(() => {}); // a failed start: the client restarts it, or gives up

  return {
    /** @param {string} id @param {string} body */
    submit(id, body) {
      if (gaveUp) {
        deliver({ kind: "failed", id, text: gaveUp });
        return;
      }
      const request = { body, posted: false };
      pending.set(id, request);
      if (client.worker) post(id, request); // while it starts, the worker keeps it for later
    },
    hang() {
      client.worker?.postMessage({ hang: true });
    },
    stop() {
      client.stop();
    },
  };
}

/**
 * Whether this frame runs the worker: body[data-engine-role], and under its
 * old name body[data-engine] (which on the game pages means "the rules
 * imported": hence the new name).
 * @param {"host" | "guest"} role
 */
function setRole(role) {
  document.body.dataset.engineRole = role;
  document.body.dataset.engine = role;
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
    if (!body.engineRole) setRole("guest");
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
    setRole("host");
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
    setRole("guest");
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
    if (message.kind === "beat" && this.host) {
      this.channel?.postMessage({ kind: "ack", id: message.id }); // still here
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
      request.timer = window.setTimeout(() => this.beat(message.id), BEAT_MS);
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
    this.expectAck(id);
  }

  /**
   * While a request waits for its answer, ask every BEAT_MS whether the host
   * is still there (a removed frame says nothing at all).
   * @param {string} id
   */
  beat(id) {
    const request = this.pending.get(id);
    if (!request || this.host) return;
    request.acked = false;
    this.channel?.postMessage({ kind: "beat", id });
    this.expectAck(id);
  }

  /** No acknowledgement in time: the host is gone or frozen; take its place. @param {string} id */
  expectAck(id) {
    const request = this.pending.get(id);
    if (!request) return;
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
 * our site (embed-engine.html, web/js/engine/frame.js), which asks the shared
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
