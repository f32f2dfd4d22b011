// @ts-check
// The engine: plain Pyodide in a module worker, the one place where a page's
// searches and the embeds' boards run (web/py/engine_calls.py names what it
// may be asked). It is started only by the engine client (./client.js) and
// loads the same Pyodide and app.zip as the pages, both precached by the
// service worker for offline play. No PyScript: it needs no DOM.
//
// Messages in:  {id, call, body}  a call of engine_calls.CALLS with its JSON text
//               {beat: n}         the client's heartbeat, answered at once
//               {hang: true}      tests only: answer nothing more, as a stuck worker
//               {id, call, body, lose: true}  tests only: a request lost on its
//                                 way (dropped; beats are still answered)
// Messages out: {alive: n}        the answer to a beat, even while Python starts
//               {ready: true}     Python is up and engine_calls imported
//               {id, answer}      the call's answer (JSON text)
//               {id, error}       the call raised: the last line of its error
//               {failed: text}    Python could not start
//
// A beat is answered whenever the worker's event loop turns: during the
// start-up's downloads and between the slices of a search (ai_worker.py lets
// the event loop run every few tens of milliseconds), so the client tells a
// busy worker from a dead one.

/** @type {{id: number, call: string, body: string}[]} calls that came before Python was ready */
const early = [];
/** @type {((name: string, body: string) => Promise<string>) | null} */
let engine = null;
let hung = false;

self.addEventListener("message", (event) => {
  const data = event.data ?? {};
  if (data.hang) hung = true;
  if (hung) return;
  if (typeof data.beat === "number") self.postMessage({ alive: data.beat });
  else if (data.lose) return;
  else if (!engine) early.push(data);
  else answer(data);
});

/** @param {{id: number, call: string, body: string}} request */
async function answer(request) {
  const call = /** @type {(name: string, body: string) => Promise<string>} */ (engine);
  try {
    const text = String(await call(String(request.call), String(request.body ?? "")));
    if (!hung) self.postMessage({ id: request.id, answer: text });
  } catch (error) {
    const lines = String(/** @type {any} */ (error)?.message ?? error).trim().split("\n");
    if (!hung) self.postMessage({ id: request.id, error: lines.at(-1) ?? "" });
  }
}

async function start() {
  const root = new URL("../../", import.meta.url);
  const config = await (await fetch(new URL("pyscript.json", root))).json();
  const pyodideUrl = new URL(config.interpreter, root);
  const { loadPyodide } = await import(pyodideUrl.href);
  const [pyodide, zip] = await Promise.all([
    loadPyodide({ indexURL: new URL("./", pyodideUrl).href }),
    fetch(new URL("py/app.zip", root)).then((response) => {
      if (!response.ok) throw new Error(`py/app.zip: ${response.status}`);
      return response.arrayBuffer();
    }),
  ]);
  pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide" });
  pyodide.runPython("import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')");
  const call = pyodide.pyimport("engine_calls").call;
  engine = (name, body) => call(name, body);
  self.postMessage({ ready: true });
  for (const request of early.splice(0)) answer(request);
}

start().catch((error) => self.postMessage({ failed: String(error?.message ?? error) }));
