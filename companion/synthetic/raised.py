"""Pieces that stand above the board, as the camera sees their tops.

A sticker on a real piece lies ``height`` mm above the board. The camera sees it
along the ray from its own centre, so on the board under it the sticker's centre
seems farther from the camera's *foot* (the board point straight under the camera) by
``h / (H - h)`` of its distance from the foot, where ``H`` is the camera's height: a
10 mm piece 300 mm from the foot of a camera 450 mm up seems 6.8 mm farther out. The
foot is under the picture's centre for a camera looking straight down, and off the
picture's edge for one set back and slanted.

:class:`Raised` says how tall the pieces are, where the camera's foot lies in the
picture and how wide its lens sees (which, with the picture's scale, gives its
height); :meth:`Raised.scale` is the ``H / (H - h)`` the scene draws each piece's
top with, out from the foot.

    >>> round(Raised(10.0).camera_height(1920, 3.3), 1)
    448.0
    >>> round(Raised(10.0).scale(1920, 3.3), 4)
    1.0228
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Raised:
    """Pieces ``height`` mm tall, filmed by a camera whose foot is at ``foot``
    (fractions of the picture's width and height; outside 0-1 when off the picture)
    through a lens ``fov`` degrees across (66: Raspberry Pi camera modules 2 and 3)."""

    height: float
    foot: tuple[float, float] = (0.5, 0.5)
    fov: float = 66.0

    def camera_height(self, width: int, px_per_mm: float) -> float:
        """The camera's height above the board (mm), for a picture ``width`` px wide
        showing the board at ``px_per_mm``."""
        focal = width / 2 / math.tan(math.radians(self.fov) / 2)
        return focal / px_per_mm

    def scale(self, width: int, px_per_mm: float) -> float:
        """How much farther from the foot the pieces' tops seem than their feet."""
        above = self.camera_height(width, px_per_mm)
        return above / (above - self.height)


__all__ = ["Raised"]
