"""The camera check of the hex board drawn on its frame, for a person to look at:
the board's outline, its corner squares, every piece read, labelled with its cell,
each piece seen on two cells (a copy of its token on the board) at both, joined and
labelled "twice", and the cell of each piece hidden under its neighbour's token
outlined and labelled "hidden" (``companion calibrate --board --out``;
:mod:`companion.table.hex_calibration` measures what is drawn).

Each label is put beside what it names where it covers no other label and no code
(below it, else above, right or left; where every side is taken, the side that
covers least), so the labels of pieces on neighbouring cells stay apart:

    >>> labels = _Labels((200, 100), [(10, 40, 30, 60), (10, 64, 30, 84)], 0.4, 1)
    >>> labels.place("a1", (10, 40, 30, 60), (0, 0, 0))  # above: below is a2's code
    (10, 22, 28, 38)
    >>> labels.place("a2", (10, 64, 30, 84), (0, 0, 0))  # right: off the picture, a1's code
    (32, 66, 50, 82)
    >>> labels.place("k6", (2, 2, 198, 98), (0, 0, 0))  # no side in the picture: moved in
    (2, 84, 20, 100)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

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
HIDDEN_COLOUR = (140, 60, 240)  # the cell of a piece hidden under its neighbour

#: A box in the picture: left, top, right, bottom (px).
Box = tuple[int, int, int, int]


def draw_board(image: Image, check: BoardCheck) -> Image:
    """The frame with the board's outline, its corner squares, every piece read,
    labelled with its cell, each piece seen twice and each hidden (module docstring)."""
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
    codes = [*check.pieces, *check.copies]
    labels = _Labels(check.size, [_box(code.corners) for code in codes], scale, thick)
    for cell, corners in check.hidden_cells.items():
        hexagon = np.array(corners, dtype=np.int32)
        cv2.polylines(canvas, [hexagon], True, HIDDEN_COLOUR, thick + 1, cv2.LINE_AA)
        labels.place(f"{cell} hidden", _box(corners), HIDDEN_COLOUR)
    shared = set(check.shared)
    for piece in check.pieces:
        colour = (
            OFF_COLOUR
            if piece.cell is None
            else CLASH_COLOUR
            if piece.cell in shared
            else PIECE_COLOUR
        )
        cv2.polylines(canvas, [np.array(piece.corners, dtype=np.int32)], True, colour, thick + 1)
        labels.place(piece.cell or "off", _box(piece.corners), colour)
    _draw_copies(canvas, check, thick)
    for copy in check.copies:
        labels.place(f"{copy.cell} twice", _box(copy.corners), COPY_COLOUR)
    for corners in check.corner_quads.values():
        cv2.polylines(canvas, [np.array(corners, dtype=np.int32)], True, CORNER_COLOUR, thick + 1)
    labels.draw(canvas)
    return canvas


def _box(corners: Iterable[tuple[float, float]]) -> Box:
    points = np.array(list(corners), dtype=np.float64)
    (x0, y0), (x1, y1) = points.min(axis=0), points.max(axis=0)
    return int(x0), int(y0), int(x1), int(y1)


class _Labels:
    """Labels placed one by one beside what they name, apart from each other and from
    the codes (``codes``: their boxes), drawn at the end over every outline."""

    def __init__(self, size: tuple[int, int], codes: list[Box], scale: float, thick: int):
        self.size = size
        self.codes = codes
        self.scale = scale
        self.thick = thick
        self.placed: list[tuple[Box, str, tuple[int, int, int]]] = []

    def place(self, text: str, near: Box, colour: tuple[int, int, int]) -> Box:
        """Put ``text`` by the box ``near`` (module docstring); its box."""
        (w, h), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, self.scale, self.thick)
        w, h = w + 4, h + base + 4  # draw_label's dark box
        x0, y0, x1, y1 = near
        middle = (y0 + y1 - h) // 2
        spots = [(x0, y1 + 2), (x0, y0 - 2 - h), (x1 + 2, middle), (x0 - 2 - w, middle)]
        boxes = [(x, y, x + w, y + h) for x, y in spots]
        others = [box for box in self.codes if not _inside(box, near)]
        others += [box for box, _, _ in self.placed]
        x, y, _, _ = min(boxes, key=lambda box: (self._outside(box), _covered(box, others)))
        x = max(0, min(x, self.size[0] - w))  # every side off the picture: moved onto it
        y = max(0, min(y, self.size[1] - h))
        self.placed.append(((x, y, x + w, y + h), text, colour))
        return x, y, x + w, y + h

    def _outside(self, box: Box) -> bool:
        return box[0] < 0 or box[1] < 0 or box[2] > self.size[0] or box[3] > self.size[1]

    def draw(self, canvas: Image) -> None:
        for box, text, colour in self.placed:
            draw_label(canvas, text, box[:2], colour=colour, scale=self.scale, thick=self.thick)


def _inside(box: Box, near: Box) -> bool:
    """Whether ``box`` lies within ``near`` (the code a label names, itself or inside
    the hidden cell's hexagon)."""
    return near[0] <= box[0] and near[1] <= box[1] and box[2] <= near[2] and box[3] <= near[3]


def _covered(box: Box, others: list[Box]) -> int:
    """How many pixels of ``box`` the ``others`` cover (counted once for each)."""
    left, top, right, bottom = box
    return sum(
        max(0, min(right, x1) - max(left, x0)) * max(0, min(bottom, y1) - max(top, y0))
        for x0, y0, x1, y1 in others
    )


def _draw_copies(canvas: Image, check: BoardCheck, thick: int) -> None:
    """Each piece seen twice: its code outlined where it is seen, and joined to the
    piece's next place by a line from code's edge to code's edge (which goes with
    which, the codes left clear); its labels are placed with the others'."""
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


def _reach(quad: npt.NDArray[np.float64]) -> float:
    """How far a code's corners lie from its middle (px), at most."""
    return float(np.linalg.norm(quad - quad.mean(axis=0), axis=1).max())


__all__ = [
    "BOARD_COLOUR",
    "CLASH_COLOUR",
    "COPY_COLOUR",
    "CORNER_COLOUR",
    "HIDDEN_COLOUR",
    "OFF_COLOUR",
    "PIECE_COLOUR",
    "draw_board",
]
