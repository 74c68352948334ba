"""The replay camera: name order, its own timeline, pacing, looping, and errors naming the file.

Issue 13: a recording is a device that can fail. An unreadable frame is skipped and
counted (never a lost camera); a folder that goes away is a lost camera, and
``resume()`` goes on after the last frame delivered, on the same timeline.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from camera_devices import numbered_images

from hardware.camera import open_camera
from hardware.errors import CameraLostError, CameraNotFoundError, ConfigurationError, EndOfStream


def _folder(tmp_path: Path, names: list[str], size: tuple[int, int] = (8, 6)) -> Path:
    folder = tmp_path / "frames"
    folder.mkdir()
    for i, (name, image) in enumerate(zip(names, numbered_images(len(names), size), strict=True)):
        assert cv2.imwrite(str(folder / name), image), i
    return folder


def _video(tmp_path: Path, count: int) -> Path:
    """An MJPG video of ``count`` numbered frames at 25 fps."""
    path = tmp_path / "game.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 25.0, (8, 6))
    for image in numbered_images(count, (8, 6)):
        writer.write(image)
    writer.release()
    return path


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
    path = _video(tmp_path, 3)
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


def test_an_unreadable_frame_is_skipped_and_counted_naming_the_file(tmp_path: Path) -> None:
    """Issue 13: one corrupt file is passed over; the timeline keeps its place for it."""
    folder = _folder(tmp_path, ["a.png", "b.png", "c.png"])
    (folder / "b.png").write_bytes(b"\x89PNG broken")
    camera = open_camera("replay", path=str(folder), fps=10)
    frames = list(camera)
    assert [(f.index, f.timestamp, int(f.image[0, 0, 0])) for f in frames] == [
        (0, 0.0, 20),
        (2, 0.2, 100),
    ]
    assert camera.skipped == 1
    assert "b.png: cannot be read" in camera.skip_note


def test_a_frame_of_another_size_is_skipped(tmp_path: Path) -> None:
    folder = _folder(tmp_path, ["a.png"])
    cv2.imwrite(str(folder / "b.png"), np.zeros((10, 10, 3), np.uint8))
    camera = open_camera("replay", path=str(folder))
    assert [f.index for f in camera] == [0]
    assert camera.skipped == 1
    assert f"frame {folder / 'b.png'} is 10x10, the recording is 8x6" in camera.skip_note


def test_an_unreadable_first_frame_is_skipped_at_opening(tmp_path: Path) -> None:
    folder = _folder(tmp_path, ["a.png", "b.png"])
    (folder / "a.png").write_bytes(b"junk")
    camera = open_camera("replay", path=str(folder))
    assert camera.size == (8, 6)
    assert [(f.index, int(f.image[0, 0, 0])) for f in camera] == [(1, 60)]
    assert camera.skipped == 1


def test_a_folder_of_nothing_readable_is_a_settings_mistake(tmp_path: Path) -> None:
    """Issue 13: the refusal says why (the frames passed over, the last named) and what
    a recording should hold (it said only "holds no frame that can be read")."""
    folder = _folder(tmp_path, ["a.png", "b.jpg"])
    (folder / "a.png").write_bytes(b"junk")
    (folder / "b.jpg").write_bytes(b"junk")
    with pytest.raises(ConfigurationError) as refused:
        open_camera("replay", path=str(folder))
    said = str(refused.value)
    assert said.startswith(f"camera.path: {folder} holds no frame that can be read (all 2 ")
    assert f"the last: frame {folder / 'b.jpg'}: cannot be read as an image); " in said
    assert "give a folder of frames of one size as .png, .jpg, .jpeg or .bmp files" in said
    assert "a .tif or .webp is not read" in said and said.endswith("or a video file")


def test_a_video_with_no_frame_says_what_to_give(tmp_path: Path) -> None:
    """A video that opens but gives no frame: what a video should be, and the other way
    (a folder of frames)."""
    with pytest.raises(ConfigurationError) as refused:
        open_camera("replay", path=str(_video(tmp_path, 0)))
    said = str(refused.value)
    assert "game.avi" in said
    assert "give a video file OpenCV can decode" in said and "or a folder of its frames" in said


def test_a_loop_that_can_read_nothing_any_more_is_a_lost_camera_not_a_spin(
    tmp_path: Path,
) -> None:
    folder = _folder(tmp_path, ["a.png", "b.png"])
    camera = open_camera("replay", path=str(folder), loop=True)
    camera.read()
    for name in ("a.png", "b.png"):
        (folder / name).write_bytes(b"junk")
    with pytest.raises(CameraLostError, match="no frame can be read"):
        camera.read()


def test_a_folder_renamed_away_is_lost_and_resumes_after_the_last_frame(tmp_path: Path) -> None:
    """Issue 13: the recording comes back where it was: frame 2 at 0.2 s, not frame 0."""
    folder = _folder(tmp_path, ["a.png", "b.png", "c.png", "d.png"])
    camera = open_camera("replay", path=str(folder), fps=10)
    assert [camera.read().index for _ in range(2)] == [0, 1]
    away = folder.rename(tmp_path / "away")
    with pytest.raises(CameraLostError, match="the folder is gone"):
        camera.read()
    camera.close()
    with pytest.raises(CameraNotFoundError, match="still gone"):
        camera.resume()
    away.rename(folder)
    again = camera.resume()
    assert again is not None
    frames = list(again)
    assert [(f.index, f.timestamp, int(f.image[0, 0, 0])) for f in frames] == [
        (2, 0.2, 100),
        (3, 0.3, 140),
    ]


def test_a_resumed_loop_goes_on_counting(tmp_path: Path) -> None:
    folder = _folder(tmp_path, ["a.png", "b.png", "c.png"])
    (folder / "b.png").write_bytes(b"junk")
    camera = open_camera("replay", path=str(folder), loop=True, fps=10)
    assert [camera.read().index for _ in range(3)] == [0, 2, 3]
    camera.close()
    again = camera.resume()
    assert [again.read().index for _ in range(2)] == [5, 6]
    assert (camera.skipped, again.skipped) == (1, 1)  # b.png: frame 1, then frame 4


def test_a_video_resumes_at_its_next_frame(tmp_path: Path) -> None:
    path = _video(tmp_path, 4)
    camera = open_camera("replay", path=str(path))
    camera.read()
    camera.close()
    again = camera.resume()
    assert again is not None
    frames = list(again)
    assert [f.index for f in frames] == [1, 2, 3]
    assert [int(f.image[0, 0, 0]) for f in frames] == pytest.approx([60, 100, 140], abs=8)
    path.rename(tmp_path / "gone.avi")
    with pytest.raises(CameraNotFoundError, match="still gone"):
        camera.resume()


def test_grey_frames_come_as_bgr(tmp_path: Path) -> None:
    folder = tmp_path / "grey"
    folder.mkdir()
    cv2.imwrite(str(folder / "a.png"), np.full((6, 8), 77, np.uint8))
    assert open_camera("replay", path=str(folder)).read().image.shape == (6, 8, 3)


def test_with_grey_the_frames_are_grey_as_the_pi_cameras_y_plane(tmp_path: Path) -> None:
    """Issue 11 item 4: a recording replays as the Pi camera's YUV420 mode gives
    frames (HxW grey), from a folder and from a video, and after a resume."""
    folder = _folder(tmp_path, ["a.png", "b.png"])
    camera = open_camera("replay", path=str(folder), grey=True)
    first = camera.read()
    assert first.image.shape == (6, 8) and camera.size == (8, 6)
    camera.close()
    again = camera.resume()
    assert again is not None and again.read().image.ndim == 2
    video = open_camera("replay", path=str(_video(tmp_path, 2)), grey=True)
    assert [f.image.shape for f in video] == [(6, 8), (6, 8)]


def test_a_12_megapixel_frame_is_within_the_limits(tmp_path: Path) -> None:
    """Issue 11 item 4: the Camera Module 3's full frames (4608x2592) replay."""
    folder = tmp_path / "full"
    folder.mkdir()
    assert cv2.imwrite(str(folder / "a.jpg"), np.full((2592, 4608), 90, np.uint8))
    camera = open_camera("replay", path=str(folder), grey=True)
    assert camera.size == (4608, 2592) and camera.read().image.shape == (2592, 4608)
    assert camera.skipped == 0


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


def _png_header(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` x ``height`` pixels (valid CRCs, no pixel data)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + data))
        return struct.pack(">I", len(data)) + kind + data + crc

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")


def test_a_frame_beyond_the_limits_is_skipped_before_it_is_decoded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 s3: a recorded frame whose header claims more pixels than the limit (here
    lowered to 100) is skipped and counted like a corrupt one, never decoded; so is a
    header claiming 20000x20000."""
    import hardware.camera_replay_sources as sources

    monkeypatch.setattr(sources, "MAX_FRAME_PIXELS", 100)
    folder = _folder(tmp_path, ["a.png", "d.png"])  # 8x6: 48 pixels
    assert cv2.imwrite(str(folder / "b.png"), np.zeros((12, 16, 3), np.uint8))  # 192
    (folder / "c.png").write_bytes(_png_header(20_000, 20_000))
    camera = open_camera("replay", path=str(folder), fps=10)
    frames = [camera.read().index, camera.read().index]
    with pytest.raises(EndOfStream):
        camera.read()
    assert frames == [0, 3] and camera.skipped == 2
    assert camera.skip_note == (  # the size and the limit (it said "cannot be read")
        f"replay frame {folder / 'c.png'}: more than 179 megapixels by its header, "
        "beyond the limit of 100 pixels a frame"
    )


def test_a_frame_beyond_the_byte_limit_is_said_with_its_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 s3: a frame file larger than the limit (here lowered to 1 MiB) is
    skipped, and the note gives its size and the limit."""
    import hardware.camera_replay_sources as sources

    monkeypatch.setattr(sources, "MAX_FRAME_BYTES", 2**20)
    folder = _folder(tmp_path, ["a.png", "c.png"])
    (folder / "b.png").write_bytes(_png_header(8, 6) + bytes(3 * 2**19))
    camera = open_camera("replay", path=str(folder))
    assert [f.index for f in camera] == [0, 2] and camera.skipped == 1
    assert camera.skip_note == (
        f"replay frame {folder / 'b.png'}: 1.5 MiB, beyond the limit of 1 MiB a frame"
    )


def test_a_video_beyond_the_pixel_limit_is_refused_with_its_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import hardware.camera_replay_sources as sources

    monkeypatch.setattr(sources, "MAX_FRAME_PIXELS", 40)
    with pytest.raises(ConfigurationError) as refused:
        open_camera("replay", path=str(_video(tmp_path, 2)))
    assert "frames of 8x6 (48 pixels) are beyond the limit of 40 pixels a frame" in str(
        refused.value
    )
