// @ts-check
// Live boards drawn in one of our own pages (the rules pages), not framed:
// each <div class="live-board" data-link="…" aria-label="…"> becomes a board
// like embed.html's (web/js/embed-board.js), or like tor-embed.html's with
// data-game="tor" (web/js/tor/embed.js), with the same link and options,
// among the page's text. All of them share the page's scripts and styles,
// and one engine (web/js/engine-host.js: a worker this page hosts, or the one
// another tab of the site hosts), so a page of many boards costs little more
// than one board.
//
// Each board starts its engine when it comes into view or is pressed. Test
// hooks: the holder's data-ready="1" (and data-engine-ms) once the engine
// has answered its board; its canvas carries the boards' contract
// (data-position, data-status, data-geometry, data-selection).

import { buildEmbed } from "./embed-parts.js";

/** Make a live board of every holder in `root`. @param {ParentNode} [root] */
export async function liveBoards(root = document) {
  const holders = [...root.querySelectorAll(".live-board")].filter(
    (holder) => holder instanceof HTMLElement && !holder.querySelector(".embed"),
  );
  const tor = holders.some((holder) => holder instanceof HTMLElement && holder.dataset.game === "tor");
  const mixtour = holders.some((holder) => holder instanceof HTMLElement && holder.dataset.game !== "tor");
  // Only the game the page shows is loaded.
  const [mixtourBoards, torBoards] = await Promise.all([
    mixtour ? import("./embed-board.js") : null,
    tor ? import("./tor/embed.js") : null,
  ]);
  for (const holder of holders) {
    if (!(holder instanceof HTMLElement)) continue;
    const box = document.createElement("div");
    box.className = "embed";
    holder.replaceChildren(box);
    const link = holder.dataset.link ?? "";
    const hooks = { marks: holder };
    let embed;
    if (holder.dataset.game === "tor" && torBoards) {
      const ui = buildEmbed(box, { ids: false, open: "./tor.html", openLabel: "tor.embed.open" });
      embed = new torBoards.TorEmbed(ui, torBoards.readTorOptions(link), hooks);
    } else if (mixtourBoards) {
      const ui = buildEmbed(box, { ids: false, open: "./index.html", openLabel: "embed.open" });
      embed = new mixtourBoards.MixtourEmbed(ui, mixtourBoards.readOptions(link), hooks);
    }
    embed?.startWhenNeeded(holder);
  }
}
