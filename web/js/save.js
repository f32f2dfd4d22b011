// Nothing lost: the game in progress is kept in localStorage after every
// change and restored when the page is opened again.
//
// Storage (one origin, so the game page only; embeds never save):
//   mixtour.game         {version: 1, game: Bridge.snapshot() (start, all
//                        actions incl. undone ones, ply), seats, flip, ai, savedAt}
//   mixtour.game.resume  the saved game set aside when a link showed another
//                        game; the "Resume your saved game" button brings it back
//   mixtour.game.broken  saved data that could not be restored (bad JSON, other
//                        version, illegal moves), kept for inspection, never read
//
// Every restore goes through the engine (Bridge.restore replays the actions).
//
// Test hooks:
//   body[data-save]       restored | broken | linked (a link replaced the saved game)
//   #resume-saved         the "Resume your saved game" button (present while one is set aside)

import { t } from "./i18n.js";

export const SAVE_KEY = "mixtour.game";
export const RESUME_KEY = "mixtour.game.resume";
export const BROKEN_KEY = "mixtour.game.broken";
const VERSION = 1;

// The address bar as the page was opened, before the page rewrites it.
const openedWithLink = location.hash.length > 1;

// A link pasted into the address bar while a game is saved: keep that game
// reachable. Registered when this module is evaluated, i.e. before app.js
// creates the Links listener that loads the link (listeners run in order).
let onLinkPasted = () => {};
window.addEventListener("hashchange", () => onLinkPasted());

function readKey(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled: the page works, it just forgets
  }
}

function writeKey(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** The saved record, or {problem} when it is not one this page can use. */
function parseRecord(raw) {
  let record;
  try {
    record = JSON.parse(raw);
  } catch {
    return { problem: t("save.badJson") };
  }
  if (!record || typeof record !== "object" || Array.isArray(record)) return { problem: t("save.badJson") };
  if (record.version !== VERSION) return { problem: t("save.badVersion", { version: String(record.version) }) };
  if (!record.game || typeof record.game !== "object") return { problem: t("save.noGame") };
  return { record };
}

function sameGame(a, b) {
  return (
    a.start === b.start &&
    a.ply === b.ply &&
    Array.isArray(a.actions) &&
    Array.isArray(b.actions) &&
    a.actions.join(",") === b.actions.join(",")
  );
}

export class Saver {
  /** app: {call, render, say, ai, links, board} */
  constructor(app) {
    this.app = app;
    this.started = false;
    this.box = null;
    onLinkPasted = () => this.started && this.setAside();
    // Turning the board changes no game state, so no render saves it.
    document.querySelector("#flip-board")?.addEventListener("click", () => this.update());
  }

  /** Python is ready and the address bar's link (if any) is shown: restore or keep. */
  start() {
    const raw = readKey(SAVE_KEY);
    this.started = true;
    if (raw !== null) this.restoreSaved(raw);
    if (readKey(RESUME_KEY) !== null) this.showResume();
    this.update();
  }

  restoreSaved(raw) {
    const { record, problem } = parseRecord(raw);
    if (problem) {
      this.broken(raw, problem);
      return;
    }
    if (openedWithLink && !sameGame(record.game, this.app.call("snapshot"))) {
      // The link's game is shown; the saved one waits behind the resume button.
      if (readKey(RESUME_KEY) === null) writeKey(RESUME_KEY, raw);
      document.body.dataset.save = "linked";
      return;
    }
    if (this.apply(record)) {
      document.body.dataset.save = "restored";
      if (record.game.actions.length) this.app.say(t("save.restored"));
    } else {
      this.broken(raw, this.lastProblem);
    }
  }

  /** Put a saved record on the board; false (and lastProblem) if the engine refuses it. */
  apply(record) {
    const { call, render, ai, links, board } = this.app;
    const answer = call("restore", JSON.stringify(record.game));
    if (!answer.ok) {
      this.lastProblem = answer.message;
      return false;
    }
    ai.setSeats(record.seats && typeof record.seats === "object" ? record.seats : {}, { refresh: false });
    links.ai = Number.isInteger(record.ai) && record.ai >= 1 && record.ai <= 6 ? record.ai : null;
    links.flip = record.flip === true;
    board.set({ flipped: links.flip });
    links.syncFlipButton();
    render(answer.state);
    return true;
  }

  broken(raw, problem) {
    writeKey(BROKEN_KEY, JSON.stringify({ raw, problem, at: new Date().toISOString() }));
    writeKey(SAVE_KEY, null);
    document.body.dataset.save = "broken";
    this.app.say(t("save.broken", { problem }));
  }

  /** Save the game on the board (called after every render). */
  update() {
    if (!this.started) return;
    const { call, ai, links } = this.app;
    const record = {
      version: VERSION,
      game: call("snapshot"),
      seats: { ...ai.seats },
      flip: !!links.flip,
      ai: links.ai ?? null,
      savedAt: new Date().toISOString(),
    };
    writeKey(SAVE_KEY, JSON.stringify(record));
  }

  /** Keep the current saved game behind the resume button (a link is about to replace it). */
  setAside() {
    const raw = readKey(SAVE_KEY);
    if (raw === null || readKey(RESUME_KEY) !== null) return;
    const { record } = parseRecord(raw);
    if (!record || !record.game.actions?.length) return; // nothing worth keeping
    writeKey(RESUME_KEY, raw);
    document.body.dataset.save = "linked";
    this.showResume();
  }

  showResume() {
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
    close.addEventListener("click", () => {
      box.hidden = true;
    });
    box.append(text, resume, close);
    const anchor = document.querySelector("#message");
    if (anchor) anchor.after(box);
    else document.body.append(box);
    this.box = box;
  }

  /** Bring back the game set aside by a link. */
  resume() {
    const raw = readKey(RESUME_KEY);
    writeKey(RESUME_KEY, null);
    if (this.box) this.box.remove();
    this.box = null;
    if (raw === null) return;
    const { record, problem } = parseRecord(raw);
    if (problem || !this.apply(record)) {
      this.broken(raw, problem || this.lastProblem);
      return;
    }
    document.body.dataset.save = "restored";
    this.app.say(t("save.resumed"));
    this.update();
  }
}
