"""`companion replay --expect PLAYED`: the camera's record checked against the game
really played (issue 24's "done": a game on the printed board replays into its exact
record; the trial at a real table compares it with the moves written down)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from test_replay_hex import _record_video

from companion.cli import main
from companion.cli.expect import first_difference
from companion.cli.replay_hex import _parting, same_boards
from companion.games import get_game
from companion.games.json_types import JSON, JSONObject


@pytest.mark.slow
def test_the_camera_s_game_is_checked_against_the_game_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same game: exit 0 and the last line says so. The last turn's move written
    otherwise, as another legal move (H3): exit 1, the turn and both moves said."""
    played = _record_video(tmp_path / "board")
    same, other = tmp_path / "played.json", tmp_path / "other.json"
    same.write_text(json.dumps(played), encoding="utf-8")
    turns: Any = json.loads(json.dumps(played["turns"]))
    before = get_game("hex").from_record({**played, "turns": [*turns[:-1], turns[-1][:-1]]})
    read = turns[-1][-1]
    turns[-1][-1] = next(str(a) for a in before.legal_actions() if str(a) != read)
    other.write_text(json.dumps({**played, "turns": turns}), encoding="utf-8")
    where = f"turn {len(turns)}, move {len(turns[-1])}"
    argv = ["replay", str(tmp_path / "board"), "--game", "hex", "--players", "Black,White"]

    assert main([*argv, "--fps", "5", "--expect", str(same)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.endswith(f"; the same game as {same}"), last

    assert main([*argv, "--fps", "5", "--expect", str(other), "--json"]) == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out)["record"] == played  # the record read, as ever
    last = captured.err.strip().splitlines()[-1]
    said = f'; not the game in {other}: {where}: the camera read "{read}", the record says '
    assert said + f'"{turns[-1][-1]}"; they part between frame ' in last, last
    # the frames of the last move both agree on and of the camera's move after it
    part = re.fullmatch(
        r".*frame (\d+) \((\d+\.\d) s\), the last move both agree on, and frame (\d+) "
        r'\((\d+\.\d) s\), where the camera read "([a-k0-9-]+)"',
        last,
    )
    assert part is not None, last
    first, since, then, until, moved = part.groups()
    assert 0 < int(first) < int(then) <= 114 and moved == read
    assert (float(since), float(until)) == (int(first) / 5, int(then) / 5)  # 5 frames a second


def test_a_played_record_that_breaks_a_rule_is_refused_before_the_frames(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H3: the record played is read by the engine first (one line, exit 2), and one of
    another game is refused; the frames (none here) are never opened."""
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps({"game": "hex", "players": ["A", "B"], "turns": [["a1-k6"]]}),
        encoding="utf-8",
    )
    argv = ["replay", str(tmp_path / "none"), "--game", "hex", "--players", "A,B"]
    assert main([*argv, "--expect", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"companion replay: --expect {bad}:"), err
    trump = Path(__file__).resolve().parents[2] / "examples" / "trump" / "short.json"
    assert main([*argv, "--expect", str(trump)]) == 2
    assert "a record of 'trump', not of 'hex'" in capsys.readouterr().err


def test_which_copy_of_a_card_is_not_the_game() -> None:
    """A card's copy (``#2``) is left out: the players write the card, not its copy."""
    read: JSONObject = {"rounds": [{"tricks": [["Y1#2", "R3"]]}]}
    same: JSONObject = {"rounds": [{"tricks": [["Y1", "R3#1"]]}]}
    other: JSONObject = {"rounds": [{"tricks": [["Y1", "R5"]]}]}
    assert first_difference(read, same) is None
    assert first_difference(read, other) == (
        'round 1, trick 1, card 2: the camera read "R3", the record says "R5"'
    )


def test_a_move_missed_is_said_where_the_turns_part_not_by_their_count() -> None:
    """H2: the camera missed White's second move of turn 2 (the turn then ended by the
    button, the game went on): the first difference is turn 2's moves, not the number
    of turns, which that made differ too."""
    read: JSONObject = {"turns": [["b2-c2"], ["k5-j5"], ["c2-d2"]]}
    played: JSONObject = {"turns": [["b2-c2"], ["k5-j5", "k6-j6"], ["c2-d2"], ["j6-i6"]]}
    assert first_difference(read, played) == "turn 2: the camera read 1 move, the record says 2"
    assert first_difference({"turns": [["b2-c2"]]}, {"turns": [["b2-c2"], ["k5-j5"]]}) == (
        "turns: the camera read 1 turn, the record says 2"
    )


@pytest.mark.parametrize(
    ("read", "played", "said"),
    [
        (  # another move read: from the last both agree on to the camera's move
            ["b2-c2", "k5-j5", "c2-d2"],
            ["b2-c2", "k5-j5", "c2-d3"],
            "frame 52 (10.4 s), the last move both agree on, and frame 60 (12.0 s), "
            'where the camera read "c2-d2"',
        ),
        (  # fewer moves read: from the last both agree on to the recording's end
            ["b2-c2", "k5-j5"],
            ["b2-c2", "k5-j5", "c2-d2"],
            "frame 52 (10.4 s), the last move both agree on, and frame 114 (22.8 s), the end",
        ),
        (  # the first move already differs: from the start
            ["b2-c3"],
            ["b2-c2"],
            'frame 0 (0.0 s), the start, and frame 31 (6.2 s), where the camera read "b2-c3"',
        ),
        (["b2-c2", "k5-j5"], ["b2-c2", "k5-j5"], ""),  # the same moves: nothing to say
    ],
)
def test_expect_says_between_which_frames_the_moves_part(
    read: list[str], played: list[str], said: str
) -> None:
    """Issue 24 "done": a real game checked against its record points into the recording
    where to look (``companion calibrate --board --frame`` shows a frame), each move read
    known by its time and frame."""
    moments = [(6.2, 31), (10.4, 52), (12.0, 60)][: len(read)]
    found = _parting(read, played, moments, (22.8, 114))
    assert found == (f"; they part between {said}" if said else "")


def _turns(turns: list[list[str]]) -> JSON:
    return [list[JSON](moves) for moves in turns]


@pytest.mark.parametrize(
    ("read", "said"),
    [
        # A strike piece set down two cells on at once (H3: two moves), by either path.
        ([["b2-c2"], ["j6-i6", "k5-j5"], ["c2-c3", "c3-d4"]], ' (turn 3 read as "c2-c3 c3-d4"'),
        # Two moves made at once, read in the other order.
        ([["b2-c2"], ["k5-j5", "j6-i6"], ["c2-d3", "d3-d4"]], ' (turn 2 read as "k5-j5 j6-i6"'),
        ([["b2-c2"], ["j6-i6", "k5-j5"], ["c2-d3", "d3-d4"]], ""),  # as written
    ],
)
def test_a_turn_read_another_way_to_the_same_board_is_the_game_played(
    read: list[list[str]], said: str
) -> None:
    """H3, docs/hex-referee.md section 6: a turn's moves made at once show the camera
    only where the pieces end; the moves written one way and read another, as many and
    to the same board, are the same game: compared as written, the way read said."""
    written = [["b2-c2"], ["j6-i6", "k5-j5"], ["c2-d3", "d3-d4"]]
    played: JSONObject = {"game": "hex", "players": ["Ana", "Ben"], "variants": []}
    camera: JSONObject = {**played, "turns": _turns(read)}
    played["turns"] = _turns(written)
    record, alike = same_boards(camera, played)
    assert first_difference(record, played) is None
    assert alike.startswith(said) and (alike == "") == (said == "")
    assert alike.endswith(": the same board)") or not alike


def test_a_turn_to_another_board_or_of_more_moves_is_still_a_difference() -> None:
    """H2, H3: a turn read with a move fewer, or to another board, is not made alike;
    neither is any turn after it."""
    played: JSONObject = {"game": "hex", "turns": [["b2-c2"], ["j6-i6", "k5-j5"]]}
    for turns in ([["b2-c3"], ["k5-j5", "j6-i6"]], [["b2-c2"], ["j6-i6"]]):
        camera: JSONObject = {"game": "hex", "turns": _turns(turns)}
        record, alike = same_boards(camera, played)
        assert record == camera and alike == ""
        assert first_difference(record, played) is not None
