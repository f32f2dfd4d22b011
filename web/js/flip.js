// @ts-check
// "Flip board" on a game's page: the board turned round (the far side at the
// bottom), the button's pressed state, and the page told so that its link
// (flip=1) and its saved game follow. Written once for every game: the board
// is the game's own (anything with set({flipped})).

export class Flip {
  /**
   * @param {{set: (config: {flipped: boolean}) => void}} board
   * @param {() => void} changed the player turned it (the page writes its link again)
   */
  constructor(board, changed) {
    this.board = board;
    this.changed = changed;
    this.flip = false;
    /** @type {HTMLElement | null} the page may have none */
    this.button = document.querySelector("#flip-board");
    this.button?.addEventListener("click", () => this.set(!this.flip));
  }

  /**
   * Turn the board as the player asked.
   * @param {boolean} flip
   */
  set(flip) {
    this.show(flip);
    this.changed();
  }

  /**
   * Turn the board as a link or a saved game says (the page writes nothing).
   * @param {boolean} flip
   */
  show(flip) {
    this.flip = flip;
    this.board.set({ flipped: flip });
    this.sync();
  }

  /** The button says whether the board is turned. */
  sync() {
    this.button?.setAttribute("aria-pressed", String(this.flip));
  }
}
