// @ts-check
// The game library: every game the player started or opened on this device,
// kept in localStorage, so that nothing is ever lost: the game on the board,
// games set aside by a link, a New game or a loaded record, and finished games
// (the last MAX_FINISHED of them). "Your games" lists them to switch or delete.
// One library serves every game's page: each entry's snapshot says its game
// (web/js/library-games.js), a page restores only its own game's entries,
// and a row of another game opens that game's page.
//
// Storage (one origin, the game pages only; embeds never save):
//   mixtour.library.<id>  one game: {version: 2, id, kind: "local", created,
//                         updated (ms), rev, game: the bridge's snapshot()
//                         (start, all actions incl. undone ones, ply; `game`
//                         "tor" for Tor), seats {w, r, b}, flip, status, turn,
//                         players, moves}
//                         `kind` leaves room for other kinds of games (e.g.
//                         correspondence games played by link, with their own
//                         fields) in the same list.
//   mixtour.broken        [{raw, problem, at}]: stored data that could not be
//                         used (bad JSON, wrong shape, too big, illegal moves),
//                         set aside for inspection, never read again
//   sessionStorage mixtour.current, tor.current  the id of this tab's game
//                         of each game (survives a reload)
// Older pages kept one game in `mixtour.game` and one set aside by a link in
// `mixtour.game.resume`, and Tor's page one in `tor.game` ({snapshot, seats}):
// each is moved into the library on its page's start.
//
// Every stored game is checked in shape and size here, before any of it
// reaches Python; the engine then replays its actions (Bridge.restore).
//
// Two tabs: each save bumps the game's `rev`. A tab that sees (storage event)
// its game changed by another tab follows it and says so; a tab that finds,
// when saving, that the stored game moved on without it keeps its own moves
// as a new game (a fork) and says so. No tab overwrites another's moves.
//
// Test hooks:
//   body[data-save]    restored | broken | linked | followed | forked | full
//   body[data-game-id] the id of the game on the board (once it is kept)
//   #resume-saved      "Back to your game" (present while a link's game hides it)
//   #open-games, #games-dialog, #games-list li[data-id] (the list)

import { plural, t } from "./i18n.js";
import { GAMES, gameOf } from "./library-games.js";
import { askToKeepStorage } from "./persist.js";
import { readKey, setAside, writeKey } from "./stored.js";

/**
 * A game as its page's bridge gives it (`snapshot()`) and takes it back (`restore`).
 * @typedef {object} StoredSnapshot
 * @property {number} version
 * @property {string} [game] the game it is of (none: Mixtour)
 * @property {string} start
 * @property {string[]} actions
 * @property {number} ply
 * @property {{[key: string]: string}} [headers]
 */

/**
 * One stored game, checked (see the storage layout above).
 * @typedef {object} LibraryEntry
 * @property {number} version
 * @property {string} id
 * @property {string} kind
 * @property {number} created
 * @property {number} updated
 * @property {number} rev
 * @property {StoredSnapshot} game
 * @property {Seats} seats
 * @property {boolean} flip
 * @property {string} status
 * @property {string} turn
 * @property {number} players
 * @property {number} moves
 * @property {string} [writer] the page (one load of one tab) that wrote this revision
 * @property {number} [legacyAi] the level of an old save's link (ai=N), to become seats
 * @property {string} [shown] the position the board showed when the game was saved, for
 *   the page to draw before Python (web/js/early-taps.js); older saves do not have it
 */

export const PREFIX = "mixtour.library.";
const VERSION = 2;
const OLD_VERSION = 1;
export const MAX_FINISHED = 50; // finished games kept; older ones are dropped
/** This page's name as a writer of saved games (one per load of one tab). */
const WRITER = Math.random().toString(36).slice(2, 10);
export const MAX_GAMES = 200; // all games kept; the oldest finished, then unfinished, go first
const MAX_RAW = 200_000; // characters of one stored game (a game of 5,000 actions is ~40,000)
const MAX_ACTIONS = 5_000;
const MAX_POSITION = 200; // characters of a stored start position
const MAX_TAGS = 40; // header tags kept with a game loaded from a record (as web/py/bridge.py)
const MAX_TAG_VALUE = 500;

// The address bar as the page was opened, before the page rewrites it.
const openedWithLink = location.hash.length > 1;

// A link pasted into the address bar: it shows another game, so this tab's game
// must stop being saved over. Registered when this module is evaluated, before
// the Links listener that loads the link (listeners run in order).
let onLinkPasted = () => {};
window.addEventListener("hashchange", () => onLinkPasted());

// -- storage, never throwing ------------------------------------------------------

function storedKeys() {
  /** @type {string[]} */
  const keys = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
  } catch {
    // storage disabled
  }
  return keys;
}

// -- checking stored data before Python sees it ------------------------------------------

/** @type {(n: unknown, low: number, high: number) => n is number} */
const isInt = (n, low, high) => typeof n === "number" && Number.isInteger(n) && n >= low && n <= high;

/**
 * A snapshot {version: 1, game?, start, actions, ply} that is safe to give
 * its game's engine, or a problem.
 * @param {any} game parsed from storage: anything at all
 */
function checkSnapshot(game) {
  if (!game || typeof game !== "object" || Array.isArray(game)) return t("save.noGame");
  const kind = gameOf(game);
  if (!kind) return t("save.badVersion");
  if (game.version !== OLD_VERSION) return t("save.badShape");
  if (typeof game.start !== "string" || game.start.length > MAX_POSITION || !kind.readsPosition(game.start)) {
    return t("save.badShape");
  }
  const actions = game.actions;
  if (!Array.isArray(actions) || actions.length > MAX_ACTIONS) return t("save.badShape");
  if (!actions.every((a) => typeof a === "string" && kind.readsAction(a))) return t("save.badShape");
  if (!isInt(game.ply, 0, actions.length)) return t("save.badShape");
  return null;
}

/**
 * The header tags of a stored game (a record's Event, White...), the ones a
 * record can hold again: at most 40, each of at most 500 characters. Others are left out; the
 * game itself is never refused for them.
 * @param {unknown} headers parsed from storage: anything at all
 * @returns {Record<string, string> | null} null when there are none to keep
 */
function checkHeaders(headers) {
  if (!headers || typeof headers !== "object" || Array.isArray(headers)) return null;
  /** @type {Record<string, string>} */
  const out = {};
  let count = 0;
  for (const [key, value] of Object.entries(headers)) {
    if (count >= MAX_TAGS) break;
    if (!/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(key) || typeof value !== "string") continue;
    if (value.length > MAX_TAG_VALUE) continue; // (a line break in a value: the record writes a space)
    out[key] = value;
    count += 1;
  }
  return count ? out : null;
}

/**
 * @param {any} seats parsed from storage: anything at all
 * @param {import("./library-games.js").LibraryGame} kind the game they are seats of
 * @returns {Seats | null}
 */
function checkSeats(seats, kind) {
  if (seats === undefined || seats === null) return {};
  if (typeof seats !== "object" || Array.isArray(seats)) return null;
  /** @type {Seats} */
  const out = {};
  for (const color of kind.colors) {
    if (seats[color] === undefined) continue;
    if (seats[color] !== 0 && !kind.levels.includes(seats[color])) return null;
    out[color] = seats[color];
  }
  return out;
}

/**
 * Read one stored game: {entry} (a clean copy, only the fields we know) or
 * {problem} in the player's words. `version` 1 is the one-slot save of older pages.
 * @param {unknown} raw
 * @returns {{entry: LibraryEntry, problem?: undefined} | {entry?: undefined, problem: string}}
 */
export function parseEntry(raw) {
  if (typeof raw !== "string" || raw.length > MAX_RAW) return { problem: t("save.tooBig") };
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { problem: t("save.badJson") };
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return { problem: t("save.badJson") };
  // Tor's one-slot save of older pages: {snapshot, seats}.
  if (data.version === undefined && "snapshot" in data) data = { version: VERSION, game: data.snapshot, seats: data.seats };
  if (data.version !== VERSION && data.version !== OLD_VERSION) {
    return { problem: t("save.badVersion") };
  }
  const problem = checkSnapshot(data.game);
  if (problem) return { problem };
  const kind = /** @type {import("./library-games.js").LibraryGame} */ (gameOf(data.game));
  const seats = checkSeats(data.seats, kind);
  if (seats === null) return { problem: t("save.badShape") };
  const { start, actions, ply } = data.game;
  // In the order of the bridge's snapshot(), so that an unchanged game reads as unchanged.
  const named = kind === GAMES.mixtour ? {} : { game: kind.name };
  /** @type {StoredSnapshot} */
  const game = { version: OLD_VERSION, ...named, start, actions: [...actions], ply };
  /** @type {LibraryEntry} */
  const entry = {
    version: VERSION,
    id: typeof data.id === "string" && /^[\w-]{1,40}$/.test(data.id) ? data.id : newId(),
    kind: "local",
    created: Number.isFinite(data.created) ? data.created : Date.now(),
    updated: Number.isFinite(data.updated) ? data.updated : Date.parse(data.savedAt) || Date.now(),
    rev: isInt(data.rev, 0, Number.MAX_SAFE_INTEGER) ? data.rev : 0,
    game,
    seats,
    flip: data.flip === true,
    status: typeof data.status === "string" ? data.status.slice(0, 20) : "playing",
    turn: typeof data.turn === "string" ? data.turn.slice(0, 1) : "",
    players: isInt(data.players, 2, 3) ? data.players : 2,
    moves: isInt(data.moves, 0, MAX_ACTIONS) ? data.moves : ply,
  };
  if (typeof data.writer === "string" && /^[\w-]{1,16}$/.test(data.writer)) entry.writer = data.writer;
  // Only drawn, never played from: any short text will do (a wrong one costs a kept tap).
  if (typeof data.shown === "string" && data.shown.length <= MAX_POSITION) entry.shown = data.shown;
  const headers = checkHeaders(data.game.headers);
  if (headers) entry.game.headers = headers;
  // The old one-slot save kept an AI level for links (ai=N): make it seats.
  if (data.version === OLD_VERSION && kind.levels.includes(data.ai) && !Object.values(seats).some(Boolean)) {
    entry.legacyAi = data.ai;
  }
  return { entry };
}

function newId() {
  const random = Math.random().toString(36).slice(2, 8);
  return `${Date.now().toString(36)}-${random}`;
}

/**
 * @param {StoredSnapshot} a
 * @param {StoredSnapshot} b
 */
function sameGame(a, b) {
  return (
    gameOf(a) === gameOf(b) &&
    a.start === b.start &&
    a.ply === b.ply &&
    a.actions.slice(0, a.ply).join(",") === b.actions.slice(0, b.ply).join(",")
  );
}


/**
 * Every usable game in the library, newest first; unusable ones are set
 * aside, unless `look` (a read before Python, which changes nothing).
 * @param {{onBroken?: (problem: string) => void, look?: boolean}} [options]
 * @returns {LibraryEntry[]}
 */
export function listGames({ onBroken = () => {}, look = false } = {}) {
  const games = [];
  for (const key of storedKeys()) {
    const raw = readKey(key);
    if (raw === null) continue;
    const { entry, problem } = parseEntry(raw);
    if (problem || !entry || entry.id !== key.slice(PREFIX.length)) {
      if (look) continue;
      setAside(raw, problem ?? t("save.badShape"));
      writeKey(key, null);
      onBroken(problem ?? t("save.badShape"));
      continue;
    }
    games.push(entry);
  }
  return games.sort((a, b) => b.updated - a.updated);
}

/**
 * The kept game of this kind that start() brings back when the page has no
 * link (this tab's game, else the latest unfinished one), read before Python
 * and changing nothing (a damaged entry is set aside by start() itself); null
 * when none comes back. `shown` is the position it showed when saved, for the
 * page to draw meanwhile, or null when that is not known (an older page's
 * save, or one kept in the old one-slot form): the board drawn is then not the
 * game the page will show, and a tap on it is not kept (web/js/early-taps.js).
 * `computer`: whether the computer has a seat in it (false when not known).
 * @param {import("./library-games.js").LibraryGame} kind
 * @returns {{shown: string | null, flip: boolean, computer: boolean} | null}
 */
export function keptGame(kind) {
  if (kind.oldKeys.some((key) => readKey(key) !== null)) return { shown: null, flip: false, computer: false };
  const { latest } = keptGames(kind, { look: true });
  if (!latest) return null;
  const computer = Object.values(latest.seats).some((level) => level > 0);
  return { shown: latest.shown ?? null, flip: latest.flip, computer };
}

/**
 * The kept games of `kind` (listGames' options), this tab's game among them,
 * and the game that comes back when the page has no link: this tab's, else
 * the latest unfinished one.
 * @param {import("./library-games.js").LibraryGame} kind
 * @param {{onBroken?: (problem: string) => void, look?: boolean}} options
 */
function keptGames(kind, options) {
  const games = listGames(options).filter((g) => gameOf(g.game) === kind);
  const current = games.find((g) => g.id === readKey(kind.current, sessionStorage)) ?? null;
  return { games, current, latest: current ?? games.find((g) => g.status === "playing") ?? null };
}

/** @param {string | null} id */
function readEntry(id) {
  if (!id) return null;
  const raw = readKey(PREFIX + id);
  if (raw === null) return null;
  const { entry } = parseEntry(raw);
  return entry && entry.id === id ? entry : null;
}

/**
 * Drop the oldest games beyond the bounds (finished ones first); returns the
 * unfinished games dropped (the page tells the player and offers them).
 * @param {string} keepId
 * @returns {LibraryEntry[]}
 */
function prune(keepId, extra = 0) {
  const games = listGames();
  const finished = games.filter((g) => g.status !== "playing" && g.id !== keepId);
  const drop = new Set(finished.slice(MAX_FINISHED).map((g) => g.id));
  const left = games.filter((g) => !drop.has(g.id));
  const over = left.length + extra - MAX_GAMES;
  if (over > 0) {
    const oldest = [...left].reverse().filter((g) => g.id !== keepId);
    const order = [...oldest.filter((g) => g.status !== "playing"), ...oldest.filter((g) => g.status === "playing")];
    for (const g of order.slice(0, over)) drop.add(g.id);
  }
  for (const id of drop) writeKey(PREFIX + id, null);
  return games.filter((g) => drop.has(g.id) && g.status === "playing");
}

/**
 * A game's link (its page's fragment syntax, mixtour/LINKS.md, the same keys
 * on Tor's page): it opens the game again, as it was.
 * @param {LibraryEntry} entry
 */
export function entryLink(entry) {
  const { start, actions, ply } = entry.game;
  const url = new URL(gameOf(entry.game)?.page ?? GAMES.mixtour.page, location.href);
  url.hash = `p=${start.replaceAll(" ", "_")}&m=${actions.join(",")}&ply=${ply}`;
  return url.href;
}

// -- the page's side ------------------------------------------------------------------

/**
 * How the game on the board stands, as the library lists it.
 * @typedef {object} LibraryView
 * @property {string} status the outcome code ("playing", "w-wins", ...)
 * @property {string} turn the letter of the player to move
 * @property {string} fen the position shown
 * @property {number} [players] 2 when absent
 * @property {unknown[]} moves every action, undone ones too
 * @property {unknown} [corr] a game by link (kept apart, by web/js/corr.js)
 */

/**
 * What the library needs of a game's page: its bridge's snapshot, state and
 * restore, and the page's parts that hold what a stored game holds besides.
 * @typedef {object} LibraryApp
 * @property {() => StoredSnapshot} snapshot the whole game on the board
 * @property {() => LibraryView} state
 * @property {(text: string) => {ok: boolean, state?: any, message?: string}} restore
 *   put a snapshot (JSON) on the board; its state goes to render
 * @property {(state: any) => void} render
 * @property {(text: string) => void} say
 * @property {{seats: Seats, browsing: boolean,
 *   setSeats: (seats: Seats, options: {refresh: boolean}) => void}} ai the computer's seats
 * @property {{seats: Seats | null, refused: boolean}} links what the address bar's link asked for
 * @property {import("./flip.js").Flip} flip the board turned round or not (a link's flip=1)
 * @property {() => LibraryView | null} view the state on the board
 * @property {import("./computer-lock.js").ComputerLock} lock which tab plays the game's computer
 */

export class Library {
  /**
   * @param {LibraryApp} app
   * @param {import("./library-games.js").LibraryGame} [kind] the page's game
   */
  constructor(app, kind = GAMES.mixtour) {
    this.app = app;
    this.kind = kind;
    this.started = false;
    /** @type {string | null} */
    this.id = null; // the stored game on the board (null: not kept yet)
    this.rev = 0;
    this.seenWriter = ""; // who wrote the revision this tab holds (WRITER: this page)
    this.written = ""; // what was last written or read for this.id (no needless writes)
    /** @type {string | null} */
    this.previous = null; // the game a link hid, for "Back to your game"
    /** @type {HTMLElement | null} */
    this.box = null;
    this.fullSaid = false;
    /** @type {Map<string, string>} */
    this.originals = new Map(); // id -> the raw text an older page saved (set aside as it was)
    /** @type {HTMLElement | null} */
    this.noticeBox = null;
    onLinkPasted = () => {
      if (!this.started) return;
      this.detach({ previous: true });
      if (this.previous) {
        document.body.dataset.save = "linked";
        this.showBack();
      }
    };
    document.querySelector("#flip-board")?.addEventListener("click", () => this.update());
    window.addEventListener("storage", (event) => this.onStorage(event));
    /** @type {HTMLDialogElement | null} */
    this.dialog = document.querySelector("#games-dialog");
    /** @type {HTMLElement | null} */
    this.list = document.querySelector("#games-list");
    document.querySelector("#open-games")?.addEventListener("click", () => this.openList());
    for (const button of this.dialog?.querySelectorAll("[data-close]") ?? []) {
      button.addEventListener("click", () => this.dialog?.close());
    }
  }

  /** @param {string | null} id */
  setId(id) {
    if (id === null) this.app.lock.drop();
    this.id = id;
    writeKey(this.kind.current, id, sessionStorage);
    if (id) document.body.dataset.gameId = id;
    else delete document.body.dataset.gameId;
  }

  /** Python is ready and the address bar's link (if any) is shown: restore or keep. */
  start() {
    this.started = true;
    /** @type {string[]} */
    const broken = [];
    this.migrate(broken);
    const { games, current, latest } = keptGames(this.kind, {
      onBroken: (problem) => broken.push(problem),
    });
    // A refused game by link (web/js/corr.js) showed nothing: the player's game comes back.
    if (openedWithLink && !this.app.links.refused) {
      const shown = this.app.snapshot();
      // Another kept game that the link shows (a link with no action shows a new game).
      const corr = !!this.app.state().corr; // a correspondence link: kept apart (corr.js)
      const same = shown.actions.length && !corr ? games.find((g) => sameGame(g.game, shown)) : null;
      const mine = current && !corr && sameGame(current.game, shown) ? current : same;
      if (mine && this.apply(mine, { fromLink: true, computer: "join" })) {
        document.body.dataset.save = "restored";
      } else {
        this.setId(null);
        if (latest) {
          this.previous = latest.id;
          document.body.dataset.save = "linked";
          this.showBack();
        }
      }
    } else if (latest) {
      if (this.apply(latest, { computer: "join" })) {
        document.body.dataset.save = "restored";
        if (latest.game.actions.length) this.app.say(t("save.restored"));
      }
    }
    if (broken.length) this.sayBroken(broken[0]);
    this.update();
  }

  /**
   * Move the one-slot save of older pages into the library.
   * @param {string[]} broken what was wrong with each save that could not be used
   */
  migrate(broken) {
    const [saveKey] = this.kind.oldKeys.slice(-1); // the game on the board (a resume key comes first)
    for (const key of this.kind.oldKeys) {
      const raw = readKey(key);
      if (raw === null) continue;
      const { entry, problem } = parseEntry(raw);
      if (problem || !entry) {
        setAside(raw, problem);
        broken.push(problem);
      } else {
        if (entry.legacyAi) entry.seats = { w: 0, r: entry.legacyAi, b: 0 }; // its best guess
        delete entry.legacyAi;
        if (key === saveKey && !readKey(this.kind.current, sessionStorage)) {
          writeKey(this.kind.current, entry.id, sessionStorage);
        }
        this.originals.set(entry.id, raw);
        this.store(entry);
      }
      writeKey(key, null);
    }
  }

  /** @param {string | undefined} problem */
  sayBroken(problem) {
    document.body.dataset.save = "broken";
    this.app.say(t("save.broken", { problem }));
  }

  /**
   * Put a stored game on the board; false if the engine refuses it (then it is
   * set aside). With `fromLink`, what the link said (seats, flip) wins;
   * `computer` says which tab plays its computer (web/js/computer-lock.js):
   * "claim" this one (the player opened it here), "join" this one unless
   * another tab does, "follow" the tab that just moved it on.
   * @param {LibraryEntry} entry
   * @param {{fromLink?: boolean, computer?: "claim" | "join" | "follow"}} [options]
   */
  apply(entry, { fromLink = false, computer = "claim" } = {}) {
    const { restore, render, ai, links, flip } = this.app;
    const answer = restore(JSON.stringify(entry.game));
    if (!answer.ok || !answer.state) {
      setAside(this.originals.get(entry.id) ?? JSON.stringify(entry), answer.message);
      writeKey(PREFIX + entry.id, null);
      this.sayBroken(answer.message);
      return false;
    }
    this.setId(entry.id);
    this.rev = entry.rev;
    this.seenWriter = entry.writer ?? "";
    const linkSeats = fromLink ? links.seats : null;
    ai.setSeats(linkSeats ?? entry.seats, { refresh: false });
    flip.show(fromLink && flip.flip ? true : entry.flip);
    this.written = this.payload(entry.game, { ...ai.seats }, flip.flip);
    this.app.lock[computer](entry.id);
    render(answer.state);
    return true;
  }

  /**
   * @param {StoredSnapshot} game
   * @param {Seats} seats
   * @param {boolean} flip
   */
  payload(game, seats, flip) {
    return JSON.stringify({ game, seats, flip });
  }

  /**
   * The board now shows another game (New game, a record, a link): keep the old one as it is.
   * @param {{previous?: boolean}} [options] previous: offer "Back to your game"
   */
  detach({ previous = false } = {}) {
    if (previous && this.id) {
      this.previous = this.id;
    }
    this.setId(null);
    this.rev = 0;
    this.seenWriter = "";
    this.written = "";
  }

  /** Save the game on the board (called after every render). */
  update() {
    if (!this.started) return;
    const { ai } = this.app;
    // A correspondence game is kept apart, by web/js/corr.js.
    if (this.app.view()?.corr) return;
    let game = this.app.snapshot();
    // A finished game looked back at is kept as it ended (web/js/app.js's lookingBack).
    if (ai.browsing) game = { ...game, ply: game.actions.length };
    const seats = { ...ai.seats };
    const flip = this.app.flip.flip;
    const payload = this.payload(game, seats, flip);
    if (payload === this.written) return;
    // Nothing worth keeping yet: an untouched game between people.
    if (!this.id && !game.actions.length && !Object.values(seats).some(Boolean)) return;
    if (!this.id && this.previous) {
      // A link to the game that was on the board: carry on with it.
      const before = readEntry(this.previous);
      if (before && sameGame(before.game, game)) {
        this.setId(before.id);
        this.rev = before.rev;
        this.seenWriter = before.writer ?? "";
        this.previous = null;
        this.hideBack();
      }
    }
    let stored = this.id ? readEntry(this.id) : null;
    // Another tab moved this game on since we last saw it (a later revision, or
    // the same one written by another page at the same instant): keep both.
    if (stored && (stored.rev !== this.rev || (stored.writer ?? "") !== this.seenWriter)) {
      this.setId(null);
      stored = null;
      document.body.dataset.save = "forked";
      this.notice(t("library.forked"));
    }
    const id = this.id ?? newId();
    if (!this.id) {
      this.setId(id);
      this.rev = 0;
    }
    const view = this.app.state();
    /** @type {LibraryEntry} */
    const entry = {
      version: VERSION,
      id,
      kind: "local",
      created: stored?.created ?? Date.now(),
      updated: Date.now(),
      rev: this.rev + 1,
      writer: WRITER,
      game,
      seats,
      flip,
      status: view.status,
      turn: view.turn,
      players: view.players ?? 2,
      moves: view.moves.length,
    };
    // What the board shows, drawn before Python on the next visit (not when a
    // finished game is looked back at: it is kept, and comes back, as it ended).
    if (!ai.browsing) entry.shown = view.fen;
    if (this.store(entry)) {
      this.rev = entry.rev;
      this.seenWriter = WRITER;
      this.written = payload;
      this.app.lock.claim(id); // the player acted here: this tab's computer answers
    }
  }

  /**
   * Write one game, making room if the quota is full; false (and a message) if it cannot.
   * @param {LibraryEntry} entry
   */
  store(entry) {
    const raw = JSON.stringify(entry);
    let result = writeKey(PREFIX + entry.id, raw);
    /** @type {LibraryEntry[]} */
    let dropped = [];
    if (result !== true && result instanceof Error) {
      dropped = prune(entry.id, 1);
      result = writeKey(PREFIX + entry.id, raw);
    }
    if (result === true) {
      if (entry.rev === 1 || entry.status !== "playing") dropped = [...dropped, ...prune(entry.id)];
      if (dropped.length) this.tellDropped(dropped);
      this.fullSaid = false;
      if (entry.moves > 0) void askToKeepStorage();
      return true;
    }
    if (result instanceof Error && !this.fullSaid) {
      this.fullSaid = true;
      document.body.dataset.save = "full";
      this.notice(t("library.full"));
    }
    return false;
  }

  /**
   * Another tab wrote (or deleted) a game: follow ours, refresh the list.
   * @param {StorageEvent} event
   */
  onStorage(event) {
    if (!this.started || event.storageArea !== localStorage) return;
    if (this.dialog?.open) this.fillList();
    if (!this.id || event.key !== PREFIX + this.id) return;
    if (event.newValue === null) {
      this.detach();
      this.notice(t("library.deletedElsewhere"));
      return;
    }
    // What the storage holds now (events may come late and out of order).
    const stored = readEntry(this.id);
    if (!stored) return;
    const writer = stored.writer ?? "";
    if (stored.rev > this.rev) {
      if (this.apply(stored, { computer: "follow" })) {
        document.body.dataset.save = "followed";
        this.notice(t("library.followed"));
      }
    } else if (stored.rev === this.rev && writer !== this.seenWriter && this.seenWriter === WRITER) {
      // Our move and another tab's were saved at the same instant, and ours
      // was overwritten: saved again, update() finds another writer's
      // revision and keeps ours as a new game (theirs stays in this one).
      this.written = "";
      this.update();
    }
  }

  /**
   * Unfinished games had to go to make room (MAX_GAMES): say so, and offer
   * them as a file of links that open each one again.
   * @param {LibraryEntry[]} dropped
   */
  tellDropped(dropped) {
    this.notice(plural("library.dropped", dropped.length, { max: MAX_GAMES }));
    const box = /** @type {HTMLElement} */ (this.noticeBox);
    box.querySelector(".library-dropped")?.remove();
    const text = dropped.map((entry) => `${entryLink(entry)}\n`).join("");
    const link = document.createElement("a");
    link.className = "library-dropped";
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.download = "mixtour-games.txt";
    link.textContent = t("library.droppedDownload");
    box.insertBefore(link, box.lastChild);
    document.body.dataset.dropped = String(dropped.length);
  }

  /**
   * A note that stays until closed (a move's message would soon replace it in #message).
   * @param {string} text
   */
  notice(text) {
    if (!this.noticeBox) {
      const box = document.createElement("div");
      box.id = "library-notice";
      box.className = "resume-box library-notice";
      box.setAttribute("role", "status");
      const words = document.createElement("span");
      const close = document.createElement("button");
      close.type = "button";
      close.className = "resume-close";
      close.textContent = "×";
      close.setAttribute("aria-label", t("button.close"));
      close.addEventListener("click", () => {
        box.hidden = true;
      });
      box.append(words, close);
      const anchor = document.querySelector("#message");
      if (anchor) anchor.after(box);
      else document.body.append(box);
      this.noticeBox = box;
    }
    const words = /** @type {HTMLElement} */ (this.noticeBox.firstChild);
    words.textContent = text;
    this.noticeBox.hidden = false;
  }

  // -- "Back to your game" after a link -------------------------------------------------

  showBack() {
    if (this.box) {
      this.box.hidden = false;
      return;
    }
    const box = document.createElement("div");
    box.className = "resume-box";
    box.setAttribute("role", "status");
    const text = document.createElement("span");
    text.textContent = t("save.linkShown");
    const resume = document.createElement("button");
    resume.type = "button";
    resume.id = "resume-saved";
    resume.textContent = t("save.resume");
    resume.addEventListener("click", () => this.resume());
    const close = document.createElement("button");
    close.type = "button";
    close.className = "resume-close";
    close.textContent = "×";
    close.setAttribute("aria-label", t("button.close"));
    close.addEventListener("click", () => this.hideBack());
    box.append(text, resume, close);
    const anchor = document.querySelector("#message");
    if (anchor) anchor.after(box);
    else document.body.append(box);
    this.box = box;
  }

  hideBack() {
    this.box?.remove();
    this.box = null;
  }

  /** Back to the game the link hid; the link's game stays in the library. */
  resume() {
    const entry = readEntry(this.previous);
    this.hideBack();
    this.previous = null;
    if (entry) this.open(entry, t("save.resumed"));
  }

  /**
   * @param {LibraryEntry} entry
   * @param {string} message
   */
  open(entry, message) {
    this.update(); // the game on the board is kept first
    if (this.apply(entry)) {
      document.body.dataset.save = "restored";
      this.app.say(message);
    }
  }

  // -- "Your games" ------------------------------------------------------------------------

  openList() {
    if (!this.dialog) return;
    this.update();
    this.fillList();
    this.dialog.showModal();
  }

  fillList() {
    if (!this.list) return;
    const games = listGames();
    const items = games.map((entry) => this.item(entry));
    if (!items.length) {
      const empty = document.createElement("li");
      empty.className = "empty";
      empty.textContent = t("library.empty");
      items.push(empty);
    }
    this.list.replaceChildren(...items);
    this.list.dataset.count = String(games.length);
  }

  /** @param {LibraryEntry} entry */
  item(entry) {
    const item = gameRow({
      label: gameLabel(entry, this.kind),
      current: entry.id === this.id,
      updated: entry.updated,
      open: () => {
        const fresh = readEntry(entry.id);
        this.dialog?.close();
        const kind = fresh && gameOf(fresh.game);
        if (!fresh || !kind) return;
        if (kind === this.kind) {
          this.open(fresh, t("library.opened"));
          return;
        }
        // Another game's: its page opens it in this tab (the board's game is kept).
        this.update();
        writeKey(kind.current, fresh.id, sessionStorage);
        location.assign(new URL(kind.page, location.href).href);
      },
      remove: () => {
        writeKey(PREFIX + entry.id, null);
        if (this.previous === entry.id) {
          this.previous = null;
          this.hideBack();
        }
        this.fillList();
        this.app.say(t("library.deleted"));
      },
    });
    item.dataset.id = entry.id;
    return item;
  }
}

/**
 * A row of a "Your games" list: the game's label and when it last moved
 * ("on the board" for the one shown), with Open and Delete unless shown.
 * @param {{label: string, current: boolean, updated: number,
 *   open: () => void, remove: () => void}} row
 */
export function gameRow({ label, current, updated, open, remove }) {
  const item = document.createElement("li");
  if (current) item.setAttribute("aria-current", "true");
  const text = document.createElement("div");
  text.className = "game-text";
  const name = document.createElement("span");
  name.className = "game-label";
  name.textContent = label;
  const when = document.createElement("small");
  when.className = "game-when";
  when.textContent = current ? t("library.onBoard") : timeAgo(updated);
  text.append(name, when);
  const buttons = document.createElement("div");
  buttons.className = "game-buttons";
  if (!current) {
    const openButton = document.createElement("button");
    openButton.type = "button";
    openButton.className = "game-open";
    openButton.textContent = t("library.open");
    openButton.addEventListener("click", open);
    const removeButton = document.createElement("button");
    removeButton.type = "button";
    removeButton.className = "game-delete";
    removeButton.textContent = t("library.delete");
    removeButton.setAttribute("aria-label", t("library.deleteLabel", { game: label }));
    removeButton.addEventListener("click", remove);
    buttons.append(openButton, removeButton);
  }
  item.append(text, buttons);
  return item;
}

/**
 * "White vs Computer 3 · 12 moves · Red to move"; a game other than the
 * page's is named first ("Tor · ...").
 * @param {LibraryEntry} entry
 * @param {import("./library-games.js").LibraryGame} [page] the page's game
 */
export function gameLabel(entry, page = GAMES.mixtour) {
  const kind = gameOf(entry.game) ?? GAMES.mixtour;
  const colors = kind.colors.slice(0, entry.players);
  const names = colors.map((color) => {
    const level = entry.seats[color] ?? 0;
    return level ? t("library.computer", { level }) : kind.side(color);
  });
  const parts = [names.join(t("library.vs")), plural("library.moves", entry.moves)];
  if (kind !== page) parts.unshift(kind.title);
  parts.push(entry.status === "playing" ? kind.toMove(entry.turn) : kind.result(entry.status));
  return parts.join(" · ");
}

/**
 * "5 minutes ago", in the page's language.
 * @param {number} ms
 */
export function timeAgo(ms) {
  const seconds = Math.round((ms - Date.now()) / 1000);
  const format = new Intl.RelativeTimeFormat(document.documentElement.lang || undefined, { numeric: "auto" });
  /** @type {[Intl.RelativeTimeFormatUnit, number][]} */
  const units = [
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, "minute");
}
