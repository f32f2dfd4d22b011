// @ts-check
// The head of the move list (#moves-head, in the game page's shell): a
// column per player over the moves, each named beside its colour's swatch,
// kept in sight while the list scrolls. Written once for both games' pages:
// each gives its players' letters, in the list's order, and their names.

/**
 * @param {HTMLElement} head #moves-head
 * @param {string[]} columns the players' letters ("w", "r", "b"), one a column
 * @param {(player: string) => string} name a player's name, in the page's language
 */
export function showMovesHead(head, columns, name) {
  head.dataset.players = String(columns.length);
  const key = columns.join("");
  if (head.dataset.colors === key && head.dataset.lang === document.documentElement.lang) return;
  const blank = document.createElement("span");
  blank.className = "move-number";
  const names = columns.map((player) => {
    const cell = document.createElement("span");
    cell.className = "moves-color";
    cell.dataset.color = player;
    cell.textContent = name(player);
    return cell;
  });
  head.replaceChildren(blank, ...names);
  head.dataset.colors = key;
  head.dataset.lang = document.documentElement.lang;
}
