// Every string the interface shows, keyed by id, one table per language.
// Only English exists so far; French and German go next to it with the same ids.
// Placeholders are written {name} and filled by t(id, {name: value}).

const STRINGS = {
  en: {
    "app.title": "Mixtour",
    "app.tagline": "The stacking game for two or three",
    "app.noscript": "This game needs JavaScript.",
    "loading.python": "Loading Python…",
    "startup.offline":
      "A file of the game could not be downloaded. Check your connection, then reload.",
    "startup.error": "The game could not start ({detail}).",
    "startup.slow": "Python is taking unusually long to start. Keep waiting, or reload.",
    "startup.reload": "Reload",
    "startup.stopped": "Python did not start",

    "color.w": "White",
    "color.r": "Red",
    "color.b": "Blue",

    "board.label": "Mixtour board, 5 by 5 squares, a1 at the bottom left",
    "board.loading": "Mixtour board (loading)",
    "cursor.empty": "{square}: empty",
    "cursor.stack": "{square}: {height} high, bottom to top {discs}",

    "player.reserve": "Reserve",
    "player.score": "Score",
    "player.toMove": "to move",
    "player.summary": "{color}: {reserve} in reserve, score {score} of {target}",

    "panel.players": "Players",
    "panel.moves": "Moves",
    "panel.noMoves": "No moves yet",
    "panel.target": "First to {target} {points} wins",
    "panel.point": "point",
    "panel.points": "points",

    "status.toMove": "{color} to move",
    "status.mustPass": "{color} cannot enter or move and must pass",
    "status.gameOver": "Game over",

    "hint.start": "Click an empty square to enter a disc, or a disc of a stack to lift it and the discs above it.",
    "hint.selected": "{count} from {square}: choose a highlighted stack, or click elsewhere to cancel.",
    "hint.disc": "1 disc",
    "hint.discs": "{n} discs",

    "msg.notLegal": "{action} is not possible: {reason}",
    "msg.cannotLift": "Not possible: {reason}",
    "msg.played": "{color} played {action}",
    "msg.scored": "{color} scores a point",
    "msg.passed": "{color} passed",
    "msg.undone": "Took back {action}",
    "msg.redone": "Replayed {action}",
    "msg.newGame": "New game: {players} players, {discs} discs each, target {target}",
    "msg.cancelled": "Selection cancelled",

    "button.pass": "Pass",
    "button.hint": "Hint",
    "button.pause": "Pause",
    "button.resume": "Resume",
    "button.undo": "Undo",
    "button.redo": "Redo",
    "button.newGame": "New game",
    "button.start": "Start",
    "button.cancel": "Cancel",

    "dialog.title": "New game",
    "dialog.players": "Players",
    "dialog.twoPlayers": "2 players",
    "dialog.threePlayers": "3 players",
    "dialog.seats": "Who plays",
    "dialog.human": "Human",
    "dialog.computer": "Computer: {level}",
    "dialog.discs": "Discs per player",
    "dialog.discsHelp": "5 to 30",
    "dialog.target": "Points to win",
    "dialog.targetHelp": "1 to 9; a point is a tower of 5 with your colour on top",

    "level.1": "1 Beginner",
    "level.2": "2 Casual",
    "level.3": "3 Intermediate",
    "level.4": "4 Advanced",
    "level.5": "5 Expert",
    "level.6": "6 Master",
    "player.computer": "Computer, {level}",
    "ai.loading": "Loading the computer player…",
    "ai.thinking": "{color} is thinking…",
    "ai.hinting": "Looking for a good move…",
    "ai.paused": "Paused: press Resume to let the computer play on.",
    "msg.hint": "Hint: {action}",
    "msg.aiError": "The computer player failed: {error}. The game is kept; press Resume to try again.",
    "msg.paused": "Paused",
    "msg.resumed": "Resumed",
    "msg.aiRestart": "The computer player stopped ({error}). Restarting it; the game is kept.",
    "msg.aiTimeout": "no answer in time",

    "save.restored": "Your game was restored where you left it.",
    "save.broken": "Your saved game could not be restored ({problem}). It was set aside; here is a new game.",
    "save.badJson": "the saved data is damaged",
    "save.badVersion": "it was saved by another version ({version})",
    "save.noGame": "no game in the saved data",
    "save.linkShown": "The link's game is shown. Your game in progress is kept.",
    "save.resume": "Resume your saved game",
    "save.resumed": "Your saved game is back.",

    "update.available": "New version available",
    "update.reload": "Reload",

    "result.title": "Game over",
    "result.w-wins": "White wins: White reached the target",
    "result.r-wins": "Red wins: Red reached the target",
    "result.b-wins": "Blue wins: Blue reached the target",
    "result.draw-passes": "Draw: two passes in a row, nobody can act",
    "result.draw-repetition": "Draw: the same position occurred a third time",

    "share.title": "Share",
    "share.copyPosition": "Copy link to position",
    "share.copyGame": "Copy link to game",
    "share.flip": "Flip board",
    "share.copyHere": "Copy this link:",
    "share.positionLink": "Link to the position",
    "share.gameLink": "Link to the game",
    "share.copied": "{what} copied",
    "share.copyByHand": "{what}: copy it from the field below",
    "link.problems": "This link could not be used completely:",
    "button.close": "Close",
    "footer.rules": "How to play",
    "share.embed": "Embed…",
    "embedDialog.title": "Embed this board",
    "embedDialog.show": "Show",
    "embedDialog.game": "The whole game (with steps)",
    "embedDialog.position": "This position only",
    "embedDialog.visitors": "Visitors can",
    "embedDialog.play": "Play on",
    "embedDialog.view": "Only look",
    "embedDialog.coords": "Coordinates",
    "embedDialog.width": "Width",
    "embedDialog.code": "Paste this into your page:",
    "embedDialog.copy": "Copy code",
    "embedDialog.copied": "Embed code copied",
    "embedDialog.copyByHand": "Select the code and copy it",
    "embedDialog.frameTitle": "Mixtour board",

    "embed.first": "First position",
    "embed.previous": "Previous action",
    "embed.next": "Next action",
    "embed.last": "Last position",
    "embed.open": "Open in the Mixtour app (Mixtour by Dieter Stein)",
    "embed.badOption": "{key} '{value}' must be 0 or 1",
    "embed.mustPass": "{color} must pass",
    "embed.w-wins": "White wins",
    "embed.r-wins": "Red wins",
    "embed.b-wins": "Blue wins",
    "embed.draw-passes": "Draw (two passes)",
    "embed.draw-repetition": "Draw (repetition)",

    "files.downloadImage": "Download image",
    "files.downloadRecord": "Download record",
    "files.loadRecord": "Load record…",
    "files.editor": "Set up a position",
    "files.imageSaved": "Image of the position downloaded",
    "files.recordSaved": "Game record downloaded",
    "files.dialogTitle": "Load a game record",
    "files.paste": "Paste a record (moves like 1. c3 b4 2. b4-c3, headers optional):",
    "files.chooseFile": "Choose a file…",
    "files.fileHelp": "A .txt or .mixtour file saved with Download record",
    "files.load": "Load",
    "files.empty": "Paste a record or choose a file first.",
    "files.tooLarge": "{name} is too large to be a game record.",
    "files.unreadable": "{name} could not be read.",
    "files.badRecord": "This record cannot be loaded: {reason}. The current game is kept.",
    "files.recordLoaded": "Record loaded: {n} actions",

    "editor.tagline": "Position editor",
    "editor.tools": "Disc to place",
    "editor.erase": "Erase",
    "editor.help": "Click a square to put a disc on top; right-click, long-press or Erase takes the top disc off. Discs come from and go back to the reserves.",
    "editor.setup": "Set up",
    "editor.toMove": "To move",
    "editor.reserveW": "White's reserve",
    "editor.reserveR": "Red's reserve",
    "editor.reserveB": "Blue's reserve",
    "editor.scoreW": "White's score",
    "editor.scoreR": "Red's score",
    "editor.scoreB": "Blue's score",
    "editor.even": "Even out reserves",
    "editor.clear": "Clear board",
    "editor.start": "Start position",
    "editor.positionString": "Position string",
    "editor.valid": "Valid position, {color} to move",
    "editor.validOver": "Valid position; the game is already over",
    "editor.playTitle": "Play and share",
    "editor.opponent": "Opponent",
    "editor.humans": "Human (take turns)",
    "editor.play": "Play from here",
    "editor.backToGame": "Play a game",
    "editor.boardLabel": "Editor board, 5 by 5 squares, a1 at the bottom left",
    "editor.tooHigh": "{square} is already {max} high: a stack of 5 would leave the board",
    "editor.placed": "{color} disc put on {square}",
    "editor.removed": "{color} disc taken off {square}",
    "editor.nothing": "{square} is empty",
    "editor.evened": "Reserves set so that every player owns {n} discs",
    "editor.cleared": "Board cleared: every disc is back in its reserve",
    "editor.started": "The start position",

    "footer.credit": "Mixtour by Dieter Stein",
    "footer.note": "Runs entirely in your browser.",
  },
};

let language = "en";

/** Set the interface language (falls back to English for unknown ones). */
export function setLanguage(code) {
  language = Object.hasOwn(STRINGS, code) ? code : "en";
  document.documentElement.lang = language;
}

/** The string `id` in the current language with {placeholders} filled in. */
export function t(id, params = {}) {
  const table = STRINGS[language];
  const text = Object.hasOwn(table, id) ? table[id] : STRINGS.en[id] ?? id;
  return text.replace(/\{(\w+)\}/g, (whole, key) =>
    Object.hasOwn(params, key) ? String(params[key]) : whole,
  );
}

/** The name of a colour letter: "w" -> "White". */
export function colorName(letter) {
  return t(`color.${letter}`);
}

/** Fill every element carrying data-i18n (textContent) or data-i18n-label (aria-label). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n);
  }
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
}
