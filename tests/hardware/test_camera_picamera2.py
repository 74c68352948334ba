"""The Pi camera backend over a fake Picamera2 class (issue 4 section 1)."""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest
from camera_devices import FRAME_NS, SENSOR_RESOLUTION, numbered_images, picamera2_class

from hardware.camera import open_camera
from hardware.camera_picamera2 import AF_CONTINUOUS, AF_MANUAL, FLICKER_MANUAL
from hardware.errors import (
    BackendUnavailableError,
    CameraLostError,
    CameraNotFoundError,
    CameraTimeoutError,
    ConfigurationError,
)


def test_configures_a_bgr_video_stream_at_the_size_with_table_controls() -> None:
    cls = picamera2_class(numbered_images(1))
    camera = open_camera("picamera2", factory=cls, width=1920, height=1080, fps=25)
    picam = cls.instances[-1]
    config = picam.configs[-1]
    assert config["main"] == {"size": (1920, 1080), "format": "RGB888"}
    assert config["controls"]["FrameDurationLimits"] == (40_000, 40_000)
    assert config["controls"]["AeExposureMode"] == 1  # short: less blur from hands
    assert config["controls"]["AfMode"] == AF_CONTINUOUS
    assert config["transform"] is None
    assert picam.calls == ["configure", "start"]
    assert camera.size == (1920, 1080)


def test_the_full_sensor_resolution_with_fewer_buffers() -> None:
    """Issue 11 item 4: a whole rummy table at the Camera Module 3's 12 MP, a few
    frames a second; a 36 MB frame is held in 3 buffers, not picamera2's 6."""
    cls = picamera2_class(numbered_images(1))
    camera = open_camera("picamera2", factory=cls, resolution="full", fps=5, width=640)
    config = cls.instances[-1].configs[-1]
    assert config["main"] == {"size": SENSOR_RESOLUTION, "format": "RGB888"}
    assert config["buffer_count"] == 3
    assert config["controls"]["FrameDurationLimits"] == (200_000, 200_000)
    assert camera.size == SENSOR_RESOLUTION


def test_small_frames_keep_picamera2s_buffers_unless_told() -> None:
    cls = picamera2_class([])
    open_camera("picamera2", factory=cls)
    assert "buffer_count" not in cls.instances[-1].configs[-1]
    open_camera("picamera2", factory=cls, buffers=2)
    assert cls.instances[-1].configs[-1]["buffer_count"] == 2


def test_yuv420_frames_are_their_y_plane_without_a_copy() -> None:
    """Issue 11 item 4 (memory): picamera2 gives YUV420 as (height * 3 / 2) x stride
    rows, Y first; the frame is the Y plane, a view of that array (no 12 MP copy)."""
    width, height, stride = 64, 48, 96
    yuv = np.zeros((height * 3 // 2, stride), np.uint8)
    yuv[:height, :width] = 200  # Y
    yuv[height:] = 128  # U and V
    cls = picamera2_class([yuv])
    camera = open_camera("picamera2", factory=cls, width=width, height=height, format="YUV420")
    assert cls.instances[-1].configs[-1]["main"]["format"] == "YUV420"
    image = camera.read().image
    assert image.shape == (height, width) and (image == 200).all()
    assert np.shares_memory(image, yuv)


def test_a_yuv420_frame_of_the_wrong_shape_is_a_lost_camera() -> None:
    cls = picamera2_class([np.zeros((48, 64), np.uint8)])  # no chroma rows
    camera = open_camera("picamera2", factory=cls, width=64, height=48, format="YUV420")
    with pytest.raises(CameraLostError, match="YUV420"):
        camera.read()


def test_a_fixed_lens_position_for_manual_focus() -> None:
    cls = picamera2_class([])
    open_camera("picamera2", factory=cls, autofocus="manual", lens_position=1.4)
    controls = cls.instances[-1].configs[-1]["controls"]
    assert controls["AfMode"] == AF_MANUAL and controls["LensPosition"] == 1.4


def test_no_focus_controls_for_a_camera_without_autofocus() -> None:
    """A Camera Module 2 refuses AfMode: it is focused by turning the lens."""
    cls = picamera2_class([], autofocus=False)
    open_camera("picamera2", factory=cls, autofocus="manual")
    controls = cls.instances[-1].configs[-1]["controls"]
    assert "AfMode" not in controls and "LensPosition" not in controls


@pytest.mark.parametrize(("mains_hz", "period_us"), [(50, 10_000), (60, 8_333)])
def test_exposures_of_whole_flicker_periods_on_the_mains_given(
    mains_hz: int, period_us: int
) -> None:
    """Issue 24 (the camera at a real table): lamps flicker at twice the mains; with
    ``mains_hz`` given the exposure is kept to whole periods of it, so a rolling shutter
    films no bands (docs/camera.md)."""
    cls = picamera2_class([])
    open_camera("picamera2", factory=cls, mains_hz=mains_hz)
    controls = cls.instances[-1].configs[-1]["controls"]
    assert controls["AeFlickerMode"] == FLICKER_MANUAL
    assert controls["AeFlickerPeriod"] == period_us


def test_no_flicker_controls_unless_asked_or_where_libcamera_lacks_them() -> None:
    """Issue 24: by default (``mains_hz = 0``) libcamera's own exposure is left alone; an
    older libcamera without flicker avoidance is given none either."""
    cls = picamera2_class([])
    open_camera("picamera2", factory=cls)
    assert "AeFlickerMode" not in cls.instances[-1].configs[-1]["controls"]
    older = picamera2_class([], flicker=False)
    open_camera("picamera2", factory=older, mains_hz=50)
    assert "AeFlickerMode" not in older.instances[-1].configs[-1]["controls"]


def test_flips_go_through_a_libcamera_transform() -> None:
    cls = picamera2_class([])
    made: list[tuple[bool, bool]] = []

    def transform(hflip: bool, vflip: bool) -> str:
        made.append((hflip, vflip))
        return "T"

    open_camera("picamera2", factory=cls, hflip=True, transform=transform)
    assert made == [(True, False)] and cls.instances[-1].configs[-1]["transform"] == "T"


def test_frames_carry_the_sensor_timestamp_and_count_from_zero() -> None:
    cls = picamera2_class(numbered_images(2))
    camera = open_camera("picamera2", factory=cls, width=64, height=48)
    first, second = camera.read(), camera.read()
    assert (first.index, second.index) == (0, 1)
    assert second.timestamp - first.timestamp == pytest.approx(FRAME_NS / 1e9)
    assert first.timestamp == pytest.approx(5 + FRAME_NS / 1e9)


def test_without_sensor_timestamps_the_clock_is_used() -> None:
    cls = picamera2_class(numbered_images(1), metadata=False)
    camera = open_camera("picamera2", factory=cls, width=64, height=48, clock=lambda: 12.5)
    assert camera.read().timestamp == 12.5


def test_a_four_channel_array_keeps_its_colour_channels() -> None:
    cls = picamera2_class([np.zeros((48, 64, 4), np.uint8)])
    assert open_camera("picamera2", factory=cls, width=64, height=48).read().image.shape == (
        48,
        64,
        3,
    )


def test_the_read_timeout_reaches_picamera2_and_a_timed_out_frame_is_awaited_again() -> None:
    cls = picamera2_class([])
    camera = open_camera("picamera2", factory=cls)
    picam = cls.instances[-1]
    with pytest.raises(CameraTimeoutError, match=r"no frame within 0\.25 s"):
        camera.read(timeout=0.25)
    picam.frames.append(numbered_images(1)[0])
    assert camera.read(timeout=0.5).index == 0
    assert picam.waits == [0.25, 0.5]
    assert len(picam.jobs) == 1, "the pending job is reused, no frame is dropped"


def test_a_libcamera_failure_is_a_lost_camera() -> None:
    cls = picamera2_class([], fail_with=RuntimeError("Camera frontend has timed out!"))
    camera = open_camera("picamera2", factory=cls)
    with pytest.raises(CameraLostError, match="frontend has timed out"):
        camera.read()


def test_close_stops_and_closes_once() -> None:
    cls = picamera2_class([])
    camera = open_camera("picamera2", factory=cls)
    camera.close()
    camera.close()
    assert cls.instances[-1].calls == ["configure", "start", "stop", "close"]


def test_no_camera_found_names_the_check() -> None:
    with pytest.raises(CameraNotFoundError, match=r"finds 0 camera.*rpicam-hello --list-cameras"):
        open_camera("picamera2", factory=picamera2_class([], cameras=0))
    with pytest.raises(CameraNotFoundError, match=r"camera.camera = 1"):
        open_camera("picamera2", factory=picamera2_class([]), camera=1)


def test_a_busy_camera_cannot_be_opened() -> None:
    with pytest.raises(CameraNotFoundError, match="busy"):
        open_camera("picamera2", factory=picamera2_class([], busy=True))


def test_a_camera_that_cannot_start_is_closed_and_reported() -> None:
    cls = picamera2_class([], start_fails=True)
    with pytest.raises(CameraLostError, match="cannot start at 1280x720"):
        open_camera("picamera2", factory=cls)
    assert cls.instances[-1].calls[-1] == "close"


def test_without_picamera2_the_error_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", None)
    with pytest.raises(BackendUnavailableError) as caught:
        open_camera("picamera2")
    assert "sudo apt install python3-picamera2" in str(caught.value)
    assert "--system-site-packages" in str(caught.value)
    # docs/layout.md's first check, typed on a laptop with no settings file, meets this
    # line: it says what a machine without a Pi camera uses instead
    assert '[camera] kind = "opencv", or --camera opencv' in str(caught.value)
    assert isinstance(caught.value, ImportError)


class _BrokenPicamera2(types.ModuleType):
    """A picamera2 whose import fails as the OS's does under another numpy (issue 21)."""

    def __init__(self, error: Exception) -> None:
        super().__init__("picamera2")
        self.error = error

    def __getattr__(self, name: str) -> object:
        raise self.error


@pytest.mark.parametrize(
    "error",
    [
        ValueError(
            "numpy.dtype size changed, may indicate binary incompatibility. "
            "Expected 96 from C header, got 88 from PyObject"
        ),
        ImportError("numpy.core.multiarray failed to import"),
    ],
)
def test_an_os_camera_module_built_for_another_numpy_is_one_line_with_the_fix(
    monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    """Issue 21: Bookworm's simplejpeg (numpy 1.24) under the environment's numpy 2 raises
    ValueError at ``import picamera2``; the daemon gets a BackendUnavailableError whose one
    line names the failure, the environment's numpy and the fix, not a traceback."""
    monkeypatch.setitem(sys.modules, "picamera2", _BrokenPicamera2(error))
    with pytest.raises(BackendUnavailableError) as caught:
        open_camera("picamera2")
    message = str(caught.value)
    assert "\n" not in message
    assert str(error).splitlines()[0] in message
    assert f"numpy {np.__version__}" in message
    assert "systemd/install.sh" in message


@pytest.mark.parametrize(
    ("settings", "key"),
    [
        ({"autofocus": "sometimes"}, "camera.autofocus"),
        ({"exposure": "auto"}, "camera.exposure"),
        ({"fps": 0}, "camera.fps"),
        ({"width": "wide"}, "camera.width"),
        ({"width": 1281}, "camera.width"),
        ({"hflip": "yes"}, "camera.hflip"),
        ({"resolution": "12mp"}, "camera.resolution"),
        ({"format": "BGR"}, "camera.format"),
        ({"buffers": 9}, "camera.buffers"),
        ({"lens_postion": 1.0}, "camera.lens_postion"),
        ({"mains_hz": 55}, "camera.mains_hz"),
    ],
)
def test_bad_settings_name_the_key(settings: dict[str, object], key: str) -> None:
    with pytest.raises(ConfigurationError, match=key.replace(".", r"\.")):
        open_camera("picamera2", factory=picamera2_class([]), **settings)
