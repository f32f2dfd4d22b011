// @ts-check
// What the page says when the engine refuses what the player tried on the
// board (the game page and embedded boards share it). The engine decides; the
// words come from web/js/i18n.js.

import { reasonText, t } from "./i18n.js";
import { actionText } from "./notation.js";

// The pages that import the move writer from here get notation.js's.
export { moveText } from "./notation.js";

/**
 * The question to ask the bridge about an attempt, and the words for its answer.
 * @param {{kind: string, square?: number, count?: number, from?: number, to?: number}} attempt
 * @returns {{method: "explain" | "explain_lift", args: any[], words: (answer: Bridge.Explained) => string}}
 */
function question(attempt) {
  if (attempt.kind === "lift") {
    return {
      method: "explain_lift",
      args: [attempt.square, attempt.count],
      words: (answer) => t("msg.cannotLift", { reason: reasonText(answer) }),
    };
  }
  const text = actionText(attempt);
  return {
    method: "explain",
    args: [text],
    words: (answer) => t("msg.notLegal", { action: text, reason: reasonText(answer) }),
  };
}

/**
 * Say why an attempt the board could not play is not possible: a lift with
 * nowhere to go, or an entry or move the rules refuse. call(name, ...args) asks
 * the bridge (a parsed JSON answer); say(text) shows the message.
 * @param {{kind: string, square?: number, count?: number, from?: number, to?: number}} attempt
 * @param {(name: "explain" | "explain_lift", ...args: any[]) => Bridge.Explained} call
 * @param {(text: string) => void} say
 */
export function explainAttempt(attempt, call, say) {
  const { method, args, words } = question(attempt);
  const answer = call(method, ...args);
  if (!answer.legal) say(words(answer));
}

/**
 * As explainAttempt, for a bridge that answers later (an embed's shared engine).
 * @param {{kind: string, square?: number, count?: number, from?: number, to?: number}} attempt
 * @param {(name: "explain" | "explain_lift", ...args: any[]) => Promise<Bridge.Explained>} call
 * @param {(text: string) => void} say
 */
export async function explainAttemptLater(attempt, call, say) {
  const { method, args, words } = question(attempt);
  const answer = await call(method, ...args);
  if (!answer.legal) say(words(answer));
}
