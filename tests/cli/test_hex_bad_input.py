"""The hex board's commands given what a person really gives them by mistake: each said
in one line naming the option, the file and what to do, exit 2, nothing overwritten; a
recording with a bad frame replays the rest and says how many frames it passed over."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main


def _frames(folder: Path, count: int, size: tuple[int, int] = (64, 48)) -> Path:
    """``count`` grey frames of ``size`` (width, height): a table with no board on it."""
    folder.mkdir()
    for index in range(count):
        image = np.full((size[1], size[0], 3), 90, np.uint8)
        assert cv2.imwrite(str(folder / f"f{index}.png"), image)
    return folder


def _replay(folder: Path, *more: str) -> list[str]:
    return ["replay", str(folder), "--game", "hex", "--players", "Ana,Ben", *more]


def test_a_stray_first_picture_of_another_size_is_the_frame_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A picture of another size put first in a recording set the recording's size:
    every real frame after it was passed over ("replayed 1 frames", exit 0). Now most
    frames' size is the recording's: the stray one is skipped, and said."""
    folder = _frames(tmp_path / "frames", 4)
    assert cv2.imwrite(str(folder / "f0.png"), np.full((24, 32, 3), 90, np.uint8))
    assert main(_replay(folder)) == 0
    out, err = capsys.readouterr()
    last = out.strip().splitlines()[-1]
    assert last.startswith("replayed 3 frames ")
    assert ", 1 frame skipped (not readable, or of another size); " in last  # blank frames
    assert f"frame {folder / 'f0.png'} is 32x24, the recording is 64x48: skipped" in err


def test_a_corrupt_frame_in_the_middle_is_skipped_and_counted_in_the_last_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A zero-byte frame and a half-written one: the replay goes on (as the cards'
    replay does), stderr names the first, the last line counts both (with --json too)."""
    folder = _frames(tmp_path / "frames", 5)
    (folder / "f1.png").write_bytes(b"")
    whole = (folder / "f3.png").read_bytes()
    (folder / "f3.png").write_bytes(whole[: len(whole) // 2])
    assert main(_replay(folder, "--json")) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["record"]["game"] == "hex"
    assert f"replay frame {folder / 'f1.png'}: cannot be read as an image: skipped" in err
    last = err.strip().splitlines()[-1]
    assert ", 0 refused, 2 frames skipped (not readable, or of another size); " in last
    assert "Traceback" not in err


def test_expect_that_cannot_be_read_names_the_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--expect's file missing, not JSON, or a JSON object that is no game record: the
    line named the file alone ("played.json: no such file"), or said "a record of None"."""
    folder = tmp_path / "none"  # never opened: --expect is read first
    missing, broken, scores = tmp_path / "played.json", tmp_path / "b.json", tmp_path / "s.json"
    broken.write_text('{"game": "hex", "players": [', encoding="utf-8")
    scores.write_text(json.dumps({"full.json": {"totals": [3, 4]}}), encoding="utf-8")
    said = {
        missing: f"--expect {missing}: no such file",
        broken: f"--expect {broken}: not JSON (line 1, column 29",
        scores: f'--expect {scores}: not a game record (no "game" name;',
    }
    for path, start in said.items():
        assert main(_replay(folder, "--expect", str(path))) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith(f"companion replay: {start}"), err


def test_dealer_or_leader_for_the_hex_game_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The card games' --dealer was taken and never read: who moves first is H1's."""
    folder = _frames(tmp_path / "frames", 1)
    for option in ("--dealer", "--leader"):
        assert main(_replay(folder, option, "2")) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert err == [
            f"companion replay: {option} 2: the hex game has no {option[2:]}; the first "
            "player of --players takes Black's side, which moves first (H1)"
        ]


def test_a_frame_beyond_the_recording_says_which_frames_there_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """calibrate --board --source FOLDER --frame N past its end said "replay FOLDER: all
    3 frames read"; an unreadable frame is not one there is."""
    folder = _frames(tmp_path / "frames", 3)
    (folder / "f1.png").write_bytes(b"junk")
    argv = ["calibrate", "--board", "--source", str(folder), "--frame", "2"]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        f"companion calibrate: --frame 2: --source {folder} has 2 frames that can be read: "
        "give --frame 0 to 1"
    ]
    assert main([*argv[:-1], "1"]) == 0
    assert "frame: 64x48" in capsys.readouterr().out


@pytest.mark.parametrize("deck", ["hex-board", "hex-pieces", "fibonachos"])
def test_a_sheet_is_not_written_over_a_file_that_is_no_pdf(
    deck: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--out board.jpg wrote the PDF over the photo of the board; now refused, untouched."""
    photo = tmp_path / "board.jpg"
    photo.write_bytes(b"\xff\xd8 a photo")
    assert main(["cards", "sheet", deck, "--out", str(photo)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"companion cards: --out {photo}: write a .pdf (the sheet is a PDF)"]
    assert photo.read_bytes() == b"\xff\xd8 a photo"


@pytest.mark.parametrize("paper", ["letter", "A5"])
def test_the_board_s_paper_is_said_as_the_option(
    paper: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It was "hex-board: the hex board prints on a3 or a4, not 'letter'": no --paper."""
    out = tmp_path / "board.pdf"
    assert main(["cards", "sheet", "hex-board", "--paper", paper, "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        f"companion cards: --paper {paper}: the hex board prints on a3 (one page) or a4 "
        "(four tiles to tape together)"
    ]
    assert not out.exists()
    assert main(["cards", "sheet", "hex-board", "--paper", "A3", "--out", str(out)]) == 0
