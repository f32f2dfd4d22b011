"""The analysis board under CPython: the tree of variations and its link
(mixtour/mixtour/variations.py), the page's bridge (web/py/analysis_bridge.py), the
continuous analysis (mixtour/mixtour/ai/analysis.py) and the worker's ``analyse``.

* A random tree written as text and read back is the same tree (Hypothesis),
  and so is its link with the node shown.
* A damaged or tampered tree never raises: what comes before the fault is
  kept, every node of it legal, and the fault is one of the documented ids.
* The continuous analysis reports every depth, one per step, deeper and
  deeper on the same search; a stop leaves it able to go on.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mixtour.kit.variations as tree_module
from mixtour.kit.variations import Tree as AnyTree
from mixtour.mixtour.ai.analysis import Analysis
from mixtour.mixtour.core import STANDARD_START, Action, MixtourError, Position
from mixtour.mixtour.game import Game
from mixtour.mixtour.link import format_link, parse_link
from mixtour.mixtour.variations import (
    MAX_NESTING,
    Node,
    Tree,
    format_analysis_link,
    parse_analysis_link,
)

WEB_PY = Path(__file__).resolve().parent.parent / "web" / "py"
if str(WEB_PY) not in sys.path:
    sys.path.insert(0, str(WEB_PY))

import ai_worker  # noqa: E402
from analysis_bridge import AnalysisBoard  # noqa: E402

FUZZ = settings(
    deadline=None,
    max_examples=120,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
ISSUE_IDS = {"tree-move", "tree-syntax", "tree-too-big", "bad-node"}


def shape(node: Node) -> list[Any]:
    """The tree below ``node`` as nested lists of action codes, in order."""
    return [[child.code, shape(child)] for child in node.children]


def random_tree(seed: int, size: int, start: str = STANDARD_START) -> tuple[Tree, list[Node]]:
    """A tree of up to ``size`` moves, each added at a random node of it."""
    rng = random.Random(seed)
    tree = Tree(start)
    nodes = [tree.root]
    for _ in range(size):
        at = rng.choice(nodes)
        legal = tree.game(at).legal_actions()
        if not legal:
            continue
        child = tree.add(at, rng.choice(legal).code)
        if child not in nodes:
            nodes.append(child)
    return tree, nodes


def all_legal(tree: AnyTree[Game]) -> bool:
    """Every node of the tree is a legal action where it stands."""
    return all(
        node.parent is not None and tree.game(node.parent).why_not(node.code) is None
        for node in tree.nodes()
    )


# -- the tree and its text ------------------------------------------------------------


@FUZZ
@given(st.integers(0, 2**32 - 1), st.integers(0, 40))
def test_a_tree_read_back_from_its_text_is_the_same_tree(seed: int, size: int) -> None:
    tree, nodes = random_tree(seed, size)
    text = tree.text()
    again, issues = Tree.parse(tree.start, text)
    assert issues == []
    assert shape(again.root) == shape(tree.root)
    assert again.text() == text
    assert again.size == tree.size == len(list(tree.nodes()))


@FUZZ
@given(st.integers(0, 2**32 - 1), st.integers(1, 30), st.integers(0, 10**6))
def test_the_link_round_trip_keeps_the_tree_and_the_node_shown(
    seed: int, size: int, pick: int
) -> None:
    tree, nodes = random_tree(seed, size)
    shown = nodes[pick % len(nodes)]
    link = parse_analysis_link("#" + format_analysis_link(tree, shown, flip=seed % 2 == 1))
    assert link.issues == []
    assert shape(link.tree.root) == shape(tree.root)
    assert link.node.path() == shown.path()
    assert link.flip == (seed % 2 == 1)


@FUZZ
@given(
    st.integers(0, 2**32 - 1),
    st.integers(1, 25),
    st.integers(0, 10**6),
    st.sampled_from(["delete", "insert", "replace"]),
    st.sampled_from(list(",()zc3-:") + ["pass", "e5:9-a1", "((", "))"]),
)
def test_a_tampered_tree_keeps_its_legal_part_and_says_what_was_wrong(
    seed: int, size: int, where: int, how: str, what: str
) -> None:
    tree, _ = random_tree(seed, size)
    text = tree.text()
    i = where % (len(text) + 1)
    if how == "delete":
        damaged = text[:i] + text[i + 1 :]
    elif how == "insert":
        damaged = text[:i] + what + text[i:]
    else:
        damaged = text[:i] + what + text[i + 1 :]
    read, issues = Tree.parse(tree.start, damaged)
    assert len(issues) <= 1
    assert {issue.id for issue in issues} <= ISSUE_IDS
    assert all(issue.text for issue in issues)
    assert all_legal(read)
    # What was kept is a tree of its own, written and read without fault.
    assert Tree.parse(read.start, read.text())[1] == []


@FUZZ
@given(st.text(max_size=80))
def test_any_text_as_a_tree_never_raises(text: str) -> None:
    link = parse_analysis_link("t=" + text + "&k=" + text[:3])
    assert all_legal(link.tree)
    assert link.node is link.tree.root or link.node in list(link.tree.nodes())


def test_the_text_writes_side_lines_in_brackets_after_the_move_they_replace() -> None:
    tree = Tree()
    c3 = tree.add(tree.root, "c3")
    b4 = tree.add(c3, "b4")
    tree.add(b4, "b4-c3")
    tree.add(tree.add(c3, "d4"), "e5")
    tree.add(c3, "a1")
    assert tree.text() == "c3,b4(d4,e5)(a1),b4-c3"
    assert [node.move for node in tree.nodes()] == ["c3", "b4", "d4", "e5", "a1", "b4-c3"]
    assert tree.number(b4) == 2 and tree.node(6).move == "b4-c3"
    assert tree.add(c3, "b4") is b4  # a move tried again is the same node


def test_an_illegal_move_in_a_link_stops_the_tree_there() -> None:
    tree, issues = Tree.parse(STANDARD_START, "c3,b4(d4,c3,e5),b4-c3")
    assert tree.text() == "c3,b4(d4)"
    assert [issue.id for issue in issues] == ["tree-move"]
    assert issues[0].args["index"] == 4 and issues[0].args["move"] == "c3"
    assert "occupied" in str(issues[0].args["detail"])


@pytest.mark.parametrize(
    ("text", "kept", "at"),
    [("(c3)", "", 1), ("c3)", "c3", 3), ("c3((d4)", "c3", 4), ("c3(d4", "c3(d4)", 5)],
)
def test_stray_brackets_are_reported_with_where_they_are(text: str, kept: str, at: int) -> None:
    tree, issues = Tree.parse(STANDARD_START, text)
    assert tree.text() == kept
    assert [(issue.id, issue.args["at"]) for issue in issues] == [("tree-syntax", at)]


def test_a_link_with_too_many_moves_keeps_the_first_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tree_module, "MAX_NODES", 5)
    tree, issues = Tree.parse(STANDARD_START, "c3,b4,b4-c3(a1)(a2),a3")
    assert tree.text() == "c3,b4,b4-c3(a1)(a2)"
    assert [issue.as_dict() for issue in issues] == [{"id": "tree-too-big", "args": {"limit": 5}}]
    with pytest.raises(MixtourError, match="full"):
        tree.add(tree.root, "e5")


def test_a_game_longer_than_the_tree_is_cut_and_shown_where_the_cut_falls(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tree_module, "MAX_NODES", 2)
    link = parse_analysis_link(format_link(Game(None, ["c3", "b4", "b4-c3"])))
    assert link.tree.text() == "c3,b4"
    assert [issue.as_dict() for issue in link.issues] == [
        {"id": "tree-too-big", "args": {"limit": 2}}
    ]
    assert link.node.move == "b4"
    assert link.game is not None and link.game.future() == []
    assert link.game.fen() == link.tree.game(link.node).fen()


def test_side_lines_nest_only_so_deep() -> None:
    tree = Tree()
    node = tree.root
    nesting = 0
    with pytest.raises(MixtourError, match="nest"):
        while nesting <= MAX_NESTING:
            legal = [str(a) for a in tree.game(node).legal_actions()]
            tree.add(node, legal[0])
            node = tree.add(node, legal[1])  # a side line, one deeper
            nesting += 1
    assert nesting == MAX_NESTING


def test_delete_and_promote() -> None:
    tree, _ = Tree.parse(STANDARD_START, "c3,b4(d4,e5)(a1),b4-c3")
    d4 = tree.node(3)
    tree.promote(tree.node(4))  # e5 lies in d4's side line: d4 becomes the main move
    assert tree.text() == "c3,d4(b4,b4-c3)(a1),e5"
    assert tree.delete(d4).move == "c3"
    assert tree.text() == "c3,b4(a1),b4-c3"
    assert tree.size == 4
    with pytest.raises(MixtourError):
        tree.delete(tree.root)


def test_a_game_link_opens_as_one_line_at_its_ply() -> None:
    game = Game(None, ["c3", "b4", "b4-c3"])
    game.goto(2)
    link = parse_analysis_link(format_link(game))
    assert link.tree.text() == "c3,b4,b4-c3"
    assert link.node.path() == [Action.parse("c3").code, Action.parse("b4").code]
    # The game read from the link is the one shown: no second replay, no redo list.
    assert link.game is not None and link.game.future() == []
    assert link.game.fen() == link.tree.game(link.node).fen() == game.fen()
    # t wins over m: the start and the tree are read, the game's actions not.
    link = parse_analysis_link("p=5/5/5/5/5_w_20/20_0/0_1_-&m=a1&t=e5&k=1")
    assert link.tree.text() == "e5" and link.issues == []


def test_play_two_players_is_a_game_link_with_no_computer() -> None:
    # The analysis board's "Play two players" writes ai=0: every seat a person.
    link = parse_link("p=5/5/5/5/5_w_20/20_0/0_1_-&m=c3,b4&ai=0")
    assert link.seats == {} and link.ai is None and link.problems == []
    assert parse_link("m=c3&ai=7").problems == ["AI level '7' must be 1 to 6"]


def test_a_node_that_is_not_there_shows_the_start_and_says_so() -> None:
    link = parse_analysis_link("t=c3,b4&k=7")
    assert link.node is link.tree.root
    assert [issue.as_dict() for issue in link.issues] == [{"id": "bad-node", "args": {"node": "7"}}]


# -- the page's bridge ------------------------------------------------------------------


def call(board: AnalysisBoard, name: str, *args: Any) -> Any:
    return json.loads(getattr(board, name)(*args))


def test_the_bridge_builds_a_tree_by_moves_for_both_sides() -> None:
    board = AnalysisBoard()
    call(board, "open", "")
    view = call(board, "play", "c3")["state"]
    view = call(board, "play", "b4")["state"]
    assert view["link"].endswith("t=c3,b4&k=2&at=" + view["fen"].replace(" ", "_"))
    assert view["turn"] == "w"
    view = call(board, "step", "back")
    assert view["node"] == 1 and view["child"] == 2
    view = call(board, "play", "d4")["state"]
    assert view["link"].endswith("t=c3,b4(d4)&k=3&at=" + view["fen"].replace(" ", "_"))
    assert view["side"] is True
    (main,) = (entry for entry in view["tree"] if entry["move"] == "b4")
    assert [e["move"] for e in main["vars"][0]] == ["d4"]
    assert main["color"] == "r"
    assert call(board, "step", "up")["node"] == 2  # b4: the main move at that place
    assert call(board, "step", "up")["node"] == 2  # nothing before it
    assert call(board, "step", "down")["node"] == 3  # d4 again
    assert call(board, "step", "down")["node"] == 3
    assert call(board, "select", 2)["node"] == 2
    view = call(board, "delete", 3)
    assert "t=c3,b4&k=2&at=" in view["link"]
    refused = call(board, "play", "b4")
    assert refused["ok"] is False and refused["reason"]["id"] == "occupied"
    assert "t=c3,b4&k=2&at=" in call(board, "state")["link"]  # nothing changed


def test_the_bridge_reports_a_tampered_link_and_still_shows_a_position() -> None:
    board = AnalysisBoard()
    answer = call(board, "open", "#t=c3,b4(zz),d4&k=2")
    assert [issue["id"] for issue in answer["issues"]] == ["tree-move"]
    assert answer["problems"][0].startswith("the link's variations stop at move 3")
    assert answer["state"]["fen"] == Game(None, ["c3", "b4"]).fen()
    answer = call(board, "open", "#p=garbage&t=c3")
    assert answer["issues"][0]["id"] == "bad-position"
    assert answer["state"]["link"].endswith("&t=c3&k=0") and answer["state"]["moves"] == []


# -- the continuous analysis --------------------------------------------------------------


def test_each_step_reports_one_depth_more_of_the_same_search() -> None:
    analysis = Analysis(STANDARD_START, ["c3", "b4"])
    reports = [analysis.step() for _ in range(4)]
    assert [r.depth for r in reports if r] == [1, 2, 3, 4]
    nodes = [r.nodes for r in reports if r]
    assert nodes == sorted(nodes) and nodes[0] < nodes[-1]
    for report in reports:
        assert report is not None and not report.done and report.turn == "w"
        game = Game(None, ["c3", "b4"])
        for move in report.pv:  # the line is legal from the position analysed
            game.play(move)
        assert report.label["kind"] in {"equal", "slightly", "better", "winning"}


def test_the_analysis_reports_as_before_it_moved_to_the_kit() -> None:
    """tests/data/mixtour_analysis.json holds the reports of six positions
    (two set, four of seeded random games) as Mixtour's own analysis made them
    before its game-neutral part moved to mixtour/kit/analysis.py: the same
    depths, scores, labels, lines and node counts."""
    cases = json.loads((Path(__file__).parent / "data" / "mixtour_analysis.json").read_text())
    assert len(cases) == 6
    for case in cases:
        analysis = Analysis(case["start"], case["actions"])
        for expected in case["reports"]:
            report = analysis.step()
            assert report is not None
            got = report.as_json()
            del got["time_ms"]
            assert got == expected, (case["actions"], expected["depth"])


def test_a_stopped_step_keeps_the_analysis_and_the_next_one_completes_the_depth() -> None:
    analysis = Analysis(STANDARD_START, ["c3", "b4"])
    assert analysis.step() is not None
    assert analysis.step(stop=lambda: True) is None
    assert analysis.depth == 1
    report = analysis.step()
    assert report is not None and report.depth == 2


def test_a_forced_win_is_proven_and_labelled_with_its_moves() -> None:
    analysis = Analysis("5/5/rrw,1,ww,2/5/5 w 17/18 0/0 1 -", [])
    report = analysis.step()
    assert report is not None and report.done and report.pv[0] == "a3:3-c3"
    assert report.label == {"side": "w", "kind": "win", "moves": 1}
    assert analysis.step() is report  # nothing more to search


def test_an_ended_game_reports_its_result() -> None:
    game = Game("5/5/rrw,1,ww,2/5/5 w 17/18 0/0 1 -", ["a3:3-c3"])
    report = Analysis(game.start, ["a3:3-c3"]).step()
    assert report is not None and report.done and report.pv == ()
    assert report.label["side"] == "w" and report.label["kind"] == "won"


def test_a_forced_pass_is_followed_and_shown_in_the_line() -> None:
    # White has no disc in hand and no stack that can move: it must pass (R7).
    start = "w,3,w/5/5/5/w,1,w,1,w w 0/5 0/0 1 -"
    assert [str(a) for a in Game(start).legal_actions()] == ["pass"]
    analysis = Analysis(start, [])
    report = analysis.step()
    assert report is not None and report.pv[0] == "pass" and report.turn == "w"
    # The score is the one of the position after the pass, seen from White.
    after = Analysis(start, ["pass"]).step()
    assert after is not None and report.score == after.score


def test_three_players_are_refused() -> None:
    with pytest.raises(MixtourError, match="two-player"):
        Analysis(Position.start(players=3).fen(), [])


# -- the worker ------------------------------------------------------------------------


def analyse(**request: Any) -> Any:
    return json.loads(ai_worker.analyse_now(json.dumps(request)))


def test_the_worker_deepens_one_position_request_by_request() -> None:
    first = analyse(id=1, start=STANDARD_START, actions=["c3"], depth=1)
    second = analyse(id=2, start=STANDARD_START, actions=["c3"], depth=2)
    third = analyse(id=3, start=STANDARD_START, actions=["c3"], depth=3)
    assert [a["depth"] for a in (first, second, third)] == [1, 2, 3]
    assert first["nodes"] < second["nodes"] < third["nodes"]  # one search, kept
    assert third["id"] == 3 and third["cancelled"] is False and third["error"] is None
    assert 0 < third["white"] < 1 and third["turn"] == "r"
    # Another position starts afresh, at depth 1.
    other = analyse(id=4, start=STANDARD_START, actions=["d4"], depth=1)
    assert other["depth"] == 1 and other["nodes"] < third["nodes"]


def test_the_worker_says_why_it_cannot_analyse() -> None:
    three = analyse(id=1, start=Position.start(players=3).fen(), actions=[], depth=1)
    assert "two-player" in three["error"]
    bad = analyse(id=2, start=STANDARD_START, actions=["c3", "c3"], depth=1)
    assert "occupied" in bad["error"]
    with pytest.raises(ValueError, match="depth"):
        analyse(id=3, start=STANDARD_START, actions=[], depth=99)
    with pytest.raises(RuntimeError, match="asked the worker to fail"):
        analyse(id=4, start=STANDARD_START, actions=[], depth=1, crash=True)


def test_the_link_carries_the_position_shown_for_the_page_to_draw_first() -> None:
    tree = Tree()
    game = Game()
    node = tree.root
    for action in ("c3", "b4", "b4-c3"):
        node = tree.add(node, action)
        game.play(action)
    text = format_analysis_link(tree, node, at=game.fen())
    assert text.endswith("&at=" + game.fen().replace(" ", "_"))
    link = parse_analysis_link("#" + text)
    assert link.issues == []
    assert link.node.path() == node.path()
    # Never read back: a wrong at= changes nothing of what is shown.
    link = parse_analysis_link("#" + text.replace("&at=", "&at=5/5/5/5/5_r_"))
    assert link.issues == [] and link.node.path() == node.path()


def test_a_game_longer_than_the_tree_holds_is_cut_and_said(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game link of more actions than the tree holds (MAX_NODES, 1,000: here
    made 20 to keep the game short) opened a page that never became ready ("the
    tree is full" raised); it is now cut with the tree-too-big note, as t= is."""
    monkeypatch.setattr(tree_module, "MAX_NODES", 20)
    game = Game()
    rng = random.Random(3)
    while game.ply < 30:
        actions = game.legal_actions()
        rng.shuffle(actions)
        for action in actions:
            game.play(action)
            if not game.result.is_over:
                break
            game.undo()
    fragment = format_link(game)
    link = parse_analysis_link(fragment)
    assert link.tree.size == 20
    assert [issue.id for issue in link.issues] == ["tree-too-big"]
    board = AnalysisBoard()
    opened = json.loads(board.open(fragment))
    assert opened["issues"] == [{"id": "tree-too-big", "args": {"limit": 20}}]
    assert len(opened["state"]["moves"]) <= 20
