// @ts-check
// How long the computer's move waits before it is played, on both games'
// pages: a person sees their own move land before the answer, and a game
// of computers alone goes at a pace one can follow (its first move at
// once). The search runs during the wait; only the rest of it is waited.
//
// window.mixtourDebug.replyDelayMs and demoDelayMs (set by tests) replace
// the two paces, read at each move.

const REPLY_MS = 250;
const DEMO_MS = 700;

/**
 * The least time from asking the computer for a move to playing it.
 * @param {boolean} personPlays whether a person has a seat in the game
 * @param {number} ply the moves played so far
 */
export function computerPaceMs(personPlays, ply) {
  const debug = window.mixtourDebug || {};
  if (personPlays) return debug.replyDelayMs ?? REPLY_MS;
  return ply > 0 ? (debug.demoDelayMs ?? DEMO_MS) : 0;
}
