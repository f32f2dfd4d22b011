// @ts-check
// What a game gives the board kit (web/js/board/api.js): the size of its
// board, how its config changes, what its pieces look like to the animation
// queue, its selection model and its renderer. The kit does the rest for
// every game: layout and hit testing of the squares, pointer, drag, touch and
// keyboard input, the one update() path, redraw batching, the animation
// queue and the page contract on the canvas (data-geometry,
// data-selection). Mixtour's is web/js/board/mixtour/game.js.
//
// Types only: nothing runs here.

/**
 * @typedef {import("./geometry.js").Geometry} Geometry
 * @typedef {import("./state.js").Hit} Hit
 * @typedef {import("./state.js").Point} Point
 */

/**
 * The inputs the kit's input layer (web/js/board/input.js) sends the selection model:
 * tap: a click, touch or Enter on a hit (null: outside the board);
 * grab: a press on a hit has become a drag; drop: the dragged pieces let go;
 * key: a key pressed on the board; cancel: give up the choice in progress.
 * @typedef {{type: "tap", hit: Hit | null}
 *   | {type: "grab", hit: Hit | null}
 *   | {type: "drop", hit: Hit | null, point: Point}
 *   | {type: "key", key: string}
 *   | {type: "cancel"}} KitInput
 */

/**
 * What the selection model holds: the game's choice in progress and the keyboard cursor.
 * @template S
 * @typedef {{selection: S | null, cursor: number | null}} Machine
 */

/**
 * The outputs every board carries out itself; a game's own ones (a move
 * chosen) are carried out by its board class (Board.carryOut).
 * @template S
 * @typedef {{type: "select", selection: S | null}
 *   | {type: "cursor", square: number}
 *   | {type: "illegal", attempt: unknown}
 *   | {type: "cancel"}} KitOutput
 */

/**
 * The answer of a selection model to an input: the machine after it, what
 * to report in order, and whether the input meant anything (a key that did
 * nothing is left to the page).
 * @template S, O
 * @typedef {{machine: Machine<S>, out: O[], handled: boolean}} Step
 */

/**
 * What one frame shows: the renderer draws it and decides nothing.
 * @template C, S
 * @typedef {object} Scene
 * @property {Geometry} geometry
 * @property {Record<string, string>} colors
 * @property {C} config
 * @property {S | null} selection
 * @property {import("./state.js").Drag | null} drag
 * @property {number | null} cursor the keyboard cursor, null when not shown
 * @property {import("./anim.js").Timed | null} plan the change being animated, at its progress `t`
 *   (a plan of the game's planner)
 */

/**
 * A game for the board kit. C is its config (the kit's fields and its own),
 * S its selection, I its inputs (at least the kit's), O its outputs.
 * @template C, S, I, O
 * @typedef {object} Game
 * @property {import("./geometry.js").Grid} grid files and ranks
 * @property {Record<string, string>} colors every colour the renderer uses, as a fallback
 *   (web/js/board/colors.js reads the CSS custom property of each name)
 * @property {(config: C, change: Partial<C>) => void} apply apply a change to the config
 * @property {(change: Partial<C>) => boolean} staleSelection whether a change of config
 *   drops the choice in progress (new legal moves)
 * @property {(config: C) => {stacks: readonly string[]}} picture what stands on each square
 *   (bottom to top, one letter a piece) and what else the planner needs: a change of
 *   `stacks` drops the selection and is animated
 * @property {import("./anim.js").Planner} plan the animation from one picture to the next
 * @property {(a: S | null, b: S | null) => boolean} sameSelection
 * @property {(selection: S) => string} selectionText the canvas's data-selection
 * @property {(g: Geometry) => object} published the canvas's data-geometry
 * @property {(g: Geometry, config: C, x: number, y: number) => Hit | null} hit what lies under a point
 * @property {(machine: Machine<S>, config: C, input: I | KitInput) => Step<S, O | KitOutput<S>>} step
 *   the selection model
 * @property {(ctx: CanvasRenderingContext2D, scene: Scene<C, S>) => void} paint the renderer
 */

export {};
