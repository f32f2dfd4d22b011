// The "Embed" dialog of the game page: writes the <iframe> code that shows the
// current game or position with embed.html (see web/js/embed.js for options).

import { LANGUAGES, t } from "./i18n.js";
import { copyText } from "./links.js";

const $ = (selector) => document.querySelector(selector);

// The bar under the board: about 2.3 lines of a 11-15 px font plus padding.
const BAR_HEIGHT = 40;

/** The <iframe> code for an embed.html link; the URL is escaped for an attribute. */
export function iframeCode(src, width, title) {
  const escape = (text) =>
    text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const height = width + BAR_HEIGHT;
  return (
    `<iframe src="${escape(src)}" width="${width}" height="${height}" ` +
    `style="border:0;max-width:100%" title="${escape(title)}" loading="lazy"></iframe>`
  );
}

export class EmbedDialog {
  /** links: the page's Links (for the fragment and flip); say(text) shows a message. */
  constructor(links, say) {
    this.links = links;
    this.say = say;
    this.dialog = $("#embed-dialog");
    this.form = $("#embed-form");
    this.code = $("#embed-code");
    if (!this.dialog) return;
    this.addLanguageChoice();
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
    $("#embed-width").closest("label").after(label);
  }

  open() {
    if (!this.links.ready) return;
    this.update();
    this.dialog.showModal();
  }

  update() {
    const form = this.form.elements;
    const wholeGame = form.what.value === "game";
    let fragment = this.links.fragment(wholeGame, true);
    if (form.mode.value === "view") fragment += "&view=1";
    if (!form.coords.checked) fragment += "&coords=0";
    const url = new URL("embed.html", location.href);
    if (form.lang.value) url.searchParams.set("lang", form.lang.value);
    url.hash = fragment;
    this.code.value = iframeCode(url.href, Number(form.width.value), t("embedDialog.frameTitle"));
  }

  async copy() {
    this.update();
    if (await copyText(this.code.value)) {
      this.say(t("embedDialog.copied"));
      this.dialog.close();
    } else {
      this.code.focus();
      this.code.select();
      this.say(t("embedDialog.copyByHand"));
    }
  }
}
