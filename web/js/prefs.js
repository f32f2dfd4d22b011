// @ts-check
// The player's preferences (theme, what the board shows, sounds, ...), kept
// in localStorage under one key for every page of the site, embeds included.
//
//   pref("sound", false)        the saved value, or the fallback
//   setPref("sound", true)      saves it and tells every listener, in this
//                               tab and (through the storage event) in others
//   onPref("sound", (value) => ...)
//
// A value that cannot be read back (corrupt storage, blocked storage in a
// sandboxed frame) is simply absent: pref() answers the fallback.

const KEY = "mixtour.prefs";
/**
 * A preference's type from its fallback's: any string for "system", any number for 2.
 * @template T
 * @typedef {T extends string ? string : T extends number ? number : T extends boolean ? boolean : T} Widened
 */

/** @type {Map<string, ((value: unknown) => void)[]>} */
const listeners = new Map(); // name -> [callback]

/** @returns {{[name: string]: unknown}} */
function readAll() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) ?? "{}");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

/**
 * The saved preference `name`, or `fallback` when there is none of the same type.
 * @template T
 * @param {string} name
 * @param {T} fallback
 * @returns {Widened<T>}
 */
export function pref(name, fallback) {
  const value = readAll()[name];
  const kept = value !== undefined && typeof value === typeof fallback ? value : fallback;
  return /** @type {Widened<T>} */ (kept);
}

/**
 * Save preference `name` and tell its listeners. Returns false if storage refused it.
 * @param {string} name
 * @param {unknown} value
 */
export function setPref(name, value) {
  const all = readAll();
  all[name] = value;
  let kept = true;
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    kept = false; // still applied to this page
  }
  notify(name, value);
  return kept;
}

/**
 * Call `callback(value)` whenever preference `name` changes (here or in another tab).
 * @param {string} name
 * @param {(value: unknown) => void} callback
 */
export function onPref(name, callback) {
  const callbacks = listeners.get(name) ?? [];
  callbacks.push(callback);
  listeners.set(name, callbacks);
}

/**
 * @param {string} name
 * @param {unknown} value
 */
function notify(name, value) {
  for (const callback of listeners.get(name) ?? []) callback(value);
}

window.addEventListener("storage", (event) => {
  if (event.key !== KEY) return;
  /** @type {{[name: string]: unknown}} */
  let before = {};
  try {
    before = JSON.parse(event.oldValue ?? "{}") ?? {};
  } catch {
    // a corrupt old value: treat every current value as changed
  }
  const now = readAll();
  for (const name of listeners.keys()) {
    if (JSON.stringify(before[name]) !== JSON.stringify(now[name])) notify(name, now[name]);
  }
});

/**
 * Wire the settings dialog: `opener` shows `dialog`, whose close button
 * (`[data-close]`) or Escape closes it. Each area of the page adds its own
 * controls inside the dialog and keeps them with setPref/onPref.
 * @param {HTMLElement} opener
 * @param {HTMLDialogElement} dialog
 */
export function settingsDialog(opener, dialog) {
  opener.addEventListener("click", () => dialog.showModal());
  for (const button of dialog.querySelectorAll("[data-close]")) {
    button.addEventListener("click", () => dialog.close());
  }
}
