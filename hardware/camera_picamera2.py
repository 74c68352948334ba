"""The Raspberry Pi camera (Camera Module 2/3, HQ) through picamera2 and libcamera.

OpenCV cannot open libcamera cameras on Raspberry Pi OS, so the Pi's own camera
goes through picamera2, imported only here. It comes from the OS (``sudo apt
install python3-picamera2``) and the venv must see it (``python3 -m venv
--system-site-packages``). A video configuration with an ``RGB888`` main stream
gives HxWx3 arrays in BGR order, what OpenCV and the decoders take. Each read
waits for the next frame at most ``timeout`` seconds (picamera2's job with a
timeout), so a camera that stops sending raises CameraTimeoutError, never hangs.
Timestamps are the sensor's (``SensorTimestamp``, on the monotonic clock).

A whole rummy table needs the sensor's full size (``resolution = "full"``: 4608x2592
on a Camera Module 3, 12 MP) at a few frames per second. A 12 MP BGR frame is 36 MB;
``format = "YUV420"`` asks the ISP for YUV instead and hands on the Y plane (the grey
picture the decoders read anyway) as a view of picamera2's array, without a copy:
18 MB a frame in all and no colour conversion, at the price of the change
detector's skin test (companion/table/changes.py: a hand resting still over a card
is then a change like any other). Large frames get fewer buffers (``buffers``;
picamera2's default of 6 would hold 6 frames of CMA memory).

Everything picamera2 is reached through ``factory`` (the ``Picamera2`` class),
so tests hand in a fake and run the configuration and read paths here.

    camera = open_camera("picamera2", width=1280, height=720, autofocus="continuous")
    camera = open_camera("picamera2", resolution="full", format="YUV420", fps=5)
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeAlias, get_args

from msgspec import Meta

from hardware.camera import CameraBase, Frame, check_image
from hardware.errors import (
    BackendUnavailableError,
    CameraLostError,
    CameraNotFoundError,
    CameraTimeoutError,
    ConfigurationError,
)
from hardware.settings import Settings

PICAMERA2_HINT = (
    "the Pi camera needs picamera2: sudo apt install python3-picamera2, and a venv made "
    "with python3 -m venv --system-site-packages (docs/install.md); without a Pi camera "
    '(a laptop, a USB webcam): [camera] kind = "opencv", or --camera opencv'
)
#: picamera2 found but one of the OS's compiled modules it imports (simplejpeg) was built
#: for another numpy than the environment's: "numpy.dtype size changed" (a ValueError) or
#: "compiled using NumPy 1.x cannot be run in NumPy 2" (an ImportError).
NUMPY_HINT = (
    "picamera2 cannot load: {error}; the OS's camera modules are built for the OS's "
    "numpy, not this environment's {numpy}: sudo bash systemd/install.sh puts a matching "
    "simplejpeg in the environment (docs/install.md, symptoms)"
)
#: libcamera's AeExposureModeEnum: "short" favours short exposures (less blur from hands).
EXPOSURE_MODES = {"normal": 0, "short": 1, "long": 2}
#: libcamera's AfModeEnum.
AF_MANUAL, AF_CONTINUOUS = 0, 2
#: libcamera's AeFlickerModeEnum: the exposure kept to whole periods of the lamps'
#: flicker (``AeFlickerPeriod``), which a rolling shutter films as bands otherwise.
FLICKER_MANUAL = 1
#: The mains' frequency where the camera is (Hz; 0: lamps taken as steady). Lamps flicker
#: at twice it.
Mains = Literal[0, 50, 60]
Autofocus = Literal["continuous", "manual"]
AUTOFOCUS: tuple[str, ...] = get_args(Autofocus)
#: Main stream formats: BGR colour (picamera2's "RGB888" is B, G, R in memory) or the
#: Y plane of YUV420 (grey).
PixelFormat = Literal["RGB888", "YUV420"]
FORMATS: tuple[str, ...] = get_args(PixelFormat)
#: Frames above this many pixels get LARGE_FRAME_BUFFERS buffers unless ``buffers`` says.
LARGE_FRAME_PIXELS = 1920 * 1080
LARGE_FRAME_BUFFERS = 3


#: A libcamera control's value as the table sets them: a mode, a number, a (min, max).
ControlValue: TypeAlias = "int | float | tuple[int, int]"


def camera_controls(
    available: Container[str],
    *,
    fps: float,
    autofocus: str,
    lens_position: float,
    exposure: str,
    ev: float,
    mains_hz: int = 0,
) -> dict[str, ControlValue]:
    """The libcamera controls for a table: steady frame rate, short exposure, focus,
    and exposures of whole flicker periods of lamps on ``mains_hz`` mains.

    Autofocus controls go only to a camera that has them (a Camera Module 3); a
    fixed-focus module (Camera Module 2) is focused by turning its lens. The flicker
    controls go only to a libcamera that has them.

    >>> camera_controls({"AfMode": (0, 2, 0)}, fps=25, autofocus="manual",
    ...                 lens_position=1.5, exposure="short", ev=0.0)["LensPosition"]
    1.5
    >>> camera_controls({"AeFlickerMode": (0, 1, 0)}, fps=25, autofocus="manual",
    ...                 lens_position=1.5, exposure="short", ev=0.0, mains_hz=50)["AeFlickerPeriod"]
    10000
    """
    frame_us = round(1_000_000 / fps)
    controls: dict[str, ControlValue] = {
        "FrameDurationLimits": (frame_us, frame_us),
        "AeExposureMode": EXPOSURE_MODES[exposure],
        "ExposureValue": ev,
    }
    if "AfMode" in available:
        if autofocus == "continuous":
            controls["AfMode"] = AF_CONTINUOUS
        else:
            controls["AfMode"] = AF_MANUAL
            controls["LensPosition"] = lens_position
    if mains_hz and "AeFlickerMode" in available:
        controls["AeFlickerMode"] = FLICKER_MANUAL
        controls["AeFlickerPeriod"] = round(1_000_000 / (2 * mains_hz))
    return controls


class Picamera2Camera(CameraBase):
    """A started Picamera2; each read takes the next request's main array."""

    kind = "picamera2"

    def __init__(
        self,
        picam: Any,
        size: tuple[int, int],
        *,
        name: str = "Pi camera",
        clock: Callable[[], float] = time.monotonic,
        grey: bool = False,
    ) -> None:
        super().__init__(size)
        self.name = name
        #: Frames are YUV420 arrays ((height * 3 / 2) x stride): the first rows are Y.
        self.grey = grey
        self._picam = picam
        self._clock = clock
        self._job: Any = None
        self._index = 0

    def _read(self, timeout: float) -> Frame:
        try:
            if self._job is None:
                self._job = self._picam.capture_arrays(["main"], wait=False)
            arrays, metadata = self._job.get_result(timeout=timeout)
        except TimeoutError:
            # The job stays pending: the next read waits for the same frame, none is lost.
            raise CameraTimeoutError(f"{self.name}: no frame within {timeout:g} s") from None
        except Exception as exc:  # libcamera's RuntimeError and friends: the camera is gone
            self._job = None
            raise CameraLostError(f"{self.name} failed: {type(exc).__name__}: {exc}") from exc
        self._job = None
        try:
            array = self._y_plane(arrays[0]) if self.grey else arrays[0]
            image = check_image(array, f"{self.name} frame {self._index}")
        except ValueError as exc:
            raise CameraLostError(str(exc)) from None
        sensor_ns = metadata.get("SensorTimestamp") if isinstance(metadata, Mapping) else None
        timestamp = sensor_ns / 1e9 if isinstance(sensor_ns, int) else self._clock()
        frame = Frame(image, timestamp, self._index)
        self._index += 1
        return frame

    def _y_plane(self, array: Any) -> Any:
        """The Y plane of a YUV420 array, a view (no copy); the row padding cut off."""
        width, height = self.size
        import numpy

        shape: tuple[int, ...] = numpy.shape(array)
        if len(shape) != 2 or shape[0] < height * 3 // 2 or shape[1] < width:
            raise ValueError(
                f"{self.name} frame {self._index}: a YUV420 frame of {width}x{height} is "
                f"{height * 3 // 2} x {width} or wider, not {shape}"
            )
        return array[:height, :width]

    def _close(self) -> None:
        for step in (self._picam.stop, self._picam.close):
            with contextlib.suppress(Exception):  # a camera already gone cannot be stopped
                step()


def _import_hint(exc: Exception) -> str:
    """The one line for a failed import of picamera2 or libcamera."""
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    missing = isinstance(exc, ImportError) and exc.name in (
        "picamera2",
        "libcamera",
    )
    if missing:
        return PICAMERA2_HINT
    if isinstance(exc, ValueError) or "numpy" in text.lower():
        try:
            import numpy

            version = f"numpy {numpy.__version__}"
        except ImportError:  # pragma: no cover - numpy is a dependency
            version = "numpy"
        return NUMPY_HINT.format(error=text, numpy=version)
    return f"picamera2 cannot load: {text}; {PICAMERA2_HINT}"


def _picamera2_class() -> Any:
    try:
        from picamera2 import Picamera2
    except (ImportError, ValueError) as exc:
        raise BackendUnavailableError(_import_hint(exc)) from exc
    return Picamera2


def _libcamera_transform(hflip: bool, vflip: bool) -> Any:
    try:
        from libcamera import Transform
    except (ImportError, ValueError) as exc:
        raise BackendUnavailableError(_import_hint(exc)) from exc
    return Transform(hflip=int(hflip), vflip=int(vflip))


def open_camera_picamera2(
    camera: int = 0,
    *,
    width: int = 1280,
    height: int = 720,
    full: bool = False,
    pixel_format: str = "RGB888",
    buffers: int = 0,
    fps: float = 30.0,
    autofocus: str = "continuous",
    lens_position: float = 1.5,
    exposure: str = "short",
    ev: float = 0.0,
    mains_hz: int = 0,
    hflip: bool = False,
    vflip: bool = False,
    factory: Any = None,
    transform: Callable[[bool, bool], Any] | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Picamera2Camera:
    """Configure and start the Pi camera number ``camera``.

    ``lens_position`` is in dioptres (1 / metres): 1.5 focuses at about 67 cm.
    ``mains_hz`` (50 or 60; 0: none): exposures of whole periods of the lamps' flicker.
    ``full``: the sensor's full size (``sensor_resolution``) instead of ``width`` x
    ``height``; ``pixel_format``: one of :data:`FORMATS`; ``buffers``: how many frame buffers
    (0: picamera2's default, or :data:`LARGE_FRAME_BUFFERS` for a large frame).
    """
    picamera2 = factory or _picamera2_class()
    found = list(picamera2.global_camera_info())
    if camera >= len(found):
        raise CameraNotFoundError(
            f"camera.camera = {camera}: libcamera finds {len(found)} camera(s); check the "
            "ribbon cable and `rpicam-hello --list-cameras`"
        )
    model = found[camera].get("Model", "?") if isinstance(found[camera], Mapping) else "?"
    name = f"Pi camera {camera} ({model})"
    try:
        picam = picamera2(camera)
    except Exception as exc:  # busy (another process holds it) or vanished since the listing
        raise CameraNotFoundError(f"{name} cannot be opened: {exc}") from exc
    try:
        if full:
            width, height = (int(side) for side in picam.sensor_resolution)
        controls = camera_controls(
            picam.camera_controls,
            fps=fps,
            autofocus=autofocus,
            lens_position=lens_position,
            exposure=exposure,
            ev=ev,
            mains_hz=mains_hz,
        )
        extra: dict[str, Any] = {}
        count = buffers or (LARGE_FRAME_BUFFERS if width * height > LARGE_FRAME_PIXELS else 0)
        if count:
            extra["buffer_count"] = count
        if hflip or vflip:
            extra["transform"] = (transform or _libcamera_transform)(hflip, vflip)
        config = picam.create_video_configuration(
            main={"size": (width, height), "format": pixel_format}, controls=controls, **extra
        )
        picam.configure(config)
        picam.start()
    except Exception as exc:
        picam.close()
        if isinstance(exc, BackendUnavailableError):
            raise
        raise CameraLostError(f"{name} cannot start at {width}x{height}: {exc}") from exc
    main = config.get("main", {}) if isinstance(config, Mapping) else {}
    size = tuple(main.get("size", (width, height)))
    grey = pixel_format == "YUV420"
    return Picamera2Camera(picam, (int(size[0]), int(size[1])), name=name, clock=clock, grey=grey)


@dataclass(frozen=True)
class Picamera2Settings:
    """The keys of the Pi camera a file may give (docs/camera.md)."""

    camera: Annotated[int, Meta(ge=0, le=7)] = 0
    width: Annotated[int, Meta(ge=16, le=4608)] = 1280
    height: Annotated[int, Meta(ge=16, le=3496)] = 720
    resolution: Literal["", "full"] = ""
    format: PixelFormat = "RGB888"
    buffers: Annotated[int, Meta(ge=0, le=8)] = 0
    fps: Annotated[float, Meta(gt=0, le=120)] = 30.0
    autofocus: Autofocus = "continuous"
    lens_position: Annotated[float, Meta(ge=0, le=32)] = 1.5
    exposure: Literal["normal", "short", "long"] = "short"
    ev: Annotated[float, Meta(ge=-8, le=8)] = 0.0
    mains_hz: Mains = 0
    hflip: bool = False
    vflip: bool = False


def open_from_settings(settings: Settings) -> Picamera2Camera:
    """The ``[camera]`` keys of the Pi camera (docs/camera.md lists them); ``resolution
    = "full"`` takes the sensor's full size and ignores ``width`` and ``height``."""
    given = settings.decode(Picamera2Settings)
    width, height = given.width, given.height
    factory = settings.value("factory", None, callable, "a Picamera2-like class")
    transform = settings.value("transform", None, callable, "a function (hflip, vflip)")
    clock = settings.clock()
    settings.done()
    if width % 2 or height % 2:
        raise ConfigurationError(
            f"camera.width and camera.height must be even, not {width}x{height}"
        )
    return open_camera_picamera2(
        given.camera,
        width=width,
        height=height,
        full=given.resolution == "full",
        pixel_format=given.format,
        buffers=given.buffers,
        fps=given.fps,
        autofocus=given.autofocus,
        lens_position=given.lens_position,
        exposure=given.exposure,
        ev=given.ev,
        mains_hz=given.mains_hz,
        hflip=given.hflip,
        vflip=given.vflip,
        factory=factory,
        transform=transform,
        clock=clock,
    )
