"""The webcam backend over a fake VideoCapture (issue 4 section 1).

A read that gets nothing within its timeout raises; the tests use short real
timeouts on a reader that is held back, never sleeps.
"""

from __future__ import annotations

import sys
import threading

import cv2
import pytest
from camera_devices import FakeVideoCapture, numbered_images

from hardware.camera import open_camera
from hardware.errors import (
    BackendUnavailableError,
    CameraLostError,
    CameraNotFoundError,
    CameraTimeoutError,
    ConfigurationError,
)


def test_opens_the_device_through_v4l2_with_mjpg_at_the_size() -> None:
    capture = FakeVideoCapture(numbered_images(1))
    camera = open_camera("opencv", factory=capture, device=2, width=1920, height=1080, fps=15)
    assert capture.opened_with == (2, cv2.CAP_V4L2)
    assert capture.props[cv2.CAP_PROP_FOURCC] == cv2.VideoWriter.fourcc(*"MJPG")
    assert capture.props[cv2.CAP_PROP_FRAME_WIDTH] == 1920
    assert capture.props[cv2.CAP_PROP_FRAME_HEIGHT] == 1080
    assert capture.props[cv2.CAP_PROP_FPS] == 15
    assert capture.props[cv2.CAP_PROP_AUTOFOCUS] == 1
    assert camera.size == (1920, 1080)
    camera.close()


def test_the_size_is_what_the_camera_gives_not_what_was_asked() -> None:
    capture = FakeVideoCapture([], reported=(640, 480))
    assert open_camera("opencv", factory=capture).size == (640, 480)


def test_manual_focus_and_a_device_path() -> None:
    capture = FakeVideoCapture([])
    open_camera("opencv", factory=capture, device="/dev/video4", autofocus=False, focus=30)
    assert capture.opened_with is not None and capture.opened_with[0] == "/dev/video4"
    assert capture.props[cv2.CAP_PROP_AUTOFOCUS] == 0 and capture.props[cv2.CAP_PROP_FOCUS] == 30


def test_frames_are_timestamped_by_the_clock() -> None:
    ticks = iter([1.0, 2.0, 3.0])
    capture = FakeVideoCapture(numbered_images(1))
    camera = open_camera("opencv", factory=capture, clock=lambda: next(ticks))
    frame = camera.read(timeout=2.0)
    assert (frame.index, frame.timestamp) == (0, 1.0)


def test_no_camera_at_the_device() -> None:
    capture = FakeVideoCapture([], opened=False)
    with pytest.raises(CameraNotFoundError, match=r"/dev/video0.*v4l2-ctl --list-devices"):
        open_camera("opencv", factory=capture)
    assert capture.released == 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="V4L2 is Linux's")
def test_no_camera_is_said_once_not_with_opencvs_warnings_at_each_retry(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """The real OpenCV at a device no machine of ours has: our one error, and none of
    OpenCV's ``[ WARN ]`` lines it writes to stderr (the service's journal) at every
    retry of a camera unplugged."""
    for _ in range(2):
        with pytest.raises(CameraNotFoundError, match=r"/dev/video63"):
            open_camera("opencv", device=63)
    assert "WARN" not in capfd.readouterr().err


def test_an_unplugged_camera_is_lost_and_released() -> None:
    capture = FakeVideoCapture(numbered_images(1))
    camera = open_camera("opencv", factory=capture)
    assert camera.read(timeout=2.0).index == 0
    with pytest.raises(CameraLostError, match="stopped sending frames"):
        camera.read(timeout=2.0)
    camera.close()
    assert capture.released == 1


def test_a_driver_error_is_a_lost_camera() -> None:
    capture = FakeVideoCapture([], raises=cv2.error("select() timeout"))
    with pytest.raises(CameraLostError, match="select"):
        open_camera("opencv", factory=capture).read(timeout=2.0)


def test_a_stuck_driver_times_out_and_close_does_not_wait_for_it() -> None:
    shutter = threading.Event()
    capture = FakeVideoCapture(numbered_images(1), shutter=shutter)
    camera = open_camera("opencv", factory=capture)
    with pytest.raises(CameraTimeoutError, match=r"no frame within 0\.05 s"):
        camera.read(timeout=0.05)
    assert isinstance(CameraTimeoutError("x"), CameraLostError)
    camera.close()
    shutter.set()  # the driver wakes up: the reader thread releases the device
    camera._thread.join(timeout=5)  # type: ignore[attr-defined]
    assert capture.released == 1


def test_without_cv2_the_error_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cv2", None)
    with pytest.raises(BackendUnavailableError, match="opencv-python-headless"):
        open_camera("opencv")


@pytest.mark.parametrize(
    ("settings", "key"),
    [
        ({"device": True}, "camera.device"),
        ({"device": -1}, "camera.device"),
        ({"fourcc": "MJPEG"}, "camera.fourcc"),
        ({"backend": "dshow"}, "camera.backend"),
        ({"height": 8}, "camera.height"),
        ({"devcie": 0}, "camera.devcie"),
    ],
)
def test_bad_settings_name_the_key(settings: dict[str, object], key: str) -> None:
    with pytest.raises(ConfigurationError, match=key.replace(".", r"\.")):
        open_camera("opencv", factory=FakeVideoCapture([]), **settings)
