"""What a camera does to the table it films, for the synthetic scenes: sensor noise,
motion blur, a tilted view, the bands of a flickering light, and a card sprite pasted
turned, with its shadow.

Pure image arithmetic on BGR arrays (numpy, and OpenCV imported where it is used),
for :class:`companion.synthetic.scene.Scene`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from companion.synthetic.sprites import Image


def noise_pair(
    rng: np.random.Generator, size: tuple[int, int], sigma: float
) -> tuple[Image, Image]:
    """Sensor noise as what it adds and what it takes away (saturating uint8 sums)."""
    grain = np.rint(rng.normal(0.0, sigma, (size[1], size[0], 1))).astype(np.int16)
    grain = np.repeat(grain, 3, axis=2)
    brighter = np.clip(grain, 0, 255).astype(np.uint8)
    darker = np.clip(-grain, 0, 255).astype(np.uint8)
    return brighter, darker


def paste_rotated(
    table: Image, sprite: Image, cx: float, cy: float, angle: float, *, mask: Image | None = None
) -> None:
    """Draw ``sprite`` centred at (cx, cy) turned by ``angle`` degrees, in place; ``mask``
    (0-255, the sprite's size) says what of it is there (a round token), all by default."""
    import cv2

    h, w = sprite.shape[:2]
    turn = math.radians(angle)
    cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
    box_w, box_h = int(w * cos + h * sin) + 3, int(w * sin + h * cos) + 3
    left, top = int(cx - box_w / 2), int(cy - box_h / 2)
    matrix = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    matrix[0, 2] += box_w / 2 - w / 2
    matrix[1, 2] += box_h / 2 - h / 2
    warped = cv2.warpAffine(sprite, matrix, (box_w, box_h), flags=cv2.INTER_LINEAR)
    shape = np.full((h, w), 255, dtype=np.uint8) if mask is None else mask
    cover = cv2.warpAffine(shape, matrix, (box_w, box_h), flags=cv2.INTER_LINEAR)
    th, tw = table.shape[:2]
    x0, y0 = max(0, left), max(0, top)
    x1, y1 = min(tw, left + box_w), min(th, top + box_h)
    if x0 >= x1 or y0 >= y1:
        return
    region = table[y0:y1, x0:x1]
    sub = warped[y0 - top : y1 - top, x0 - left : x1 - left]
    alpha = cover[y0 - top : y1 - top, x0 - left : x1 - left, None].astype(np.float32) / 255.0
    # a soft shadow on the cloth first, then the card (or the piece)
    region[:] = (region * (1.0 - 0.25 * alpha)).astype(np.uint8)
    region[:] = (sub * alpha + region * (1.0 - alpha)).astype(np.uint8)


def under_light(view: Image, gain: float, gradient: float) -> Image:
    """``view`` under another light: ``gain`` overall, ``gradient`` brighter left than
    right (a share of the gain); the same array when the light is unchanged."""
    if gain == 1.0 and gradient == 0.0:
        return view

    width = view.shape[1]
    ramp = np.linspace(1 + gradient / 2, 1 - gradient / 2, width, dtype=np.float32)
    return _lit(view, (gain * ramp)[None, :, None])


def _lit(view: Image, gains: npt.NDArray[np.float32]) -> Image:
    """``view`` times ``gains`` (broadcast over it: a gain a row or a column), saturated."""
    import cv2

    scale = np.ascontiguousarray(np.broadcast_to(gains, view.shape), dtype=np.float32)
    return np.asarray(cv2.multiply(view, scale, dtype=cv2.CV_8U), dtype=np.uint8)


@dataclass(frozen=True)
class Flicker:
    """A lamp that flickers with the mains (LED and fluorescent lamps: 100 or 120 times
    a second), filmed by a rolling shutter: bands across the picture, ``amplitude``
    brighter and darker (a share of the light; a short exposure under a cheap LED lamp
    gives 0.3), ``bands`` of them over the picture's height (the flicker's rate times
    the time the sensor takes to read a frame out: 100 Hz and 1/30 s, 3.3), drifting
    ``drift`` of a band from one frame to the next (100 Hz at 30 frames a second: a
    third)."""

    amplitude: float
    bands: float = 10 / 3
    drift: float = 1 / 3


def banded(view: Image, flicker: Flicker, frame: int) -> Image:
    """``view`` under ``flicker``, as the ``frame``-th frame of a video sees it."""

    rows = np.arange(view.shape[0], dtype=np.float32)
    phase = 2 * math.pi * (rows * flicker.bands / view.shape[0] + frame * flicker.drift)
    gain = (1 + flicker.amplitude * np.sin(phase)).astype(np.float32)
    return _lit(view, gain[:, None, None])


def blur_kernel(length: int, angle: float) -> npt.NDArray[np.float32]:
    """A motion blur of ``length`` pixels along ``angle`` degrees, as a filter kernel."""
    import cv2

    size = max(1, length)
    line = np.zeros((size, size), dtype=np.float32)
    line[size // 2, :] = 1.0
    rotation = cv2.getRotationMatrix2D((size / 2 - 0.5, size / 2 - 0.5), angle, 1.0)
    kernel = np.asarray(cv2.warpAffine(line, rotation, (size, size)), dtype=np.float32)
    total = float(kernel.sum())
    return kernel / total if total else kernel


def tilt_homography(size: tuple[int, int], tilt: tuple[float, float]) -> np.ndarray | None:
    """The perspective a camera tilted by (forward, sideways) degrees adds to the frame."""
    forward, sideways = tilt
    if forward == 0 and sideways == 0:
        return None
    width, height = size
    focal = width / (2 * math.tan(math.radians(30)))  # a 60 degree lens
    a, b = math.radians(forward), math.radians(sideways)
    rx = np.array([[1, 0, 0], [0, math.cos(a), -math.sin(a)], [0, math.sin(a), math.cos(a)]])
    ry = np.array([[math.cos(b), 0, math.sin(b)], [0, 1, 0], [-math.sin(b), 0, math.cos(b)]])
    k = np.array([[focal, 0, width / 2], [0, focal, height / 2], [0, 0, 1]])
    homography = k @ rx @ ry @ np.linalg.inv(k)
    # keep the table's centre where it was
    centre = homography @ np.array([width / 2, height / 2, 1.0])
    dx = width / 2 - centre[0] / centre[2]
    dy = height / 2 - centre[1] / centre[2]
    shift = np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]])
    return np.asarray(shift @ homography, dtype=np.float64)
