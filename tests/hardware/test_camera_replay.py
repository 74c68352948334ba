"""The replay camera: name order, its own timeline, pacing, looping, and errors naming the file."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from camera_devices import numbered_images

from hardware.camera import open_camera
from hardware.errors import CameraLostError, ConfigurationError, EndOfStream


def _folder(tmp_path: Path, names: list[str], size: tuple[int, int] = (8, 6)) -> Path:
    folder = tmp_path / "frames"
    folder.mkdir()
    for i, (name, image) in enumerate(zip(names, numbered_images(len(names), size), strict=True)):
        assert cv2.imwrite(str(folder / name), image), i
    return folder


def _levels(camera: object) -> list[int]:
    return [int(frame.image[0, 0, 0]) for frame in camera]  # type: ignore[attr-defined]


def test_a_folder_plays_in_natural_name_order_and_skips_other_files(tmp_path: Path) -> None:
    folder = _folder(tmp_path, ["f1.png", "f2.png", "f10.png"])
    (folder / "notes.txt").write_text("not a frame")
    camera = open_camera("replay", path=str(folder))
    assert _levels(camera) == [20, 60, 100]  # f1, f2, f10 as written


def test_timestamps_follow_the_replay_timeline(tmp_path: Path) -> None:
    folder = _folder(tmp_path, ["a.png", "b.png", "c.png"])
    assert [f.timestamp for f in open_camera("replay", path=str(folder))] == [0, 1 / 30, 2 / 30]
    assert [f.timestamp for f in open_camera("replay", path=str(folder), fps=10)] == [0, 0.1, 0.2]


def test_a_video_keeps_its_own_frame_rate_unless_told(tmp_path: Path) -> None:
    path = tmp_path / "game.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 25.0, (8, 6))
    for image in numbered_images(3, (8, 6)):
        writer.write(image)
    writer.release()
    assert [f.timestamp for f in open_camera("replay", path=str(path))] == [0, 0.04, 0.08]
    assert [f.timestamp for f in open_camera("replay", path=str(path), fps=50)][-1] == 0.04


def test_loop_starts_again_and_the_timeline_goes_on(tmp_path: Path) -> None:
    folder = _folder(tmp_path, ["a.png", "b.png"])
    camera = open_camera("replay", path=str(folder), loop=True, fps=10)
    frames = [camera.read() for _ in range(5)]
    assert [int(f.image[0, 0, 0]) for f in frames] == [20, 60, 20, 60, 20]
    assert [f.index for f in frames] == [0, 1, 2, 3, 4]
    assert frames[-1].timestamp == pytest.approx(0.4)


def test_realtime_waits_for_each_frames_time_on_the_injected_clock(tmp_path: Path) -> None:
    folder = _folder(tmp_path, ["a.png", "b.png", "c.png"])
    now = [100.0]
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(round(seconds, 6))
        now[0] += seconds

    camera = open_camera(
        "replay", path=str(folder), fps=10, realtime=True, clock=lambda: now[0], sleep=sleep
    )
    camera.read()
    now[0] += 0.03  # the reader took 30 ms
    camera.read()
    now[0] += 0.5  # the reader fell behind: no waiting
    camera.read()
    assert slept == [0.07]


def test_the_end_of_the_replay(tmp_path: Path) -> None:
    camera = open_camera("replay", path=str(_folder(tmp_path, ["a.png"])))
    camera.read()
    with pytest.raises(EndOfStream, match="all 1 frames read"):
        camera.read()


def test_an_unreadable_frame_names_the_file(tmp_path: Path) -> None:
    folder = _folder(tmp_path, ["a.png", "b.png"])
    (folder / "b.png").write_bytes(b"\x89PNG broken")
    camera = open_camera("replay", path=str(folder))
    camera.read()
    with pytest.raises(CameraLostError, match=r"b\.png: cannot be read"):
        camera.read()


def test_a_frame_of_another_size_is_refused(tmp_path: Path) -> None:
    folder = _folder(tmp_path, ["a.png"])
    cv2.imwrite(str(folder / "b.png"), np.zeros((10, 10, 3), np.uint8))
    camera = open_camera("replay", path=str(folder))
    camera.read()
    with pytest.raises(CameraLostError, match="frame 1 is 10x10, the recording is 8x6"):
        camera.read()


def test_grey_frames_come_as_bgr(tmp_path: Path) -> None:
    folder = tmp_path / "grey"
    folder.mkdir()
    cv2.imwrite(str(folder / "a.png"), np.full((6, 8), 77, np.uint8))
    assert open_camera("replay", path=str(folder)).read().image.shape == (6, 8, 3)


def test_a_missing_path_an_empty_folder_and_a_bad_video(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match=r"camera\.path: .*nowhere does not exist"):
        open_camera("replay", path=str(tmp_path / "nowhere"))
    (tmp_path / "empty").mkdir()
    with pytest.raises(ConfigurationError, match=r"camera\.path: no frames .* in the folder"):
        open_camera("replay", path=str(tmp_path / "empty"))
    (tmp_path / "junk.mp4").write_bytes(b"no video here")
    with pytest.raises(ConfigurationError, match=r"camera\.path: .*junk\.mp4"):
        open_camera("replay", path=str(tmp_path / "junk.mp4"))
    with pytest.raises(ConfigurationError, match=r"camera\.path is required"):
        open_camera("replay")


@pytest.mark.parametrize(
    ("settings", "key"),
    [({"fps": 0}, "camera.fps"), ({"loop": 1}, "camera.loop"), ({"speed": 2}, "camera.speed")],
)
def test_bad_settings_name_the_key(tmp_path: Path, settings: dict[str, object], key: str) -> None:
    folder = _folder(tmp_path, ["a.png"])
    with pytest.raises(ConfigurationError, match=key.replace(".", r"\.")):
        open_camera("replay", path=str(folder), **settings)
