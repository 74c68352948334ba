"""The replay camera: recorded frames (a folder of images, or a video file) on their own clock.

``companion replay`` and the benchmarks read a recorded game through the very
pipeline the daemon runs; the replay gives the frames as fast as they are read,
with timestamps on the recording's timeline (``index / fps``), so the result does
not depend on the machine's speed. With ``realtime`` it paces itself like a live
camera (through an injected clock and sleep), for the desktop demo.

A folder is read in natural name order (``frame2.png`` before ``frame10.png``);
a video needs OpenCV (``cv2``), which also decodes the images.

    >>> import tempfile, pathlib, cv2, numpy as np
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> for i in range(2):
    ...     _ = cv2.imwrite(str(folder / f"f{i}.png"), np.zeros((4, 6, 3), np.uint8))
    >>> with open_camera_replay(folder, fps=10) as camera:
    ...     camera.size, [(f.index, f.timestamp) for f in camera]
    ((6, 4), [(0, 0.0), (1, 0.1)])
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from hardware.camera import CameraBase, Frame, Image
from hardware.errors import (
    BackendUnavailableError,
    CameraLostError,
    ConfigurationError,
    EndOfStream,
)
from hardware.settings import Settings

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")
DEFAULT_FPS = 30.0
CV2_HINT = "pip install opencv-python-headless (a dependency of table-companion)"


class _Source(Protocol):
    """Recorded frames: the next image (None at the end), and back to the start."""

    name: str

    def next_image(self) -> Image | None: ...

    def rewind(self) -> None: ...

    def release(self) -> None: ...


def _cv2() -> Any:
    try:
        import cv2
    except ImportError as exc:
        raise BackendUnavailableError(f"replay camera needs OpenCV (cv2): {CV2_HINT}") from exc
    return cv2


def _natural_key(path: Path) -> list[Any]:
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", path.name)]


class _Folder:
    """Image files of a folder in natural name order."""

    def __init__(self, folder: Path) -> None:
        self.name = str(folder)
        self.files = sorted(
            (p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file()),
            key=_natural_key,
        )
        if not self.files:
            suffixes = "/".join(s.lstrip(".") for s in IMAGE_SUFFIXES)
            raise ConfigurationError(f"camera.path: no frames ({suffixes}) in the folder {folder}")
        self._cv2 = _cv2()
        self._next = 0

    def next_image(self) -> Image | None:
        if self._next >= len(self.files):
            return None
        path = self.files[self._next]
        self._next += 1
        image: Image | None = self._cv2.imread(str(path), self._cv2.IMREAD_COLOR)
        if image is None:
            raise CameraLostError(f"replay frame {path}: cannot be read as an image")
        return image

    def rewind(self) -> None:
        self._next = 0

    def release(self) -> None:
        """Nothing is held open between frames."""


class _Video:
    """A video file decoded by OpenCV."""

    def __init__(self, path: Path) -> None:
        self.name = str(path)
        self._cv2 = _cv2()
        self._capture = self._cv2.VideoCapture(str(path))
        if not self._capture.isOpened():
            raise ConfigurationError(f"camera.path: {path} cannot be opened as a video")
        self.fps = float(self._capture.get(self._cv2.CAP_PROP_FPS) or 0.0)

    def next_image(self) -> Image | None:
        ok, image = self._capture.read()
        return image if ok and image is not None else None

    def rewind(self) -> None:
        self._capture.set(self._cv2.CAP_PROP_POS_FRAMES, 0)

    def release(self) -> None:
        self._capture.release()


class ReplayCamera(CameraBase):
    """Frames of a recording; EndOfStream after the last unless ``loop``."""

    kind = "replay"

    def __init__(
        self,
        source: _Source,
        *,
        fps: float = DEFAULT_FPS,
        loop: bool = False,
        realtime: bool = False,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        first = source.next_image()
        if first is None:
            source.release()
            raise ConfigurationError(f"camera.path: {source.name} holds no frames")
        super().__init__((int(first.shape[1]), int(first.shape[0])))
        self._source = source
        self._first: Image | None = first
        self._fps = fps
        self._loop = loop
        self._realtime = realtime
        self._clock = clock
        self._sleep = sleep
        self._start: float | None = None
        self._index = 0

    def _read(self, timeout: float) -> Frame:
        image = self._next_image()
        index = self._index
        self._index += 1
        if (image.shape[1], image.shape[0]) != self.size:
            w, h = self.size
            raise CameraLostError(
                f"replay {self._source.name}: frame {index} is {image.shape[1]}x{image.shape[0]},"
                f" the recording is {w}x{h}"
            )
        timestamp = index / self._fps
        if self._realtime:
            self._pace(timestamp)
        return Frame(image, timestamp, index)

    def _next_image(self) -> Image:
        if self._first is not None:
            image, self._first = self._first, None
            return image
        later = self._source.next_image()
        if later is None and self._loop:
            self._source.rewind()
            later = self._source.next_image()
        if later is None:
            raise EndOfStream(f"replay {self._source.name}: all {self._index} frames read")
        return later

    def _pace(self, timestamp: float) -> None:
        """Wait until the frame's time has come on the clock: a live camera's rhythm."""
        now = self._clock()
        if self._start is None:
            self._start = now - timestamp
        wait = self._start + timestamp - now
        if wait > 0:
            self._sleep(wait)

    def _close(self) -> None:
        self._source.release()


def open_camera_replay(
    path: Path | str,
    *,
    fps: float | None = None,
    loop: bool = False,
    realtime: bool = False,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> ReplayCamera:
    """A replay of a folder of frames or a video; ``fps`` defaults to the video's own, else 30."""
    path = Path(path)
    source: _Folder | _Video
    if path.is_dir():
        source = _Folder(path)
        rate = fps or DEFAULT_FPS
    elif path.is_file():
        source = _Video(path)
        rate = fps or source.fps or DEFAULT_FPS
    else:
        raise ConfigurationError(
            f"camera.path: {path} does not exist (a folder of frames or a video)"
        )
    if not rate > 0:
        raise ConfigurationError(f"camera.fps must be more than 0, not {rate!r}")
    return ReplayCamera(source, fps=rate, loop=loop, realtime=realtime, clock=clock, sleep=sleep)


def open_from_settings(settings: Settings) -> ReplayCamera:
    """``path`` (required), ``fps``, ``loop``, ``realtime``; ``clock``/``sleep`` from tests."""
    if not settings.has("path"):
        raise ConfigurationError("camera.path is required for the replay camera")
    path = settings.path("path", "")
    fps = settings.number("fps", 0.0, above=0) if settings.has("fps") else None
    loop = settings.flag("loop", False)
    realtime = settings.flag("realtime", False)
    clock = settings.value("clock", time.monotonic, callable, "a function () -> seconds")
    sleep = settings.value("sleep", time.sleep, callable, "a function (seconds) -> None")
    settings.done()
    return open_camera_replay(path, fps=fps, loop=loop, realtime=realtime, clock=clock, sleep=sleep)
