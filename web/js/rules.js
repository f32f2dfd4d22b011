// @ts-check
// The rules pages (rules*.html for Mixtour, tor-rules*.html for Tor): the
// page's own language for the few interface strings, the theme switch in
// the footer, and the live boards among the text (web/js/live-boards.js).

import { translatePage } from "./i18n.js";
import { themeSwitch } from "./theme.js";

// Each page is written in one language, whatever the player's choice:
// <html lang="…" data-fixed-language>, which i18n.js starts in.
translatePage(document.querySelector(".site-footer") ?? document);
const theme = document.querySelector("#theme");
if (theme instanceof HTMLSelectElement) themeSwitch(theme);
// Only a page that has live boards loads their scripts.
if (document.querySelector(".live-board")) {
  const { liveBoards } = await import("./live-boards.js");
  await liveBoards();
}
