"""Photos of the printed hex sheets: the board's PDF pages with pieces cut out of the pieces' page.

:mod:`companion.synthetic.hex_scene` draws the board from :mod:`card_codes.hex_pictures`;
this lays out the sheets as printed instead (issue 24: the thing printed is the thing
read). The caller renders the PDF pages of :mod:`card_codes.hex_sheet` (pypdfium2, in the
tests and bench/hex_tiles.py) to greyscale arrays at ``scale`` pixels a mm; then:

- :func:`a3_sheet`: the one A3 page; :func:`taped_sheet`: the four A4 tiles cut along
  their dashed lines and laid by the crosses, each :class:`Taping` as far off as a hand
  taped it (the left tiles over the right ones, the top over the bottom);
- :func:`cut_pieces`: the 26 tokens cut out of the pieces' page, or the stickers stuck
  on plain round pieces (:data:`PIECE_MM` across, dark for Black, light for White);
- :meth:`Sheet.lay`: the pieces on their cells as printed, each :class:`Placed` a little
  off the cell's centre and turned as a hand leaves it (:func:`by_hand`);
- :func:`photograph`: the sheet on a wooden table seen by a :class:`Camera` (the board
  turned in the picture, the camera tilted, a little soft, with sensor noise).

Everything is in millimetres on the board as :mod:`card_codes.hex_board` lays it out
(x right, y down from the middle of ``f6``). What a person taping the tiles sees is how
far apart the halves of the eight crosses lie (:func:`cross_gaps`):

    >>> max(cross_gaps([Taping(dx=2.0), Taping(), Taping(), Taping()]))
    2.0
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from card_codes.hex_board import (
    BOARD_PAGE_MM,
    CELL_CENTRES,
    PIECES,
    STICKER_MM,
    TOKEN_MM,
    hexagon,
)
from card_codes.hex_pictures import DARK, LIGHT
from card_codes.hex_sheet import Box, Tile, piece_centres, tiles
from companion.games.hex import START
from companion.synthetic.hex_scene import markers_of
from companion.synthetic.optics import noise_pair, paste_rotated, tilt_homography, under_light
from companion.synthetic.sprites import table_cloth

Image = npt.NDArray[np.uint8]
Matrix = npt.NDArray[np.float64]
#: A real piece's flat top under its sticker, in mm (the docs ask for 18 mm or more).
PIECE_MM = 20.0
#: Paper round the board on the table canvas (the tiles' margins and their shifts), in mm.
MARGIN_MM = 60.0
#: The paper's shade (B, G, R): a little warm, as printer paper under room light.
PAPER = np.array([1.0, 0.99, 0.96])


@dataclass(frozen=True)
class Placed:
    """A piece (marker id) put on ``cell``, ``dx``/``dy`` mm off its centre, turned ``angle``."""

    marker: int
    cell: str
    dx: float = 0.0
    dy: float = 0.0
    angle: float = 0.0


@dataclass(frozen=True)
class Taping:
    """How far off its place a tile was taped: shifted ``dx``/``dy`` mm, turned ``angle``
    degrees about the middle of its quarter of the board."""

    dx: float = 0.0
    dy: float = 0.0
    angle: float = 0.0


@dataclass(frozen=True)
class Camera:
    """The camera over the table: its picture ``size``, ``px_per_mm`` at the board's centre,
    the board turned ``turned`` degrees in the picture and its centre ``offset`` px from the
    picture's, the camera tilted (forward, sideways degrees), ``softness`` (a Gaussian's
    sigma, px), ``noise`` (sensor noise, grey levels) and the light (gain, gradient)."""

    size: tuple[int, int]
    px_per_mm: float
    turned: float = 0.0
    offset: tuple[float, float] = (0.0, 0.0)
    tilt: tuple[float, float] = (0.0, 0.0)
    softness: float = 0.0
    noise: float = 0.0
    light: tuple[float, float] = (1.0, 0.0)


#: The cameras the printed sheets are filmed with (the tests, bench/hex_tiles.py): the
#: docs' 1920x1080 at 3.2 px a mm and the smaller 1280x720 at 2.3, the board turned in
#: the picture, the camera tilted forward and sideways, a little soft, with sensor noise.
CAMERAS: dict[str, Camera] = {
    "1920x1080": Camera((1920, 1080), 3.2, 6.0, (10.0, -5.0), (12.0, 4.0), 0.8, 3.0),
    "1280x720": Camera((1280, 720), 2.3, -8.0, (-6.0, 4.0), (10.0, -3.0), 0.7, 3.0),
}
#: Pieces moved off their start cells (marker id -> cell), for :func:`middle_game`.
MOVED = {11: "b3", 16: "c4", 17: "e6", 21: "f7", 24: "h5", 27: "i3", 30: "f5", 35: "g6"}


def middle_game() -> dict[int, str]:
    """A position of the middle game (marker id -> cell): H1's start with :data:`MOVED`."""
    return {**markers_of(START), **MOVED}


@dataclass(frozen=True)
class Cutout:
    """A piece as cut out (BGR) and the mask of what is paper or piece (255)."""

    image: Image
    mask: Image


@dataclass(frozen=True)
class Placing:
    """One piece of paper: board page mm (from its top left) -> sheet mm, and the part of
    the board page it covers (x0, y0, x1, y1)."""

    matrix: Matrix
    covers: Box

    def holds(self, point: tuple[float, float]) -> bool:
        x0, y0, x1, y1 = self.covers
        return x0 <= point[0] <= x1 and y0 <= point[1] <= y1


class Sheet:
    """The printed paper lying flat, ``scale`` px a mm, with the board's middle at ``MARGIN_MM``
    plus half the board page from the top left; ``places`` maps board mm to where the
    print put them (one affine map per piece of paper, the topmost first)."""

    def __init__(self, image: Image, mask: Image, scale: float, places: Sequence[Placing]) -> None:
        self.image, self.mask, self.scale, self.places = image, mask, scale, places

    def cell_px(self, cell: str) -> tuple[float, float]:
        """Where ``cell``'s middle is printed on the sheet, in px: the mean of its centre and
        corners, each where the paper on top printed it (a cell on a cut line is half one
        tile's and half the other's, and a player aims at the middle of what is seen)."""
        x, y = CELL_CENTRES[cell]
        middle = (x + BOARD_PAGE_MM[0] / 2, y + BOARD_PAGE_MM[1] / 2)
        mapped = []
        for point in [middle, *hexagon(middle)]:
            placing = next((p for p in self.places if p.holds(point)), self.places[-1])
            mapped.append((placing.matrix @ np.array([*point, 1.0]))[:2])
        mean = np.mean(mapped, axis=0)
        return (float(mean[0]) * self.scale, float(mean[1]) * self.scale)

    def lay(self, pieces: Sequence[Placed], cutouts: Mapping[int, Cutout]) -> Image:
        """A copy of the sheet with ``pieces`` on their cells as printed."""
        image = self.image.copy()
        for piece in pieces:
            cx, cy = self.cell_px(piece.cell)
            cut = cutouts[piece.marker]
            paste_rotated(
                image,
                cut.image,
                cx + piece.dx * self.scale,
                cy + piece.dy * self.scale,
                piece.angle,
                mask=cut.mask,
            )
        return image


def _shift(dx: float, dy: float) -> Matrix:
    return np.array([[1.0, 0.0, dx], [0.0, 1.0, dy], [0.0, 0.0, 1.0]])


def _turn(degrees: float, about: tuple[float, float]) -> Matrix:
    cos, sin = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    rotation = np.array([[cos, -sin, 0.0], [sin, cos, 0.0], [0.0, 0.0, 1.0]])
    return np.asarray(_shift(*about) @ rotation @ _shift(-about[0], -about[1]), dtype=np.float64)


def _canvas(scale: float) -> tuple[int, int]:
    return (
        round((BOARD_PAGE_MM[0] + 2 * MARGIN_MM) * scale),
        round((BOARD_PAGE_MM[1] + 2 * MARGIN_MM) * scale),
    )


def _paper(page: Image) -> Image:
    """A rendered greyscale page as BGR on slightly warm paper."""
    return np.asarray(np.clip(page[:, :, None] * PAPER[None, None, :], 0, 255), dtype=np.uint8)


def _lay_paper(
    sheet: tuple[Image, Image], page: Image, scale: float, matrix: Matrix, kept: Box
) -> None:
    """Draw the ``kept`` part (page mm) of ``page`` through ``matrix`` (page mm -> sheet mm)
    on the sheet's picture and mask."""
    image, mask = sheet
    size = (image.shape[1], image.shape[0])
    to_px = np.diag([scale, scale, 1.0])
    affine = (to_px @ matrix @ np.linalg.inv(to_px))[:2]
    cut = np.zeros(page.shape[:2], dtype=np.uint8)
    x0, y0, x1, y1 = (round(value * scale) for value in kept)
    cut[y0:y1, x0:x1] = 255
    paper = cv2.warpAffine(_paper(page), affine, size, flags=cv2.INTER_LINEAR)
    alpha = cv2.warpAffine(cut, affine, size, flags=cv2.INTER_LINEAR)
    weight = alpha[:, :, None].astype(np.float32) / 255.0
    image[:] = (paper * weight + image * (1.0 - weight)).astype(np.uint8)
    mask[:] = np.maximum(mask, alpha)


def a3_sheet(page: Image, scale: float) -> Sheet:
    """The board's A3 page (greyscale, ``scale`` px a mm) as the sheet."""
    width, height = _canvas(scale)
    image = np.zeros((height, width, 3), dtype=np.uint8)
    mask = np.zeros((height, width), dtype=np.uint8)
    matrix = _shift(MARGIN_MM, MARGIN_MM)
    _lay_paper((image, mask), page, scale, matrix, (0.0, 0.0, *BOARD_PAGE_MM))
    return Sheet(image, mask, scale, [Placing(matrix, (0.0, 0.0, *BOARD_PAGE_MM))])


def tile_matrix(tile: Tile, taping: Taping) -> Matrix:
    """Tile page mm -> sheet mm, for ``tile`` taped ``taping`` off its place."""
    half_w, half_h = BOARD_PAGE_MM[0] / 2, BOARD_PAGE_MM[1] / 2
    middle = ((tile.column + 0.5) * half_w, (tile.row + 0.5) * half_h)
    on_board = _shift(-tile.board_at[0], -tile.board_at[1])
    off = _shift(taping.dx, taping.dy) @ _turn(taping.angle, middle)
    return np.asarray(_shift(MARGIN_MM, MARGIN_MM) @ off @ on_board, dtype=np.float64)


def taped_sheet(pages: Sequence[Image], scale: float, tapings: Sequence[Taping]) -> Sheet:
    """The four tile pages (greyscale, ``scale`` px a mm), each cut along its dashed lines
    and laid by the crosses ``tapings`` off (one per tile, in the tiles' order)."""
    width, height = _canvas(scale)
    image = np.zeros((height, width, 3), dtype=np.uint8)
    mask = np.zeros((height, width), dtype=np.uint8)
    places: list[Placing] = []
    # The bottom right first, the top left last: each cut edge lies over its neighbour.
    for tile, page, taping in reversed(list(zip(tiles(), pages, tapings, strict=True))):
        matrix = tile_matrix(tile, taping)
        _lay_paper((image, mask), page, scale, matrix, tile.kept)
        x0, y0, x1, y1 = tile.kept
        left, top = tile.board_at
        board_matrix = matrix @ _shift(left, top)
        places.insert(0, Placing(board_matrix, (x0 - left, y0 - top, x1 - left, y1 - top)))
    return Sheet(image, mask, scale, places)


def cross_gaps(tapings: Sequence[Taping]) -> list[float]:
    """How far apart the two halves of each cross lie, in mm, for tiles taped so: what a
    player sees of the taping (the crosses on the cut lines, the upper tile's half against
    the lower's)."""
    laid = list(zip(tiles(), tapings, strict=True))
    gaps = []
    for tile, taping in laid:
        for cross in tile.crosses:
            point = (cross[0] - tile.board_at[0], cross[1] - tile.board_at[1])
            for other, other_taping in laid:
                if other.number <= tile.number or not _shares(tile, other, point):
                    continue
                mine = tile_matrix(tile, taping) @ np.array([*cross, 1.0])
                where = (point[0] + other.board_at[0], point[1] + other.board_at[1])
                theirs = tile_matrix(other, other_taping) @ np.array([*where, 1.0])
                gaps.append(float(np.hypot(*(mine[:2] - theirs[:2]))))
    return gaps


def _shares(tile: Tile, other: Tile, point: tuple[float, float]) -> bool:
    """Whether ``other`` prints the cross at ``point`` (board mm) too: a neighbour across
    the cut line the cross is on."""
    half_w, half_h = BOARD_PAGE_MM[0] / 2, BOARD_PAGE_MM[1] / 2
    on_vertical = math.isclose(point[0], half_w)
    if on_vertical:
        return other.row == tile.row and other.column != tile.column
    return math.isclose(point[1], half_h) and other.column == tile.column and other.row != tile.row


def _disc(diameter: int) -> Image:
    mask = np.zeros((diameter, diameter), dtype=np.uint8)
    cv2.circle(mask, (diameter // 2, diameter // 2), diameter // 2, 255, -1, cv2.LINE_AA)
    return mask


def cut_pieces(page: Image, scale: float, *, stickers: bool = False) -> dict[int, Cutout]:
    """The 26 pieces cut out of their rendered page (greyscale, ``scale`` px a mm): the
    tokens along their edges, or each sticker stuck on a plain round piece."""
    printed = STICKER_MM if stickers else TOKEN_MM
    side = round(printed * scale) | 1
    cut_mask = _disc(side)
    body = round(PIECE_MM * scale) | 1
    pieces = {}
    for piece in PIECES:
        x, y = piece_centres(stickers=stickers)[piece.marker]
        left, top = round(x * scale) - side // 2, round(y * scale) - side // 2
        cut = _paper(page[top : top + side, left : left + side])
        if not stickers:
            pieces[piece.marker] = Cutout(cut, cut_mask)
            continue
        shade = DARK if piece.side == "black" else LIGHT
        image = np.full((body, body, 3), shade, dtype=np.uint8)
        inset = (body - side) // 2
        region = image[inset : inset + side, inset : inset + side]
        weight = cut_mask[:, :, None].astype(np.float32) / 255.0
        region[:] = (cut * weight + region * (1.0 - weight)).astype(np.uint8)
        pieces[piece.marker] = Cutout(image, _disc(body))
    return pieces


def by_hand(
    cells: Mapping[int, str], rng: np.random.Generator, off_mm: float = 2.0
) -> list[Placed]:
    """Each piece (marker id -> cell) put down as a hand leaves it: turned any way, and up
    to ``off_mm`` off its cell's centre."""
    placed = []
    for marker, cell in cells.items():
        distance, heading = rng.uniform(0.0, off_mm), rng.uniform(0.0, 2 * math.pi)
        dx, dy = distance * math.cos(heading), distance * math.sin(heading)
        placed.append(Placed(marker, cell, dx, dy, float(rng.uniform(0.0, 360.0))))
    return placed


def camera_matrix(sheet: Sheet, camera: Camera) -> Matrix:
    """Sheet px -> picture px: the board's middle at the picture's (plus the offset), at
    the camera's scale, turned, then the camera's tilt."""
    middle = (
        (MARGIN_MM + BOARD_PAGE_MM[0] / 2) * sheet.scale,
        (MARGIN_MM + BOARD_PAGE_MM[1] / 2) * sheet.scale,
    )
    zoom = camera.px_per_mm / sheet.scale
    width, height = camera.size
    place = (
        _shift(width / 2 + camera.offset[0], height / 2 + camera.offset[1])
        @ _turn(camera.turned, (0.0, 0.0))
        @ np.diag([zoom, zoom, 1.0])
        @ _shift(-middle[0], -middle[1])
    )
    tilt = tilt_homography(camera.size, camera.tilt)
    return np.asarray(place if tilt is None else tilt @ place, dtype=np.float64)


def photograph(sheet: Sheet, laid: Image, camera: Camera, rng: np.random.Generator) -> Image:
    """The picture of ``laid`` (the sheet with its pieces) on a wooden table."""
    matrix = camera_matrix(sheet, camera)
    frame = table_cloth(camera.size, "wood", rng)
    paper = cv2.warpPerspective(laid, matrix, camera.size, flags=cv2.INTER_LINEAR)
    alpha = cv2.warpPerspective(sheet.mask, matrix, camera.size, flags=cv2.INTER_LINEAR)
    weight = alpha[:, :, None].astype(np.float32) / 255.0
    frame = (paper * weight + frame * (1.0 - weight)).astype(np.uint8)
    frame = under_light(frame, *camera.light)
    if camera.softness > 0:
        frame = np.asarray(cv2.GaussianBlur(frame, (0, 0), camera.softness), dtype=np.uint8)
    if camera.noise > 0:
        brighter, darker = noise_pair(rng, camera.size, camera.noise)
        frame = np.asarray(cv2.subtract(cv2.add(frame, brighter), darker), dtype=np.uint8)
    return frame
