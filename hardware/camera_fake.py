"""The fake camera: a list of frames handed in, and a failure raised on demand.

Tests of the daemon and of the tracker use it to say exactly what the camera
gives, and to make it fail at the moment they choose.

    >>> import numpy as np
    >>> camera = FakeCamera([np.zeros((2, 4), np.uint8)], fps=10)
    >>> camera.read().timestamp, camera.size
    (0.0, (4, 2))
    >>> camera.fail_next(); camera.read()
    Traceback (most recent call last):
    ...
    hardware.errors.CameraLostError: fake camera: lost (asked by the test)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated

import numpy as np
from msgspec import Meta

from hardware.camera import CameraBase, Frame, Image, check_image
from hardware.errors import CameraLostError, ConfigurationError, EndOfStream
from hardware.settings import Settings
from hardware.settings_decoder import Rate


class FakeCamera(CameraBase):
    """Gives ``frames`` in order (timestamp index / fps), then EndOfStream."""

    kind = "fake"

    def __init__(
        self,
        frames: Sequence[Image] | None = None,
        *,
        size: tuple[int, int] = (64, 48),
        fps: float = 30.0,
    ) -> None:
        images = [check_image(f, f"fake camera frame {i}") for i, f in enumerate(frames or [])]
        if not images:
            images = [np.zeros((size[1], size[0], 3), np.uint8)]
        first = images[0]
        super().__init__((int(first.shape[1]), int(first.shape[0])))
        self._images = images
        self._fps = fps
        self._next = 0
        self._errors: list[BaseException] = []
        #: Every timeout a read was given, for tests of the caller.
        self.timeouts: list[float] = []

    def fail_next(self, error: BaseException | None = None) -> None:
        """Make the next read raise ``error`` (a CameraLostError by default), once."""
        self._errors.append(error or CameraLostError("fake camera: lost (asked by the test)"))

    def _read(self, timeout: float) -> Frame:
        self.timeouts.append(timeout)
        if self._errors:
            raise self._errors.pop(0)
        if self._next >= len(self._images):
            raise EndOfStream(f"fake camera: all {len(self._images)} frames read")
        index = self._next
        self._next += 1
        return Frame(self._images[index], index / self._fps, index)


@dataclass(frozen=True)
class FakeSettings:
    """The keys of ``kind = "fake"``: ``count`` blank frames of ``width`` x ``height``
    (unless a test hands in ``frames``), at ``fps``."""

    width: Annotated[int, Meta(ge=1, le=8192)] = 64
    height: Annotated[int, Meta(ge=1, le=8192)] = 48
    count: Annotated[int, Meta(ge=1)] = 1
    fps: Rate = 30.0


def open_from_settings(settings: Settings) -> FakeCamera:
    """``frames`` (a list of arrays), or ``width`` x ``height`` blank frames; ``fps``."""
    frames = settings.value("frames", None, _is_frames, "a list of numpy images")
    given = settings.decode(FakeSettings)
    settings.done()
    if frames is None:
        frames = [np.zeros((given.height, given.width, 3), np.uint8)] * given.count
    try:
        return FakeCamera(frames, fps=given.fps)
    except ValueError as exc:
        raise ConfigurationError(f"camera.frames: {exc}") from None


def _is_frames(value: object) -> bool:
    return isinstance(value, list | tuple)
