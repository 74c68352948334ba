"""`companion replay --game hex` reads a recorded board; `companion score` scores it (issue 24)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from hang_guard import hang_guard

from companion.cli import main
from companion.games.json_types import JSONObject
from companion.synthetic.hex_games import endgame_video, opening_video
from companion.synthetic.hex_scene import HexScene


def _record_video(folder: Path, *, endgame: bool = False) -> JSONObject:
    video = endgame_video() if endgame else opening_video()
    scene = HexScene((1280, 720), 2.3, seed=5, frames_per_step=1)
    folder.mkdir()
    for index, frame in enumerate(scene.frames(video.start, video.script.steps)):
        cv2.imwrite(str(folder / f"{index:05d}.jpg"), frame, [cv2.IMWRITE_JPEG_QUALITY, 90])
    return video.record


@pytest.mark.slow
def test_a_recorded_board_replays_into_its_record_and_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 24 'done': the recorded game replays into its exact record, the illegal
    move flagged on stderr and in --json's "refused" at the same frame, and `companion
    score` reads the record."""
    expected = _record_video(tmp_path / "board")
    argv = ["replay", str(tmp_path / "board"), "--game", "hex", "--players", "Black,White"]
    assert main([*argv, "--fps", "5", "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["record"] == expected
    assert len(data["refused"]) == 1 and "a2-e5" in data["refused"][0]
    (refused,) = [line for line in err.splitlines() if ": refused: " in line]
    assert refused.startswith("replay: at ") and refused.endswith("(H3)")
    where = refused.removeprefix("replay: at ").split(": ", 1)[0]  # "12.4 s (frame 62)"
    assert data["refused"][0].startswith(f"refused at {where}: "), data["refused"]
    assert err.strip().splitlines()[-1].endswith(": 11 moves, 1 refused")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data["record"]), encoding="utf-8")
    assert main(["score", str(path), "--json"]) == 0
    scored = json.loads(capsys.readouterr().out)
    assert [turn["moves"] for turn in scored["turns"]] == expected["turns"]


@pytest.mark.slow
def test_an_endgame_from_another_start_is_won(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H2, H4: --start gives the first position; the strike-reduced turns and the win."""
    expected = _record_video(tmp_path / "board", endgame=True)
    argv = ["replay", str(tmp_path / "board"), "--game", "hex", "--players", "Ana,Ben"]
    start = str(expected["start"])
    assert main([*argv, "--fps", "5", "--start", start]) == 0
    out = capsys.readouterr().out
    record = json.loads(out.splitlines()[0])
    assert record["turns"] == expected["turns"] and record["start"] == start
    assert "Ana" in out


def test_bad_hex_replay_input_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["replay", str(tmp_path), "--game", "hex", "--players", "Ana,Ben,Cy"]
    assert main(argv) == 2
    assert "two players" in capsys.readouterr().err
    assert main([*argv[:-1], "Ana,Ben", "--start", "xx"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("companion replay: --start:")
    won = "....../......./..ww..../..wXw..../...ww...../.........../......xx../.....xWx./"
    won += ".....xx./......./......"  # both centres encircled (H4): it hung, no move ever
    with hang_guard(30, "companion replay --start of a game already won"):
        assert main([*argv[:-1], "Ana,Ben", "--start", won]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("companion replay: --start:") and "(H4)" in err[0]
    assert main([*argv[:-1], "Ana,Ben", "--variant", "bogus", "--start", won]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        "companion replay: hex: unknown variant 'bogus' "
        "(this game has: cards, edge-surround, friendly-groups)"
    ]


def test_a_recording_without_the_board_says_where_to_look(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H1: frames of a bare table give no position: the last line does not stop at
    "0 moves" but names the command that says why (the camera check)."""
    folder = tmp_path / "bare table"
    folder.mkdir()
    for index in range(4):
        cv2.imwrite(str(folder / f"{index:05d}.png"), np.full((90, 160, 3), 120, np.uint8))
    argv = ["replay", str(folder), "--game", "hex", "--players", "Ana,Ben", "--fps", "5"]
    assert main(argv) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == (
        "replayed 4 frames (0.6 s of table time): 0 moves, 0 refused; the board was never"
        " seen still with every piece on a cell: companion calibrate --board --source"
        f" '{folder}' says why"
    )
