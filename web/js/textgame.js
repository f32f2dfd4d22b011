// @ts-check
// What a game gives play without sight (web/js/textplay.js, textboard.js,
// commands.js): its words, its text board's choices and its command box's
// actions, as a TextGame. Mixtour's is web/js/mixtour-text.js, Tor's
// web/js/tor/text.js.
//
// Types only: nothing runs here.

/**
 * A square's cell on the text board: what a screen reader reads, and its marks.
 * @typedef {{label: string, selected: boolean, target: boolean}} Cell
 */

/**
 * What the engine thinks of a typed action: `legal`, or the words of its refusal.
 * @typedef {{legal: true} | {legal: false, words: string}} Verdict
 */

/**
 * A game's part of play without sight, made by the game for its page (it
 * holds the page's bridge). Nothing in it decides what is legal: the
 * engine's views and answers do. V is the game's view (the bridge's state),
 * B its board (web/js/board/api.js), S the board's choice in progress.
 * @template V, B, S
 * @typedef {object} TextGame
 * @property {(square: number) => string} squareName "c3"
 * @property {(view: V | null, square: number) => string} squareWords a square and what
 *   stands on it, as the cursor says it (null: before the engine's first view)
 * @property {(view: V) => string[]} pieces what each square's cell shows: a letter a piece,
 *   bottom to top
 * @property {(view: V) => number[]} lastSquares the squares of the last action
 * @property {(board: B, view: V) => Cell[]} cells every square's label and marks, with the
 *   choice in progress on the board
 * @property {(board: B, square: number) => void} choose Enter or Space on a cell: the same
 *   choice as Enter on the canvas
 * @property {readonly string[]} keys the game's other keys on a cell (Escape, Mixtour's 1 to 4)
 * @property {(board: B, square: number, key: string) => boolean} key one of those keys
 *   pressed on a cell: true when it did something
 * @property {(board: B, selection: S) => string} selectionWords the choice in progress and
 *   what may follow it, for the cursor region ("" says nothing)
 * @property {(before: V, after: V) => string} actionWords what the last action of `after` did
 * @property {(view: V) => string} resultWords how the game ended, or "" while it goes on
 * @property {(view: V) => string} turnWords whose turn it is, or how the game ended
 * @property {(view: V) => boolean} tellsTurn after an action: whether the log must say whose
 *   turn it is too (nothing else would, as for Mixtour's forced pass)
 * @property {(view: V) => string} boardWords the whole board
 * @property {string} helpText the command box's help
 * @property {string[]} actionCommands commands that are actions (Mixtour's "pass"): each is
 *   its English word or the language's cmd.<name>, played as <name>
 * @property {(view: V) => string} legalWords every legal action now
 * @property {(view: V, what: string) => string} legalAtWords what one square (or, for Tor,
 *   one step) can do
 * @property {(line: string) => string} actionText a typed line as the action's notation
 * @property {(text: string, view: V) => Verdict} judge what the engine says of an action typed
 * @property {(ply: number) => V} viewAt the game after `ply` actions (the bridge's goto)
 */

/**
 * The board as the text board drives it: the kit's Board of any game.
 * @typedef {import("./board/api.js").Board<any, any, any, any>} AnyBoard
 */

export {};
