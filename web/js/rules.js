// @ts-check
// The rules pages (rules*.html for Mixtour, tor-rules*.html for Tor): the
// page's own language for the few interface strings, and the theme switch in
// the footer.

import { setLanguage, translatePage } from "./i18n.js";
import { themeSwitch } from "./theme.js";

// Each page is written in one language, whatever the player's choice: the one
// its name ends with (rules.fr.html, tor-rules.de.html), English for the others.
// (Not <html lang>: importing i18n.js has already set that to the player's.)
const named = /\.([a-z]{2})(?:\.html)?$/.exec(location.pathname);
setLanguage(named ? named[1] : "en");
translatePage(document.querySelector(".site-footer") ?? document);
const theme = document.querySelector("#theme");
if (theme instanceof HTMLSelectElement) themeSwitch(theme);
