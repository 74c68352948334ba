"""Reading the printed hex board in one camera frame: where the board is, which piece is where.

The board carries six ArUco markers round the hexagon, each piece its own marker
(card_codes.hex_board: ids 0-5 and 10-35 of ``DICT_4X4_50``). :func:`read_board`
finds them all, works out the board's view (picture to board millimetres: the lens's
bend, then a homography; :mod:`companion.table.hex_view`) from every fiducial corner
seen (two of the six are enough, so hands and a tilted or turned board are fine), and
puts each piece on the cell whose centre is nearest its marker's centre; a piece
farther than ``OFF_CELL`` of a cell from every centre is off the board (set aside,
or held up in a hand). A piece read on a cell in the frame before stays on it within
``HOLD_MM`` (a piece on the line between two cells is not read on each in turn). A
code seen more than once (a copy: a second sheet of tokens printed) is the piece on
the one cell a copy lies on, the others off the board; a piece seen on two cells at
once has no cell in that frame (:attr:`BoardReading.twice`; its codes there:
:attr:`BoardReading.copies`); a corner square seen twice (another board in sight) is
left out of the view and of the markers found (:attr:`BoardReading.doubled`). A piece
standing up has its code seen off its cell, away from the camera: each code is put
back where its piece stands first, by the
:class:`~companion.table.hex_parallax.Parallax` the frame's codes fit (or, with too
few of them seen, the one found before). It also says how sharp the frame is on the
board's plane (:mod:`companion.table.hex_sharpness`): a frame smeared by motion blur
is :attr:`BoardReading.blurred`, and judged by nobody. The cells where a piece's code is
seen but not read (a square the detector could not decode, faded at a lamp
reflection's soft edge) are :attr:`BoardReading.faint` (:func:`faint_codes`).

    >>> from card_codes.hex_pictures import board_image
    >>> reading = read_board(board_image(3.0))
    >>> reading.fiducials, reading.pieces
    (6, {})

The reading of one frame says nothing about stillness or hidden pieces:
:mod:`companion.table.hex_watch` turns readings into positions.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import Final

import cv2
import numpy as np
import numpy.typing as npt

from card_codes.hex_board import CELL_CENTRES, CELL_MM, DICTIONARY_NAME, FIDUCIALS, fiducial_corners
from companion.table.hex_parallax import Parallax, fit_parallax
from companion.table.hex_sharpness import BLURRED, sharpness
from companion.table.hex_view import BoardView, board_view

#: A marker this far (in cells) from every cell centre is off the board.
OFF_CELL: Final = 0.6
#: A piece's code seen but not read (:func:`faint_codes`): its sides on the board's
#: plane (mm; the codes are 9 and 11 mm, their tops seen up to a tenth larger), the
#: longest at most this many times the shortest, its middle this near a cell's centre.
FAINT_SIDE_MM: Final = (8.0, 13.0)
FAINT_RATIO: Final = 1.3
FAINT_OFF_MM: Final = 3.0
#: A piece's code read is square on the board's plane (its sides within 1.06 of each
#: other on the synthetic boards, slanted, bent by a lens or standing up); one whose
#: longest side is more than this many times its shortest is a token cut by a hand's
#: edge, the strip left read as another piece's code (docs/hex-referee.md's "Piece
#: seen twice" said of a piece on its cell, the hand over a token beside another):
#: not read.
CODE_RATIO: Final = 1.5
#: A piece read on a cell in the frame before stays on it unless another cell's centre
#: is nearer by more than this (mm), or it lies this much beyond ``OFF_CELL``: a piece
#: put down on the line between two cells (or half off the board's edge) is read on
#: one of them in every frame, not on each in turn (the camera's noise moves its
#: code's middle by a fraction of a millimetre from frame to frame).
HOLD_MM: Final = 2.0
#: Fiducials needed for a homography: one marker's 4 corners would do, two are steadier.
MIN_FIDUCIALS: Final = 2
_FIDUCIAL_IDS: Final = frozenset(marker for marker, _, _ in FIDUCIALS)
_PIECE_IDS: Final = frozenset(range(10, 36))
_NAMES: Final = tuple(CELL_CENTRES)
_INDEX: Final = {name: index for index, name in enumerate(_NAMES)}
_CENTRES: Final = np.array([CELL_CENTRES[name] for name in _NAMES], dtype=np.float64)

Grey = npt.NDArray[np.uint8]


@dataclass(frozen=True)
class BoardReading:
    """One frame: the board's view (None without the board), each piece seen by marker
    id -> its cell name (None: off the board), where the board's centre and corners lie
    in the picture (for the board's stillness), how sharp the frame is on the board's
    plane (:mod:`companion.table.hex_sharpness`), and every marker found."""

    view: BoardView | None
    pieces: dict[int, str | None] = field(default_factory=dict)
    outline: tuple[tuple[float, float], ...] = ()
    sharpness: float = 1.0
    #: Every marker found (board and pieces), by id: its four corners in the picture
    #: (a piece read on a cell: its code there, not a copy's); a corner square seen
    #: twice is not (``doubled``).
    quads: dict[int, npt.NDArray[np.float32]] = field(default_factory=dict)
    #: How the pieces' codes were seen off their cells (None: not known yet).
    parallax: Parallax | None = None
    #: The cells a piece's code is seen on but not read (:func:`faint_codes`), in
    #: reading order.
    faint: tuple[str, ...] = ()
    #: The pieces whose code is seen on two cells or more (a copy of a token), by
    #: marker id: their cells, in reading order; such a piece is not in ``pieces``.
    twice: dict[int, tuple[str, ...]] = field(default_factory=dict)
    #: Where each piece read on a cell lies on the board (mm from its middle, where
    #: the piece stands), by marker id.
    spots: dict[int, tuple[float, float]] = field(default_factory=dict)
    #: The board's corner squares seen twice or more (another board, or a copy of one,
    #: in sight), by id: left out of the view, of ``quads`` and of the corners seen.
    doubled: tuple[int, ...] = ()
    #: The codes of each piece in ``twice``, by marker id: their four corners in the
    #: picture, one for each of its cells there, in that order.
    copies: dict[int, tuple[npt.NDArray[np.float32], ...]] = field(default_factory=dict)

    @property
    def fiducial_ids(self) -> list[int]:
        """The board's corner squares seen, in id order."""
        return sorted(marker for marker in self.quads if marker in _FIDUCIAL_IDS)

    @property
    def fiducials(self) -> int:
        """How many of the board's corner squares were seen."""
        return len(self.fiducial_ids)

    @property
    def found(self) -> bool:
        return self.view is not None

    @property
    def blurred(self) -> bool:
        """Too blurred to judge: the board found, its print smeared (motion blur)."""
        return self.found and self.sharpness < BLURRED


def detector() -> cv2.aruco.ArucoDetector:
    """The ArUco detector with the settings bench/hex_board.py measured: one adaptive
    threshold window (15 px, right for 30-60 px markers) instead of three."""
    params = cv2.aruco.DetectorParameters()
    params.adaptiveThreshWinSizeMin = 15
    params.adaptiveThreshWinSizeMax = 15
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, DICTIONARY_NAME))
    return cv2.aruco.ArucoDetector(dictionary, params)


@functools.cache
def _detector() -> cv2.aruco.ArucoDetector:
    return detector()


def _grey(frame: npt.NDArray[np.uint8]) -> Grey:
    if frame.ndim == 3:
        return np.asarray(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), dtype=np.uint8)
    return frame


def read_board(
    frame: npt.NDArray[np.uint8],
    before: BoardView | None = None,
    parallax: Parallax | None = None,
    held: Mapping[int, str | None] | None = None,
) -> BoardReading:
    """Read one BGR or greyscale frame (see the module docstring); ``before`` is the
    board's view on the frames before, with the lens's bend found then
    (:func:`~companion.table.hex_view.board_view`), ``parallax`` how standing pieces
    were seen then (:mod:`~companion.table.hex_parallax`), ``held`` the cell each
    piece was last read on (by marker), kept within :data:`HOLD_MM`."""
    grey = _grey(frame)
    corners, ids, rejected = _detector().detectMarkers(grey)
    if ids is None or len(ids) == 0:
        return BoardReading(None)
    detected = [
        (int(marker), np.asarray(quad, dtype=np.float32).reshape(4, 2))
        for marker, quad in zip(ids.ravel(), corners, strict=True)
    ]
    copies = Counter(marker for marker, _ in detected)
    # a corner square seen twice (a second board in sight) tells nothing of this one
    doubled = tuple(sorted(m for m in copies if m in _FIDUCIAL_IDS and copies[m] > 1))
    found = {marker: quad for marker, quad in detected if marker not in doubled}
    fiducials = sorted(m for m in found if m in _FIDUCIAL_IDS)
    if len(fiducials) < MIN_FIDUCIALS:
        return BoardReading(None, quads=found, doubled=doubled)
    picture = np.concatenate([found[m] for m in fiducials]).astype(np.float64)
    board = np.concatenate([fiducial_corners(m) for m in fiducials]).astype(np.float64)
    height, width = grey.shape[:2]
    view = board_view(picture, board, (width, height), before)
    if view is None:
        return BoardReading(None, quads=found, doubled=doubled)
    seen: dict[int, set[str | None]] = {}
    spots: dict[int, tuple[float, float]] = {}
    on_cell: dict[int, dict[str, npt.NDArray[np.float32]]] = {}
    codes = [(m, quad) for m, quad in detected if m in _PIECE_IDS and _square(view, quad)]
    if codes:
        middles = np.array([quad.mean(axis=0) for _, quad in codes], dtype=np.float64)
        tops = view.to_board(middles)
        parallax = fit_parallax(view, tops, parallax) or parallax
        on_board = tops if parallax is None else parallax.feet(view, tops)
        distances = np.linalg.norm(on_board[:, None, :] - _CENTRES[None, :, :], axis=2)
        nearest = distances.argmin(axis=1)
        at = zip(codes, nearest.tolist(), distances, on_board.tolist(), strict=True)
        for (marker, quad), near, row, (x, y) in at:
            kept = _INDEX.get((held or {}).get(marker) or "")
            index = kept if kept is not None and row[kept] <= row[near] + HOLD_MM else near
            off = OFF_CELL * CELL_MM + (HOLD_MM if index == kept else 0.0)
            cell = _NAMES[index] if row[index] <= off else None
            seen.setdefault(marker, set()).add(cell)
            if cell is not None:  # a copy off the board is not where the piece lies
                spots[marker] = (x, y)
                on_cell.setdefault(marker, {}).setdefault(cell, quad)
    pieces, twice = _one_cell_each(seen)
    spots = {marker: spots[marker] for marker, cell in pieces.items() if cell is not None}
    # a piece's code on its cell, not a copy beside it
    found.update({m: on_cell[m][cell] for m, cell in pieces.items() if cell is not None})
    codes_twice = {m: tuple(on_cell[m][cell] for cell in cells) for m, cells in twice.items()}
    sharp = sharpness(grey, view, fiducials)
    faint = faint_codes(rejected, view, parallax, [*pieces.values(), *chain(*twice.values())])
    outline = _outline(view)
    return BoardReading(
        view, pieces, outline, sharp, found, parallax, faint, twice, spots, doubled, codes_twice
    )


def _square(view: BoardView, quad: npt.NDArray[np.float32]) -> bool:
    """Whether a code's sides on the board's plane are nearly equal (:data:`CODE_RATIO`)."""
    corners = view.to_board(quad.astype(np.float64))
    sides = np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1)
    return bool(sides.max() <= CODE_RATIO * sides.min())


def _one_cell_each(
    seen: dict[int, set[str | None]],
) -> tuple[dict[int, str | None], dict[int, tuple[str, ...]]]:
    """Each piece's cell from the cells its code was seen on in one frame (None: off
    the board), and the pieces seen on two cells or more (a copy of its token), which
    have no cell in this frame. A copy off the board (a spare sheet of tokens lying
    beside it) leaves the piece on the cell it is seen on."""
    pieces: dict[int, str | None] = {}
    twice: dict[int, tuple[str, ...]] = {}
    for marker in sorted(seen):
        cells = sorted((cell for cell in seen[marker] if cell is not None), key=_INDEX.__getitem__)
        if len(cells) > 1:
            twice[marker] = tuple(cells)
        else:
            pieces[marker] = cells[0] if cells else None
    return pieces, twice


def faint_codes(
    rejected: Sequence[npt.ArrayLike],
    view: BoardView,
    parallax: Parallax | None,
    read: Iterable[str | None] = (),
) -> tuple[str, ...]:
    """The cells, none of ``read``, on which a piece's code is seen but not read: a
    square the detector found and could not decode (``rejected``), its sides
    :data:`FAINT_SIDE_MM` long on the board's plane, nearly equal, its middle within
    :data:`FAINT_OFF_MM` of the cell's centre where the pieces stand. A code at a lamp
    reflection's soft edge, its contrast faded, is seen so (bench/hex_glare.py part
    3); on the synthetic boards without glare, no such square lay on a cell: the
    detector's other squares there are the print's names and lines (2-8 mm, uneven),
    a read piece's token (15 mm), a hand's edge (uneven) (part 4)."""
    if not len(rejected):
        return ()
    quads = np.concatenate([np.asarray(q, np.float64).reshape(4, 2) for q in rejected])
    corners = view.to_board(quads).reshape(-1, 4, 2)
    sides = np.linalg.norm(corners - np.roll(corners, 1, axis=1), axis=2)
    low, high = FAINT_SIDE_MM
    square = (sides.min(axis=1) >= low) & (sides.max(axis=1) <= high)
    square &= sides.max(axis=1) <= FAINT_RATIO * sides.min(axis=1)
    tops = view.to_board(quads.reshape(-1, 4, 2).mean(axis=1))
    feet = tops if parallax is None else parallax.feet(view, tops)
    distances = np.linalg.norm(feet[:, None, :] - _CENTRES[None, :, :], axis=2)
    nearest = distances.argmin(axis=1)
    near = distances[np.arange(len(nearest)), nearest] <= FAINT_OFF_MM
    cells = {_NAMES[i] for i in nearest[square & near].tolist()} - set(read)
    return tuple(name for name in _NAMES if name in cells)


def _outline(view: BoardView) -> tuple[tuple[float, float], ...]:
    """The board's centre and three far cells (a1, f11, k6) in the picture."""
    points = np.array([(0.0, 0.0), CELL_CENTRES["a1"], CELL_CENTRES["f11"], CELL_CENTRES["k6"]])
    return tuple((float(x), float(y)) for x, y in view.to_picture(points))
