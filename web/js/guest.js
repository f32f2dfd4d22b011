// @ts-check
// Whether these scripts run in another site's page (the script embed,
// web/js/boards.js). There they leave that page's own settings alone (its
// <html lang> and data-theme, its service worker, its body's attributes),
// read nothing of its storage or address, and ask the engine of our site
// through a frame of ours (web/js/engine/host.js, FrameEngine).

/** The address of our site (the folder of web/), whatever page runs these scripts. */
export const SITE = new URL("../", import.meta.url);

/** True in a page whose origin is not our site's (never outside a page: the unit tests). */
export const GUEST = typeof location !== "undefined" && SITE.origin !== location.origin;

/** What links to our pages start with: "./" in our own pages, our site's address in another's. */
export const PAGES = GUEST ? SITE.href : "./";
