// @ts-check
// How the board moves from one picture to the next, for any game whose
// squares hold pieces bottom to top (one letter a piece): pure planning, no
// drawing, no DOM and no rules (Node imports this module in tests/js/).
//
// Every change of the stacks on the board goes through planChange(before,
// after): it compares the two pictures square by square and says what moves
// where, in the chessground manner (the board never builds an animation by
// hand, so an update that does not change the stacks cannot cancel one).
// queueChange() keeps the plans waiting to be shown and currentPlan() says
// which one a frame draws, and how far along it is.
//
// On each square the discs both pictures share at the bottom stay put; what
// is left of the old stack on top "goes" and what is new on top "comes". A
// part that goes from one square and comes, disc for disc, on another slides
// there (a move, its undo, or several moves at once); the rest fades out or
// drops in (an entry, its undo). The action that led to the new picture
// (`after.last`) or was just taken back (`before.last`) tells the one case the
// pictures alone cannot: a move that made a tower of five, which then leaves
// the board (or, taken back, comes back before the discs slide home).

export const MOVE_MS = 260; // one action
export const SCORE_MS = 520; // a move whose tower then leaves the board
export const DRAG_MS = 130; // dropped discs settle from the pointer
const SLIDE_END = 0.6; // a scoring move: the slide ends here, then the tower fades
const COME_BACK = 0.35; // a scoring move taken back: the tower comes back until here
export const MAX_QUEUED = 2; // the running plan and one waiting; later changes join the waiting one

/**
 * The action that led to a picture, as far as the planner reads it: a
 * "move" of `count` pieces from `from` to `to` whose square is empty
 * afterwards had its pieces leave the board (Mixtour's tower of five).
 * @typedef {{kind: string, square?: number, from?: number, to?: number, count?: number}} Action
 */
/** @typedef {import("./state.js").Launch} Launch */
/** @typedef {import("./state.js").Point} Point */

/**
 * A picture of the board: its stacks and the action that led there.
 * @typedef {{stacks: readonly string[], last: Action | null}} Picture
 */

/**
 * What happens on one square: discs kept, fading out and fading in (strings,
 * bottom to top), and when the fades run (fractions of the plan's duration).
 * @typedef {object} SquarePlan
 * @property {string} keep
 * @property {string} goes
 * @property {string} comes
 * @property {[number, number]} goFade
 * @property {[number, number]} comeFade
 */

/**
 * Discs that slide from one square to another.
 * @typedef {object} Slide
 * @property {string} discs bottom to top
 * @property {number} from
 * @property {number} fromHeight discs under them where they start
 * @property {number} to
 * @property {number} toHeight discs under them where they land
 * @property {number} start fraction of the duration when the slide starts
 * @property {number} end and ends
 * @property {boolean} appear they fade in before the slide (a scoring move taken back)
 * @property {boolean} vanish they fade out after it (a tower of five leaving the board)
 * @property {Point | null} point they start under the pointer (dropped after a drag)
 * @property {boolean} lifted they start lifted (sent by a click)
 */

/**
 * How the board moves from one picture to the next.
 * @typedef {object} Plan
 * @property {Picture} before
 * @property {Picture} after
 * @property {number} duration milliseconds
 * @property {SquarePlan[]} squares
 * @property {Slide[]} slides
 * @property {number} [start] the time of the plan's first frame
 * @property {number} [t] its progress at the frame being drawn, 0..1
 */

/**
 * A plan from `before` to `after` ({stacks, last}), or null when the picture
 * does not change. `launch` says where moving discs start when the player
 * just dropped or sent them: {square, count, point: [x, y] | null}.
 *
 * A plan: {before, after, duration, squares, slides}
 *   squares[i]  {keep, goes, comes, goFade: [t0, t1], comeFade: [t0, t1]}:
 *               discs (strings, bottom to top) kept, fading out, fading in
 *   slides      [{discs, from, fromHeight, to, toHeight, start, end,
 *                 appear, vanish, point, lifted}]: fractions of the duration
 */
/**
 * @param {Picture} before
 * @param {Picture} after
 * @param {Launch | null} [launch]
 * @returns {Plan | null}
 */
export function planChange(before, after, launch = null) {
  const count = after.stacks.length;
  /** @type {SquarePlan[]} */
  const squares = [];
  let changed = false;
  for (let i = 0; i < count; i++) {
    const old = before.stacks[i] ?? "";
    const now = after.stacks[i] ?? "";
    let same = 0;
    while (same < old.length && same < now.length && old[same] === now[same]) same++;
    const goes = old.slice(same);
    const comes = now.slice(same);
    if (goes || comes) changed = true;
    squares.push({ keep: old.slice(0, same), goes, comes, goFade: [0, 1], comeFade: [0, 1] });
  }
  if (!changed) return null;
  /** @type {Plan} */
  const plan = { before, after, duration: MOVE_MS, squares, slides: [] };
  if (!scoringMove(plan, after.last) && !scoringUndo(plan, before.last)) pairSlides(plan);
  if (launch) {
    for (const slide of plan.slides) {
      if (slide.from !== launch.square || slide.discs.length !== launch.count) continue;
      if (launch.point) {
        slide.point = launch.point;
        if (plan.slides.length === 1 && !slide.vanish) plan.duration = DRAG_MS;
      } else {
        slide.lifted = true;
      }
    }
  }
  return plan;
}

/**
 * The last action was a move onto a stack that, now five high, left the board.
 * @param {Plan} plan
 * @param {Action | null} last
 */
function scoringMove(plan, last) {
  if (!last || last.kind !== "move" || last.from === undefined || last.to === undefined) {
    return false;
  }
  const from = plan.squares[last.from];
  const to = plan.squares[last.to];
  if (!from || !to || last.from === last.to) return false;
  const tower = plan.before.stacks[last.to] ?? "";
  const ok =
    from.goes.length === last.count && !from.comes && tower && !plan.after.stacks[last.to];
  if (!ok) return false;
  plan.duration = SCORE_MS;
  to.goFade = [SLIDE_END, 1];
  plan.slides.push(slide(plan, from.goes, last.from, last.to, { end: SLIDE_END, vanish: true }));
  from.goes = "";
  return true;
}

/**
 * The move just taken back had made a tower that left the board: it comes back, then splits.
 * @param {Plan} plan
 * @param {Action | null} last
 */
function scoringUndo(plan, last) {
  if (!last || last.kind !== "move" || last.from === undefined || last.to === undefined) {
    return false;
  }
  const from = plan.squares[last.from];
  const to = plan.squares[last.to];
  if (!from || !to || last.from === last.to) return false;
  const ok =
    from.comes.length === last.count &&
    !from.goes &&
    !plan.before.stacks[last.to] &&
    to.comes.length > 0;
  if (!ok) return false;
  plan.duration = SCORE_MS;
  to.comeFade = [0, COME_BACK];
  plan.slides.push(slide(plan, from.comes, last.to, last.from, { start: COME_BACK, appear: true }));
  from.comes = "";
  return true;
}

/**
 * Parts that go from one square and come, the same discs, on another slide; nearest first.
 * @param {Plan} plan
 */
function pairSlides(plan) {
  /** @type {number[]} */
  const sources = [];
  /** @type {number[]} */
  const targets = [];
  plan.squares.forEach((square, i) => {
    if (square.goes && !square.comes) sources.push(i);
    if (square.comes && !square.goes) targets.push(i);
  });
  /** @type {[number, number, number][]} */
  const pairs = [];
  for (const from of sources) {
    for (const to of targets) {
      if (plan.squares[from].goes === plan.squares[to].comes) {
        pairs.push([distance(from, to), from, to]);
      }
    }
  }
  pairs.sort((a, b) => a[0] - b[0]);
  const used = new Set();
  for (const [, from, to] of pairs) {
    if (used.has(from) || used.has(to)) continue;
    used.add(from);
    used.add(to);
    plan.slides.push(slide(plan, plan.squares[from].goes, from, to));
    plan.squares[from].goes = "";
    plan.squares[to].comes = "";
  }
}

/**
 * @param {Plan} plan
 * @param {string} discs
 * @param {number} from
 * @param {number} to
 * @param {{start?: number, end?: number, appear?: boolean, vanish?: boolean}} [options]
 * @returns {Slide}
 */
function slide(plan, discs, from, to, { start = 0, end = 1, appear = false, vanish = false } = {}) {
  const fromHeight = (plan.before.stacks[from] ?? "").length - (appear ? 0 : discs.length);
  const toHeight = vanish
    ? (plan.before.stacks[to] ?? "").length
    : (plan.after.stacks[to] ?? "").length - discs.length;
  return {
    discs,
    from,
    to,
    fromHeight: appear ? (plan.after.stacks[from] ?? "").length : fromHeight,
    toHeight,
    start,
    end,
    appear,
    vanish,
    point: null,
    lifted: false,
  };
}

/**
 * @param {number} a
 * @param {number} b
 */
function distance(a, b) {
  return Math.hypot((a % 5) - (b % 5), Math.floor(a / 5) - Math.floor(b / 5));
}

/**
 * 0..1 within [t0, t1] of the plan's progress t.
 * @param {number} t
 * @param {readonly [number, number]} span
 */
export function within(t, [t0, t1]) {
  if (t1 <= t0) return t >= t1 ? 1 : 0;
  return Math.min(1, Math.max(0, (t - t0) / (t1 - t0)));
}

/** @param {number} t */
export function easeOut(t) {
  return 1 - (1 - t) ** 3;
}

/**
 * What the queue needs of any game's plan: the pictures it goes between and
 * how long it runs (`start` and the progress `t` are set as it is shown).
 * @typedef {{before: any, after: any, duration: number, start?: number, t?: number}} Timed
 */

/**
 * A game's planner: the plan from one picture to the next, or null when
 * nothing is to be animated. planChange is Mixtour's (pieces per square).
 * @typedef {(before: any, after: any, launch: Launch | null) => Timed | null} Planner
 */

/**
 * Add the change from `before` to `after` to the plans waiting to be shown
 * (`queue`, the first one running). When changes come faster than they can
 * be shown, the waiting ones become one.
 * @param {Timed[]} queue changed in place
 * @param {Picture} before
 * @param {Picture} after
 * @param {Launch | null} [launch]
 * @param {Planner} [planner] how the game plans a change
 */
export function queueChange(queue, before, after, launch = null, planner = planChange) {
  if (queue.length >= MAX_QUEUED) {
    const merged = planner(queue[1].before, after, null);
    queue.length = 1;
    if (merged) queue.push(merged);
    return;
  }
  const plan = planner(before, after, launch);
  if (plan) queue.push(plan);
}

/**
 * The plan a frame at time `now` draws, with its progress `t` (0..1), or
 * null when all are shown; finished plans leave the queue.
 * @template {Timed} T
 * @param {T[]} queue changed in place
 * @param {number} now
 * @returns {T | null}
 */
export function currentPlan(queue, now) {
  while (queue.length) {
    const plan = queue[0];
    if (plan.start === undefined) plan.start = now;
    plan.t = (now - plan.start) / plan.duration;
    if (plan.t < 1) return plan;
    queue.shift();
  }
  return null;
}
