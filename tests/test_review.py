"""Game review (mixtour/mixtour/ai/review.py) and the worker's review functions, under CPython."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest
from reviews import verdict

from mixtour.kit.review import CONFIRM, DECIDED
from mixtour.mixtour.ai.review import (
    CLASSES,
    REVIEW,
    SCALE,
    THRESHOLDS,
    PlyAnalysis,
    ReviewError,
    analyse,
    analyse_ply,
    classify,
    expected,
    label,
    report,
    review_game,
)
from mixtour.mixtour.ai.search import WIN
from mixtour.mixtour.ai.tools import tune
from mixtour.mixtour.core import STANDARD_START, Position
from mixtour.mixtour.game import Game

WEB_PY = Path(__file__).resolve().parent.parent / "web" / "py"
if str(WEB_PY) not in sys.path:
    sys.path.insert(0, str(WEB_PY))

import ai_worker  # noqa: E402

# Eight plies of careless play, then Red's e5:2-e4 leaves White's e4 stack
# (three discs, White on top) one move from a tower on c2 (two discs):
# White's e4:3-c2 wins at once. Red had other moves that kept it shut.
PLANTED = ["d4", "b2", "c2", "e5", "e4", "d4-e5", "b2-c2", "e5:2-e4", "e4:3-c2"]
BLUNDER_PLY = 8  # the verdict on the 8th action (index 7)
DEPTH = 3


@pytest.fixture(scope="module")
def planted() -> tuple[list[PlyAnalysis], dict[str, object]]:
    plies = review_game(STANDARD_START, PLANTED, depth=DEPTH)
    return plies, report(plies, PLANTED)


def test_thresholds_split_the_losses_into_classes() -> None:
    good, inaccuracy, mistake = THRESHOLDS
    assert classify(0.0) == "good"
    assert classify(good - 0.001) == "good"
    assert classify(good) == "inaccuracy"
    assert classify(inaccuracy - 0.001) == "inaccuracy"
    assert classify(inaccuracy) == "mistake"
    assert classify(mistake - 0.001) == "mistake"
    assert classify(mistake) == "blunder"
    assert classify(0.9) == "blunder"
    assert classify(0.3, is_best=True) == "best"
    # Opening a winning tower is a blunder whatever the scores say.
    assert classify(0.0, is_best=True, gives_win=True) == "blunder"
    assert CLASSES == ("best", "good", "inaccuracy", "mistake", "blunder")


def test_expected_result_uses_the_tuners_scale() -> None:
    assert expected(0) == 0.5
    assert SCALE == tune.SCALE  # the scale the evaluation's weights were fitted at
    assert expected(int(SCALE)) == pytest.approx(1 / (1 + math.exp(-1)))
    assert expected(WIN - 5) == 1.0 and expected(5 - WIN) == 0.0
    assert expected(300) > expected(100) > expected(-100)


def test_labels_say_who_is_winning_in_words() -> None:
    assert label(0, 0) == {"side": None, "kind": "equal", "moves": 0}
    assert label(150, 1)["kind"] == "slightly"
    assert label(-300, 0) == {"side": "r", "kind": "better", "moves": 0}
    assert label(800, 0) == {"side": "w", "kind": "winning", "moves": 0}
    # A forced win counts the winner's own moves: 1 ply -> 1, 3 plies -> 2.
    assert label(WIN - 1, 0) == {"side": "w", "kind": "win", "moves": 1}
    assert label(-(WIN - 3), 0) == {"side": "r", "kind": "win", "moves": 2}
    assert label(WIN, 1)["kind"] == "won"


def test_planted_blunder_is_found(planted: tuple[list[PlyAnalysis], dict[str, object]]) -> None:
    plies, review = planted
    before = plies[BLUNDER_PLY - 1]
    assert before.gives_win and before.avoidable
    assert (
        before.best is not None and before.best != Game(STANDARD_START, PLANTED).actions()[7].code
    )
    move = verdict(review, BLUNDER_PLY)
    assert move["kind"] == "blunder"
    assert move["color"] == "r"
    assert move["best"] != "e5:2-e4" and move["pv"]
    # After it White wins in one: the label says so, the graph is at White's end.
    assert review["labels"][BLUNDER_PLY] == {"side": "w", "kind": "win", "moves": 1}  # type: ignore[index]
    assert review["graph"][BLUNDER_PLY] == 1.0  # type: ignore[index]
    summary = review["summary"]
    assert isinstance(summary, dict)
    assert summary["r"]["blunder"] >= 1
    assert sum(summary["w"].values()) + sum(summary["r"].values()) == len(PLANTED)


def test_the_winning_move_is_marked_best(
    planted: tuple[list[PlyAnalysis], dict[str, object]],
) -> None:
    plies, review = planted
    assert plies[-2].best is not None
    assert verdict(review, len(PLANTED))["kind"] == "best"
    assert verdict(review, len(PLANTED))["best"] == "e4:3-c2"
    # The game is over at the last position: no best move, White has won.
    assert plies[-1].best is None and plies[-1].score == WIN
    assert review["labels"][-1] == {"side": "w", "kind": "won", "moves": 0}  # type: ignore[index]


def test_review_is_deterministic_at_a_fixed_depth(
    planted: tuple[list[PlyAnalysis], dict[str, object]],
) -> None:
    plies, _ = planted
    assert review_game(STANDARD_START, PLANTED, depth=DEPTH) == plies


def test_opening_a_tower_in_a_lost_game_is_no_blunder() -> None:
    # Red is already lost (a proven loss) and lets White win at once: best
    # play could not save it, so the move is judged by the scores alone.
    lost = PlyAnalysis(0, 1, WIN - 5, 7, (7,), 3, 10, WIN - 2, gives_win=True, avoidable=True)
    after = PlyAnalysis(1, 0, WIN - 1, 8, (8,), 3, 10)
    review = report([lost, after], ["a2"])
    assert review["moves"][0]["kind"] == "good"
    # The same move from an even game is a blunder.
    even = PlyAnalysis(0, 1, 0, 7, (7,), 3, 10, WIN - 2, gives_win=True, avoidable=True)
    assert report([even, after], ["a2"])["moves"][0]["kind"] == "blunder"


def test_the_second_look_is_taken_at_a_candidate_blunder_only(
    planted: tuple[list[PlyAnalysis], dict[str, object]],
) -> None:
    plies, review = planted
    before = plies[BLUNDER_PLY - 1]
    # Red's move that opens White's tower is searched again, one ply deeper,
    # and the deeper look sees the loss too: still a blunder.
    assert before.deep_depth == DEPTH + 1
    assert before.deep_score is not None and before.deep_played is not None
    assert expected(-before.deep_score) - expected(-before.deep_played) >= CONFIRM
    assert verdict(review, BLUNDER_PLY)["kind"] == "blunder"
    # The winning move is the engine's own choice: no second look.
    assert plies[-2].deep_depth == 0 and plies[-2].deep_score is None
    for p in plies[:-1]:
        if p.deep_depth == 0:
            assert p.played is not None and p.best is not None
            sign = 1 if p.turn == 0 else -1  # scores are for White
            assert expected(sign * p.score) - expected(sign * p.played) < CONFIRM


def test_a_loss_only_one_depth_sees_is_not_a_mistake() -> None:
    # At depth 4 the move seems to drop White from +100 to -300 (a loss of
    # 0.37: a blunder); one ply deeper the best move is worth +60 and the
    # move played +40 (0.02). The loss does not hold: the move is good.
    seen_once = PlyAnalysis(0, 0, 100, 7, (7,), 4, 10, -300, False, False, 5, 60, 40)
    after = PlyAnalysis(1, 1, -290, 8, (8,), 4, 10)
    assert report([seen_once, after], ["a2"], calibrated=False)["moves"][0]["kind"] == "blunder"
    move = report([seen_once, after], ["a2"])["moves"][0]
    assert move["kind"] == "good"
    assert move["loss"] == round(expected(60) - expected(40), 3)
    # Where the deeper look sees it too, the smaller of the two losses counts.
    seen_twice = PlyAnalysis(0, 0, 100, 7, (7,), 4, 10, -300, False, False, 5, 60, -250)
    move = report([seen_twice, after], ["a2"])["moves"][0]
    assert move["kind"] == "blunder"
    assert move["loss"] == round(expected(60) - expected(-250), 3)
    # Red's moves are judged from Red's side (scores are for White).
    red = PlyAnalysis(1, 1, -100, 8, (8,), 4, 10, 300, False, False, 5, -60, -40)
    red_after = PlyAnalysis(2, 0, 290, 9, (9,), 4, 10)
    moves = report([seen_once, red, red_after], ["a2", "b2", "c2"])["moves"]
    assert [m["kind"] for m in moves] == ["good", "good"]


def test_opening_a_win_in_a_game_lost_anyway_is_no_blunder() -> None:
    # Red is far behind at both depths (White at +900 and +950: Red's
    # expected result under DECIDED, though no loss is proven) and lets
    # White win at once: the game was lost anyway, so the scores judge it.
    assert expected(-900) < DECIDED and expected(-950) < DECIDED
    lost = PlyAnalysis(0, 1, 900, 7, (7,), 4, 10, WIN - 2, True, True, 5, 950, WIN - 2)
    after = PlyAnalysis(1, 0, WIN - 1, 8, (8,), 4, 10)
    assert report([lost, after], ["a2"], calibrated=False)["moves"][0]["kind"] == "blunder"
    assert report([lost, after], ["a2"])["moves"][0]["kind"] == "good"
    # Behind, but not lost at the deeper look: opening the win is a blunder.
    behind = PlyAnalysis(0, 1, 900, 7, (7,), 4, 10, WIN - 2, True, True, 5, 400, WIN - 2)
    assert report([behind, after], ["a2"])["moves"][0]["kind"] == "blunder"
    # Throwing away a won game is a blunder, however sure the win was.
    won = PlyAnalysis(0, 1, -900, 7, (7,), 4, 10, WIN - 2, True, True, 5, -950, WIN - 2)
    assert report([won, after], ["a2"])["moves"][0]["kind"] == "blunder"


def test_a_worse_move_in_a_decided_game_is_no_mistake() -> None:
    # White wins by force either way (+1500 after the best move, +800 after
    # the one played): both beyond 1 - DECIDED, so the loss is small.
    assert expected(800) > 1 - DECIDED
    won = PlyAnalysis(0, 0, 1500, 7, (7,), 4, 10, 800, False, False, 5, 1400, 850)
    after = PlyAnalysis(1, 1, 820, 8, (8,), 4, 10)
    assert report([won, after], ["a2"])["moves"][0]["kind"] == "good"


def test_report_of_a_partial_review_judges_only_the_moves_analysed_on_both_sides(
    planted: tuple[list[PlyAnalysis], dict[str, object]],
) -> None:
    plies, _ = planted
    partial = report(plies[:4], PLANTED)
    assert [m["ply"] for m in partial["moves"]] == [1, 2, 3]
    assert len(partial["graph"]) == 4


def test_three_players_and_bad_plies_are_refused() -> None:
    three = Position.start(players=3).fen()
    with pytest.raises(ReviewError, match="two-player"):
        analyse_ply(three, [], 0, depth=1)
    with pytest.raises(ReviewError, match="ply 5"):
        analyse_ply(STANDARD_START, ["c3"], 5, depth=1)


def test_analysis_round_trips_through_json(
    planted: tuple[list[PlyAnalysis], dict[str, object]],
) -> None:
    plies, _ = planted
    for p in plies:
        assert REVIEW.ply_from_json(json.loads(json.dumps(REVIEW.ply_json(p)))) == p
    with pytest.raises(ValueError, match="malformed"):
        REVIEW.ply_from_json({"ply": 0})
    # An answer without the second look (an older worker's) reads as none taken.
    old = {k: v for k, v in REVIEW.ply_json(plies[0]).items() if not k.startswith("deep")}
    assert REVIEW.ply_from_json(old) == plies[0]


def test_worker_reviews_one_position_and_reports(
    planted: tuple[list[PlyAnalysis], dict[str, object]],
) -> None:
    plies, review = planted
    answers = []
    for ply in range(len(PLANTED) + 1):
        request = {"id": 4, "start": STANDARD_START, "actions": PLANTED, "ply": ply, "depth": DEPTH}
        answer = json.loads(ai_worker.review_now(json.dumps(request)))
        assert answer["id"] == 4 and answer["cancelled"] is False
        answers.append(answer)
    assert [REVIEW.ply_from_json(a) for a in answers] == plies
    reported = json.loads(
        ai_worker.review_report(json.dumps({"actions": PLANTED, "plies": answers}))
    )
    assert reported == json.loads(json.dumps(review))


def test_worker_refuses_a_bad_review_request() -> None:
    with pytest.raises(ValueError, match="depth 40"):
        ai_worker.review_now(
            json.dumps({"start": STANDARD_START, "actions": [], "ply": 0, "depth": 40})
        )
    with pytest.raises(ValueError, match="list"):
        ai_worker.review_now(json.dumps({"start": STANDARD_START, "actions": "c3", "ply": 0}))


def test_graph_takes_the_mean_of_two_depths_so_quiet_moves_do_not_zigzag() -> None:
    # Depth 4 says +66 then -68 (each side likes having the move); the look
    # one ply shallower from the start said -60 for the second position.
    first = PlyAnalysis(0, 0, 66, 7, (7,), 4, 10, played=-60)
    second = PlyAnalysis(1, 1, -68, 8, (8,), 4, 10)
    review = report([first, second], ["a2"])
    assert review["graph"][0] == round(2 * expected(66) - 1, 3)
    assert review["graph"][1] == round(2 * expected(-64) - 1, 3)
    # A proven result is shown as it is.
    won = PlyAnalysis(1, 1, WIN - 1, None, (), 0, 0)
    assert report([first, won], ["a2"])["graph"][1] == 1.0


def test_a_forced_pass_is_scored_by_the_position_it_leads_to() -> None:
    # White has no disc in hand and no stack that can move: passing is all it can do.
    fen = "w,3,w/5/5/5/w,1,w,1,w w 0/5 0/0 1 -"
    pos = Position(fen)
    assert [str(a) for a in Game(fen).legal_actions()] == ["pass"]
    score, best, pv, _, _ = analyse(pos, depth=2)
    pos.push(best if best is not None else -1)
    after, _, _, _, _ = analyse(pos, depth=2)
    pos.pop()
    assert score == -after != 0
    assert pv[0] == best
    plies = review_game(fen, ["pass", "c3"], depth=2)
    assert verdict(report(plies, ["pass", "c3"]), 1)["kind"] == "best"


RECORDED = Path(__file__).resolve().parent / "data" / "mixtour_review.json"


def test_review_gives_the_recorded_results_of_seeded_games() -> None:
    # Five games (the planted blunder, a forced pass, three seeded games of
    # level 2 self-play) reviewed by mixtour/mixtour/ai/review.py as it was before the
    # review moved to the kit: every analysis, report and partial report again.
    games = json.loads(RECORDED.read_text(encoding="utf-8"))["games"]
    assert len(games) == 5
    for game in games:
        start, actions, depth = game["start"], game["actions"], game["depth"]
        # The second look (absent then) adds three entries and its nodes, and
        # changes nothing else; the report without it is the one recorded.
        plies = review_game(start, actions, depth=depth)
        for p, recorded in zip(plies, game["plies"], strict=True):
            now = {k: v for k, v in REVIEW.ply_json(p).items() if not k.startswith("deep")}
            if p.deep_depth:
                assert now.pop("nodes") > recorded.pop("nodes")
            assert now == recorded, actions
        old = report(plies, actions, calibrated=False)
        assert json.loads(json.dumps(old)) == game["report"]
        half = plies[: len(plies) // 2]
        old = report(half, actions, calibrated=False)
        assert json.loads(json.dumps(old)) == game["partial"]


@pytest.mark.parametrize("game", ["mixtour", "tor"])
def test_review_calibrate_prints_the_marks_of_its_games(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from mixtour.__main__ import main
    from mixtour.kit.cli import calibration_game, mark_counts
    from mixtour.kit.games import game_ai

    prefix = [] if game == "mixtour" else ["tor"]
    command = [*prefix, "review-calibrate", "--games", "1", "--depth", "1", "--levels", "1,2"]
    assert main([*command, "--seed", "3", "-q"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = {tuple(line.split()[:3]): line.split()[3:] for line in out}
    # Game 0: level 1 has the first player's seat, level 2 the second's.
    ai = game_ai(game)
    actions = calibration_game(game, 0, 3, (1, 2))
    plies = ai.review.review_game(ai.start, actions, depth=1)
    for way, calibrated in (("before", False), ("after", True)):
        report = ai.review.report(plies, actions, calibrated=calibrated)
        for level, marks in zip((1, 2), mark_counts(report, ai.review.rules.colors), strict=True):
            cells = rows[(way, str(level), "1")]
            # median / mean for inaccuracy, mistake, blunder: one game, both its count.
            shown = [float(c) for c in cells if c != "/"]
            counts = [marks[m] for m in ("inaccuracy", "mistake", "blunder")]
            assert shown == [float(n) for n in counts for _ in range(2)], (way, level, cells)
    assert main([*prefix, "review-calibrate", "--levels", "2,9"]) == 2
    assert main([*prefix, "review-calibrate", "--levels", "2"]) == 2
    assert "two levels" in capsys.readouterr().err
