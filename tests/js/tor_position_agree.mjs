// Reads a JSON list of requests on stdin and answers each with what Tor's
// drawing-only reader (web/js/tor/position.js) makes of it, as a JSON list
// (tests/test_tor_position_js.py compares the answers with the engine):
//   {"position": text} -> the text written back from what was read, or null if refused
//   {"action": text}   -> the action read ({square} or {from, to, place}), or null
import { readAction, readPosition, writePosition } from "../../web/js/tor/position.js";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const requests = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const answers = requests.map((request) => {
  if ("action" in request) return readAction(request.action);
  try {
    return writePosition(readPosition(request.position));
  } catch {
    return null;
  }
});
process.stdout.write(JSON.stringify(answers));
