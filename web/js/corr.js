// @ts-check
// Correspondence games: two or three people play one game, each in their own
// browser, by sending its link back and forth (a chat, a mail, a QR code).
// There is no server: the link (mixtour/kit/correspondence.py, with each
// game's part) carries the whole game, and Python replays and checks it
// before anything is shown or kept.
//
// Written once for every game: a page gives its game (library-games.js: its
// colours and words), its bridge (web/py/corr_part.py's functions, the same
// in every game) and how its set-up dialog reads (CorrSetup). A link of
// another game is refused by the engine (wrong-game); "Your games" lists the
// games by link of every game, and opens another game's on its own page.
//
// The flow: "Play a friend by link" (start panel, New game) sets a game up;
// after each move the panel says whom to send the link to, with Copy, the
// system share sheet where the browser has one, and a QR code. The friend's
// page opens the link, checks it against the game it keeps under the same id,
// says whose turn it is, and lets the person holding the link move only the
// colour they play.
//
// The games are kept apart from the local games of library.js (see
// corr-store.js). A link is stored only once the engine accepted it, so a
// refused link changes nothing kept.
//
// One game open in two tabs: a tab whose game another tab moved on (the
// storage event) shows the kept game at once and says so; a move made in a
// tab that missed that change is not kept (it would replace the move whose
// link was sent, and the friend's reply to that link would be refused): the
// tab shows the kept game and says why. What a tab last read or wrote is
// `seen`, compared with the kept link before every write.
//
// Test hooks: #corr[data-state] (your-move | wait | over | refused),
// #corr[data-you], body[data-corr] (the game id shown), #corr-link (the link to
// send), #corr-games-list li[data-corr-id] (in "Your games").

import { currentLanguage, plural, t, translatePage } from "./i18n.js";
import { gameRow } from "./library.js";
import { GAMES, gameOf } from "./library-games.js";
import { copyText, showForCopy } from "./clipboard.js";
import { $ } from "./page.js";
import { CORR_PREFIX, deleteCorr, listCorr, readCorr, storeCorr, VERSION } from "./corr-store.js";
import { drawQr } from "./qr.js";

const ROOM_WARNING = 60; // actions left in a link when the page starts to say so

/** @param {string} fragment */
export function isCorrLink(fragment) {
  return /^#?c=/.test(fragment);
}

/**
 * "Ann (White)", or "White" when the player gave no name.
 * @param {import("./library-games.js").LibraryGame} game
 * @param {string[]} names
 * @param {string} color
 */
function who(game, names, color) {
  const name = names[game.colors.indexOf(color)];
  return name ? t("corr.named", { name, color: game.side(color) }) : game.side(color);
}

/**
 * Why a link was refused, in the page's language: the reason's id worded by
 * the table (a nested rule's reason by reasonText, the engine's own English
 * for an English page), else the engine's English message.
 * @param {{message?: string, reason?: Bridge.Reason}} answer
 * @param {import("./library-games.js").LibraryGame} game the page's game
 */
export function refusalText(answer, game) {
  const reason = answer.reason;
  const key = `corr.why.${reason?.id}`;
  if (!reason || t(key) === key) return answer.message ?? "";
  // The engine words a rule in English itself; other languages word its reason here.
  if (reason.id === "illegal" && currentLanguage() === "en") return answer.message ?? "";
  /** @type {{[name: string]: unknown}} */
  const values = { ...reason.args };
  if (typeof reason.args.color === "string") values.color = game.side(reason.args.color);
  if (typeof reason.args.sender === "string") values.sender = game.side(reason.args.sender);
  // A link of another game of the collection (wrong-game) names that game.
  if (reason.id === "wrong-game") values.game = gameOf({ game: reason.args.game })?.title ?? reason.args.game;
  const why = reason.args.why;
  if (why && typeof why === "object") values.why = game.reason(why) || why.id;
  return t(key, values);
}

/**
 * A game's set-up dialog (#corr-form): the fields before the colour and the name.
 * @typedef {object} CorrSetup
 * @property {() => void} sync match the fields to one another (the dialog opened or changed)
 * @property {() => (string | number)[]} args what corr_new takes before the colour and the name
 */

/**
 * What games by link need of a page; `V` is its game's view (Bridge.View, Bridge.TorView).
 * @template {Bridge.CorrView} V
 * @typedef {object} CorrApp
 * @property {import("./library-games.js").LibraryGame} game
 * @property {Bridge.CorrCall<V>} call
 * @property {(state: V) => void} render
 * @property {(text: string) => void} say
 * @property {() => void} humans every seat to a person: nobody's computer plays a game by link
 * @property {import("./library.js").Library} library
 * @property {() => void} hideStart
 * @property {CorrSetup} setup
 */

/** @template {Bridge.CorrView} V */
export class Corr {
  /** @param {CorrApp<V>} app */
  constructor(app) {
    this.app = app;
    this.game = app.game;
    this.active = false;
    /** @type {{id: string | null, text: string} | null} the last link refused, and why */
    this.refused = null;
    this.id = "";
    this.mine = "";
    this.seen = ""; // the kept link of this game as this tab last read or wrote it
    /** @type {Bridge.CorrInfo | null} */
    this.info = null;
    this.ui = {
      box: $("#corr"),
      status: $("#corr-status"),
      send: $("#corr-send"),
      sendText: $("#corr-send-text"),
      /** @type {HTMLInputElement} */
      link: $("#corr-link"),
      /** @type {HTMLButtonElement} */
      copy: $("#corr-copy"),
      /** @type {HTMLButtonElement} */
      share: $("#corr-share"),
      /** @type {HTMLCanvasElement} */
      qr: $("#corr-qr"),
      /** @type {HTMLDialogElement} */
      dialog: $("#corr-dialog"),
      /** @type {HTMLFormElement} */
      form: $("#corr-form"),
      /** @type {HTMLSelectElement} */
      color: $("#corr-color"),
      /** @type {HTMLInputElement} */
      name: $("#corr-name"),
      error: $("#corr-error"),
      list: $("#corr-games-list"),
      /** @type {HTMLFormElement} */
      nameForm: $("#corr-name-form"),
      /** @type {HTMLInputElement} */
      myName: $("#corr-my-name"),
    };
    const { ui } = this;
    this.fillDialog();
    ui.list.closest(".corr-games")?.removeAttribute("hidden"); // this page plays games by link
    ui.share.hidden = typeof navigator.share !== "function";
    ui.copy.addEventListener("click", () => this.copy());
    ui.share.addEventListener("click", () => this.share());
    ui.link.addEventListener("focus", () => ui.link.select());
    $("#start-corr").addEventListener("click", () => this.openDialog());
    $("#new-corr").addEventListener("click", () => {
      /** @type {HTMLDialogElement} */ ($("#new-game-dialog")).close("corr"); // its own answer, which starts no game
      this.openDialog();
    });
    ui.form.addEventListener("change", () => app.setup.sync());
    ui.form.addEventListener("submit", (event) => this.submit(event));
    $("#open-games").addEventListener("click", () => this.fillList());
    ui.nameForm.addEventListener("submit", (event) => {
      event.preventDefault();
      this.setName(ui.myName.value);
    });
    window.addEventListener("storage", (event) => {
      if (this.active && event.storageArea === localStorage && event.key === CORR_PREFIX + this.id) {
        this.followElsewhere(t("corr.followed"));
      }
    });
  }

  // -- setting a game up ----------------------------------------------------------

  /** The dialog's questions of this page's game (its <template id="corr-setup">) and its colours. */
  fillDialog() {
    const fields = document.querySelector("template#corr-setup");
    const slot = $("#corr-fields");
    if (fields instanceof HTMLTemplateElement) slot.replaceChildren(fields.content.cloneNode(true));
    translatePage(slot);
    this.ui.color.replaceChildren(
      new Option(t("corr.random"), "random"),
      ...this.game.colors.map((color) => new Option(this.game.side(color), color)),
    );
  }

  openDialog() {
    this.app.setup.sync();
    this.ui.error.textContent = "";
    this.ui.dialog.showModal();
  }

  /** @param {SubmitEvent} event */
  submit(event) {
    const submitter = /** @type {HTMLButtonElement | null} */ (event.submitter);
    if (submitter && submitter.value === "cancel") return;
    event.preventDefault();
    if (!this.ui.form.reportValidity()) return;
    const { ui } = this;
    const answer = this.app.call("corr_new", ...this.app.setup.args(), ui.color.value, ui.name.value);
    if (!answer.ok || !answer.state || !answer.corr || !answer.you) {
      ui.error.textContent = answer.message ?? "";
      return;
    }
    ui.dialog.close();
    this.app.hideStart();
    this.show(answer.corr, answer.state, answer.you);
    const kept = this.keep();
    const side = this.game.side;
    const started =
      answer.state.turn === answer.you
        ? t("corr.startedFirst", { you: side(answer.you) })
        : t("corr.started", { you: side(answer.you), color: side(answer.state.turn) });
    this.app.say(kept ? started : `${started} ${t("corr.full")}`);
  }

  // -- opening a link ----------------------------------------------------------------

  /**
   * Open a correspondence link (the address bar, a pasted link, Your games).
   * A refused link changes nothing: the board and everything kept stay as they were.
   * @param {string} fragment
   * @returns {boolean}
   */
  open(fragment) {
    const { call, say } = this.app;
    const read = call("corr_read", fragment);
    if (!read.ok || !read.id) return this.refuse(read);
    const kept = readCorr(read.id);
    const answer = call("corr_open", fragment, kept?.fragment ?? "", kept?.mine ?? "");
    if (!answer.ok || !answer.state || !answer.corr || !answer.kind) return this.refuse(answer, read.id);
    const state = answer.state;
    const mine = kept ? kept.mine : state.over ? "" : state.turn;
    if (answer.kind === "newer" || answer.kind === "new") {
      // The board animates the last move: show the position before it first.
      if (state.ply) this.show(answer.corr, call("goto", state.ply - 1), mine);
      this.show(answer.corr, state.ply ? call("goto", state.ply) : state, mine);
      this.keep(kept?.created);
    } else {
      this.show(answer.corr, state, mine);
    }
    this.seen = readCorr(read.id)?.fragment ?? "";
    if (answer.kind === "older") {
      say(plural("corr.older", answer.behind ?? 0));
    } else {
      say(this.statusText(state));
    }
    return true;
  }

  /**
   * @param {{message?: string, reason?: Bridge.Reason}} answer
   * @param {string | null} [id] the game the link names, when it could be read that far
   */
  refuse(answer, id = null) {
    this.ui.box.hidden = false;
    this.ui.box.dataset.state = "refused";
    const text = t("corr.refused", { why: refusalText(answer, this.game) });
    this.refused = { id, text };
    this.ui.status.textContent = text;
    this.ui.send.hidden = true;
    // The board shows what it showed (a pasted link let go of the local game: it is kept again).
    if (!this.active) this.app.render(this.app.call("state"));
    this.app.say(text);
    return false;
  }

  /**
   * A refused link opened the page, and no game of this tab or of the library
   * came back: bring back the player's game by link, the one the link names
   * if it is kept here, else the latest one in progress, with the refusal
   * still said. Returns whether a game came back.
   */
  bringBack() {
    const refused = this.refused;
    if (!refused || this.active) return false;
    const named = refused.id ? readCorr(refused.id) : null;
    const entry = named ?? listCorr().find((game) => game.status === "playing") ?? null;
    if (!entry || !this.open(entry.fragment)) return false;
    // The refusal stays said until the next move; the message adds what is shown.
    this.ui.box.dataset.state = "refused";
    this.ui.status.textContent = refused.text;
    this.app.say(`${refused.text} ${t("corr.broughtBack")}`);
    return true;
  }

  /**
   * Put a correspondence game on the board.
   * @param {Bridge.CorrInfo} info
   * @param {V} state
   * @param {string} mine
   */
  show(info, state, mine) {
    const { library, render } = this.app;
    if (!this.active) library.detach({ previous: true });
    this.app.hideStart(); // a game by link is on the board: no first-screen choice over it
    this.active = true;
    this.id = info.id;
    this.mine = mine;
    this.info = info;
    document.body.dataset.corr = info.id;
    this.app.humans();
    render(state);
  }

  /**
   * Keep the game on the board (its latest link) in this browser.
   * @returns {boolean} false when the browser's storage refused it
   */
  keep(created = 0) {
    const answer = this.app.call("corr_link");
    if (!answer.ok || !answer.corr || !answer.state) return true; // nothing to keep
    this.info = answer.corr;
    const state = answer.state;
    const before = readCorr(answer.corr.id);
    const kept = storeCorr({
      version: VERSION,
      game: this.game.name,
      id: answer.corr.id,
      fragment: answer.corr.fragment,
      mine: this.mine,
      names: answer.corr.names,
      people: answer.corr.people,
      players: answer.corr.people.length,
      status: state.status,
      turn: state.turn,
      moves: state.ply,
      created: before?.created || created || Date.now(),
      updated: Date.now(),
    });
    // Storage full: the game goes on, and each caller adds corr.full to what it says.
    document.body.dataset.save = kept ? "written" : "full";
    if (kept) this.seen = answer.corr.fragment;
    return kept;
  }

  /**
   * The kept game, if another tab changed it since this tab last looked.
   * @returns {import("./corr-store.js").CorrEntry | null}
   */
  changedElsewhere() {
    const stored = this.active ? readCorr(this.id) : null;
    return stored && this.seen && stored.fragment !== this.seen ? stored : null;
  }

  /**
   * Show the game as another tab kept it, with `text`; false if it had not changed.
   * @param {string} text
   */
  followElsewhere(text) {
    const stored = this.changedElsewhere();
    if (!stored || !this.open(stored.fragment)) return false;
    document.body.dataset.save = "followed";
    this.app.say(`${text} ${this.statusText(this.app.call("state"))}`);
    return true;
  }

  // -- playing -------------------------------------------------------------------------

  /**
   * Whether the person here may move now: always outside a correspondence
   * game; in one, only the colour they play, at the end of the game.
   * @param {V} state
   */
  mayMove(state) {
    return !this.active || (!state.over && state.turn === this.mine && !state.canRedo && this.roomLeft() > 0);
  }

  /** How many more actions the game's link can take (web/py/contract.py's CorrInfo.room). */
  roomLeft() {
    return this.info?.room ?? Infinity;
  }

  /**
   * Why the board takes no move now (empty when it does).
   * @param {V} state
   */
  notYours(state) {
    if (!this.active || this.mayMove(state)) return "";
    if (state.canRedo) return t("corr.reviewing");
    if (state.over) return t("corr.finished");
    if (!this.mine) return t("corr.watching");
    if (this.roomLeft() <= 0) return t("corr.linkFull");
    return t("corr.notYourTurn", { color: who(this.game, this.info?.names ?? [], state.turn) });
  }

  /**
   * A move was made here: keep the game and offer its link.
   * @param {V} state
   */
  played(state) {
    if (!this.active) return;
    // Another tab moved this game on, and this one missed it: its move would
    // replace the one whose link was sent.
    if (this.followElsewhere(t("corr.movedElsewhere"))) return;
    if (!this.keep()) this.app.say(t("corr.full"));
    this.update(state);
    // On a phone the link to send is below the board: bring it into view.
    if (!this.ui.send.hidden) this.ui.send.scrollIntoView({ block: "nearest" });
  }

  /**
   * Called after every render: follow the board (another game ends the correspondence one).
   * @param {V} state
   */
  update(state) {
    if (!state.corr) {
      if (this.active) this.leave();
      return;
    }
    if (!this.active) return;
    const { ui } = this;
    ui.box.hidden = false;
    ui.box.dataset.you = this.mine;
    ui.box.dataset.state = state.over ? "over" : state.turn === this.mine ? "your-move" : "wait";
    ui.status.textContent = this.statusText(state);
    const info = this.info;
    ui.nameForm.hidden = !this.mine || !info || !!info.names[this.game.colors.indexOf(this.mine)] || state.over;
    const waiting = !state.over && state.turn !== this.mine && !state.canRedo;
    const ended = state.over && state.movers[state.ply - 1] === this.mine;
    ui.send.hidden = !info || !(waiting || ended);
    if (info && !ui.send.hidden) {
      const url = new URL(location.href);
      url.hash = info.fragment;
      if (ui.link.value !== url.href) {
        ui.link.value = url.href;
        ui.qr.hidden = false;
        delete ui.qr.dataset.version;
        drawQr(ui.qr, url.href).catch(() => {
          ui.qr.hidden = true; // the encoder could not load: the link is still there to copy
        });
      }
      const others = info.people.split("").filter((c) => c !== this.mine);
      const to = state.over
        ? others.map((c) => who(this.game, info.names, c)).join(", ")
        : who(this.game, info.names, state.turn);
      const justMoved = state.ply > 0 && state.movers[state.ply - 1] === this.mine;
      ui.sendText.textContent = justMoved ? t("corr.sendAfterMove", { color: to }) : t("corr.send", { color: to });
    }
  }

  /**
   * "You play Red. White played c3:2-d4 — your move."
   * @param {V} state
   */
  statusText(state) {
    const names = this.info?.names ?? [];
    const game = this.game;
    const you = this.mine ? t("corr.youPlay", { you: game.side(this.mine) }) : t("corr.watchingShort");
    const ply = state.ply;
    const lastBy = ply ? who(game, names, state.movers[ply - 1]) : "";
    let now;
    if (state.over) {
      now = [ply ? t("corr.lastMoveEnd", { color: lastBy, action: state.moves[ply - 1] }) : "", `${game.result(state.status)}.`];
      return [you, ...now].filter(Boolean).join(" ");
    }
    const mine = state.turn === this.mine;
    if (!ply) now = mine ? t("corr.firstMove") : t("corr.firstWait", { color: who(game, names, state.turn) });
    else {
      const next = mine ? t("corr.yourMove") : t("corr.theirMove", { color: who(game, names, state.turn) });
      now = t("corr.lastThen", { color: lastBy, action: state.moves[ply - 1], now: next });
    }
    // A link has a longest length (mixtour/kit/correspondence.py's MAX_LINK): said
    // well before it, so that the game can be finished or its record kept.
    const room = this.roomLeft();
    if (room <= 0) return `${you} ${now} ${t("corr.linkFull")}`;
    if (room <= ROOM_WARNING) return `${you} ${now} ${plural("corr.roomLeft", room)}`;
    return `${you} ${now}`;
  }

  leave() {
    this.active = false;
    this.seen = "";
    this.id = "";
    this.mine = "";
    this.info = null;
    delete document.body.dataset.corr;
    this.ui.box.hidden = true;
    delete this.ui.box.dataset.state;
  }

  /** The link of the game on the board, for the address bar ("" outside one). */
  fragment() {
    return this.active && this.info ? this.info.fragment : "";
  }

  /**
   * "Ann (White)" and "(you)" beside the players, in a correspondence game.
   * @param {string} color
   */
  seatLabel(color) {
    if (!this.active || !this.info) return "";
    const name = this.info.names[this.game.colors.indexOf(color)] ?? "";
    const you = color === this.mine ? t("corr.you") : "";
    return [name, you].filter(Boolean).join(" ");
  }

  /**
   * "Ann (you)", "White (you)" or "Black": a player of the game by link on
   * its own, where no colour is shown beside it ("" outside one).
   * @param {string} color
   */
  playerLabel(color) {
    if (!this.active || !this.info) return "";
    const name = this.info.names[this.game.colors.indexOf(color)] || this.game.side(color);
    return color === this.mine ? `${name} ${t("corr.you")}` : name;
  }

  /**
   * The name of the player here, for the game's next links (a friend who
   * opened a link gives theirs here; the one who set the game up, in the dialog).
   * @param {string} name
   */
  setName(name) {
    if (!this.active || !this.mine) return;
    if (this.followElsewhere(t("corr.followed"))) return;
    const answer = this.app.call("corr_name", this.mine, name);
    if (!answer.ok || !answer.corr || !answer.state) return;
    this.info = answer.corr;
    const kept = this.keep();
    this.app.render(answer.state);
    const saved = t("corr.nameSaved", { name: who(this.game, answer.corr.names, this.mine) });
    this.app.say(kept ? saved : `${saved} ${t("corr.full")}`);
  }

  // -- sending ---------------------------------------------------------------------------

  async copy() {
    const text = this.ui.link.value;
    if (await copyText(text)) this.app.say(t("corr.copied"));
    else {
      showForCopy(this.ui.send, this.ui.link, text);
      this.app.say(t("corr.copyByHand"));
    }
  }

  async share() {
    try {
      await navigator.share({ title: t("corr.shareTitle", { game: this.game.title }), text: this.ui.sendText.textContent ?? "", url: this.ui.link.value });
    } catch {
      // the player closed the share sheet: nothing to say
    }
  }

  // -- "Your games" ------------------------------------------------------------------------

  fillList() {
    const games = listCorr();
    const items = games.map((entry) => this.item(entry));
    if (!items.length) {
      const empty = document.createElement("li");
      empty.className = "empty";
      empty.textContent = t("corr.listEmpty");
      items.push(empty);
    }
    this.ui.list.replaceChildren(...items);
    this.ui.list.dataset.count = String(games.length);
  }

  /** @param {import("./corr-store.js").CorrEntry} entry */
  item(entry) {
    const game = GAMES[entry.game];
    const here = game === this.game;
    const label = corrLabel(entry);
    const item = gameRow({
      // Another game's row says which game it is, and opens on that game's page.
      label: here ? label : `${game.title} · ${label}`,
      current: this.active && entry.id === this.id,
      updated: entry.updated,
      open: () => {
        if (!here) {
          location.assign(new URL(`${game.page}#${entry.fragment}`, location.href).href);
          return;
        }
        /** @type {HTMLDialogElement} */ ($("#games-dialog")).close();
        this.app.library.update(); // the local game on the board is kept first
        const fresh = readCorr(entry.id);
        if (fresh) this.open(fresh.fragment);
      },
      remove: () => {
        deleteCorr(entry.id);
        this.fillList();
        this.app.say(t("library.deleted"));
      },
    });
    item.dataset.corrId = entry.id;
    return item;
  }
}

/**
 * "With Bob (Red) · 12 moves · your move"
 * @param {import("./corr-store.js").CorrEntry} entry
 */
export function corrLabel(entry) {
  const game = GAMES[entry.game];
  const others = entry.people.split("").filter((c) => c !== entry.mine);
  const opponents = others.map((c) => who(game, entry.names, c)).join(", ");
  const parts = [t("corr.with", { opponents }), plural("library.moves", entry.moves)];
  if (entry.status !== "playing") parts.push(game.result(entry.status));
  else if (entry.turn === entry.mine) parts.push(t("corr.yourMove"));
  else parts.push(t("status.toMove", { color: who(game, entry.names, entry.turn) }));
  return parts.join(" · ");
}
