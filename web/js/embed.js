// @ts-check
// The embeddable board (embed.html): one Mixtour board with minimal chrome,
// to put in an <iframe>. Its address's fragment is the board's link, as
// web/js/embed-board.js reads it (the game page's link plus view=1, coords=0).
// Out of the reader's sight for a minute, the board rests (web/js/rest.js).
//
// Readiness contract (as on the game page):
//   body[data-painted="1"]  the board is drawn
//   body[data-ready="1"]    Python is ready
//   #board[data-position]   the position string (P1) shown, from Python
//   #board[data-status]     playing | w-wins | ... (Bridge.view().status)

import { MixtourEmbed, readOptions } from "./embed-board.js";
import { buildEmbed } from "./embed-parts.js";
import { t } from "./i18n.js";
import { $, pageChrome } from "./page.js";
import { restWhenAway } from "./rest.js";
import "./theme.js"; // follows the player's theme, or ?theme=

pageChrome();
const root = $(".embed");
const ui = buildEmbed(root, { ids: true, open: "./index.html", openLabel: "embed.open" });
// Alone, the board is the page's main landmark; in a frame it is one region of
// the page around it (which has its own main landmark), named by the frame's title when
// that page is ours, so each board can be told apart.
if (window.self !== window.top) {
  let label = t("page.embedTitle");
  try {
    label = window.frameElement?.getAttribute("title") || label;
  } catch {
    // another site's page: keep the generic name
  }
  root.setAttribute("role", "region");
  root.setAttribute("aria-label", label);
}

/** The embed options of the frame's address, to follow the board's link when it rests. */
const embedOptions = () =>
  (embed.options.viewOnly ? "&view=1" : "") + (embed.options.coordinates ? "" : "&coords=0");
// Out of sight for long, the board rests (web/js/rest.js), and comes back as it was.
const resting = restWhenAway({ canvas: ui.canvas, status: ui.status, page: "embed.html", options: embedOptions });
const embed = new MixtourEmbed(ui, readOptions(location.hash), { showing: resting.showing });
embed.startWhenNeeded(document);

window.addEventListener("hashchange", () => embed.show(readOptions(location.hash)));
