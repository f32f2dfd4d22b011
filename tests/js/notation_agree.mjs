// Reads a JSON list of texts for web/js/notation.js on stdin and prints what
// the module makes of each, as one JSON list in the same order, for
// tests/test_notation_js.py to compare with the engine. Each entry is
// {kind, text} where kind is
//   "position"  -> the canonical P1 (positionText of parsePosition), or null
//   "action"    -> the parsed action (as Action.as_dict), or null
//   "square"    -> parseSquare (-1 for none), and squareName of it back
//   "link"      -> previewLink: {position (canonical P1 or null), ply, total, flip}
//   "seats"     -> seatsText of the seats given as JSON text
// plus one entry {kind: "levels"} -> the LEVELS list.
//
// Run: node tests/js/notation_agree.mjs < requests.json

import {
  LEVELS,
  parseAction,
  parsePosition,
  parseSquare,
  positionText,
  previewLink,
  seatsText,
  squareName,
} from "../../web/js/notation.js";

/** @param {{kind: string, text?: string}} request */
function answer({ kind, text }) {
  if (kind === "position") {
    const position = parsePosition(text);
    return position && positionText(position);
  }
  if (kind === "action") return parseAction(text);
  if (kind === "square") {
    const square = parseSquare(text);
    return { square, name: square < 0 ? null : squareName(square) };
  }
  if (kind === "link") {
    const shown = previewLink(String(text));
    return { ...shown, position: shown.position && positionText(shown.position) };
  }
  if (kind === "seats") return seatsText(JSON.parse(String(text)));
  if (kind === "levels") return [...LEVELS];
  throw new Error(`unknown request kind ${kind}`);
}

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const requests = JSON.parse(Buffer.concat(chunks).toString("utf8"));
process.stdout.write(JSON.stringify(requests.map(answer)));
