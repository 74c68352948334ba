"""The hex board and its 26 pieces as PDF sheets to print (``companion cards sheet hex-board``).

- :func:`write_board`: the board on one landscape A3 page, or tiled on four A4 pages:
  each tile holds a quarter of the board and 10 mm more past the cut lines; cut the
  tiles along the dashed lines, lay them edge to edge with the crosses (alignment
  marks) meeting, and tape them from behind.
- :func:`write_pieces`: the 26 pieces as round tokens to cut out (22 mm, on card if
  possible) or, with ``stickers``, as 17 mm stickers for real pieces.

Everything is drawn as vectors at 100 %; a 50 mm bar at the foot checks the scale.

    >>> from io import BytesIO
    >>> write_board(BytesIO(), paper="a4"), write_pieces(BytesIO(), stickers=True)
    (4, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
from reportlab.lib.units import mm

from card_codes.errors import CardCodeError
from card_codes.hex_board import (
    BOARD_PAGE_MM,
    CELL_CENTRES,
    FIDUCIAL_MM,
    FIDUCIALS,
    PIECES,
    STICKER_MARKER_MM,
    STICKER_MM,
    TOKEN_MARKER_MM,
    TOKEN_MM,
    PieceMarker,
    hexagon,
    marker_matrix,
)
from card_codes.pdf import PAPERS, MmPage, Target

#: How far a tile reaches past its cut lines, in mm.
OVERLAP_MM = 10.0
BOARD_PAPERS = ("a3", "a4")
#: The 50 mm scale bar's line lies this far above the foot of every page: clear of the
#: 5 mm a home printer leaves unprinted (at 5 mm it was half cut off).
BAR_FROM_FOOT_MM = 8.0


#: A tile's page: landscape A4, in mm.
TILE_PAGE_MM: Final = (PAPERS["a4"][1], PAPERS["a4"][0])
_TILE_NAMES: Final = ("top left", "top right", "bottom left", "bottom right")

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Tile:
    """One of the four A4 tiles, in mm on its page (x right, y down from the top left).

    ``board_at`` is where the whole board's page corner lies (the board is drawn there,
    clipped to ``printed``: its quarter and the overlap past the cut lines); ``cuts`` are
    the dashed lines to cut (a left tile at the middle, a top tile too); ``kept`` is the
    paper left after cutting; ``crosses`` the alignment marks, on the board's middle lines.
    """

    number: int
    name: str
    row: int
    column: int
    board_at: tuple[float, float]
    printed: Box
    cuts: tuple[Box, ...]
    kept: Box
    crosses: tuple[tuple[float, float], ...]


def tiles() -> tuple[Tile, ...]:
    """The four tiles, top left, top right, bottom left, bottom right."""
    half_w, half_h = BOARD_PAGE_MM[0] / 2, BOARD_PAGE_MM[1] / 2
    width, height = TILE_PAGE_MM
    made = []
    for index, name in enumerate(_TILE_NAMES):
        row, column = divmod(index, 2)
        # Where the board's top-left corner lands so this quarter sits mid-page.
        left = (width - half_w) / 2 - column * half_w
        top = (height - half_h) / 2 - row * half_h
        x0, y0 = left + column * half_w, top + row * half_h
        printed = (
            x0 - (OVERLAP_MM if column else 0.0),
            y0 - (OVERLAP_MM if row else 0.0),
            x0 + half_w + (0.0 if column else OVERLAP_MM),
            y0 + half_h + (0.0 if row else OVERLAP_MM),
        )
        cut_x = x0 + half_w if column == 0 else x0
        cut_y = y0 + half_h if row == 0 else y0
        cuts = []
        if column == 0:  # the left tiles are cut at the middle and laid over the right ones
            cuts.append((cut_x, printed[1], cut_x, printed[3]))
        if row == 0:
            cuts.append((printed[0], cut_y, printed[2], cut_y))
        kept = (0.0, 0.0, cut_x if column == 0 else width, cut_y if row == 0 else height)
        crosses = []
        for fraction in (0.25, 0.75):
            crosses.append((cut_x, y0 + fraction * half_h))
            crosses.append((x0 + fraction * half_w, cut_y))
        made.append(
            Tile(
                index + 1,
                name,
                row,
                column,
                (left, top),
                printed,
                tuple(cuts),
                kept,
                tuple(crosses),
            )
        )
    return tuple(made)


def _with_quiet(matrix: np.ndarray) -> np.ndarray:
    return np.pad(matrix, 1, constant_values=False)


def _draw_board(page: MmPage, left: float, top: float) -> None:
    """The board with its top-left page corner at (left, top) of ``page``."""
    mid_x, mid_y = left + BOARD_PAGE_MM[0] / 2, top + BOARD_PAGE_MM[1] / 2
    canvas = page.canvas
    canvas.setStrokeGray(0.35)
    canvas.setLineWidth(0.4 * mm)
    for name, (x, y) in CELL_CENTRES.items():
        corners = hexagon((mid_x + x, mid_y + y))
        path = canvas.beginPath()
        path.moveTo(page.x(corners[0][0]), page.y(corners[0][1]))
        for cx, cy in corners[1:]:
            path.lineTo(page.x(cx), page.y(cy))
        path.close()
        canvas.drawPath(path, stroke=1, fill=0)
        page.text(mid_x + x, mid_y + y + 8.0, name, size=9, align="centre", grey=0.45)
    for marker, x, y in FIDUCIALS:
        module = FIDUCIAL_MM / 6
        page.code(
            _with_quiet(marker_matrix(marker)),
            mid_x + x - FIDUCIAL_MM / 2 - module,
            mid_y + y - FIDUCIAL_MM / 2 - module,
            FIDUCIAL_MM + 2 * module,
        )
    page.text(mid_x, top + 12.0, "Fibonacci - Black sits here (row a)", size=10, align="centre")
    page.text(
        mid_x, top + BOARD_PAGE_MM[1] - 8.0, "White sits here (row k)", size=10, align="centre"
    )


def _scale_bar(page: MmPage, left: float, baseline: float) -> None:
    page.line(left, baseline, left + 50.0, baseline, width=0.5)
    page.text(left + 52.0, baseline + 1.0, "50 mm at 100 %", size=7)


def _cross(page: MmPage, x: float, y: float) -> None:
    page.line(x - 4.0, y, x + 4.0, y, width=0.25)
    page.line(x, y - 4.0, x, y + 4.0, width=0.25)


def write_board(out: Target, *, paper: str = "a3") -> int:
    """Write the board on one A3 page or four A4 tiles; return the page count."""
    if paper.lower() not in BOARD_PAPERS:
        raise CardCodeError(f"the hex board prints on {' or '.join(BOARD_PAPERS)}, not {paper!r}")
    if paper.lower() == "a3":
        page = MmPage.open(out, BOARD_PAGE_MM, title="Fibonacci board")
        _draw_board(page, 0.0, 0.0)
        _scale_bar(page, 10.0, BOARD_PAGE_MM[1] - BAR_FROM_FOOT_MM)
        page.save()
        return 1
    size = TILE_PAGE_MM
    page = MmPage.open(out, size, title="Fibonacci board, four A4 tiles")
    for tile in tiles():
        clip_x0, clip_y0, clip_x1, clip_y1 = tile.printed
        left, top = tile.board_at
        canvas = page.canvas
        canvas.saveState()
        path = canvas.beginPath()
        path.rect(
            page.x(clip_x0), page.y(clip_y1), (clip_x1 - clip_x0) * mm, (clip_y1 - clip_y0) * mm
        )
        canvas.clipPath(path, stroke=0, fill=0)
        _draw_board(page, left, top)
        canvas.restoreState()
        canvas.setDash(2 * mm, 2 * mm)
        for x0, y0, x1, y1 in tile.cuts:
            page.line(x0, y0, x1, y1, width=0.2)
        canvas.setDash()
        for x, y in tile.crosses:
            _cross(page, x, y)
        page.text(
            size[0] / 2,
            8.0,
            f"Fibonacci board, tile {tile.number} of 4 ({tile.name}): cut the "
            "dashed lines, match the crosses, tape from behind",
            size=8,
            align="centre",
        )
        _scale_bar(page, 10.0, size[1] - BAR_FROM_FOOT_MM)
        page.next_page()
    page.save()
    return 4


def _draw_token(page: MmPage, piece: PieceMarker, x: float, y: float, diameter: float) -> None:
    """One round piece centred at (x, y): marker in the middle, bands saying side and kind."""
    canvas = page.canvas
    radius = diameter / 2
    marker_mm = TOKEN_MARKER_MM if diameter == TOKEN_MM else STICKER_MARKER_MM
    quiet = marker_mm / 6 * 8 / 2
    band, ink = (0.16, 1.0) if piece.side == "black" else (0.8, 0.0)
    canvas.setFillGray(band)
    canvas.setStrokeGray(0.0)
    canvas.setLineWidth(0.3 * mm)
    canvas.circle(page.x(x), page.y(y), radius * mm, stroke=1, fill=1)
    canvas.setFillGray(1.0)
    canvas.rect(
        page.x(x - quiet), page.y(y + quiet), 2 * quiet * mm, 2 * quiet * mm, stroke=0, fill=1
    )
    module = marker_mm / 6
    page.code(
        _with_quiet(marker_matrix(piece.marker)), x - quiet, y - quiet, marker_mm + 2 * module
    )
    font = 0.09 * diameter * mm
    cap = (radius - quiet) / 2
    page.text(
        x,
        y - quiet - cap + font / mm / 3,
        piece.label,
        size=piece.label_size * diameter * mm,
        bold=True,
        align="centre",
        grey=ink,
    )
    page.text(
        x,
        y + quiet + cap + font / mm / 3,
        piece.side.upper(),
        size=font,
        bold=True,
        align="centre",
        grey=ink,
    )


#: Where each side's pieces start on the pieces' A4 page, in mm from the top.
_PIECES_TOP_MM: Final = {"black": 30.0, "white": 30.0 + (PAPERS["a4"][1] - 50.0) / 2}


def piece_centres(*, stickers: bool = False) -> dict[int, tuple[float, float]]:
    """Each piece's centre on the pieces' page (marker id -> x, y in mm from the top left)."""
    diameter = STICKER_MM if stickers else TOKEN_MM
    pitch = diameter + 6.0
    columns = int((PAPERS["a4"][0] - 20.0) // pitch)
    centres = {}
    for side, top in _PIECES_TOP_MM.items():
        mine = [piece for piece in PIECES if piece.side == side]
        for index, piece in enumerate(mine):
            row, column = divmod(index, columns)
            centres[piece.marker] = (
                10.0 + pitch / 2 + column * pitch,
                top + pitch / 2 + row * pitch,
            )
    return centres


def write_pieces(out: Target, *, stickers: bool = False) -> int:
    """Write the 26 pieces on one A4 page, as tokens or stickers; return the page count."""
    diameter = STICKER_MM if stickers else TOKEN_MM
    what = "stickers (17 mm)" if stickers else "tokens to cut out (22 mm)"
    size = PAPERS["a4"]
    page = MmPage.open(out, size, title=f"Fibonacci pieces, {what}")
    page.text(size[0] / 2, 12.0, f"Fibonacci: the 26 pieces as {what}", size=10, align="centre")
    for side in ("black", "white"):
        top = _PIECES_TOP_MM[side]
        page.text(10.0, top - 4.0, f"{side.capitalize()}: 1 centre, 6 strike, 6 support", size=8)
    centres = piece_centres(stickers=stickers)
    for piece in PIECES:
        _draw_token(page, piece, *centres[piece.marker], diameter)
    _scale_bar(page, 10.0, size[1] - BAR_FROM_FOOT_MM)
    page.save()
    return 1
