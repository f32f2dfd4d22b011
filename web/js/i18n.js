// @ts-check
// Every string the interface shows, keyed by id, one table per language:
// English here, French and German in ./lang/ with the same ids.
// Placeholders are written {name} and filled by t(id, {name: value}).
//
// The language is the address's ?lang= (a page that must show one language,
// like a translated rules page framing its boards), else the player's choice
// (kept in localStorage, shared by every page of the site, embeds included),
// else the browser's first language we have, else English. The rules engine explains refusals in English and also
// as data ({id, args}); reasonText() words that data in the page's language.

// In another site's page (the script embed, web/js/guest.js) it is that
// page's <html lang> where we have it, else the browser's, and that page's
// lang attribute is left as it is.

import { GUEST } from "./guest.js";

// French and German are fetched only by a page that shows them: an English
// page (and each embedded board of an English rules page) neither downloads
// nor compiles them.
/** @type {{[language: string]: () => Promise<{default: {[id: string]: string}}>}} */
const TABLES = {
  fr: () => import("./lang/fr.js"),
  de: () => import("./lang/de.js"),
};

/** The tables loaded: English always. @type {{[language: string]: {[id: string]: string}}} */
const STRINGS = {
  en: {
    "app.title": "Mixtour",
    "app.tagline": "The stacking game for two or three",
    "app.noscript": "This game needs JavaScript.",
    "loading.python": "Getting the game ready…",
    "startup.offline":
      "A file of the game could not be downloaded. Check your connection, then reload.",
    "startup.error": "The game could not start ({detail}).",
    "startup.slow": "The game is taking unusually long to get ready. Keep waiting, or reload.",
    "startup.reload": "Reload",
    "startup.stopped": "The game could not start",
    "early.kept": "Your move is played as soon as the game is loaded.",
    "early.wait": "Your game is still loading: play your move once it shows.",
    "early.cleared": "The move you chose is dropped; the game is still loading.",
    "early.changed": "Your move was not played: the game shown changed while it loaded.",
    "early.notNow": "Your move was not played: the board takes no move from you now.",

    "color.w": "White",
    "color.r": "Red",
    "color.b": "Blue",

    "board.label": "Mixtour board, 5 by 5 squares, a1 at the bottom left",
    "board.loading": "Mixtour board (loading)",
    "cursor.empty": "{square}, empty",
    "cursor.stack": "{square}, {height} high, bottom to top: {discs}",

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

    "hint.start": "Click an empty square to enter a disc, or a disc of a stack to lift it with the discs above it. Keys: arrows, then Enter (? lists them all).",
    "hint.start.touch": "Tap an empty square to enter a disc, or a disc of a stack to lift it with the discs above it.",
    "hint.selected": "{count} from {square}: choose a highlighted stack, or click elsewhere or press Esc to cancel.",
    "hint.selected.touch": "{count} from {square}: choose a highlighted stack, or tap elsewhere to cancel.",
    "hint.disc": "1 disc",
    "hint.choose": "Choose how to play: the choices lie over the board.",
    "hint.discs": "{n} discs",

    "msg.notLegal": "{action} is not possible: {reason}",
    "reason.and": " and ",
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
    "msg.aiFailed": "The computer player failed: {error}. The game is kept.",
    "msg.paused": "Paused",
    "msg.resumed": "Resumed",
    "msg.aiRestart": "The computer player stopped ({error}). Restarting it; the game is kept.",
    "msg.aiNoStart": "its script could not load",
    "msg.aiTimeout": "no answer in time",

    "save.restored": "Your game was restored where you left it.",
    "save.broken": "Your saved game could not be restored ({problem}). It was set aside; here is a new game.",
    "save.badJson": "the saved data is damaged",
    "save.badVersion": "it was saved in a format this version of the game cannot read",
    "save.noGame": "no game in the saved data",
    "save.linkShown": "The link's game is shown. Your game in progress is kept in Your games.",
    "save.resume": "Back to your game",
    "save.resumed": "Your game is back. The link's game is kept in Your games.",

    "update.available": "New version available",
    "update.reload": "Reload",

    "result.title": "Game over",
    "result.rematch": "Rematch: the colours are swapped.",
    "result.rematchYou": "Rematch: you play {color} now.",
    "result.rematchButton": "Rematch, colours swapped",
    "result.computerWon": "{computer} won",
    "result.youWon": "You won",
    "result.w-wins": "White wins: White reached the target",
    "result.r-wins": "Red wins: Red reached the target",
    "result.b-wins": "Blue wins: Blue reached the target",
    "result.draw-passes": "Draw: a player had to pass and the next cannot act either",
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
    "embedDialog.kind": "Code",
    "embedDialog.kindFrame": "A frame (works in any page)",
    "embedDialog.kindScript": "A script (lighter for a page of many boards)",
    "embedDialog.scriptHint":
      "The script line is needed once per page, however many boards it shows. The boards speak the language of your page.",
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
    "embedDialog.language": "Language of the board",
    "embedDialog.visitorLanguage": "The visitor's",

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
    "embed.draw-passes": "Draw (a pass, and no one can act)",
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

    "editor.tagline": "Position editor",
    "editor.tools": "Disc to place",
    "editor.erase": "Erase",
    "editor.help": "Click a square to put a disc on top; right-click, long-press or Erase takes the top disc off. Discs come from and go back to the reserves.",
    "editor.help.touch": "Tap a square to put a disc on top; a long press or Erase takes the top disc off. Discs come from and go back to the reserves.",
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
    "page.torEditorTitle": "Tor position editor",
    "torEditor.tools": "Token or pawn to place",
    "torEditor.token.B": "Blue token",
    "torEditor.token.R": "Red token",
    "torEditor.token.O": "Orange token",
    "torEditor.token.Y": "Yellow token",
    "torEditor.pawn.w": "White pawn",
    "torEditor.pawn.b": "Black pawn",
    "torEditor.help": "Click a square to put a token on top (two at most), or to put or take away a pawn; right-click, long-press or Erase takes the pawn off, or else the top token.",
    "torEditor.help.touch": "Tap a square to put a token on top (two at most), or to put or take away a pawn; a long press or Erase takes the pawn off, or else the top token.",
    "torEditor.hand": "Token in hand",
    "torEditor.noHand": "None",
    "torEditor.standard": "Standard layout",
    "torEditor.boardLabel": "Editor board, 6 by 8 squares, a1 at the bottom left",
    "torEditor.valid": "Valid position, {player} to move",
    "torEditor.placed": "A {colour} token put on {square}",
    "torEditor.removed": "A {colour} token taken off {square}",
    "torEditor.pawnPut": "{player}'s pawn put on {square}",
    "torEditor.pawnRemoved": "{player}'s pawn taken off {square}",
    "torEditor.full": "{square} already holds two tokens",
    "torEditor.noneLeft": "All 12 {colour} tokens are already out",
    "torEditor.pawns": "{player} already has two pawns",
    "torEditor.noToken": "A pawn stands on a token: {square} has none",
    "torEditor.cleared": "Board cleared",
    "torEditor.started": "The standard layout",

    "footer.credit": "Mixtour by Dieter Stein",
    "footer.note": "Runs entirely in your browser.",
    "language.label": "Language",
    "settings.open": "Settings",
    "settings.title": "Settings",
    "page.editorTitle": "Mixtour position editor",
    "page.embedTitle": "Mixtour board",
    // Layout and themes (h4-layout)
    "theme.label": "Theme",
    "theme.system": "As the device",
    "theme.light": "Light",
    "theme.dark": "Dark",
    "embedDialog.theme": "Theme of the board",
    "embedDialog.visitorTheme": "The visitor's",
    // h5-newcomer: the first five minutes, review by move, the computer's turn
    "start.title": "How would you like to play?",
    "start.computer": "Play the computer",
    "start.level": "Level",
    "start.friends": "Two players here",
    "start.learn": "Learn to play: first lesson",
    "start.more": "More choices…",
    "label.corr": "A game with a friend by link",
    "label.people": "{n} players here",
    "label.allHere": "{n} players on this screen",
    "label.twoHere": "Two players on this screen",
    "label.vs": " vs ",
    "label.you": "You",
    "label.computer": "Computer, {level}",
    "start.show": "Quick start: the computer, two players here, or a lesson",
    "start.computerStarted": "New game against the computer ({level}). You play White: your move.",
    "start.friendsStarted": "New game for two at this screen. White begins; take turns.",
    "summary.title": "The rules in three lines",
    "summary.place": "On your turn, place a disc of your colour on any empty square, or…",
    "summary.move": "…move the top discs of any stack onto another stack in a straight line, exactly as many squares away as that stack is high (nothing in between).",
    "summary.score": "A stack of five leaves the board and scores for the colour on top: the first point wins.",
    "summary.link": "All the rules, with examples",
    "settings.sound": "Sounds (a move, the end of a game, a refused action, and in Mixtour a point)",
    "settings.turnBoard": "Turn the board so my side is at the bottom when I play Red against the computer",
    // Game review (web/js/game-review.js).
    "rv.title": "Game review",
    "rv.start": "Review the game",
    "rv.again": "Review again",
    "rv.stop": "Stop",
    "rv.progressLabel": "Review progress",
    "rv.progress": "Position {n} of {total}",
    "rv.twoOnly": "The review is for two-player games.",
    "rv.noMoves": "Play or open a game first: there is no move to review.",
    "rv.error": "The review stopped: {error}",
    "rv.stopped": "Review stopped.",
    "rv.summaryLine": "{color}: {inaccuracies}, {mistakes}, {blunders}.",
    "rv.inaccuracies.one": "{n} inaccuracy",
    "rv.inaccuracies.other": "{n} inaccuracies",
    "rv.mistakes.one": "{n} mistake",
    "rv.mistakes.other": "{n} mistakes",
    "rv.blunders.one": "{n} blunder",
    "rv.blunders.other": "{n} blunders",
    "rv.won": "{color} has won",
    "rv.winIn.one": "{color} wins by force in {n} move",
    "rv.winIn.other": "{color} wins by force in {n} moves",
    "rv.winning": "{color} is winning",
    "rv.better": "{color} is better",
    "rv.slightly": "{color} is slightly better",
    "rv.equal": "About even",
    "rv.kind.best": "best move",
    "rv.kind.good": "good move",
    "rv.kind.inaccuracy": "inaccuracy",
    "rv.kind.mistake": "mistake",
    "rv.kind.blunder": "blunder",
    "rv.verdict": "{n}. {color} {action}: {kind}.",
    "rv.bestLine": "Better: {action} (the engine's line: {line}).",
    "rv.graphLabel": "Who was winning, move by move: {top} at the top, {bottom} at the bottom. Click it, or use the arrow keys, to see a position.",
    "rv.graphLabel.touch": "Who was winning, move by move: {top} at the top, {bottom} at the bottom. Tap it to see a position.",
    "rv.graphValue": "After action {n}: {label}",
    "rv.player": "Player",
    "rv.count.inaccuracy": "Inaccuracies ?!",
    "rv.count.mistake": "Mistakes ?",
    "rv.count.blunder": "Blunders ??",
    "rv.helpTitle": "How the review judges",
    "rv.help": "The computer searches every position of the game to the same depth, in the background. Each move is compared with its best move by how much of the game it gave away: a little is an inaccuracy (?!), more a mistake (?), a lot a blunder (??); a move that lets the opponent finish a winning tower at once is always a blunder. The graph shows who was winning after each move; click it, or a move, to see that position, with the better move drawn on the board.",

    "moves.cell": "Move {n}, {color}: {action}",
    "review.start": "The start of the game ({total} actions in the list)",
    "review.at": "After action {n} of {total}: {color} {action}",
    "review.discardTitle": "Play from here?",
    "review.discard": "Playing {action} here replaces the later part of the game (later actions in the list: {n}).",
    "review.branched": "A new game from this position; the finished game stays in Your games.",
    "review.branchOn": "This game is finished and stays in Your games as it ended. Let the computer play on from here, as a new game?",
    "review.branch": "This game is finished and stays in Your games as it ended. Play {action} here as the first move of a new game from this position?",
    "ai.lookingBack": "Looking back at a finished game: it stays as it ended.",
    "ai.elsewhere": "The computer plays this game in another tab; its move will show here.",
    "button.branch": "Play on from here",
    "review.keep": "Keep the game",
    "review.play": "Play from here",
    "msg.computerThinking": "The computer is thinking… your turn comes after its move.",
    "msg.computerPaused": "It is the computer's turn, and it is paused: press Resume to let it play.",
    "result.passDraw": "Draw: {passer} had to pass and {stuck} cannot act either",
    "footer.puzzles": "Puzzles",
    "footer.analysis": "Analysis board",
    "puzzles.pageTitle": "Mixtour puzzles",
    "puzzles.tagline": "Find the winning tower: puzzles made by our engine",
    "puzzles.title": "Puzzle {id}",
    "puzzles.meta": "Rating {rating} · {level}",
    "puzzles.easy": "easy",
    "puzzles.medium": "medium",
    "puzzles.hard": "hard",
    "puzzles.task.win1": "{color} to play: build a tower with {color} on top, in one move.",
    "puzzles.task.win": "{color} to play and win in {n} moves: force a tower with {color} on top, whatever {opponent} answers.",
    "puzzles.task.defend": "{color} to play. {opponent} is about to win: find the only move that does not lose.",
    "puzzles.good": "{move}: right!",
    "puzzles.replied": "{opponent} answers {reply}. {left}",
    "puzzles.movesLeft.one": "Your move: {n} move left to win.",
    "puzzles.movesLeft.other": "Your move: {n} moves left to win.",
    "puzzles.lastMove": "Your move: finish it.",
    "puzzles.solved": "Solved! {move} builds the tower.",
    "puzzles.solvedDefend": "Solved! {move} is the only move that holds.",
    "puzzles.wrong.over": "{move} is not it: {outcome}.",
    "puzzles.wrong.tower": "{move} is not it: {opponent} answers {reply} and builds a tower with {opponent} on top.",
    "puzzles.wrong.escape.one": "{move} is not it: after {opponent}'s {reply} you have no tower in {n} move.",
    "puzzles.wrong.escape.other": "{move} is not it: after {opponent}'s {reply} you can no longer force a tower in {n} moves.",
    "puzzles.wrong.forces.one": "{move} loses: {opponent} answers {reply} and builds a tower next move.",
    "puzzles.wrong.forces.other": "{move} loses: {opponent} answers {reply} and forces a tower in {n} moves.",
    "puzzles.wrong.plain": "{move} is not the move.",
    "puzzles.retry": "Try again",
    "puzzles.showSolution": "Show the solution",
    "puzzles.solutionIs": "The solution: {line}. Play it on the board.",
    "puzzles.next": "Next puzzle",
    "puzzles.daily": "Puzzle of the day",
    "puzzles.link": "Link to this puzzle",
    "puzzles.yourStats": "Your puzzles",
    "puzzles.rating": "Rating",
    "puzzles.streak": "Streak",
    "puzzles.best": "Best streak",
    "puzzles.solved.count": "Solved",
    "puzzles.noSuchPuzzle": "There is no puzzle {id} (they are numbered 1 to {count}): here is the puzzle of the day.",
    "puzzles.badLink": "This link does not name a puzzle (“{text}”): here is the puzzle of the day.",
    "puzzles.noSet": "The puzzles could not be loaded. Check your connection, then reload.",
    "puzzles.storageFull": "Your result could not be saved: this browser's storage is full. Delete some games in Your games to make room.",
    "puzzles.statsReset": "Your saved puzzle results could not be read; they start again.",
    "puzzles.helpTitle": "How puzzles work",
    "puzzles.help1": "Each puzzle is a position from a game the engine played against itself. Play the move as in a game; when the puzzle asks for several moves, the engine plays the opponent's best defence, and you go on.",
    "puzzles.help2": "Win in 1, 2 or 3: force a tower with your colour on top in that many of your moves, whatever the opponent does. Only move: every move but one lets the opponent force a tower within two moves. The engine has proved every puzzle, and its solution is the only one at each step. A wrong move shows the opponent's answer.",
    "puzzles.help3": "Your rating starts at 1200 and moves with your first try at each puzzle, as in chess ratings; the streak counts puzzles solved in a row. They are kept in this browser only. Puzzles are for two players, first tower wins.",
    "an.pageTitle": "Mixtour analysis board",
    "an.tagline": "Try moves for both sides and ask the engine",
    "an.open": "Analyse",
    "an.openTitle": "Open this position on the analysis board",
    "an.barLabel": "Who is winning: White from the bottom, Red from the top",
    "an.engine": "Engine",
    "an.pause": "Pause",
    "an.resume": "Resume",
    "an.navLabel": "Step through the moves",
    "an.first": "To the start",
    "an.back": "One move back",
    "an.forward": "One move forward",
    "an.last": "To the end of the line",
    "an.delete": "Delete move",
    "an.promote": "Make main line",
    "an.playTitle": "From here",
    "an.playPeople": "Play two players",
    "an.playComputer": "Play the computer",
    "an.level": "Level",
    "an.copyLink": "Copy link",
    "an.link": "Link to this analysis",
    "an.copied": "The link is copied.",
    "an.copyFailed": "Copy this link: {url}",
    "an.editor": "Set up a position",
    "an.toMove": "{color} to move. Play a move for either side.",
    "an.twoOnly": "The engine analyses two-player games only; the moves can still be tried here.",
    "an.noMoves": "No moves yet: play one on the board.",
    "an.moveLabel": "{n}, {color}: {move}",
    "an.deleted": "{move} and the moves after it were deleted.",
    "an.depth": "Depth {depth}, {nodes}",
    "an.nodes.one": "{n} position searched",
    "an.nodes.other": "{n} positions searched",
    "an.bestLine": "Best line: {line}",
    "an.cap": "The engine stops after {seconds} s on a position or at depth {depth}, to spare the battery.",
    "an.loading": "The engine is starting…",
    "an.paused": "Paused. Resume to let the engine think.",
    "an.over": "The game is over in this position.",
    "an.proven": "The result is proven: deeper search would not change it.",
    "an.capped": "The engine stopped to spare the battery. Resume to think longer.",
    "an.error": "The engine stopped: {error}. Resume to try again.",
    "an.stuck": "it does not answer",
    "an.noStart": "it could not start",
    "an.issue.tree-move": "The link's variations stop at move {index} ({move}): it cannot be played there.",
    "an.issue.tree-syntax": "The link's variations are garbled at character {at}; what came before is shown.",
    "an.issue.tree-too-big": "The link holds more than {limit} moves; the rest is left out.",
    "an.issue.bad-node": "The link names no move {node}; the start is shown.",
    "an.helpTitle": "How the analysis board works",
    "an.help1": "Play moves for both sides on the board. A move played where another one was already tried starts a side line, shown in brackets under the move it replaces. Click a move, or use ← and →, Home and End, to go there; ↑ and ↓ go to the other moves tried at the same place. Delete move removes the move shown and all that follows it; Make main line puts its side line first.",
    "an.help2": "The engine thinks about the position shown, in the background, deeper and deeper: the bar beside the board and the line above say who is winning, with the depth reached and the best line it found. Pause stops it, and it rests while the page is out of sight. To spare a phone's battery it stops on its own after half a minute on a position; Resume gives it more time.",
    "an.help3": "The address holds the whole analysis: copy it to keep it or share it. From any position, start a normal game against the computer or between two players. The engine analyses two-player games only.",
    "tor.an.pageTitle": "Tor analysis board",
    "tor.an.tagline": "Try turns for both sides and ask the engine",
    "tor.an.barLabel": "Who is winning: White from the bottom, Black from the top",
    "tor.an.toMove": "{player} to play. Play a turn for either side.",
    "tor.an.toMoveHand": "{player} to play, holding the {colour} token. Play a turn for either side.",
    "tor.an.help1": "Play turns for both sides on the board: the pawn, the square it steps to, then where the token in hand goes. A turn played where another one was already tried starts a side line, shown in brackets under the turn it replaces. Click a turn, or use ← and →, Home and End, to go there; ↑ and ↓ go to the other turns tried at the same place. Delete move removes the turn shown and all that follows it; Make main line puts its side line first.",
    "tor.an.help3": "The address holds the whole analysis: copy it to keep it or share it. From any position, start a normal game against the computer or between two players.",
    "learn.pageTitle": "Learn Mixtour",
    "learn.tagline": "Your first lesson: the rules in six moves, then a short game",
    "learn.step": "Step {n} of {total}",
    "learn.again": "Start this step again",
    "learn.next": "Next step",
    "learn.play": "Now play the computer",
    "learn.place.title": "Place a disc",
    "learn.place.task": "You play White. Click any empty square to place one of your discs there.",
    "learn.place.task.touch": "You play White. Tap any empty square to place one of your discs there.",
    "learn.place.other": "{action} is a move. This step asks you to place a new disc: click an empty square.",
    "learn.place.other.touch": "{action} is a move. This step asks you to place a new disc: tap an empty square.",
    "learn.place.right": "Well done: your disc stands on {action}. The discs of your reserve can be placed like this on any empty square.",
    "learn.distance.title": "Move by the height",
    "learn.distance.task": "The stack on c3 is 2 discs high, so a move onto it must come from exactly 2 squares away, in a straight line with nothing in between. Move a disc onto c3: click the disc, then click c3.",
    "learn.distance.task.touch": "The stack on c3 is 2 discs high, so a move onto it must come from exactly 2 squares away, in a straight line with nothing in between. Move a disc onto c3: tap the disc, then tap c3.",
    "learn.distance.other": "{action} is allowed, but this step asks for a move onto c3. Look for a disc exactly 2 squares away from c3.",
    "learn.distance.right": "Right: {action} came from 2 squares away, the height of c3. Any stack may be moved, whatever colour is on top.",
    "learn.score.title": "Score a point",
    "learn.score.task": "A stack of five leaves the board and scores for the colour on top. The stack on e5 is 4 high: make it five with White on top.",
    "learn.score.other": "{action} makes five with Red on top: the point, and the game, would go to Red. Try another disc.",
    "learn.score.right": "White scores: {action} made a tower of five with White on top, and here one point wins. A tower with Red on top would have scored for Red, whoever built it.",
    "learn.pass": "Pass",
    "learn.game.thinking": "The computer played {action}. Your move.",
    "learn.game.right": "You won your first game! {action} made the tower. Play on against the computer, or try a stronger level.",
    "learn.game.lost": "The computer won this one: {action} made a tower with Red on top. Press “Start this step again” for another game.",
    "learn.game.task": "A short game against the computer at level 1 (Beginner): ten discs each, and the first tower of five with your colour on top wins. You are White.",
    "learn.game.title": "Your first game",
    "learn.pass.right": "Passed: the turn goes to Red. Had Red been stuck too, the game would have been a draw.",
    "learn.pass.other": "Press Pass: White cannot place or move anything here.",
    "learn.pass.task": "White has no disc left in reserve, and no stack of the board can move. When nothing is possible, you pass: press Pass.",
    "learn.pass.title": "Pass when nothing is possible",
    "learn.takeBack.right": "Good: {action} is allowed. Only the move straight back was not, and only for this one turn.",
    "learn.takeBack.task": "Red just moved a disc from c2 onto c3. Moving the same discs straight back, c3 to c2, is not allowed on the very next turn. Try it, then make any other move.",
    "learn.takeBack.title": "No taking back",
    "learn.part.right": "Right: {action} lifted the top two discs and left the bottom one on c3.",
    "learn.part.other.touch": "{action} moved another number of discs. Lift two: tap the middle disc of c3, then d3.",
    "learn.part.other": "{action} moved another number of discs. Lift two: click the middle disc of c3, then d3.",
    "learn.part.task.touch": "You may lift the top part of a stack: tap a lower disc to lift it with the discs above it. Move the top two discs of c3 onto d3.",
    "learn.part.task": "You may lift the top part of a stack: click a lower disc to lift it with the discs above it (keys: 1 to 4 lift that many). Move the top two discs of c3 onto d3.",
    "learn.part.title": "Move part of a stack",

    // -- the game library and the computer player's health (web/js/library.js, web/js/ai.js)
    "save.badShape": "the saved game is not in a shape this page can read",
    "save.tooBig": "the saved data is far too large to be a game",
    "library.open": "Open",
    "library.openList": "Your games",
    "library.title": "Your games",
    "library.intro": "Every game you play or open here is kept on this device. The game on the board is saved after every move.",
    "library.eviction": "Some browsers, Safari above all, clear what a site keeps once it has not been visited for a few weeks: for a game you want to keep for good, use “Download record”.",
    "library.empty": "No games kept yet: play a move and the game is kept here.",
    "library.onBoard": "on the board",
    "library.opened": "Game opened from your games.",
    "library.delete": "Delete",
    "library.deleteLabel": "Delete {game}",
    "library.deleted": "Game deleted.",
    "library.computer": "Computer {level}",
    "library.vs": " vs ",
    "library.moves.one": "{n} move",
    "library.moves.other": "{n} moves",
    "library.forked": "This game was changed in another tab. Your moves here are kept as a separate game (see Your games).",
    "library.followed": "This game was continued in another tab: the board shows its latest position.",
    "library.deletedElsewhere": "This game was deleted in another tab. If you play on, it is kept again as a new game.",
    "library.full": "The browser's storage for this site is full: this game can no longer be saved. Delete some games in Your games.",
    "library.droppedDownload": "Download their links",
    "library.dropped.other": "Your games holds at most {max} games: the {n} oldest unfinished games were taken out to keep this one.",
    "library.dropped.one": "Your games holds at most {max} games: the oldest unfinished game was taken out to keep this one.",

    "corr.title": "Game with a friend by link",
    "corr.start": "Play a friend by link",
    "corr.startMore": "Play a friend by link, each on their own device…",
    "corr.dialogTitle": "Play a friend by link",
    "corr.dialogIntro": "You play on this device, your friend on theirs: after each move, send the link (chat, mail or QR code). No account, no server: the link holds the whole game.",
    "corr.yourSide": "You play",
    "corr.random": "Random",
    "corr.yourName": "Your name (optional)",
    "corr.saveName": "Save name",
    "corr.nameSaved": "Your next links give your name: {name}.",
    "corr.linkLabel": "The link to send",
    "corr.copy": "Copy link",
    "corr.share": "Share…",
    "corr.qrLabel": "QR code of the link: scan it with a phone's camera",
    "corr.shareTitle": "{game}: your move",
    "corr.copied": "Link copied: paste it in a message to your friend.",
    "corr.copyByHand": "Copy the link from the field.",
    "corr.helpTitle": "How games by link work",
    "corr.helpHow": "Each link carries the whole game. The page that opens it replays every move with the rules and keeps the game on that device, apart from your other games; an older link of a game you hold shows your newer game.",
    "corr.helpLimits": "Honest limits: a link can be forwarded or edited by hand. The page checks that every move is legal and that the history matches the game you hold, not who made the move.",
    "corr.helpNoHint": "No hints here: in a game by link the moves are yours and your friend's alone, as in correspondence play elsewhere.",
    "corr.full": "The browser's storage for this site is full: this game by link cannot be kept here. Copy its link to keep it, and delete some games in Your games.",
    "corr.broughtBack": "Your game by link is shown as you had it.",
    "corr.roomLeft.one": "This game's link has room for only {n} more move: a link cannot grow past that. Finish the game soon, or download its record to keep it.",
    "corr.roomLeft.other": "This game's link has room for only {n} more moves: a link cannot grow past that. Finish the game soon, or download its record to keep it.",
    "corr.linkFull": "This game's link is as long as a link can be: it takes no more moves. Download its record to keep the game; it still opens from its link.",
    "corr.followed": "This game moved on in another tab: it is shown here as it is now.",
    "corr.movedElsewhere": "This game moved on in another tab, so your move here was not kept (its link would replace the one already made there). The game is shown as it is now.",
    "corr.named": "{name} ({color})",
    "corr.you": "(you)",
    "corr.youPlay": "You play {you}.",
    "corr.watchingShort": "You are watching.",
    "corr.firstMove": "Your move: then send the link.",
    "corr.firstWait": "Waiting for {color} to begin.",
    "corr.yourMove": "your move",
    "corr.theirMove": "{color} to move",
    "corr.lastThen": "{color} played {action} — {now}.",
    "corr.lastMoveEnd": "{color} played {action}.",
    "corr.started": "Game by link set up: you play {you}. Send the link to {color}, who begins.",
    "corr.startedFirst": "Game by link set up: you play {you} and begin. Make your move, then send the link.",
    "corr.send": "Send this link to {color}",
    "corr.sendAfterMove": "Your move is made. Send this link to {color}",
    "corr.notYourTurn": "It is {color}'s turn: wait for their link.",
    "corr.watching": "You are watching this game: the players move in their own browsers.",
    "corr.finished": "This game is over.",
    "corr.reviewing": "Go to the last move to play (the move list, or End).",
    "corr.older.one": "This link is older than the game you have: it is {n} move behind. Your newer game is shown.",
    "corr.older.other": "This link is older than the game you have: it is {n} moves behind. Your newer game is shown.",
    "corr.refused": "This link cannot be opened: {why}. Nothing you had was changed.",
    "corr.listTitle": "Games by link",
    "corr.listEmpty": "No games by link yet.",
    "corr.with": "With {opponents}",
    "corr.why.not-correspondence": "it is not a link to a game by link",
    "corr.why.too-long": "it is too long",
    "corr.why.version": "it was made by a newer version of the site (format {version})",
    "corr.why.damaged": "it was cut short or changed on the way",
    "corr.why.bad-field": "its part '{key}' is wrong",
    "corr.why.bad-start": "its start position is wrong",
    "corr.why.bad-action": "its move {index} is not a move",
    "corr.why.illegal": "its move {index} ({action}) is not legal: {why}",
    "corr.why.after-end": "its move {index} ({action}) comes after the end of the game",
    "corr.why.wrong-sender": "it says {sender} sent it, but its last move is {color}'s",
    "corr.why.other-game": "it is a link of another game ({game})",
    "corr.why.wrong-game": "it is a game of {game}, which this page does not play",
    "corr.why.changed": "its move {index} differs from the game you have: its history was changed",
    "corr.why.your-move": "its move {index} ({action}) was made for {color}, the colour you play",
    "corr.why.other-start": "it changes how the game was set up",
    "files.recordLoaded.one": "Record loaded: {n} action",
    "files.recordLoaded.other": "Record loaded: {n} actions",
    "ai.unavailable": "The computer player cannot run in this browser right now. Play on with people at every seat, or try again.",
    "ai.retry": "Try again",
    "ai.humans": "Play without the computer",
    "msg.aiHumans": "Every seat is now played by a person.",
    // Play without sight (h6-a11y): text board, command box, announcements, keys help.
    "a11y.skip": "Play by text: the text board and the command box",
    "a11y.title": "Text board and commands",
    "a11y.gridHelp": "One cell per square, read as text. Arrows move between squares; Enter or Space enters a disc, lifts discs (again: one more) or drops them on a target; 1 to 4 lift that many; Esc puts them back.",
    "a11y.grid": "Text board, rank {rank} at the top, file {file} on the left",
    "a11y.gridFlipped": "Text board, turned round: rank {rank} at the top, file {file} on the left",
    "a11y.commandLabel": "Move or command",
    "a11y.commandGo": "Go",
    "a11y.commandHelp": "A move such as c3, c4-d3, c4:3-d3 or pass, or a command: board, whose turn, last, legal c4, undo, redo, help.",
    "a11y.logTitle": "What happened",
    "a11y.lifted": "{discs} lifted",
    "a11y.target": "target",
    "a11y.liftedFrom": "{discs} lifted from {square}; targets: {targets}",
    "a11y.computerTurn": "{color} is played by the computer: wait for its move",
    "say.single": "{square}, 1 disc: {color}",
    "say.enter": "{color} enters a disc on {square}",
    "say.move": "{color} moves {discs} from {from} to {to}",
    "say.height": "{square} is now {height} high",
    "say.scores": "{square} is now {height} high: {color} scores",
    "say.pass": "{color} passes",
    "say.win": "{color} wins: first to {target} {points}",
    "say.boardEmpty": "The board is empty",
    "say.emptyCount": "Empty squares: {n}",
    "cmd.help": "help|?",
    "cmd.board": "board",
    "cmd.turn": "whose turn|turn",
    "cmd.last": "Last action: {words}",
    "cmd.legal": "legal",
    "cmd.undo": "undo",
    "cmd.redo": "redo",
    "cmd.pass": "pass",
    "cmd.helpText": "Type a move: c3 enters a disc on c3, c4-d3 moves the top disc of c4 to d3, c4:3-d3 moves the top 3 discs, pass passes. Commands: board (the whole board), whose turn, last (the last action), legal (every possible action), legal c4 (what c4 can do), undo, redo, help.",
    "cmd.unknown": "“{text}” is neither a move nor a command. Type help for the list.",
    "cmd.noLast": "No action has been played yet",
    "cmd.nothingToUndo": "There is nothing to undo",
    "cmd.nothingToRedo": "There is nothing to redo",
    "cmd.legalEnter": "Entering: on {n} empty squares.",
    "cmd.legalMoves": "Moves: {moves}.",
    "cmd.legalPass": "Passing is the only action.",
    "cmd.badSquare": "“{text}” is not a square: squares go from {first} to {last}",
    "cmd.canEnter": "{square} is empty: a disc can be entered there",
    "cmd.countTo": "{discs} to {targets}",
    "cmd.from": "From {square}: {options}",
    "keys.open": "Keys",
    "keys.title": "Keys",
    "keys.boardTitle": "On the board",
    "keys.arrows": "Move the cursor from square to square.",
    "keys.enter": "Enter",
    "keys.space": "Space",
    "keys.esc": "Esc",
    "keys.home": "Home",
    "keys.end": "End",
    "keys.ctrl": "Ctrl",
    "keys.tab": "Tab",
    "keys.choose": "On an empty square: enter a disc. On a stack: lift its top disc; press again to lift one more. On a target: drop the lifted discs there.",
    "keys.count": "Lift that many discs off the top of the stack under the cursor.",
    "keys.cancel": "Put the lifted discs back.",
    "keys.textTitle": "On the text board",
    "keys.rowEnds": "First or last square of the row.",
    "keys.corners": "First or last square of the board.",
    "keys.textSame": "The arrows, Enter, Space, 1 to 4 and Esc work there as on the board. Each square is read as its name, its height and its discs from bottom to top.",
    "keys.commandTitle": "In the command box",
    "keys.pageTitle": "Anywhere",
    "keys.help": "Show this list.",
    "keys.tabDo": "Go to the next control: the board, the buttons, the text board, the command box.",
    "keys.history": "Bring back the lines typed before.",

    // board (h3-board)
    "settings.heights": "Show the height of stacks of two or more discs",
    "embed.sandboxed": "This board needs a frame that allows it its own storage: the page that shows it must add allow-same-origin to the iframe's sandbox. Open it in the Mixtour app instead.",
    "embed.engineLost": "The engine did not answer. Reload the page to try again; the board keeps what it shows.",

    // what is wrong with a link (mixtour/mixtour/link.py LinkIssue ids; English as the engine words it)
    "linkIssue.too-long": "the link is too long",
    "linkIssue.reread": "the link's '&' and '=' were percent-encoded (%26, %3D); read as if they were not",
    "linkIssue.no-value": "link parameter '{key}' has no value",
    "linkIssue.twice": "link parameter '{key}' is given twice (the first is used)",
    "linkIssue.unknown-key": "unknown link parameter '{key}' (ignored)",
    "linkIssue.more-unknown": "{count} more unknown link parameters (ignored)",
    "linkIssue.bad-position": "bad position in the link: {detail}",
    "linkIssue.bad-action": "action {index} of the link ('{action}') cannot be played: {detail}",
    "linkIssue.ply-past-end": "ply {ply} is past the end of the game ({actions} actions)",
    "linkIssue.ply-not-number": "ply '{ply}' is not a number",
    "linkIssue.bad-flip": "flip '{value}' must be 0 or 1",
    "linkIssue.bad-ai": "AI level '{value}' must be 1 to 6",

    // Tor's game page and embed
    "tor.title": "Tor",
    "tor.tagline": "Step, give a token, leave your opponent no move",
    "tor.credit": "Tor by Alain Couchot and Bernard Klein",
    "tor.board": "Tor board",
    "tor.boardLoading": "Tor board (loading)",
    "tor.player.w": "White",
    "tor.player.b": "Black",
    "tor.colour.B": "blue",
    "tor.colour.R": "red",
    "tor.colour.O": "orange",
    "tor.colour.Y": "yellow",
    "tor.turn": "{player} to play",
    "tor.turnHand": "{player} to play, holding the {colour} token",
    "tor.step.place": "Place a pawn on a highlighted square.",
    "tor.step.pawn": "Choose one of your pawns to move.",
    "tor.step.to": "Choose where the pawn steps.",
    "tor.step.token": "Place the {colour} token on a highlighted square.",
    "tor.step.wait": "Wait for the computer's move.",
    "tor.step.browsing": "An earlier position: the computer plays on from the end of the game (Redo, or the last move in the list).",
    "tor.rv.help": "The computer searches every position of the game to the same depth, in the background. Each move is compared with its best move by how much of the game it gave away: a little is an inaccuracy (?!), more a mistake (?), a lot a blunder (??); a move after which the opponent can leave you no step at once is always a blunder. The graph shows who was winning after each move; click it, or a move, to see that position, with the better move drawn on the board.",
    "tor.result.w-wins": "White wins: Black cannot move.",
    "tor.result.b-wins": "Black wins: White cannot move.",
    "tor.result.draw-repetition": "Draw: the same position occurred for the third time.",
    "tor.msg.refused": "{action} is not possible: {reason}",
    "tor.msg.played": "{player} played {action}.",
    "tor.msg.hint": "Hint: {action}",
    "tor.msg.copied": "Link copied.",
    "tor.new.opponent": "Opponent",
    "tor.new.computer": "The computer",
    "tor.new.friend": "A friend on this device",
    "tor.new.demo": "The computer against itself",
    "tor.new.level": "Level",
    "tor.new.side": "You play",
    "tor.new.layout": "Tokens",
    "tor.new.standard": "Standard layout",
    "tor.new.random": "Random layout",
    "tor.level": "Computer {level}",
    "tor.start.level": "Level {level}",
    "tor.msg.friendsStarted": "New game for two at this screen. White begins; take turns.",
    "tor.msg.computerStarted": "New game against Computer {level}. You play White: place a pawn.",
    "tor.start.other": "Or play Mixtour",
    "tor.start.learn": "Learn to play: a short lesson",
    "tor.learn.pageTitle": "Learn Tor",
    "tor.learn.tagline": "Your first lesson: the rules in four turns, then a short game",
    "tor.learn.place.title": "Place a pawn",
    "tor.learn.place.task": "You play White. Each player sets down two pawns, one at a time. Click a lit square to put your first pawn there.",
    "tor.learn.place.right": "Your pawn stands on {action}. The colour of its square is now closed to Black: no black pawn may go onto that colour while yours stands there.",
    "tor.learn.step.title": "Step a pawn",
    "tor.learn.step.task": "The four pawns are down. On your turn, step one pawn to a neighbouring square, straight or diagonal. Only the lit squares are open: a colour under a black pawn is closed to you. Click a pawn, then where it goes.",
    "tor.learn.step.right": "{action}: the top token of the square you left went to Black, who must put it back on the board next turn. A square whose last token goes is gone for good.",
    "tor.learn.hand.title": "Put back a token",
    "tor.learn.hand.task": "Black gave you a red token (see the box beside the board). Step a pawn, then put the token on a lit square: one token only, no pawn, and not red.",
    "tor.learn.hand.right": "{action}: the token lies on top there, so that square has two tokens now and takes its new colour.",
    "tor.learn.win.title": "Hem in the opponent",
    "tor.learn.win.task": "A player who cannot step on his turn loses. Find the turn after which neither black pawn has a square to step to.",
    "tor.learn.win.right": "{action} wins: Black has no step left.",
    "tor.learn.win.other": "{action} leaves Black a step. Look at the squares around the black pawns: which one can you take away, or close with a colour?",
    "tor.learn.game.title": "A short game",
    "tor.learn.game.task": "Now play it out against the computer at level 1, from this position. Hem in both black pawns to win.",
    "tor.learn.game.right": "You won! {action} left Black without a step. You are ready for a whole game.",
    "tor.learn.game.lost": "The computer won this one: after {action} no white pawn could step. Press “Start this step again” for another game.",
    "tor.seats": "{white} against {black}",
    "tor.person": "Player",
    "tor.files.paste": "Paste a record (actions like 1. c3 d5 2. b6 e2 3. c3-d4@e6, headers optional):",
    "tor.files.fileHelp": "A .txt file saved with Download record",
    "tor.keys.choose": "Choose the square under the cursor: where to place a pawn, your pawn to move, the square it steps to, then the square for the token in your hand.",
    "tor.keys.cancel": "Go back one step of the turn you are building.",
    "tor.a11y.gridHelp": "One cell per square, read as text. Arrows move between squares; Enter or Space chooses the square as on the board: where to place a pawn, the pawn to move, where it steps, then where the token in your hand goes; Esc goes back one step.",
    "tor.a11y.commandHelp": "An action such as c3, c3-d4 or c3-d4@e6, or a command: board, whose turn, last, legal, legal c3, legal c3-d4, undo, redo, help.",
    "tor.a11y.chosen": "chosen",
    "tor.a11y.mark.place": "a pawn can go here",
    "tor.a11y.mark.pawn": "this pawn can step",
    "tor.a11y.mark.to": "the pawn can step here",
    "tor.a11y.mark.token": "the token can go here",
    "tor.a11y.pawnChosen": "Pawn on {square} chosen; it can step to {targets}",
    "tor.a11y.stepChosen": "{from} to {to} chosen; the {colour} token can go onto {targets}",
    "tor.say.place": "{player} places a pawn on {square}",
    "tor.say.step": "{player} steps from {from} to {to}",
    "tor.say.give": "{player} gets the {colour} token of {square}",
    "tor.say.gone": "{square} is empty for the rest of the game",
    "tor.say.under": "{square} is {colour} now",
    "tor.say.put": "the {colour} token goes onto {square}",
    "tor.say.lost": "the {colour} token leaves the game: no square can take it",
    "say.sep": "; ",
    "tor.say.pawns": "{player}'s pawns: {squares}",
    "tor.say.noPawns": "No pawn stands on the board yet",
    "tor.say.rank": "Rank {rank}: {squares}",
    "tor.say.one": "{file} {colour}",
    "tor.say.two": "{file} {colour} on {below}",
    "tor.say.empty": "{file} empty",
    "tor.cmd.helpText": "Type an action: c3 places a pawn on c3, c3-d4 steps the pawn on c3 to d4, c3-d4@e6 also puts the token in your hand on e6. Commands: board (the whole board), whose turn, last (the last action), legal (every possible action), legal c3 (where the pawn on c3 can step), legal c3-d4 (where the token can go after that step), undo, redo, help.",
    "tor.cmd.legalPlace": "A pawn can be placed on {squares}.",
    "tor.cmd.legalSteps": "Steps: {steps}.",
    "tor.cmd.pawnSteps": "{square} to {targets}",
    "tor.cmd.legalToken": "Then the {colour} token goes onto a square: legal with a step, such as legal c3-d4, says which.",
    "tor.cmd.canPlace": "A pawn can be placed on {square}",
    "tor.cmd.steps": "The pawn on {square} can step to {targets}",
    "tor.cmd.noSteps": "Nothing can be chosen on {square} now",
    "tor.cmd.places": "After {step}, the {colour} token can go onto {squares}",
    "tor.cmd.whole": "{step} is a whole turn: no token is placed after it",
    "tor.cmd.pawnOnly": "{text} is only the pawn: type where it steps too, as in {example}",
    "tor.msg.newGame": "New game: {white} against {black}",
    "tor.keys.textSame": "The arrows, Enter, Space and Esc work there as on the board. Each square is read as its name, its tokens and the pawn on it.",
    "tor.embed.open": "Open this game in the Tor app",
    "torReason.game-over": "the game is over",
    "torReason.not-an-action": "that is not an action",
    "torReason.link-full": "this game's link is as long as a link can be: it takes no more moves",
    "torReason.placing": "the pawns are not all on the board yet: place a pawn on a square",
    "torReason.moving": "your two pawns are on the board: move one of them",
    "torReason.empty": "{square} is empty",
    "torReason.pawn-there": "{owner}'s pawn already stands on {square}",
    "torReason.closed": "{colour} is closed to you: {owner}'s pawn on {square} stands on {colour}",
    "torReason.not-your-pawn": "you have no pawn on {square}",
    "torReason.not-neighbour": "your pawn on {frm} cannot reach {to}: it steps to one of its eight neighbours",
    "torReason.no-hand": "you hold no token to place",
    "torReason.must-place": "you must place the {colour} token you hold: {square}, for one, can take it",
    "torReason.place-empty": "{square} is empty: a token goes only onto a square with exactly one token",
    "torReason.place-full": "{square} already holds two tokens",
    "torReason.place-pawn": "a pawn stands on {square}: a token goes only onto a square without a pawn",
    "torReason.same-colour": "you must place the {colour} token on a square of another colour ({square} is {colour})",
    "torReason.pawn-stuck": "your pawn on {square} has no square to step to",
    "tor.cursor": "{square}: {what}",
    "tor.cursor.empty": "no token",
    "tor.cursor.one": "{colour} token",
    "tor.cursor.two": "{colour} token on {below}",
    "tor.cursor.pawn": "{player}'s pawn",

    // Tor's rules in three lines, on its game page
    "tor.summary.title": "Tor in three lines",
    "tor.summary.move": "Each player sets down two pawns. Then, on your turn, step a pawn to one of the eight squares around it that holds a token and no pawn, and whose colour is not under one of your opponent's pawns.",
    "tor.summary.tokens": "The top token of the square you left goes to your opponent; the token you were handed goes onto a square with a single token of another colour.",
    "tor.summary.end": "A player who cannot move loses.",

    // Tor's puzzles (tor-puzzles.html): the words that are Tor's own; the rest are puzzles.*
    "tor.puzzles.pageTitle": "Tor puzzles",
    "tor.puzzles.tagline": "Leave your opponent no move: puzzles made by our engine",
    "tor.puzzles.task.win1": "{color} to play: in one move, leave {opponent} no pawn that can step.",
    "tor.puzzles.task.win": "{color} to play and win in {n} moves: hem {opponent} in, whatever {opponent} answers.",
    "tor.puzzles.solved": "Solved! After {move}, {opponent} cannot move.",
    "tor.puzzles.wrong.wins": "{move} is not it: {opponent} answers {reply}, and none of your pawns can step.",
    "tor.puzzles.wrong.escape.one": "{move} is not it: after {opponent}'s {reply} you cannot hem {opponent} in within {n} move.",
    "tor.puzzles.wrong.escape.other": "{move} is not it: after {opponent}'s {reply} you can no longer hem {opponent} in within {n} moves.",
    "tor.puzzles.help1": "Each puzzle is a position from a game the engine played against itself. A move is a whole turn: click your pawn, the square it steps to, then, if you hold a token, the square where it goes. When the puzzle asks for several moves, the engine plays the opponent's best defence, and you go on.",
    "tor.puzzles.help2": "Win in 1, 2 or 3: within that many of your moves, leave the opponent no pawn that can step, whatever he answers. The engine has proved every puzzle, and its solution is the only one at each step, down to where the token goes. A wrong move shows the opponent's answer.",
    "tor.puzzles.help3": "Your rating starts at 1200 and moves with your first try at each puzzle, as in chess ratings; the streak counts puzzles solved in a row. They are kept in this browser only, apart from your Mixtour puzzles.",

    // the games of the site, and the way from one to the other
    "games.label": "Games on this site",
    "games.title": "Games:",
    "games.mixtour": "Mixtour",
    "games.tor": "Tor",
    "games.startTor": "Or play Tor",
  },
};

/** The languages offered, each named in itself. */
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "fr", name: "Français" },
  { code: "de", name: "Deutsch" },
];
const STORAGE_KEY = "mixtour.language";

let language = "en";

/** @param {unknown} code */
const offered = (code) => LANGUAGES.some((known) => known.code === code);

/**
 * Set the interface language, if its table is loaded (else English; see useLanguage).
 * @param {string} code
 */
export function setLanguage(code) {
  language = Object.hasOwn(STRINGS, code) ? code : "en";
  if (!GUEST) document.documentElement.lang = language;
}

/**
 * Load a language's table if need be, then set it. A table that cannot be
 * fetched (offline before the site was ever cached) leaves the page in English.
 * @param {string} code
 */
export async function useLanguage(code) {
  if (!Object.hasOwn(STRINGS, code) && Object.hasOwn(TABLES, code)) {
    try {
      STRINGS[code] = (await TABLES[code]()).default;
    } catch (error) {
      console.warn(`language ${code}:`, error);
    }
  }
  setLanguage(code);
}

/** The language in use: "en", "fr" or "de". */
export function currentLanguage() {
  return language;
}

/**
 * The language the page starts in: its own where it is written in one
 * (<html lang="fr" data-fixed-language>: a rules page), else the player's.
 */
function startLanguage() {
  const root = document.documentElement;
  if (root.hasAttribute("data-fixed-language") && offered(root.lang)) return root.lang;
  if (GUEST) {
    // another site's page: its own language where we have it, else the browser's
    const own = root.lang.toLowerCase().split("-")[0];
    return offered(own) ? own : browserLanguage();
  }
  return preferredLanguage();
}

/** ?lang=, else the player's saved choice, else the browser's first language we have, else English. */
export function preferredLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && offered(asked)) return asked;
  let saved = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage blocked (private mode, sandboxed frame): ask the browser only
  }
  if (saved && offered(saved)) return saved;
  return browserLanguage();
}

/** The browser's first language we have, else English. */
function browserLanguage() {
  for (const tag of navigator.languages ?? [navigator.language ?? ""]) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (offered(code)) return code;
  }
  return "en";
}

/**
 * A <select> of LANGUAGES: choosing one saves it and reloads the page, which
 * comes back in that language with the game as it was (it is saved after
 * every change).
 */
/** @param {HTMLSelectElement} select */
export function languagePicker(select) {
  select.replaceChildren(
    ...LANGUAGES.map(({ code, name }) => {
      const option = new Option(name, code, false, code === language);
      option.lang = code;
      return option;
    }),
  );
  select.addEventListener("change", () => {
    try {
      localStorage.setItem(STORAGE_KEY, select.value);
    } catch {
      return; // nowhere to keep the choice: stay as we are
    }
    location.reload();
  });
}

/**
 * Why the engine refused an action, in the page's language: answer.reason
 * ({id, args}, from the bridge) worded by this table, or the engine's own
 * English answer.message.
 * @param {{reason?: Bridge.Reason, message?: string | null} | null | undefined} answer
 */
export function reasonText(answer) {
  const reason = answer?.reason;
  if (!reason || language === "en" || !Object.hasOwn(STRINGS[language], `reason.${reason.id}`)) {
    return answer?.message ?? "";
  }
  return wordReason(reason);
}

/**
 * What was wrong with a link, one line per problem, in the page's language:
 * answer.issues ({id, args}, mixtour/mixtour/link.py's LinkIssue) worded by this
 * table, or the engine's English answer.problems where a wording is missing.
 * The engine's own words about a bad position stay as they are (in English).
 * @param {{problems: string[], issues?: Bridge.Reason[]}} answer
 * @returns {string[]}
 */
export function linkProblems(answer) {
  const issues = answer.issues ?? [];
  return answer.problems.map((english, i) => {
    const issue = issues[i];
    if (!issue || language === "en" || !Object.hasOwn(STRINGS[language], `linkIssue.${issue.id}`)) {
      return english;
    }
    /** @type {{[name: string]: unknown}} */
    const values = { ...issue.args };
    const why = issue.args.why;
    if (why && typeof why === "object") {
      if (!Object.hasOwn(STRINGS[language], `reason.${why.id}`)) return english;
      values.detail = wordReason(why);
    } else if (issue.id === "bad-action") {
      values.detail = t("reason.not-an-action"); // the text is not an action at all
    }
    return t(`linkIssue.${issue.id}`, values);
  });
}

/**
 * @param {Bridge.Reason} reason
 * @returns {string}
 */
function wordReason({ id, args }) {
  /** @type {{[name: string]: unknown}} */
  const values = { ...args };
  /** @param {unknown} n */
  const distance = (n) => (n === 1 ? t("reason.squares.one") : t("reason.squares.many", { n }));
  if (typeof args.color === "string") values.player = colorName(args.color);
  if (typeof args.blockers === "string") values.blockers = wordList(args.blockers.split(","));
  if (typeof args.count === "number") {
    values.discs = args.count === 1 ? t("reason.discs.one") : t("reason.discs.many", { count: args.count });
  }
  if (id === "distance") {
    values.squares = distance(args.height);
    values.fromSquares = distance(args.distance);
  }
  if (args.why && typeof args.why === "object") values.why = wordReason(args.why);
  return t(id === "too-many" && args.height === 1 ? "reason.too-many.one" : `reason.${id}`, values);
}

/**
 * "b3", "b3 and c3", "b3, c3 and d3" in the page's language.
 * @param {string[]} items
 */
function wordList(items) {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")}${t("reason.and")}${items.at(-1)}`;
}

/** Whether the page is used by touch (no hovering pointer): its words say "tap". */
const TOUCH = typeof matchMedia === "function" && matchMedia("(hover: none) and (pointer: coarse)").matches;

/**
 * The string `id` in the current language with {placeholders} filled in.
 * @param {string} id
 * @param {{[name: string]: unknown}} [params]
 */
export function t(id, params = {}) {
  const table = STRINGS[language];
  // On a touch screen a text that has a ".touch" wording says "tap", not "click".
  const touchId = `${id}.touch`;
  if (TOUCH && (Object.hasOwn(table, touchId) || (!Object.hasOwn(table, id) && Object.hasOwn(STRINGS.en, touchId)))) {
    id = touchId;
  }
  const text = Object.hasOwn(table, id) ? table[id] : STRINGS.en[id] ?? id;
  return text.replace(/\{(\w+)\}/g, (/** @type {string} */ whole, /** @type {string} */ key) =>
    Object.hasOwn(params, key) ? String(params[key]) : whole,
  );
}

/**
 * A count in words, in the plural form of the page's language (Intl.PluralRules):
 * plural("library.moves", 1) reads "library.moves.one", else ".other" (or
 * ".few", ".many"... where a language has them and its table words them).
 * @param {string} id
 * @param {number} n
 * @param {{[name: string]: unknown}} [params]
 */
export function plural(id, n, params = {}) {
  const form = `${id}.${new Intl.PluralRules(language).select(n)}`;
  const key = Object.hasOwn(STRINGS[language], form) || Object.hasOwn(STRINGS.en, form) ? form : `${id}.other`;
  return t(key, { n, ...params });
}

/**
 * The name of a colour letter: "w" -> "White".
 * @param {string} letter
 */
export function colorName(letter) {
  return t(`color.${letter}`);
}

await useLanguage(startLanguage());

/** The rules page in each language. @type {{[language: string]: string}} */
export const RULES_PAGES = { en: "./rules.html", fr: "./rules.fr.html", de: "./rules.de.html" };
/** Tor's rules page in each language. @type {{[language: string]: string}} */
export const TOR_RULES_PAGES = { en: "./tor-rules.html", fr: "./tor-rules.fr.html", de: "./tor-rules.de.html" };

/**
 * Fill every element carrying data-i18n (textContent) or data-i18n-label
 * (aria-label), and point links marked data-rules-link at the rules in this
 * language (data-rules-link="tor": Tor's rules).
 */
/** @param {ParentNode} root */
export function translatePage(root = document) {
  for (const link of root.querySelectorAll("a[data-rules-link]")) {
    if (!(link instanceof HTMLAnchorElement)) continue;
    const pages = link.dataset.rulesLink === "tor" ? TOR_RULES_PAGES : RULES_PAGES;
    link.href = pages[language] ?? pages.en;
    link.hreflang = language;
  }
  for (const el of root.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.getAttribute("data-i18n") ?? "");
  }
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.getAttribute("data-i18n-label") ?? ""));
  }
}
