"""The camera check of the hex board drawn on its frame, for a person to look at:
the board's outline, its corner squares and every piece read, labelled with its
cell (``companion calibrate --board --out``; :mod:`companion.table.hex_calibration`
measures what is drawn).
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.table.calibration import draw_label
from companion.table.hex_calibration import BoardCheck, Image

BOARD_COLOUR = (255, 200, 0)  # BGR: the board's outline
CORNER_COLOUR = (255, 120, 0)
PIECE_COLOUR = (60, 220, 60)
OFF_COLOUR = (0, 200, 255)  # a piece seen off the board
CLASH_COLOUR = (40, 40, 255)  # two pieces read on one cell


def draw_board(image: Image, check: BoardCheck) -> Image:
    """The frame with the board's outline, its corner squares and every piece read,
    labelled with its cell."""
    canvas: Image = np.asarray(
        image.copy() if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR),
        dtype=np.uint8,
    )
    width = check.size[0]
    scale = max(0.4, width / 2400)
    thick = max(1, round(width / 640))
    if check.outline:
        points = np.array(check.outline, dtype=np.int32)
        cv2.polylines(canvas, [points], True, BOARD_COLOUR, thick)
    shared = set(check.shared)
    for piece in check.pieces:
        colour = (
            OFF_COLOUR
            if piece.cell is None
            else CLASH_COLOUR
            if piece.cell in shared
            else PIECE_COLOUR
        )
        quad = np.array(piece.corners, dtype=np.int32)
        cv2.polylines(canvas, [quad], True, colour, thick + 1)
        x0, y1 = quad[:, 0].min(), quad[:, 1].max()
        text = piece.cell or "off"
        draw_label(canvas, text, (int(x0), int(y1) + 2), colour=colour, scale=scale, thick=thick)
    for corners in check.corner_quads.values():
        cv2.polylines(canvas, [np.array(corners, dtype=np.int32)], True, CORNER_COLOUR, thick + 1)
    return canvas


__all__ = [
    "BOARD_COLOUR",
    "CLASH_COLOUR",
    "CORNER_COLOUR",
    "OFF_COLOUR",
    "PIECE_COLOUR",
    "draw_board",
]
