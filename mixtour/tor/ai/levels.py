"""Tor's six playing levels, from Beginner to Master, as Mixtour's.

Levels 1-5 spend node budgets and depth caps, not wall time, so they play
the same on every machine and a seeded game replays exactly; Master (6)
uses the clock.  Weak levels err like people: a short horizon, a noisy
evaluation (the same error for the same position) and now and then a
near-best move instead of the best.  Level 1 does not even see that a move
of its own hems the opponent in; from level 3 up every win in one is
played and every avoidable loss in one avoided
(``tests/test_tor_ai_tactics.py``).

A turn of Tor has a few hundred forms (a step times the squares the token
in hand may go on), so the depths are small next to Mixtour's.

Each level spends at least twice the nodes of the one below at the page's
speed (Pyodide: about 21,700 nodes a second, ``node
tests/pyodide_bench_tor.mjs``), so Master's 2.5 s buy about 54,000 nodes
in the browser, against Expert's 20,000 (a test checks the rule).  The
arena gives Master 850 ms of CPU time in CPython to match that.

Measured ladder, before Master's switches below (seeded openings, each
played with both colours; ``python -m mixtour tor arena A B --pairs 50
--seed 21 --jobs 2``, Master with ``--time-ms 850``)::

    2 vs 1   74.5 %   3 vs 2   64.0 %   4 vs 3   69.0 %
    5 vs 4   75.0 %   6 vs 5   70.0 %           (100 games each)

The same with ``--seed 22`` (Master with its switches below)::

    2 vs 1   79.0 %   3 vs 2   75.0 %   4 vs 3   76.0 %
    5 vs 4   73.0 %   6 vs 5   81.5 %           (100 games each)

so over 200 games each step scores 76.8, 69.5, 72.5 and 74.0 % (6 vs 5
changed between the seeds); the one figure under 65 %, 3 vs 2 on the
first seed, is one seed's openings: the second gives 75 %.  Master with
the late-move reductions from depth 2 (below), ``--seed 23``: 6 vs 5
88.0 %, Elo +346 (+259 to +491).

Master evaluates with the weights fitted to self-play, the colours among
each side's steps counted (:data:`~mixtour.tor.ai.evaluate.TUNED_WEIGHTS`,
``tuned``; the other levels keep the hand-set ones).  Against Master with
the hand-set weights, 0.5 s of CPU a move (``tor arena master@FILE 6
--pairs 50 --seed 81 --time-ms 500``, FILE written by ``tor tune-eval
--games 300 --seed 1 --levels 1,2,3,4 --out FILE``): +61 =1 -38, 61.5 %,
Elo +81 (+14 to +156).  Against ``master-v2`` on the openings of the
runs below that scored 57.0 and 55.0 % (``tor arena 6 master-v2 --pairs
50 --seed 61 --time-ms 500 --jobs 2``): +61 =0 -39, 61.0 %, Elo +78
(+10 to +152).  The other figures against ``master-v2`` below were
measured before the fitted weights.

Master leaves the latest actions of quiet nodes near the leaves
unsearched (the kit's late-move pruning, ``lmp=(8, 16)``: a null-window
node of depth 1 that parries nothing tries its first 8 actions in the
search's order, one of depth 2 its first 16), and so reaches a ply deeper
in some positions in the same time.  Against ``master-v2``, 0.5 s of CPU
a move (December 2026)::

    tor arena 6 master-v2 --pairs 50 --seed 61 --time-ms 500 --jobs 2
      +71 =0 -29, 71.0 %, Elo +156 (+85 to +240)
      (61.0 % without the pruning, above, on the same openings)
    tor arena 6 master-v2 --pairs 100 --seed 101 --time-ms 500 --jobs 2
      +62 =0 -38 over the first 100 games (stopped there), 62.0 %
    tor arena 6 master-v2 --pairs 100 --seed 121 --time-ms 500 --jobs 2
      +124 =1 -75, 62.3 %, Elo +87 (+39 to +139); 60 of the first 100,
      where Master without the pruning scored 57 (--pairs 50)
    in all 257.5 of 400 games, 64.4 %
    other counts, the same commands: 8, 16 and 32 (depth 3 too), seed
    61: +70 =1 -29, 70.5 %; 5 and 10, seed 101: +65 =0 -35, 65.0 %
    tried with it and not kept: the history heuristic credited by a
    turn's parts, its step and its placement, and the turns ordered by
    the sum of the two (a fifth fewer nodes to depth 3 on 8 positions of
    the bench, one of them more than twice as many), seed 101: +65 =0
    -35, 65.0 %; seed 61: 29 of the first 44, as many as without it

Master also reduces the late actions of nodes of depth 2 (the kit's
late-move reductions from depth 2, ``lmr_from=2``, where the other levels
start at 3): after the hash move, the killers and the first four, the
actions of such a node are scored by the evaluation once the tactics
have looked for a hem, and searched again at full depth only when one
surprises.  A search to depth 3 takes half the nodes or fewer on most
positions of the bench (``tests/test_tor_ai.py``), and Master finishes
deeper iterations in the same time.  Against ``master-v2``, 0.5 s of CPU
a move (December 2026)::

    tor arena 6 master-v2 --pairs 100 --seed 131 --time-ms 500 --jobs 2
      +142 =0 -58, 71.0 %, Elo +156 (+105 to +213)
      (the pairs: 45 won both, 52 split, 3 lost both)
    tor arena 6 master-v2 --pairs 100 --seed 121 --time-ms 500 --jobs 2
      +135 =0 -65, 67.5 %, Elo +127 (+78 to +182), where Master without
      the reductions scored 62.3 % (above); 68 of the first 100, where
      the same search, switched on by an experiment, scored 72.5 and
      Master without it 60 (the clock alone parts two runs)
    in all 277 of 400 games, 69.3 %
    tried and not kept: with the reductions, pruning after 5 and 10
      actions instead of 8 and 16, --seed 121, first 100 games: +64 =0
      -36, 64.0 % (68 and 72.5 with 8 and 16); Master's steps table
      made never to fall (the fitted values from none to ten steps,
      -76 -233 -98 -54 9 6 64 -15 46 47 34, pooled where one falls
      below the one before: -233 -233 -98 -54 8 8 25 25 42 42 42),
      ``tor arena master@FILE master-v2``, the same openings: 49 of the
      first 80 (stopped; 55 and 56.5 with the fitted table); before
      them, the turns that leave the opponent the fewest steps ordered
      first (the game's promising actions): to depth 4 on 16 positions
      of the bench, 499,351 nodes in 7.95 s against 441,045 in 6.12 s

The pruning halves the time of a game's review (its looks are Master's
searches to a fixed depth), the reductions halve it again, and the
review's marks stay as they were (:mod:`mixtour.kit.review`).  In
Mixtour the same pruning and the same reductions gained nothing:
:mod:`mixtour.mixtour.ai.levels`.

Master searches with the kit's switches for a clock (``sharp``: deeper
late-move reductions, and the proven better move of an iteration cut
short).  Against Master without them, frozen as the arena's
``master-v2`` (:mod:`.tools.frozen`), 0.5 s of CPU time a move::

    tor arena 6 master-v2 --pairs 50 --seed 41 --time-ms 500 --jobs 2
      +65 =1 -34, 65.5 %, Elo +111 (+43 to +189)
    tor arena 6 master-v2 --pairs 100 --seed 51 --time-ms 500 --jobs 2
      +110 =0 -90, 55.0 %, Elo +35 (-13 to +84)
    in all 175.5 of 300 games, 58.5 %
    with the faster evaluation (8 % more nodes a second), run twice:
    tor arena 6 master-v2 --pairs 50 --seed 61 --time-ms 500 --jobs 2
      +57 =0 -43, 57.0 %; again +55 =0 -45, 55.0 %
    (the same openings and players: Master's clock alone parts the runs)

Levers tried against ``master-v2`` at 0.5 s and not kept (November 2026;
the target is 70 % over 200 paired games)::

    counting the opponent's steps after the mover's best hem (one ply of
    the key feature, without playing; 13 % slower a node), ``6`` being
    Master with that evaluation:
      tor arena 6 master-v2 --pairs 15 --seed 12 --time-ms 500   +17 =0 -13
      tor arena 6 master-v2 --pairs 10 --seed 13 --time-ms 500   +7 =0 -13
      the same in an experiment script, --seed 11, 5 pairs        +8 =0 -2
      in all 32 to 28 (53 %) over 60 games: no gain shown
    keeping an unfinished iteration's proven best move alone
    (keep_partial, kept later with deeper reductions, above):
      +3 =0 -3 over the first 6 games of --seed 11
      tor arena 6 master-v2 --pairs 50 --seed 31 --time-ms 500   +57 =0 -43
    keep_partial and, in Master's evaluation, each side's region: the
    squares its pawns can walk to through squares free for it, up to 16,
    at 4 a square (a third fewer nodes a second):
      tor arena 6 master-v2 --pairs 20 --seed 31 --time-ms 500   +27 =0 -13
      tor arena 6 master-v2 --pairs 100 --seed 41 --time-ms 500  +67 =0 -65
        (stopped after 132 games)
      at 8 a square, up to 20: +24 =0 -16 (--pairs 20 --seed 31)
      in all 118 of 212 (56 %): the 40 games of one seed flattered it
    keep_partial and reverse futility pruning at 40 a ply (a ply deeper
    in the same time, depth 5 instead of 4 in 2 s):
      +19 =1 -25 over the first 45 games of --pairs 50 --seed 31
    for scale, twice the time (master-v2 at 1000 ms against itself at
    500 ms, the arena's openings of --seed 12, 8 pairs): +10 =0 -6, 62.5 %
    looking one ply past the horizon where the mover must parry (such
    leaves flagged UNQUIET and searched with qdepth 1, every reply tried
    once; one ply deep it then finds every shipped win in two, but a
    review's position cost up to 12 times the nodes):
      tor arena 6 master-v2 --pairs 100 --seed 71 --time-ms 500 --jobs 2
        +63 =0 -38 over the first 101 games (62.4 %), where Master
        without it scored 29 of the first 38 and with it 24
    keeping the transposition table from one move to the next (Master
    at 0.3 s a move reached 4.05 plies on average instead of 3.64), as
    an experiment's arena player, master-kept:
      tor arena master-kept 6 --pairs 50 --seed 81 --time-ms 500
        +50 =1 -49, 50.5 % against Master without it
      tor arena master-kept master-v2 --pairs 100 --seed 71 --time-ms 500
        +61 =1 -42 over the first 104 games (59.1 %); 26 of the first
        38, where Master without it scored 29

Against today's Master (December 2026), the fitted weights of the
candidate in a file (``master@FILE``)::

    counting, for each side, the steps it keeps after the opponent's
    step that closes most of them, with a mark for one kept and one for
    none (a hem threatened one turn ahead), fitted with the other counts
    to 600 seeded games (tune-eval --games 600 --seed 1 --levels
    1,2,3,4: held-out log-loss 0.6170 without it, 0.6038 with it; every
    weight of the steps table free, else its rare end stood 128 above
    ten steps); 18 % fewer nodes a second:
      tor arena master@FILE 6 --pairs 50 --seed 81 --time-ms 500
        +53 =0 -47, 53.0 %, Elo +21 (-48 to +91)
      the same with 1.35 times Master's time (as many nodes or more),
      --pairs 25 --seed 91: +8 =0 -11 over the first 19 games
    the games of weak levels teach the fit that such threats decide
    games, but Master's search sees a hem one turn ahead by itself.
    More games alone change nothing: the 600 fitted without the new
    count predict their held-out games as Master's weights do (0.6170
    and 0.6173).
    each side's region, the squares its pawns could walk to through
    squares free for it, counted per square up to 16, per square past
    16 and once for 3 or fewer (the region tried above, now fitted; 9 %
    fewer nodes a second), fitted with the other counts:
      to the same 600 games (held-out log-loss 0.5973):
      tor arena master@FILE 6 --pairs 50 --seed 81 --time-ms 500
        +53 =0 -47, 53.0 %, Elo +21 (-48 to +91)
      to 300 games of levels 4 and 5 (tune-eval --games 300 --seed 1
      --levels 4,5: 0.6264, where Master's weights give 0.6433 and a
      fit without the region 0.6440), the same command:
        +47 =0 -53, 47.0 %, Elo -21 (-91 to +48)
    a count that tells who is ahead in a game's position need not tell
    which of two moves is better: what these fits measure (who won) is
    not what the search asks of its leaves.
    Master's steps table without its cliff (11 to 16 steps at 36 to 46,
    2 a step above ten steps' 34, instead of the hand-set 116 to 133):
      tor arena master@FILE 6 --pairs 50 --seed 81 --time-ms 500
        +49 =0 -51, 49.0 %, Elo -7 (-77 to +62)
    Master's counts fitted to his own deeper view instead of the
    results: every fourth position of the 600 games (3,645) labelled by
    Master's depth-3 score read at the review's scale, the fit otherwise
    tune-eval's (the move then weighs 72 instead of -12, and the
    held-out games' results are predicted worse, 0.6707 against 0.6100):
      tor arena master@FILE 6 --pairs 50 --seed 81 --time-ms 500
        +32 =2 -66, 33.0 %, Elo -123 (-202 to -55)
    the results of games, even of weak levels, teach the evaluation
    more than a shallow search with the same evaluation does.

Most pairs split (each side wins the same opening with the same colour):
the seeded openings decide many games, and only a player that wins both
games of a pair moves the score.

More search buys Tor's Master little over Expert: its evaluation, not its
depth, is the limit (a turn has a few hundred forms, so two or three
plies is what any budget here reaches).  Earlier figures, Master
(300 ms of CPU a move) against greedy, one ply by the evaluation: 75 %
(--seed 2, 12 games) and 83 % (--seed 1, 12 games).
"""

from __future__ import annotations

from typing import Final

from ...kit import levels as kit
from ...kit.levels import Level

__all__ = ["LEVELS", "LEVEL_NAMES", "Level", "parse_level"]


LEVELS: Final = {
    1: Level(
        1, "Beginner", 1, None, None, noise=150, pick_margin=150, pick_chance=0.7, see_wins=False
    ),
    2: Level(2, "Casual", 1, None, None, noise=40, pick_margin=30, pick_chance=0.25),
    3: Level(3, "Intermediate", 2, 2_500, None, noise=12),
    4: Level(4, "Advanced", 64, 8_000, None, noise=4),
    5: Level(5, "Expert", 64, 20_000, None, noise=0),
    6: Level(
        6, "Master", 64, None, 2_500, noise=0, sharp=True, tuned=True, lmp=(8, 16), lmr_from=2
    ),
}

LEVEL_NAMES: Final = kit.level_names(LEVELS)


def parse_level(text: str | int) -> int:
    """``3``, ``"3"`` or ``"intermediate"`` -> 3; raises ValueError."""
    return kit.parse_level(text, LEVELS)
