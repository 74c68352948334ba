"""Shared measures of every screen: the title bar and the row height per panel size.

>>> tall((128, 64)), tall((128, 32))
(True, False)
"""

from __future__ import annotations

from companion.ui.draw import SMALL, TEXT, Pen

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
