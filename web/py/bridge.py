"""The page's bridge to the engine: one :class:`Bridge` owns the :class:`Game`.

Every public method takes plain values (text, numbers) and returns a JSON
string, so the JavaScript side gets the same data under PyScript as a test
gets under CPython. The JavaScript never derives a rule: what is legal, why
an action is not, and how the game stands all come from here.

>>> import json
>>> b = Bridge()
>>> json.loads(b.play("c3"))["ok"]
True
>>> view = json.loads(b.state())
>>> view["fen"], view["turn"], view["reserves"]
('5/5/2,w,2/5/5 r 19/20 0/0 1 c3', 'r', [19, 20])
>>> json.loads(b.play("c3"))["message"]
'c3: c3 is occupied: a disc can only be entered on an empty square'
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Mapping
from typing import Any, cast

from contract import (
    ActionView,
    Color,
    CorrStarted,
    CorrStartedJson,
    Explained,
    ExplainedJson,
    Fragment,
    FragmentJson,
    Loaded,
    LoadedJson,
    LoadedLink,
    LoadedLinkJson,
    Played,
    PlayedJson,
    Reason,
    Refuted,
    RefutedJson,
    Rules,
    RulesJson,
    Snapshot,
    Status,
    View,
)
from corr_part import LINK_FULL
from page_part import PagePart

from mixtour.mixtour.core import (
    COLORS,
    MAX_HEIGHT,
    NO_ACTION,
    PASS,
    Action,
    IllegalActionError,
    MixtourError,
    Position,
    default_discs,
)
from mixtour.mixtour.core import Reason as RuleReason
from mixtour.mixtour.correspondence import CorrespondenceError, CorrespondenceGame
from mixtour.mixtour.game import Game
from mixtour.mixtour.link import format_link, parse_link, parse_seats

__all__ = ["Bridge"]

NUM_SQUARES = 25


def _dump(data: Mapping[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


def _color(player: int) -> Color:
    return cast(Color, COLORS[player])


def _action_view(code: int) -> ActionView | None:
    """A played action as the board draws it (:meth:`Action.as_dict`), or None."""
    return None if code == NO_ACTION else cast(ActionView, Action(code).as_dict())


def _reason(reason: RuleReason) -> Reason:
    """An engine :class:`Reason` as data (``{"id", "args"}``)."""
    return cast(Reason, reason.as_dict())


def rules() -> RulesJson:
    """The engine's set-up numbers a form needs, so the page never writes its own:
    ``{"maxHeight": 4, "defaultDiscs": {"2": 20, "3": 15}}`` (R6, R1, R10)."""
    numbers = Rules(maxHeight=MAX_HEIGHT, defaultDiscs={str(n): default_discs(n) for n in (2, 3)})
    return _dump(numbers)


class Bridge(PagePart[Game, View, Loaded, Snapshot, Played]):
    """The game shown on the page and the functions the page calls (those
    written once for every game are :class:`page_part.PagePart`'s)."""

    game_class = Game

    # -- reading ---------------------------------------------------------------

    def view(self) -> View:
        """Everything the page shows, as plain data."""
        game = self.game
        pos = game.position
        players = pos.players
        result = game.result
        legal = pos.legal_actions()
        enter: list[int] = []
        moves: dict[str, dict[str, list[int]]] = {}
        for code in legal:
            if code < NUM_SQUARES:
                enter.append(code)
            elif code != PASS:
                action = Action(code)
                per_count = moves.setdefault(str(action.frm), {})
                per_count.setdefault(str(action.count), []).append(action.to)
        for per_count in moves.values():
            for targets in per_count.values():
                targets.sort()
        played = [str(a) for a in game.actions()]
        movers = [_color(c) for c in game.movers()]
        return {
            "fen": game.fen(),
            "players": players,
            "colors": [_color(c) for c in range(players)],
            "turn": _color(pos.turn),
            "stacks": list(pos.stacks),
            "reserves": list(pos.reserves),
            "scores": list(pos.scores),
            "target": pos.target,
            "discs": pos.discs,
            "last": _action_view(pos.last),
            "status": cast(Status, result.code),
            "over": result.is_over,
            "winner": None if result.winner is None else _color(result.winner),
            "result": result.describe() if result.is_over else "",
            "scoreText": result.score_text,
            "mustPass": legal == [PASS],
            "ply": game.ply,
            "moves": played,
            "future": [str(a) for a in game.future()],
            # Who made each action of moves + future (a pass hands the turn back, R10).
            "movers": movers,
            "canUndo": game.can_undo,
            "canRedo": game.can_redo,
            # Whether the whole line (moves and future) ends the game: a finished
            # game looked back at is read-only (web/js/app.js).
            "finished": game.final_result.is_over,
            "legal": {"enter": enter, "moves": moves, "pass": PASS in legal},
            "corr": self.corr.id if self.corr is not None else None,
        }

    def explain(self, text: str) -> ExplainedJson:
        """``{"legal": true}`` or ``{"legal": false, "message": why, "reason": ...}``
        for an action in N1. ``message`` is English; ``reason`` is the engine's
        :class:`Reason` as data (``{"id", "args"}``) for other languages, absent
        when the text is not an action at all."""
        try:
            why = self.game.why_not(text)
        except MixtourError as error:
            return _dump(Explained(legal=False, message=str(error)))
        if why is None:
            return _dump(Explained(legal=True, message=None))
        return _dump(Explained(legal=False, message=str(why), reason=_reason(why)))

    def explain_lift(self, square: int, count: int) -> ExplainedJson:
        """Why the top ``count`` discs of ``square`` have no legal move (or legal: true)."""
        reason = self.game.position.why_stuck(int(square), int(count))
        if reason is None:
            return _dump(Explained(legal=True, message=None))
        return _dump(Explained(legal=False, message=str(reason), reason=_reason(reason)))

    def refute(self, kind: str, left: int) -> RefutedJson:
        """The puzzles page: the opponent's best answer to the wrong move just
        played (the game's position, opponent to move), when the solver had
        ``left`` moves to win (``kind`` "win") or one move to save the game
        (``kind`` "defend"). See :func:`mixtour.mixtour.ai.puzzles.refute`."""
        # Imported here: only the puzzles page asks, and the game page starts faster without.
        from mixtour.mixtour.ai.puzzles import MAX_LENGTH, refute

        pos = self.game.position
        moves = left if isinstance(left, int) and not isinstance(left, bool) else 0
        if kind not in ("win", "defend") or not 1 <= moves <= MAX_LENGTH or pos.players != 2:
            return _dump(Refuted(reply=None, outcome="error", moves=0))
        answer = refute(pos, kind, moves)
        outcome = cast(Any, answer.outcome)
        return _dump(Refuted(reply=answer.reply, outcome=outcome, moves=answer.moves))

    # -- changing ----------------------------------------------------------------

    def play(self, text: str) -> PlayedJson:
        """Play an action in N1.

        Returns ``{"ok": true, "action": text, "state": view}`` or
        ``{"ok": false, "message": why}``, with ``"action"`` and ``"reason"`` (as
        in :meth:`explain`) when the rules refuse a well-formed action. In a
        correspondence game whose link is as long as a link may be, no action.
        """
        if self._corr_full():
            return _dump(Played(ok=False, message=LINK_FULL))
        try:
            action = self.game.play(text)
        except IllegalActionError as error:
            answer = Played(ok=False, message=str(error))
            if error.reason is not None:
                answer["reason"] = _reason(error.reason)
                answer["action"] = str(Action.parse(text))
            return _dump(answer)
        except MixtourError as error:
            return _dump(Played(ok=False, message=str(error)))
        return _dump(Played(ok=True, action=str(action), state=self.view()))

    def new_game(self, players: int, discs: int, target: int) -> LoadedJson:
        """Start a new game; ``{"ok": false, "message": ...}`` on a bad setting."""
        try:
            game = Game.new(int(players), int(discs), int(target))
        except (MixtourError, ValueError, TypeError) as error:
            return _dump(Loaded(ok=False, message=str(error)))
        self.game = game
        return _dump(Loaded(ok=True, state=self.view()))

    def load(self, fen: str, actions: str = "") -> LoadedJson:
        """Set up a game from a position string (P1) and actions in N1 separated by spaces."""
        try:
            Position(fen)  # a clear error for a bad position before replaying
            game = Game(fen, actions.split())
        except MixtourError as error:
            return _dump(Loaded(ok=False, message=str(error)))
        self.game = game
        return _dump(Loaded(ok=True, state=self.view()))

    # -- sharing: links (pictures and records are the part's) --------------------------

    def load_link(self, fragment: str) -> LoadedLinkJson:
        """Show what a link fragment (``#p=...&m=...``) describes.

        Never fails: ``{"state": view, "flip": bool, "ai": level or null,
        "seats": {colour: level} or null, "problems": [text, ...], "issues":
        [{"id", "args"}, ...]}``, where the state is the valid part of the link
        (``seats`` from ``ai=r3``) and ``issues`` are the problems as data.
        """
        link = parse_link(fragment if isinstance(fragment, str) else "")
        self.game = link.game
        shown = LoadedLink(
            state=self.view(),
            flip=link.flip,
            ai=link.ai,
            seats=link.seats,
            problems=link.problems,
            issues=[cast(Reason, issue.as_dict()) for issue in link.issues],
        )
        return _dump(shown)

    def link(
        self,
        whole_game: bool = True,
        flip: bool = False,
        ai: int | None = None,
        preview: bool = False,
        seats: str = "",
    ) -> FragmentJson:
        """``{"fragment": text}``: the link (without ``#``) to the game or its
        position; ``preview`` adds the shown position for embeds (``at=``);
        ``seats`` (``"r3"``: the computer's seats, as in links) wins over ``ai``."""
        level = int(ai) if isinstance(ai, int | float) and 1 <= ai <= 6 else None
        fragment = format_link(
            self.game,
            whole_game=bool(whole_game),
            flip=bool(flip),
            ai=level,
            preview=bool(preview),
            seats=parse_seats(seats) if isinstance(seats, str) else None,
        )
        return _dump(Fragment(fragment=fragment))

    # -- games by link: the game's own set-up; the rest is corr_part.py's ------------

    def corr_new(
        self, players: int, discs: int, target: int, color: str, name: str = "", id: str = ""
    ) -> CorrStartedJson:
        """Set up a correspondence game: ``color`` (``w``, ``r``, ``b`` or ``random``)
        is the colour this page's player takes, ``name`` their name; ``id`` is
        drawn at random unless given (tests). The link is ready at once: when
        the player is not White, it goes to White before any action."""
        try:
            count = int(players)
            colors = COLORS[:count]
            you = random.choice(colors) if color == "random" else color
            if not isinstance(you, str) or you not in colors:
                raise CorrespondenceError("bad-field", "choose a colour of the game", key="f")
            names = ["" for _ in colors]
            names[colors.index(you)] = name if isinstance(name, str) else ""
            corr = CorrespondenceGame.new(
                id if isinstance(id, str) and id else secrets.token_urlsafe(6),
                players=count,
                discs=int(discs),
                target=int(target),
                names=names,
                sender=you,
            )
        except CorrespondenceError as error:
            return self._corr_refused(error)
        except (MixtourError, ValueError, TypeError) as error:
            return _dump(CorrStarted(ok=False, message=str(error)))
        return self._corr_started(corr, you)
