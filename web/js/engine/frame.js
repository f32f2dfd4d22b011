// @ts-check
// The engine's frame for the boards of another site's page (embed-engine.html).
// A page that shows our boards with the script embed (web/js/boards.js) runs
// our scripts in its own origin, where no worker of ours can start: it puts
// this page of our site in a hidden frame and posts it the boards' requests
// (./host.js, FrameEngine). This frame asks the shared engine as any
// embed does (one Python for every board of the page, iframe embeds
// included, hosted by one of our frames there) and posts each answer back
// to the page that asked. It answers its parent only; what it answers is the
// engine's reading of a public link, the same for anyone who asks.

import { askEngine } from "./host.js";

window.addEventListener("message", (event) => {
  if (event.source !== window.parent) return;
  const message = event.data ?? {};
  if (message.kind !== "call" || typeof message.body !== "string") return;
  const { id } = message;
  // An opaque origin ("null", a sandboxed page) can only be answered with "*".
  const target = event.origin === "null" ? "*" : event.origin;
  askEngine(message.body).then(
    (answer) => window.parent.postMessage({ kind: "answer", id, answer }, target),
    (error) => window.parent.postMessage({ kind: "failed", id, text: String(error?.message ?? error) }, target),
  );
});
// Listening: the page sends what it has asked so far.
window.parent.postMessage({ kind: "listening" }, "*");
