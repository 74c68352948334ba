"""The USB webcam through OpenCV (V4L2 on Linux): the desktop camera, and a Pi's USB option.

``VideoCapture.read`` blocks, and on some drivers blocks for ever when a camera is
unplugged. So a reader thread does the reading and hands frames over; ``read``
waits for one at most ``timeout`` seconds, then raises CameraTimeoutError. The
thread keeps only the newest frames (a slow reader gets the current table, not
a backlog); a failed grab (``read`` returning False: the camera is gone) becomes
CameraLostError. ``close`` never waits for a stuck driver: the thread releases
the device when its last read returns.

    camera = open_camera("opencv", device=0, width=1280, height=720)
    frame = camera.read(timeout=1.0)
"""

from __future__ import annotations

import collections
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Protocol, get_args

from msgspec import Meta

from hardware.camera import CameraBase, Frame
from hardware.errors import (
    BackendUnavailableError,
    CameraLostError,
    CameraNotFoundError,
    CameraTimeoutError,
    ConfigurationError,
)
from hardware.settings import Settings

CV2_HINT = "pip install opencv-python-headless (a dependency of table-companion)"
Backend = Literal["v4l2", "any"]
BACKENDS: tuple[str, ...] = get_args(Backend)
#: Frames kept for a slow reader; older ones are dropped, as a live camera does.
KEEP = 2


class VideoCaptureLike(Protocol):
    """The part of ``cv2.VideoCapture`` the camera uses (a fake in tests)."""

    def isOpened(self) -> bool: ...  # noqa: N802 - OpenCV's name

    def set(self, prop: int, value: float) -> bool: ...

    def get(self, prop: int) -> float: ...

    def read(self) -> tuple[bool, Any]: ...

    def release(self) -> None: ...


class OpenCVCamera(CameraBase):
    """Frames from a VideoCapture read by a thread of its own."""

    kind = "opencv"

    def __init__(
        self,
        capture: VideoCaptureLike,
        size: tuple[int, int],
        *,
        name: str = "camera",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(size)
        self.name = name
        self._capture = capture
        self._clock = clock
        self._frames: collections.deque[Frame] = collections.deque(maxlen=KEEP)
        self._lost: str | None = None
        self._ready = threading.Condition()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"camera {name}", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        index = 0
        try:
            while not self._stop.is_set():
                try:
                    ok, image = self._capture.read()
                except Exception as exc:  # cv2.error and driver faults alike
                    ok, image = False, f"{type(exc).__name__}: {exc}"
                if not ok or image is None:
                    why = f" ({image})" if isinstance(image, str) else ""
                    self._set_lost(f"{self.name} stopped sending frames (unplugged?){why}")
                    return
                frame = Frame(image, self._clock(), index)
                index += 1
                with self._ready:
                    self._frames.append(frame)
                    self._ready.notify_all()
        finally:
            self._capture.release()

    def _set_lost(self, message: str) -> None:
        with self._ready:
            self._lost = message
            self._ready.notify_all()

    def _read(self, timeout: float) -> Frame:
        with self._ready:
            self._ready.wait_for(lambda: self._frames or self._lost, timeout=timeout)
            if self._frames:
                return self._frames.popleft()
            if self._lost is not None:
                raise CameraLostError(self._lost)
        raise CameraTimeoutError(f"{self.name}: no frame within {timeout:g} s")

    def _close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=0.5)


def _cv2() -> Any:
    """OpenCV, its own log kept to errors: a camera not found is said once by
    :class:`CameraNotFoundError`, not by two ``[ WARN ]`` lines of OpenCV's at every
    retry (stderr, so the service's journal)."""
    try:
        import cv2
    except ImportError as exc:
        raise BackendUnavailableError(f"opencv camera needs OpenCV (cv2): {CV2_HINT}") from exc
    cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)
    return cv2


def open_camera_opencv(
    device: int | str = 0,
    *,
    width: int = 1280,
    height: int = 720,
    fps: float = 30.0,
    backend: str = "v4l2",
    fourcc: str = "MJPG",
    autofocus: bool = True,
    focus: int | None = None,
    factory: Callable[[int | str, int], VideoCaptureLike] | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> OpenCVCamera:
    """Open a webcam; CameraNotFoundError if nothing answers at ``device``.

    ``fourcc`` "MJPG" lets most USB webcams give 1280x720 at 30 fps (uncompressed
    YUYV often manages only 5-10); "" leaves the driver's choice. ``focus`` (0-255
    on most webcams) fixes the lens when ``autofocus`` is false.
    """
    cv2 = _cv2()
    api = cv2.CAP_V4L2 if backend == "v4l2" and sys.platform.startswith("linux") else cv2.CAP_ANY
    capture = (factory or cv2.VideoCapture)(device, api)
    where = f"/dev/video{device}" if isinstance(device, int) else device
    if not capture.isOpened():
        capture.release()
        raise CameraNotFoundError(
            f"camera.device = {device!r}: no camera at {where} (is it plugged in? "
            "`v4l2-ctl --list-devices` lists them)"
        )
    if fourcc:
        capture.set(cv2.CAP_PROP_FOURCC, cv2.VideoWriter_fourcc(*fourcc))
    capture.set(cv2.CAP_PROP_FRAME_WIDTH, width)
    capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
    capture.set(cv2.CAP_PROP_FPS, fps)
    capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)  # the newest frame, not a queue of old ones
    capture.set(cv2.CAP_PROP_AUTOFOCUS, 1 if autofocus else 0)
    if not autofocus and focus is not None:
        capture.set(cv2.CAP_PROP_FOCUS, focus)
    got = (int(capture.get(cv2.CAP_PROP_FRAME_WIDTH)), int(capture.get(cv2.CAP_PROP_FRAME_HEIGHT)))
    size = got if got[0] > 0 and got[1] > 0 else (width, height)
    return OpenCVCamera(capture, size, name=f"webcam {where}", clock=clock)


@dataclass(frozen=True)
class OpenCVSettings:
    """The keys of a webcam but ``device`` (an index or a path); ``focus`` -1: none set."""

    width: Annotated[int, Meta(ge=16, le=8192)] = 1280
    height: Annotated[int, Meta(ge=16, le=8192)] = 720
    fps: Annotated[float, Meta(gt=0, le=240)] = 30.0
    backend: Backend = "v4l2"
    fourcc: str = "MJPG"
    autofocus: bool = True
    focus: Annotated[int, Meta(ge=-1, le=1023)] = -1


def open_from_settings(settings: Settings) -> OpenCVCamera:
    """The ``[camera]`` keys of a webcam (docs/camera.md lists them)."""
    device = settings.value("device", 0, _is_device, "a device index (0) or path (/dev/video0)")
    given = settings.decode(OpenCVSettings)
    if given.fourcc and len(given.fourcc) != 4:
        raise ConfigurationError(
            f"camera.fourcc must be 4 characters or empty, not {given.fourcc!r}"
        )
    factory = settings.value("factory", None, callable, "a VideoCapture-like class")
    clock = settings.clock()
    settings.done()
    return open_camera_opencv(
        device,
        width=given.width,
        height=given.height,
        fps=given.fps,
        backend=given.backend,
        fourcc=given.fourcc,
        autofocus=given.autofocus,
        focus=None if given.focus < 0 else given.focus,
        factory=factory,
        clock=clock,
    )


def _is_device(value: object) -> bool:
    if isinstance(value, bool):
        return False
    return (isinstance(value, int) and value >= 0) or (isinstance(value, str) and bool(value))
