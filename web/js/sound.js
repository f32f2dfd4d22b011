// @ts-check
// Optional sounds, made in the page with Web Audio (no sound files): a soft
// click for a move, a rising pair of notes for a point, a short tune for the
// end of a game, a low buzz for something the rules refuse.
//
// Off by default; the player turns them on in Settings (pref "sound"). The
// audio context is made on the first sound after the player turned them on,
// which always follows a click or a key (browsers allow sound only then).
//
// Test hook: body[data-sound] = "<kind> <count>", the last sound started and
// how many have been started on this page.

import { onPref, pref, setPref } from "./prefs.js";

// Each sound: a list of notes [start s, frequency Hz, length s, wave, volume].
/** @typedef {[number, number, number, OscillatorType, number]} Note */
/** @type {{[kind: string]: Note[]}} */
const SOUNDS = {
  move: [[0, 520, 0.07, "triangle", 0.25]],
  score: [
    [0, 660, 0.12, "sine", 0.3],
    [0.11, 990, 0.2, "sine", 0.3],
  ],
  win: [
    [0, 523, 0.14, "sine", 0.3],
    [0.13, 659, 0.14, "sine", 0.3],
    [0.26, 784, 0.14, "sine", 0.3],
    [0.39, 1047, 0.35, "sine", 0.3],
  ],
  illegal: [[0, 150, 0.16, "square", 0.12]],
};

/** @type {AudioContext | null} */
let context = null;
let count = 0;

function audio() {
  if (!context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

/**
 * Play sound `kind` (move, score, win, illegal) if the player turned sounds on.
 * @param {string} kind
 */
export function sound(kind) {
  const notes = SOUNDS[kind];
  if (!notes || !pref("sound", false)) return;
  count += 1;
  document.body.dataset.sound = `${kind} ${count}`;
  let ctx;
  try {
    ctx = audio();
  } catch {
    return; // no audio on this device: the game goes on in silence
  }
  if (!ctx) return;
  const now = ctx.currentTime + 0.01;
  for (const [start, frequency, length, wave, volume] of notes) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = wave;
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(volume, now + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(now + start);
    osc.stop(now + start + length + 0.02);
  }
}

/**
 * The Settings checkbox that turns sounds on and off.
 * @param {HTMLInputElement | null} checkbox
 */
export function soundSetting(checkbox) {
  if (!checkbox) return;
  checkbox.checked = pref("sound", false);
  checkbox.addEventListener("change", () => {
    setPref("sound", checkbox.checked);
    if (checkbox.checked) sound("move"); // a sample, and the audio unlocked by this click
  });
  onPref("sound", (value) => {
    checkbox.checked = value === true;
  });
}
