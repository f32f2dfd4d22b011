// @ts-check
// An embedded Tor board: the board and its bar (web/js/embed-parts.js), the
// game of a link shown on it, stepped through and played. One lives alone in
// each tor-embed.html frame (web/js/tor-embed.js); several live in one of our
// pages (web/js/live-boards.js, Tor's rules pages). Its link is Tor's page's
// (mixtour/tor/link.py), plus the embed options:
//
//   #p=<T7>&m=<actions>&ply=<n>&at=<T7>   what to show
//    &view=1     view only: the board ignores clicks (steps still work)
//    &coords=0   no coordinates round the board (as a Mixtour board's)
//    &lang=fr    the language (en, fr, de), as ?lang=fr does (a frame's only)
//
// The board is drawn at once from at= (or p= without actions) by the
// drawing-only reader (position.js); the engine starts when the board
// scrolls into view or is pressed (one engine for every board of the page:
// web/js/engine/host.js), and from its first answer on everything shown
// comes from Tor's bridge.

import { EmbeddedBoard } from "../embed-parts.js";
import { GUEST, PAGES } from "../guest.js";
import { t } from "../i18n.js";
import { withoutPreview } from "../page.js";
import { TorBoard } from "./tor-board.js";
import { readPosition } from "./position.js";
import { playerName, torLinkProblems, refusalText } from "./words.js";

const EMBED_KEYS = ["view", "coords", "lang"];

/**
 * @typedef {object} TorEmbedOptions
 * @property {string} link the link proper, for Python
 * @property {boolean} viewOnly
 * @property {boolean} coordinates
 * @property {string | null} lang the language the link asks for
 */

/**
 * Split a link into the link proper (for Python) and the embed options.
 * @param {string} hash the fragment, with or without its "#"
 * @returns {TorEmbedOptions}
 */
export function readTorOptions(hash) {
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
  return {
    link: linkParts.join("&"),
    viewOnly: values.view === "1",
    coordinates: values.coords !== "0",
    lang: values.lang ?? null,
  };
}

/** @param {string} text */
function safeDecode(text) {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}

/** @extends {EmbeddedBoard<Bridge.TorView, TorEmbedOptions>} */
export class TorEmbed extends EmbeddedBoard {
  /**
   * @param {import("../embed-parts.js").EmbedParts} ui the board's parts (buildEmbed)
   * @param {TorEmbedOptions} options
   * @param {import("../embed-parts.js").EmbedHooks} [hooks]
   */
  constructor(ui, options, hooks = {}) {
    super(ui, "tor", options, hooks);
    this.call = /** @type {Bridge.TorCallLater} */ (this.engine.call);
    this.board = new TorBoard(ui.canvas, {
      onPlay: (action) => this.play(action).catch(this.lost),
      onIllegal: (attempt) => {
        if (!this.engine.ready) return;
        this.call("explain", attempt.text)
          .then((answer) => {
            if (!answer.reason) return;
            this.say(refusalText(attempt.text, answer.reason));
          })
          .catch(this.lost);
      },
    });
    ui.root.classList.add("tor-embed");
    ui.open.title = t("tor.embed.open");
    ui.canvas.setAttribute("aria-label", t("tor.board"));
    this.showPreview();
  }

  /** The position the link shows, drawn only (no rule applied), or the start. */
  showPreview() {
    const params = new URLSearchParams(this.options.link);
    const shown = (params.get("at") ?? (params.has("m") ? null : params.get("p")))?.replaceAll("_", " ");
    let turn = "w";
    const coordinates = this.options.coordinates;
    try {
      if (shown) turn = readPosition(shown).turn;
      this.board.set({ ...(shown ? { position: shown } : {}), interactive: false, coordinates });
    } catch {
      this.board.set({ interactive: false, coordinates });
    }
    this.ui.status.textContent = t("tor.turn", { player: playerName(turn) });
    this.ui.status.dataset.turn = turn;
    if (!GUEST) document.body.dataset.painted = "1";
  }

  async load() {
    /** @type {Bridge.TorLoadedLink} */
    const answer = await this.engine.load(this.options.link);
    this.board.set({ flipped: answer.flip, coordinates: this.options.coordinates });
    this.render(answer.state);
    const problems = torLinkProblems(answer);
    if (problems.length) this.say(problems.join(" · "), { sticky: true });
  }

  /** @param {Bridge.TorView} view */
  total(view) {
    return view.moves.length;
  }

  /** @param {string} action */
  async play(action) {
    if (!this.engine.ready || this.options.viewOnly) return;
    /** @type {Bridge.TorPlayed} */
    const answer = await this.call("play", action);
    if (!answer.ok || !answer.state) {
      this.say(refusalText(action, answer.reason));
      return;
    }
    this.hideMessage();
    this.render(answer.state, true);
  }

  /**
   * @param {Bridge.TorView} state
   * @param {boolean} [played] the state follows the action just played (animated)
   */
  render(state, played = false) {
    const ui = this.ui;
    this.view = state;
    const playable = !this.options.viewOnly && !state.over;
    this.board.publish({ position: state.fen, status: state.status });
    this.board.set({
      position: state.fen,
      legal: playable ? state.legal : [],
      last: played ? state.last : null,
      interactive: playable,
    });
    this.showSteps(state.ply, this.total(state));
    const text = state.over ? t(`tor.result.${state.status}`) : t("tor.turn", { player: playerName(state.turn) });
    ui.status.textContent = text;
    ui.status.title = text;
    ui.status.dataset.turn = state.over ? (state.winner ?? "") : state.turn;
    this.call("link", true, "", true)
      .then((link) => {
        if (this.view !== state) return;
        this.showing(link.fragment);
        ui.open.href = `${PAGES}tor.html#${withoutPreview(link.fragment)}`;
      })
      .catch(this.lost);
  }
}
