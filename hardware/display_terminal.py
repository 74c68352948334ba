"""The terminal display: the OLED drawn with Unicode half blocks, for SSH sessions.

Each character cell holds two pixel rows (upper half, lower half, full block or
space), so a 128x64 panel takes 128 columns by 32 lines. A frame is printed only
when it differs from the last one, so an idle screen does not scroll.

    >>> from PIL import Image
    >>> image = Image.new("1", (2, 2)); image.putpixel((0, 0), 1)
    >>> half_blocks(image)
    '▀ '
"""

from __future__ import annotations

import sys
from typing import TextIO

from PIL import Image

from hardware.display import DisplayBase, panel_size
from hardware.settings import Settings

_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def half_blocks(image: Image.Image) -> str:
    """A mode "1" image as lines of half-block characters (two pixel rows per line)."""
    width, height = image.size
    pixels = image.load()
    assert pixels is not None
    lines = []
    for y in range(0, height, 2):
        row = []
        for x in range(width):
            top = bool(pixels[x, y])
            bottom = bool(pixels[x, y + 1]) if y + 1 < height else False
            row.append(_BLOCKS[top, bottom])
        lines.append("".join(row))
    return "\n".join(lines)


class TerminalDisplay(DisplayBase):
    """Writes each changed frame to ``stream`` between two rule lines."""

    def __init__(self, size: tuple[int, int], stream: TextIO | None = None) -> None:
        super().__init__(size)
        self._stream = stream if stream is not None else sys.stdout
        self.frames = 0

    def _show(self, image: Image.Image) -> None:
        if not self._is_new(image):
            return
        self.frames += 1
        rule = "-" * self.size[0]
        self._stream.write(f"{rule}\n{half_blocks(image)}\n{rule}\n")
        self._stream.flush()


def open_terminal(settings: Settings) -> TerminalDisplay:
    size = panel_size(settings)
    stream = settings.raw("stream")
    settings.done()
    return TerminalDisplay(size, stream)
