// @ts-check
// The shared engine of the embedded boards: plain Pyodide in a module worker,
// started by the one embed frame that hosts it (web/js/engine-host.js). No
// PyScript here: the worker only computes, so it needs neither the DOM nor
// PyScript's machinery, and it loads the same Pyodide and the same app.zip as
// the pages (both precached by the service worker for offline play).
//
// Messages in:  {id, body}   body: a request for web/py/engine_host.py (JSON text)
//               {hang: true} tests only: stop answering, as a crashed worker would
// Messages out: {ready: true} once Python has imported the engine
//               {id, answer}  the engine's answer (JSON text)
//               {failed: text} Python could not start

/** @type {{id: number, body: string}[]} requests that came before Python was ready */
const early = [];
/** @type {((body: string) => string) | null} */
let handle = null;
let hung = false;

self.addEventListener("message", (event) => {
  const data = event.data ?? {};
  if (data.hang) {
    hung = true;
    return;
  }
  if (hung) return;
  if (!handle) early.push(data);
  else answer(data);
});

/** @param {{id: number, body: string}} request */
function answer(request) {
  const handler = /** @type {(body: string) => string} */ (handle);
  let text;
  try {
    text = String(handler(String(request.body)));
  } catch (error) {
    text = JSON.stringify({ error: String(/** @type {any} */ (error)?.message ?? error).slice(-400) });
  }
  self.postMessage({ id: request.id, answer: text });
}

async function start() {
  const root = new URL("../", import.meta.url);
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
  handle = pyodide.pyimport("engine_host").handle;
  self.postMessage({ ready: true });
  for (const request of early.splice(0)) answer(request);
}

start().catch((error) => self.postMessage({ failed: String(error?.message ?? error) }));
