// @ts-check
// One computer per game, however many tabs show it. The tab that holds the
// game's Web Lock ("mixtour.computer.<game id>") plays the computer's moves;
// any other tab on that game shows them when they are saved (web/js/library.js
// follows another tab's saves) and says where the computer plays.
//
// Who holds it:
//   claim(id)  the player acted here (a move, Resume, a game opened from the
//              list): this tab takes the lock from any other, since it is the
//              one being looked at
//   join(id)   this tab opened a kept game: it takes the lock if it is free,
//              and waits for it otherwise
//   follow(id) another tab moved the game on: that tab plays, this one waits,
//              and gets the lock (and plays) if that tab closes or turns to
//              another game
//   drop()     no kept game on the board: nothing to share
// A tab whose lock is taken from it waits for it again. A browser without
// Web Locks plays in every tab, as before (two different answers then make
// two games, and the library keeps both).

const LOCK_PREFIX = "mixtour.computer.";

export class ComputerLock {
  /** @param {() => void} gained called when this tab gets a lock it waited for */
  constructor(gained) {
    this.gained = gained;
    /** @type {string | null} */
    this.id = null; // the game the lock is for
    this.mine = true; // this tab's computer plays the game on the board
    /** @type {(() => void) | null} */
    this.release = null; // ends this tab's hold of the lock
    /** @type {AbortController | null} */
    this.waiting = null; // ends a request still queued
    this.serial = 0;
    // A page that leaves lets its lock go at once: WebKit will not reload or
    // leave a page that still holds one (the navigation waits for ever).
    const leave = () => {
      this.serial += 1;
      this.release?.();
      this.release = null;
      this.waiting?.abort();
      this.waiting = null;
    };
    window.addEventListener("pagehide", leave);
    window.addEventListener("pageshow", (event) => {
      if (event.persisted && this.id) this.join(this.id); // back from the back-forward cache
    });
  }

  /** @param {string} id */
  claim(id) {
    if (this.id !== id || !this.mine) this.take(id, "claim");
  }

  /** @param {string} id */
  join(id) {
    this.take(id, "join");
  }

  /** @param {string} id */
  follow(id) {
    if (this.id !== id || this.mine) this.take(id, "follow");
  }

  drop() {
    this.take(null, "drop");
  }

  /**
   * @param {string | null} id
   * @param {"claim" | "join" | "follow" | "drop"} how
   */
  take(id, how) {
    const serial = (this.serial += 1);
    this.release?.();
    this.release = null;
    this.waiting?.abort();
    this.waiting = null;
    this.id = id;
    const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
    if (!locks || id === null) {
      this.mine = true;
      return;
    }
    this.mine = how === "claim"; // a claim is granted at once: it takes the lock from its holder
    /** @type {LockOptions} */
    const options = {};
    if (how === "claim") options.steal = true;
    else if (how === "join") options.ifAvailable = true;
    else {
      this.waiting = new AbortController();
      options.signal = this.waiting.signal;
    }
    locks
      .request(LOCK_PREFIX + id, options, (lock) => {
        if (serial !== this.serial) return undefined; // superseded: let it go at once
        if (!lock) {
          this.take(id, "follow"); // another tab has it: wait for it
          return undefined;
        }
        this.waiting = null;
        const had = this.mine;
        this.mine = true;
        if (!had) this.gained();
        return new Promise((resolve) => {
          this.release = () => resolve(undefined);
        });
      })
      .catch(() => {
        // Taken by a tab whose player acted there (or a queued request ended).
        if (serial !== this.serial) return;
        this.release = null;
        this.take(id, "follow");
      });
  }
}
