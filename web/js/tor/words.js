// @ts-check
// Tor in the player's words: a refusal's reason id (mixtour/tor/core.py's
// REASON_IDS, and the bridge's pawn-stuck) and a link's problems, worded
// from the i18n tables (the torReason.* and tor.* keys). Colours and players
// come from the engine as letters; they are named here.

import { t } from "../i18n.js";

/** @param {string} letter "w" or "b" */
export const playerName = (letter) => t(`tor.player.${letter}`);

/** @param {string} letter "B", "R", "O" or "Y" */
export const colourName = (letter) => t(`tor.colour.${letter}`);

/**
 * A reason of Tor's rules in the page's language.
 * @param {Bridge.TorReason | Bridge.Reason} reason
 */
export function torReasonText(reason) {
  /** @type {{[name: string]: unknown}} */
  const values = { ...reason.args };
  if (typeof values.colour === "string") values.colour = colourName(values.colour);
  if (typeof values.owner === "string") values.owner = playerName(values.owner);
  return t(`torReason.${reason.id}`, values);
}

/**
 * An action the rules refuse, in words: "c3-b3 is not possible: ...".
 * @param {string} action
 * @param {Bridge.TorReason | Bridge.Reason | null | undefined} reason
 */
export function refusalText(action, reason) {
  return t("tor.msg.refused", { action, reason: reason ? torReasonText(reason) : "" });
}

/**
 * What was wrong with a link, one line per problem, in the page's language
 * (the ids are Mixtour's links' ids; a refused action is worded as Tor's).
 * @param {Pick<Bridge.TorLoadedLink, "issues">} answer
 * @returns {string[]}
 */
export function torLinkProblems(answer) {
  return answer.issues.map((issue) => {
    /** @type {{[name: string]: unknown}} */
    const values = { ...issue.args };
    const why = issue.args.why;
    if (why && typeof why === "object") values.detail = torReasonText(why);
    else if (issue.id === "bad-action") values.detail = t("torReason.not-an-action");
    return t(`linkIssue.${issue.id}`, values);
  });
}

/**
 * What stands on a square, for a screen reader: "c4: a blue token on a red one, White's pawn".
 * @param {import("./position.js").TorPosition} position
 * @param {number} square
 * @param {string} name the square's name
 */
export function squareText(position, square, name) {
  const tokens = position.tokens[square] ?? "";
  const top = tokens.at(-1);
  const parts = [];
  if (!top) parts.push(t("tor.cursor.empty"));
  else if (tokens.length === 1) parts.push(t("tor.cursor.one", { colour: colourName(top) }));
  else parts.push(t("tor.cursor.two", { colour: colourName(top), below: colourName(tokens[0]) }));
  const pawn = position.pawns[square];
  if (pawn) parts.push(t("tor.cursor.pawn", { player: playerName(pawn) }));
  return t("tor.cursor", { square: name, what: parts.join(", ") });
}
