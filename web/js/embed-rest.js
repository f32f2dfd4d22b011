// @ts-check
// embed-rest.html: a resting embedded board (see web/js/rest.js). Shows the
// picture the board left in the address, and goes back to the live board, with
// the link it left in the fragment, as soon as it is seen, clicked or given a
// key. A plain script, as small as it can be: this page is what a rules page
// keeps in memory for each board far from the reader.
(() => {
  const search = new URLSearchParams(location.search);
  const take = (/** @type {string} */ name) => {
    const value = search.get(`rest-${name}`) ?? "";
    search.delete(`rest-${name}`);
    return value;
  };
  // Only our two boards: a tampered address cannot send the frame elsewhere.
  const to = take("to") === "tor-embed.html" ? "tor-embed.html" : "embed.html";
  const picture = take("picture");
  const board = take("board");
  const text = take("status");
  const line = take("line");
  const label = take("label");
  /** Place an element at "left,top,width,height" (CSS pixels); false if that is not one. */
  const place = (/** @type {HTMLElement} */ element, /** @type {string} */ rect) => {
    const numbers = rect.split(",").map(Number);
    if (numbers.length !== 4 || !numbers.every((n) => Number.isFinite(n) && Math.abs(n) < 1e5)) return false;
    const [left, top, width, height] = numbers;
    Object.assign(element.style, { left: `${left}px`, top: `${top}px`, width: `${width}px`, height: `${height}px` });
    return true;
  };
  const image = /** @type {HTMLImageElement} */ (document.getElementById("picture"));
  const status = /** @type {HTMLElement} */ (document.getElementById("status"));
  if (/^data:image\/(webp|png);base64,/.test(picture) && place(image, board)) {
    image.src = picture;
    image.alt = label;
    image.hidden = false;
  }
  if (place(status, line)) status.textContent = text;
  let woken = false;
  const wake = () => {
    if (woken) return;
    woken = true;
    const query = search.toString();
    location.replace(`./${to}${query ? `?${query}` : ""}${location.hash}`);
  };
  new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) wake();
  }).observe(document.body);
  for (const type of ["pointerdown", "keydown", "focusin"]) document.addEventListener(type, wake);
  document.body.dataset.resting = "1";
})();
