// @ts-check
// Loaded as a plain, blocking script at the top of every page, before any
// style is applied, so the page is drawn in the player's theme from the first
// frame (no flash of light before dark). It only sets <html data-theme>;
// web/js/theme.js (a module) keeps it up to date and offers the switch.
// Same rule as theme.js: ?theme= in the address, else the saved preference
// ("theme" in localStorage's mixtour.prefs, see web/js/prefs.js), else none
// (follow the system's prefers-color-scheme).
(() => {
  const valid = (/** @type {unknown} */ value) => value === "light" || value === "dark" || value === "system";
  let choice = new URLSearchParams(location.search).get("theme");
  if (!valid(choice)) {
    try {
      choice = JSON.parse(localStorage.getItem("mixtour.prefs") || "{}").theme;
    } catch {
      choice = null; // corrupt or blocked storage: follow the system
    }
  }
  if (choice === "light" || choice === "dark") document.documentElement.dataset.theme = choice;
})();
