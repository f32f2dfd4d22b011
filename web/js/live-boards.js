// @ts-check
// Live boards drawn in a page, not framed: our rules pages' (each <div
// class="live-board">) and any page's with the script embed (each <div
// class="mixtour-board">, web/js/boards.js). A holder with data-link="…"
// becomes a board like embed.html's (web/js/embed-board.js), or like
// tor-embed.html's with data-game="tor" (web/js/tor/embed.js), with the same
// link and options, among the page's text; it is a region named by its
// aria-label (the board's generic name if it has none). All of them share
// the page's scripts and styles, and one engine (web/js/engine/host.js), so a
// page of many boards costs little more than one board.
//
// Each board starts its engine when it comes into view or is pressed, and
// lets its picture go while far out of sight (Board.sleepWhenAway). Test
// hooks: the holder's data-ready="1" (and data-engine-ms) once the engine
// has answered its board; its canvas carries the boards' contract
// (data-position, data-status, data-geometry, data-selection).

import { buildEmbed } from "./embed-parts.js";
import { PAGES } from "./guest.js";
import { t } from "./i18n.js";

/**
 * Make a live board of every holder in `root` matching `selector`: the boards
 * made, each with its holder, its .embed box and its board (the canvas).
 * @param {ParentNode} [root]
 * @param {string} [selector]
 * @returns {Promise<{holder: HTMLElement, box: HTMLElement, board: {readColors(): void}}[]>}
 */
export async function liveBoards(root = document, selector = ".live-board") {
  const holders = /** @type {HTMLElement[]} */ (
    [...root.querySelectorAll(selector)].filter(
      (holder) => holder instanceof HTMLElement && !holder.querySelector(".embed"),
    )
  );
  const isTor = (/** @type {HTMLElement} */ holder) => holder.dataset.game === "tor";
  // Only the game the page shows is loaded.
  const [mixtourBoards, torBoards] = await Promise.all([
    holders.some((holder) => !isTor(holder)) ? import("./embed-board.js") : null,
    holders.some(isTor) ? import("./tor/embed.js") : null,
  ]);
  const made = [];
  for (const holder of holders) {
    const box = document.createElement("div");
    box.className = "embed";
    // A holder's own theme (the script embed's boards.css reads it on the box).
    const theme = holder.dataset.theme;
    if (theme === "light" || theme === "dark") box.dataset.theme = theme;
    holder.replaceChildren(box);
    if (!holder.hasAttribute("role")) holder.setAttribute("role", "region");
    if (!holder.hasAttribute("aria-label")) holder.setAttribute("aria-label", t(isTor(holder) ? "tor.board" : "page.embedTitle"));
    const link = holder.dataset.link ?? "";
    const hooks = { marks: holder };
    let embed;
    if (isTor(holder) && torBoards) {
      const ui = buildEmbed(box, { ids: false, open: `${PAGES}tor.html`, openLabel: "tor.embed.open" });
      embed = new torBoards.TorEmbed(ui, torBoards.readTorOptions(link), hooks);
    } else if (mixtourBoards) {
      const ui = buildEmbed(box, { ids: false, open: `${PAGES}index.html`, openLabel: "embed.open" });
      embed = new mixtourBoards.MixtourEmbed(ui, mixtourBoards.readOptions(link), hooks);
    }
    if (!embed) continue;
    embed.startWhenNeeded(holder);
    embed.board.sleepWhenAway();
    made.push({ holder, box, board: embed.board });
  }
  return made;
}
