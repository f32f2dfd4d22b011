// The embeddable board (embed.html): the board with minimal chrome, to put
// in an <iframe>. It reads the same link as the game page, plus embed options:
//
//   embed.html#p=<P1>&m=<actions>&ply=<n>&flip=1   what to show (mixtour/link.py)
//              &view=1     view only: the board ignores clicks (steps still work)
//              &coords=0   no coordinates round the board
//
// Until Python is needed the board is drawn from the link by the notation
// module's preview reader (previewBoard below: drawing only, no rules).
// Python starts when the board scrolls into view or is pressed, so a page with
// many embeds stays light; from then on everything shown comes from the
// Bridge, as on the game page.
//
// Readiness contract (as on the game page):
//   body[data-painted="1"]  the board is drawn
//   body[data-ready="1"]    Python is ready
//   #board[data-position]   the position string (P1) shown, from Python
//   #board[data-status]     playing | w-wins | ... (Bridge.view().status)

import { Board } from "./board.js";
import { colorName, reasonText, t, translatePage } from "./i18n.js";
import { decodeLinkPart, moveText, previewLink, squareName } from "./notation.js";
import { registerServiceWorker } from "./offline.js";
import { explainAttempt } from "./refusals.js";
import "./theme.js"; // follows the player's theme, or ?theme=
import { watchStartup } from "./startup.js";

const $ = (selector) => document.querySelector(selector);
const EMBED_KEYS = ["view", "coords"];

const ui = {
  canvas: $("#board"),
  loading: $("#loading"),
  message: $("#message"),
  steps: $("#steps"),
  first: $("#first"),
  previous: $("#previous"),
  next: $("#next"),
  last: $("#last"),
  ply: $("#ply"),
  status: $("#status"),
  open: $("#open"),
};

let options = readOptions(location.hash);
let python = null;
let view = null;
let started = false;
let startup = null; // watches Python's start (web/js/startup.js)
let pending = null; // what to do once Python is ready (a step pressed before)

const board = new Board(ui.canvas, {
  onEnter: (square) => play(squareName(square)),
  onMove: (from, count, to) => play(moveText(from, count, to)),
  onIllegal: (attempt) => python && explainAttempt(attempt, call, say),
});

// -- the link ------------------------------------------------------------------

/** Split the fragment into the link proper (for Python) and the embed options. */
function readOptions(hash) {
  const linkParts = [];
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

function showSteps(ply, total) {
  ui.steps.hidden = total === 0;
  document.body.classList.toggle("has-steps", total > 0);
  ui.ply.textContent = `${ply}/${total}`;
}

// -- Python, started lazily ---------------------------------------------------------

function startPython() {
  if (started) return;
  started = true;
  if (sandboxed()) {
    // Python cannot start without storage of its own: say why, keep the picture.
    say(t("embed.sandboxed"), true);
    ui.message.classList.add("blocked");
    showSteps(0, 0); // stepping needs the engine
    if (!previewBoard(options.link).known) {
      ui.status.textContent = "";
      delete ui.status.dataset.turn;
    }
    return;
  }
  ui.loading.hidden = false;
  startup = watchStartup(ui.loading);
  ui.canvas.setAttribute("aria-busy", "true");
  const body = document.body.dataset;
  const script = document.createElement("script");
  script.type = "py";
  script.src = body.python;
  script.setAttribute("config", body.config);
  document.body.append(script);
  import(new URL(body.pyscript, document.baseURI).href).catch((error) => startup.fail(error));
}

function connect() {
  if (python || !window.mixtourPython) return;
  python = window.mixtourPython;
  load();
  startup.ready();
  ui.loading.hidden = true;
  ui.canvas.removeAttribute("aria-busy");
  document.body.dataset.ready = "1";
  registerServiceWorker({ offerUpdates: false }); // offline play (web/js/offline.js)
  if (pending) {
    const action = pending;
    pending = null;
    action();
  }
}

function load() {
  const answer = call("load_link", options.link);
  board.set({ flipped: answer.flip, coordinates: options.coordinates });
  render(answer.state);
  const problems = [...options.problems, ...answer.problems];
  if (problems.length) say(problems.join(" · "), true);
}

function call(name, ...args) {
  return JSON.parse(python[name](...args));
}

/**
 * A frame sandboxed without allow-same-origin has an opaque origin: no
 * storage, no service worker, and Python's files cannot be fetched for it.
 */
function sandboxed() {
  if (window.origin === "null") return true;
  try {
    return !window.localStorage;
  } catch {
    return true;
  }
}

// -- playing and stepping ------------------------------------------------------------

function play(text) {
  if (!python || options.viewOnly) return;
  const answer = call("play", text);
  if (!answer.ok) {
    say(t("msg.notLegal", { action: text, reason: reasonText(answer) }));
    render(view);
    return;
  }
  hideMessage();
  render(answer.state);
}

function step(where) {
  if (!python) {
    pending = () => step(where);
    startPython();
    return;
  }
  const total = view.moves.length + view.future.length;
  const target = { first: 0, previous: view.ply - 1, next: view.ply + 1, last: total }[where];
  if (target < 0 || target > total || target === view.ply) return;
  const state = call("goto", target);
  hideMessage();
  render(state);
}

for (const where of ["first", "previous", "next", "last"]) {
  ui[where].addEventListener("click", () => step(where));
}

// -- showing ---------------------------------------------------------------------------

function render(state) {
  view = state;
  ui.canvas.dataset.position = state.fen;
  ui.canvas.dataset.status = state.status;
  const playable = !options.viewOnly && !state.over;
  board.set({
    stacks: state.stacks,
    last: state.last,
    enterable: playable ? state.legal.enter : [],
    movable: playable ? state.legal.moves : {},
    interactive: playable,
  });
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
  const fragment = call("link", true, !!board.config.flipped, null).fragment;
  ui.open.href = `./index.html#${fragment}`;
  document.body.classList.toggle("view-only", options.viewOnly);
}

let messageTimer = 0;

/** A short message over the board; problems of the link stay until clicked. */
function say(text, sticky = false) {
  clearTimeout(messageTimer);
  ui.message.textContent = text;
  ui.message.hidden = false;
  ui.message.classList.toggle("problem", sticky);
  if (!sticky) messageTimer = setTimeout(hideMessage, 4000);
}

function hideMessage() {
  if (ui.message.classList.contains("problem")) return;
  ui.message.hidden = true;
}

ui.message.addEventListener("click", () => {
  if (ui.message.classList.contains("blocked")) return;
  ui.message.classList.remove("problem");
  hideMessage();
});

// -- start-up ------------------------------------------------------------------------------

translatePage();
// Alone, the board is the page's main landmark; in a frame it is one region of
// the page around it (which has its own main landmark), named by the frame's title when
// that page is ours (the rules pages), so each board can be told apart.
if (window.self !== window.top) {
  const main = document.querySelector(".embed");
  let label = t("page.embedTitle");
  try {
    label = window.frameElement?.title || label;
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
window.addEventListener("mixtour:python-ready", connect);

// Python starts when the board comes into view, or at the first press or key.
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
  document.body.classList.toggle("view-only", options.viewOnly);
  if (python) load();
  else showPreview();
});
