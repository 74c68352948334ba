"""The hex board check's picture (``companion calibrate --board --out``, issue 24): the
labels of pieces on neighbouring cells are kept apart, each readable."""

from __future__ import annotations

import numpy as np

from companion.table.hex_calibration import BoardCheck, PieceSeen
from companion.table.hex_check_picture import draw_board

DARK = (20, 20, 20)  # the box under each label


def _square(x: int, y: int, side: int = 24) -> tuple[tuple[float, float], ...]:
    return ((x, y), (x + side, y), (x + side, y + side), (x, y + side))


def _label_area(pieces: list[PieceSeen]) -> int:
    """The pixels of the labels' dark boxes in the picture of ``pieces`` on grey."""
    frame = np.full((1080, 1920, 3), 128, np.uint8)
    picture = draw_board(frame, BoardCheck((1920, 1080), pieces=pieces))
    return int(np.all(picture == DARK, axis=2).sum())


def test_the_labels_of_pieces_side_by_side_do_not_cover_each_other() -> None:
    """Two pieces whose codes lie 30 px apart (tokens pushed together on a1 and a2):
    each label is drawn whole (before: both below their codes, the second over the
    first's, "a1" half hidden)."""
    one = PieceSeen(0, "a1", _square(900, 500))
    two = PieceSeen(1, "a2", _square(930, 500))
    assert _label_area([one, two]) == _label_area([one]) + _label_area([two])


def test_a_label_is_kept_off_a_neighbours_code() -> None:
    """A piece straight above another: its label goes beside its code, not over the
    code below it (that code's outline left whole)."""
    above = PieceSeen(0, "a1", _square(900, 500))
    below = PieceSeen(1, "b1", _square(900, 530))
    alone = draw_board(
        np.full((1080, 1920, 3), 128, np.uint8), BoardCheck((1920, 1080), pieces=[below])
    )
    both = draw_board(
        np.full((1080, 1920, 3), 128, np.uint8), BoardCheck((1920, 1080), pieces=[above, below])
    )
    code = (slice(528, 557), slice(898, 927))  # b1's code and its outline
    assert np.array_equal(both[code], alone[code])
