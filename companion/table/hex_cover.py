"""What covers a hex cell whose piece the camera does not see: nothing, something small, a
hand, or glare.

A piece the camera stops seeing on the board is gone (knocked off, taken away), or
on its cell with its code turned away or under something small, or under a hand, an
arm or a sleeve resting on the board, or in a lamp's glare. The first two are
missing pieces (:mod:`companion.table.hex_reader` says them after a while); a piece
under a hand is only hidden, and one in glare only unreadable: each keeps its cell.

:func:`look` tells them apart in one frame, at the piece's last cell. The board's
view (from its fiducials, :mod:`companion.table.hex_view`) maps
the cell and its neighbours out of the picture onto the board's own plane, where the
print is known (:func:`card_codes.hex_pictures.board_image`: each cell's outline and
name on white paper), and each of those cells is compared with its print by
correlation (:data:`PRINT_MATCH`) once the ways the light may change over a cell are
taken out of both: its strength, a slope (a lamp to one side) and a bend along the
picture's rows (the bands a rolling shutter films under a lamp flickering with the
mains, 3-6 over the picture's height: across one cell, a slope and a bend):

- the cell matches its print: it is **empty** (:attr:`Cover.EMPTY`);
- it does not, and fewer than :data:`HAND_CELLS` of its neighbours are covered (a
  neighbour is covered when no piece is read on it and it does not match its print
  either): **covered**, that cell alone (:attr:`Cover.COVERED`);
- it does not, and :data:`HAND_CELLS` or more neighbours are covered: a blob over
  several cells, **hidden** under a hand (:attr:`Cover.HIDDEN`);
- but first, a cell that does not match its print and is white all over, its print
  and whatever lies on it lost, is in **glare** (:attr:`Cover.GLARE`), whatever its
  neighbours are: the piece may well be there.

Glare is a lamp mirrored in a glossy print, a laminated sheet or glossy stickers: a
patch of the picture a few centimetres across, white at its heart and fading at its
edge, that stays where it is in the picture while the board is turned or nudged
under it. Under its heart nothing is left of the print or of a piece's code: the
pieces there are not read (bench/hex_glare.py), and their cells, matching nothing,
were taken for a hand, for something small (said missing), or for empty cells, the
grain alone matching the print by chance. So a cell with less detail left than
:data:`MIN_DETAIL` matches nothing, unless what is left is its print, faint
(:data:`FAINT_MATCH`: a bare cell under a reflection that leaves a tenth of the
contrast), and a cell is in glare when it matches its print
little or not at all (:data:`GLARE_MATCH`), every pixel of it is nearly as white as
the sensor gives (the median at :data:`WHITE` or more, the darkest tenth at
:data:`FLOOR`: a black piece's code left a tenth of its contrast, or none), and one
of its neighbours with no piece read is so too (a reflection is wider than a cell;
an empty cell where the paper curls may match its print that little, alone). A cell
is in glare alone, whatever it matches, when it is white all over and so is its
outline along its whole length (the darkest fiftieth of a band 2 mm wide along it at
:data:`WHITE` or more): the heart of a reflection 4 cm across, over one cell. A piece
turned code down (22 mm on a 24 mm cell) never covers its cell's whole outline,
whatever the light; an empty cell's outline, however pale in the picture (thin lines
at 1920x1080, a curled sheet, a slanted camera), kept its darkest fiftieth at 221 or
less on the synthetic boards without glare, and a reflection's heart left 242 or
more (bench/hex_glare.py parts 4 and 7). Paper
exposed for is as white but keeps its lines and name (it matches its print); a
hand, an arm across the cell or a dark piece's back is darker; a white piece's back,
code down, in a light so bright that the paper is white too, is the one thing taken
for glare. :func:`glare_cells` names the cells in glare for the camera check
(``companion calibrate --board``), which asks for the lamp to be moved or a matte print.

Measured on the synthetic board videos (bench/hex_cover.py, at 1280x720 and at
1920x1080 with the camera tilted, under a dim light with a gradient, a bright one,
more sensor noise, motion blur, and a lamp flickering in bands 30% brighter and
darker): an empty cell matches its print at 0.71 or more (0.83 in the plain, dim and
noisy light); a hand at -0.10 or less, a piece turned code down at 0.19 or less, but
for a white piece's back in a bright or flickering light, as flat and white as the
paper (0.83: empty, which is missing too). Compared as they are, without the light
taken out (the bench's ``--plain``), one cell in five was told wrong under the
flickering lamp, two in five with 6 bands. A hand resting on a piece covers 3
neighbours or more (all of them at the board's edge); a piece turned code down none,
but in a frame of motion blur, where its neighbours' codes are not read either (2):
the reader therefore wants two looks in a row before it calls a piece hidden, and a
frame too blurred to judge (:mod:`companion.table.hex_sharpness`, as that 7 px smear
is) gets no look at all. A look warps one small square (the cell and its neighbours
at 1.5 px a mm, 114 px square) and costs about 0.15 ms of CPU at 1920x1080; the
print of the last 32 neighbourhoods looked at is kept (about 200 kB each).

    >>> from card_codes.hex_pictures import board_image
    >>> import numpy as np
    >>> page = board_image(3.0)
    >>> view = BoardView(np.array([[1 / 3, 0, -210], [0, 1 / 3, -148.5], [0, 0, 1]]))
    >>> look(page, view, "f6", read=()).cover
    <Cover.EMPTY: 'empty'>
"""

from __future__ import annotations

import functools
import math
from collections.abc import Collection
from dataclasses import dataclass
from enum import Enum
from typing import Final

import cv2
import numpy as np
import numpy.typing as npt

from card_codes.hex_board import CELL_CENTRES, CELL_MM, hexagon
from card_codes.hex_pictures import board_image
from companion.games.hex import Cell
from companion.table.hex_parallax import Parallax
from companion.table.hex_view import BoardView, around

#: A cell matches its print when the correlation reaches this (empty: 0.75 or more).
PRINT_MATCH: Final = 0.5
#: A piece is hidden when this many of its cell's neighbours are covered too.
HAND_CELLS: Final = 2
#: A cell with less detail than this left once the light is taken out (grey levels,
#: root mean square) matches nothing: an empty cell keeps 6 or more of its print's
#: lines and name in any light measured, a cell washed out by glare 0.3-0.7
#: (bench/hex_glare.py), where the grain alone could match the print by chance.
MIN_DETAIL: Final = 2.0
#: But a cell with this much detail left (0.9 strength: a tenth of the contrast) that
#: matches its print this well shows its print through the glare: a bare cell's lines
#: and name, faint (0.80-0.81 for a bare start cell under a reflection 8 cm across at
#: 0.9); a piece's cell in glare with as little detail, its code washed out, matched
#: 0.35 at most (bench/hex_glare.py part 5). A reflection that leaves no contrast
#: (strength 1) leaves less detail than this: a bare cell there is glare still.
FAINT_DETAIL: Final = 1.0
FAINT_MATCH: Final = 0.75
#: Nearly the sensor's white (grey levels): a cell's median in glare. A black piece's
#: code left a tenth of its contrast by a lamp's reflection (not read) is 235-245.
WHITE: Final = 235
#: A cell's darkest tenth in glare (a hand, a dark back or a code is darker).
FLOOR: Final = 210
#: A cell in glare matches its print this little or less (nothing left: 0; a code
#: faint in it: below 0); an empty cell 0.5 or more, but where the paper curls: one
#: in a hundred 0.05-0.1 (bench/hex_glare.py).
GLARE_MATCH: Final = 0.1
#: The board's plane is looked at with this many pixels a millimetre (enough for the
#: print's outlines and names, and cheap), both sides smoothed alike (``_SMOOTH`` px).
_PX_PER_MM: Final = 1.5
_SMOOTH: Final = 1.0
#: The band along a cell's outline looked at for glare, in pixels of the square (2 mm).
_RING_PX: Final = 3
#: Half the side of the square looked at: a cell, its neighbours and their far edges.
_REACH_MM: Final = CELL_MM + CELL_MM / math.sqrt(3)
_SIDE: Final = round(2 * _REACH_MM * _PX_PER_MM)
#: Where pieces' tops are seen is rounded to this (mm), and the picture's rows'
#: direction on the board to this (degrees), so that prints are kept.
_STEP_MM: Final = 1.0
_DOWN_STEP: Final = 10

Grey = npt.NDArray[np.float32]


class Cover(Enum):
    """What is over a cell whose piece is not seen (module docstring)."""

    EMPTY = "empty"
    COVERED = "covered"
    HIDDEN = "hidden"
    GLARE = "glare"


@dataclass(frozen=True)
class Look:
    """One look at ``cell``: its cover, how well it matched its print (-1 to 1), and
    its neighbours found covered, in reading order (for the log)."""

    cell: str
    cover: Cover
    match: float
    covered: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Print:
    """A cell's neighbourhood as printed, cell after cell (the cell, then its
    neighbours): each one's pixels in the square (``runs``), the light's shapes over
    it (``lights``: orthonormal columns, :func:`_light_shapes`) and its print there
    with those taken out, scaled to unit length (``prints``)."""

    names: tuple[str, ...]
    runs: tuple[npt.NDArray[np.int32], ...]
    lights: tuple[Grey, ...]
    prints: tuple[Grey, ...]
    #: The pixels along the cell's own outline (:data:`_RING_PX` wide).
    ring: npt.NDArray[np.int32]


def look(
    frame: npt.NDArray[np.uint8],
    view: BoardView,
    cell: str,
    read: Collection[str],
    parallax: Parallax | None = None,
) -> Look:
    """Look at ``cell`` in ``frame`` (BGR or grey) through ``view`` (picture to board
    mm); ``read`` are the cells a piece is read on in this frame. With ``parallax``
    (pieces that stand up), each cell is looked at where the top of a piece standing
    on it is seen (:mod:`~companion.table.hex_parallax`), so a neighbour's top is not
    taken for something over the cell."""
    shift = _shift(view, cell, parallax)
    printed = _print(cell, shift, _down(view, cell, shift))
    patch = _patch(frame, view, cell, shift).ravel()
    matches = _correlations(patch, printed)
    own = matches[0]
    if own >= PRINT_MATCH:
        return Look(cell, Cover.EMPTY, own)
    if _glare(patch, printed, matches, read):
        return Look(cell, Cover.GLARE, own)
    covered = tuple(
        name
        for name, match in zip(printed.names[1:], matches[1:], strict=True)
        if name not in read and match < PRINT_MATCH
    )
    cover = Cover.HIDDEN if len(covered) >= HAND_CELLS else Cover.COVERED
    return Look(cell, cover, own, covered)


def glare_cells(
    frame: npt.NDArray[np.uint8],
    view: BoardView,
    read: Collection[str],
    parallax: Parallax | None = None,
) -> tuple[str, ...]:
    """The cells no piece is read on that are in glare, in reading order (the camera
    check's): each one white all over is looked at."""
    found = []
    for cell in CELL_CENTRES:
        if cell in read:
            continue
        patch = _patch(frame, view, cell, _shift(view, cell, parallax)).ravel()
        if _white(patch[_own_run()]) and look(frame, view, cell, read, parallax).cover is (
            Cover.GLARE
        ):
            found.append(cell)
    return tuple(found)


def _glare(patch: Grey, printed: _Print, matches: list[float], read: Collection[str]) -> bool:
    """The cell looked at, and one of its neighbours with no piece read on it, white
    all over and not their print; or the cell white all over, its outline too: glare
    (module docstring)."""
    white = [
        match <= GLARE_MATCH and name not in read and _white(patch[run])
        for name, run, match in zip(printed.names, printed.runs, matches, strict=True)
    ]
    if white[0] and any(white[1:]):
        return True
    ring = patch[printed.ring]
    return _white(patch[printed.runs[0]]) and float(np.percentile(ring, 2)) >= WHITE


def _white(values: Grey) -> bool:
    """Every part of a cell nearly white (module docstring)."""
    return float(np.median(values)) >= WHITE and float(np.percentile(values, 10)) >= FLOOR


def _correlations(patch: Grey, printed: _Print) -> list[float]:
    """Each cell's correlation with its print, the light's shapes taken out of both
    (0 where less than :data:`MIN_DETAIL` is left of the patch)."""
    matches = []
    for run, light, paper in zip(printed.runs, printed.lights, printed.prints, strict=True):
        values = patch[run]
        rest = values - light @ (light.T @ values)
        length = float(np.sqrt(rest @ rest))
        flat = length < MIN_DETAIL * math.sqrt(len(run))
        match = float(rest @ paper) / length if length > 0 else 0.0
        faint = length >= FAINT_DETAIL * math.sqrt(len(run)) and match >= FAINT_MATCH
        matches.append(0.0 if flat and not faint else match)
    return matches


def _light_shapes(run: npt.NDArray[np.intp], down: int) -> Grey:
    """The ways the light may change over a cell whose pixels in the square are ``run``,
    as orthonormal columns: even, along x and y (a lamp to one side), and curved along
    the picture's rows, ``down`` degrees from the square's y axis. A lamp flickering
    with the mains, filmed by a rolling shutter, lights the picture in bands along its
    rows, 3-6 over its height: across one 24 mm cell, a slope and a bend."""
    rows, cols = np.divmod(run, _SIDE)
    x = (cols - cols.mean()) / _SIDE
    y = (rows - rows.mean()) / _SIDE
    across = x * math.sin(math.radians(down)) + y * math.cos(math.radians(down))
    shapes = np.stack([np.ones_like(x), x, y, across * across], axis=1)
    light, _ = np.linalg.qr(shapes)
    return np.asarray(light, dtype=np.float32)


def _down(view: BoardView, cell: str, shift: tuple[float, float]) -> int:
    """The direction of the picture's rows' order (its "down") on the board at ``cell``:
    degrees from the board's y axis towards its x axis, to :data:`_DOWN_STEP`."""
    x, y = CELL_CENTRES[cell]
    centre = view.to_picture(np.array([[x + shift[0], y + shift[1]]]))
    below = view.to_board(centre + np.array([[0.0, 10.0]])) - np.array(
        [[x + shift[0], y + shift[1]]]
    )
    degrees = math.degrees(math.atan2(float(below[0, 0]), float(below[0, 1])))
    return round(degrees / _DOWN_STEP) * _DOWN_STEP % 360


def _shift(view: BoardView, cell: str, parallax: Parallax | None) -> tuple[float, float]:
    """How far from ``cell`` the top of a piece on it is seen (mm, to :data:`_STEP_MM`)."""
    if parallax is None or parallax.scale == 1.0:
        return (0.0, 0.0)
    centre = np.array([CELL_CENTRES[cell]], dtype=np.float64)
    top = centre * parallax.scale + parallax.shift(view)
    dx, dy = ((top - centre)[0] / _STEP_MM).round() * _STEP_MM
    return (float(dx), float(dy))


def _to_square(cell: str, shift: tuple[float, float]) -> npt.NDArray[np.float64]:
    """Board mm to the pixels of the square looked at around ``cell`` moved by ``shift``."""
    x, y = CELL_CENTRES[cell]
    x, y = x + shift[0], y + shift[1]
    scale, left, top = _PX_PER_MM, x - _REACH_MM, y - _REACH_MM
    return np.array([[scale, 0, -left * scale], [0, scale, -top * scale], [0, 0, 1]])


def _patch(
    frame: npt.NDArray[np.uint8], view: BoardView, cell: str, shift: tuple[float, float]
) -> Grey:
    """The square around ``cell`` (moved by ``shift``) out of ``frame``, on the board's
    plane, grey, smoothed."""
    x, y = CELL_CENTRES[cell]
    matrix = _to_square(cell, shift) @ view.near(around((x + shift[0], y + shift[1]), _REACH_MM))
    square = cv2.warpPerspective(frame, matrix, (_SIDE, _SIDE), flags=cv2.INTER_NEAREST)
    if square.ndim == 3:
        square = cv2.cvtColor(square, cv2.COLOR_BGR2GRAY)
    smooth = cv2.GaussianBlur(square.astype(np.float32), (0, 0), _SMOOTH)
    return np.asarray(smooth, dtype=np.float32)


@functools.cache
def _own_run() -> npt.NDArray[np.intp]:
    """The pixels of the cell in the middle of the square looked at (the same for
    every cell)."""
    corners = np.array([[*corner, 1.0] for corner in hexagon((0.0, 0.0))])
    points = (_to_square("f6", (-CELL_CENTRES["f6"][0], -CELL_CENTRES["f6"][1])) @ corners.T).T
    mask = np.zeros((_SIDE, _SIDE), np.uint8)
    cv2.fillPoly(mask, [np.round(points[:, :2]).astype(np.int32)], 1)
    return np.flatnonzero(mask)


@functools.cache
def _page() -> Grey:
    """The board's print at ``_PX_PER_MM``, smoothed as the patches are."""
    page = board_image(_PX_PER_MM, names=True).astype(np.float32)
    return np.asarray(cv2.GaussianBlur(page, (0, 0), _SMOOTH), dtype=np.float32)


@functools.lru_cache(maxsize=32)
def _print(cell: str, shift: tuple[float, float] = (0.0, 0.0), down: int = 0) -> _Print:
    """``cell``'s neighbourhood as printed, each cell moved by ``shift`` (mm): where the
    pieces' tops are seen (kept for the last 32 cells looked at)."""
    page = _page()
    height, width = page.shape
    to_page = np.array([[1, 0, width / 2], [0, 1, height / 2], [0, 0, 1]]) @ np.diag(
        [_PX_PER_MM, _PX_PER_MM, 1.0]
    )
    to_square = _to_square(cell, shift)
    matrix = to_square @ np.linalg.inv(to_page)
    square = cv2.warpPerspective(page, matrix, (_SIDE, _SIDE), flags=cv2.INTER_LINEAR).ravel()
    names = (cell, *(near.name for near in Cell.parse(cell).neighbours()))
    runs, lights, prints, ring = [], [], [], np.zeros(0, np.int32)
    for name in names:
        x, y = CELL_CENTRES[name]
        corners = np.array([[*corner, 1.0] for corner in hexagon((x + shift[0], y + shift[1]))])
        points = (to_square @ corners.T).T[:, :2]
        mask = np.zeros((_SIDE, _SIDE), np.uint8)
        cv2.fillPoly(mask, [np.round(points).astype(np.int32)], 1)
        inside = np.flatnonzero(mask)
        if name == cell:
            mask[:] = 0
            cv2.polylines(mask, [np.round(points).astype(np.int32)], True, 1, _RING_PX)
            ring = np.flatnonzero(mask).astype(np.int32)
        light = _light_shapes(inside, down)
        values = square[inside]
        values = values - light @ (light.T @ values)
        runs.append(inside.astype(np.int32))
        lights.append(light)
        prints.append(np.asarray(values / np.linalg.norm(values), dtype=np.float32))
    return _Print(names, tuple(runs), tuple(lights), tuple(prints), ring)
