"""Reading the hex board from frames, and taking positions (issue 24 part 2)."""

from __future__ import annotations

import numpy as np
import pytest

from companion.games.hex import START, Cell
from companion.synthetic.hex_scene import (
    Away,
    HexScene,
    HexStep,
    Hold,
    Lift,
    Nudge,
    Put,
    markers_of,
)
from companion.table.hex_board import BoardReading, read_board
from companion.table.hex_view import BoardView
from companion.table.hex_watch import HexWatch

SIZE = (1280, 720)
SCALE = 2.3


def _frames(scene: HexScene, steps: list[HexStep]) -> list[np.ndarray]:
    return list(scene.frames(START, steps))


@pytest.mark.parametrize(("turned", "tilt"), [(0.0, 0.0), (25.0, 0.0), (-10.0, 12.0)])
def test_every_piece_on_its_cell_with_the_board_turned_and_the_camera_tilted(
    turned: float, tilt: float
) -> None:
    """H1: the 26 pieces of the start position, each on its cell, from the fiducials."""
    scene = HexScene(SIZE, SCALE, seed=2, tilt=tilt)
    scene.pose = (SIZE[0] / 2, SIZE[1] / 2, turned)
    scene.scale_board(0.85 if turned else 1.0)
    reading = read_board(_frames(scene, [Hold(1)])[0])
    assert reading.found and reading.fiducials >= 4
    assert reading.pieces == markers_of(START)


def test_a_frame_without_the_board_finds_nothing() -> None:
    reading = read_board(np.full((720, 1280, 3), 90, np.uint8))
    assert not reading.found and reading.pieces == {}


def test_a_position_is_taken_once_the_board_is_still_and_complete() -> None:
    """Issue 24: a position only when the board is still and every piece is accounted for."""
    scene = HexScene(SIZE, SCALE, seed=3, frames_per_step=1)
    watch = HexWatch(still_frames=3)
    taken = [watch.feed(read_board(f)) for f in _frames(scene, [Hold(5)])]
    assert [p is not None for p in taken] == [False, False, False, True, False]
    assert taken[3] == START


def test_a_hidden_piece_keeps_its_cell_and_a_moving_board_gives_nothing() -> None:
    """A piece under a hand keeps its cell until seen elsewhere; a nudge is not a move."""
    scene = HexScene(SIZE, SCALE, seed=4, frames_per_step=3)
    watch = HexWatch(still_frames=3)
    for frame in _frames(scene, [Hold(5)]):
        watch.feed(read_board(frame))
    hidden = _frames(scene, [Lift(16)])  # the strike piece on b2, in the hand
    assert 16 not in read_board(hidden[-1]).pieces
    assert [watch.feed(read_board(f)) for f in hidden] == [None] * 3
    assert watch.cells[16] == "b2"
    steps: list[HexStep] = [Put(16, "c2"), Away(), Nudge(6.0, -4.0, 3.0), Hold(4)]
    taken = [p for p in (watch.feed(read_board(f)) for f in _frames(scene, steps)) if p]
    assert taken == [START.after(Cell.parse("b2"), Cell.parse("c2"))]


def test_two_pieces_on_one_cell_or_one_off_the_board_is_no_position() -> None:
    watch = HexWatch(still_frames=1)
    cells: dict[int, str | None] = dict(markers_of(START))
    outline = ((1.0, 1.0), (2.0, 2.0), (3.0, 3.0), (4.0, 4.0))
    reading = BoardReading(BoardView(np.eye(3)), cells, outline)
    assert watch.feed(reading) is None  # the first frame: stillness unknown
    assert watch.feed(reading) == START
    assert watch.feed(BoardReading(BoardView(np.eye(3)), {11: "a1"}, outline)) is None
    assert watch.feed(BoardReading(BoardView(np.eye(3)), {11: None}, outline)) is None
    assert watch.pending == 1


def test_the_board_is_found_with_four_of_its_six_markers_under_arms() -> None:
    """Issue 24: hands over the board's edge; two fiducials are enough for every cell."""
    scene = HexScene(SIZE, SCALE, seed=6)
    frame = _frames(scene, [Hold(1)])[0].copy()
    frame[:, : SIZE[0] // 4] = (120, 160, 215)  # an arm over the left markers (0, 4, 5)
    frame[: SIZE[1] // 4, SIZE[0] * 3 // 4 :] = (120, 160, 215)  # and one over marker 1
    reading = read_board(frame)
    assert reading.found and reading.fiducials == 2
    cells = markers_of(START)
    assert reading.pieces and all(cells[m] == cell for m, cell in reading.pieces.items())
