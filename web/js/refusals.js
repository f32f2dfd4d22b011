// @ts-check
// What the page says when the engine refuses what the player tried on the
// board (the game page and embedded boards share it). The engine decides; the
// words come from web/js/i18n.js.

import { reasonText, t } from "./i18n.js";
import { actionText } from "./notation.js";

// The pages that import the move writer from here get notation.js's.
export { moveText } from "./notation.js";

/**
 * Say why an attempt the board could not play is not possible: a lift with
 * nowhere to go, or an entry or move the rules refuse. call(name, ...args) asks
 * the bridge (a parsed JSON answer); say(text) shows the message.
 * @param {{kind: string, square?: number, count?: number, from?: number, to?: number}} attempt
 * @param {(name: "explain" | "explain_lift", ...args: any[]) => Bridge.Explained} call
 * @param {(text: string) => void} say
 */
export function explainAttempt(attempt, call, say) {
  if (attempt.kind === "lift") {
    const answer = call("explain_lift", attempt.square, attempt.count);
    if (!answer.legal) say(t("msg.cannotLift", { reason: reasonText(answer) }));
    return;
  }
  const text = actionText(attempt);
  const answer = call("explain", text);
  if (!answer.legal) say(t("msg.notLegal", { action: text, reason: reasonText(answer) }));
}
