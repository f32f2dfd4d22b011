// @ts-check
// The "Embed" dialog (game page and both editors): writes the code that shows the
// current game or position in another page: an <iframe> of embed.html (works
// in any page), or a holder for the script embed (web/js/boards.js: lighter
// for a page of many boards, one script line for all of them). See
// web/js/embed-board.js for the link's options. The dialog's markup is made
// here, once for every page that has an #open-embed button.

import { LANGUAGES, t, translatePage } from "./i18n.js";
import { copyText } from "./clipboard.js";
import { $ } from "./page.js";

/**
 * The dialog's form fields, by name.
 * @typedef {object} EmbedFields
 * @property {RadioNodeList} kind "frame" or "script"
 * @property {RadioNodeList} what "game" or "position"
 * @property {RadioNodeList} mode "play" or "view"
 * @property {HTMLInputElement} coords
 * @property {HTMLSelectElement} width
 * @property {HTMLSelectElement} lang
 * @property {HTMLSelectElement} theme
 */

// The bar under the board: about 2.3 lines of a 11-15 px font plus padding.
// The embed's bar under the board (web/css/embed.css): one row of 44 px targets,
// and in frames under 400 px a second row for the status.
const barHeight = (/** @type {number} */ width) => (width < 400 ? 64 : 46);

/**
 * The <iframe> code for an embed.html link; the URL is escaped for an attribute.
 * The frame is as tall as the game's board at that width (`ratio`, its height
 * over its width: 1 for Mixtour's) plus the bar under it.
 * @param {string} src
 * @param {number} width
 * @param {string} title
 * @param {number} [ratio]
 */
export function iframeCode(src, width, title, ratio = 1) {
  const escape = (/** @type {string} */ text) =>
    text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const height = Math.round(width * ratio) + barHeight(width);
  return (
    `<iframe src="${escape(src)}" width="${width}" height="${height}" ` +
    `style="border:0;max-width:100%" title="${escape(title)}" loading="lazy"></iframe>`
  );
}

/**
 * The script embed's code: a holder for the board, and the script line (once
 * per page, whatever the number of boards); the link is escaped for an attribute.
 * @param {URL} site our site's address (its folder)
 * @param {string} fragment the board's link
 * @param {number} width
 * @param {string} label the board's name, for screen readers
 * @param {string} theme "", "light" or "dark"
 * @param {string} [game] the holder's data-game ("tor"), none for Mixtour
 */
export function scriptCode(site, fragment, width, label, theme, game = "") {
  const escape = (/** @type {string} */ text) =>
    text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const themed = theme ? ` data-theme="${theme}"` : "";
  const named = game ? ` data-game="${escape(game)}"` : "";
  return (
    `<div class="mixtour-board"${named} data-link="${escape(fragment)}" aria-label="${escape(label)}"${themed} ` +
    `style="width:${width}px"></div>\n` +
    `<script type="module" src="${escape(new URL("js/boards.js", site).href)}"></script>`
  );
}

/**
 * A fieldset of radio buttons (as the pages' groups are written by
 * web/tools/pages.py), the first checked.
 * @param {string} name
 * @param {string} legend the legend's i18n key
 * @param {string[]} choices each "value:i18n key"
 * @param {string} [className]
 */
function radios(name, legend, choices, className = "") {
  const labels = choices.map((choice, number) => {
    const [value, key] = choice.split(":");
    const checked = number === 0 ? " checked" : "";
    return `<label><input type="radio" name="${name}" value="${value}"${checked}> <span data-i18n="${key}"></span></label>`;
  });
  const box = className ? ` class="${className}"` : "";
  return `<fieldset${box}>\n<legend data-i18n="${legend}"></legend>\n${labels.join("\n")}\n</fieldset>`;
}

const MARKUP = `
  <form id="embed-form" method="dialog">
    <h2 id="embed-title" data-i18n="embedDialog.title"></h2>
    ${radios("kind", "embedDialog.kind", ["frame:embedDialog.kindFrame", "script:embedDialog.kindScript"], "embed-kind")}
    ${radios("what", "embedDialog.show", ["game:embedDialog.game", "position:embedDialog.position"], "embed-what")}
    ${radios("mode", "embedDialog.visitors", ["play:embedDialog.play", "view:embedDialog.view"])}
    <div class="embed-options">
      <label><input id="embed-coords" type="checkbox" name="coords" checked> <span data-i18n="embedDialog.coords"></span></label>
      <label><span data-i18n="embedDialog.width"></span>
        <select id="embed-width" name="width">
          <option value="250">250 px</option>
          <option value="360" selected>360 px</option>
          <option value="480">480 px</option>
          <option value="600">600 px</option>
        </select>
      </label>
    </div>
    <label class="embed-code-label" for="embed-code" data-i18n="embedDialog.code"></label>
    <textarea id="embed-code" class="embed-code" rows="5" readonly></textarea>
    <p id="embed-script-hint" class="embed-hint" data-i18n="embedDialog.scriptHint" hidden></p>
    <div class="dialog-buttons">
      <button type="submit" value="close" formnovalidate data-i18n="button.close"></button>
      <button id="copy-embed" type="button" class="primary" data-i18n="embedDialog.copy"></button>
    </div>
  </form>`;

export class EmbedDialog {
  /**
   * links: {ready, fragment(wholeGame, withPreview)} (the game page's Links, or
   * the editor's position); say(text) shows a message. positionOnly: no choice
   * between the whole game and the position (the editor has no game). page:
   * the game's embed page (tor-embed.html), game its script embed's
   * data-game ("tor"), and title the i18n key of the board's name (the
   * frame's title, the script board's label) and ratio its board's height
   * over its width: the game's embed, as web/js/library-games.js gives it.
   * @param {{ready: boolean, fragment: (wholeGame: boolean, preview: boolean) => string}} links
   * @param {(text: string) => void} say
   * @param {{positionOnly?: boolean, page?: string, game?: string, title?: string, ratio?: number}} [options]
   */
  constructor(
    links,
    say,
    { positionOnly = false, page = "embed.html", game = "", title = "embedDialog.frameTitle", ratio = 1 } = {},
  ) {
    this.links = links;
    this.say = say;
    this.page = page;
    this.game = game;
    this.title = title;
    this.ratio = ratio;
    if (!$("#open-embed")) return;
    this.dialog = document.createElement("dialog");
    this.dialog.id = "embed-dialog";
    this.dialog.setAttribute("aria-labelledby", "embed-title");
    this.dialog.innerHTML = MARKUP;
    translatePage(this.dialog);
    document.body.append(this.dialog);
    /** @type {HTMLFormElement} */
    this.form = $("#embed-form");
    /** @type {HTMLTextAreaElement} */
    this.code = $("#embed-code");
    if (positionOnly) {
      this.fields().what.value = "position";
      const what = this.dialog.querySelector(".embed-what");
      if (what instanceof HTMLElement) what.hidden = true;
    }
    this.addLanguageChoice();
    this.addThemeChoice();
    $("#open-embed").addEventListener("click", () => this.open());
    this.form.addEventListener("change", () => this.update());
    $("#copy-embed").addEventListener("click", () => this.copy());
    this.code.addEventListener("focus", () => this.code.select());
  }

  /**
   * "Language of the board": the visitor's own (no ?lang=), or one fixed
   * language, as a rules page in that language wants. Made here rather than in
   * each page's markup, so every page with this dialog gets it.
   */
  addLanguageChoice() {
    const select = document.createElement("select");
    select.id = "embed-language";
    select.name = "lang";
    select.append(
      new Option(t("embedDialog.visitorLanguage"), ""),
      ...LANGUAGES.map(({ code, name }) => new Option(name, code)),
    );
    const label = document.createElement("label");
    const text = document.createElement("span");
    text.textContent = t("embedDialog.language");
    label.append(text, " ", select);
    $("#embed-width").closest("label")?.after(label);
  }

  /**
   * "Theme of the board": the visitor's (no ?theme=), or always light or
   * always dark, to match the page around it (web/js/theme.js).
   */
  addThemeChoice() {
    const select = document.createElement("select");
    select.id = "embed-theme";
    select.name = "theme";
    select.append(
      new Option(t("embedDialog.visitorTheme"), ""),
      new Option(t("theme.light"), "light"),
      new Option(t("theme.dark"), "dark"),
    );
    const label = document.createElement("label");
    const text = document.createElement("span");
    text.textContent = t("embedDialog.theme");
    label.append(text, " ", select);
    $("#embed-language").closest("label")?.after(label);
  }

  open() {
    if (!this.links.ready) return;
    this.update();
    this.dialog?.showModal();
  }

  /** @returns {EmbedFields} */
  fields() {
    return /** @type {EmbedFields} */ (/** @type {unknown} */ (this.form.elements));
  }

  update() {
    const form = this.fields();
    const wholeGame = form.what.value === "game";
    let fragment = this.links.fragment(wholeGame, true);
    if (form.mode.value === "view") fragment += "&view=1";
    if (!form.coords.checked) fragment += "&coords=0";
    // The script's boards speak the language of the page around them.
    const script = form.kind.value === "script";
    const language = form.lang.closest("label");
    if (language instanceof HTMLElement) language.hidden = script;
    $("#embed-script-hint").hidden = !script;
    if (script) {
      const site = new URL("./", location.href);
      const label = t(this.title);
      this.code.value = scriptCode(site, fragment, Number(form.width.value), label, form.theme.value, this.game);
      return;
    }
    const url = new URL(this.page, location.href);
    if (form.lang.value) url.searchParams.set("lang", form.lang.value);
    if (form.theme.value) url.searchParams.set("theme", form.theme.value);
    url.hash = fragment;
    this.code.value = iframeCode(url.href, Number(form.width.value), t(this.title), this.ratio);
  }

  async copy() {
    this.update();
    if (await copyText(this.code.value)) {
      this.say(t("embedDialog.copied"));
      this.dialog?.close();
    } else {
      this.code.focus();
      this.code.select();
      this.say(t("embedDialog.copyByHand"));
    }
  }
}
