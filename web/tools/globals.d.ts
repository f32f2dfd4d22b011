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

  /** What the engine worker's call `K` takes (web/js/engine/client.js `call`): its request, parsed. */
  type WorkerRequest<K extends keyof Worker> = Parameters<Worker[K]> extends [infer R] ? Parsed<R> : undefined;

  /** What the engine worker's call `K` answers, parsed. */
  type WorkerAnswer<K extends keyof Worker> = Parsed<ReturnType<Worker[K]>>;

  /** The editor's `call(name, ...args)`: a function of its Python (EditorPage), its answer parsed. */
  type EditorCall = <K extends keyof EditorPage>(
    name: K,
    ...args: Parameters<EditorPage[K]>
  ) => Parsed<ReturnType<EditorPage[K]>>;

  /** Tor's editor's `call(name, ...args)`: a function of its Python (TorEditorPage), its answer parsed. */
  type TorEditorCall = <K extends keyof TorEditorPage>(
    name: K,
    ...args: Parameters<TorEditorPage[K]>
  ) => Parsed<ReturnType<TorEditorPage[K]>>;

  /** Tor's pages' `call(name, ...args)`: a function of Tor's bridge, its answer parsed. */
  type TorCall = <K extends keyof TorPython>(
    name: K,
    ...args: Parameters<TorPython[K]>
  ) => Parsed<ReturnType<TorPython[K]>>;

  /**
   * What games by link (web/js/corr.js) read of any game's view: the fields
   * Bridge.View and Bridge.TorView share.
   */
  interface CorrView {
    turn: string;
    over: boolean;
    status: string;
    ply: number;
    moves: string[];
    movers: string[];
    canRedo: boolean;
    corr: string | null;
  }

  /** An answer of games by link whose `state` is the game's own view `V`. */
  type CorrAnswer<T, V> = Omit<T, "state"> & { state?: V };

  /**
   * The functions of games by link, the same in every game's bridge
   * (web/py/corr_part.py), over the game's view `V`; corr_new's set-up
   * arguments are the game's own (web/js/corr.js's CorrSetup).
   */
  interface CorrPython<V> {
    corr_new(...args: (string | number)[]): CorrAnswer<CorrStarted, V>;
    corr_read(fragment: string): CorrRead;
    corr_open(fragment: string, kept?: string, mine?: string): CorrAnswer<CorrOpened, V>;
    corr_link(): CorrAnswer<CorrStarted, V>;
    corr_name(color: string, name: string): CorrAnswer<CorrStarted, V>;
    state(): V;
    goto(ply: number): V;
  }

  /** A page's `call` as games by link use it: answers already parsed. */
  type CorrCall<V> = <K extends keyof CorrPython<V>>(
    name: K,
    ...args: Parameters<CorrPython<V>[K]>
  ) => ReturnType<CorrPython<V>[K]>;

  /** An embed's `call(name, ...args)` to the shared engine (web/js/engine/host.js): later. */
  type CallLater = <K extends keyof Python>(
    name: K,
    ...args: Parameters<Python[K]>
  ) => Promise<Parsed<ReturnType<Python[K]>>>;

  /** Tor's embed's `call(name, ...args)` to the shared engine: later. */
  type TorCallLater = <K extends keyof TorPython>(
    name: K,
    ...args: Parameters<TorPython[K]>
  ) => Promise<Parsed<ReturnType<TorPython[K]>>>;

  /** `window.torPython` on Tor's page: Tor's bridge (web/py/surfaces.py, "tor"). */
  type TorPage = TorPython;

  /** `window.mixtourPython` on the game page: the bridge (web/py/surfaces.py, "game"). */
  type GamePage = Python;
}

/** Knobs the tests set before or while a page runs (never set by the site). */
interface MixtourDebug {
  /** Every board animation lasts this many times its length (to watch one drawn frame by frame). */
  motionScale?: number;
  /** How long the start of Python may take before the page says it is slow. */
  startupSlowMs?: number;
  /** How long the engine's worker may stay silent during a request before it counts as dead. */
  aiTimeoutMs?: number;
  /** The cap of one search in a worker whose searches cannot yield, added to aiTimeoutMs. */
  aiSearchCapMs?: number;
  /** false: the engine client treats its worker as one whose searches cannot yield (WebKit's). */
  aiYields?: boolean;
  /** The engine's worker drops the next request unanswered, as if it were lost on its way. */
  loseNext?: boolean;
  /** How long the engine's worker may take to start. */
  aiStartTimeoutMs?: number;
  /** The silence limit of the page's first engine worker while it starts (tests). */
  aiFirstBootSilenceMs?: number;
  /** Make the AI worker crash on its next search. */
  crashNext?: boolean;
  /** The pause between the computer's moves when it plays itself. */
  demoDelayMs?: number;
  /** The least time before the computer answers a person (tests). */
  replyDelayMs?: number;
  /** The analysis board's depth cap (web/js/analysis-deepening.js). */
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
  torEditor?: Bridge.TorEditorPage;
  torPython?: Bridge.TorPage;
  mixtourDebug?: MixtourDebug;
  /** The engine's worker (web/js/engine/client.js): kill() ends it as a crash would (tests). */
  mixtourWorker?: {
    kill(): void;
    call<K extends keyof Bridge.Worker>(name: K, request?: Bridge.WorkerRequest<K>): Promise<Bridge.WorkerAnswer<K> | null>;
  };
  /** Safari before 14.1. */
  webkitAudioContext?: typeof AudioContext;
}

interface WindowEventMap {
  "mixtour:python-ready": Event;
  "mixtour:link-loaded": CustomEvent<LinkLoadedDetail>;
  "mixtour:theme": CustomEvent<{ theme: "light" | "dark" }>;
}


