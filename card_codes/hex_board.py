"""The printed board of Naylor's Fibonacci and its pieces: where everything lies, in mm.

The board is the 91-cell hexagon of RULES.md H1 (rows a-k of 6 ... 11 ... 6 cells, each
cell named by its row letter and its place from the left: ``a1`` ... ``k6``), drawn with
pointy-top hexagons ``CELL_MM`` across the flats on landscape A3. Six ArUco markers
around it (ids 0-5 of OpenCV's ``DICT_4X4_50``) let the camera find the board however
it is nudged or turned; each of the 26 pieces carries its own marker (ids 10-35), which
tells its side and kind. Why ArUco and not the cards' QR codes: bench/hex_markers.py.

Coordinates are millimetres from the board's centre (the middle of cell ``f6``), x to
the right, y down, as the sheet lies in front of Black (row ``a`` at the top).

    >>> CELL_CENTRES["f6"]
    (0.0, 0.0)
    >>> len(CELL_CENTRES), PIECES[0], marker_piece(35)
    (91, PieceMarker(marker=10, side='black', kind='centre', number=1), ('white', 'support', 6))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from card_codes.errors import CardCodeError

if TYPE_CHECKING:  # numpy is loaded by what draws markers: the cell layout alone needs none
    import numpy as np

#: The ArUco dictionary of the board's and pieces' markers (OpenCV's name and number).
DICTIONARY_NAME: Final = "DICT_4X4_50"
#: A 4x4 marker is 6 x 6 modules with its black border (plus one white module round it).
MARKER_MODULES: Final = 6
#: Rows a-k and their lengths (H1).
ROWS: Final = "abcdefghijk"
ROW_LENGTHS: Final = (6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6)
#: A cell across its flats, in mm; the corner-to-corner height is 2/sqrt(3) of it.
CELL_MM: Final = 24.0
#: The paper the whole board is printed on (landscape A3) in mm.
BOARD_PAGE_MM: Final = (420.0, 297.0)
#: The board's fiducial markers: (id, centre x, centre y) in mm, and their side.
FIDUCIAL_MM: Final = 32.0
FIDUCIALS: Final = (
    (0, -168.0, -106.0),
    (1, 168.0, -106.0),
    (2, 178.0, 0.0),
    (3, 168.0, 106.0),
    (4, -168.0, 106.0),
    (5, -178.0, 0.0),
)
#: A cut-out token's diameter and its marker's side (with the marker's black border).
TOKEN_MM: Final = 22.0
TOKEN_MARKER_MM: Final = 11.0
#: A sticker's diameter and its marker's side, for pieces of about 18 mm.
STICKER_MM: Final = 17.0
STICKER_MARKER_MM: Final = 9.0
FIRST_PIECE_MARKER: Final = 10
SIDES: Final = ("black", "white")
#: Per side: one centre, six strike and six support pieces (H1).
KINDS: Final = (("centre", 1), ("strike", 6), ("support", 6))


def _cell_names() -> tuple[str, ...]:
    return tuple(
        f"{row}{place}"
        for row, length in zip(ROWS, ROW_LENGTHS, strict=True)
        for place in range(1, length + 1)
    )


def _centre(row: int, place: int) -> tuple[float, float]:
    """A cell's centre: rows are 1.5 corner radii apart, each one centred on the board."""
    radius = CELL_MM / math.sqrt(3)
    x = (place - 1 - (ROW_LENGTHS[row] - 1) / 2) * CELL_MM
    return (round(x, 6) + 0.0, round((row - 5) * 1.5 * radius, 6) + 0.0)


#: Every cell's centre in mm, in reading order (a1, a2, ... k6).
CELL_CENTRES: Final = {
    f"{ROWS[row]}{place}": _centre(row, place)
    for row, length in enumerate(ROW_LENGTHS)
    for place in range(1, length + 1)
}
CELL_NAMES: Final = _cell_names()


@dataclass(frozen=True)
class PieceMarker:
    """The marker of one piece: its ArUco id, side, kind and number (1-6, centre 1)."""

    marker: int
    side: str
    kind: str
    number: int

    @property
    def label(self) -> str:
        """What the token says under its marker: ``STRIKE 3``."""
        return self.kind.upper() if self.kind == "centre" else f"{self.kind.upper()} {self.number}"

    @property
    def label_size(self) -> float:
        """The label's letters, as a share of the token's diameter: a long label is
        smaller, to fit the band above the marker."""
        return 0.09 if len(self.label) <= 8 else 0.075


def _pieces() -> tuple[PieceMarker, ...]:
    pieces, marker = [], FIRST_PIECE_MARKER
    for side in SIDES:
        for kind, count in KINDS:
            for number in range(1, count + 1):
                pieces.append(PieceMarker(marker, side, kind, number))
                marker += 1
    return tuple(pieces)


#: The 26 pieces in marker order: Black's centre, strikes, supports, then White's.
PIECES: Final = _pieces()
_BY_MARKER: Final = {piece.marker: piece for piece in PIECES}


def marker_piece(marker: int) -> tuple[str, str, int]:
    """(side, kind, number) of the piece carrying ArUco id ``marker``."""
    try:
        piece = _BY_MARKER[marker]
    except KeyError:
        raise CardCodeError(f"marker {marker} is not a piece (pieces are 10-35)") from None
    return piece.side, piece.kind, piece.number


def hexagon(centre: tuple[float, float], across: float = CELL_MM) -> list[tuple[float, float]]:
    """The six corners of the pointy-top hexagon ``across`` mm over its flats."""
    radius = across / math.sqrt(3)
    x, y = centre
    return [
        (x + radius * math.cos(math.radians(a)), y + radius * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    ]


def marker_matrix(marker: int) -> np.ndarray:
    """The marker's 6 x 6 modules (True is dark), its black border included."""
    import cv2
    import numpy as np

    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, DICTIONARY_NAME))
    image = cv2.aruco.generateImageMarker(dictionary, marker, MARKER_MODULES)
    return np.asarray(image) < 128


def fiducial_corners(marker: int) -> np.ndarray:
    """The board marker's four corners in mm (ArUco's order: TL, TR, BR, BL)."""
    import numpy as np

    for number, x, y in FIDUCIALS:
        if number == marker:
            half = FIDUCIAL_MM / 2
            return np.array(
                [
                    (x - half, y - half),
                    (x + half, y - half),
                    (x + half, y + half),
                    (x - half, y + half),
                ],
                dtype=np.float32,
            )
    raise CardCodeError(f"marker {marker} is not one of the board's (0-5)")
