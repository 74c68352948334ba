"""Where a lamp's reflection lies on the hex board: the cells under its white heart.

A lamp mirrored in a glossy print (:mod:`companion.table.hex_cover`) leaves a patch
of the picture white all over, a few centimetres across, where nothing of the print
or of a piece's code is left. A piece put down there is not read at all, so the
reader sees only its old cell empty, and would tell the players to put it back on
its cell, code up, where the lamp is to blame (issue 24).
:func:`lamp_cells` finds the patch for that message, over the whole board at once:
a part of the board's field nearly white (:data:`WHITE`) that holds a disc
:data:`SPOT_MM` across, wider than a cell, and the cells it reaches (their centres
within half a cell of such a disc). Nothing on the board leaves so wide a white: the
cells' outlines are black, a token is narrower than a cell and its code dark; paper
in a bright light is as white, and a cell's grey name may wash out in it, but the
outlines stay. The paper round the field is left out. A reflection whose white heart
is narrower than that disc (4 cm across, at strength 1) is found by the cell it
whitens to its outline: a cell whose middle (:data:`MIDDLE_MM`) is white and whose
printed outline is white all round (:func:`_outlined`, the test
:mod:`companion.table.hex_cover` makes of one cell), which neither an empty cell's
black outline nor a piece (22 mm on a 24 mm cell) ever is, in any light measured
(:func:`outline_level`, the outline's darkest fiftieth: 208 at most on 36 boards
without glare, 212 round a white piece code down in a light 1.4 times too bright, 242
or more under that reflection's heart). :func:`~companion.table.hex_cover.glare_cells` (the camera
check's) looks at every cell against its print instead, about 60 ms a frame; this
2.5-4 ms of CPU at 1920x1080, the picture looked at around the board only, at about one
pixel a millimetre (a block of pixels white only if all of them are), and only while
a piece is missing (bench/hex_glare.py part 6).

    >>> import numpy as np
    >>> from card_codes.hex_pictures import board_image
    >>> page = board_image(3.0)
    >>> view = BoardView(np.array([[1 / 3, 0, -210], [0, 1 / 3, -148.5], [0, 0, 1]]))
    >>> lamp_cells(page, view)
    ()
    >>> page[360:560, 540:740] = 255  # 67 mm of white over f6
    >>> "f6" in lamp_cells(page, view)
    True
"""

from __future__ import annotations

from typing import Final

import cv2
import numpy as np
import numpy.typing as npt

from card_codes.hex_board import CELL_CENTRES, CELL_MM, hexagon
from companion.table.hex_view import BoardView

#: Nearly the sensor's white (grey levels), as :data:`companion.table.hex_cover.WHITE`.
WHITE: Final = 235
#: The white patch must hold a disc this wide (mm): wider than a cell (24 mm across its
#: flats), so that it crosses a cell's outline. A cell's name may wash out in a bright
#: light (the print's names are grey), leaving its inside blank, but its outline is
#: black; a token (22 mm) is narrower (bench/hex_glare.py part 6).
SPOT_MM: Final = 27.0
#: A cell's middle this wide (mm) white all over, its printed name washed out, and its
#: outline is looked at (:func:`_outlined`).
MIDDLE_MM: Final = 12.0
_CENTRES: Final = np.array(list(CELL_CENTRES.values()), dtype=np.float64)


def _ring(centre: tuple[float, float]) -> npt.NDArray[np.float64]:
    """Points along the printed outline of the cell at ``centre`` (mm), and 0.5 mm to
    either side of it, 12 a side."""
    points = []
    for across in (CELL_MM - 1.0, CELL_MM, CELL_MM + 1.0):
        corners = np.array(hexagon(centre, across), dtype=np.float64)
        ends = np.roll(corners, -1, axis=0)
        for t in np.linspace(0.0, 1.0, 12, endpoint=False):
            points.append(corners + (ends - corners) * t)
    return np.concatenate(points)


#: Each cell's printed outline (:func:`_ring`), in reading order.
_RINGS: Final = tuple(_ring(centre) for centre in CELL_CENTRES.values())
#: A point and the 8 pixels round it, averaged as the cover's look smooths (3 px).
_AROUND: Final = np.array([(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)])
_NAMES: Final = tuple(CELL_CENTRES)
#: The board's field (the 91 cells), as the hull of their corners (mm).
_FIELD: Final = np.array(
    cv2.convexHull(
        np.array([hexagon(centre) for centre in CELL_CENTRES.values()], np.float32).reshape(-1, 2)
    ).reshape(-1, 2),
    dtype=np.float64,
)


def lamp_cells(frame: npt.NDArray[np.uint8], view: BoardView) -> tuple[str, ...]:
    """The cells under a lamp's white reflection in ``frame`` (BGR or grey), the board
    seen through ``view``, in reading order (module docstring)."""
    centres = view.to_picture(_CENTRES)
    px_per_mm = _px_per_mm(centres)
    height, width = frame.shape[:2]
    margin = CELL_MM * px_per_mm
    left, top = np.floor(centres.min(axis=0) - margin).astype(int)
    right, bottom = np.ceil(centres.max(axis=0) + margin).astype(int)
    left, top = max(0, int(left)), max(0, int(top))
    right, bottom = min(width, int(right)), min(height, int(bottom))
    if right - left < 2 or bottom - top < 2:
        return ()
    crop = frame[top:bottom, left:right]
    grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY) if crop.ndim == 3 else crop
    white = np.where(grey >= WHITE, np.uint8(255), np.uint8(0)).astype(np.uint8)
    field = np.zeros_like(white)  # the cells only: the paper round them is blank
    cv2.fillConvexPoly(field, np.round(view.to_picture(_FIELD) - (left, top)).astype(np.int32), 255)
    white &= field
    step = max(1, int(px_per_mm))  # about a millimetre a pixel
    size = (max(1, white.shape[1] // step), max(1, white.shape[0] // step))
    small = cv2.resize(white, size, interpolation=cv2.INTER_AREA) == 255
    hearts = cv2.erode(small.astype(np.uint8), _disc(SPOT_MM / 2 * px_per_mm / step))
    ys, xs = np.nonzero(hearts)
    at = (centres - (left, top)) / step
    middles = cv2.erode(small.astype(np.uint8), _disc(MIDDLE_MM / 2 * px_per_mm / step))
    near = _outlined(grey, view, (left, top), middles.astype(bool), at)
    if len(xs):
        reach = (SPOT_MM + CELL_MM) / 2 * px_per_mm / step
        near |= np.hypot(at[:, :1] - xs[None, :], at[:, 1:] - ys[None, :]).min(axis=1) <= reach
    return tuple(name for name, hit in zip(_NAMES, near, strict=True) if hit)


def _outlined(
    grey: npt.NDArray[np.generic],
    view: BoardView,
    corner: tuple[int, int],
    middles: npt.NDArray[np.bool_],
    at: npt.NDArray[np.float64],
) -> npt.NDArray[np.bool_]:
    """Each cell whose middle is white (``middles``, the cells' centres ``at`` on it) and
    whose printed outline is white all round, its darkest fiftieth (3 px averaged) at
    :data:`WHITE` or more: a reflection's heart narrower than :data:`SPOT_MM` over one
    cell (``grey``: the picture cropped at ``corner``; module docstring)."""
    found = np.zeros(len(_NAMES), dtype=bool)
    rows = np.clip(np.round(at[:, 1]).astype(int), 0, middles.shape[0] - 1)
    cols = np.clip(np.round(at[:, 0]).astype(int), 0, middles.shape[1] - 1)
    for index in np.flatnonzero(middles[rows, cols]).tolist():
        found[index] = _level(grey, view, corner, index) >= WHITE
    return found


def outline_level(frame: npt.NDArray[np.uint8], view: BoardView, cell: str) -> float:
    """How white ``cell``'s printed outline is in ``frame`` (BGR or grey): its darkest
    fiftieth, 3 px averaged (grey levels; :data:`WHITE` or more: a reflection's heart)."""
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    return _level(grey, view, (0, 0), _NAMES.index(cell))


def _level(
    grey: npt.NDArray[np.generic], view: BoardView, corner: tuple[int, int], index: int
) -> float:
    """The darkest fiftieth of the outline of the cell ``index`` (reading order) in
    ``grey``, the picture cropped at ``corner``, each point 3 px averaged."""
    height, width = grey.shape[:2]
    points = np.round(view.to_picture(_RINGS[index]) - corner).astype(int)
    xs = np.clip(points[:, 0:1] + _AROUND[None, :, 0], 0, width - 1)
    ys = np.clip(points[:, 1:2] + _AROUND[None, :, 1], 0, height - 1)
    return float(np.percentile(grey[ys, xs].astype(np.float32).mean(axis=1), 2))


def _disc(radius: float) -> npt.NDArray[np.uint8]:
    """A disc ``radius`` pixels across its half, as a morphology kernel."""
    side = 2 * max(1, round(radius)) + 1
    return np.asarray(cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side)), dtype=np.uint8)


def _px_per_mm(centres: npt.NDArray[np.float64]) -> float:
    """The board's median scale in the picture: the cells' centres' spread against the
    board's."""
    spread = float(np.linalg.norm(centres - centres.mean(axis=0), axis=1).mean())
    board = float(np.linalg.norm(_CENTRES - _CENTRES.mean(axis=0), axis=1).mean())
    return spread / board


__all__ = ["MIDDLE_MM", "SPOT_MM", "WHITE", "lamp_cells", "outline_level"]
