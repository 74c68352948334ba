"""The camera check of the hex board drawn on its frame, for a person to look at:
the board's outline, its corner squares, every piece read, labelled with its cell,
and each piece seen on two cells (a copy of its token on the board) at both, joined
and labelled "twice" (``companion calibrate --board --out``;
:mod:`companion.table.hex_calibration` measures what is drawn).
"""

from __future__ import annotations

import itertools

import cv2
import numpy as np
import numpy.typing as npt

from companion.table.calibration import draw_label
from companion.table.hex_calibration import BoardCheck, Image

BOARD_COLOUR = (255, 200, 0)  # BGR: the board's outline
CORNER_COLOUR = (255, 120, 0)
PIECE_COLOUR = (60, 220, 60)
OFF_COLOUR = (0, 200, 255)  # a piece seen off the board
CLASH_COLOUR = (40, 40, 255)  # two pieces read on one cell
COPY_COLOUR = (255, 0, 255)  # a piece seen on two cells: a copy of its token


def draw_board(image: Image, check: BoardCheck) -> Image:
    """The frame with the board's outline, its corner squares, every piece read,
    labelled with its cell, and each piece seen twice (module docstring)."""
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
    _draw_copies(canvas, check, scale, thick)
    for corners in check.corner_quads.values():
        cv2.polylines(canvas, [np.array(corners, dtype=np.int32)], True, CORNER_COLOUR, thick + 1)
    return canvas


def _draw_copies(canvas: Image, check: BoardCheck, scale: float, thick: int) -> None:
    """Each piece seen twice: its code outlined where it is seen, each place labelled
    with its cell and "twice", and joined to the piece's next place by a line from
    code's edge to code's edge (which goes with which, the codes left clear)."""
    quads: dict[int, list[npt.NDArray[np.float64]]] = {}
    for copy in check.copies:
        quad = np.array(copy.corners, dtype=np.float64)
        quads.setdefault(copy.marker, []).append(quad)
        cv2.polylines(canvas, [quad.astype(np.int32)], True, COPY_COLOUR, thick + 1)
    for places in quads.values():
        for one, other in itertools.pairwise(places):
            start, end = one.mean(axis=0), other.mean(axis=0)
            way = (end - start) / max(float(np.linalg.norm(end - start)), 1.0)
            start = start + way * _reach(one)
            end = end - way * _reach(other)
            if float(np.dot(end - start, way)) > 0:  # codes apart: a line between them
                ends = np.round([start, end]).astype(np.int32)
                cv2.line(
                    canvas, tuple(ends[0].tolist()), tuple(ends[1].tolist()), COPY_COLOUR, thick
                )
    for copy in check.copies:
        quad = np.array(copy.corners, dtype=np.int32)
        at = (int(quad[:, 0].min()), int(quad[:, 1].max()) + 2)
        draw_label(canvas, f"{copy.cell} twice", at, colour=COPY_COLOUR, scale=scale, thick=thick)


def _reach(quad: npt.NDArray[np.float64]) -> float:
    """How far a code's corners lie from its middle (px), at most."""
    return float(np.linalg.norm(quad - quad.mean(axis=0), axis=1).max())


__all__ = [
    "BOARD_COLOUR",
    "CLASH_COLOUR",
    "COPY_COLOUR",
    "CORNER_COLOUR",
    "OFF_COLOUR",
    "PIECE_COLOUR",
    "draw_board",
]
