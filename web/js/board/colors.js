// @ts-check
// The board's colours: CSS custom properties on the canvas (--board-*,
// --disc-*, web/css/board.css, light and dark), with a fallback for each.
// Every board has the colours below; a game adds its pieces' (its game
// object's `colors`). Reading them needs the page (getComputedStyle); the
// rest is plain data.

/** The colours of every board when the page gives none (web/css/board.css gives them all). */
export const BOARD_COLORS = Object.freeze({
  frame: "#6f5a43",
  frameEdge: "#4d3d2c",
  coords: "#f4ead6",
  light: "#ecdcb8",
  dark: "#e2cfa6",
  grid: "rgba(77, 61, 44, 0.35)",
  shadow: "rgba(40, 28, 15, 0.22)",
  last: "rgba(240, 190, 40, 0.42)",
  selected: "rgba(35, 150, 140, 0.30)",
  target: "#1f7a4d",
  targetFill: "rgba(31, 122, 77, 0.16)",
  targetHover: "rgba(31, 122, 77, 0.36)",
  cursor: "#1d3557",
  lifted: "#ffd84d",
  hint: "rgba(29, 53, 87, 0.85)",
});

/**
 * The CSS custom property of each colour: frameEdge -> --board-frame-edge, wFace -> --disc-w-face.
 * @param {string} name
 */
export function colorProperty(name) {
  const disc = /^([wrb])([A-Z]\w*)$/.exec(name);
  if (disc) return `--disc-${disc[1]}-${disc[2].toLowerCase()}`;
  return `--board-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * The colours a style gives (the canvas's computed style), each falling back
 * to its default: one for every name of `fallback`.
 * @template {Record<string, string>} T
 * @param {{getPropertyValue(property: string): string}} style
 * @param {T} fallback
 * @returns {{-readonly [name in keyof T]: string}}
 */
export function colorsFrom(style, fallback) {
  /** @type {Record<string, string>} */
  const colors = {};
  for (const [name, value] of Object.entries(fallback)) {
    colors[name] = style.getPropertyValue(colorProperty(name)).trim() || value;
  }
  return /** @type {{-readonly [name in keyof T]: string}} */ (colors);
}
