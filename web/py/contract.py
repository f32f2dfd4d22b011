"""What each bridge function hands the page: the JSON's shapes, as TypedDicts.

The bridge (``bridge.py``) returns JSON strings; its return annotations say
which shape each one holds (``Annotated[str, View]`` reads "a JSON text of a
:class:`View`"). The page's TypeScript declarations
(``web/tools/bridge.d.ts``) are generated from this module by
``web/tools/contract_dts.py``, and ``tests/test_bridge_contract.py`` calls
every bridge function under CPython and checks its JSON against these shapes,
so the two sides cannot drift apart.

Keys read as in the JSON (camelCase where the page wants it). A key that may
be absent is ``NotRequired``; a value that may be ``null`` is ``X | None``.
"""

# No ``from __future__ import annotations`` here: under Python 3.11 it hides
# ``NotRequired`` from ``__optional_keys__``, which the contract test reads.
from types import FunctionType
from typing import (
    Annotated,
    Literal,
    NotRequired,
    TypeAlias,
    TypedDict,
    get_args,
    get_origin,
    get_type_hints,
)

__all__ = [
    "ActionView",
    "Checked",
    "Color",
    "CorrInfo",
    "CorrOpened",
    "CorrRead",
    "CorrStarted",
    "EditedPosition",
    "EditedSetup",
    "EditorLink",
    "Setup",
    "EnterView",
    "Explained",
    "Fragment",
    "GameRecord",
    "Legal",
    "Loaded",
    "LinkedPosition",
    "LoadedLink",
    "MoveView",
    "PassView",
    "Picture",
    "Played",
    "Reason",
    "Refuted",
    "Rules",
    "Snapshot",
    "Status",
    "View",
    "TorStatus",
    "TorReason",
    "TorView",
    "TorPlayed",
    "TorExplained",
    "TorLoaded",
    "TorLoadedLink",
    "TorSnapshot",
    "TorEditedPosition",
    "TorSetup",
    "TorEditedSetup",
    "TorChecked",
    "TorLinkedPosition",
    "AnalysisEntry",
    "AnalysisView",
    "AnalysisPlayed",
    "AnalysisOpened",
    "TorAnalysisView",
    "TorAnalysisPlayed",
    "TorAnalysisOpened",
    "TorActionView",
    "ThinkRequest",
    "Thought",
    "ReviewRequest",
    "ReviewedPly",
    "VerdictKind",
    "Verdict",
    "Label",
    "ReviewReportRequest",
    "ReviewReport",
    "AnalyseRequest",
    "Analysed",
    "Done",
    "Pong",
    "Memory",
]

Color = Literal["w", "r", "b"]
"""A player's colour letter: White, Red, and Blue in the three-player game."""

Status = Literal["playing", "w-wins", "r-wins", "b-wins", "draw-passes", "draw-repetition"]
"""How the game stands (also the board's ``data-status``)."""


class Reason(TypedDict):
    """Why the rules refuse an action, as data a page can put in any language:
    ``id`` names the rule's message, ``args`` fills it (a nested reason for
    ``stuck-because``)."""

    id: str
    args: dict[str, "str | int | Reason"]


class PassView(TypedDict):
    """A pass, as played."""

    text: str
    kind: Literal["pass"]


class EnterView(TypedDict):
    """A disc entered on an empty ``square``."""

    text: str
    kind: Literal["enter"]
    square: int


MoveView = TypedDict(
    "MoveView",
    {"text": str, "kind": Literal["move"], "square": int, "from": int, "to": int, "count": int},
)
# Functional TypedDicts (for keys that are Python keywords) take their doc this way.
MoveView.__doc__ = """The top ``count`` discs of the stack on ``from`` moved onto ``to``
(which is also the ``square`` the action lands on)."""

ActionView: TypeAlias = PassView | EnterView | MoveView
"""A played action as the board draws it (its ``kind`` tells which), with its N1 ``text``."""


Legal = TypedDict(
    "Legal",
    {"enter": list[int], "moves": dict[str, dict[str, list[int]]], "pass": bool},
)
Legal.__doc__ = """Every legal action of the side to move: the empty squares it may enter, its
moves as ``{from square: {disc count: [target squares]}}``, and whether it
must pass."""


class View(TypedDict):
    """Everything the page shows of the game (``Bridge.view``)."""

    fen: str
    players: int
    colors: list[Color]
    turn: Color
    stacks: list[str]
    reserves: list[int]
    scores: list[int]
    target: int
    discs: int
    last: ActionView | None
    status: Status
    over: bool
    winner: Color | None
    result: str
    scoreText: str
    mustPass: bool
    ply: int
    moves: list[str]
    future: list[str]
    movers: list[Color]
    canUndo: bool
    canRedo: bool
    # Whether the whole line, future included, ends the game.
    finished: bool
    legal: Legal
    # The id of the correspondence game shown (mixtour/mixtour/correspondence.py), else null.
    corr: str | None


class Refuted(TypedDict):
    """The opponent's answer to a wrong move in a puzzle (``refute`` of
    ``mixtour/kit/puzzles.py``, with each game's part): ``reply`` in the game's
    notation (null when none is needed), ``outcome`` what it shows (``over``:
    the wrong move ended the game; ``tower``, in Mixtour, and ``wins``, in
    Tor: the reply wins at once; ``escape``: after it the solver has no
    forced win in ``moves``; ``forces``: it starts the opponent's forced win
    in ``moves``; ``none``: nothing to show), or ``error`` for a bad request."""

    reply: str | None
    outcome: Literal["over", "tower", "wins", "escape", "forces", "none", "error"]
    moves: int


RefutedJson = Annotated[str, Refuted]


class Explained(TypedDict):
    """Whether an action (or a lift) is legal, and if not why: ``message`` in
    English, ``reason`` as data (absent when the text is not an action at all)."""

    legal: bool
    message: str | None
    reason: NotRequired[Reason]


class Played(TypedDict):
    """The answer to playing an action: the new ``state`` when it was played,
    else the ``message`` (and, when the rules refused a well-formed action,
    the ``action`` in N1 and the ``reason``)."""

    ok: bool
    action: NotRequired[str]
    state: NotRequired[View]
    message: NotRequired[str]
    reason: NotRequired[Reason]


class Loaded(TypedDict):
    """The answer to putting another game on the board: its ``state``, or the
    ``message`` saying why it was refused (the game shown is kept)."""

    ok: bool
    state: NotRequired[View]
    message: NotRequired[str]


class LoadedLink(TypedDict):
    """What a link shows: the valid part of it as ``state``, whether the board
    is turned, the computer's level (``ai=N``) or seats (``ai=r3``), and what
    was wrong with the link."""

    state: View
    flip: bool
    ai: int | None
    seats: dict[str, int] | None
    problems: list[str]
    # The same problems as ids and values (mixtour.mixtour.link.LinkIssue), for the page's language.
    issues: list[Reason]


class Fragment(TypedDict):
    """A link to the game, without its ``#``."""

    fragment: str


class Picture(TypedDict):
    """An SVG picture of the position."""

    svg: str


class GameRecord(TypedDict):
    """The whole game as a record (G1 for Mixtour; Tor's in T6)."""

    record: str


class Snapshot(TypedDict):
    """The game in progress as the page saves it: the start position, every
    action (undone ones included) and how many of them are played."""

    version: int
    start: str
    actions: list[str]
    ply: int
    # The header tags of a game loaded from a record (Event, White...), so they
    # are still in its record after a reload; absent when it has none.
    headers: NotRequired[dict[str, str]]


class EditedPosition(TypedDict):
    """A position as the editor shows it (``editor_bridge.py``): its canonical P1
    and its parts, ``last`` being the last action field of the P1."""

    fen: str
    players: int
    turn: Color
    stacks: list[str]
    reserves: list[int]
    scores: list[int]
    target: int
    last: str
    over: bool
    discs: int


class Setup(TypedDict):
    """What the editor shows before the engine has judged it (``editing.py``):
    a field the player is still typing may be text; reserves and scores hold
    three entries."""

    stacks: list[str]
    players: int
    turn: str
    reserves: list[int | str]
    scores: list[int | str]
    target: int | str
    last: str


class EditedSetup(TypedDict):
    """The editor's setup after one change, whether it was made, and for
    ``even`` the discs each player now owns."""

    setup: Setup
    done: bool
    discs: int | None


class EditorLink(TypedDict):
    """The link to the editor's position, or why there is none."""

    fragment: str | None
    message: NotRequired[str]


class Checked(TypedDict):
    """The editor's position checked by the engine: the ``position``, or the
    ``message`` saying why it is not one."""

    ok: bool
    position: NotRequired[EditedPosition]
    message: NotRequired[str]


class LinkedPosition(TypedDict):
    """The position a link shows in the editor, and what was wrong with the link."""

    position: EditedPosition
    problems: list[str]
    issues: list[Reason]


class Rules(TypedDict):
    """The engine's set-up numbers a form needs: the highest stack a move may
    land on, and the discs per player by number of players."""

    maxHeight: int
    defaultDiscs: dict[str, int]


class CorrInfo(TypedDict):
    """A correspondence game (``mixtour/mixtour/correspondence.py``) as the page keeps and
    shows it: its id, the colours people play, the players' names in turn order,
    who sent the link, the link itself (without ``#``) and its ``room``: how
    many more actions it can take before it is too long for any page to open."""

    id: str
    people: str
    names: list[str]
    sender: Color
    fragment: str
    room: int


class CorrStarted(TypedDict):
    """A correspondence game set up on this page: the colour ``you`` play, the
    game and its ``state``; or the ``message`` and ``reason`` of a bad setting."""

    ok: bool
    you: NotRequired[Color]
    corr: NotRequired[CorrInfo]
    state: NotRequired["View | TorView"]
    message: NotRequired[str]
    reason: NotRequired[Reason]


class CorrRead(TypedDict):
    """A correspondence link read on its own: its game ``id`` when every action
    is legal, else why not (``reason``: ``damaged``, ``illegal``...)."""

    ok: bool
    id: NotRequired[str]
    message: NotRequired[str]
    reason: NotRequired[Reason]


class CorrOpened(TypedDict):
    """A correspondence link against the game this browser keeps under its id:
    ``kind`` is ``new``, ``same``, ``newer`` (``added`` actions) or ``older``
    (``behind``: the kept game is shown); refused with a ``reason``."""

    ok: bool
    kind: NotRequired[Literal["new", "same", "newer", "older"]]
    added: NotRequired[int]
    behind: NotRequired[int]
    corr: NotRequired[CorrInfo]
    state: NotRequired["View | TorView"]
    message: NotRequired[str]
    reason: NotRequired[Reason]


# A JSON text holding one of the shapes above: the return type of a bridge function.
ExplainedJson = Annotated[str, Explained]
PlayedJson = Annotated[str, Played]
LoadedJson = Annotated[str, Loaded]
LoadedLinkJson = Annotated[str, LoadedLink]
FragmentJson = Annotated[str, Fragment]
PictureJson = Annotated[str, Picture]
RecordJson = Annotated[str, GameRecord]
RulesJson = Annotated[str, Rules]
EditedSetupJson = Annotated[str, EditedSetup]
EditorLinkJson = Annotated[str, EditorLink]
CorrStartedJson = Annotated[str, CorrStarted]
CorrReadJson = Annotated[str, CorrRead]
CorrOpenedJson = Annotated[str, CorrOpened]


# -- Tor's page (web/py/tor_bridge.py) ---------------------------------------------

TorStatus = Literal["playing", "w-wins", "b-wins", "draw-repetition"]
"""How a game of Tor stands (also the board's ``data-status``)."""


class TorReason(TypedDict):
    """Why Tor's rules refuse an action: an id of ``mixtour.tor.core.REASON_IDS``
    (or the bridge's ``pawn-stuck`` and ``link-full``) and its values (squares
    by name, colours and players by letter)."""

    id: str
    args: dict[str, str]


class TorView(TypedDict):
    """Everything Tor's page shows of the game."""

    fen: str
    turn: Literal["w", "b"]
    hand: str | None
    placing: bool
    status: TorStatus
    over: bool
    winner: Literal["w", "b"] | None
    result: str
    ply: int
    moves: list[str]
    last: str | None
    legal: list[str]
    # Who made each action of moves (the players alternate).
    movers: list[Literal["w", "b"]]
    canUndo: bool
    canRedo: bool
    # Whether the whole line (moves, the undone ones too) ends the game: a
    # finished game looked back at (its position shown may be before the end).
    finished: bool
    # The id of the game by link shown (mixtour/tor/correspondence.py), else null.
    corr: str | None


class TorPlayed(TypedDict):
    """An action played (``ok``, ``action`` in T6, the new ``state``) or refused
    (``reason`` and the English ``message``)."""

    ok: bool
    action: NotRequired[str]
    state: NotRequired[TorView]
    reason: NotRequired[TorReason]
    message: NotRequired[str]


class TorExplained(TypedDict):
    """Why an attempt on the board is refused: ``reason`` is null when it is legal."""

    reason: TorReason | None
    message: str


class TorLoaded(TypedDict):
    """A saved game taken back (``state``), or why not (``message``)."""

    ok: bool
    state: NotRequired[TorView]
    message: NotRequired[str]


class TorLoadedLink(TypedDict):
    """The game a link describes, what was wrong with the link, and its seats
    for the computer (``{"b": 3}``; empty for none)."""

    state: TorView
    flip: bool
    seats: dict[str, int]
    ai: int | None
    problems: list[str]
    issues: list[Reason]


class TorSnapshot(TypedDict):
    """Tor's game in progress as the page saves it: the start, every action
    (undone ones included) and how many of them are played."""

    version: int
    game: Literal["tor"]
    start: str
    actions: list[str]
    ply: int
    headers: NotRequired[dict[str, str]]


class TorEditedPosition(TypedDict):
    """A position as Tor's editor shows it (``tor_editor_bridge.py``): its
    canonical T7 string, the player to move, the token in hand, whether pawns
    are still being placed and whether the game is already over there."""

    fen: str
    turn: Literal["w", "b"]
    hand: str | None
    placing: bool
    over: bool


class TorSetup(TypedDict):
    """What Tor's editor shows (``tor_editing.py``): each square's tokens
    bottom to top (``""``, ``"R"``, ``"RB"``), each square's pawn (``"w"``,
    ``"b"`` or null), the player to move and the token in hand."""

    tokens: list[str]
    pawns: list[Literal["w", "b"] | None]
    turn: Literal["w", "b"]
    hand: Literal["B", "R", "O", "Y"] | None


class TorEditedSetup(TypedDict):
    """Tor's editor setup after one change, whether it was made, and if not the
    ``reason`` id (``full``, ``none-left``, ``pawns``, ``no-token``, ``empty``)."""

    setup: TorSetup
    done: bool
    reason: str | None


class TorChecked(TypedDict):
    """Tor's editor position checked by the engine (T7): the ``position``, or the
    ``message`` saying why it is not one."""

    ok: bool
    position: NotRequired[TorEditedPosition]
    message: NotRequired[str]


class TorLinkedPosition(TypedDict):
    """The position a link shows in Tor's editor, and what was wrong with the link."""

    position: TorEditedPosition
    problems: list[str]
    issues: list[Reason]


TorViewJson = Annotated[str, TorView]
TorPlayedJson = Annotated[str, TorPlayed]
TorExplainedJson = Annotated[str, TorExplained]
TorLoadedLinkJson = Annotated[str, TorLoadedLink]
TorEditedSetupJson = Annotated[str, TorEditedSetup]


# -- The analysis board (web/py/analysis_bridge.py) ------------------------------------


class AnalysisEntry(TypedDict):
    """One move of the analysis board's move list: its node number ``n``, the
    action in N1, its ply and mover, and ``vars``: the side lines that branch
    off before it, each a line of entries."""

    n: int
    move: str
    ply: int
    color: Color
    vars: list[list["AnalysisEntry"]]


class AnalysisView(View):
    """The analysis board's view: :class:`View` of the position shown, plus the
    tree's ``start``, the ``node`` shown (0: the start), the move list as
    ``tree``, the nodes one step back and forward on the line shown (or null),
    whether the node lies in a side line (``side``: it can be promoted) and the
    analysis link's fragment (``link``)."""

    start: str
    node: int
    tree: list[AnalysisEntry]
    parent: int | None
    child: int | None
    side: bool
    link: str


class AnalysisPlayed(TypedDict):
    """An action played on the analysis board: :class:`Played`, with the
    board's view as ``state``; refused with a ``message`` (a full tree too)."""

    ok: bool
    action: NotRequired[str]
    state: NotRequired[AnalysisView]
    message: NotRequired[str]
    reason: NotRequired[Reason]


class AnalysisOpened(TypedDict):
    """What an analysis link (or a game link) shows, whether the board is
    turned, and what was wrong with the link: ``issues`` as ids and values
    (``tree-move``, ``tree-syntax``, ``tree-too-big``, ``bad-node`` and the game
    link's own), ``problems`` the same in English."""

    state: AnalysisView
    flip: bool
    issues: list[Reason]
    problems: list[str]


class TorAnalysisView(TorView):
    """Tor's analysis board's view (``web/py/tor_analysis_bridge.py``):
    :class:`TorView` of the position shown, plus the tree's fields, as
    :class:`AnalysisView` has them."""

    start: str
    node: int
    tree: list[AnalysisEntry]
    parent: int | None
    child: int | None
    side: bool
    link: str


class TorAnalysisPlayed(TypedDict):
    """A turn played on Tor's analysis board: :class:`TorPlayed`, with the
    board's view as ``state``; refused with a ``reason`` and a ``message``
    (a full tree: a message alone)."""

    ok: bool
    action: NotRequired[str]
    state: NotRequired[TorAnalysisView]
    message: NotRequired[str]
    reason: NotRequired[TorReason]


class TorAnalysisOpened(TypedDict):
    """What a link shows on Tor's analysis board (:class:`AnalysisOpened`)."""

    state: TorAnalysisView
    flip: bool
    issues: list[Reason]
    problems: list[str]


# The analysis part's answers (web/py/analysis_part.py): the view of the game it
# is made for, Mixtour's or Tor's.
AnyAnalysisViewJson = Annotated[str, AnalysisView | TorAnalysisView]
AnyAnalysisPlayedJson = Annotated[str, AnalysisPlayed | TorAnalysisPlayed]
AnyAnalysisOpenedJson = Annotated[str, AnalysisOpened | TorAnalysisOpened]


# -- The computer's worker (web/py/ai_worker.py) -----------------------------------------
# Each function takes a JSON text of its request and answers a JSON text.


TorActionView = TypedDict(
    "TorActionView",
    {
        "kind": Literal["drop", "turn"],
        "square": NotRequired[str],
        "from": NotRequired[str],
        "to": NotRequired[str],
        "place": NotRequired[str | None],
    },
)
TorActionView.__doc__ = """A Tor action as plain data: a ``drop`` on ``square``, or a ``turn`` of
the pawn on ``from`` to ``to`` that places a token on ``place`` (null: none)."""


class ThinkRequest(TypedDict):
    """Choose a move: the ``game`` (``mixtour`` when absent), the position as
    ``start`` and ``actions`` (or ``fen`` alone, without the history R9 needs),
    the ``level``, an optional cap on the time and a seed; ``id`` comes back."""

    id: int
    game: NotRequired[Literal["mixtour", "tor"]]
    start: NotRequired[str]
    actions: NotRequired[list[str]]
    fen: NotRequired[str]
    level: int
    time_ms: NotRequired[float | None]
    seed: NotRequired[int | None]
    # Sent only by a test page (window.mixtourDebug.crashNext): the worker fails.
    crash: NotRequired[bool]


class Thought(TypedDict):
    """The move chosen, in the game's notation and as data, with the search's
    figures; ``cancelled`` when a cancel ended the search (the page drops it)."""

    id: int | None
    move: str
    action: ActionView | TorActionView
    score: int
    depth: int
    nodes: int
    time_ms: float
    nps: int
    pv: list[str]
    level: int
    cancelled: bool


class ReviewRequest(TypedDict):
    """One position of a game review: the game and the ``ply`` to analyse, to
    ``depth`` (the review's default when absent)."""

    id: int
    game: NotRequired[Literal["mixtour", "tor"]]
    start: str
    actions: list[str]
    ply: int
    depth: NotRequired[int | None]


class ReviewedPly(TypedDict):
    """One position analysed (``mixtour.kit.review.PlyAnalysis``): the score for
    the first player, the best action and line, the score of the action played
    (null at the game's end), whether it let the opponent win at once
    (a tower, a hem) where another action did not, and the second look at
    a move that seemed a mistake (``deepDepth`` 0 and nulls when none)."""

    id: int | None
    cancelled: bool
    ply: int
    turn: Color
    score: int
    best: str | None
    pv: list[str]
    depth: int
    nodes: int
    played: int | None
    givesWin: bool
    avoidable: bool
    deepDepth: int
    deepScore: int | None
    deepPlayed: int | None


VerdictKind = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
"""How good a move was, from what it lost of the game."""


class Verdict(TypedDict):
    """The verdict on the move made at ``ply`` by ``color``: its ``kind``, the
    share of the game it lost, and the best action and line instead."""

    ply: int
    color: Color
    kind: VerdictKind
    loss: float
    best: str | None
    pv: list[str]


class Label(TypedDict):
    """Who is winning, in words the page translates: the ``side`` (null when
    equal) and the ``kind``, with ``moves`` for a forced win."""

    side: Color | None
    kind: Literal["won", "win", "winning", "better", "slightly", "equal"]
    moves: int


class ReviewReportRequest(TypedDict):
    """The game's actions and the positions analysed so far."""

    game: NotRequired[Literal["mixtour", "tor"]]
    actions: list[str]
    plies: list[ReviewedPly]


class ReviewReport(TypedDict):
    """A game's review: White's expected result at each position (-1 to 1), who
    is winning there, a verdict per move, and per colour the count of each kind."""

    graph: list[float]
    labels: list[Label]
    moves: list[Verdict]
    summary: dict[str, dict[str, int]]


class AnalyseRequest(TypedDict):
    """Deepen the analysis of one position (the game from ``start``) to
    ``depth``; ``game`` names the game (``mixtour`` when left out)."""

    id: int
    game: NotRequired[str]
    start: str
    actions: list[str]
    depth: int
    time_ms: NotRequired[float | None]


class Analysed(TypedDict):
    """The deepest depth completed (``mixtour.kit.analysis.AnalysisReport``):
    absent when none is yet, with ``cancelled`` (nothing new to show) and
    ``error`` (the engine's words for a position it cannot analyse)."""

    id: int | None
    cancelled: bool
    error: str | None
    depth: NotRequired[int]
    score: NotRequired[int]
    # The first player's (White's) expected result, 0 to 1.
    white: NotRequired[float]
    label: NotRequired[Label]
    pv: NotRequired[list[str]]
    nodes: NotRequired[int]
    time_ms: NotRequired[float]
    done: NotRequired[bool]
    turn: NotRequired[Color]


class Done(TypedDict):
    """Done."""

    ok: Literal[True]


class Pong(TypedDict):
    """The worker is up: its Python's version, and whether its searches visit
    the event loop (then it answers pings during a search too)."""

    ok: Literal[True]
    python: str
    yields: bool


class Memory(TypedDict):
    """The worker's WebAssembly memory in bytes (null outside Pyodide) and the
    number of Python objects the collector tracks."""

    wasm_bytes: int | None
    objects: int


ThoughtJson = Annotated[str, Thought]
ReviewedPlyJson = Annotated[str, ReviewedPly]
ReviewReportJson = Annotated[str, ReviewReport]
AnalysedJson = Annotated[str, Analysed]
DoneJson = Annotated[str, Done]
PongJson = Annotated[str, Pong]
MemoryJson = Annotated[str, Memory]
ThinkRequestJson = Annotated[str, ThinkRequest]
ReviewRequestJson = Annotated[str, ReviewRequest]
ReviewReportRequestJson = Annotated[str, ReviewReportRequest]
AnalyseRequestJson = Annotated[str, AnalyseRequest]


# -- a game-neutral part's shapes, bound per game ------------------------------------


def bind_shapes(owner: type, part: type) -> None:
    """Give ``owner``, a game's subclass of the generic ``part``, its own copy
    of each of the part's functions that declares a type parameter of
    ``part`` as its JSON shape (``Annotated[str, V]``), declaring the shape
    ``owner`` names for it instead (``class Bridge(PagePart[Game, View, ...])``).

    The part writes a function once for every game; its copies say what each
    game's page gets, so the generated declarations and the contract test
    read each game's own shapes from ``Bridge.state``, ``TorBridge.state``...
    A function ``owner`` defines itself is its own, and is left alone.
    """
    binding: dict[object, object] = {}
    for base in owner.__dict__.get("__orig_bases__", ()):
        if get_origin(base) is part:
            binding = dict(zip(part.__parameters__, get_args(base), strict=True))
    if not binding:
        return
    for name, function in vars(part).items():
        if not isinstance(function, FunctionType) or name in owner.__dict__:
            continue
        hints = get_type_hints(function, include_extras=True)
        bound = {key: _bound(kind, binding) for key, kind in hints.items()}
        if bound == hints:
            continue
        copy = FunctionType(
            function.__code__,
            function.__globals__,
            name,
            function.__defaults__,
            function.__closure__,
        )
        copy.__kwdefaults__ = function.__kwdefaults__
        copy.__doc__ = function.__doc__
        copy.__module__ = owner.__module__
        copy.__qualname__ = f"{owner.__qualname__}.{name}"
        copy.__annotations__ = bound
        setattr(owner, name, copy)


def _bound(kind: object, binding: dict[object, object]) -> object:
    """``Annotated[str, V]`` with the shape ``binding`` gives ``V``."""
    if get_origin(kind) is not Annotated:
        return kind
    base, *extras = get_args(kind)
    return Annotated[(base, *(binding.get(extra, extra) for extra in extras))]
