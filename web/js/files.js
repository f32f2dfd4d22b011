// @ts-check
// Files on a game's page: "Download record" (the game's record: G1 for
// Mixtour, T6 actions for Tor) and the "Load record" dialog (paste a record
// or choose a file; web/partials/record-dialog.html), and where the game has
// them, "Download image" (an SVG of the position, drawn by mixtour/mixtour/svg.py,
// flipped like the board) and the link to the position editor.
//
// Python does all the reading and writing (the bridges' record, load_record
// and svg); this module moves text between it and files. Text from
// a file or a record is only ever put in a textarea's value or textContent.
// A record that cannot be read leaves the game on the board untouched.

import { plural, t } from "./i18n.js";
import { positionLink } from "./notation.js";
import { $ } from "./page.js";

const MAX_RECORD_BYTES = 1_000_000;

/**
 * Offer `text` as a file download named `name` (a Blob behind an <a download>).
 * @param {string} text
 * @param {string} name
 * @param {string} type its media type
 */
export function downloadText(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the data once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * What downloads and records need of a game's page.
 * @typedef {object} FilesApp
 * @property {string} name the game in file names ("mixtour": mixtour-game.txt)
 * @property {() => string} record the whole game's record
 * @property {(text: string) => {ok: boolean, state?: {moves: unknown[]}, message?: string}} loadRecord
 *   read a record; its state goes to render
 * @property {(state: any) => void} render
 * @property {(text: string) => void} say
 * @property {() => boolean} ready Python is loaded
 * @property {((flipped: boolean) => string)} [svg] a picture of the position (none: no image)
 * @property {() => string} [fen] the position shown, for the editor's link (none: no editor)
 * @property {() => boolean} [flipped] the board is turned round
 */

export class Files {
  /** @param {FilesApp} app */
  constructor(app) {
    this.app = app;
    this.ui = {
      image: $("#download-image"),
      record: $("#download-record"),
      open: $("#open-record"),
      editor: $("#open-editor"),
      /** @type {HTMLDialogElement} */
      dialog: $("#record-dialog"),
      /** @type {HTMLFormElement} */
      form: $("#record-form"),
      /** @type {HTMLTextAreaElement} */
      text: $("#record-text"),
      /** @type {HTMLInputElement} */
      file: $("#record-file"),
      choose: $("#record-choose"),
      error: $("#record-error"),
    };
    if (!this.ui.dialog) return;
    this.ui.image?.addEventListener("click", () => this.downloadImage());
    this.ui.record.addEventListener("click", () => this.downloadRecord());
    this.ui.open.addEventListener("click", () => this.openDialog());
    this.ui.choose.addEventListener("click", () => this.ui.file.click());
    this.ui.file.addEventListener("change", () => this.readFile());
    this.ui.text.addEventListener("input", () => this.showError(""));
    this.ui.form.addEventListener("submit", (event) => {
      const submitter = /** @type {SubmitEvent} */ (event).submitter;
      if (submitter instanceof HTMLButtonElement && submitter.value === "cancel") return; // closes the dialog
      event.preventDefault();
      this.load(this.ui.text.value);
    });
    this.ui.editor?.addEventListener("click", () => this.pointEditorHere());
  }

  downloadImage() {
    if (!this.app.ready() || !this.app.svg) return;
    downloadText(this.app.svg(this.app.flipped?.() ?? false), `${this.app.name}-position.svg`, "image/svg+xml");
    this.app.say(t("files.imageSaved"));
  }

  downloadRecord() {
    if (!this.app.ready()) return;
    downloadText(this.app.record(), `${this.app.name}-game.txt`, "text/plain;charset=utf-8");
    this.app.say(t("files.recordSaved"));
  }

  openDialog() {
    if (!this.app.ready()) return;
    this.ui.text.value = "";
    this.ui.file.value = "";
    this.showError("");
    this.ui.dialog.showModal();
    this.ui.text.focus();
  }

  /** A chosen file: show its text, then load it at once. */
  async readFile() {
    const file = this.ui.file.files?.[0];
    if (!file) return;
    if (file.size > MAX_RECORD_BYTES) {
      this.showError(t("files.tooLarge", { name: file.name }));
      return;
    }
    let text;
    try {
      text = await file.text();
    } catch {
      this.showError(t("files.unreadable", { name: file.name }));
      return;
    } finally {
      this.ui.file.value = ""; // choosing the same file again fires "change" again
    }
    this.ui.text.value = text;
    this.load(text);
  }

  /**
   * Read a record; on success it replaces the game, on failure nothing changes.
   * @param {string} text
   */
  load(text) {
    if (!text.trim()) {
      this.showError(t("files.empty"));
      return;
    }
    const answer = this.app.loadRecord(text);
    if (!answer.ok || !answer.state) {
      this.showError(t("files.badRecord", { reason: answer.message }));
      return;
    }
    this.ui.dialog.close();
    this.app.render(answer.state);
    this.app.say(plural("files.recordLoaded", answer.state.moves.length));
  }

  /** @param {string} text */
  showError(text) {
    this.ui.error.textContent = text;
    this.ui.text.setAttribute("aria-invalid", text ? "true" : "false");
  }

  /** The editor link (the game's own editor page) opens it on the position shown. */
  pointEditorHere() {
    if (!this.app.ready() || !this.app.fen) return;
    const fen = this.app.fen();
    const link = this.ui.editor;
    if (link instanceof HTMLAnchorElement) link.href = `${link.href.split("#")[0]}#${positionLink(fen)}`;
  }
}
