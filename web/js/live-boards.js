// @ts-check
// Live Mixtour boards drawn in one of our own pages (the rules pages), not
// framed: each <div class="live-board" data-link="…" aria-label="…">
// becomes a board like embed.html's (web/js/embed-board.js, with the same
// link and options), among the page's text. All of them share the page's
// scripts and styles, and one engine (web/js/engine-host.js: a worker this
// page hosts, or the one another tab of the site hosts), so a page of many
// boards costs little more than one board.
//
// Each board starts its engine when it comes into view or is pressed. Test
// hooks: the holder's data-ready="1" (and data-engine-ms) once the engine
// has answered its board; its canvas carries the boards' contract
// (data-position, data-status, data-geometry, data-selection).

import { MixtourEmbed, readOptions } from "./embed-board.js";
import { buildEmbed } from "./embed-parts.js";

/** Make a live board of every holder in `root`. @param {ParentNode} [root] */
export function liveBoards(root = document) {
  for (const holder of root.querySelectorAll(".live-board")) {
    if (!(holder instanceof HTMLElement) || holder.querySelector(".embed")) continue;
    const box = document.createElement("div");
    box.className = "embed";
    holder.replaceChildren(box);
    const ui = buildEmbed(box, { ids: false, open: "./index.html", openLabel: "embed.open" });
    const embed = new MixtourEmbed(ui, readOptions(holder.dataset.link ?? ""), { marks: holder });
    embed.startWhenNeeded(holder);
  }
}
