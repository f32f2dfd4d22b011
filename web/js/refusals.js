// What the page says when the engine refuses what the player tried on the
// board (the game page and embedded boards share it). The engine decides; the
// words come from web/js/i18n.js.

import { squareName } from "./board.js";
import { reasonText, t } from "./i18n.js";

/** A move in N1: "c3-d4", or "c3:2-d4" for the top two discs. */
export function moveText(from, count, to) {
  const head = count === 1 ? squareName(from) : `${squareName(from)}:${count}`;
  return `${head}-${squareName(to)}`;
}

/**
 * Say why an attempt the board could not play is not possible: a lift with
 * nowhere to go, or an entry or move the rules refuse. call(name, ...args) asks
 * the bridge (a parsed JSON answer); say(text) shows the message.
 */
export function explainAttempt(attempt, call, say) {
  if (attempt.kind === "lift") {
    const answer = call("explain_lift", attempt.square, attempt.count);
    if (!answer.legal) say(t("msg.cannotLift", { reason: reasonText(answer) }));
    return;
  }
  const text =
    attempt.kind === "enter" ? squareName(attempt.square) : moveText(attempt.from, attempt.count, attempt.to);
  const answer = call("explain", text);
  if (!answer.legal) say(t("msg.notLegal", { action: text, reason: reasonText(answer) }));
}
