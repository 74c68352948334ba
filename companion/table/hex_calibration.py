"""Checking the camera over the hex board before a game: is the board whole in the
picture, large enough, sharp enough to judge, and is every piece read on its cell?

``companion calibrate --board`` grabs one frame; :func:`check_board` reads it as the
referee does (:func:`~companion.table.hex_board.read_board`) and measures what decides
whether the referee will see the game:

- the board's six corner squares (two are enough to find the board, six are steadiest)
  and whether the whole board lies inside the picture;
- how many pixels a millimetre of the board spans, at the board's farthest (smallest)
  cell and its median: the pieces' codes are read from about 3
  (docs/hex-referee-measured.md, README "The hex board"), so a camera too high or
  slanted shows here;
- how much the lens bends the picture (straightened by the reader,
  :mod:`companion.table.hex_view`), and how well the corner squares then lie where
  they are printed: a board not flat, or tiles taped out of line, shows here;
- the frame's sharpness on the board's plane (:mod:`companion.table.hex_sharpness`):
  below :data:`~companion.table.hex_sharpness.BLURRED` no move is judged: focus;
- every piece read, its cell, the pieces not read or off the board, and the cells in
  glare (a lamp mirrored in a glossy print: :mod:`companion.table.hex_cover`), and the
  start's pieces taken there unseen (:mod:`companion.table.hex_start`): of a kind with
  two or more not seen, which lies on which of its cells is not known (:class:`InGlare`);
- the pieces seen on two cells (a copy of a token lies on the board), and those of
  H1's start not read whose start cell another piece read lies over (a paper token put
  down over its neighbour's edge hides the neighbour's code:
  :data:`~companion.table.hex_reader.OVER_MM`): with two or more of its kind not read,
  which of them lies there is not known, and none is named for it (:class:`Hidden`);
- how far the pieces' tops are seen off their cells when they stand up (the
  parallax the reader allows for, :mod:`companion.table.hex_parallax`): tall pieces
  under a slanted camera show here.

:func:`board_lines` says it in words with advice
(:mod:`companion.table.hex_calibration_words`), :meth:`BoardCheck.as_json` to a
script; :func:`~companion.table.hex_check_picture.draw_board` draws it on the frame.

    >>> from card_codes.hex_pictures import board_image
    >>> check = check_board(board_image(3.0))
    >>> check.found, check.corners_seen, len(check.pieces), round(check.px_per_mm[1], 1)
    (True, 6, 0, 3.0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain
from typing import Final, NamedTuple

import cv2
import numpy as np
import numpy.typing as npt

from card_codes.hex_board import CELL_CENTRES, PIECES, hexagon
from companion.games.hex import START, Position
from companion.games.json_types import JSON, JSONObject
from companion.table.hex_board import BoardReading, read_board
from companion.table.hex_calibration_words import (
    FLAT_MM,
    TALL_MM,
    board_advice,
    board_line,
    board_lines,
    lens_words,
    tops_words,
)
from companion.table.hex_cover import glare_cells
from companion.table.hex_reader import lying_over, piece_name
from companion.table.hex_sharpness import BLURRED
from companion.table.hex_start import glared_start, start_cells
from companion.table.hex_view import BoardView
from companion.table.hex_watch import PIECE_OF, position_of

Image = npt.NDArray[np.uint8]

#: The board's outer edge in board mm: the convex hull of every cell's corners.
_CORNERS: Final = np.array([hexagon(c) for c in CELL_CENTRES.values()], dtype=np.float32)
_HULL: Final = cv2.convexHull(_CORNERS.reshape(-1, 2)).reshape(-1, 2).astype(np.float64)


@dataclass(frozen=True)
class PieceSeen:
    """One piece read in the frame: its marker, name, cell (``None``: off the board)
    and its marker's corners in the picture."""

    marker: int
    cell: str | None
    corners: tuple[tuple[float, float], ...]

    @property
    def name(self) -> str:
        return piece_name(self.marker)


class Hidden(NamedTuple):
    """A piece of H1's start not read: its start cell, and the piece read lying over it
    (by name), whose token hides its code; ``one_of``: when two or more pieces of its
    kind are not read, they all (by name), for which of them lies there cannot be told
    (the camera reads a code or nothing: a kind's tokens are laid on its start cells
    in any order)."""

    cell: str
    under: str
    one_of: tuple[str, ...] = ()


class InGlare(NamedTuple):
    """A start cell in glare taken with a piece of a kind of which two or more are not
    seen: the cell, and those pieces (by name), for which of them lies there is not
    known (a kind's tokens are laid on its start cells in any order)."""

    cell: str
    one_of: tuple[str, ...]


@dataclass
class BoardCheck:
    """What one frame of the board shows (module docstring)."""

    size: tuple[int, int]
    #: The board's corner squares seen, by id (0-5): their corners in the picture.
    corner_quads: dict[int, tuple[tuple[float, float], ...]] = field(default_factory=dict)
    found: bool = False
    inside: bool = False
    px_per_mm: tuple[float, float] = (0.0, 0.0)
    #: How much the lens bends the picture's corners (percent, negative: barrel), and
    #: how far the corner squares then lie from their print (mm, root mean square).
    lens_percent: float = 0.0
    corner_fit: float = 0.0
    sharpness: float = 0.0
    pieces: list[PieceSeen] = field(default_factory=list)
    #: How far the pieces' tops are seen off their cells at most (mm; None: not known,
    #: too few pieces read), the cells in glare (no piece read on them), and the
    #: pieces of H1's start not seen, taken on their cells in it (name: cell); those of
    #: a kind with two or more not seen are not named but ``start_glare_one_of``, each
    #: cell with the pieces it may hold (:class:`InGlare`), in board order.
    tops_off: float | None = None
    glare: tuple[str, ...] = ()
    start_glare: dict[str, str] = field(default_factory=dict)
    start_glare_one_of: list[InGlare] = field(default_factory=list)
    #: The pieces seen on two cells or more (a copy of a token on the board), by name:
    #: the cells, in board order (such a piece has no cell), and the pieces of H1's
    #: start not read that another piece lies over (module docstring), by name; those
    #: of a kind with two or more pieces not read are not named but ``hidden_one_of``,
    #: each with the pieces it may be (:class:`Hidden`), in board order.
    twice: dict[str, tuple[str, ...]] = field(default_factory=dict)
    hidden: dict[str, Hidden] = field(default_factory=dict)
    hidden_one_of: list[Hidden] = field(default_factory=list)
    #: Where each piece seen twice is seen: one for each of its cells, in ``twice``'s
    #: order, and each cell of ``hidden`` and ``hidden_one_of``: its hexagon's corners
    #: (for the picture).
    copies: list[PieceSeen] = field(default_factory=list)
    hidden_cells: dict[str, tuple[tuple[float, float], ...]] = field(default_factory=dict)
    #: The corner squares seen twice (another board in sight), left out of the board's.
    doubled: tuple[int, ...] = ()
    outline: tuple[tuple[float, float], ...] = ()
    advice: list[str] = field(default_factory=list)

    @property
    def corners(self) -> tuple[int, ...]:
        """The ids of the corner squares seen, in order."""
        return tuple(sorted(self.corner_quads))

    @property
    def corners_seen(self) -> int:
        return len(self.corner_quads)

    @property
    def not_seen(self) -> list[str]:
        """The pieces not read in the frame, by name, in marker order (a piece seen on
        two cells is seen)."""
        seen = {piece.marker for piece in self.pieces}
        names = [piece_name(p.marker) for p in PIECES if p.marker not in seen]
        return [name for name in names if name not in self.twice]

    @property
    def off_board(self) -> list[str]:
        return [piece.name for piece in self.pieces if piece.cell is None]

    @property
    def shared(self) -> list[str]:
        """Cells two or more pieces are read on, in the order first met."""
        cells = [piece.cell for piece in self.pieces if piece.cell is not None]
        return list(dict.fromkeys(cell for cell in cells if cells.count(cell) > 1))

    @property
    def position(self) -> Position | None:
        """The position, when all 26 pieces are read on cells of their own."""
        return position_of({piece.marker: piece.cell for piece in self.pieces})

    def as_json(self) -> JSONObject:
        return {
            "frame": list(self.size),
            "board_found": self.found,
            "corner_squares": list(self.corners),
            "board_inside_frame": self.inside,
            "px_per_mm": {
                "smallest": round(self.px_per_mm[0], 2),
                "median": round(self.px_per_mm[1], 2),
            },
            "lens_bend_percent": round(self.lens_percent, 1),
            "corner_squares_fit_mm": round(self.corner_fit, 2),
            "sharpness": round(self.sharpness, 3),
            "judged_from": BLURRED,
            "pieces": {piece.name: piece.cell for piece in self.pieces},
            "piece_tops_off_cells_mm": None if self.tops_off is None else round(self.tops_off, 1),
            "not_seen": list[JSON](self.not_seen),
            "twice": {name: list[JSON](cells) for name, cells in self.twice.items()},
            "hidden": {
                name: {"cell": hidden.cell, "under": hidden.under}
                for name, hidden in self.hidden.items()
            },
            "hidden_one_of": [
                {"cell": hidden.cell, "under": hidden.under, "one_of": list[JSON](hidden.one_of)}
                for hidden in self.hidden_one_of
            ],
            "corner_squares_seen_twice": list[JSON](self.doubled),
            "glare_cells": list[JSON](self.glare),
            "start_position": self.position == START,
            "start_in_glare": dict[str, JSON](self.start_glare),
            "start_in_glare_one_of": [
                {"cell": glared.cell, "one_of": list[JSON](glared.one_of)}
                for glared in self.start_glare_one_of
            ],
            "advice": list[JSON](self.advice),
        }


def check_board(image: Image, reading: BoardReading | None = None) -> BoardCheck:
    """Check one BGR or greyscale frame of the board (module docstring), from its
    ``reading`` when it was read already (the daemon's board reader)."""
    height, width = image.shape[:2]
    reading = read_board(image) if reading is None else reading
    quads = {marker: _points(reading.quads[marker]) for marker in reading.fiducial_ids}
    check = BoardCheck((width, height), quads, doubled=reading.doubled)
    if reading.view is not None:
        view = reading.view
        check.found = True
        check.outline = tuple((float(x), float(y)) for x, y in view.to_picture(_HULL))
        xs = [x for x, _ in check.outline]
        ys = [y for _, y in check.outline]
        check.inside = min(xs) >= 0 and min(ys) >= 0 and max(xs) < width and max(ys) < height
        check.px_per_mm = _scales(view)
        check.lens_percent = view.bend.percent
        check.corner_fit = view.residual
        check.sharpness = reading.sharpness
        check.pieces = _pieces(reading)
        if reading.parallax is not None:
            check.tops_off = reading.parallax.most(view)
        read = {piece.cell for piece in check.pieces if piece.cell is not None}
        check.glare = glare_cells(image, view, read, reading.parallax)
        taken = glared_start(START, reading.pieces, reading, image, reading.parallax)
        check.start_glare, check.start_glare_one_of = _in_glare(taken)
        check.twice = {piece_name(marker): cells for marker, cells in reading.twice.items()}
        check.copies = [
            PieceSeen(marker, cell, _points(quad))
            for marker, cells in reading.twice.items()
            for cell, quad in zip(cells, reading.copies[marker], strict=True)
        ]
        hidden = _hidden(reading)
        check.hidden = {h.one_of[0]: Hidden(h.cell, h.under) for h in hidden if len(h.one_of) == 1}
        check.hidden_one_of = [hid for hid in hidden if len(hid.one_of) > 1]
        check.hidden_cells = {hid.cell: _cell_corners(view, hid.cell) for hid in hidden}
    check.advice = board_advice(check)
    return check


def _scales(view: BoardView) -> tuple[float, float]:
    """Pixels a board millimetre (the worse of the two directions) at the smallest
    cell and the median cell."""
    centres = np.array(list(CELL_CENTRES.values()), dtype=np.float64)
    steps = np.array([(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)])  # each centre, 1 mm right, down
    points = (centres[None] + steps[:, None]).reshape(-1, 2)
    mapped = view.to_picture(points).reshape(3, -1, 2)
    across = np.stack([mapped[1] - mapped[0], mapped[2] - mapped[0]], axis=2)
    scales = np.linalg.svd(across, compute_uv=False).min(axis=1)
    return float(scales.min()), float(np.median(scales))


def _pieces(reading: BoardReading) -> list[PieceSeen]:
    return [
        PieceSeen(marker, cell, _points(reading.quads[marker]))
        for marker, cell in sorted(reading.pieces.items())
    ]


def _hidden(reading: BoardReading) -> list[Hidden]:
    """The start cells of H1's pieces not read that a piece read lies over
    (:func:`~companion.table.hex_reader.lying_over`), in board order, each with the
    pieces not read of its kind (``one_of``: which of two or more lies there cannot
    be told). A kind with more start cells free than pieces not read is left out (no
    cell is known to be one)."""
    placed = {cell for cell in reading.pieces.values() if cell is not None}
    placed.update(chain.from_iterable(reading.twice.values()))
    unread = [m for m in PIECE_OF if m not in reading.pieces and m not in reading.twice]
    hidden: list[Hidden] = []
    for marker, cell in start_cells(START, placed, unread).items():
        over = lying_over(CELL_CENTRES[cell], reading.spots)
        if over is not None:
            kind = tuple(piece_name(m) for m in unread if PIECE_OF[m] is PIECE_OF[marker])
            hidden.append(Hidden(cell, piece_name(over), kind))
    return sorted(hidden, key=lambda hid: list(CELL_CENTRES).index(hid.cell))


def _in_glare(taken: dict[int, str]) -> tuple[dict[str, str], list[InGlare]]:
    """The start's pieces taken in glare (marker: cell): by name, those alone of their
    kind; each cell of the others with the pieces of its kind (module docstring), in
    board order."""
    kinds = {marker: tuple(m for m in taken if PIECE_OF[m] is PIECE_OF[marker]) for marker in taken}
    named = {piece_name(m): cell for m, cell in taken.items() if len(kinds[m]) == 1}
    one_of = [
        InGlare(cell, tuple(piece_name(m) for m in kinds[marker]))
        for marker, cell in taken.items()
        if len(kinds[marker]) > 1
    ]
    return named, sorted(one_of, key=lambda glared: list(CELL_CENTRES).index(glared.cell))


def _cell_corners(view: BoardView, cell: str) -> tuple[tuple[float, float], ...]:
    """The cell's hexagon in the picture (where a hidden piece lies)."""
    return _points(view.to_picture(np.array(hexagon(CELL_CENTRES[cell]), dtype=np.float64)))


def _points(quad: npt.NDArray[np.floating]) -> tuple[tuple[float, float], ...]:
    return tuple((float(x), float(y)) for x, y in quad)


__all__ = [  # the words are said by hex_calibration_words; its callers import them here
    "FLAT_MM",
    "TALL_MM",
    "BoardCheck",
    "Hidden",
    "Image",
    "InGlare",
    "PieceSeen",
    "board_advice",
    "board_line",
    "board_lines",
    "check_board",
    "lens_words",
    "tops_words",
]
