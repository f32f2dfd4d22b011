// @ts-check
// The "Keys" help: a dialog listing the keys of the board, the text board and
// the command box, opened by its button or by "?" anywhere on the page except
// while typing in a field. One dialog for every game's page
// (web/partials/keys-dialog.html), its rows marked by game.

/**
 * True when a key press is meant for a field the player is typing in.
 * @param {EventTarget | null} target
 */
function typing(target) {
  if (!(target instanceof Element)) return false;
  return !!target.closest("input, textarea, select, [contenteditable]:not([contenteditable=false])");
}

/**
 * Wire `dialog` to `opener` and to the "?" key.
 * @param {HTMLElement} opener
 * @param {HTMLDialogElement} dialog
 */
export function keysHelp(opener, dialog) {
  const open = () => {
    if (!dialog.open) dialog.showModal();
  };
  opener.addEventListener("click", open);
  for (const button of dialog.querySelectorAll("[data-close]")) {
    button.addEventListener("click", () => dialog.close());
  }
  document.addEventListener("keydown", (event) => {
    if (event.key !== "?" || event.ctrlKey || event.altKey || event.metaKey) return;
    if (typing(event.target) || document.querySelector("dialog[open]")) return;
    event.preventDefault();
    open();
  });
}
