"""The players' page's link as a QR code on the OLED (issue 15), and the screen that shows it.

The code is drawn the way phones read best: dark modules on a lit ground (unlit
pixels are the dark modules), its quiet zone lit too, since the panel round it is
dark. Error correction L: a panel has no dirt or scratch to recover from, and the
lower the level the smaller the version, so the larger each module is drawn.

On a 128x64 panel the code fills a square of the panel's height on the left: at
2 pixels a module while the code and a 1-module quiet zone fit (version 3, 29
modules, 58 pixels: the home link, ``http://192.168.1.23:8088/t/home?k=<11 chars>``,
45-48 bytes), else at 1 pixel (version 4 and up). On a 128x32 panel it is drawn at
1 pixel a module (up to version 3, 31 pixels with its quiet zone); a longer link
shows as text instead. docs/phone.md has the figures.

    >>> code = qr_code("http://192.168.1.23:8088/t/home?k=abcdefghijk")
    >>> code.version, code.modules, scale_for(code.modules, 64), scale_for(code.modules, 32)
    (3, 29, 2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from companion.ui.draw import BLACK, SMALL, TEXT, WHITE, Pen, blank, fitting
from companion.ui.layout import tall
from companion.views import QrView

#: The narrowest quiet zone drawn, in modules (the standard asks 4; phones read 1).
QUIET = 1
#: The largest module drawn, in pixels: larger would not fit a useful version in 64.
MAX_SCALE = 2


@dataclass(frozen=True)
class QrCode:
    """A code's modules: ``rows[y][x]`` True for a dark module."""

    version: int
    rows: tuple[tuple[bool, ...], ...]

    @property
    def modules(self) -> int:
        return len(self.rows)


def qr_code(data: str) -> QrCode:
    """``data`` as the smallest QR code at error correction L (no quiet zone)."""
    import qrcode
    import qrcode.constants

    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_L, border=0)
    code.add_data(data)
    code.make(fit=True)
    rows = tuple(tuple(bool(m) for m in row) for row in code.get_matrix())
    return QrCode(int(code.version), rows)


def scale_for(modules: int, side: int) -> int:
    """Pixels a module for a code of ``modules`` in a square of ``side`` pixels with
    its quiet zone; 0 if it does not fit even at 1 pixel."""
    for scale in range(MAX_SCALE, 0, -1):
        if (modules + 2 * QUIET) * scale <= side:
            return scale
    return 0


def draw_code(image: Image.Image, code: QrCode, side: int) -> bool:
    """The code in the ``side`` x ``side`` square at the image's top left corner, on a
    lit ground filling the square (its quiet zone); False if it does not fit."""
    scale = scale_for(code.modules, side)
    if not scale:
        return False
    pixels = image.load()
    assert pixels is not None
    for y in range(side):
        for x in range(side):
            pixels[x, y] = WHITE
    offset = (side - code.modules * scale) // 2
    for row, modules in enumerate(code.rows):
        for column, dark in enumerate(modules):
            if not dark:
                continue
            for dy in range(scale):
                for dx in range(scale):
                    pixels[offset + column * scale + dx, offset + row * scale + dy] = BLACK
    return True


def qr_screen(view: QrView, size: tuple[int, int]) -> Image.Image:
    """The code on the left, a square of the panel's height; beside it the title, the
    lines and the hint. A link too long for the panel's code is shown as text."""
    from companion.ui.screens import wrap

    image = blank(size)
    pen = Pen(image)
    side = size[1]
    if not view.url or not draw_code(image, qr_code(view.url), side):
        rows = wrap((view.url or view.title,), SMALL, size[0])
        for index, row in enumerate(rows):
            pen.text((0, index * (SMALL.height + 1)), row, SMALL, width=size[0])
        return image
    x = side + 3
    width = size[0] - x
    y = 0
    if tall(size):  # a short panel has no room for the title: the code says it
        font = fitting(view.title, width, TEXT, SMALL)
        pen.text((x, 0), view.title, font, width=width)
        y = font.height + 2
    step = SMALL.height + 1
    hint = wrap((view.hint,), SMALL, width) if view.hint else []
    bottom = size[1] - len(hint) * step
    for row in wrap(view.lines, SMALL, width):
        pen.text((x, y if y + SMALL.height <= bottom else size[1]), row, SMALL, width=width)
        y += step
    for index, row in enumerate(hint):
        pen.text((x, bottom + index * step + 1), row, SMALL, width=width)
    return image
