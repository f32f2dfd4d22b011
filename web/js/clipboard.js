// @ts-check
// Copying a text for the player: to the clipboard when the browser allows it,
// else shown selected in a field to copy by hand (links, the embed code, a
// game by link, the editor's position).

/**
 * Put text on the clipboard; false when the browser refuses.
 * @param {string} text
 */
export async function copyText(text) {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The fallback: show the text selected in a read-only field, to copy by hand.
 * @param {HTMLElement} box
 * @param {HTMLInputElement | HTMLTextAreaElement} field
 * @param {string} text
 */
export function showForCopy(box, field, text) {
  field.value = text;
  box.hidden = false;
  field.focus({ preventScroll: true });
  field.select();
}
