// @ts-check
// The script embed: live boards in any page, ours or another site's, with
// one script for all of them and no frame per board.
//
//   <div class="mixtour-board" data-link="m=c3,b4,b4-c3&ply=2"></div>
//   <div class="mixtour-board" data-game="tor" data-link="m=c3"></div>
//   <script type="module" src="https://<our site>/js/boards.js"></script>
//
// Each holder becomes a board like embed.html's (tor-embed.html's with
// data-game="tor"): the same link and options (view=1, coords=0), drawn at
// once, live when seen or pressed (web/js/live-boards.js). The styles are
// css/boards.css, our colours scoped to the boards, so the page's own are not
// touched; the board is 340 px wide unless the page sets its holder's width.
// The language is the page's <html lang> (English, French or German), else
// the browser's; the theme is the system's, or a holder's data-theme="light"
// or "dark". In another site's page the engine runs in one hidden frame of
// our site (web/js/engine/host.js, FrameEngine), and nothing of that page is
// changed but its holders: its lang, theme, storage and service worker stay
// its own (web/js/guest.js). Such a page must let our site's scripts and
// frames in (its Content-Security-Policy's script-src and frame-src).
// Boards added later: window.mixtourBoards() makes them live too.

import { SITE } from "./guest.js";
import { liveBoards } from "./live-boards.js";
import { currentTheme } from "./theme.js";

const SELECTOR = ".mixtour-board";

/** @type {Promise<void> | null} */
let styled = null;

/** The boards' styles, once per page: loaded before a board reads its colours. */
function addStyles() {
  styled ??= new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL("css/boards.css", SITE).href;
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve()); // the boards keep their default colours
    document.head.append(link);
  });
  return styled;
}

/** @type {{holder: HTMLElement, box: HTMLElement, board: {readColors(): void}}[]} */
const boards = [];

/** Each board's theme: its holder's choice, else the site's (the system's in another site's page). */
function applyThemes() {
  const theme = currentTheme();
  for (const { holder, box, board } of boards) {
    const asked = holder.dataset.theme;
    const wanted = asked === "light" || asked === "dark" ? asked : theme;
    if (box.dataset.theme === wanted) continue;
    box.dataset.theme = wanted;
    board.readColors();
  }
}

/** Make every holder of the page that is not yet a board live. */
async function start() {
  await addStyles();
  boards.push(...(await liveBoards(document, SELECTOR)));
  applyThemes();
}

window.addEventListener("mixtour:theme", applyThemes);
/** @type {any} */ (window).mixtourBoards = start;
await start();
