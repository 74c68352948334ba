"""The thing printed is the thing read (issue 24; RULES.md H1): the board's and the pieces'
PDF pages, rendered, laid out as a player lays them and filmed, read by ``read_board``.

The synthetic board videos draw the board from card_codes.hex_pictures; here every
picture comes from the sheets ``companion cards sheet`` prints (card_codes.hex_sheet),
rendered once per module at 100 dpi (about 4 px a mm) and composed by
companion.synthetic.hex_print.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "card_codes"))

from card_pages import render_written

from card_codes.hex_sheet import write_board, write_pieces
from companion.synthetic.hex_print import (
    CAMERAS,
    Camera,
    Cutout,
    Sheet,
    Taping,
    a3_sheet,
    by_hand,
    cross_gaps,
    cut_pieces,
    middle_game,
    photograph,
    taped_sheet,
)
from companion.table.hex_board import read_board

DPI = 100
SCALE = DPI / 25.4
#: How far apart the halves of a cross may be on the taped tiles (docs/hex-referee.md,
#: "Print the board and the pieces"); bench/hex_tiles.py measured the margin.
CROSS_GAP_MM = 2.0
POSITION = middle_game()

Grey = npt.NDArray[np.uint8]


@pytest.fixture(scope="module")
def a3() -> Sheet:
    return a3_sheet(render_written(lambda out: write_board(out, paper="a3"), DPI)[0], SCALE)


@pytest.fixture(scope="module")
def tile_pages() -> list[Grey]:
    return render_written(lambda out: write_board(out, paper="a4"), DPI)


@pytest.fixture(scope="module")
def tokens() -> dict[int, Cutout]:
    return cut_pieces(render_written(write_pieces, DPI)[0], SCALE)


@pytest.fixture(scope="module")
def stickers() -> dict[int, Cutout]:
    page = render_written(lambda out: write_pieces(out, stickers=True), DPI)[0]
    return cut_pieces(page, SCALE, stickers=True)


def _read(
    sheet: Sheet, cutouts: dict[int, Cutout], camera: Camera, seed: int
) -> dict[int, str | None]:
    rng = np.random.default_rng(seed)
    frame = photograph(sheet, sheet.lay(by_hand(POSITION, rng), cutouts), camera, rng)
    reading = read_board(frame)
    assert reading.found, "the board's fiducials were not found"
    return reading.pieces


@pytest.mark.parametrize(
    ("pieces", "camera"),
    [("tokens", "1920x1080"), ("tokens", "1280x720"), ("stickers", "1920x1080")],
)
def test_the_printed_a3_board_and_pieces_read_every_piece_on_its_cell(
    a3: Sheet, pieces: str, camera: str, request: pytest.FixtureRequest
) -> None:
    """Issue 24, H1: the A3 page with the 26 pieces cut out of their page (tokens, or
    stickers on plain round pieces), each turned any way and up to 2 mm off its cell's
    centre, filmed tilted: every piece on its exact cell."""
    cutouts = request.getfixturevalue(pieces)
    assert _read(a3, cutouts, CAMERAS[camera], seed=24) == POSITION


def test_stickers_at_1280x720_are_sometimes_unseen_never_on_another_cell(
    a3: Sheet, stickers: dict[int, Cutout]
) -> None:
    """Issue 24, H1: a sticker's 9 mm code at 2.3 px a mm (3.5 px a module) is at the
    edge of what is read: in 9 of 20 such pictures one or two pieces went unseen (the
    docs ask for 1920 x 1080 with stickers), and none was ever put on another cell. An
    unseen piece keeps its cell at the table; a piece on another cell would be a move."""
    unseen = []
    for seed in range(4):  # seeds 2 and 3 each lose pieces
        pieces = _read(a3, stickers, CAMERAS["1280x720"], seed)
        assert {m: c for m, c in pieces.items() if c is not None and c != POSITION[m]} == {}
        unseen.append(sum(pieces.get(marker) is None for marker in POSITION))
    assert max(unseen) <= 2
    assert unseen.count(0) >= 1


def _tapings(seed: int, gap: float) -> list[Taping]:
    """Four tiles each a little shifted and turned at random, scaled so that the crosses'
    widest gap is ``gap`` mm."""
    rng = np.random.default_rng(seed)
    laid = [
        Taping(float(rng.normal(0, 1)), float(rng.normal(0, 1)), float(rng.normal(0, 0.3)))
        for _ in range(4)
    ]
    factor = gap / max(cross_gaps(laid))
    return [Taping(t.dx * factor, t.dy * factor, t.angle * factor) for t in laid]


def test_a_tile_taped_off_shows_as_far_apart_crosses() -> None:
    """Issue 24 (the taped tiles): the top-left tile 2 mm right of its place parts the
    crosses it shares with its neighbours by 2 mm; tiles in place show none."""
    assert max(cross_gaps([Taping()] * 4)) == 0.0
    gaps = cross_gaps([Taping(dx=2.0), Taping(), Taping(), Taping()])
    assert sorted(round(gap, 6) for gap in gaps) == [0.0] * 4 + [2.0] * 4


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tiles_taped_with_the_crosses_within_the_docs_gap_read_every_piece(
    tile_pages: list[Grey], tokens: dict[int, Cutout], seed: int
) -> None:
    """Issue 24, H1: the four A4 tiles cut and taped with the crosses meeting within the
    docs' gap (every tile shifted and turned), the tokens on the cells as printed: every
    piece on its exact cell at both picture sizes."""
    laid = _tapings(seed, CROSS_GAP_MM)
    assert max(cross_gaps(laid)) == pytest.approx(CROSS_GAP_MM, rel=1e-3)
    sheet = taped_sheet(tile_pages, SCALE, laid)
    for name, camera in CAMERAS.items():
        assert _read(sheet, tokens, camera, seed) == POSITION, name


def test_the_pieces_cut_out_are_round_and_as_printed(
    tokens: dict[int, Cutout], stickers: dict[int, Cutout]
) -> None:
    """Issue 24: a token is cut along its 22 mm edge; a sticker sits on a 20 mm piece."""
    token, sticker = tokens[10], stickers[10]
    assert token.image.shape[0] == pytest.approx(22 * SCALE, abs=1.5)
    assert sticker.image.shape[0] == pytest.approx(20 * SCALE, abs=1.5)
    share = float((token.mask > 127).mean())
    assert share == pytest.approx(math.pi / 4, abs=0.03)
