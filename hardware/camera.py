"""The camera port: a source of frames looking down on the table.

On the Pi that is a Camera Module through picamera2 (OpenCV cannot open libcamera
cameras); on a desktop a USB webcam through OpenCV, or a replay of recorded frames;
in tests a synthetic scene or a fake. Backends are chosen by name from
``[camera] kind``; every other key of the section is the backend's setting.

Every backend keeps the same promises, pinned by one contract test: ``read`` gives
frames in order with increasing timestamps; a camera that fails or disappears
raises ``CameraLostError`` (a live read that gets nothing within ``timeout`` raises
``CameraTimeoutError``, so nothing hangs); a replay or synthetic source that is
finished raises ``EndOfStream``; ``close`` is idempotent. A frame the source cannot
give (a replay's unreadable file) is skipped and counted in ``skipped``, never raised:
one bad frame is not a lost camera. After a failure ``resume()`` opens the same
source again where it was: a recording or a drawn scene goes on after the last frame
delivered (its timeline only goes forward); a live camera says None (open it anew,
it films the present).

    >>> import numpy as np
    >>> with open_camera("fake", frames=[np.zeros((48, 64, 3), np.uint8)] * 2) as camera:
    ...     camera.size, [frame.index for frame in camera]
    ((64, 48), [0, 1])
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol, Self, runtime_checkable

import numpy as np
import numpy.typing as npt

from hardware.backends import open_backend
from hardware.errors import (
    CameraLostError,
    CameraNotFoundError,
    CameraTimeoutError,
    EndOfStream,
)
from hardware.lifecycle import Closeable, Closing

__all__ = [
    "BACKENDS",
    "KINDS",
    "Camera",
    "CameraBase",
    "CameraLostError",
    "CameraNotFoundError",
    "CameraTimeoutError",
    "EndOfStream",
    "Frame",
    "Image",
    "check_image",
    "open_camera",
]

#: An image as OpenCV keeps it: HxWx3 uint8 in BGR order, or HxW grey.
Image = npt.NDArray[np.uint8]

#: Every backend, as display and buttons list theirs: each reads its keys, then opens.
BACKENDS = {
    "picamera2": "hardware.camera_picamera2:open_from_settings",
    "opencv": "hardware.camera_opencv:open_from_settings",
    "replay": "hardware.camera_replay_settings:open_from_settings",
    "synthetic": "hardware.camera_synthetic:open_from_settings",
    "fake": "hardware.camera_fake:open_from_settings",
}
KINDS = tuple(BACKENDS)


@dataclass(frozen=True, eq=False)
class Frame:
    """One picture of the table.

    ``timestamp`` is in seconds on the source's own clock: the sensor's (or the
    monotonic clock) for a live camera, the recording's timeline (index / fps) for
    a replay. ``index`` counts the source's frames from 0; a live camera that drops
    frames a slow reader did not take skips indices.
    """

    image: Image
    timestamp: float
    index: int

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of the image."""
        return int(self.image.shape[1]), int(self.image.shape[0])


@runtime_checkable
class Camera(Closing, Protocol):
    """What the table tracker reads frames from."""

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def skipped(self) -> int: ...

    @property
    def skip_note(self) -> str: ...

    def read(self, timeout: float = 1.0) -> Frame: ...

    def resume(self) -> Camera | None: ...

    def __iter__(self) -> Iterator[Frame]: ...


class CameraBase(Closeable):
    """Shared promises of every backend: checked timeout, read after close, close once.

    Subclasses implement ``_read(timeout)`` and may override ``_close``; a source
    with a position (a recording, a drawn scene) overrides ``resume``.
    """

    kind = "camera"

    def __init__(self, size: tuple[int, int]) -> None:
        self._size = size
        self.closed = False
        #: Frames this opening could not give and passed over; what the last one was.
        self.skipped = 0
        self.skip_note = ""

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of the frames."""
        return self._size

    def read(self, timeout: float = 1.0) -> Frame:
        """The next frame; CameraLostError if the camera is gone, EndOfStream at the end."""
        if not timeout > 0:
            raise ValueError(f"camera read timeout {timeout!r}: must be more than 0 seconds")
        if self.closed:
            raise CameraLostError(f"{self.kind} camera: read() after close()")
        return self._read(timeout)

    def resume(self) -> Camera | None:
        """The source opened again after a failure, going on after the last frame
        delivered; None for a live camera (opening it anew is the same). Raises
        CameraNotFoundError while the source is still away."""
        return None

    def _skip(self, note: str) -> None:
        """Pass over a frame that cannot be read (``note`` names it and says why)."""
        self.skipped += 1
        self.skip_note = note

    def __iter__(self) -> Iterator[Frame]:
        """Frames until EndOfStream; a lost camera still raises CameraLostError."""
        while True:
            try:
                frame = self.read()
            except EndOfStream:
                return
            yield frame

    def _read(self, timeout: float) -> Frame:
        raise NotImplementedError


class CameraWrapper:
    """A camera that hands on another's frames, each through :meth:`read` (a subclass
    adds what it does with them: a clock set, a recording); the rest is the camera's.
    A subclass says how it wraps the camera opened again (:meth:`wrap`)."""

    def __init__(self, camera: Camera) -> None:
        self.camera = camera

    @property
    def size(self) -> tuple[int, int]:
        return self.camera.size

    @property
    def skipped(self) -> int:
        return self.camera.skipped

    @property
    def skip_note(self) -> str:
        return self.camera.skip_note

    def read(self, timeout: float = 1.0) -> Frame:
        return self.camera.read(timeout)

    def wrap(self, camera: Camera) -> Camera:
        """``camera`` (this one's source opened again) wrapped as this one is."""
        raise NotImplementedError

    def resume(self) -> Camera | None:
        """The camera resumed (:meth:`CameraBase.resume`), wrapped as this one."""
        again = self.camera.resume()
        return None if again is None else self.wrap(again)

    def close(self) -> None:
        self.camera.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __iter__(self) -> Iterator[Frame]:
        while True:
            try:
                yield self.read()
            except EndOfStream:
                return


def check_image(image: Any, where: str) -> Image:
    """The array as a frame image (HxWx3 or HxW uint8), or ValueError naming ``where``.

    A 4-channel image (BGRA, XRGB8888) keeps its first three channels.

    >>> check_image(np.zeros((2, 3, 4), np.uint8), "frame 0").shape
    (2, 3, 3)
    """
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8:
        kind = image.dtype if isinstance(image, np.ndarray) else type(image).__name__
        raise ValueError(f"{where}: an image must be a uint8 numpy array, not {kind}")
    if image.ndim == 3 and image.shape[2] == 4:
        image = image[:, :, :3]
    if not (image.ndim == 2 or (image.ndim == 3 and image.shape[2] == 3)):
        raise ValueError(f"{where}: an image must be HxWx3 (BGR) or HxW, not {image.shape}")
    if image.shape[0] == 0 or image.shape[1] == 0:
        raise ValueError(f"{where}: an empty image ({image.shape})")
    checked: Image = image
    return checked


def open_camera(kind: str, **settings: Any) -> Camera:
    """Open the camera backend ``kind`` with the settings of ``[camera]``.

    An unknown kind or a bad setting raises ConfigurationError naming
    ``camera.<key>``; a missing vendor library raises BackendUnavailableError with
    the way to install it; no camera where the settings point raises
    CameraNotFoundError (a CameraLostError, so the daemon retries).
    """
    camera: Camera = open_backend("camera", BACKENDS, kind, settings)
    return camera
