"""``companion run --source`` and ``companion replay SOURCE``: every mistake with a
recording is one line naming it and what it should hold, exit 2 (the newcomer's walk
through the docs, item 1: an empty folder was answered with the configuration file's
name, "(defaults): camera.path: ...", after the players' page had started)."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from companion.cli import main


def _frames(folder: Path, count: int = 1) -> Path:
    folder.mkdir()
    for i in range(count):
        Image.fromarray(np.full((72, 128, 3), 40, np.uint8)).save(folder / f"f{i:03d}.png")
    return folder


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    config = tmp_path / "config.toml"
    config.write_text('[log]\nlevel = "INFO"\n[phone]\nenabled = false\n')
    argv = ["run", "--config", str(config), "--journal", str(tmp_path / "j.db")]
    argv += ["--display", "frames", "--out", str(tmp_path / "oled"), "--buttons", "fake"]
    status = main([*argv, *args])
    captured = capsys.readouterr()
    return status, captured.err


def _one_line(status: int, err: str) -> str:
    assert status == 2
    assert "Traceback" not in err and err.count("\n") == 1, err
    assert err.startswith("companion run: --source ")
    return err


def test_an_empty_folder_names_the_folder_and_the_frames_expected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Docs walk, item 1: the folder and the file types a recording's frames are, not the
    configuration file; nothing started (no OLED frame drawn) before the refusal."""
    empty = tmp_path / "empty"
    empty.mkdir()
    err = _one_line(*_run(tmp_path, capsys, "--camera", "replay", "--source", str(empty)))
    assert f"--source {empty}: no frames in this folder" in err
    assert ".png, .jpg, .jpeg or .bmp" in err
    assert "(defaults)" not in err and "camera.path" not in err
    assert not (tmp_path / "oled").exists()


def test_a_folder_holding_a_video_says_to_name_the_video(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Docs walk, item 1: a folder with the video in it, not frames: name the video."""
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "notes.txt").write_text("round 1")
    (folder / "game.mp4").write_bytes(b"\0" * 64)
    err = _one_line(*_run(tmp_path, capsys, "--source", str(folder)))
    assert "no frames in this folder" in err and "it holds the video game.mp4" in err


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("missing", "no such folder of frames or video (expected a folder of image files"),
        ("notes.txt", "not a video that can be played (expected a video file"),
        ("table.png", "one image, not a recording"),
    ],
)
def test_a_source_that_is_not_a_recording(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, said: str
) -> None:
    """Docs walk, item 1: a missing path, a file that is not a video, a single picture."""
    path = tmp_path / name
    if name == "notes.txt":
        path.write_text("not a video\n")
    elif name == "table.png":
        Image.new("RGB", (8, 8)).save(path)
    err = _one_line(*_run(tmp_path, capsys, "--source", str(path)))
    assert f"--source {path}: {said}" in err


def test_an_unreadable_folder_says_it_cannot_be_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Docs walk, item 1: a folder the daemon's user may not list (root may list any, so
    the refusal is the operating system's, handed in): not "no frames"."""
    folder = _frames(tmp_path / "locked")
    listed = os.scandir

    def refused(path: int | str | os.PathLike[str]) -> os._ScandirIterator[str]:
        if not isinstance(path, int) and Path(path) == folder:
            raise PermissionError(13, "Permission denied", str(path))
        return listed(path)

    monkeypatch.setattr(os, "scandir", refused)
    err = _one_line(*_run(tmp_path, capsys, "--source", str(folder)))
    assert f"--source {folder}: the folder cannot be read (Permission denied)" in err


def test_frames_that_cannot_be_decoded_name_the_source_not_the_setting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Docs walk, item 1: a folder of broken images passes the first look; the camera's
    refusal then names --source, not the configuration's camera.path."""
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "f000.png").write_bytes(b"not a png")
    err = _one_line(*_run(tmp_path, capsys, "--source", str(folder)))
    assert f"--source {folder} holds no frame that can be read (1 frame passed over" in err
    assert err.rstrip().endswith("convert it to .png), or a video file")  # what to give
    assert "camera.path" not in err and "config.toml" not in err


def test_source_means_the_replay_camera(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Docs walk, item 1: --source alone replays it (it was handed to the configuration's
    picamera2 as an unknown setting); with another --camera it is one line."""
    frames = _frames(tmp_path / "frames", 2)
    status, err = _run(tmp_path, capsys, "--source", str(frames))
    assert status == 0, err
    assert list((tmp_path / "oled").glob("*.png"))
    err = _one_line(*_run(tmp_path, capsys, "--camera", "opencv", "--source", str(frames)))
    assert "only the replay camera reads a recording, not --camera opencv" in err


def test_replay_names_its_empty_folder_and_the_frames_expected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Docs walk, item 1: ``companion replay`` over an empty folder, the same line."""
    empty = tmp_path / "empty"
    empty.mkdir()
    status = main(["replay", str(empty), "--game", "trump", "--players", "3"])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1
    assert f"companion replay: {empty}: no frames in this folder (expected image files" in err


def test_calibrate_names_its_empty_folder_and_the_frames_expected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Docs walk, item 1: ``companion calibrate --source`` over an empty folder, the
    same line (it said "no frames (png/jpg/jpeg/bmp) in the folder ...", not --source)."""
    empty = tmp_path / "empty"
    empty.mkdir()
    status = main(["calibrate", "--source", str(empty), "--out", str(tmp_path / "c.png")])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1
    assert f"companion calibrate: --source {empty}: no frames in this folder (expected" in err
