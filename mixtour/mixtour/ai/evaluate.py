"""Static evaluation of a Mixtour position, and the threat scan behind it.

The one idea that drives Mixtour tactics: a stack ``s`` can complete a tower
on a receiver ``t`` of height ``h`` exactly when the path is clear, the
distance is ``h`` (R4) and ``len(s) + h >= 5`` (R6).  The colour on top of
``s`` scores, whoever makes the move.  Because moves onto a stack depend
only on the receiver's height, :data:`mixtour.mixtour.core.SOURCES` lists every
candidate source of a receiver, and one pass over the occupied squares
finds every such *threat* on the board.  The evaluation is built on that
pass: threats (who could score next and whether it would win), the stacks
each colour controls (a tall stack with your disc on top is a future
threat), reserves (quiet moves in a zugzwang fight) and, above all when the
target is more than one, the score.

Scores are integers from the point of view of one player (``root``).  With
three players the search is paranoid: ``root`` against the best of the other
two.
"""

from __future__ import annotations

from typing import Final, Protocol

from ..core import SOURCES, Position

__all__ = [
    "SCALE",
    "DEFAULT_WEIGHTS",
    "TUNED_POINTS_WEIGHTS",
    "TUNED_THREE_WEIGHTS",
    "TUNED_WEIGHTS",
    "Evaluator",
    "EvaluatorLike",
    "Weights",
    "scoring_colors",
    "scoring_moves",
    "weights_for",
]

_COLOR_OF: Final = {"w": 0, "r": 1, "b": 2}


def _top_table() -> dict[str, int]:
    """Colour index of the top disc of every stack string up to height 4."""
    out: dict[str, int] = {}
    level = [""]
    for _ in range(4):
        level = [s + c for s in level for c in "wrb"]
        for s in level:
            out[s] = _COLOR_OF[s[-1]]
    return out


TOP: Final = _top_table()

#: Evaluation units per unit of log-odds: a score ``s`` reads as the expected
#: result ``1 / (1 + exp(-s / SCALE))`` (the fit of :mod:`mixtour.mixtour.ai.tools.tune`
#: and the game review's verdicts, :mod:`mixtour.mixtour.ai.review`).
SCALE: Final = 250.0


class Weights:
    """The tunable numbers of :class:`Evaluator` (centi-disc units).

    ``height`` is the value of controlling (topping) a stack of each height;
    ``threat_win`` / ``threat_point`` the value of one / several threats that
    the player *not* to move holds over the mover (``[one, two, three+]``),
    for threats that would win the game or only score a point;
    ``own_threat`` a scoring chance of the mover when the target is above 1
    (quiescence looks at it, the stand-pat score still likes it);
    ``near_tower`` / ``far_tower`` a stack one / two discs short of
    completing a tower on a receiver it can reach; ``tempo`` having the move.
    :mod:`mixtour.mixtour.ai.tools.tune` fits them to game results (``python -m mixtour
    tune-eval``), where the same evaluation is written as a sum of weight
    times count (:func:`mixtour.mixtour.ai.tools.tune.features`).
    """

    __slots__ = (
        "height",
        "threat_win",
        "threat_point",
        "own_threat",
        "reserve",
        "point",
        "near_tower",
        "far_tower",
        "tempo",
    )

    def __init__(
        self,
        height: tuple[int, int, int, int, int] = (0, 10, 24, 40, 52),
        threat_win: tuple[int, int, int] = (260, 900, 1400),
        threat_point: tuple[int, int, int] = (500, 800, 1000),
        own_threat: int = 60,
        reserve: int = 2,
        point: int = 1200,
        near_tower: int = 6,
        far_tower: int = 0,
        tempo: int = 0,
    ) -> None:
        self.height = height
        self.threat_win = threat_win
        self.threat_point = threat_point
        self.own_threat = own_threat
        self.reserve = reserve
        self.point = point
        self.near_tower = near_tower
        self.far_tower = far_tower
        self.tempo = tempo

    def __repr__(self) -> str:
        args = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"Weights({args})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Weights):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self.__slots__)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, n) for n in self.__slots__))


DEFAULT_WEIGHTS: Final = Weights()

#: Weights fitted to game results, played by Master in two-player games to
#: one point (the mode they were fitted in).  Regenerated exactly by
#: ``python -m mixtour tune-eval --games 600 --seed 1 --levels 2,3,4``
#: (18,407 positions; held-out log-loss 0.634 with the default weights at
#: their best scale, 0.488 with these).  Against the depth-5 stand-in with
#: 0.5 s of CPU a move (``arena master depth5 --games 40 --time-ms 500
#: --seed 7``, no book): 85.0 % with these, 67.5 % with the defaults on the
#: same openings.  Taller stacks count for much more than
#: the defaults say, an open threat for less, and reserves and having the
#: move for more.
TUNED_WEIGHTS: Final = Weights(
    height=(0, 54, 121, 238, 409),
    threat_win=(191, 412, 505),
    threat_point=(500, 800, 1000),
    own_threat=60,
    reserve=56,
    point=1200,
    near_tower=20,
    far_tower=42,
    tempo=66,
)


#: Weights fitted to games to three points, played by Master in two-player
#: games to more than one point.  Regenerated exactly by ``python -m mixtour
#: tune-eval --games 800 --seed 1 --levels 2,3,4 --target 3`` (54,669
#: positions; held-out log-loss 0.484 with the default weights at their best
#: scale, 0.380 with these).  Against Master before tuning at T = 3 with
#: 0.5 s of CPU a move (``arena master master-v1 --target 3 --games 100
#: --time-ms 500 --seed 41``): 95.0 % over 100 games (50.0 % over 52 with
#: the defaults).  A point is worth about half what the defaults say, a
#: threat of a point much less, the mover's own chance to score more, and
#: reserves next to nothing.
TUNED_POINTS_WEIGHTS: Final = Weights(
    height=(0, 27, 130, 215, 280),
    threat_win=(213, 416, 200),
    threat_point=(89, 192, 201),
    own_threat=132,
    reserve=3,
    point=665,
    near_tower=21,
    far_tower=29,
    tempo=57,
)


#: Weights fitted to three-player games to one point, played by Master in
#: every three-player game.
#: Regenerated exactly by ``python -m mixtour tune-eval --games 400 --seed 1
#: --levels 2,3,4 --players 3`` (18,423 positions): each player's own value
#: fitted to who wins (:func:`mixtour.mixtour.ai.tools.tune.fit_three_weights`).  The
#: defaults predict the winner worse than a blind guess at any positive
#: scale (held-out log-loss ln 3 = 1.0986 at their best scale, which is 0;
#: scaled by -0.2 they do better, 1.088 on the whole set): with three
#: players, R10 makes the next player parry every threat of the one after,
#: so a threat of one's own is rarely a gain, and a tall stack topped by
#: one's colour is a target.  These weights (held out: 1.0879) count tall
#: stacks and several threats slightly against their owner.  Against two
#: master-v1 with 0.5 s of CPU a move (``arena master master-v1 --players 3
#: --games 60 --time-ms 500 --seed 31``): 59.2 % over 60 games, 34 won, 3
#: drawn (a fair share would be a third; 36.7 % over 30 with the defaults
#: and the same search, 38.3 % over 60 before it).  To more points, where
#: the point terms keep their default values, they measured stronger than
#: the defaults too; today's figures are in :mod:`mixtour.mixtour.ai.levels`.
TUNED_THREE_WEIGHTS: Final = Weights(
    height=(0, -12, 3, -29, -74),
    threat_win=(40, -283, -382),
    threat_point=(500, 800, 1000),
    own_threat=60,
    reserve=25,
    point=1200,
    near_tower=-29,
    far_tower=7,
    tempo=-9,
)


def weights_for(pos: Position, tuned: bool) -> Weights:
    """The weights a level plays ``pos`` with: the fitted ones where the
    level takes them (two players: :data:`TUNED_WEIGHTS` to one point,
    :data:`TUNED_POINTS_WEIGHTS` to more; three players:
    :data:`TUNED_THREE_WEIGHTS`, to any number of points), the defaults
    everywhere else."""
    if not tuned:
        return DEFAULT_WEIGHTS
    if pos.players == 2:
        return TUNED_WEIGHTS if pos.target == 1 else TUNED_POINTS_WEIGHTS
    return TUNED_THREE_WEIGHTS


class EvaluatorLike(Protocol):
    """What the search needs from an evaluator (inject your own)."""

    def evaluate(self, pos: Position, root: int) -> int:
        """Score of ``pos`` for player ``root`` (higher is better for root)."""
        ...


class Evaluator:
    """Threat-based evaluation (see the module docstring).

    :meth:`survey` reads every stack and every tower move of a position once
    for both the search's tactics (which towers can be built now) and the
    evaluation's counts, and keeps the counts for the position it read: in
    the quiescence search the two are asked of the same position one after
    the other, and :meth:`evaluate` then reads no stack again.
    """

    __slots__ = ("weights", "_read")

    def __init__(self, weights: Weights | None = None) -> None:
        self.weights = DEFAULT_WEIGHTS if weights is None else weights
        # The position last surveyed: (its hash, control, threats, near, far).
        self._read: tuple[int, list[int], list[int], list[int], list[int]] = (-1, [], [], [], [])

    def survey(self, pos: Position) -> int:
        """The colours (a bit each) on top of a tower some move builds now
        (:func:`scoring_colors`); the evaluation's counts are kept for
        :meth:`evaluate` of the same position."""
        st = pos.stacks
        occ = pos.occupied
        top = TOP
        hw = self.weights.height
        mask = 0
        control = [0, 0, 0]
        threats = [0, 0, 0]
        near = [0, 0, 0]
        far = [0, 0, 0]
        b = occ
        while b:
            low = b & -b
            t = low.bit_length() - 1
            b ^= low
            recv = st[t]
            h = len(recv)
            control[top[recv]] += hw[h]
            short = 5 - h
            for need, bit, src in SOURCES[t * 5 + h]:
                if occ & need == bit:
                    s = st[src]
                    n = len(s)
                    if n >= short:
                        threats[top[s]] += 1
                        mask |= 1 << top[s]
                    elif n == short - 1:
                        # one disc short: the next disc on either stack makes it a threat
                        near[top[s]] += 1
                    elif n == short - 2:
                        far[top[s]] += 1
        self._read = (pos.hash, control, threats, near, far)
        return mask

    def evaluate(self, pos: Position, root: int) -> int:
        w = self.weights
        if self._read[0] != pos.hash:
            self.survey(pos)
        _, control, threats, near, far = self._read
        turn = pos.turn
        scores = pos.scores
        reserves = pos.reserves
        target = pos.target
        players = pos.players
        point = w.point if target > 1 else 0
        rw = w.reserve
        nw = w.near_tower
        fw = w.far_tower
        values = [0, 0, 0]
        values[turn] = w.tempo
        for c in range(players):
            v = values[c] + point * scores[c] + control[c] + rw * reserves[c] + nw * near[c]
            if fw:
                v += fw * far[c]
            n = threats[c]
            if n:
                if c == turn:
                    v += w.own_threat * (n if n < 3 else 3)
                else:
                    table = w.threat_win if scores[c] + 1 >= target else w.threat_point
                    v += table[n - 1 if n < 3 else 2]
            values[c] = v
        mine = values[root]
        if players == 2:
            return mine - values[1 - root]
        a, b2 = (
            (values[1], values[2])
            if root == 0
            else ((values[0], values[2]) if root == 1 else (values[0], values[1]))
        )
        return mine - (a if a > b2 else b2)


def scoring_moves(pos: Position, color: int) -> list[int]:
    """Every MOVE (R4, R5) that completes a tower with ``color`` on top.

    Used for quiescence and move ordering; R10 is not applied here.
    """
    st = pos.stacks
    occ = pos.occupied
    top = TOP
    rev = pos.forbidden_reverse()
    out: list[int] = []
    b = occ
    while b:
        low = b & -b
        t = low.bit_length() - 1
        b ^= low
        h = len(st[t])
        short = 5 - h
        for need, bit, src in SOURCES[t * 5 + h]:
            if occ & need == bit:
                s = st[src]
                n = len(s)
                if n >= short and top[s] == color:
                    base = src << 5 | t
                    for k in range(short if short > 1 else 1, n + 1):
                        code = k << 10 | base
                        if code != rev:
                            out.append(code)
    return out


def scoring_colors(pos: Position) -> int:
    """Bit ``c`` set when the player to move could complete a tower with
    colour ``c`` on top (R4, R5, R6).

    One pass answers both "can the mover win now?" and "does the mover face
    a tower threat?", which the search asks at every node; it replaces one
    ``Position.has_scoring_move`` call per colour.  R5 is exact for the
    mover; for the other colours it is what they would face if it were
    their turn, which the search only uses as a hint.  The take-back R5
    forbids never builds a tower: it puts back on a stack the discs that
    left it, and no stack stood five high (P1's last action is checked
    against the board, so a position set up from a string is no exception).
    """
    st = pos.stacks
    occ = pos.occupied
    top = TOP
    mask = 0
    b = occ
    while b:
        low = b & -b
        t = low.bit_length() - 1
        b ^= low
        h = len(st[t])
        short = 5 - h
        for need, bit, src in SOURCES[t * 5 + h]:
            if occ & need == bit:
                s = st[src]
                n = len(s)
                if n >= short:
                    mask |= 1 << top[s]
    return mask
