// @ts-check
// Asking the browser to keep the site's storage. Without that, a browser may
// clear it under storage pressure, and Safari clears the storage of a site not
// visited for some weeks. Asked once per page, and only once the player has a
// saved game (a browser may show a prompt, or weigh how the site is used).
// body[data-persist] tells the answer: "granted", "refused" or "unavailable"
// (the browser offers no such request), and "asked" while there is none yet:
// Chromium and WebKit decide at once, Firefox asks the player in a prompt.

let asked = false;

/**
 * Ask for persistent storage, once; resolves to what body[data-persist] is set to.
 * @param {StorageManager | undefined} [storage]
 * @returns {Promise<string>}
 */
export async function askToKeepStorage(storage = navigator.storage) {
  if (asked) return document.body.dataset.persist ?? "";
  asked = true;
  let answer = "unavailable";
  if (storage && typeof storage.persist === "function") {
    document.body.dataset.persist = "asked";
    try {
      const already = typeof storage.persisted === "function" && (await storage.persisted());
      answer = already || (await storage.persist()) ? "granted" : "refused";
    } catch {
      answer = "unavailable";
    }
  }
  document.body.dataset.persist = answer;
  return answer;
}
