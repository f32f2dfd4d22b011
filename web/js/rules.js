// @ts-check
// The rules pages (rules.html, rules.fr.html, rules.de.html): the page's own
// language for the few interface strings, and the theme switch in the footer.

import { RULES_PAGES, setLanguage, translatePage } from "./i18n.js";
import { themeSwitch } from "./theme.js";

const page = location.pathname.split("/").pop() || "rules.html";
const code = Object.keys(RULES_PAGES).find((lang) => RULES_PAGES[lang] === `./${page}`) ?? "en";
setLanguage(code); // the page's text is in one language, whatever the player's choice
translatePage(document.querySelector(".site-footer") ?? document);
const theme = document.querySelector("#theme");
if (theme instanceof HTMLSelectElement) themeSwitch(theme);
