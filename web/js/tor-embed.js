// @ts-check
// Tor's embeddable board (tor-embed.html): one Tor board with a thin bar, to
// put in an <iframe> on any site. Its address's fragment is the board's
// link, as web/js/tor/embed.js reads it (Tor's page's link plus view=1,
// coords=0 and lang=). Out of the reader's sight for a minute, the board rests
// (web/js/rest.js). Readiness contract as on Tor's page: body[data-painted],
// body[data-ready], #board[data-position] and [data-status].

import { buildEmbed } from "./embed-parts.js";
import { t, useLanguage } from "./i18n.js";
import { $, pageChrome } from "./page.js";
import { restWhenAway } from "./rest.js";
import { TorEmbed, readTorOptions } from "./tor/embed.js";
import "./theme.js"; // follows the player's theme, or ?theme=

const options = readTorOptions(location.hash);
if (options.lang) await useLanguage(options.lang);
pageChrome();
const ui = buildEmbed($(".embed"), { ids: true, open: "./tor.html", openLabel: "tor.embed.open" });
if (window.self !== window.top) {
  let label = t("tor.board");
  try {
    label = window.frameElement?.getAttribute("title") || label;
  } catch {
    // another site's page: keep the generic name
  }
  ui.root.setAttribute("role", "region");
  ui.root.setAttribute("aria-label", label);
}

/** The embed options of the frame's address, to follow the board's link when it rests. */
const embedOptions = () => {
  const { viewOnly, coordinates, lang } = embed.options;
  return (
    (viewOnly ? "&view=1" : "") + (coordinates ? "" : "&coords=0") + (lang ? `&lang=${encodeURIComponent(lang)}` : "")
  );
};
// Out of sight for long, the board rests (web/js/rest.js), and comes back as it was.
const resting = restWhenAway({ canvas: ui.canvas, status: ui.status, page: "tor-embed.html", options: embedOptions });
const embed = new TorEmbed(ui, options, { showing: resting.showing });
embed.startWhenNeeded(document);

window.addEventListener("hashchange", () => embed.show(readTorOptions(location.hash)));
