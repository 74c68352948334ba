"""Recording the camera (hardware.camera_record): frames kept at a steady rate on the
camera's clock, written on their own thread, replayed on their own times; nothing the
recording meets stops the table (docs/hex-referee.md, "Records and replays")."""

from __future__ import annotations

import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from hardware.camera import Frame, open_camera
from hardware.camera_record import CHECK_EVERY, NAME, FrameWriter, RecordingCamera, frame_name
from hardware.errors import ConfigurationError, EndOfStream


def _frame(index: int, fps: float = 30.0, value: int = 0, grey: bool = False) -> Frame:
    shape = (48, 64) if grey else (48, 64, 3)
    return Frame(np.full(shape, value, np.uint8), 1000.0 + index / fps, index)


def _names(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_frames_are_kept_at_the_rate_asked_on_the_cameras_clock(tmp_path: Path) -> None:
    """30 frames a second for 2 s, kept at 5: 11 frames, named with their times from 0."""
    writer = FrameWriter(tmp_path / "rec", fps=5.0, keep_free=0, queue_size=64)
    for index in range(61):
        writer.offer(_frame(index))
    writer.close()
    names = _names(tmp_path / "rec")
    assert names == [frame_name(n + 1, n * 0.2) for n in range(11)]
    assert all(NAME.fullmatch(name) for name in names)
    assert (writer.written, writer.dropped, writer.error) == (11, 0, None)
    assert writer.bytes == sum((tmp_path / "rec" / name).stat().st_size for name in names)


def test_a_camera_slower_than_the_rate_has_every_frame_kept_on_its_own_time(
    tmp_path: Path,
) -> None:
    """A gap (a camera lost for 3 s, a slow loop) keeps the next frame and goes on from it."""
    writer = FrameWriter(tmp_path / "rec", fps=5.0, keep_free=0)
    for timestamp in (0.0, 0.5, 3.5, 3.6, 3.75):
        writer.offer(Frame(np.zeros((8, 8, 3), np.uint8), timestamp, 0))
    writer.close()
    times = [float(NAME.fullmatch(n).group("time")) for n in _names(tmp_path / "rec")]
    assert times == [0.0, 0.5, 3.5, 3.75]


def test_a_recorded_folder_replays_on_its_own_times(tmp_path: Path) -> None:
    """The replay camera gives each recorded frame at the time in its name, whatever
    ``fps`` says, the images as recorded (JPEG: close to them), grey ones grey."""
    for grey in (False, True):
        folder = tmp_path / f"rec-{grey}"
        writer = FrameWriter(folder, fps=4.0, keep_free=0, queue_size=64)
        for index in range(0, 40, 3):  # 10 a second offered, every third frame: 3.3 a second
            writer.offer(_frame(index, fps=10.0, value=index * 5, grey=grey))
        writer.close()
        with open_camera("replay", path=str(folder), fps=30.0, grey=grey) as camera:
            frames = list(camera)
        assert [round(f.timestamp, 3) for f in frames] == [i / 10 for i in range(0, 40, 3)]
        assert [int(f.image.mean()) for f in frames] == pytest.approx(
            [index * 5 for index in range(0, 40, 3)], abs=2
        )
        assert frames[0].image.ndim == (2 if grey else 3)


def test_a_folder_of_other_names_replays_at_its_fps(tmp_path: Path) -> None:
    """Only a folder whose every name carries a time is replayed on them."""
    import cv2

    folder = tmp_path / "mixed"
    folder.mkdir()
    cv2.imwrite(str(folder / frame_name(1, 0.0)), np.zeros((8, 8, 3), np.uint8))
    cv2.imwrite(str(folder / "extra.jpg"), np.zeros((8, 8, 3), np.uint8))
    with open_camera("replay", path=str(folder), fps=10.0) as camera:
        assert [f.timestamp for f in camera] == [0.0, 0.1]


def test_a_full_queue_drops_the_frame_and_counts_it(tmp_path: Path) -> None:
    """The table never waits for the disk: while the writer is held up, frames beyond
    its queue are dropped and counted; the rest are written once it goes on."""
    release, entered = threading.Event(), threading.Event()

    def slow_disk(path: Path) -> Any:
        entered.set()
        release.wait()
        return SimpleNamespace(free=1 << 40)

    writer = FrameWriter(tmp_path / "rec", fps=10.0, queue_size=2, disk_usage=slow_disk)
    writer.offer(_frame(0, fps=10.0))
    assert entered.wait(5)  # the thread holds the first frame
    for index in range(1, 6):
        writer.offer(_frame(index, fps=10.0))
    release.set()
    writer.close()
    assert (writer.written, writer.dropped) == (3, 3)


def test_a_disk_nearly_full_stops_the_recording_and_says_why(tmp_path: Path) -> None:
    writer = FrameWriter(
        tmp_path / "rec",
        fps=10.0,
        keep_free=1 << 30,
        disk_usage=lambda path: SimpleNamespace(free=5 << 20),
    )
    writer.offer(_frame(0, fps=10.0))
    writer.close()
    assert writer.written == 0 and not writer.recording
    assert (
        writer.error
        == f"5 MiB left on the disk of {tmp_path / 'rec'} (the recording keeps 1024 MiB free)"
    )


def test_a_folder_gone_stops_the_recording_and_keeps_the_table_going(tmp_path: Path) -> None:
    folder = tmp_path / "rec"
    writer = FrameWriter(folder, fps=10.0, keep_free=0)
    writer.offer(_frame(0, fps=10.0))
    writer.close()
    assert writer.written == 1
    for path in folder.iterdir():
        path.unlink()
    folder.rmdir()
    again = FrameWriter(tmp_path / "rec2", fps=10.0, keep_free=0)
    (tmp_path / "rec2").rmdir()
    again.offer(_frame(0, fps=10.0))
    again.close()
    again.offer(_frame(5, fps=10.0))  # after the error: nothing, no raise
    assert again.written == 0 and again.error is not None
    assert again.error.startswith(f"cannot write {tmp_path / 'rec2' / frame_name(1, 0.0)}")


@pytest.mark.parametrize("fps", [0.0, -1.0])
def test_a_rate_that_is_no_rate_is_refused(tmp_path: Path, fps: float) -> None:
    with pytest.raises(ConfigurationError, match=r"record\.fps"):
        FrameWriter(tmp_path / "rec", fps=fps)


def test_a_folder_holding_files_is_not_recorded_into(tmp_path: Path) -> None:
    (tmp_path / "rec").mkdir()
    (tmp_path / "rec" / "old.jpg").write_bytes(b"x")
    with pytest.raises(ConfigurationError, match="exists and is not an empty folder"):
        FrameWriter(tmp_path / "rec")


def test_the_recording_camera_is_the_camera_and_offers_each_frame(tmp_path: Path) -> None:
    """What the table reads is the camera's own frame; a camera opened again after a
    loss records into the same writer; closing it closes the camera, not the writer."""
    writer = FrameWriter(tmp_path / "rec", fps=100.0, keep_free=0)
    inner = open_camera("fake", frames=[np.zeros((8, 8, 3), np.uint8)] * 3)
    camera = RecordingCamera(inner, writer)
    assert camera.size == inner.size and camera.skipped == 0
    first = camera.read(1.0)
    assert first.index == 0
    rest = list(camera)
    assert len(rest) == 2
    with pytest.raises(EndOfStream):
        camera.read(1.0)
    camera.close()
    assert camera.closed and writer.recording
    writer.close()
    assert writer.written == 3


def test_a_recording_stops_before_it_passes_its_most(tmp_path: Path) -> None:
    """Issue 24: ``max_bytes`` (the recordings folder's budget) is never passed: the
    frame that would pass it is not written, and the error says why and names the key."""
    probe = FrameWriter(tmp_path / "probe", fps=10.0, keep_free=0)
    probe.offer(_frame(0, fps=10.0))
    probe.close()
    writer = FrameWriter(
        tmp_path / "rec", fps=10.0, keep_free=0, queue_size=16, max_bytes=3 * probe.bytes
    )
    for index in range(10):
        writer.offer(_frame(index, fps=10.0))
    writer.close()
    assert (writer.written, writer.bytes) == (3, 3 * probe.bytes)
    assert len(_names(tmp_path / "rec")) == 3
    assert writer.error is not None and writer.error.startswith(f"{tmp_path / 'rec'} holds ")
    assert "(record.keep_gb)" in writer.error


def test_the_writer_says_how_much_it_holds_every_check(tmp_path: Path) -> None:
    """Issue 24: ``on_grown`` hears the bytes written every CHECK_EVERY frames, on the
    writer's thread (no walk of the folder per frame)."""
    heard: list[int] = []
    sizes: list[int] = []
    writer = FrameWriter(tmp_path / "rec", fps=10.0, keep_free=0, queue_size=2 * CHECK_EVERY + 5)
    writer.on_grown = heard.append
    for index in range(2 * CHECK_EVERY + 5):
        writer.offer(_frame(index, fps=10.0, value=index))
    writer.close()
    for name in _names(tmp_path / "rec"):
        sizes.append((tmp_path / "rec" / name).stat().st_size)
    assert heard == [sum(sizes[:CHECK_EVERY]), sum(sizes[: 2 * CHECK_EVERY])]
