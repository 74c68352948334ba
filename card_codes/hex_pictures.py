"""The hex board and its pieces as pictures (greyscale ``uint8`` arrays), at any scale.

The synthetic board videos (companion.synthetic.hex_scene) lay these on a table; the
PDF sheets (card_codes.hex_sheet) draw the same layout as vectors. Both take every
place from :mod:`card_codes.hex_board`.

    >>> from card_codes.hex_board import PIECES
    >>> board = board_image(1.0)
    >>> board.shape
    (297, 420)
    >>> token_image(PIECES[0], 4.0).shape
    (88, 88)
"""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

from card_codes.fonts import face_font
from card_codes.hex_board import (
    BOARD_PAGE_MM,
    CELL_CENTRES,
    FIDUCIAL_MM,
    FIDUCIALS,
    MARKER_MODULES,
    TOKEN_MARKER_MM,
    TOKEN_MM,
    PieceMarker,
    hexagon,
    marker_matrix,
)

#: The shade of Black's cells' border ring and of White's pieces' bands.
DARK, LIGHT = 40, 200


def _paste_marker(
    canvas: np.ndarray, marker: int, centre: tuple[float, float], side_px: float
) -> None:
    """Draw ``marker`` (black border included) ``side_px`` wide around ``centre``."""
    matrix = marker_matrix(marker)
    module = side_px / MARKER_MODULES
    left, top = centre[0] - side_px / 2, centre[1] - side_px / 2
    ys, xs = np.nonzero(matrix)
    for y, x in zip(ys.tolist(), xs.tolist(), strict=True):
        x0, y0 = round(left + x * module), round(top + y * module)
        x1, y1 = round(left + (x + 1) * module), round(top + (y + 1) * module)
        canvas[y0:y1, x0:x1] = 0


def board_image(px_per_mm: float, *, names: bool = True) -> np.ndarray:
    """The whole A3 board page, white paper, ``px_per_mm`` pixels a millimetre."""
    width, height = (round(side * px_per_mm) for side in BOARD_PAGE_MM)
    image = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(image)
    mid = (width / 2, height / 2)

    def at(x: float, y: float) -> tuple[float, float]:
        return (mid[0] + x * px_per_mm, mid[1] + y * px_per_mm)

    font = face_font(max(6, round(3.2 * px_per_mm)))
    line = max(1, round(0.4 * px_per_mm))
    for name, (x, y) in CELL_CENTRES.items():
        corners = [at(cx, cy) for cx, cy in hexagon((x, y))]
        draw.polygon(corners, outline=90, width=line)
        if names:
            draw.text(at(x, y + 7.0), name, fill=150, font=font, anchor="mm")
    canvas = np.asarray(image).copy()
    for marker, x, y in FIDUCIALS:
        _paste_marker(canvas, marker, at(x, y), FIDUCIAL_MM * px_per_mm)
    return canvas


def token_image(piece: PieceMarker, px_per_mm: float, diameter_mm: float = TOKEN_MM) -> np.ndarray:
    """One piece's round token: its marker in the middle, side and kind written round it.

    Black's tokens have dark bands with light writing, White's light bands with dark
    writing, so the players tell them apart at a glance as the camera does by marker.
    Outside the disc the array is 255 (callers mask it round).
    """
    size = round(diameter_mm * px_per_mm)
    image = Image.new("L", (size, size), 255)
    draw = ImageDraw.Draw(image)
    band, ink = (DARK, 255) if piece.side == "black" else (LIGHT, 0)
    marker_mm = TOKEN_MARKER_MM * diameter_mm / TOKEN_MM
    quiet = (marker_mm / MARKER_MODULES) * (MARKER_MODULES + 2) / 2 * px_per_mm
    draw.ellipse((0, 0, size - 1, size - 1), fill=band, outline=0, width=max(1, size // 60))
    centre = size / 2
    draw.rectangle((centre - quiet, centre - quiet, centre + quiet, centre + quiet), fill=255)
    draw.ellipse((0, 0, size - 1, size - 1), outline=0, width=max(1, size // 60))
    font = face_font(max(5, round(0.09 * diameter_mm * px_per_mm)), bold=True)
    label = face_font(max(5, round(piece.label_size * diameter_mm * px_per_mm)), bold=True)
    draw.text((centre, (centre - quiet) / 2), piece.label, fill=ink, font=label, anchor="mm")
    draw.text(
        (centre, size - (centre - quiet) / 2), piece.side.upper(), fill=ink, font=font, anchor="mm"
    )
    canvas = np.asarray(image).copy()
    _paste_marker(canvas, piece.marker, (centre, centre), marker_mm * px_per_mm)
    return canvas


def token_mask(diameter_px: int) -> np.ndarray:
    """True inside the token's disc (``diameter_px`` square)."""
    yy, xx = np.mgrid[0:diameter_px, 0:diameter_px]
    radius = diameter_px / 2
    inside: np.ndarray = (xx + 0.5 - radius) ** 2 + (yy + 0.5 - radius) ** 2 <= radius**2
    return inside
