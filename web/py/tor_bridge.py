"""Tor's page bridge: one :class:`TorBridge` owns the :class:`Game` of Tor.

Like ``bridge.py`` for Mixtour, every public method takes plain values and
returns a JSON string whose shape is declared in ``contract.py`` (the
``Tor*`` shapes), so the page gets under PyScript what a test gets under
CPython. The page never derives a rule: the legal actions (T6 texts), why a
click is refused, and how the game stands all come from here.

>>> import json
>>> b = TorBridge()
>>> json.loads(b.play("c3"))["ok"]
True
>>> json.loads(b.play("c3"))["reason"]
{'id': 'pawn-there', 'args': {'square': 'c3', 'owner': 'w'}}
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Mapping
from typing import Any, cast

from contract import (
    CorrStartedJson,
    Fragment,
    FragmentJson,
    Refuted,
    RefutedJson,
    TorExplained,
    TorExplainedJson,
    TorLoaded,
    TorLoadedLink,
    TorLoadedLinkJson,
    TorPlayed,
    TorPlayedJson,
    TorReason,
    TorSnapshot,
    TorStatus,
    TorView,
    TorViewJson,
)
from corr_part import LINK_FULL
from page_part import PagePart

from mixtour.tor.core import (
    COLOR_LETTERS,
    PLAYER_LETTERS,
    IllegalActionError,
    Reason,
    TorError,
    parse_action,
    parse_square,
    random_layout,
    start_fen,
)
from mixtour.tor.correspondence import CorrespondenceError, CorrespondenceGame
from mixtour.tor.game import Game
from mixtour.tor.link import format_link, parse_link, parse_seats

__all__ = ["TorBridge"]

MAX_SEED = 2**31 - 1


def _dump(data: Mapping[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


def _reason(reason: Reason) -> TorReason:
    return TorReason(id=reason.id, args={k: str(v) for k, v in reason.args.items()})


def _stuck(square: str) -> Reason:
    """A pawn of the mover's with no square to step to (a page's click on it)."""
    return Reason("pawn-stuck", square=square)


def _english(reason: Reason) -> str:
    if reason.id == "pawn-stuck":
        return f"your pawn on {reason.args['square']} has no square to step to"
    return str(reason)


class TorBridge(PagePart[Game, TorView, TorLoaded, TorSnapshot, TorPlayed]):
    """The game of Tor shown on the page and the functions the page calls
    (those written once for every game are :class:`page_part.PagePart`'s)."""

    game_class = Game
    saved_as = "tor"

    # -- reading ---------------------------------------------------------------

    def view(self) -> TorView:
        """Everything the page shows, as plain data."""
        game = self.game
        pos = game.position
        result = game.result
        record = game.record()
        return TorView(
            fen=game.fen(),
            turn=cast(Any, PLAYER_LETTERS[pos.turn]),
            hand=None if pos.hand < 0 else COLOR_LETTERS[pos.hand],
            placing=pos.is_placing,
            status=cast(TorStatus, result.code),
            over=result.is_over,
            winner=None if result.winner is None else cast(Any, PLAYER_LETTERS[result.winner]),
            result=result.describe(),
            ply=game.ply,
            moves=game.record(with_future=True),
            last=record[-1] if record else None,
            legal=[] if result.is_over else game.legal_texts(),
            movers=[cast(Any, PLAYER_LETTERS[m]) for m in game.movers()],
            canUndo=game.can_undo,
            canRedo=game.can_redo,
            finished=game.final_result.is_over,
            corr=self.corr.id if self.corr is not None else None,
        )

    # -- playing ---------------------------------------------------------------

    def refute(self, kind: str, left: int) -> RefutedJson:
        """The puzzles page: the opponent's best answer to the wrong action
        just played (the game's position, opponent to move), when the solver
        had ``left`` turns to win (``kind`` "win", Tor's only kind of puzzle).
        See :func:`mixtour.tor.ai.puzzles.refute`."""
        # Imported here: only the puzzles page asks.
        from mixtour.tor.ai.puzzles import MAX_LENGTH, refute

        turns = left if isinstance(left, int) and not isinstance(left, bool) else 0
        if kind != "win" or not 1 <= turns <= MAX_LENGTH:
            return _dump(Refuted(reply=None, outcome="error", moves=0))
        answer = refute(self.game.position, turns)
        return _dump(
            Refuted(reply=answer.reply, outcome=cast(Any, answer.outcome), moves=answer.moves)
        )

    def play(self, text: str) -> TorPlayedJson:
        """Play an action in T6: ``{"ok": true, "action", "state"}``, or
        ``{"ok": false, "reason", "message"}`` (the game is unchanged). In a
        game by link whose link is as long as a link may be, no action."""
        if self._corr_full():
            full = _reason(Reason("link-full"))
            return _dump(TorPlayed(ok=False, reason=full, message=LINK_FULL))
        try:
            played = self.game.play(str(text))
        except IllegalActionError as error:
            reason = error.reason or Reason("not-an-action")
            refused = TorPlayed(ok=False, reason=_reason(reason), message=_english(reason))
            return _dump(refused)
        except TorError as error:
            refused = TorPlayed(ok=False, reason=_reason(Reason("not-an-action")))
            refused["message"] = str(error)
            return _dump(refused)
        return _dump(TorPlayed(ok=True, action=str(played), state=self.view()))

    def explain(self, attempt: str) -> TorExplainedJson:
        """Why the board's attempt is refused: a square (a pawn to place, or
        a pawn to move), a step ``c3-d4``, or a whole turn ``c3-d4@e6``.
        ``reason`` is null when the attempt is legal as it stands."""
        reason = self._why(str(attempt).strip().lower())
        if reason is None:
            return _dump(TorExplained(reason=None, message=""))
        return _dump(TorExplained(reason=_reason(reason), message=_english(reason)))

    def _why(self, attempt: str) -> Reason | None:
        pos = self.game.position
        try:
            if "-" not in attempt:
                square = parse_square(attempt)
                if pos.is_placing or pos.status:
                    return pos.why_not(parse_action(attempt))
                # A click on a square when a pawn is to be moved: the pawn chosen.
                if square not in pos.pawn_squares(pos.turn):
                    return Reason("not-your-pawn", square=attempt)
                return None if pos.steps_from(square) else _stuck(attempt)
            code = parse_action(attempt)
        except (TorError, ValueError):
            return Reason("not-an-action")
        if "@" in attempt:
            return pos.why_not(code)
        return pos.why_not_step(code >> 12, (code >> 6) & 63)

    def new_game(self, seed: int = -1) -> TorViewJson:
        """A new game: the standard layout, or with ``seed`` 0 or more the
        random layout of that seed (T1)."""
        seed = int(seed)
        start = None if seed < 0 else start_fen(random_layout(min(seed, MAX_SEED)))
        self.game = Game(start)
        self.headers = {}
        return self.state()

    # -- sharing ---------------------------------------------------------------

    def load_link(self, fragment: str) -> TorLoadedLinkJson:
        """Open the game a link describes (see ``mixtour/tor/link.py``); what
        was wrong with the link comes back in ``problems`` and ``issues``."""
        link = parse_link(fragment)
        self.game = link.game
        self.headers = {}
        loaded = TorLoadedLink(
            state=self.view(),
            flip=link.flip,
            seats=dict(link.seats or {}),
            ai=link.ai,
            problems=link.problems,
            issues=[cast(Any, issue.as_dict()) for issue in link.issues],
        )
        return _dump(loaded)

    def link(
        self, whole_game: bool = True, seats: str = "", preview: bool = False, flip: bool = False
    ) -> FragmentJson:
        """The link to the game (or only its position), with the computer's
        seats (``"b3"``), for an embed the position shown (``at=``), and
        ``flip=1`` when the board is turned round."""
        fragment = format_link(
            self.game,
            whole_game=bool(whole_game),
            seats=parse_seats(str(seats)) if seats else None,
            preview=bool(preview),
            flip=bool(flip),
        )
        return _dump(Fragment(fragment=fragment))

    # -- games by link: the game's own set-up; the rest is corr_part.py's ------------

    def corr_new(self, layout: str, color: str, name: str = "", id: str = "") -> CorrStartedJson:
        """Set up a game by link on the ``standard`` layout or a ``random`` one
        (T1): ``color`` (``w``, ``b`` or ``random``) is the side this page's
        player takes, ``name`` their name; ``id`` is drawn at random unless
        given (tests). The link is ready at once: when the player is Black,
        it goes to White before any action."""
        try:
            if layout not in ("standard", "random"):
                raise CorrespondenceError("bad-field", "choose a layout", key="p")
            you = random.choice(PLAYER_LETTERS) if color == "random" else color
            if not isinstance(you, str) or you not in PLAYER_LETTERS:
                raise CorrespondenceError("bad-field", "choose a side of the game", key="f")
            names = ["", ""]
            names[PLAYER_LETTERS.index(you)] = name if isinstance(name, str) else ""
            corr = CorrespondenceGame.new(
                id if isinstance(id, str) and id else secrets.token_urlsafe(6),
                seed=random.randrange(MAX_SEED) if layout == "random" else None,
                names=names,
                sender=you,
            )
        except CorrespondenceError as error:
            return self._corr_refused(error)
        return self._corr_started(corr, you)
