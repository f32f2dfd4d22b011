// @ts-check
// The lesson runner, for every game's lesson (learn.html for Mixtour,
// tor-learn.html for Tor): a few positions, each asking for one action, then
// a short game against the computer at level 1. The engine plays or refuses
// every action, so a refusal is explained in the rules' own words; the
// runner only says whether the action was the one the step asks for, and in
// the game step lets the computer answer.
//
// A game plugs in with a LessonGame: its steps, how to set up and draw a
// position, play an action and get the computer's reply. The words are the
// i18n keys `<prefix>.<step id>.title|task|right`; a step's check returns
// "right", the key of what to say about a legal action that misses the
// point, or "" (the game step: play on).
//
// Readiness contract as on the game pages: body[data-painted], body[data-ready],
// #board[data-position]; and body[data-lesson] = "<step> <todo|done|lost>".

import { t } from "./i18n.js";

/**
 * @template S
 * @typedef {object} LessonStep
 * @property {string} id
 * @property {string} fen the position it starts from
 * @property {(state: S) => string} check the verdict on the position after an action
 * @property {boolean} [game] the computer answers each move
 */

/**
 * One game's part in its lesson.
 * @template S the bridge's view of a position
 * @typedef {object} LessonGame
 * @property {string} prefix the steps' i18n keys start with it ("learn", "tor.learn")
 * @property {LessonStep<S>[]} steps
 * @property {(fen: string) => S} load the engine set at a step's position
 * @property {(state: S, interactive: boolean) => void} show draw a position
 * @property {(text: string, refused: (why: string) => void) => S | null} play
 *   play an action: the position after it, or null once `refused` said why not
 * @property {(game: number) => Promise<{state: S, action: string} | null>} reply
 *   the computer's answer in game number `game` (each plays differently)
 * @property {() => Promise<unknown>} whenStill the board has shown the last move
 * @property {(state: S) => boolean} over
 * @property {(state: S) => boolean} [mustPass] the rules leave only a pass
 * @property {string} playLink "Now play the computer": a game against level 1 at once
 */

/**
 * The page's parts of a lesson (learn.html's ids).
 * @typedef {object} LessonUi
 * @property {HTMLCanvasElement} canvas
 * @property {HTMLElement} step
 * @property {HTMLElement} title
 * @property {HTMLElement} task
 * @property {HTMLElement} feedback
 * @property {HTMLButtonElement} again
 * @property {HTMLElement} next
 * @property {HTMLElement} play
 * @property {HTMLButtonElement | null} pass
 */

/** @template S */
export class Lesson {
  /**
   * @param {LessonGame<S>} game
   * @param {LessonUi} ui
   */
  constructor(game, ui) {
    this.game = game;
    this.ui = ui;
    this.index = 0;
    this.games = 0; // the short games begun: each one's computer plays differently
    /** @type {S | null} the position shown */
    this.state = null;
    if (ui.play instanceof HTMLAnchorElement) ui.play.href = game.playLink;
    ui.again.addEventListener("click", () => this.begin(this.index));
    ui.pass?.addEventListener("click", () => this.attempt("pass"));
    ui.next.addEventListener("click", () => {
      this.begin(this.index + 1);
      // On a short screen Next lies below the board: the new step's board
      // comes back into view, its top at the top of the screen.
      if (ui.canvas.getBoundingClientRect().top < 0) ui.canvas.scrollIntoView({ block: "start" });
      ui.canvas.focus({ preventScroll: true });
    });
  }

  /**
   * @param {string} text
   * @param {string} kind right | wrong | "" (nothing said)
   */
  tell(text, kind) {
    this.ui.feedback.textContent = text;
    this.ui.feedback.dataset.kind = kind;
  }

  /**
   * @param {S} next
   * @param {{ interactive?: boolean }} [how]
   */
  show(next, { interactive = true } = {}) {
    this.state = next;
    this.game.show(next, interactive && !this.game.over(next));
    if (this.ui.pass) this.ui.pass.hidden = this.game.over(next) || !this.game.mustPass?.(next);
  }

  /**
   * Set up step `i` (its position fresh from the engine).
   * @param {number} i
   */
  begin(i) {
    const { ui, game } = this;
    this.index = i;
    const step = game.steps[i];
    ui.step.textContent = t("learn.step", { n: i + 1, total: game.steps.length });
    ui.title.textContent = t(`${game.prefix}.${step.id}.title`);
    ui.task.textContent = t(`${game.prefix}.${step.id}.task`);
    this.tell("", "");
    ui.next.hidden = true;
    ui.play.hidden = true;
    ui.again.disabled = false;
    this.games += step.game ? 1 : 0;
    document.body.dataset.lesson = `${i + 1} todo`;
    this.show(game.load(step.fen));
  }

  /**
   * The player chose an action: the engine plays it or says why not.
   * @param {string} text
   */
  attempt(text) {
    const refused = (/** @type {string} */ why) => {
      this.tell(why, "wrong");
      if (this.state) this.show(this.state);
    };
    const after = this.game.play(text, refused);
    if (after === null) return;
    const step = this.game.steps[this.index];
    const verdict = step.check(after);
    if (step.game && verdict === "") {
      // The game goes on: once the board has shown the player's move, the
      // computer answers, and its move is judged too.
      this.show(after, { interactive: false });
      const game = this.games;
      void this.game.whenStill().then(() => {
        if (game === this.games && this.game.steps[this.index] === step) void this.reply(step, game);
      });
      return;
    }
    if (step.game && verdict !== "right") this.lost(verdict, text, after);
    else this.judge(verdict, text, after);
  }

  /**
   * The lesson's game ended without the player's win: said, and Again offers another.
   * @param {string} verdict
   * @param {string} action the action that ended it
   * @param {S} after
   */
  lost(verdict, action, after) {
    this.show(after);
    this.tell(t(verdict, { action }), "wrong");
    document.body.dataset.lesson = `${this.index + 1} lost`;
  }

  /**
   * The computer's move in the lesson's game.
   * @param {LessonStep<S>} step
   * @param {number} game
   */
  async reply(step, game) {
    const answer = await this.game.reply(game);
    if (!answer || game !== this.games || this.game.steps[this.index] !== step) return;
    this.show(answer.state);
    const verdict = step.check(answer.state);
    if (verdict === "") this.tell(t("learn.game.thinking", { action: answer.action }), "");
    else if (verdict === "right") this.judge(verdict, answer.action, answer.state);
    else this.lost(verdict, answer.action, answer.state);
  }

  /**
   * Say what the step makes of a legal action: right (the step is done) or why not.
   * @param {string} verdict
   * @param {string} text the action
   * @param {S} after the position after it
   */
  judge(verdict, text, after) {
    const { game, ui } = this;
    if (verdict !== "right") {
      // Legal, but not what the step asks: say why, then put the position back.
      this.tell(t(verdict, { action: text }), "wrong");
      this.show(game.load(game.steps[this.index].fen));
      return;
    }
    this.show(after, { interactive: false });
    this.tell(t(`${game.prefix}.${game.steps[this.index].id}.right`, { action: text }), "right");
    document.body.dataset.lesson = `${this.index + 1} done`;
    const last = this.index === game.steps.length - 1;
    ui.next.hidden = last;
    ui.play.hidden = !last;
    (last ? ui.play : ui.next).focus({ preventScroll: true });
  }
}

/**
 * The lesson's parts on its page (learn.html's ids, the same on every game's lesson).
 * @param {(selector: string) => any} $
 * @returns {LessonUi}
 */
export function lessonUi($) {
  return {
    canvas: $("#board"),
    step: $("#lesson-step"),
    title: $("#lesson-title"),
    task: $("#lesson-task"),
    feedback: $("#lesson-feedback"),
    again: $("#lesson-again"),
    next: $("#lesson-next"),
    play: $("#lesson-play"),
    pass: document.querySelector("#lesson-pass"),
  };
}
