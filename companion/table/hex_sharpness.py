"""How sharp a frame of the hex board is: a frame too blurred to judge is no look at the board.

A hand moving fast, or the camera shaken, smears the frame: the board's six fiducials
(32 mm) are still found, while the pieces' codes (11 mm) are not, so every piece seems
gone or under a hand. :func:`sharpness` says how much of the print's fine detail the
frame keeps: each fiducial seen is mapped out of the picture onto the board's own plane
(through the board's view, :mod:`companion.table.hex_view`) at
:data:`_PX_PER_MM`, and the variance of its second difference (a Laplacian taken
along one direction), over the variance of its grey levels (so the light's strength
drops out), is divided by the same figure for the fiducial as printed
(:func:`card_codes.hex_pictures.board_image`). Four directions are measured (across,
down, the two diagonals) and the least share kept, since motion blur smears along
its own direction only; the median over the fiducials seen is the frame's sharpness.

Measured on the synthetic board (bench/hex_sharpness.py: 1280x720 at 2.1 px a mm,
and 1920x1080 at 3.0 px a mm with the camera tilted 12 degrees; plain, dim with a
gradient, bright, and noisy light; motion blur of 0 to 15 px along four directions):
a sharp frame keeps 0.59-0.61 of the print's detail at 1280x720 and 0.65-0.66 at
1920x1080, whatever the light. At 1280x720 a 2 px smear keeps 0.43-0.48 (24-26 codes
of 26 read), 3 px 0.27-0.30 (23-25 read), 4 px 0.17-0.23 (20-22), 7 px 0.09 or less
(none); at 1920x1080, 4 px keeps 0.30-0.39 (all read), 5 px 0.21-0.30 (24-26), 7 px
0.11-0.18 (15-20), 9 px 0.11 or less (2 or fewer). :data:`BLURRED` (0.3) is half the
sharp frames' lowest, and above every smear that loses more than a few codes. A frame
below it is *blurred*: it neither confirms a position
(:mod:`companion.table.hex_watch`) nor counts as a look for the pieces not seen
(:mod:`companion.table.hex_reader`). The four fiducials looked at cost about 0.5 ms a
frame at 1920x1080 (read_board: about 15 ms).

A camera out of focus blurs too (bench/hex_sharpness.py softens the frame by a
Gaussian): at 1920x1080 a defocus of 1.2 px scores 0.31 with every code read, 1.6 px
0.20 with 25 of 26, 2 px 0.13 with 17; at 1280x720, 0.9 px scores 0.27 with 25 read and
1.2 px 0.18 with 18. So a camera soft enough to fall below the threshold is about where
its codes start to be lost, and one just above it has little margin left for a hand's
motion blur: ``companion calibrate --board``
(:mod:`companion.table.hex_calibration`) shows the sharpness and asks for focus below
0.45.

    >>> from card_codes.hex_pictures import board_image
    >>> page = board_image(3.0)
    >>> view = BoardView(np.array([[1 / 3, 0, -210], [0, 1 / 3, -148.5], [0, 0, 1]]))
    >>> smeared = cv2.blur(page, (9, 1))  # a 3 mm smear across
    >>> sharpness(page, view, range(6)) > BLURRED > sharpness(smeared, view, range(6))
    True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Final

import cv2
import numpy as np
import numpy.typing as npt

from card_codes.hex_board import BOARD_PAGE_MM, FIDUCIAL_MM, FIDUCIALS
from card_codes.hex_pictures import board_image
from companion.table.hex_view import BoardView, around

#: A frame whose :func:`sharpness` is below this is too blurred to judge (measured:
#: module docstring and bench/hex_sharpness.py; sharp frames score 0.59 or more).
BLURRED: Final = 0.3
#: The fiducials are looked at with this many pixels a millimetre (below any camera
#: height the docs recommend, so a sharp frame keeps the print's detail), both the
#: frame's and the print's smoothed alike (``_SMOOTH`` px).
_PX_PER_MM: Final = 2.0
_SMOOTH: Final = 0.8
#: The square looked at: the fiducial and a 2.5 mm rim of paper round it (its outer edge).
_SQUARE_MM: Final = FIDUCIAL_MM + 5.0
_SIDE: Final = round(_SQUARE_MM * _PX_PER_MM)
#: Pixels of each square's rim left out once smoothed (the smoothing's reach).
_RIM: Final = 3
#: The fiducials looked at, at most (the median of four is steady; each costs 0.1 ms).
_MOST: Final = 4
_CENTRES: Final = {marker: (x, y) for marker, x, y in FIDUCIALS}
#: The second difference across, down, and along the two diagonals.
_SECONDS: Final = tuple(
    np.array(kernel, dtype=np.float32)
    for kernel in (
        [[0, 0, 0], [1, -2, 1], [0, 0, 0]],
        [[0, 1, 0], [0, -2, 0], [0, 1, 0]],
        [[1, 0, 0], [0, -2, 0], [0, 0, 1]],
        [[0, 0, 1], [0, -2, 0], [1, 0, 0]],
    )
)

Grey = npt.NDArray[np.uint8]


def sharpness(frame: Grey, view: BoardView, fiducials: Iterable[int]) -> float:
    """The share of the print's detail ``frame`` (grey) keeps on the ``fiducials`` seen
    (ids 0-5, the first :data:`_MOST` of them), through ``view`` (picture to board mm):
    below 1 sharp (the camera's own resolution), near 0 smeared; 1.0 when no fiducial
    is given."""
    markers = [marker for marker in fiducials if marker in _CENTRES][:_MOST]
    if not markers:
        return 1.0
    squares = np.stack([_square(frame, view, marker) for marker in markers])
    printed = np.stack([_printed(marker) for marker in markers])
    shares = (_detail(squares) / printed).min(axis=1)
    return float(np.median(shares))


def _to_square(marker: int) -> npt.NDArray[np.float64]:
    """Board mm to the pixels of the square round fiducial ``marker``."""
    x, y = _CENTRES[marker]
    left, top = x - _SQUARE_MM / 2, y - _SQUARE_MM / 2
    scale = _PX_PER_MM
    return np.array([[scale, 0, -left * scale], [0, scale, -top * scale], [0, 0, 1]])


def _square(frame: npt.NDArray[np.uint8], view: BoardView, marker: int) -> npt.NDArray[np.float32]:
    matrix = _to_square(marker) @ view.near(around(_CENTRES[marker], _SQUARE_MM / 2))
    square = cv2.warpPerspective(frame, matrix, (_SIDE, _SIDE), flags=cv2.INTER_LINEAR)
    return np.asarray(square, dtype=np.float32)


def _detail(squares: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """For each square (stacked), the variance of the second difference along four
    directions (across, down and the two diagonals) over the variance of its grey
    levels: one row of four a square. The squares are filtered as one picture and
    their rims, where neighbours mix, left out of the variances."""
    count = len(squares)
    strip = _floats(cv2.GaussianBlur(squares.reshape(count * _SIDE, _SIDE), (0, 0), _SMOOTH))

    def variances(picture: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        inner = picture.reshape(count, _SIDE, _SIDE)[:, _RIM:-_RIM, _RIM:-_RIM]
        values = inner.reshape(count, -1)
        mean = values.mean(axis=1)
        return np.asarray((values * values).mean(axis=1) - mean * mean, dtype=np.float32)

    spread = np.maximum(variances(strip), 1e-6)
    seconds = [variances(_floats(cv2.filter2D(strip, -1, kernel))) for kernel in _SECONDS]
    return _floats(np.stack(seconds, axis=1) / spread[:, None])


def _floats(values: npt.ArrayLike) -> npt.NDArray[np.float32]:
    return np.asarray(values, dtype=np.float32)


@functools.cache
def _printed(marker: int) -> npt.NDArray[np.float32]:
    """:func:`_detail` of fiducial ``marker`` as printed (the page drawn at 4 px a mm)."""
    scale = 4.0
    page = board_image(scale, names=False)
    width, height = BOARD_PAGE_MM
    to_page = np.array([[scale, 0, width * scale / 2], [0, scale, height * scale / 2], [0, 0, 1]])
    square = _square(page, BoardView(np.linalg.inv(to_page)), marker)
    return _floats(np.maximum(_detail(square[None])[0], 1e-6))
