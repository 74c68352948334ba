"""The synthetic and fake cameras, and the port's own checks (issue 4 section 1)."""

from __future__ import annotations

import numpy as np
import pytest
from camera_devices import numbered_images

from hardware.camera import CameraLostError, EndOfStream, Frame, check_image, open_camera
from hardware.camera_synthetic import SyntheticFeed
from hardware.errors import CameraNotFoundError, ConfigurationError, DeviceError


def _render(index: int) -> np.ndarray:
    return np.full((4, 6), index, np.uint8)


def test_a_render_function_on_an_fps_timeline() -> None:
    camera = open_camera("synthetic", render=_render, fps=20, count=3)
    frames = list(camera)
    assert [f.index for f in frames] == [0, 1, 2]
    assert [f.timestamp for f in frames] == [0, 0.05, 0.1]
    assert [int(f.image[0, 0]) for f in frames] == [0, 1, 2]
    assert camera.size == (6, 4)


def test_without_a_count_a_render_never_ends() -> None:
    camera = open_camera("synthetic", render=_render)
    assert [camera.read().index for _ in range(50)][-1] == 49


def test_no_scene_is_a_blank_table_of_the_size() -> None:
    assert open_camera("synthetic", width=320, height=240).read().size == (320, 240)


def test_fail_at_loses_that_frame_once() -> None:
    camera = open_camera("synthetic", render=_render, count=4, fail_at=[1])
    assert camera.read().index == 0
    with pytest.raises(CameraLostError, match="frame 1 failed"):
        camera.read()
    assert [f.index for f in camera] == [2, 3]


def test_a_camera_that_disappears_and_comes_back_across_reopening() -> None:
    """The daemon closes a lost camera and opens it again: the feed carries the outage."""
    feed = SyntheticFeed(_render, lose_after=2, come_back_after=3)
    camera = feed.open()
    assert [camera.read().index for _ in range(2)] == [0, 1]
    with pytest.raises(CameraLostError):
        camera.read()
    camera.close()
    for _ in range(2):
        with pytest.raises(CameraNotFoundError):
            feed.open()
    camera = feed.open()
    assert camera.read().index == 5, "frames 2-4 went by while the camera was away"
    assert camera.read().index == 6


def test_resuming_a_camera_from_the_settings_keeps_its_outage() -> None:
    """Issue 13: the daemon opens a lost camera again with ``resume()``; the outage goes
    on counting and ends, the scene goes on (it flapped when each opening began anew)."""
    camera = open_camera("synthetic", render=_render, lose_after=2, come_back_after=3)
    assert [camera.read().index for _ in range(2)] == [0, 1]
    with pytest.raises(CameraLostError, match="attempt 1 of 3"):
        camera.read()
    camera.close()
    for attempt in (2, 3):
        with pytest.raises(CameraNotFoundError, match=f"attempt {attempt} of 3"):
            camera.resume()
    again = camera.resume()
    assert [again.read().index for _ in range(3)] == [5, 6, 7]
    again.close()
    assert again.resume().read().index == 8, "never lost again"


def test_an_outage_from_the_start_can_be_resumed_too() -> None:
    camera = open_camera("synthetic", render=_render, lose_after=0, come_back_after=2)
    with pytest.raises(CameraLostError, match="lost after 0 frames"):
        camera.read()
    with pytest.raises(CameraNotFoundError):
        camera.resume()
    assert camera.resume().read().index == 2


def test_a_camera_that_never_comes_back() -> None:
    with pytest.raises(CameraLostError, match="lost after 0 frames"):
        open_camera("synthetic", render=_render, lose_after=0).read()
    camera = open_camera("synthetic", render=_render, lose_after=1)
    camera.read()
    for _ in range(10):
        with pytest.raises(CameraLostError):
            camera.read()


def test_bad_frames_and_bad_settings() -> None:
    with pytest.raises(ValueError, match="synthetic frame 1: an image must be a uint8"):
        list(open_camera("synthetic", frames=[np.zeros((2, 2), np.uint8), np.zeros((2, 2))]))
    with pytest.raises(ConfigurationError, match=r"camera\.render and camera\.frames"):
        open_camera("synthetic", render=_render, frames=[])
    with pytest.raises(ConfigurationError, match=r"camera\.frames: synthetic camera: no frames"):
        open_camera("synthetic", frames=[])
    with pytest.raises(ConfigurationError, match=r"camera\.lose_after"):
        open_camera("synthetic", lose_after=-1)
    with pytest.raises(ConfigurationError, match=r"camera\.fail_at"):
        open_camera("synthetic", fail_at="3")


def test_the_fake_raises_on_demand_then_goes_on() -> None:
    camera = open_camera("fake", frames=numbered_images(2))
    camera.fail_next(DeviceError("unplugged"))  # type: ignore[attr-defined]
    with pytest.raises(DeviceError, match="unplugged"):
        camera.read(timeout=0.3)
    assert [f.index for f in camera] == [0, 1]
    assert camera.timeouts[0] == 0.3  # type: ignore[attr-defined]


def test_the_fake_makes_blank_frames_of_a_size() -> None:
    camera = open_camera("fake", width=32, height=16, count=3)
    assert camera.size == (32, 16) and len(list(camera)) == 3


def test_an_unknown_kind_names_the_known_ones() -> None:
    with pytest.raises(ConfigurationError, match=r"camera\.kind = 'kinect'.*picamera2, opencv"):
        open_camera("kinect")


def test_a_read_timeout_must_be_positive() -> None:
    with pytest.raises(ValueError, match="timeout"):
        open_camera("fake").read(timeout=0)


def test_end_of_stream_is_not_a_lost_camera() -> None:
    """The daemon retries a lost camera; the end of a replay is not retried."""
    assert not issubclass(EndOfStream, CameraLostError)
    assert issubclass(CameraLostError, OSError) and issubclass(CameraNotFoundError, CameraLostError)


def test_check_image_shapes() -> None:
    assert check_image(np.zeros((2, 3, 4), np.uint8), "x").shape == (2, 3, 3)
    for bad in (np.zeros((2, 3, 2), np.uint8), np.zeros((0, 3), np.uint8), [[0]]):
        with pytest.raises(ValueError, match="x: "):
            check_image(bad, "x")
    assert Frame(np.zeros((2, 3), np.uint8), 0.0, 0).size == (3, 2)
