"""A hex board that never settles, said to the players and to the log.

:class:`~companion.daemon.board_camera.BoardCamera` asks the board's reader why the
board has not settled for a while though every piece is read
(:class:`~companion.table.hex_stall.Stall`): the referee takes no position meanwhile,
so the game stalls until the players mend it. One thing is said at a time on the OLED
and aloud, the first of: the board moving in the picture ("Board moving: ... fix the
camera so it holds still"), two pieces read on one cell ("White strike piece 3 and
Black support piece 2 are both on e5: put each on a cell of its own"), a piece read
on two cells in turn ("... lies between c2, c3: put it in the middle of one cell"),
one read on and off the board ("... lies on the board's edge"). The log names
everything found, with the markers.

    >>> from companion.table.hex_stall import Stall
    >>> stall_fault(Stall(0.0, moving=True)).kind.value
    'board-moving'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from card_codes.hex_board import marker_piece
from companion.views.faults import Fault, FaultKind

if TYPE_CHECKING:  # the board's reader loads OpenCV: only once a camera referee plays
    from companion.table.hex_stall import Stall


def stall_fault(stall: Stall) -> Fault:
    """What the OLED says of ``stall``: its first reason (module docstring)."""
    if stall.moving:
        return Fault(FaultKind.BOARD_MOVING)
    for cell, markers in stall.shared.items():
        first, other = markers[:2]
        piece, beside = marker_piece(first), marker_piece(other)
        return Fault(FaultKind.SHARED_CELL, piece=piece, other=beside, cells=(cell,))
    marker, cells = next(iter(stall.flicker.items()))
    on = tuple(cell for cell in cells if cell is not None)
    if len(on) < len(cells):
        return Fault(FaultKind.PIECE_ON_EDGE, piece=marker_piece(marker), cells=on)
    return Fault(FaultKind.PIECE_ON_LINE, piece=marker_piece(marker), cells=on)


def stall_log(stall: Stall, at: float) -> str:
    """The log's line for ``stall`` at ``at`` (table time): every reason, with markers."""
    from companion.table.hex_reader import piece_name

    reasons = ["the board moves in the picture from frame to frame"] if stall.moving else []
    reasons += [
        f"{' and '.join(f'{piece_name(m)} (marker {m})' for m in markers)} read on {cell}"
        for cell, markers in stall.shared.items()
    ]
    reasons += [
        f"{piece_name(m)} (marker {m}) read on "
        + ", ".join("off the board" if cell is None else cell for cell in cells)
        + " in turn"
        for m, cells in stall.flicker.items()
    ]
    return (
        f"hex board: not settled for {at - stall.since:.1f} s though every piece is read,"
        f" no position taken: {'; '.join(reasons)}"
    )
