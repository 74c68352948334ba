"""The hex referee's screen: the moves left, readable from across the table (H2).

Laid out for 128x64 (the count at twice the largest font) and 128x32 panels.
"""

from __future__ import annotations

from PIL import Image

from companion.ui.draw import HUGE, LARGE, SMALL, TEXT, Pen, blank
from companion.ui.layout import bar, tall
from companion.views import HexView
from companion.views.i18n import _


def _big_number(image: Image.Image, number: str, at: tuple[int, int], scale: int) -> int:
    """Paste ``number`` in the huge font, ``scale`` times; return its width."""
    big = blank((HUGE.measure(number), HUGE.height))
    Pen(big).text((0, 0), number, HUGE)
    if scale > 1:
        big = big.resize((big.width * scale, big.height * scale), Image.Resampling.NEAREST)
    image.paste(big, at)
    return big.width


def hex_screen(view: HexView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    top = bar(pen, size, _("Turn {number}").format(number=view.turn), view.player)
    if view.winner:
        wins = _("{name} wins").format(name=view.winner)
        pen.centre(top + (8 if tall(size) else 3), wins, LARGE)
        return image
    if view.card_due:  # the card variant: no moves until the card is turned up (H5)
        pen.centre(top + (8 if tall(size) else 3), _("Turn up a move card"), TEXT)
        return image
    note = _("card {number}").format(number=view.card) if view.card is not None else ""
    if view.reduction:
        note = _("-{number} centre").format(number=view.reduction)
    if not tall(size):
        # The moves left in the huge font, the rest beside it.
        width = _big_number(image, str(view.left), (2, top), 1)
        x = width + 8
        pen.text((x, top + 1), _("of {number} moves left").format(number=view.allowed), SMALL)
        if note:
            pen.text((x, top + 2 + SMALL.height + 1), note, SMALL)
        return image
    # The moves left, at twice the largest font: readable from across the table.
    number = str(view.left)
    _big_number(image, number, ((60 - 2 * HUGE.measure(number)) // 2, top + 6), 2)
    pen.text((62, top + 4), _("of {number}").format(number=view.allowed), LARGE)
    pen.text((62, top + 22), _("moves left"), TEXT)
    if note:
        pen.text((62, top + 36), note, SMALL)
    return image
