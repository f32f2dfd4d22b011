// What the pages publish on `window`, and the events they send one another:
// the declarations TypeScript's checker needs beyond the DOM's own. The
// bridge's shapes are in bridge.d.ts (generated from web/py/contract.py).

declare namespace Bridge {
  /** What `JSON.parse` of a bridge function's answer gives. */
  type Parsed<J> = J extends { readonly __json?: infer T } ? T : never;

  /** A page's `call(name, ...args)`: a bridge function called, its answer parsed. */
  type Call = <K extends keyof Python>(
    name: K,
    ...args: Parameters<Python[K]>
  ) => Parsed<ReturnType<Python[K]>>;

  /** The editor's `call(name, ...args)`: a function of its Python (EditorPage), its answer parsed. */
  type EditorCall = <K extends keyof EditorPage>(
    name: K,
    ...args: Parameters<EditorPage[K]>
  ) => Parsed<ReturnType<EditorPage[K]>>;

  /** Tor's pages' `call(name, ...args)`: a function of Tor's bridge, its answer parsed. */
  type TorCall = <K extends keyof TorPython>(
    name: K,
    ...args: Parameters<TorPython[K]>
  ) => Parsed<ReturnType<TorPython[K]>>;

  /** An embed's `call(name, ...args)` to the shared engine (web/js/engine-host.js): later. */
  type CallLater = <K extends keyof Python>(
    name: K,
    ...args: Parameters<Python[K]>
  ) => Promise<Parsed<ReturnType<Python[K]>>>;

  /** Tor's embed's `call(name, ...args)` to the shared engine: later. */
  type TorCallLater = <K extends keyof TorPython>(
    name: K,
    ...args: Parameters<TorPython[K]>
  ) => Promise<Parsed<ReturnType<TorPython[K]>>>;

  /**
   * `window.torPython` on Tor's page (web/py/tor_main.py): Tor's bridge and
   * the AI worker's functions; the embed publishes a part of them.
   */
  interface TorPage extends TorPython {
    ai_start(src: string, config: string): void;
    ai_restart(src: string, config: string): void;
    ai_call(name: string, payload?: string): Promise<string>;
  }

  /**
   * `window.mixtourPython` on the game page (web/py/main.py): the bridge's
   * functions and the AI worker's. The embed and the lesson publish a part
   * of them (web/py/embed_main.py).
   */
  interface GamePage extends Python {
    /** Create the AI worker (a PyScript worker script) once. */
    ai_start(src: string, config: string): void;
    /** Stop the AI worker (crashed or silent) and create a fresh one. */
    ai_restart(src: string, config: string): void;
    /** A promise of the worker function `name`'s JSON answer (see web/py/ai_worker.py). */
    ai_call(name: string, payload?: string): Promise<string>;
  }
}

/** Knobs the tests set before or while a page runs (never set by the site). */
interface MixtourDebug {
  /** How long the start of Python may take before the page says it is slow. */
  startupSlowMs?: number;
  /** How long the AI worker may stay silent before it counts as dead. */
  aiTimeoutMs?: number;
  /** How long the AI worker may take to start. */
  aiStartTimeoutMs?: number;
  /** Make the AI worker crash on its next search. */
  crashNext?: boolean;
  /** The pause between the computer's moves when it plays itself. */
  demoDelayMs?: number;
  /** The least time before the computer answers a person (tests). */
  replyDelayMs?: number;
  /** The analysis board's depth cap (web/js/analysis-engine.js). */
  analysisMaxDepth?: number;
  /** The analysis board's time cap per position, in milliseconds. */
  analysisBudgetMs?: number;
  /** How long the analysis board waits for one answer of the worker before it counts as stuck. */
  analysisTimeoutMs?: number;
}

/** Who plays each colour: the computer's level 1-6, or 0 for a person. */
type Seats = { [color: string]: number };

/** What a link said about the game (web/js/links.js), told to the other modules. */
interface LinkLoadedDetail {
  ai: number | null;
  seats: Seats | null;
  flip: boolean;
}

interface Window {
  mixtourPython?: Bridge.GamePage;
  mixtourEditor?: Bridge.EditorPage;
  torPython?: Bridge.TorPage;
  mixtourDebug?: MixtourDebug;
  /** Safari before 14.1. */
  webkitAudioContext?: typeof AudioContext;
}

interface WindowEventMap {
  "mixtour:python-ready": Event;
  "mixtour:link-loaded": CustomEvent<LinkLoadedDetail>;
  "mixtour:theme": CustomEvent<{ theme: "light" | "dark" }>;
}

/** A PyScript worker script (`<script type="py" worker>`) once PyScript has started it. */
interface HTMLScriptElement {
  xworker?: Worker;
}
