"""Paper that does not lie flat (companion.synthetic.curl): an A3 sheet curling up at its
edges, A4 tiles lifted at their seams. The board's view from its fiducials assumes a
plane (issue 24 part 2: "the board from its fiducials, each piece's cell"); measured
in bench/hex_curl.py, no piece is read on a wrong cell however the sheet curls, and
the camera check says when the board is not flat, and what to do."""

from __future__ import annotations

import numpy as np
import pytest

from companion.games.hex import START
from companion.synthetic.curl import Curl, lifted
from companion.synthetic.hex_scene import HexScene, Hold, markers_of
from companion.synthetic.raised import Raised
from companion.table.hex_calibration import FLAT_MM, check_board

SIZE = (1920, 1080)
SCALE = 3.3
#: A camera set back as a 20-degree slant puts it: its foot under the picture's edge.
SLANTED = Raised(0.0, (0.5, 1.0))


def test_paper_raised_is_seen_out_from_the_cameras_foot() -> None:
    """The model: paper ``z`` mm up is seen ``z / (H - z)`` of its distance farther from
    the foot, as a standing piece's top is (companion.synthetic.raised)."""
    canvas = np.full((200, 400, 3), 255, dtype=np.uint8)
    canvas[98:103, 348:353] = 0  # a dot 150 mm right of the foot, 1 px a mm
    curl = Curl(seam=10.0, seam_width=2000.0)  # 10 mm up all over the middle
    seen = lifted(canvas, curl, 1.0, foot=(200.0, 100.0), above=450.0)
    xs = np.nonzero(seen[100, :, 0] < 128)[0]
    assert xs.mean() == pytest.approx(200 + 150 * 450 / 440, abs=0.6)


def _check(curl: Curl) -> tuple[float, list[str], bool]:
    scene = HexScene(SIZE, SCALE, seed=1, curl=curl, raised=SLANTED, offcentre=3.0)
    *_, frame = scene.frames(START, [Hold(1)])
    check = check_board(frame)
    on_cells = {piece.marker: piece.cell for piece in check.pieces} == markers_of(START)
    return check.corner_fit, check.advice, on_cells


def test_a_sheet_curling_30_mm_reads_every_piece_and_is_called_not_flat() -> None:
    """Issue 24: an A3 sheet whose edges curl up 30 mm, under a slanted camera: every
    piece is still read on its start cell (H1), and the camera check says the board is
    not flat, by how much its corner squares are off, and what to do about it."""
    fit, advice, on_cells = _check(Curl(edge=30.0))
    assert on_cells
    assert fit > FLAT_MM
    flat = [line for line in advice if "not flat" in line]
    assert len(flat) == 1 and f"{fit:.1f} mm" in flat[0]
    assert all(words in flat[0] for words in ("weigh its corners", "glass", "tape"))


def test_a_sheet_curling_5_mm_or_seams_lifted_2_mm_need_no_advice() -> None:
    """Issue 24: a little curl at the sheet's edges, or tiles' seams lifted 2 mm, change
    nothing the players need to know: every piece on its cell, no advice."""
    for curl in (Curl(edge=5.0), Curl(seam=2.0)):
        fit, advice, on_cells = _check(curl)
        assert on_cells and fit < FLAT_MM and advice == []
