// @ts-check
// The Mixtour board on a <canvas>: drawing and input, and no rules. The
// pages import it from here. It is the board kit of web/js/board/ (shared by
// every game, one concern a module: api.js lists them) with Mixtour's game
// of web/js/board/mixtour/ (its selection model, renderer and stacks).
//
// Like chessground, the board is told what is legal and reports what the
// player chose. The app gives it one config object through set(config):
//
//   stacks      25 strings, bottom to top ("wr" = White disc under a Red one),
//               square index = (rank - 1) * 5 + file, a1 = 0, e5 = 24
//   last        the previous action {kind: "enter"|"move"|"pass", square, from, to}
//   enterable   squares where a disc may be entered
//   movable     {square: {count: [target squares]}}: the legal moves
//   interactive false until the engine is ready
//   hint        a suggested action {kind: "enter"|"move", square, from, to}, or null
//   flipped     true draws the board upside down (a1 at the top right); clicks,
//               keys and coordinates follow
//   coordinates false leaves out the letters and digits round the board
//   heights     false leaves out the height numbers on stacks of two or more
//               (default: the player's preference "boardHeights", web/js/prefs.js)
//   motion      false shows every change at once (the editor); the player's
//               prefers-reduced-motion does the same everywhere
//
// Every change of the stacks is animated from the picture before to the one
// after (web/js/board/anim.js plans it, using `last`, the action that led
// there): a move slides, an entry drops in, an undo runs backwards, a jump of
// several moves slides and fades everything at once. Callers only set the new
// state; nothing else they set (hints, legal moves) stops a running animation.
//
// Colours come from CSS custom properties on the canvas (--board-*, --disc-*,
// web/css/board.css, light and dark), read again on the page's "mixtour:theme"
// event and when the system's colour scheme changes.
//
// and receives these events (constructor's second argument):
//
//   onEnter(square)                       a legal entry was chosen
//   onMove(from, count, to, {dragged})    a legal move was chosen
//   onIllegal(attempt)                    an illegal choice: {kind: "enter", square},
//                                         {kind: "lift", square, count} or
//                                         {kind: "move", from, count, to}
//   onSelect(selection|null)              the lifted discs changed
//   onCancel()                            the lifted discs were put back
//   onCursor(square)                      the keyboard cursor moved
//
// The canvas publishes its geometry as data-geometry (CSS pixels, relative to
// the canvas box) so that tests can click squares and discs:
//   square centre: (x + (file + 0.5) * cell, y + (4 - rank + 0.5) * cell)
//   (with "flipped": true, file and rank count from the other side: 4 - file, 4 - rank)
//   disc i (0 = bottom) of a stack: centre.y + base - (i + 0.5) * step
// and the lifted discs as data-selection ("c3:2").

export { MixtourBoard as Board, heightsSetting } from "./board/mixtour/mixtour-board.js";
export { colorProperty } from "./board/colors.js";
export { squareName } from "./notation.js";
