// @ts-check
// The embeddable board (embed.html): the board with minimal chrome, to put
// in an <iframe>. It reads the same link as the game page, plus embed options:
//
//   embed.html#p=<P1>&m=<actions>&ply=<n>&flip=1   what to show (mixtour/link.py)
//              &view=1     view only: the board ignores clicks (steps still work)
//              &coords=0   no coordinates round the board
//
// Until Python is needed the board is drawn from the link by the notation
// module's preview reader (previewBoard below: drawing only, no rules).
// The engine starts when the board scrolls into view or is pressed; every
// embed of the page shares one engine, in a worker that one of them hosts
// (web/js/engine-host.js), and from its first answer on everything shown comes
// from the Bridge, as on the game page.
// Out of the reader's sight for a minute, the board rests (web/js/rest.js).
//
// Readiness contract (as on the game page):
//   body[data-painted="1"]  the board is drawn
//   body[data-ready="1"]    Python is ready
//   #board[data-position]   the position string (P1) shown, from Python
//   #board[data-status]     playing | w-wins | ... (Bridge.view().status)

import { Board } from "./board.js";
import { RemoteBridge } from "./engine-host.js";
import { colorName, linkProblems, reasonText, t } from "./i18n.js";
import { decodeLinkPart, moveText, previewLink, squareName } from "./notation.js";
import { $, messageLine, pageChrome, showState, withoutPreview } from "./page.js";
import { explainAttemptLater } from "./refusals.js";
import { restWhenAway } from "./rest.js";
import "./theme.js"; // follows the player's theme, or ?theme=

const EMBED_KEYS = ["view", "coords"];

const ui = {
  /** @type {HTMLCanvasElement} */
  canvas: $("#board"),
  loading: $("#loading"),
  message: $("#message"),
  steps: $("#steps"),
  /** @type {HTMLButtonElement} */
  first: $("#first"),
  /** @type {HTMLButtonElement} */
  previous: $("#previous"),
  /** @type {HTMLButtonElement} */
  next: $("#next"),
  /** @type {HTMLButtonElement} */
  last: $("#last"),
  ply: $("#ply"),
  status: $("#status"),
  /** @type {HTMLAnchorElement} */
  open: $("#open"),
};

let options = readOptions(location.hash);
const engine = new RemoteBridge({
  game: "mixtour",
  loading: ui.loading,
  canvas: ui.canvas,
  blocked,
  ready: load,
});
const call = /** @type {Bridge.CallLater} */ (engine.call);
// A short message over the board; problems of the link stay until clicked.
const { say, hide: hideMessage } = messageLine(ui.message, { fadeMs: 4000 });
/** @type {Bridge.View | null} the game shown, once Python has answered */
let view = null;

const board = new Board(ui.canvas, {
  onEnter: (square) => play(squareName(square)).catch(lost),
  onMove: (from, count, to) => play(moveText(from, count, to)).catch(lost),
  onIllegal: (attempt) => {
    if (engine.ready) explainAttemptLater(attempt, call, say).catch(lost);
  },
});

// -- the link ------------------------------------------------------------------

/**
 * Split the fragment into the link proper (for Python) and the embed options.
 * @param {string} hash
 */
function readOptions(hash) {
  const linkParts = [];
  /** @type {{ [key: string]: boolean }} */
  const values = {};
  const problems = [];
  for (const part of hash.replace(/^#/, "").split("&")) {
    if (!part) continue;
    const [rawKey, ...rest] = part.split("=");
    const key = decodeLinkPart(rawKey).trim().toLowerCase();
    if (!EMBED_KEYS.includes(key)) {
      linkParts.push(part);
      continue;
    }
    const value = decodeLinkPart(rest.join("="));
    if (value === "0" || value === "1") values[key] = value === "1";
    else problems.push(t("embed.badOption", { key, value: value.slice(0, 20) }));
  }
  return {
    link: linkParts.join("&"),
    viewOnly: values.view ?? false,
    coordinates: values.coords ?? true,
    problems,
  };
}

// -- the preview before Python (drawing only) ------------------------------------

/**
 * The stacks and last action to draw for a link before the engine is loaded:
 * the position shown when the link carries it (web/js/notation.js, previewLink),
 * read for drawing only. No rule is applied here; anything else waits for
 * Python, whose answer replaces the preview as soon as it is loaded.
 * @param {string} link
 */
export function previewBoard(link) {
  const preview = previewLink(link);
  const position = preview.position;
  return {
    stacks: position ? position.stacks : Array(25).fill(""),
    last: position ? position.last : null,
    turn: position ? position.turn : "w",
    known: !!position, // false: the position shown needs the engine (actions to play)
    ply: preview.ply,
    total: preview.total,
    flip: preview.flip,
  };
}

function showPreview() {
  const preview = previewBoard(options.link);
  board.set({
    stacks: preview.stacks,
    last: preview.last,
    enterable: [],
    movable: {},
    interactive: false,
    flipped: preview.flip,
    coordinates: options.coordinates,
  });
  ui.status.textContent = t("status.toMove", { color: colorName(preview.turn) });
  ui.status.dataset.turn = preview.turn;
  showSteps(preview.ply, preview.total);
}

/**
 * @param {number} ply
 * @param {number} total
 */
function showSteps(ply, total) {
  ui.steps.hidden = total === 0;
  document.body.classList.toggle("has-steps", total > 0);
  ui.ply.textContent = `${ply}/${total}`;
}

// -- Python, started lazily ---------------------------------------------------------

/** The engine cannot start in an opaque origin: say why, keep the picture. */
function blocked() {
  if (!sandboxed()) return false;
  say(t("embed.sandboxed"), { sticky: true });
  ui.message.classList.add("blocked");
  showSteps(0, 0); // stepping needs the engine
  if (!previewBoard(options.link).known) {
    ui.status.textContent = "";
    delete ui.status.dataset.turn;
  }
  return true;
}

async function load() {
  /** @type {Bridge.LoadedLink} */
  const answer = await engine.load(options.link);
  board.set({ flipped: answer.flip, coordinates: options.coordinates });
  render(answer.state);
  const problems = [...options.problems, ...linkProblems(answer)];
  if (problems.length) say(problems.join(" · "), { sticky: true });
}

/**
 * A frame sandboxed without allow-same-origin has an opaque origin: no
 * worker of ours can start for it, and Python's files cannot be fetched for it.
 * (A frame whose storage the browser blocks, e.g. framed by another site with
 * third-party storage off, still runs the engine: it needs no storage.)
 */
function sandboxed() {
  return window.origin === "null";
}

// -- playing and stepping ------------------------------------------------------------

/** The engine did not answer (it failed to restart): say so, keep the board. @param {unknown} error */
function lost(error) {
  console.warn("engine:", error);
  say(t("embed.engineLost"));
}

/** @param {string} text an action in N1 */
async function play(text) {
  if (!engine.ready || options.viewOnly) return;
  /** @type {Bridge.Played} */
  const answer = await call("play", text);
  if (!answer.ok || !answer.state) {
    say(t("msg.notLegal", { action: text, reason: reasonText(answer) }));
    if (view) render(view);
    return;
  }
  hideMessage();
  render(answer.state);
}

/** @param {"first" | "previous" | "next" | "last"} where */
async function step(where) {
  if (!engine.ready) {
    engine.whenReady(() => step(where)); // starts the engine
    return;
  }
  if (!view) return; // Python is there, its first answer not yet
  const total = view.moves.length + view.future.length;
  const target = { first: 0, previous: view.ply - 1, next: view.ply + 1, last: total }[where];
  if (target < 0 || target > total || target === view.ply) return;
  const state = await call("goto", target);
  hideMessage();
  render(state);
}

for (const where of /** @type {const} */ (["first", "previous", "next", "last"])) {
  ui[where].addEventListener("click", () => step(where).catch(lost));
}

// -- showing ---------------------------------------------------------------------------

/** @param {Bridge.View} state */
function render(state) {
  view = state;
  const playable = !options.viewOnly && !state.over;
  showState(board, state, { interactive: playable, offer: playable });
  const total = state.moves.length + state.future.length;
  showSteps(state.ply, total);
  ui.first.disabled = ui.previous.disabled = state.ply === 0;
  ui.next.disabled = ui.last.disabled = state.ply === total;
  let text;
  if (state.over) text = t(`embed.${state.status}`);
  else if (state.mustPass) text = t("embed.mustPass", { color: colorName(state.turn) });
  else text = t("status.toMove", { color: colorName(state.turn) });
  ui.status.textContent = text;
  ui.status.title = text;
  ui.status.dataset.turn = state.over ? state.winner ?? "" : state.turn;
  document.body.classList.toggle("view-only", options.viewOnly);
  call("link", true, !!board.config.flipped, null, true)
    .then((link) => {
      if (view !== state) return;
      resting.showing(link.fragment);
      ui.open.href = `./index.html#${withoutPreview(link.fragment)}`;
    })
    .catch(lost);
}

ui.message.addEventListener("click", () => {
  if (ui.message.classList.contains("blocked")) return;
  ui.message.classList.remove("problem");
  hideMessage();
});

// -- start-up ------------------------------------------------------------------------------

pageChrome();
// Alone, the board is the page's main landmark; in a frame it is one region of
// the page around it (which has its own main landmark), named by the frame's title when
// that page is ours (the rules pages), so each board can be told apart.
if (window.self !== window.top) {
  const main = $(".embed");
  let label = t("page.embedTitle");
  try {
    label = window.frameElement?.getAttribute("title") || label;
  } catch {
    // another site's page: keep the generic name
  }
  main.setAttribute("role", "region");
  main.setAttribute("aria-label", label);
}
ui.open.title = t("embed.open");
ui.canvas.setAttribute("aria-label", t("board.label"));
document.body.classList.toggle("view-only", options.viewOnly);
showPreview();
const startPython = () => engine.start();
// Out of sight for long, the board rests (web/js/rest.js), and comes back as it was.
const resting = restWhenAway({
  canvas: ui.canvas,
  status: ui.status,
  page: "embed.html",
  options: () => (options.viewOnly ? "&view=1" : "") + (options.coordinates ? "" : "&coords=0"),
});

// The engine starts when the board comes into view, or at the first press or key.
const observer = new IntersectionObserver((entries) => {
  if (entries.some((entry) => entry.isIntersecting)) {
    observer.disconnect();
    startPython();
  }
});
observer.observe(ui.canvas);
for (const type of ["pointerdown", "keydown", "focusin"]) {
  document.addEventListener(type, startPython, { once: true });
}

window.addEventListener("hashchange", () => {
  options = readOptions(location.hash);
  resting.showing("");
  document.body.classList.toggle("view-only", options.viewOnly);
  if (engine.ready) load().catch(lost);
  else showPreview();
});
