"""The terminal display: the OLED drawn with Unicode block characters, for SSH sessions.

By default each character cell holds a square of four pixels (Unicode quadrant blocks),
so a 128x64 panel takes 64 columns by 32 lines and fits an 80-column terminal; a cell is
about twice as tall as wide, so the pixels show twice as tall as on the panel. ``cells =
"halves"`` draws two pixel rows per cell instead (square pixels, 128 columns). A frame is
printed only when it differs from the last one, so an idle screen does not scroll.

    >>> from PIL import Image
    >>> image = Image.new("1", (2, 2)); image.putpixel((0, 0), 1)
    >>> half_blocks(image), quadrant_blocks(image)
    ('▀ ', '▘')
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, TextIO

from PIL import Image

from hardware.display import DisplayBase, PanelSettings
from hardware.settings import Settings

_HALVES = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
#: Quadrant blocks by (upper left, upper right, lower left, lower right).
_QUADRANTS = dict(
    zip(
        [(a, b, c, d) for a in (0, 1) for b in (0, 1) for c in (0, 1) for d in (0, 1)],
        " ▗▖▄▝▐▞▟▘▚▌▙▀▜▛█",
        strict=True,
    )
)


def _pixels(image: Image.Image) -> Callable[[int, int], int]:
    width, height = image.size
    data = image.load()
    assert data is not None

    def lit(x: int, y: int) -> int:
        return 1 if x < width and y < height and data[x, y] else 0

    return lit


def half_blocks(image: Image.Image) -> str:
    """A mode "1" image as lines of half-block characters (two pixel rows per line)."""
    lit = _pixels(image)
    width, height = image.size
    return "\n".join(
        "".join(_HALVES[bool(lit(x, y)), bool(lit(x, y + 1))] for x in range(width))
        for y in range(0, height, 2)
    )


def quadrant_blocks(image: Image.Image) -> str:
    """A mode "1" image as lines of quadrant blocks (two by two pixels per character)."""
    lit = _pixels(image)
    width, height = image.size
    return "\n".join(
        "".join(
            _QUADRANTS[lit(x, y), lit(x + 1, y), lit(x, y + 1), lit(x + 1, y + 1)]
            for x in range(0, width, 2)
        )
        for y in range(0, height, 2)
    )


#: The ways to draw a frame, by the ``cells`` setting.
CELLS = {"quadrants": quadrant_blocks, "halves": half_blocks}


@dataclass(frozen=True)
class TerminalSettings(PanelSettings):
    """The keys of ``kind = "terminal"`` (a ``stream`` may be handed in by a test)."""

    cells: Literal["quadrants", "halves"] = "quadrants"


class TerminalDisplay(DisplayBase):
    """Writes each changed frame to ``stream`` between two rule lines."""

    def __init__(
        self, size: tuple[int, int], stream: TextIO | None = None, *, cells: str = "quadrants"
    ) -> None:
        super().__init__(size)
        self._stream = stream if stream is not None else sys.stdout
        self._draw = CELLS[cells]
        self.frames = 0

    def _show(self, image: Image.Image) -> None:
        if not self._is_new(image):
            return
        self.frames += 1
        text = self._draw(image)
        rule = "-" * len(text.split("\n", 1)[0])
        self._stream.write(f"{rule}\n{text}\n{rule}\n")
        self._stream.flush()


def open_terminal(settings: Settings) -> TerminalDisplay:
    given = settings.decode(TerminalSettings)
    stream = settings.stream("stream", "write")
    settings.done()
    return TerminalDisplay(given.size, stream, cells=given.cells)
