"""Displays that record what the OLED would show: numbered PNG frames, an animated GIF.

Both keep only frames that differ from the previous one, enlarged ``scale``
times with square pixels (nearest neighbour), so a demo or a bug report shows
exactly the panel's pixels.

- ``frames``: ``dir/frame-00001.png``, ``frame-00002.png``, ... as they change.
- ``gif``: one animated GIF written on ``close()``; each frame lasts until the
  next change, timed with ``clock`` (injectable; ``time.monotonic`` by default).

    >>> import tempfile; from PIL import Image
    >>> folder = Path(tempfile.mkdtemp())
    >>> with FramesDisplay((128, 64), folder, scale=2) as frames:
    ...     frames.show(Image.new("1", (128, 64)))
    >>> sorted(p.name for p in folder.iterdir())
    ['frame-00001.png']
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

from msgspec import Meta
from PIL import Image

from hardware.display import DisplayBase, PanelSettings
from hardware.errors import ConfigurationError, DeviceError
from hardware.settings import Settings
from hardware.settings_decoder import PathText

#: Shortest frame a GIF can hold (browsers slow down anything under 20 ms).
MIN_FRAME_MS = 20


def enlarge(image: Image.Image, scale: int) -> Image.Image:
    """``scale`` times larger with square pixels, as a greyscale image."""
    grey = image.convert("L")
    if scale == 1:
        return grey
    return grey.resize((image.width * scale, image.height * scale), Image.Resampling.NEAREST)


class FramesDisplay(DisplayBase):
    """Writes every changed frame as a numbered PNG file in ``folder``."""

    def __init__(self, size: tuple[int, int], folder: Path, *, scale: int = 1) -> None:
        super().__init__(size)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DeviceError(f"frames display: cannot create {folder}: {exc.strerror}") from None
        self.folder = folder
        self.scale = scale
        self.count = 0

    def _show(self, image: Image.Image) -> None:
        if not self._is_new(image):
            return
        self.count += 1
        path = self.folder / f"frame-{self.count:05d}.png"
        try:
            enlarge(image, self.scale).save(path)
        except OSError as exc:
            raise DeviceError(f"frames display: cannot write {path}: {exc.strerror}") from None


class GifDisplay(DisplayBase):
    """Collects changed frames with their times; writes an animated GIF on close."""

    def __init__(
        self,
        size: tuple[int, int],
        path: Path,
        *,
        scale: int = 1,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(size)
        self.path = path
        self.scale = scale
        self._clock = clock
        self.frames: list[Image.Image] = []
        self._times: list[float] = []

    def _show(self, image: Image.Image) -> None:
        if not self._is_new(image):
            return
        self.frames.append(image.copy())
        self._times.append(self._clock())

    def durations(self) -> list[int]:
        """Milliseconds each frame stayed on the display (the last until close)."""
        ends = [*self._times[1:], self._clock()]
        return [
            max(MIN_FRAME_MS, round((end - start) * 1000))
            for start, end in zip(self._times, ends, strict=True)
        ]

    def _close(self) -> None:
        if not self.frames:
            return
        images = [enlarge(frame, self.scale) for frame in self.frames]
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            images[0].save(
                self.path,
                save_all=True,
                append_images=images[1:],
                duration=self.durations(),
                loop=0,
                optimize=False,
            )
        except OSError as exc:
            raise DeviceError(f"gif display: cannot write {self.path}: {exc.strerror}") from None


Scale = Annotated[int, Meta(ge=1, le=16)]


@dataclass(frozen=True)
class FramesSettings(PanelSettings):
    """The keys of ``kind = "frames"``: a PNG per frame in ``dir``."""

    dir: PathText = "frames"
    scale: Scale = 2


@dataclass(frozen=True)
class GifSettings(PanelSettings):
    """The keys of ``kind = "gif"``: one animated GIF at ``path``."""

    path: PathText = "display.gif"
    scale: Scale = 2


def open_frames(settings: Settings) -> FramesDisplay:
    given = settings.decode(FramesSettings)
    settings.done()
    return FramesDisplay(given.size, Path(given.dir).expanduser(), scale=given.scale)


def open_gif(settings: Settings) -> GifDisplay:
    given = settings.decode(GifSettings)
    path = Path(given.path).expanduser()
    if path.suffix.lower() != ".gif":  # refused at start, not when the GIF is written at exit
        raise ConfigurationError(f"{settings.section}.path must end in .gif, not {str(path)!r}")
    clock = settings.clock()
    settings.done()
    return GifDisplay(given.size, path, scale=given.scale, clock=clock)
