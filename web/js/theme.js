// @ts-check
// Light, dark or the system's theme, on every page.
//
// The choice is the address's ?theme=light|dark|system (for an embed that must
// keep one look), else the player's preference pref("theme", "system"), kept
// for every page and tab. <html> carries data-theme="light" or "dark" for a
// fixed choice and no attribute for "system"; the colours themselves are CSS
// custom properties (web/css/theme.css). web/js/theme-early.js sets the
// attribute before the first paint; this module keeps it in step with the
// preference and fires the window event "mixtour:theme" (detail: {theme:
// "light"|"dark"}) whenever the theme in effect changes, whether the player
// or the system changed it, so that drawings (the board's canvas) redraw.
// In another site's page (web/js/guest.js) the theme is the system's, and
// that page's <html> is left as it is.

import { GUEST } from "./guest.js";
import { t } from "./i18n.js";
import { onPref, pref, setPref } from "./prefs.js";

/** @type {string[]} */
export const THEMES = ["system", "light", "dark"];

const root = document.documentElement;
const darkQuery = matchMedia("(prefers-color-scheme: dark)");
const asked = new URLSearchParams(location.search).get("theme");
const fixed = asked !== null && THEMES.includes(asked) ? asked : null;

/** The theme chosen: "system", "light" or "dark". */
export function themeChoice() {
  if (GUEST) return "system";
  if (fixed) return fixed;
  const saved = pref("theme", "system");
  return THEMES.includes(saved) ? saved : "system";
}

/** The theme in effect: "light" or "dark". */
export function currentTheme() {
  const choice = themeChoice();
  if (choice !== "system") return choice;
  return darkQuery.matches ? "dark" : "light";
}

let shown = currentTheme();

function apply() {
  const choice = themeChoice();
  if (GUEST) {
    // another site's page: its own data-theme stays
  } else if (choice === "system") {
    delete root.dataset.theme;
  } else {
    root.dataset.theme = choice;
  }
  const now = currentTheme();
  if (now === shown) return;
  shown = now;
  window.dispatchEvent(new CustomEvent("mixtour:theme", { detail: { theme: now } }));
}

apply();
darkQuery.addEventListener("change", apply);
onPref("theme", apply);

/**
 * Make `select` the theme switch: System, Light, Dark, showing the current
 * choice; a change is saved for every page (and applied at once).
 * @param {HTMLSelectElement} select
 */
export function themeSwitch(select) {
  const fill = () => {
    select.replaceChildren(
      ...THEMES.map((name) => new Option(t(`theme.${name}`), name, false, name === themeChoice())),
    );
  };
  fill();
  select.addEventListener("change", () => setPref("theme", select.value));
  onPref("theme", () => {
    select.value = themeChoice();
  });
}
