"""The display port: something that shows a small monochrome image.

Screens are drawn as PIL images by ``companion.ui``; a display only shows them.
On the Pi that is the OLED through luma.oled; on a desktop a luma.emulator
window, numbered PNG frames, an animated GIF or the terminal; in tests a fake
that keeps every image. Backends are chosen by name from ``[display] kind``.

    >>> from PIL import Image
    >>> with open_display("fake", width=128, height=32) as display:
    ...     display.show(Image.new("1", display.size))
    ...     display.size
    (128, 32)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Protocol, get_args, runtime_checkable

from PIL import Image

from hardware.backends import open_backend
from hardware.errors import DeviceError
from hardware.lifecycle import Closeable, Closing
from hardware.settings import Settings

#: Every backend: each reads its keys, calls ``settings.done()``, then opens.
BACKENDS = {
    "luma": "hardware.display_luma:open_luma",
    "emulator": "hardware.display_emulator:open_emulator",
    "frames": "hardware.display_files:open_frames",
    "gif": "hardware.display_files:open_gif",
    "terminal": "hardware.display_terminal:open_terminal",
    "fake": "hardware.display_fake:open_fake",
}
KINDS = tuple(BACKENDS)
Width = Literal[128]
Height = Literal[64, 32]
WIDTHS: tuple[int, ...] = get_args(Width)
HEIGHTS: tuple[int, ...] = get_args(Height)


@runtime_checkable
class Display(Closing, Protocol):
    """What the UI draws on. ``show`` takes a mode "1" or "L" image of ``size``."""

    @property
    def size(self) -> tuple[int, int]: ...

    def show(self, image: Image.Image) -> None: ...

    def contrast(self, level: int) -> None: ...

    @property
    def healthy(self) -> bool:
        """False while the panel does not answer (the frame is kept and shown again
        once it does: the daemon keeps offering the current screen meanwhile)."""
        ...


class DisplayBase(Closeable):
    """Shared checks of every backend: the image's size and mode, contrast, close.

    Subclasses implement ``_show`` (given a mode "1" image of the right size) and
    may override ``_contrast`` and ``_close``; ``close`` runs ``_close`` once.
    """

    def __init__(self, size: tuple[int, int]) -> None:
        self._size = size
        self.level = 255
        self._last_frame: bytes | None = None

    @property
    def size(self) -> tuple[int, int]:
        return self._size

    @property
    def healthy(self) -> bool:
        """Outputs that cannot fail are always healthy (the OLED's backend can)."""
        return True

    def show(self, image: Image.Image) -> None:
        if self.closed:
            raise DeviceError(f"{type(self).__name__}: show() after close()")
        self._show(monochrome(image, self._size))

    def contrast(self, level: int) -> None:
        if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 255:
            raise ValueError(f"display contrast {level!r}: must be a whole number 0-255")
        self.level = level
        if not self.closed:
            self._contrast(level)

    def _is_new(self, image: Image.Image) -> bool:
        """Whether ``image`` differs from the last one asked about (outputs that record)."""
        data = image.tobytes()
        if data == self._last_frame:
            return False
        self._last_frame = data
        return True

    def _show(self, image: Image.Image) -> None:
        raise NotImplementedError

    def _contrast(self, level: int) -> None:
        """Most desktop outputs have no brightness; the level is only remembered."""


def monochrome(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    """The image as mode "1" (grey thresholded at 128, no dithering), checked for size.

    >>> monochrome(Image.new("L", (4, 2), 200), (4, 2)).getpixel((0, 0))
    255
    """
    if image.size != size:
        raise ValueError(
            f"display image is {image.size[0]}x{image.size[1]}, the display is {size[0]}x{size[1]}"
        )
    if image.mode == "1":
        return image
    if image.mode != "L":
        raise ValueError(f"display image mode {image.mode!r}: must be '1' or 'L'")
    return image.point(lambda value: 255 if value >= 128 else 0, mode="1")


@dataclass(frozen=True)
class PanelSettings:
    """``width`` and ``height`` as the OLEDs we support them (128x64 or 128x32): the keys
    every display backend reads; each backend's settings add its own."""

    width: Width = 128
    height: Height = 64

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height


def panel_size(settings: Settings) -> tuple[int, int]:
    """The ``[display]`` size alone (what the screens are drawn for)."""
    return settings.decode(PanelSettings).size


def open_display(kind: str, **settings: Any) -> Display:
    """Open the display backend ``kind`` with the settings of ``[display]``.

    An unknown kind or a bad setting raises ConfigurationError naming
    ``display.<key>``; a missing vendor library raises BackendUnavailableError.
    """
    display: Display = open_backend("display", BACKENDS, kind, settings)
    return display
