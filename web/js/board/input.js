// @ts-check
// Input, for any game: the canvas's pointer (mouse, pen and touch alike) and
// keyboard events become inputs of the game's selection model (the kit's
// inputs, web/js/board/game.js), and the page's changes (size, pixel ratio,
// theme) reach the board. Nothing here decides what an input means: the
// game's model does.
//
// A press that travels DRAG_DISTANCE before it is let go is a drag (the discs
// follow the pointer and drop where it lets go); a shorter one is a tap.
// Everything is bound when called, never at module load.

export const DRAG_DISTANCE = 6; // CSS pixels a pointer must travel before a press becomes a drag

/**
 * The board the input drives (web/js/board/api.js), whatever its game.
 * @typedef {import("./api.js").Board<any, any, any, any>} Target
 */

/**
 * Whether a press has travelled far enough to be a drag.
 * @param {{x: number, y: number}} press
 * @param {number} x
 * @param {number} y
 */
export function isDrag(press, x, y) {
  return Math.hypot(x - press.x, y - press.y) >= DRAG_DISTANCE;
}

/**
 * Listen to the canvas's pointer and keyboard. Returns the function that stops.
 * @param {Target} board
 * @returns {() => void}
 */
export function bindInput(board) {
  const canvas = board.canvas;

  /** @param {PointerEvent} event */
  const down = (event) => {
    if (!event.isPrimary || event.button > 0 || !board.state.geometry) return;
    const [x, y] = board.eventPoint(event);
    const hit = board.hitTest(x, y);
    board.update((s) => {
      s.cursor = null;
      s.press = { id: event.pointerId, x, y, hit, dragging: false };
    });
    canvas.setPointerCapture?.(event.pointerId);
  };

  /** @param {PointerEvent} event */
  const move = (event) => {
    const press = board.state.press;
    if (!press || event.pointerId !== press.id) return;
    const [x, y] = board.eventPoint(event);
    if (!press.dragging) {
      if (!isDrag(press, x, y)) return;
      if (!board.dispatch({ type: "grab", hit: press.hit }).handled) return;
      board.update(() => {
        press.dragging = true;
      });
    }
    const over = board.hitTest(x, y);
    board.update((s) => {
      s.drag = { x, y, over: over ? over.square : null };
    });
  };

  /** @param {PointerEvent} event */
  const up = (event) => {
    const press = board.state.press;
    if (!press || event.pointerId !== press.id) return;
    const [x, y] = board.eventPoint(event);
    board.update((s) => {
      s.press = null;
      s.drag = null;
    });
    if (press.dragging) board.dispatch({ type: "drop", hit: board.hitTest(x, y), point: [x, y] });
    else board.dispatch({ type: "tap", hit: press.hit });
  };

  /** @param {PointerEvent} event */
  const cancel = (event) => {
    const press = board.state.press;
    if (!press || event.pointerId !== press.id) return;
    board.update((s) => {
      s.press = null;
      s.drag = null;
    });
  };

  /** @param {KeyboardEvent} event */
  const key = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (board.dispatch({ type: "key", key: event.key }).handled) event.preventDefault();
  };

  // The cursor is drawn only while the canvas has the focus.
  const blur = () => board.requestRedraw();

  /** @type {[string, (event: any) => void][]} */
  const listeners = [
    ["pointerdown", down],
    ["pointermove", move],
    ["pointerup", up],
    ["pointercancel", cancel],
    ["keydown", key],
    ["blur", blur],
  ];
  for (const [type, listener] of listeners) canvas.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of listeners) canvas.removeEventListener(type, listener);
  };
}

/**
 * Follow the page: the canvas's size, the screen's pixel ratio (a move to
 * another screen, a zoom) and the theme (the page's "mixtour:theme" event and
 * the system's colour scheme). Returns the function that stops.
 * @param {Target} board
 * @returns {() => void}
 */
export function watchPage(board) {
  const resizeObserver = new ResizeObserver(() => board.resize());
  resizeObserver.observe(board.canvas);

  /** @type {MediaQueryList | null} */
  let ratioQuery = null;
  const onRatio = () => {
    watchRatio();
    board.resize();
  };
  const watchRatio = () => {
    ratioQuery?.removeEventListener("change", onRatio);
    ratioQuery = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    ratioQuery.addEventListener("change", onRatio);
  };
  watchRatio();

  const darkScheme = matchMedia("(prefers-color-scheme: dark)");
  const onTheme = () => {
    board.readColors();
    board.requestRedraw();
  };
  window.addEventListener("mixtour:theme", onTheme);
  darkScheme.addEventListener("change", onTheme);

  return () => {
    resizeObserver.disconnect();
    ratioQuery?.removeEventListener("change", onRatio);
    window.removeEventListener("mixtour:theme", onTheme);
    darkScheme.removeEventListener("change", onTheme);
  };
}
