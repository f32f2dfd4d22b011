// @ts-check
// The box every game page shows once the engine client gave up (three
// restarts failed, web/js/engine/client.js): the computer cannot be had.
// It says so and offers "Try again" (a fresh worker) or to play on with
// people at every seat; the page says what each does to its game.
//
// Test hooks: #ai-unavailable, #ai-retry, #ai-humans.

import { t } from "../i18n.js";

/**
 * Show the box under the message line (once: a second call while it shows does nothing).
 * @param {{retry: () => void, humans: () => void}} actions
 */
export function showUnavailable({ retry, humans }) {
  if (document.querySelector("#ai-unavailable")) return;
  const box = document.createElement("div");
  box.id = "ai-unavailable";
  box.className = "resume-box ai-unavailable";
  box.setAttribute("role", "alert");
  const text = document.createElement("span");
  text.textContent = t("ai.unavailable");
  /** @type {(id: string, words: string, then: () => void) => HTMLButtonElement} */
  const button = (id, words, then) => {
    const element = document.createElement("button");
    element.type = "button";
    element.id = id;
    element.textContent = words;
    element.addEventListener("click", () => {
      box.remove();
      then();
    });
    return element;
  };
  box.append(text, button("ai-retry", t("ai.retry"), retry), button("ai-humans", t("ai.humans"), humans));
  const anchor = document.querySelector("#message");
  if (anchor) anchor.after(box);
  else document.body.append(box);
}
