// @ts-check
// Offline play: registers the service worker (web/sw.js) once the page is
// ready, so precaching the site never competes with the first load, and
// offers "New version available — reload" when a new build is waiting. Every
// open page of the site reloads once a new build takes over.
//
// Test hooks:
//   body[data-offline="1"]   a service worker controls this page and its cache
//                            is complete (a worker only activates after
//                            precaching every file of its build)
//   body[data-update="1"]    a new version is waiting (the banner is shown)

import { t } from "./i18n.js";

const SW_URL = "./sw.js";
let started = false;

/**
 * Register the service worker (idempotent). Call once the page is usable.
 * offerUpdates: show the "new version" banner (not in small embedded boards).
 */
export function registerServiceWorker({ offerUpdates = true } = {}) {
  if (started || !("serviceWorker" in navigator)) return;
  started = true;
  bannerWanted = offerUpdates;
  const go = () => {
    navigator.serviceWorker.register(SW_URL).then(watch, (error) => {
      console.warn("Offline play is not available:", error?.message ?? error);
    });
  };
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
}

/** @param {ServiceWorkerRegistration | undefined} registration */
function watch(registration) {
  // A browser that refuses service workers without an error (a blocked
  // worker answers undefined) has nothing to watch.
  if (!registration) return;
  const container = navigator.serviceWorker;
  const controlled = () => {
    if (container.controller) document.body.dataset.offline = "1";
  };
  controlled();
  let controller = container.controller;
  container.addEventListener("controllerchange", () => {
    const before = controller;
    controller = container.controller;
    // A new build took over (here, or in another tab whose player pressed
    // Reload): this page's next files would come from it, so the page starts
    // again on it at once, never running on files of two builds. Its game is
    // kept (the library, the address bar); a first worker taking control of
    // a page it did not serve changes no file, and neither does a worker the
    // page already saw as its controller (WebKit may show the first worker
    // there before it says that the controller changed).
    if (reloading || (before && before !== controller)) {
      location.reload();
      return;
    }
    controlled();
  });
  // A page opened before the first worker activated is claimed by it later.
  container.ready.then(controlled);

  const offerIfWaiting = () => {
    if (registration.waiting && container.controller) offerUpdate(registration.waiting);
  };
  offerIfWaiting();
  registration.addEventListener("updatefound", () => {
    const incoming = registration.installing;
    incoming?.addEventListener("statechange", () => {
      if (incoming.state === "installed") offerIfWaiting();
    });
  });
  // Long-lived tabs look for a new build now and then.
  setInterval(() => registration.update().catch(() => {}), 60 * 60 * 1000);
}

let reloading = false;
/** @type {HTMLDivElement | null} */
let banner = null;
/** The waiting service worker the banner's button wakes (the newest one). */
/** @type {ServiceWorker | null} */
let bannerWorker = null;
let bannerWanted = true;

/** @param {ServiceWorker} worker */
function offerUpdate(worker) {
  document.body.dataset.update = "1";
  if (!bannerWanted) return;
  if (banner) {
    bannerWorker = worker;
    return;
  }
  banner = document.createElement("div");
  banner.className = "update-banner";
  banner.setAttribute("role", "status");
  bannerWorker = worker;
  const text = document.createElement("span");
  text.textContent = t("update.available");
  const button = document.createElement("button");
  button.type = "button";
  button.id = "update-reload";
  button.textContent = t("update.reload");
  button.addEventListener("click", () => {
    reloading = true;
    bannerWorker?.postMessage({ type: "skip-waiting" });
  });
  banner.append(text, button);
  document.body.append(banner);
}
