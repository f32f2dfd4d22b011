// The service worker: the whole site, Pyodide included, works offline after
// the first visit.
//
// Install: fetch ./precache.json (written by build.py: every file of the
// build with its size and SHA-256), download every file bypassing the HTTP
// cache, check each against the list and store it in the cache of THIS build
// ("mixtour-<build id>"). One wrong or missing file fails the install, so a
// cache is always one complete build, never a mix of two.
// Activate: delete every other mixtour cache, then take control of open pages.
// Fetch: same-origin GET requests are answered from this build's cache only
// (a directory URL means its index.html); anything not listed goes to the network.
//
// A new build's worker waits until the page asks it to take over
// ({type: "skip-waiting"}, sent by web/js/offline.js when the player presses
// "Reload"), so a page never runs on files of two builds.

const BUILD_ID = "{{BUILD_ID}}";
const CACHE_PREFIX = "mixtour-";
const CACHE = `${CACHE_PREFIX}${BUILD_ID}`;
const LIST = "./precache.json";
const PARALLEL = 6;

// The worker's global scope, as a service worker's (TypeScript's webworker
// library types `self` as any worker's).
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

/** One file of precache.json. @typedef {{url: string, size: number, sha256: string}} Entry */

const scopeUrl = (/** @type {string} */ path) => new URL(path, sw.registration.scope).href;

/** @param {ArrayBuffer} buffer */
const sha256 = async (buffer) => {
  const digest = await crypto.subtle.digest("SHA-256", buffer);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
};

/**
 * @param {Cache} cache
 * @param {Entry} entry
 */
const fetchChecked = async (cache, entry) => {
  const url = scopeUrl(entry.url);
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) throw new Error(`${entry.url}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  if (body.byteLength !== entry.size || (await sha256(body)) !== entry.sha256) {
    throw new Error(`${entry.url}: not the file of build ${BUILD_ID}`);
  }
  const headers = new Headers(response.headers);
  headers.delete("Content-Encoding"); // the body is stored decoded
  headers.delete("Content-Length");
  await cache.put(url, new Response(body, { status: 200, statusText: "OK", headers }));
};

const precache = async () => {
  const response = await fetch(scopeUrl(LIST), { cache: "no-store" });
  if (!response.ok) throw new Error(`precache list: HTTP ${response.status}`);
  const list = await response.json();
  if (list.build !== BUILD_ID) throw new Error(`precache list is of build ${list.build}`);
  await caches.delete(CACHE); // a half-filled cache of an earlier failed attempt
  const cache = await caches.open(CACHE);
  /** @type {Entry[]} */
  const queue = [...list.files];
  const workers = Array.from({ length: PARALLEL }, async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) await fetchChecked(cache, entry);
  });
  try {
    await Promise.all(workers);
  } catch (error) {
    queue.length = 0;
    await caches.delete(CACHE);
    throw error;
  }
  await cache.put(scopeUrl(LIST), new Response(JSON.stringify(list), { headers: { "Content-Type": "application/json" } }));
};

sw.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") sw.skipWaiting();
  if (event.data?.type === "build") event.source?.postMessage({ type: "build", build: BUILD_ID });
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || !url.href.startsWith(sw.registration.scope)) return;
  url.hash = "";
  url.search = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(url.href);
      return hit || fetch(request);
    })(),
  );
});
