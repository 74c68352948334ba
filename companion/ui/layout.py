"""Shared measures of every screen: the title bar and the row height per panel size.

>>> tall((128, 64)), tall((128, 32))
(True, False)
"""

from __future__ import annotations

from companion.ui.draw import SMALL, TEXT, Font, Pen
from companion.views.i18n import _

BAR = 11  # the title bar's height on a 64-pixel panel
SHORT_BAR = 8  # ... and on a 32-pixel one
ROW = 10  # a row of TEXT


def tall(size: tuple[int, int]) -> bool:
    return size[1] >= 64


def bar_height(size: tuple[int, int]) -> int:
    return BAR if tall(size) else SHORT_BAR


def bar(pen: Pen, size: tuple[int, int], left: str, right: str = "") -> int:
    """Draw the title bar; return the first free y below it."""
    height = bar_height(size)
    pen.bar(0, height, left, right, TEXT if tall(size) else SMALL)
    return height + 1


def round_trick(round_: int, trick: int, room: int, font: Font) -> str:
    """The round and the trick in words when they fit in ``room`` pixels, else the trick
    alone ("Round 2, trick 5" / "Trick 5"): never a code like "R2", which reads as a
    rule's id."""
    both = _("Round {round}, trick {trick}").format(round=round_, trick=trick)
    return both if font.measure(both) <= room else _("Trick {number}").format(number=trick)


def bar_room(size: tuple[int, int], right: str) -> int:
    """The pixels a title bar leaves on its left beside ``right``."""
    font = TEXT if tall(size) else SMALL
    return size[0] - (font.measure(right) + 4 if right else 0)
