"""Glare on the hex board: a lamp mirrored in a glossy print, a laminated sheet or
glossy stickers.

The camera sees a lamp's reflection as a patch of the picture a few centimetres
across, white at its heart and fading at its edge, that stays where it is in the
picture while the board is turned or nudged under it. Under its heart nothing is
left of the print or of a piece's code: the pieces there are not read
(bench/hex_glare.py), and a piece's cell there matches neither its print nor
anything else. Taken for a hand over the piece, or for a cell covered by something
small, the piece would be said missing, or kept under a hand that never leaves.

:func:`in_glare` tells glare at a cell, on the board's plane: the cell (the disc a
piece's code lies in, :data:`CODE_MM` across) is nearly as white as the sensor gives
(:data:`WHITE`: its median; its darkest tenth at :data:`FLOOR` or more), the print's
lines and names, a piece's code or its back all lost in it. Paper in a picture
exposed for it is as white, but keeps its lines and names: :func:`~companion.table.
hex_cover.look` asks only of a cell that does not match its print, and a piece whose
cell is in glare keeps its cell, as one under a hand does
(:mod:`companion.table.hex_reader`). A hand is darker; a white piece's back, code
down, in a light so bright that the paper is white too is the one thing taken for
glare. :func:`~companion.table.hex_cover.glare_cells` names the cells in glare for
the camera check (``companion calibrate --board``), which asks for the lamp to be
moved or a matte print.

    >>> from card_codes.hex_pictures import board_image
    >>> import numpy as np
    >>> page = (board_image(3.0) * 0.9).astype(np.uint8)  # paper as a camera sees it
    >>> view = BoardView(np.array([[1 / 3, 0, -210], [0, 1 / 3, -148.5], [0, 0, 1]]))
    >>> in_glare(page, view, "f6")
    False
    >>> page[400:500, 580:680] = 255  # a lamp's reflection over f6
    >>> in_glare(page, view, "f6"), in_glare(page, view, "f5")
    (True, False)
"""

from __future__ import annotations

from typing import Final

import cv2
import numpy as np
import numpy.typing as npt

from card_codes.hex_board import CELL_CENTRES
from companion.table.hex_view import BoardView

#: The disc looked at on a cell (mm across): where a piece's code lies.
CODE_MM: Final = 14.0
#: Nearly the sensor's white: the cell's median in glare (grey levels). A black
#: piece's code under a lamp's reflection that leaves it a tenth of its contrast (not
#: read) is 235-245 (bench/hex_glare.py); paper exposed for, 245 on the synthetic board.
WHITE: Final = 235
#: The cell's darkest tenth in glare (a hand, a dark back or a code is darker).
FLOOR: Final = 210
#: Points are looked at this far apart (mm).
_STEP_MM: Final = 1.5


def _disc(radius: float) -> npt.NDArray[np.float64]:
    """Points (mm, N x 2) on a grid of :data:`_STEP_MM` within ``radius`` of 0."""
    steps = np.arange(-radius, radius + _STEP_MM / 2, _STEP_MM)
    xs, ys = np.meshgrid(steps, steps)
    points = np.stack([xs.ravel(), ys.ravel()], axis=1)
    return np.asarray(points[np.hypot(points[:, 0], points[:, 1]) <= radius], dtype=np.float64)


_OFFSETS: Final = _disc(CODE_MM / 2)


def in_glare(
    frame: npt.NDArray[np.uint8],
    view: BoardView,
    cell: str,
    shift: tuple[float, float] = (0.0, 0.0),
) -> bool:
    """Whether ``cell`` (looked at ``shift`` mm off, where a standing piece's top is
    seen) lies in glare in ``frame`` (BGR or grey), through ``view`` (module docstring)."""
    x, y = CELL_CENTRES[cell]
    values = _sample(frame, view, _OFFSETS + np.array([x + shift[0], y + shift[1]]))
    return _glared(values)


def _glared(values: npt.NDArray[np.float32]) -> bool:
    return float(np.median(values)) >= WHITE and float(np.percentile(values, 10)) >= FLOOR


def _sample(
    frame: npt.NDArray[np.uint8],
    view: BoardView,
    points: npt.NDArray[np.float64],
) -> npt.NDArray[np.float32]:
    """The picture's grey level at board ``points`` (mm); outside it, 0 (not glare)."""
    picture = view.to_picture(points).astype(np.float32)
    sampled = cv2.remap(
        frame,
        picture[:, 0].reshape(1, -1),
        picture[:, 1].reshape(1, -1),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=0,
    )
    if sampled.ndim == 3:
        sampled = cv2.cvtColor(sampled, cv2.COLOR_BGR2GRAY)
    return np.asarray(sampled, dtype=np.float32).ravel()


__all__ = ["CODE_MM", "FLOOR", "WHITE", "in_glare"]
