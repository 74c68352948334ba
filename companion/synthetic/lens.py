"""A camera lens's radial distortion, put on synthetic frames.

A real lens bends straight lines: a wide lens pulls the picture's edges in (barrel), a
long one may push them out (pincushion). :class:`Lens` is the radial part of the usual
(Brown-Conrady) model in the picture's own pixels: a point at ``r`` times the
half-diagonal from the lens's centre moves to ``r (1 + k1 r^2 + k2 r^4)``, where the
picture's corners move by ``percent`` of the half-diagonal (negative: barrel), a
``quartic`` share of it from the ``r^4`` term (a lens whose bending grows faster
towards the edges), and the lens's centre lies ``centre`` (fractions of the picture's
width and height) from the picture's.

    >>> Lens(-4.0).moved((1920, 1080), (1920.0, 1080.0))
    (1881.6, 1058.4)
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]
Maps = tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]


@dataclass(frozen=True)
class Lens:
    """The corners of the picture moved by ``percent`` of the half-diagonal towards the
    centre (negative, barrel: wide lenses) or away from it (positive, pincushion)."""

    percent: float
    quartic: float = 0.0
    centre: tuple[float, float] = (0.0, 0.0)

    def moved(self, size: tuple[int, int], point: tuple[float, float]) -> tuple[float, float]:
        """Where the lens puts ``point`` of the undistorted picture."""
        (cx, cy), half = self._centre(size)
        dx, dy = (point[0] - cx) / half, (point[1] - cy) / half
        grow = float(self._grow(dx * dx + dy * dy))
        return (round(cx + dx * grow * half, 2), round(cy + dy * grow * half, 2))

    def maps(self, size: tuple[int, int]) -> Maps:
        """For :func:`cv2.remap`: for each pixel of the distorted picture, the point of
        the undistorted one it shows (the radius found by a few fixed-point steps)."""
        (cx, cy), half = self._centre(size)
        xs, ys = np.meshgrid(
            np.arange(size[0], dtype=np.float64), np.arange(size[1], dtype=np.float64)
        )
        dx, dy = (xs - cx) / half, (ys - cy) / half
        seen = np.hypot(dx, dy)
        radius = seen.copy()
        for _ in range(12):
            radius = seen / self._grow(radius * radius)
        shrink = np.divide(radius, seen, out=np.ones_like(seen), where=seen > 0)
        return (
            (cx + dx * shrink * half).astype(np.float32),
            (cy + dy * shrink * half).astype(np.float32),
        )

    def _grow(self, square: npt.NDArray[np.float64] | float) -> npt.NDArray[np.float64]:
        share = self.percent / 100
        k1, k2 = share * (1 - self.quartic), share * self.quartic
        return np.asarray(1 + k1 * square + k2 * square * square, dtype=np.float64)

    def _centre(self, size: tuple[int, int]) -> tuple[tuple[float, float], float]:
        w, h = size
        return (w / 2 + self.centre[0] * w, h / 2 + self.centre[1] * h), float(np.hypot(w, h) / 2)


def through(frame: Image, maps: Maps) -> Image:
    """``frame`` as the lens of ``maps`` shows it (what a barrel lens shows beyond the
    frame drawn is its edge drawn out)."""
    return np.asarray(
        cv2.remap(frame, maps[0], maps[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE),
        dtype=np.uint8,
    )


__all__ = ["Lens", "through"]
