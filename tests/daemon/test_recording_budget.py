"""The recordings folder kept within its budget (issue 24: recordings of the camera that
never fill the card): the oldest of this recorder's recordings removed, and only them,
when a recording starts and as it grows; the current one capped; every removal and
every failure said in the log, none of them stopping the recording or the game
(companion.daemon.recording_budget, docs/hex-referee.md "Records and replays")."""

from __future__ import annotations

import logging
import os
import shutil
import time
from pathlib import Path

import numpy as np
import pytest

from companion.cli import main
from companion.config import RecordSection
from companion.daemon.recorder import Recorder, start_recording
from companion.daemon.recording_budget import RecordingsKeeper, started_at
from hardware.camera import Frame
from hardware.camera_record import CHECK_EVERY, PRESSES, PRESSES_HEAD, FrameWriter, frame_name

NOW = time.mktime((2026, 11, 28, 3, 15, 0, 0, 0, -1))
CURRENT = "20261128-031500"


def _recording(parent: Path, name: str, sizes: list[int], began: float | None = None) -> Path:
    """An earlier recording of the recorder: frames of ``sizes`` bytes, 5 a second,
    each written ``began`` (the start in its name unless given) plus its time."""
    folder = parent / name
    folder.mkdir(parents=True)
    named = started_at(name)
    start = began if began is not None else named[0] if named is not None else NOW
    for number, size in enumerate(sizes, 1):
        frame = folder / frame_name(number, number / 5)
        frame.write_bytes(b"x" * size)
        os.utime(frame, (start + number / 5, start + number / 5))
    return folder


def ago(days: float) -> str:
    """The folder name of a recording started ``days`` before :data:`NOW`."""
    return time.strftime("%Y%m%d-%H%M%S", time.localtime(NOW - days * 86400))


def _keeper(parent: Path, keep_bytes: int, keep_days: float = 0.0) -> RecordingsKeeper:
    current = parent / CURRENT
    current.mkdir(parents=True, exist_ok=True)
    return RecordingsKeeper(
        parent, current, keep_bytes=keep_bytes, keep_days=keep_days, wall_clock=lambda: NOW
    )


def _said(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name.startswith("companion.daemon")]


def test_the_oldest_recordings_go_first_until_the_folder_is_within_budget(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 24: when the recording starts, the oldest recordings are removed, each said
    in the log with its size and why, until the folder is within the budget."""
    caplog.set_level(logging.INFO)
    oldest = _recording(tmp_path, "20261126-200000", [400, 400])
    older = _recording(tmp_path, "20261127-200000", [300, 300])
    twice = _recording(tmp_path, "20261127-200000-2", [500])
    keeper = _keeper(tmp_path, keep_bytes=1000)
    keeper.grown(100)  # the current one, 100 bytes
    keeper.close()
    assert keeper.removed == [oldest, older]
    assert sorted(p.name for p in tmp_path.iterdir()) == [twice.name, CURRENT]
    removals = [line for line in _said(caplog) if line.startswith("removed")]
    assert removals == [
        f"removed the recording {oldest} (0.0 MB, 2 frames): the recordings folder held "
        "0.0 MB, more than record.keep_gb = 1e-06",
        f"removed the recording {older} (0.0 MB, 2 frames): the recordings folder held "
        "0.0 MB, more than record.keep_gb = 1e-06",
    ]
    assert keeper.held() == 600


def test_a_folder_within_budget_is_left_alone(tmp_path: Path) -> None:
    """Issue 24: nothing is removed while the folder holds no more than the budget."""
    old = _recording(tmp_path, "20261127-200000", [400, 400])
    keeper = _keeper(tmp_path, keep_bytes=900)
    keeper.grown(100)
    keeper.close()
    assert keeper.removed == [] and old.is_dir() and keeper.held() == 900


def test_only_the_recorders_own_folders_are_removed_and_what_blocks_is_named(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 24: a folder is the recorder's if its name is a start AND it holds only
    frames (and the buttons pressed while they were recorded); a folder named so holding
    a note, a folder of other frames, a loose file, a link to a recording are left, and
    named once in the log when they keep the folder over its budget."""
    caplog.set_level(logging.INFO)
    noted = _recording(tmp_path, "20261125-100000", [200])
    (noted / "notes.txt").write_bytes(b"n" * 100)
    scripted = _recording(tmp_path, "20261125-110000", [100])
    (scripted / PRESSES).write_text("12.5 back\n")  # the user's own script, by that name
    other = _recording(tmp_path, "holiday", [700])
    (tmp_path / "video.mp4").write_bytes(b"v" * 900)
    ours = _recording(tmp_path, "20261127-100000", [300])
    (ours / PRESSES).write_text(PRESSES_HEAD + "0.200 select long_press\n")  # its presses
    nested = _recording(tmp_path, "20261126-100000", [100])
    (nested / "inner").mkdir()
    (tmp_path / "20261124-100000").symlink_to(ours)
    later = _recording(tmp_path, "20261128-031501", [100])  # started after this one
    keeper = _keeper(tmp_path, keep_bytes=1000)
    for written in (50, 60, 70):
        keeper.grown(written)
        assert keeper.wait(10)
    keeper.close()
    assert keeper.removed == [ours]
    for left in (noted, scripted, other, nested, later, tmp_path / "video.mp4"):
        assert left.exists()
    assert (noted / "notes.txt").exists() and (other / frame_name(1, 0.2)).exists()
    blocked = [line for line in _said(caplog) if "cannot be removed" in line]
    assert len(blocked) == 1
    assert blocked[0].startswith(f"the recordings folder {tmp_path} holds 0.0 MB, more than")
    assert "video.mp4 (0.0 MB), holiday (0.0 MB)" in blocked[0]


def test_the_current_recording_grows_and_older_ones_make_room(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 24: the writer tells the keeper every CHECK_EVERY frames how much it holds
    (no walk of the folder per frame); an older recording goes when the current one's
    growth takes the folder over budget, never the current one."""
    caplog.set_level(logging.INFO)
    frame = np.zeros((8, 8, 3), np.uint8)
    probe = FrameWriter(tmp_path / "probe", fps=10.0, keep_free=0)
    probe.offer(Frame(frame, 0.0, 0))
    probe.close()
    size = probe.bytes  # one frame, as the writer encodes it
    shutil.rmtree(probe.folder)
    first = _recording(tmp_path, "20261127-100000", [30 * size])
    second = _recording(tmp_path, "20261127-110000", [30 * size])
    keeper = _keeper(tmp_path, keep_bytes=100 * size)
    assert keeper.wait(10)
    assert keeper.removed == []  # 60 frames' worth: within budget at the start
    writer = FrameWriter(
        keeper.current,
        fps=10.0,
        keep_free=0,
        queue_size=CHECK_EVERY + 10,
        max_bytes=keeper.keep_bytes,
        on_grown=keeper.grown,
    )
    for index in range(CHECK_EVERY + 10):
        writer.offer(Frame(frame, index / 10, index))
    writer.close()
    keeper.close()
    assert writer.error is None and writer.written == CHECK_EVERY + 10
    assert keeper.removed == [first] and second.is_dir()
    assert writer.folder.is_dir() and len(list(writer.folder.iterdir())) == CHECK_EVERY + 10


def test_a_recording_alone_over_the_budget_stops_once_and_the_game_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 24: the current recording is never removed; when it alone would pass the
    budget it stops, said once in the log, and the table's loop goes on."""
    caplog.set_level(logging.INFO)
    section = RecordSection(folder=str(tmp_path), fps=10.0)
    recording = start_recording(section, NOW, keep_bytes=2000)
    recorder = Recorder(recording, clock=lambda: 0.0)
    recorder.start()
    for index in range(40):
        recording.writer.offer(Frame(np.full((32, 32, 3), index, np.uint8), index / 10, index))
    recording.writer.close()
    for now in (1.0, 2.0, 61.0):
        recorder.turn(now, changed=False)
    recorder.close()
    writer = recording.writer
    assert 0 < writer.written < 40 and writer.bytes <= 2000
    assert writer.error is not None and "record.keep_gb" in writer.error
    assert writer.folder.is_dir() and len(list(writer.folder.iterdir())) == writer.written
    stopped = [line for line in _said(caplog) if "stopped" in line]
    assert stopped == [
        f"recording stopped after {writer.written} frames: {writer.error} (the game goes on)"
    ]
    assert (
        f"recording the camera to {writer.folder}, 10 frames a second, "
        "the folder kept within 2e-06 GB" in _said(caplog)
    )


def test_the_current_recording_over_budget_is_the_writers_to_say(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 24: when nothing but the current recording is left over the budget, the
    keeper removes the older ones and names nothing else (the writer stops and says so)."""
    caplog.set_level(logging.INFO)
    old = _recording(tmp_path, "20261127-100000", [300])
    keeper = _keeper(tmp_path, keep_bytes=1000)
    keeper.grown(1200)
    keeper.close()
    assert keeper.removed == [old]
    assert not [line for line in _said(caplog) if "cannot be removed" in line]


def test_recordings_older_than_keep_days_go(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 24: ``keep_days`` removes the recordings started longer ago than that,
    whatever room is left; the younger ones stay."""
    caplog.set_level(logging.INFO)

    old = _recording(tmp_path, ago(31), [10])
    young = _recording(tmp_path, ago(29), [10])
    keeper = _keeper(tmp_path, keep_bytes=0, keep_days=30)
    keeper.close()
    assert keeper.removed == [old] and young.is_dir()
    (line,) = [line for line in _said(caplog) if line.startswith("removed")]
    assert line.endswith("it started 31.0 days ago, more than record.keep_days = 30")


def test_keep_days_counts_a_recording_from_when_its_frames_were_written(
    tmp_path: Path,
) -> None:
    """Issue 24 (docs/hex-referee.md "Records and replays", ``keep_days``):
    a Pi has no clock of its own; a daemon started with the time of the last shutdown,
    two days before, names its recording by that time, and NTP sets the clock a moment
    later. A day later that recording, made yesterday, is not more than ``keep_days =
    1`` old: its frames, written with the clock set, say when it began. A recording
    really started two days ago still goes."""

    yesterday = _recording(tmp_path, ago(3), [10, 10], began=NOW - 0.9 * 86400)
    old = _recording(tmp_path, ago(2), [10, 10])
    keeper = _keeper(tmp_path, keep_bytes=0, keep_days=1)
    keeper.close()
    assert keeper.removed == [old] and yesterday.is_dir()


def test_a_removal_refused_is_logged_and_the_keeper_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24: a frame that cannot be removed (no permission) is an error in the log
    naming it; the next oldest recording goes instead, and the keeper still answers."""
    caplog.set_level(logging.INFO)
    locked = _recording(tmp_path, "20261126-100000", [400])
    free = _recording(tmp_path, "20261127-100000", [400])
    unlink = Path.unlink

    def refusing(path: Path, missing_ok: bool = False) -> None:
        if path.parent == locked:
            raise PermissionError(13, "Permission denied", str(path))
        unlink(path, missing_ok)

    monkeypatch.setattr(Path, "unlink", refusing)
    keeper = _keeper(tmp_path, keep_bytes=500)
    keeper.grown(50)
    assert keeper.wait(10)
    keeper.grown(60)  # asked again: the thread is alive
    keeper.close()
    assert keeper.removed == [free] and locked.is_dir()
    errors = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert errors == [
        f"cannot remove the recording {locked / frame_name(1, 0.2)}: Permission denied "
        "(the recording goes on)"
    ]


def test_frames_or_folders_vanishing_meanwhile_are_logged_not_fatal(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24: a frame gone between the look and its removal counts as removed (the
    log says so); a recording gone altogether is a warning."""
    caplog.set_level(logging.INFO)
    gone = _recording(tmp_path, "20261125-100000", [400])
    thinned = _recording(tmp_path, "20261126-100000", [400, 400])
    keeper = _keeper(tmp_path, keep_bytes=10_000)
    assert keeper.wait(10)  # the folder looked at: within budget
    for path in gone.iterdir():
        path.unlink()
    gone.rmdir()
    unlink = Path.unlink

    def racing(path: Path, missing_ok: bool = False) -> None:
        unlink(path)  # someone else removed it first
        unlink(path, missing_ok)

    monkeypatch.setattr(Path, "unlink", racing)
    keeper.keep_bytes = 100
    keeper.close()
    assert keeper.removed == [thinned] and not thinned.exists()
    said = _said(caplog)
    assert f"the recording {gone} was gone before it was removed" in said
    assert any(
        line.startswith(f"removed the recording {thinned} (0.0 MB, 2 frames, 2 of them gone")
        for line in said
    )


def test_folder_names_are_starts() -> None:
    """Issue 24: the recorder's folder names, and what only looks like one."""
    assert started_at("20261128-031500") == (NOW, 1)
    assert started_at("20261128-031500-12") == (NOW, 12)
    assert started_at("20261399-031500") is None
    assert started_at("20261128-031500-copy") is None


@pytest.mark.parametrize(
    ("record", "said"),
    [
        ("keep_gb = -1", "record.keep_gb must be a number of GB, 0 or more (0: no limit), not -1"),
        ('keep_days = "soon"', "record.keep_days must be a number of days, 0 or more"),
    ],
)
def test_companion_run_with_a_bad_budget_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], record: str, said: str
) -> None:
    """Issue 24: ``companion run --record`` with a budget that is no budget does not
    start: one line naming the file and the key, no traceback, exit 2."""
    config = tmp_path / "config.toml"
    config.write_text(
        '[display]\nkind = "fake"\n[buttons]\nkind = "fake"\n[phone]\nenabled = false\n'
        f"[record]\n{record}\n"
    )
    argv = ["run", "--config", str(config), "--camera", "fake", "--record", str(tmp_path / "r")]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"companion run: {config}: {said}")
    assert not (tmp_path / "r").exists()
