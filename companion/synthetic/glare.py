"""A lamp reflected in a glossy print, for the synthetic scenes: glare.

A laminated board, a glossy print or glossy stickers mirror a lamp: the camera sees a
bright patch, nearly white at its heart and fading at its edge, a few centimetres
across. The reflection goes with the lamp and the camera, not with the board: it stays
where it is in the picture while the board is turned or nudged under it, and
whatever lies under it (the print, a piece's code) keeps less of its contrast, the
nearer the patch's heart the less.

:class:`Glare` says where the patch lies in the picture, how wide it is and how
strong; :func:`glared` lays it over a frame: each pixel moved towards white by the
patch's strength there (a reflection adds light: black becomes grey, white stays
white).

    >>> import numpy as np
    >>> frame = np.zeros((100, 100, 3), dtype=np.uint8)
    >>> out = glared(frame, Glare((0.5, 0.5), 40.0, 0.9), px_per_mm=1.0)
    >>> int(out[50, 50, 0]), int(out[50, 5, 0])
    (230, 0)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]


@dataclass(frozen=True)
class Glare:
    """A lamp's reflection centred at ``centre`` (fractions of the picture's width and
    height), ``mm`` across on the board (its strength half gone there), and
    ``strength`` at its heart: the share of the way to white every pixel there goes (a
    lamp in a satin print: 0.6; in a laminated sheet 0.95, nearly saturated), more
    than 1 for a reflection that overexposes the picture: white, nothing left, over
    a wider heart (1.5: out to 0.87 of the half-width). The patch is flat at its heart
    and soft at its edge."""

    centre: tuple[float, float]
    mm: float = 60.0
    strength: float = 0.9


def glared(frame: Image, glare: Glare, px_per_mm: float) -> Image:
    """``frame`` with ``glare`` over it, for a board shown at ``px_per_mm``."""
    import cv2

    height, width = frame.shape[:2]
    share = _patch(glare, (width, height), px_per_mm)
    lift = cv2.multiply(cv2.subtract(np.full_like(frame, 255), frame), share, dtype=cv2.CV_8U)
    return np.asarray(cv2.add(frame, lift), dtype=np.uint8)


@functools.lru_cache(maxsize=4)
def _patch(glare: Glare, size: tuple[int, int], px_per_mm: float) -> npt.NDArray[np.float32]:
    """The share of the way to white at every pixel (3 channels): ``strength`` times
    ``exp(-ln 2 (d / r)^4)``, ``r`` half of ``mm``: flat at the heart, half at ``r``."""
    width, height = size
    radius = glare.mm / 2 * px_per_mm
    xs = (np.arange(width, dtype=np.float32) - glare.centre[0] * width) / radius
    ys = (np.arange(height, dtype=np.float32) - glare.centre[1] * height) / radius
    reach = xs[None, :] ** 2 + ys[:, None] ** 2
    share = np.minimum(1.0, glare.strength * np.exp(-np.log(2) * reach * reach))
    return np.ascontiguousarray(np.repeat(share[:, :, None], 3, axis=2), dtype=np.float32)


__all__ = ["Glare", "glared"]
