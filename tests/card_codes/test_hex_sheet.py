"""The printed hex board and pieces (issue 24, part 1; RULES.md H1)."""

from __future__ import annotations

import itertools
import math
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from card_pages import page_sizes_mm, page_text, render_pages

from card_codes.hex_board import CELL_CENTRES, CELL_MM, PIECES, marker_piece
from card_codes.hex_pictures import board_image, token_image
from companion.cli import main
from companion.games.hex import CELLS


def _markers(image: np.ndarray) -> list[int]:
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    _, ids, _ = cv2.aruco.ArucoDetector(dictionary).detectMarkers(image)
    return [] if ids is None else sorted(int(i) for i in ids.ravel())


def test_printed_cells_are_the_engines_cells_and_touch_as_its_neighbours() -> None:
    """H1: 91 cells named as the notation; neighbours exactly one cell width apart."""
    assert list(CELL_CENTRES) == [cell.name for cell in CELLS]
    for a, b in itertools.combinations(CELLS, 2):
        gap = math.dist(CELL_CENTRES[a.name], CELL_CENTRES[b.name])
        if b in a.neighbours():
            assert gap == pytest.approx(CELL_MM)
        else:
            assert gap > CELL_MM * 1.5


def test_pieces_have_distinct_markers_naming_side_and_kind() -> None:
    """H1: each side a centre, six strike and six support pieces, one marker each."""
    assert len({piece.marker for piece in PIECES}) == 26
    kinds = [marker_piece(piece.marker)[:2] for piece in PIECES]
    for side in ("black", "white"):
        assert kinds.count((side, "centre")) == 1
        assert kinds.count((side, "strike")) == kinds.count((side, "support")) == 6


def test_board_and_tokens_pictures_read_back() -> None:
    """The board's six fiducials and every token's marker are found in their pictures."""
    assert _markers(board_image(2.0)) == [0, 1, 2, 3, 4, 5]
    tokens = np.hstack([token_image(piece, 4.0) for piece in PIECES])
    assert _markers(tokens) == list(range(10, 36))


def test_cards_sheet_prints_the_board_on_a3_and_on_four_a4_tiles(tmp_path: Path) -> None:
    """Issue 24 part 1: `companion cards sheet hex-board` (A3, or A4 tiles)."""
    a3, a4 = tmp_path / "a3.pdf", tmp_path / "a4.pdf"
    assert main(["cards", "sheet", "hex-board", "--paper", "a3", "--out", str(a3)]) == 0
    assert main(["cards", "sheet", "hex-board", "--out", str(a4)]) == 0
    assert page_sizes_mm(a3) == [(420.0, 297.0)]
    assert page_sizes_mm(a4) == [(297.0, 210.0)] * 4
    assert _markers(np.asarray(render_pages(a3, dpi=60)[0])) == [0, 1, 2, 3, 4, 5]
    assert "f11" in page_text(a3, 0) and "k6" in page_text(a3, 0)
    tiles = [set(_markers(np.asarray(page))) for page in render_pages(a4, dpi=80)]
    assert tiles[0] >= {0} and tiles[1] >= {1} and tiles[2] >= {4} and tiles[3] >= {3}
    assert "tile 1 of 4" in page_text(a4, 0)


def test_cards_sheet_prints_the_pieces_as_tokens_and_stickers(tmp_path: Path) -> None:
    """Issue 24 part 1: the 26 pieces, each with its marker, read back from the print."""
    for extra in ([], ["--stickers", "round"]):
        out = tmp_path / "pieces.pdf"
        assert main(["cards", "sheet", "hex-pieces", "--out", str(out), *extra]) == 0
        assert _markers(np.asarray(render_pages(out, dpi=120)[0])) == list(range(10, 36))


@pytest.mark.parametrize(
    "argv",
    [
        ["hex-board", "--paper", "a3"],
        ["hex-board", "--paper", "a4"],
        ["hex-pieces"],
        ["hex-pieces", "--stickers", "round"],
    ],
)
def test_the_hex_sheets_print_nothing_in_a_printers_unprinted_edge(
    tmp_path: Path, argv: list[str]
) -> None:
    """docs/hex-referee.md step 1: the 50 mm bar at the foot of each page must measure
    50 mm. Its line lay 5 mm from the foot of the board's pages, where a home printer
    cuts it in half; now nothing on a board, tile or pieces page is within 5 mm of the
    paper's edge."""
    out = tmp_path / "sheet.pdf"
    assert main(["cards", "sheet", *argv, "--out", str(out)]) == 0
    for page in render_pages(out, dpi=100):
        ink = np.asarray(page) < 200
        band = round(4.8 / 25.4 * 100)
        assert not (ink[:band].any() or ink[-band:].any()), argv
        assert not (ink[:, :band].any() or ink[:, -band:].any()), argv
