// @ts-check
// The start of Python, watched. Until the page's Python says it is ready, a
// failure to fetch or start the runtime (offline on a first visit, a damaged
// download, WebAssembly refused) or an exception in the page's Python turns
// the loading box into a message with a Reload button, instead of a promise
// of "Loading Python…" that never ends. A start that only takes long gets a
// gentler note after SLOW_MS, and keeps waiting. If Python becomes ready
// after all, the page's connect() hides the box as usual.
//
// PyScript shows an exception of a page or worker script as a traceback in a
// .py-error element; players never see those (the traceback stays in the
// console, where PyScript writes it too): before ready they get the message
// above, after it the page's own handling (e.g. the AI worker's restart).

import { t } from "./i18n.js";

const SLOW_MS = 30_000; // tests may shorten it: window.mixtourDebug = {startupSlowMs}

/**
 * Watch Python's start on this page; `box` is the page's loading element and
 * `status` (optional) a line that says "Loading Python…" meanwhile.
 * Returns { ready() } to call once Python is ready, and { fail(reason) } for
 * failures the page catches itself.
 * @param {HTMLElement} box
 * @param {{status?: HTMLElement | null}} [options]
 * @returns {{fail: (reason: unknown) => void, ready: () => void}}
 */
export function watchStartup(box, { status = null } = {}) {
  let settled = false;

  /**
   * @param {string} text
   * @param {boolean} failed
   */
  const show = (text, failed) => {
    if (settled) return;
    const reload = document.createElement("button");
    reload.type = "button";
    reload.textContent = t("startup.reload");
    reload.addEventListener("click", () => location.reload());
    const message = document.createElement("span");
    message.textContent = text;
    box.replaceChildren(message, reload);
    box.classList.add("stalled");
    box.setAttribute("role", failed ? "alert" : "status");
    box.hidden = false;
  };

  // Pyodide answers a runtime download or compile that fails once it waits on
  // it with two warnings ("wasm instantiation failed!", then the error) and
  // then waits for ever: the error is taken for a failure here.
  const warn = console.warn;
  let runtimeFailed = false;
  /** @param {...any} args */
  console.warn = (...args) => {
    warn.apply(console, args);
    const error = args.find((arg) => arg instanceof Error);
    if (runtimeFailed && error) fail(error);
    if (args[0] === "wasm instantiation failed!") runtimeFailed = true;
  };
  const unwatch = () => {
    console.warn = warn;
    window.removeEventListener("unhandledrejection", onRejection);
    window.removeEventListener("error", onError, true);
  };

  /** @param {any} reason an error, its message, or whatever a promise was rejected with */
  const fail = (reason) => {
    if (settled) return;
    unwatch();
    console.warn("Python did not start:", reason);
    const detail = summary(String(reason?.message ?? reason ?? ""));
    // Chromium, Firefox and Safari's words for a download that failed
    const network = /failed to fetch|networkerror|load failed/i.test(detail);
    show(network ? t("startup.offline") : t("startup.error", { detail }), true);
    if (status) status.textContent = t("startup.stopped");
    settled = true;
  };

  /** @param {PromiseRejectionEvent} event */
  const onRejection = (event) => fail(event.reason);
  // Capturing also sees a <script> that fails to load (such events do not bubble).
  /** @param {ErrorEvent} event */
  const onError = (event) => {
    if (event.target instanceof HTMLScriptElement) fail("load failed");
    else if (event.error || event.message) fail(event.error ?? event.message);
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element && node.classList.contains("py-error")) {
          node.remove();
          fail(node.textContent);
        }
      }
    }
  });
  const slowMs = window.mixtourDebug?.startupSlowMs ?? SLOW_MS;
  const timer = setTimeout(() => show(t("startup.slow"), false), slowMs);

  window.addEventListener("unhandledrejection", onRejection);
  window.addEventListener("error", onError, true);
  observer.observe(document.body, { childList: true, subtree: true });

  return {
    fail,
    ready() {
      settled = true;
      clearTimeout(timer);
      unwatch();
      box.classList.remove("stalled");
    },
  };
}

/**
 * One line for a player: a Python traceback's last line (the exception), else the first.
 * @param {string} text
 */
function summary(text) {
  const lines = text.split("\n").map((line) => line.trim()).filter(Boolean);
  const python = lines.some((line) => line.startsWith("Traceback ("));
  return ((python ? lines.at(-1) : lines[0]) ?? "").slice(0, 160);
}
