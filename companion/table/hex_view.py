"""Where the hex board lies in the picture, through the camera's lens.

A perfect camera sees the flat board through a homography: picture pixels to board
millimetres. A real lens also bends the picture, most at its edges: a wide lens pulls
them in (barrel). Over a board that fills the picture that moves a piece's marker by up
to half a cell from where the homography puts it (bench/hex_lens.py), onto a
neighbouring cell. So the board is seen through a :class:`BoardView`: the lens's bend
first (:class:`Bend`, the one-parameter division model of Fitzgibbon, 2001, about the
picture's centre: a point at ``r`` half-diagonals from it lies straight at
``r / (1 + amount r^2)``), then the homography.

The bend needs no calibration: the six corner squares' 24 corners lie at known places
on the flat board, so :func:`board_view` finds the bend that makes them fit one
homography best (a golden-section search, about 2 ms) whenever they do not fit the
bend it was given (:data:`REFIT_MM`); the reader hands each frame the view found on
the frames before, so the search runs about once a game, and a frame with corner
squares covered keeps the bend (four squares are too few to tell it).

    >>> import numpy as np
    >>> view = BoardView(np.array([[1 / 3, 0, -210], [0, 1 / 3, -148.5], [0, 0, 1]]))
    >>> view.to_board(np.array([[630.0, 445.5]])).round(1).tolist()
    [[0.0, 0.0]]
    >>> bend = Bend(-0.1, (960.0, 540.0), 1101.4)
    >>> bend.bent(bend.straight(np.array([[1800.0, 1000.0]]))).round(3).tolist()
    [[1800.0, 1000.0]]
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Final

import cv2
import numpy as np
import numpy.typing as npt

Points = npt.NDArray[np.float64]
Matrix = npt.NDArray[np.float64]

#: The corner squares' corners fit the homography within this (mm, root mean square)
#: when the lens is straightened right: a sharp frame's corners land within 0.3 mm.
REFIT_MM: Final = 0.5
#: A bend is looked for only with this many corners seen (five corner squares).
FIT_CORNERS: Final = 20
#: The bends looked through: from a wide lens's barrel to a little pincushion.
BENDS: Final = (-0.45, 0.3)
#: A new bend is taken only when it fits this much better than the one given.
BETTER: Final = 0.7
#: A bend found before is looked for again only when the corners fit it this much
#: worse than they did then (a lens the model does not fit exactly keeps its bend).
WORSE: Final = 1.5
_GOLDEN: Final = (math.sqrt(5) - 1) / 2


@dataclass(frozen=True)
class Bend:
    """The lens's bend: ``amount`` (0: a straight lens; negative: barrel) about the
    picture's ``centre``, in units of ``half`` (its half-diagonal, px)."""

    amount: float = 0.0
    centre: tuple[float, float] = (0.0, 0.0)
    half: float = 1.0

    @classmethod
    def of(cls, amount: float, size: tuple[int, int]) -> Bend:
        """The bend ``amount`` of a picture of ``size`` (width, height)."""
        w, h = size
        return cls(amount, (w / 2, h / 2), math.hypot(w, h) / 2)

    @property
    def percent(self) -> float:
        """How much the lens bends the picture's corners, in percent: they lie
        ``1 + amount`` times as far from its centre as a straight lens shows them
        (negative: pulled in, barrel)."""
        return self.amount * 100

    def straight(self, points: Points) -> Points:
        """Picture points where a straight lens would show them."""
        if not self.amount:
            return points
        centre = np.asarray(self.centre)
        rel = (points - centre) / self.half
        square = (rel * rel).sum(axis=1, keepdims=True)
        return np.asarray(centre + rel / (1 + self.amount * square) * self.half, dtype=np.float64)

    def bent(self, points: Points) -> Points:
        """The inverse of :meth:`straight`: where the lens shows straight points (the
        root of ``a r^2 s - r + s = 0`` that is ``s`` for a straight lens)."""
        if not self.amount:
            return points
        centre = np.asarray(self.centre)
        rel = (points - centre) / self.half
        radius = np.hypot(rel[:, 0], rel[:, 1])[:, None]
        a = self.amount
        root = np.sqrt(np.maximum(1 - 4 * a * radius * radius, 0.0))
        seen = np.divide(1 - root, 2 * a * radius, out=radius.copy(), where=radius > 1e-12)
        scale = np.divide(seen, radius, out=np.ones_like(radius), where=radius > 1e-12)
        return np.asarray(centre + rel * scale * self.half, dtype=np.float64)


@dataclass(frozen=True)
class BoardView:
    """The board in the picture: ``homography`` maps straightened picture pixels
    (``bend``) to board millimetres; ``residual`` is how well the corner squares fit
    (mm, root mean square)."""

    homography: Matrix
    bend: Bend = field(default_factory=Bend)
    residual: float = 0.0

    def to_board(self, points: Points) -> Points:
        """Picture pixels (N x 2) to board millimetres."""
        return _transform(self.bend.straight(np.asarray(points, dtype=np.float64)), self.homography)

    def to_picture(self, points: Points) -> Points:
        """Board millimetres (N x 2) to picture pixels."""
        inverse = np.asarray(np.linalg.inv(self.homography), dtype=np.float64)
        return self.bend.bent(_transform(np.asarray(points, dtype=np.float64), inverse))

    def near(self, corners: Points) -> Matrix:
        """A homography from picture pixels to board millimetres that is right around
        the board quadrilateral ``corners`` (mm, 4 x 2): the whole view's for a straight
        lens, else the one through the four corners as the lens shows them."""
        if not self.bend.amount:
            return self.homography
        picture = self.to_picture(corners).astype(np.float32)
        matrix = cv2.getPerspectiveTransform(picture, np.asarray(corners, dtype=np.float32))
        return np.asarray(matrix, dtype=np.float64)


def around(centre: tuple[float, float], half: float) -> Points:
    """The corners of the board square of side ``2 half`` round ``centre`` (mm), for
    :meth:`BoardView.near`."""
    x, y = centre
    return np.array(
        [(x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)]
    )


def board_view(
    picture: Points, board: Points, size: tuple[int, int], before: BoardView | None = None
) -> BoardView | None:
    """The view that maps the corner squares' ``picture`` corners (px) onto ``board``
    (their places, mm) in a picture of ``size``: through the bend of the view found
    ``before`` (on the frames before), or a better one looked for here when the
    corners fit that one worse than :data:`REFIT_MM` and than ``before`` did (by
    :data:`WORSE`; module docstring). None if the corners give no homography."""
    given = _fit(picture, board, Bend.of(0.0 if before is None else before.bend.amount, size))
    if given is None or len(picture) < FIT_CORNERS:
        return given
    fitted = 0.0 if before is None else before.residual
    if given.residual <= max(REFIT_MM, fitted * WORSE):
        return given
    found = _search(picture, board, size)
    if found is not None and found.residual < given.residual * BETTER:
        return found
    return given


def _search(picture: Points, board: Points, size: tuple[int, int]) -> BoardView | None:
    """The bend in :data:`BENDS` that fits best, by golden-section search."""

    def cost(amount: float) -> float:
        view = _fit(picture, board, Bend.of(amount, size))
        return math.inf if view is None else view.residual

    low, high = BENDS
    left, right = high - _GOLDEN * (high - low), low + _GOLDEN * (high - low)
    at_left, at_right = cost(left), cost(right)
    while high - low > 2e-3:
        if at_left < at_right:
            high, right, at_right = right, left, at_left
            left = high - _GOLDEN * (high - low)
            at_left = cost(left)
        else:
            low, left, at_left = left, right, at_right
            right = low + _GOLDEN * (high - low)
            at_right = cost(right)
    return _fit(picture, board, Bend.of((low + high) / 2, size))


def _fit(picture: Points, board: Points, bend: Bend) -> BoardView | None:
    straight = bend.straight(picture)
    found, _ = cv2.findHomography(straight, board)
    if found is None or found.size == 0:
        return None
    homography = np.asarray(found, dtype=np.float64)
    misses = _transform(straight, homography) - board
    residual = float(np.sqrt((misses * misses).sum(axis=1).mean()))
    return BoardView(homography, bend, residual)


def _transform(points: Points, matrix: Matrix) -> Points:
    mapped = cv2.perspectiveTransform(points.reshape(-1, 1, 2), matrix)
    return np.asarray(mapped.reshape(-1, 2), dtype=np.float64)


__all__ = ["BENDS", "FIT_CORNERS", "REFIT_MM", "Bend", "BoardView", "around", "board_view"]
