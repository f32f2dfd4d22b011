// @ts-check
// Tor's embeddable board (tor-embed.html): the board with a thin bar, to put
// in an <iframe> on any site. It reads the same link as Tor's page
// (mixtour/tor/link.py), plus embed options:
//
//   tor-embed.html#p=<T7>&m=<actions>&ply=<n>   what to show
//                  &at=<T7>    the position shown, drawn before Python is there
//                  &view=1     view only: the board ignores clicks (steps still work)
//                  &lang=fr    the language (en, fr, de), as ?lang=fr does
//
// The board is drawn at once from at= (or p= without actions) by the
// drawing-only reader (web/js/tor/position.js); the engine starts when the
// board scrolls into view or is pressed (one engine for every embed of the
// page, in a worker one of them hosts: web/js/engine-host.js), and from its
// first answer on everything shown comes from Tor's bridge. Readiness contract as on Tor's page: body[data-painted],
// body[data-ready], #board[data-position] and [data-status].

import { buildEmbed } from "./embed-parts.js";
import { RemoteBridge } from "./engine-host.js";
import { restWhenAway } from "./rest.js";
import { t, useLanguage } from "./i18n.js";
import { $, messageLine, pageChrome, withoutPreview } from "./page.js";
import { TorBoard } from "./tor/board.js";
import { readPosition } from "./tor/position.js";
import { playerName, torLinkProblems, torReasonText } from "./tor/words.js";
import "./theme.js"; // follows the player's theme, or ?theme=

const EMBED_KEYS = ["view", "lang"];

/**
 * Split the fragment into the link proper (for Python) and the embed options.
 * @param {string} hash
 */
function readOptions(hash) {
  const linkParts = [];
  /** @type {{[key: string]: string}} */
  const values = {};
  for (const part of hash.replace(/^#/, "").split("&")) {
    if (!part) continue;
    const [rawKey, ...rest] = part.split("=");
    const key = safeDecode(rawKey).trim().toLowerCase();
    if (EMBED_KEYS.includes(key)) values[key] = safeDecode(rest.join("="));
    else linkParts.push(part);
  }
  return { link: linkParts.join("&"), viewOnly: values.view === "1", lang: values.lang ?? null };
}

/** @param {string} text */
function safeDecode(text) {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}

let options = readOptions(location.hash);
if (options.lang) await useLanguage(options.lang);
const ui = buildEmbed($(".embed"), { ids: true, open: "./tor.html", openLabel: "tor.embed.open" });

const engine = new RemoteBridge({
  game: "tor",
  loading: ui.loading,
  canvas: ui.canvas,
  blocked,
  ready: load,
});
const call = /** @type {Bridge.TorCallLater} */ (engine.call);
const { say, hide: hideMessage } = messageLine(ui.message, { fadeMs: 4000 });
/** @type {Bridge.TorView | null} */
let view = null;

const board = new TorBoard(ui.canvas, {
  onPlay: (action) => play(action).catch(lost),
  onIllegal: (attempt) => {
    if (!engine.ready) return;
    call("explain", attempt.text)
      .then((answer) => {
        if (answer.reason) say(t("tor.msg.refused", { action: attempt.text, reason: torReasonText(answer.reason) }));
      })
      .catch(lost);
  },
});

// -- before Python ---------------------------------------------------------------

/** The position the link shows, drawn only (no rule applied), or the start. */
function showPreview() {
  const params = new URLSearchParams(options.link);
  const shown = (params.get("at") ?? (params.has("m") ? null : params.get("p")))?.replaceAll("_", " ");
  let turn = "w";
  try {
    if (shown) turn = readPosition(shown).turn;
    board.set(shown ? { position: shown, interactive: false } : { interactive: false });
  } catch {
    board.set({ interactive: false });
  }
  ui.status.textContent = t("tor.turn", { player: playerName(turn) });
  ui.status.dataset.turn = turn;
  document.body.dataset.painted = "1";
}

/** A frame sandboxed without allow-same-origin (an opaque origin) cannot start the engine: say so. */
function blocked() {
  if (window.origin !== "null") return false;
  say(t("embed.sandboxed"), { sticky: true });
  return true;
}

async function load() {
  /** @type {Bridge.TorLoadedLink} */
  const answer = await engine.load(options.link);
  board.set({ flipped: answer.flip });
  render(answer.state);
  const problems = torLinkProblems(answer);
  if (problems.length) say(problems.join(" · "), { sticky: true });
}

// -- playing and stepping ------------------------------------------------------------

/** The engine did not answer (it failed to restart): say so, keep the board. @param {unknown} error */
function lost(error) {
  console.warn("engine:", error);
  say(t("embed.engineLost"));
}

/** @param {string} action */
async function play(action) {
  if (!engine.ready || options.viewOnly) return;
  /** @type {Bridge.TorPlayed} */
  const answer = await call("play", action);
  if (!answer.ok || !answer.state) {
    say(t("tor.msg.refused", { action, reason: answer.reason ? torReasonText(answer.reason) : "" }));
    return;
  }
  hideMessage();
  render(answer.state, true);
}

/** @param {"first" | "previous" | "next" | "last"} where */
async function step(where) {
  if (!engine.ready) {
    engine.whenReady(() => step(where));
    return;
  }
  if (!view) return;
  const total = view.moves.length;
  const target = { first: 0, previous: view.ply - 1, next: view.ply + 1, last: total }[where];
  if (target < 0 || target > total || target === view.ply) return;
  hideMessage();
  render(await call("goto", target), where === "next");
}

for (const where of /** @type {const} */ (["first", "previous", "next", "last"])) {
  ui[where].addEventListener("click", () => step(where).catch(lost));
}

/**
 * @param {Bridge.TorView} state
 * @param {boolean} [played] the state follows the action just played (animated)
 */
function render(state, played = false) {
  view = state;
  const playable = !options.viewOnly && !state.over;
  board.publish({ position: state.fen, status: state.status });
  board.set({
    position: state.fen,
    legal: playable ? state.legal : [],
    last: played ? state.last : null,
    interactive: playable,
  });
  const total = state.moves.length;
  ui.steps.hidden = total === 0;
  ui.root.classList.toggle("has-steps", total > 0);
  ui.ply.textContent = `${state.ply}/${total}`;
  ui.first.disabled = ui.previous.disabled = state.ply === 0;
  ui.next.disabled = ui.last.disabled = state.ply === total;
  const text = state.over ? t(`tor.result.${state.status}`) : t("tor.turn", { player: playerName(state.turn) });
  ui.status.textContent = text;
  ui.status.title = text;
  ui.status.dataset.turn = state.over ? (state.winner ?? "") : state.turn;
  call("link", true, "", true)
    .then((link) => {
      if (view !== state) return;
      resting.showing(link.fragment);
      ui.open.href = `./tor.html#${withoutPreview(link.fragment)}`;
    })
    .catch(lost);
}

ui.message.addEventListener("click", () => {
  ui.message.classList.remove("problem");
  hideMessage();
});

// -- start-up ------------------------------------------------------------------------

pageChrome();
if (window.self !== window.top) {
  let label = t("tor.board");
  try {
    label = window.frameElement?.getAttribute("title") || label;
  } catch {
    // another site's page: keep the generic name
  }
  ui.root.setAttribute("role", "region");
  ui.root.setAttribute("aria-label", label);
}
ui.open.title = t("tor.embed.open");
ui.canvas.setAttribute("aria-label", t("tor.board"));
showPreview();
const startPython = () => engine.start();
// Out of sight for long, the board rests (web/js/rest.js), and comes back as it was.
const resting = restWhenAway({
  canvas: ui.canvas,
  status: ui.status,
  page: "tor-embed.html",
  options: () => (options.viewOnly ? "&view=1" : "") + (options.lang ? `&lang=${encodeURIComponent(options.lang)}` : ""),
});
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
  if (engine.ready) load().catch(lost);
  else showPreview();
});
