// @ts-check
// An embedded Mixtour board: the board and its bar (web/js/embed-parts.js),
// the game of a link shown on it, stepped through and played. One lives alone
// in each embed.html frame (embed.js); several live in one of our pages
// (live-boards.js, the rules pages). Its link is the game page's, plus the
// embed options:
//
//   #p=<P1>&m=<actions>&ply=<n>&flip=1&at=<P1>   what to show (mixtour/mixtour/link.py)
//    &view=1     view only: the board ignores clicks (steps still work)
//    &coords=0   no coordinates round the board
//
// Until Python is needed the board is drawn from the link by the notation
// module's preview reader (previewBoard below: drawing only, no rules). The
// engine starts when the board scrolls into view or is pressed; every board
// of the page shares one engine, in a worker that one of the page's frames
// hosts (web/js/engine/host.js), and from its first answer on everything shown
// comes from the Bridge, as on the game page.

import { Board } from "./mixtour-board.js";
import { EmbeddedBoard } from "./embed-parts.js";
import { PAGES } from "./guest.js";
import { colorName, linkProblems, reasonText, t } from "./i18n.js";
import { decodeLinkPart, moveText, previewLink, squareName } from "./notation.js";
import { showState, withoutPreview } from "./page.js";
import { explainAttemptLater } from "./refusals.js";

const EMBED_KEYS = ["view", "coords"];

/**
 * @typedef {object} EmbedOptions
 * @property {string} link the link proper, for Python
 * @property {boolean} viewOnly
 * @property {boolean} coordinates
 * @property {string[]} problems options that could not be read, in words
 */

/**
 * Split a link into the link proper (for Python) and the embed options.
 * @param {string} hash the fragment, with or without its "#"
 * @returns {EmbedOptions}
 */
export function readOptions(hash) {
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

/** @extends {EmbeddedBoard<Bridge.View, EmbedOptions>} */
export class MixtourEmbed extends EmbeddedBoard {
  /**
   * @param {import("./embed-parts.js").EmbedParts} ui the board's parts (buildEmbed)
   * @param {EmbedOptions} options
   * @param {import("./embed-parts.js").EmbedHooks} [hooks]
   */
  constructor(ui, options, hooks = {}) {
    super(ui, "mixtour", options, hooks);
    this.call = /** @type {Bridge.CallLater} */ (this.engine.call);
    this.board = new Board(ui.canvas, {
      onEnter: (square) => this.play(squareName(square)).catch(this.lost),
      onMove: (from, count, to) => this.play(moveText(from, count, to)).catch(this.lost),
      onIllegal: (attempt) => {
        if (this.engine.ready) explainAttemptLater(attempt, this.call, this.say).catch(this.lost);
      },
    });
    ui.open.title = t("embed.open");
    ui.canvas.setAttribute("aria-label", t("board.label"));
    this.showPreview();
  }

  // -- before Python: the preview -------------------------------------------------------

  showPreview() {
    const preview = previewBoard(this.options.link);
    this.board.set({
      stacks: preview.stacks,
      last: preview.last,
      enterable: [],
      movable: {},
      interactive: false,
      flipped: preview.flip,
      coordinates: this.options.coordinates,
    });
    this.ui.status.textContent = t("status.toMove", { color: colorName(preview.turn) });
    this.ui.status.dataset.turn = preview.turn;
    this.showSteps(preview.ply, preview.total);
  }

  /** As every board, and no turn to show when the link needs the engine to say it. */
  blocked() {
    if (!super.blocked()) return false;
    if (!previewBoard(this.options.link).known) {
      this.ui.status.textContent = "";
      delete this.ui.status.dataset.turn;
    }
    return true;
  }

  async load() {
    /** @type {Bridge.LoadedLink} */
    const answer = await this.engine.load(this.options.link);
    this.board.set({ flipped: answer.flip, coordinates: this.options.coordinates });
    this.render(answer.state);
    const problems = [...this.options.problems, ...linkProblems(answer)];
    if (problems.length) this.say(problems.join(" · "), { sticky: true });
  }

  /** @param {Bridge.View} view */
  total(view) {
    return view.moves.length + view.future.length;
  }

  // -- playing ------------------------------------------------------------------------------

  /** @param {string} text an action in N1 */
  async play(text) {
    if (!this.engine.ready || this.options.viewOnly) return;
    /** @type {Bridge.Played} */
    const answer = await this.call("play", text);
    if (!answer.ok || !answer.state) {
      this.say(t("msg.notLegal", { action: text, reason: reasonText(answer) }));
      if (this.view) this.render(this.view);
      return;
    }
    this.hideMessage();
    this.render(answer.state);
  }

  // -- showing ------------------------------------------------------------------------------

  /** @param {Bridge.View} state */
  render(state) {
    const ui = this.ui;
    this.view = state;
    const playable = !this.options.viewOnly && !state.over;
    showState(this.board, state, { interactive: playable, offer: playable });
    this.showSteps(state.ply, this.total(state));
    let text;
    if (state.over) text = t(`embed.${state.status}`);
    else if (state.mustPass) text = t("embed.mustPass", { color: colorName(state.turn) });
    else text = t("status.toMove", { color: colorName(state.turn) });
    ui.status.textContent = text;
    ui.status.title = text;
    ui.status.dataset.turn = state.over ? state.winner ?? "" : state.turn;
    this.call("link", true, !!this.board.config.flipped, null, true)
      .then((link) => {
        if (this.view !== state) return;
        this.showing(link.fragment);
        ui.open.href = `${PAGES}index.html#${withoutPreview(link.fragment)}`;
      })
      .catch(this.lost);
  }
}
