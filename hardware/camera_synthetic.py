"""The synthetic camera: frames drawn by a function or handed in, on a steady timeline.

The table tracker's scene renderer (in ``companion``) feeds it; ``hardware``
only asks for ``render(index) -> image`` or an iterable of images. Timestamps
are ``index / fps``. The feed can also play a camera that glitches
(``fail_at``) or disappears and comes back (``lose_after``, ``come_back_after``),
for the daemon's fault tests. The feed outlives the cameras opened on it: a lost
camera's ``resume()`` (what the daemon calls to open it again) is a new camera on
the same feed, so the outage goes on counting and ends, and the scene goes on from
where it was; it never starts again (issue 13: an outage that restarted on each
reopening flapped for ever).

    >>> import numpy as np
    >>> feed = SyntheticFeed(lambda i: np.full((2, 2), i, np.uint8), fps=10, count=3,
    ...                      lose_after=1, come_back_after=1)
    >>> camera = feed.open()
    >>> camera.read().index
    0
    >>> camera.read()
    Traceback (most recent call last):
    ...
    hardware.errors.CameraLostError: synthetic camera: lost after 1 frames (attempt 1 of 1)
    >>> camera.read().index  # frame 1 went by unseen
    2
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from typing import Annotated

import numpy as np
from msgspec import Meta

from hardware.camera import CameraBase, Frame, Image, check_image
from hardware.errors import CameraLostError, CameraNotFoundError, ConfigurationError, EndOfStream
from hardware.settings import Settings
from hardware.settings_decoder import Rate

Render = Callable[[int], Image]


class SyntheticFeed:
    """What the synthetic cameras film: the frames, their timeline and the outages.

    - ``fail_at``: frame indices whose read raises CameraLostError once (a glitch);
      that frame is lost and the next read gives the one after.
    - ``lose_after``: after this many frames the camera is gone: reads and opens
      raise CameraLostError (CameraNotFoundError for opens), each failed attempt
      passing one frame of the scene by unseen...
    - ``come_back_after``: ...until this many attempts have failed; None: never.
    """

    def __init__(
        self,
        source: Render | Iterable[Image],
        *,
        fps: float = 30.0,
        count: int | None = None,
        fail_at: Collection[int] = (),
        lose_after: int | None = None,
        come_back_after: int | None = None,
    ) -> None:
        if not fps > 0:
            raise ValueError(f"synthetic camera fps {fps!r}: must be more than 0")
        self.fps = fps
        self.count = count
        self._render: Render | None = source if callable(source) else None
        self._frames: Iterator[Image] | None = None if callable(source) else iter(source)
        self._fail_at = set(fail_at)
        self._lose_after = lose_after
        self._come_back_after = come_back_after
        #: The index of the next frame of the scene.
        self.position = 0
        self._down: int | None = None  # failed attempts in the current outage
        self._was_lost = False
        self._pending: Image | None = None
        first = self._image(0)
        if first is None:
            raise ValueError("synthetic camera: no frames")
        self._pending = first
        self.size = (int(first.shape[1]), int(first.shape[0]))

    def open(self) -> SyntheticCamera:
        """A camera on this feed; CameraNotFoundError while the camera is gone."""
        self._outage("open", CameraNotFoundError)
        return SyntheticCamera(self)

    def next_frame(self) -> Frame:
        """The next frame, or the outage's CameraLostError, or EndOfStream."""
        self._outage("read", CameraLostError)
        index = self.position
        image = self._image(index)
        if image is None:
            raise EndOfStream(f"synthetic camera: all {index} frames shown")
        self.position += 1
        if index in self._fail_at:
            self._fail_at.discard(index)
            raise CameraLostError(f"synthetic camera: frame {index} failed (fail_at)")
        return Frame(image, index / self.fps, index)

    def _outage(self, what: str, error: type[CameraLostError]) -> None:
        after = self._lose_after
        if after is not None and not self._was_lost and self.position >= after:
            self._was_lost, self._down = True, 0
        if self._down is None:
            return
        back = self._come_back_after
        if back is not None and self._down >= back:
            self._down = None
            return
        self._down += 1
        self._image(self.position)  # the scene goes on while nobody looks
        self.position += 1
        of = f" of {back}" if back is not None else ""
        raise error(f"synthetic camera: lost after {after} frames (attempt {self._down}{of})")

    def _image(self, index: int) -> Image | None:
        if self._pending is not None:
            image, self._pending = self._pending, None
            return image
        if self.count is not None and index >= self.count:
            return None
        if self._render is not None:
            return check_image(self._render(index), f"synthetic frame {index}")
        assert self._frames is not None
        try:
            return check_image(next(self._frames), f"synthetic frame {index}")
        except StopIteration:
            return None


class SyntheticCamera(CameraBase):
    """One opening of a SyntheticFeed; closing it leaves the feed where it is."""

    kind = "synthetic"

    def __init__(self, feed: SyntheticFeed) -> None:
        super().__init__(feed.size)
        self.feed = feed

    def _read(self, timeout: float) -> Frame:
        return self.feed.next_frame()

    def resume(self) -> SyntheticCamera:
        """A new camera on the same feed (CameraNotFoundError while it is gone)."""
        return self.feed.open()


def blank_table(width: int, height: int) -> Render:
    """A plain green table: the picture when no scene is handed in."""
    image = np.zeros((height, width, 3), np.uint8)
    image[:] = (40, 110, 30)  # BGR felt green
    return lambda index: image


@dataclass(frozen=True)
class SyntheticSettings:
    """The keys of ``kind = "synthetic"`` a file may give; the rest (``render``,
    ``frames``, the outages) are handed in by tests and demos."""

    width: Annotated[int, Meta(ge=1, le=8192)] = 1280
    height: Annotated[int, Meta(ge=1, le=8192)] = 720
    fps: Rate = 30.0


def open_from_settings(settings: Settings) -> SyntheticCamera:
    """``render`` (a callable) or ``frames`` (an iterable), else a blank table.

    The camera is plugged in even when the feed's outage starts at once
    (``lose_after = 0``): its first read is lost, and ``resume()`` counts the
    attempts on the feed (a failed opening here would leave nothing to resume).
    """
    render = settings.value("render", None, callable, "a function index -> image")
    frames = settings.value("frames", None, _iterable, "an iterable of images")
    size = settings.decode(SyntheticSettings)
    width, height, fps = size.width, size.height, size.fps
    count = settings.value("count", None, _count, "a whole number of frames, 0 or more")
    fail_at = settings.value("fail_at", (), _indices, "a list of frame indices")
    lose_after = settings.value("lose_after", None, _count, "a whole number of frames")
    come_back_after = settings.value("come_back_after", None, _count, "a whole number of reads")
    settings.done()
    if render is not None and frames is not None:
        raise ConfigurationError("camera.render and camera.frames: give one, not both")
    source: Render | Iterable[Image] = blank_table(width, height)
    if render is not None or frames is not None:
        source = render if render is not None else frames
    try:
        feed = SyntheticFeed(
            source,
            fps=fps,
            count=count,
            fail_at=fail_at,
            lose_after=lose_after,
            come_back_after=come_back_after,
        )
    except ValueError as exc:
        key = "frames" if frames is not None else "render"
        raise ConfigurationError(f"camera.{key}: {exc}") from None
    return SyntheticCamera(feed)


def _iterable(value: object) -> bool:
    return isinstance(value, Iterable) and not isinstance(value, str | bytes)


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _indices(value: object) -> bool:
    return isinstance(value, list | tuple | set | frozenset) and all(_count(v) for v in value)
