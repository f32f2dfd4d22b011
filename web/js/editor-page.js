// @ts-check
// The position editor's page, written once for every game (editor.html for
// Mixtour, tor-editor.html for Tor): set up any position, then play it, link
// it or embed it.
//
// This module holds what every game's editor does: the tools bar, the
// pointer and the keyboard on the board (a click or Enter applies the tool
// chosen; a right-click, a long press, Delete or Backspace erases), the
// position string field with the engine's check, the validity line and
// body[data-valid], the messages, Clear and the start position's button
// (the plug-in's reset), Play here, Copy link, Embed, and the
// address kept in step with the position so that a reload keeps it. A
// game's plug-in (web/js/editor.js for Mixtour, web/js/tor-editor.js for Tor)
// holds the rest: its board, the model of what is on it, what each tool does
// to a square, its own fields, the position text and its engine's bridge.
// The rules live in Python only (web/py/editor_part.py and each game's
// editor bridge): this page never decides validity, it shows the engine's
// message.
//
// Readiness contract (used by the tests):
//   body[data-ready="1"]    Python is ready and the editor accepts input
//   body[data-valid]        "1" when the engine accepts the position, else "0"
//   #board[data-position]   the position string the board and fields make up

import { EmbedDialog } from "./embed-dialog.js";
import { t } from "./i18n.js";
import { copyText, showForCopy } from "./clipboard.js";
import { $, Python, messageLine, pageChrome } from "./page.js";

const LONG_PRESS_MS = 500;
const MOVE_SLOP = 10; // CSS pixels a press may wander and still be a tap
const LEVELS = [1, 2, 3, 4, 5, 6];

/**
 * The board an editor draws on: the kit's Board (web/js/board/api.js) of its game.
 * @typedef {object} EditorBoard
 * @property {(event: {clientX: number, clientY: number}) => [number, number]} eventPoint
 * @property {(x: number, y: number) => ({square: number} | null)} hitTest
 * @property {number | null} cursor
 */

/**
 * The engine's answer for a position string: the position read (at least
 * its canonical string), or the engine's message.
 * @typedef {{ok: boolean, position?: {fen: string}, message?: string}} CheckedText
 */

/**
 * What the page lends its plug-in.
 * @typedef {object} EditorContext
 * @property {(name: string, ...args: any[]) => any} call a function of the game's
 *   editor bridge, its JSON answer parsed
 * @property {(text: string) => void} say a message under the board
 * @property {() => void} update show the plug-in's model (after a change made outside a tool)
 * @property {(name: string) => void} setTool choose a tool
 * @property {() => boolean} valid whether the engine accepts the position shown
 * @property {() => string} fragment the link (without "#") to the valid position shown
 * @property {(form: HTMLFormElement, onInput: (field: HTMLInputElement) => boolean) => void} watchForm
 *   the game's fields: the form is never submitted, and a field the player
 *   changes goes to `onInput`, after which the model is shown again if it took the change
 * @property {(button: HTMLElement, change: () => string) => void} onButton
 *   a button that changes the model: `change` makes the change and returns
 *   the words said once the model is shown again
 */

/**
 * A game's part of the editor.
 * @typedef {object} EditorPlugin
 * @property {string} bridge the window property the game's editor bridge is published as
 * @property {string} gamePage the game's page, where Play here goes ("index.html")
 * @property {string} analysisPage the game's analysis board, where Analyse goes ("analysis.html")
 * @property {{page: string, game?: string, title?: string}} embed the game's embed
 *   (web/js/library-games.js): its page, its script embed's data-game, its board's name
 * @property {string} boardLabel the i18n id of the board's name for screen readers
 * @property {string} [boardLoadingLabel] the i18n id of its name while Python loads
 *   (page.js's `loadingLabel`; Mixtour's if left out)
 * @property {string} firstTool the tool chosen at the start
 * @property {number} home the square the keyboard cursor starts on
 * @property {(canvas: HTMLCanvasElement, onCursor: (square: number) => void) => EditorBoard} makeBoard
 * @property {(editor: EditorContext) => void} setup wire the game's own fields and buttons
 * @property {(to: "clear" | "start") => string} reset empty the board, or set up the
 *   game's start position (Clear and the start's button); returns the words said
 * @property {() => string} compose the position string of the model
 * @property {() => void} draw show the model on the board and in the game's fields
 * @property {(position: any) => void} adopt take on a position the engine has read
 * @property {(position: any) => string} validText the validity line for a valid position
 * @property {(tool: string, square: number) => void} apply a tool used on a square
 *   (then editor.update and a message)
 * @property {(square: number) => void} erase take the top of a square off
 * @property {(square: number) => void} describe say what stands on a square
 * @property {(tool: string) => void} [toolChosen] the tool changed
 * @property {() => void} [ready] Python is ready (before a link is read)
 * @property {(answer: any) => string[]} linkProblems a link's problems, in words
 * @property {(on: boolean) => void} enableFields the game's fields on or off
 */

/**
 * Start the editor page with a game's plug-in.
 * @param {EditorPlugin} game
 */
export function startEditor(game) {
  const ui = {
    /** @type {HTMLCanvasElement} */
    canvas: $("#board"),
    loading: $("#loading"),
    message: $("#message"),
    tools: /** @type {HTMLButtonElement[]} */ ([...document.querySelectorAll(".tool")]),
    /** @type {HTMLInputElement} */
    text: $("#position-text"),
    validity: $("#validity"),
    /** @type {HTMLSelectElement} */
    opponent: $("#opponent"),
    /** @type {HTMLButtonElement} */
    play: $("#play-here"),
    /** @type {HTMLButtonElement} */
    copy: $("#copy-position-link"),
    /** @type {HTMLButtonElement} */
    embed: $("#open-embed"),
    /** @type {HTMLButtonElement} */
    analyse: $("#open-analysis"),
    copied: $("#copied-link"),
    /** @type {HTMLInputElement} */
    copiedText: $("#copied-link-text"),
  };

  const python = new Python(game.bridge);
  const call = python.call;
  const { say } = messageLine(ui.message);
  /** @type {CheckedText | null} the engine's answer for the position shown */
  let valid = null;
  let tool = game.firstTool;
  /**
   * A press on the board under way.
   * @type {{ id: number, x: number, y: number, square: number, touch: boolean, timer: number,
   *   long: boolean, moved: boolean } | null}
   */
  let press = null;

  const board = game.makeBoard(ui.canvas, (square) => game.describe(square));

  // -- showing ---------------------------------------------------------------------

  /**
   * Show the model; the text field follows unless the change was typed there
   * (then `checked` is the engine's answer for that text, already asked for).
   * @param {{ fromText?: boolean, checked?: CheckedText | null }} [how]
   */
  function update({ fromText = false, checked = null } = {}) {
    const text = game.compose();
    ui.canvas.dataset.position = text;
    game.draw();
    if (!fromText) ui.text.value = text;
    validate(fromText ? ui.text.value : text, checked);
  }

  /**
   * @param {string} text a position string
   * @param {CheckedText | null} [checked] the engine's answer for it, when already asked for
   */
  function validate(text, checked = null) {
    if (!python.ready) return;
    valid = checked ?? call("check", text);
    const ok = !!valid?.ok;
    ui.validity.textContent = ok ? game.validText(valid?.position) : (valid?.message ?? "");
    ui.validity.dataset.valid = ok ? "1" : "0";
    document.body.dataset.valid = ok ? "1" : "0";
    ui.text.setAttribute("aria-invalid", ok ? "false" : "true");
    for (const button of [ui.play, ui.copy, ui.embed, ui.analyse]) button.disabled = !ok;
    // The address bar follows the position, so a reload (or a change of
    // language) keeps it and the address itself is a link to it.
    if (ok) history.replaceState(null, "", `#${fragment()}`);
  }

  /** @param {string} name a tool's name (data-tool) */
  function setTool(name) {
    tool = name;
    for (const button of ui.tools) button.setAttribute("aria-checked", String(button.dataset.tool === name));
    game.toolChosen?.(name);
  }

  // -- the board -------------------------------------------------------------------

  /** @param {{clientX: number, clientY: number}} event */
  function squareAt(event) {
    const [x, y] = board.eventPoint(event);
    const hit = board.hitTest(x, y);
    return hit ? hit.square : null;
  }

  ui.canvas.addEventListener("pointerdown", (event) => {
    if (!python.ready || !event.isPrimary || event.button !== 0) return;
    const square = squareAt(event);
    if (square === null) return;
    const [x, y] = board.eventPoint(event);
    const touch = event.pointerType !== "mouse";
    press = { id: event.pointerId, x, y, square, touch, long: false, moved: false, timer: 0 };
    if (touch) {
      const current = press;
      current.timer = setTimeout(() => {
        current.long = true;
        game.erase(current.square);
      }, LONG_PRESS_MS);
    }
  });

  ui.canvas.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const [x, y] = board.eventPoint(event);
    if (Math.hypot(x - press.x, y - press.y) > MOVE_SLOP) {
      press.moved = true;
      clearTimeout(press.timer);
    }
  });

  /**
   * @param {PointerEvent} event
   * @param {boolean} apply whether the press applies the tool (not when cancelled)
   */
  function endPress(event, apply) {
    if (!press || event.pointerId !== press.id) return;
    clearTimeout(press.timer);
    const done = press;
    press = null;
    if (apply && !done.long && !done.moved && squareAt(event) === done.square) game.apply(tool, done.square);
  }

  ui.canvas.addEventListener("pointerup", (event) => endPress(event, true));
  ui.canvas.addEventListener("pointercancel", (event) => endPress(event, false));

  ui.canvas.addEventListener("contextmenu", (event) => {
    event.preventDefault();
    if (!python.ready || (press && press.touch)) return; // a long touch is handled by its timer
    const square = squareAt(event);
    if (square !== null) game.erase(square);
  });

  ui.canvas.addEventListener("keydown", (event) => {
    if (!python.ready || event.altKey || event.ctrlKey || event.metaKey) return;
    const square = board.cursor ?? game.home;
    if (event.key === "Enter" || event.key === " ") game.apply(tool, square);
    else if (event.key === "Delete" || event.key === "Backspace") game.erase(square);
    else return;
    event.preventDefault();
  });

  for (const button of ui.tools) button.addEventListener("click", () => setTool(button.dataset.tool ?? ""));

  // -- the position string ---------------------------------------------------------

  ui.text.addEventListener("input", () => {
    if (!python.ready) return;
    const answer = call("check", ui.text.value);
    if (answer.ok && answer.position) game.adopt(answer.position);
    update({ fromText: true, checked: answer });
  });

  ui.text.addEventListener("change", () => {
    if (valid && valid.ok && valid.position) ui.text.value = valid.position.fen;
  });

  // -- play, link, embed -----------------------------------------------------------

  /**
   * The link (without "#") to the valid position shown, written by the engine;
   * with a level, to play it against the computer.
   * @param {number | null} [level]
   * @returns {string}
   */
  function fragment(level = null) {
    return call("link", valid?.position?.fen ?? "", level).fragment ?? "";
  }

  function gameUrl() {
    const url = new URL(game.gamePage, location.href);
    const level = ui.opponent.value;
    url.hash = fragment(level ? Number(level) : null);
    return url.href;
  }

  ui.play.addEventListener("click", () => {
    if (valid && valid.ok) location.href = gameUrl();
  });

  // The game's analysis board, from the position set up (web/js/analysis-page.js).
  ui.analyse.addEventListener("click", () => {
    if (valid && valid.ok) location.href = new URL(`${game.analysisPage}#${fragment()}`, location.href).href;
  });

  ui.copy.addEventListener("click", async () => {
    if (!valid || !valid.ok) return;
    const text = gameUrl();
    const what = t("share.positionLink");
    if (await copyText(text)) {
      ui.copied.hidden = true;
      say(t("share.copied", { what }));
    } else {
      showForCopy(ui.copied, ui.copiedText, text);
      say(t("share.copyByHand", { what }));
    }
  });
  ui.copiedText.addEventListener("focus", () => ui.copiedText.select());

  // The game page's embed dialog, given this page's position as its link.
  new EmbedDialog(
    {
      get ready() {
        return !!(valid && valid.ok);
      },
      fragment: () => fragment(),
    },
    say,
    { positionOnly: true, ...game.embed },
  );

  // -- start-up --------------------------------------------------------------------

  function fillOpponents() {
    const options = [new Option(t("editor.humans"), "")];
    for (const level of LEVELS) {
      options.push(new Option(t("dialog.computer", { level: t(`level.${level}`) }), String(level)));
    }
    ui.opponent.replaceChildren(...options);
  }

  /** @type {EditorContext["watchForm"]} */
  function watchForm(form, onInput) {
    form.addEventListener("submit", (event) => event.preventDefault());
    form.addEventListener("input", (event) => {
      if (onInput(/** @type {HTMLInputElement} */ (event.target))) update();
    });
  }

  /** @type {EditorContext["onButton"]} */
  function onButton(button, change) {
    button.addEventListener("click", () => {
      const words = change();
      update();
      say(words);
    });
  }

  /** @type {EditorContext} */
  const editor = {
    call,
    say,
    update: () => update(),
    setTool,
    valid: () => !!valid?.ok,
    fragment: () => fragment(),
    watchForm,
    onButton,
  };
  pageChrome();
  fillOpponents();
  game.setup(editor);
  onButton($("#clear-board"), () => game.reset("clear"));
  onButton($("#start-position"), () => game.reset("start"));
  setTool(game.firstTool);
  game.enableFields(false);
  ui.text.disabled = true;
  for (const button of [ui.play, ui.copy, ui.embed]) button.disabled = true;
  update();
  python.connect({
    loading: ui.loading,
    canvas: ui.canvas,
    label: game.boardLabel,
    loadingLabel: game.boardLoadingLabel,
    ready() {
      game.ready?.();
      if (location.hash.length > 1) {
        const answer = call("from_link", location.hash);
        game.adopt(answer.position);
        const problems = game.linkProblems(answer);
        if (problems.length) say(`${t("link.problems")} ${problems.join(t("say.sep"))}`);
      }
      update();
      game.enableFields(true);
      ui.text.disabled = false;
    },
  });
}
