"""Pieces that stand up: their codes seen off their cells, and put back on them.

A code on a real piece lies above the board, by the piece's height. The camera sees
it along the ray from its own centre, so on the board's plane the code seems farther
from the camera's *foot* (the board point straight under the camera) than the piece
stands: ``top = foot + scale (piece - foot)``, ``scale = H / (H - h)`` for a camera
``H`` above the board and a piece ``h`` tall. Looking straight down from 45 cm a
10 mm piece at the board's edge seems 3 mm out; from a camera set back and slanted
20 degrees the far side's pieces seem 6-8 mm out, a third of a cell, and a piece put
down a little off centre there is read on its neighbour (bench/hex_parallax.py).

Neither the camera's height nor the pieces' need be told. Every frame's codes on the
board, up to 26, stand on cells: ``top = scale piece + shift`` is three unknowns,
found by least squares (:func:`fit_parallax`; the players' off-centre placing
averages out), the nearest cell taken as each piece's and the fit made again until
they agree. The result is kept as the camera's foot in the picture (which stays where
it is when the board is nudged or turned on the table) and the scale, so a frame
with too few codes seen (hands over the board) is read with the last one; and
:meth:`Parallax.feet` puts each code back where its piece stands. Flat tokens give a
scale of 1: no correction.

    >>> import numpy as np
    >>> from companion.table.hex_view import BoardView
    >>> view = BoardView(np.eye(3))
    >>> parallax = Parallax((0.0, 300.0, 1.0), 1.02)
    >>> parallax.feet(view, np.array([[0.0, -108.0]])).round(1).tolist()
    [[0.0, -100.0]]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from card_codes.hex_board import CELL_CENTRES
from companion.table.hex_view import BoardView

Points = npt.NDArray[np.float64]

#: The pieces a fit needs (on their cells in one reading).
MIN_PIECES: Final = 12
#: A scale this near 1 is flat pieces (at 200 mm from the foot, 1 mm): no correction.
FLAT: Final = 1.005
#: A scale past this is no piece on a board (a 40 mm piece under a camera 45 cm up).
TALLEST: Final = 1.1
#: A code farther than this (mm) from where the fit puts it is left out of the fit (a
#: piece put down far off centre, or held up in a hand).
OUTLIER_MM: Final = 6.0
#: The pieces fitted must lie this far (mm, root mean square) from their middle: a few
#: pieces close together (the rest under an arm) tell the scale poorly.
SPREAD_MM: Final = 50.0
#: The rounds of taking each piece to its nearest cell and fitting again: the codes
#: within this many mm of their cells fitted (half a cell first, so that a first fit
#: from pieces seen far out is made at all), until no piece changes cell.
WITHIN: Final = (12.0, 9.0, *(OUTLIER_MM,) * 6)
#: The share of the codes the parallax so far must put within :data:`OUTLIER_MM` of a
#: cell for the fit to start at that width (a frame like the one before).
FITS_ALREADY: Final = 0.8
_CENTRES: Final = np.array(list(CELL_CENTRES.values()), dtype=np.float64)


@dataclass(frozen=True)
class Parallax:
    """The camera's ``foot`` (homogeneous, in the straightened picture: see
    :class:`~companion.table.hex_view.BoardView`) and the ``scale`` the pieces' codes
    seem farther from it by (module docstring)."""

    foot: tuple[float, float, float]
    scale: float

    def shift(self, view: BoardView) -> Points:
        """``(1 - scale) foot`` on the board of ``view`` (mm): a code lies at
        ``scale piece + shift``."""
        x, y, w = (np.asarray(view.homography, dtype=np.float64) @ self.foot).tolist()
        return np.array([x * (1 - self.scale) / w, y * (1 - self.scale) / w], dtype=np.float64)

    def feet(self, view: BoardView, tops: Points) -> Points:
        """Where the pieces whose codes lie at ``tops`` (board mm, N x 2) stand."""
        if self.scale == 1.0:
            return tops
        return np.asarray((tops - self.shift(view)) / self.scale, dtype=np.float64)

    def most(self, view: BoardView) -> float:
        """How far (mm) a piece's code seems off its cell at most, over the board's cells."""
        if self.scale == 1.0:
            return 0.0
        tops = _CENTRES * self.scale + self.shift(view)
        return float(np.linalg.norm(tops - _CENTRES, axis=1).max())


#: Flat pieces (tokens): their codes seen where they lie.
FLAT_PIECES: Final = Parallax((0.0, 0.0, 1.0), 1.0)


def fit_parallax(view: BoardView, tops: Points, start: Parallax | None = None) -> Parallax | None:
    """The parallax that best puts the codes read at ``tops`` (mm, on the board of
    ``view``) on cells' centres: :data:`FLAT_PIECES` for pieces too flat to matter,
    None when it cannot tell (too few pieces, or a fit no camera gives).

    Each piece is taken to stand on the cell nearest to where the parallax so far
    (``start``, else none) puts it, the parallax fitted to those that fit
    (:data:`OUTLIER_MM`), and again until no piece changes cell or joins or leaves the
    fit: the pieces near the camera's foot, seen nearly where they stand, bring the far
    ones onto their cells.
    """
    if len(tops) < MIN_PIECES:
        return None
    fitted = start or FLAT_PIECES
    scale, shift = fitted.scale, fitted.shift(view)
    cells = _nearest((tops - shift) / scale)
    misses = _lengths(_CENTRES[cells] * scale + shift - tops)
    # a parallax that fits already needs no wide first rounds
    fits = (misses <= OUTLIER_MM).sum() >= len(tops) * FITS_ALREADY
    rounds = WITHIN[2:] if fits else WITHIN
    kept = np.zeros(len(tops), dtype=bool)
    for index, within in enumerate(rounds):
        if index:
            before = cells
            cells = _nearest((tops - shift) / scale)
            misses = _lengths(_CENTRES[cells] * scale + shift - tops)
            settled = np.array_equal(cells, before) and np.array_equal(misses <= within, kept)
            if within == OUTLIER_MM and settled:
                break
        keep = kept = misses <= within
        if keep.sum() < MIN_PIECES:
            return None
        solved = _solve(tops[keep], _CENTRES[cells[keep]])
        if solved is None:
            return None
        scale, shift = solved
    if scale < FLAT:
        return FLAT_PIECES
    if scale > TALLEST:
        return None
    foot = np.linalg.solve(np.asarray(view.homography), np.array([*shift, 1 - scale]))
    return Parallax((float(foot[0]), float(foot[1]), float(foot[2])), float(scale))


def _nearest(feet: Points) -> npt.NDArray[np.intp]:
    """The index of the cell nearest each point (mm)."""
    gaps = feet[:, None, :] - _CENTRES[None, :, :]
    return np.asarray(np.einsum("ijk,ijk->ij", gaps, gaps).argmin(axis=1), dtype=np.intp)


def _lengths(vectors: Points) -> npt.NDArray[np.float64]:
    return np.asarray(np.sqrt(np.einsum("ij,ij->i", vectors, vectors)), dtype=np.float64)


def _solve(tops: Points, cells: Points) -> tuple[float, Points] | None:
    """Least squares ``tops = scale cells + shift``: the scale and shift, or None when
    ``cells`` lie too close together to tell the scale (:data:`SPREAD_MM`)."""
    middle, centre = cells.mean(axis=0), tops.mean(axis=0)
    spread = float(np.einsum("ij,ij->", cells - middle, cells - middle))
    if spread < len(cells) * SPREAD_MM**2:
        return None
    scale = float(np.einsum("ij,ij->", cells - middle, tops - centre)) / spread
    return scale, np.asarray(centre - scale * middle, dtype=np.float64)


__all__ = ["FLAT", "FLAT_PIECES", "MIN_PIECES", "Parallax", "fit_parallax"]
