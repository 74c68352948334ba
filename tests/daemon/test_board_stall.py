"""What the OLED and the log say of a hex board that never settles (issue 24 item 3).

One thing at a time on the screen, the first a player can mend: the board moving,
then two pieces on one cell, then a piece between two cells or on the board's edge;
the log names every reason with the pieces' markers.
"""

from __future__ import annotations

from companion.daemon.board_stall import stall_fault, stall_faults, stall_log
from companion.table.hex_stall import Stall
from companion.views.faults import Fault, FaultKind, fault_words

#: Black strike piece 2 (marker 12), White support piece 6 (marker 35); see PIECES.
SHARED: dict[str, tuple[int, ...]] = {"k1": (12, 35)}
LINE: dict[int, tuple[str | None, ...]] = {12: ("b2", "c2")}
EDGE: dict[int, tuple[str | None, ...]] = {35: ("k6", None)}


def test_the_board_moving_is_said_first() -> None:
    """H2: a moving board keeps every position from being taken: said before a piece."""
    stall = Stall(1.0, moving=True, flicker=LINE, shared=SHARED)
    assert stall_fault(stall) == Fault(FaultKind.BOARD_MOVING)
    kinds = [fault.kind for fault in stall_faults(stall)]
    assert kinds == [FaultKind.BOARD_MOVING, FaultKind.SHARED_CELL, FaultKind.PIECE_ON_LINE]


def test_two_pieces_on_one_cell_are_named_as_printed() -> None:
    """H3: a displaced piece pushed aside: both named, as their tokens say, with the cell."""
    fault = stall_faults(Stall(1.0, flicker=LINE, shared=SHARED))[0]
    assert fault_words(fault).line == (
        "Black strike piece 2 and White support piece 6 share k1: one piece a cell."
    )


def test_a_piece_between_cells_and_one_on_the_edge() -> None:
    """H1: read on b2 and c2 in turn; read on k6 and off the board in turn."""
    line = fault_words(stall_faults(Stall(1.0, flicker=LINE))[0])
    assert (line.title, line.line) == (
        "Piece on a line",
        "Black strike piece 2 lies between b2 and c2: put it in the middle of one cell.",
    )
    edge = fault_words(stall_faults(Stall(1.0, flicker=EDGE))[0])
    assert (edge.title, edge.line) == (
        "Piece on the edge",
        "White support piece 6 lies on the board's edge: put it in the middle of its cell.",
    )


def test_the_log_names_every_reason_with_the_markers() -> None:
    """H2: for whoever reads the log, all of it at once."""
    stall = Stall(2.0, moving=True, flicker={**LINE, **EDGE}, shared=SHARED)
    assert stall_log(stall, 12.5) == (
        "hex board: not settled for 10.5 s though every piece is read, no position taken:"
        " the board moves in the picture from frame to frame;"
        " black strike 2 (marker 12) and white support 6 (marker 35) read on k1;"
        " black strike 2 (marker 12) read on b2, c2 in turn;"
        " white support 6 (marker 35) read on k6, off the board in turn"
    )


def test_what_is_said_stays_while_it_is_still_a_reason() -> None:
    """H3: a piece on a line said, then a shared cell found too: the screen keeps the
    piece on the line (no flapping between two sentences); once the line is gone,
    the shared cell is said."""
    said = stall_fault(Stall(1.0, flicker=LINE))
    assert said is not None and said.kind is FaultKind.PIECE_ON_LINE
    assert stall_fault(Stall(1.0, flicker=LINE, shared=SHARED), said) == said
    other = stall_fault(Stall(1.0, shared=SHARED), said)
    assert other is not None and other.kind is FaultKind.SHARED_CELL
