"""A hex board that never settles, said to the players and to the log.

:class:`~companion.daemon.board_camera.BoardCamera` asks the board's reader why the
board has not settled for a while though every piece is read
(:class:`~companion.table.hex_stall.Stall`): the referee takes no position meanwhile,
so the game stalls until the players mend it. One thing is said at a time on the OLED
and aloud, the first of: the board moving in the picture ("Board moving: ... fix the
camera so it holds still"), two pieces read on one cell ("White strike piece 3 and
Black support piece 2 are both on e5: put each on a cell of its own"), a piece read
on two cells in turn ("... lies between c2 and c3: put it in the middle of one cell"),
one read on and off the board ("... lies on the board's edge"): what is said stays
while it is one of the reasons, so that the screen and the voice do not go back and
forth between two. The log names everything found, with the markers.

    >>> from companion.table.hex_stall import Stall
    >>> [fault.kind.value for fault in stall_faults(Stall(0.0, moving=True))]
    ['board-moving']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from card_codes.hex_board import marker_piece
from companion.views.faults import Fault, FaultKind

if TYPE_CHECKING:  # the board's reader loads OpenCV: only once a camera referee plays
    from companion.table.hex_stall import Stall


def stall_faults(stall: Stall) -> list[Fault]:
    """What the OLED may say of ``stall``, first things first (module docstring)."""
    faults = [Fault(FaultKind.BOARD_MOVING)] if stall.moving else []
    faults += [
        Fault(FaultKind.SHARED_CELL, piece=marker_piece(m[0]), other=marker_piece(m[1]), cells=(c,))
        for c, m in stall.shared.items()
    ]
    for marker, cells in stall.flicker.items():
        on = tuple(cell for cell in cells if cell is not None)
        kind = FaultKind.PIECE_ON_EDGE if len(on) < len(cells) else FaultKind.PIECE_ON_LINE
        faults.append(Fault(kind, piece=marker_piece(marker), cells=on))
    return faults


def stall_fault(stall: Stall, said: Fault | None = None) -> Fault | None:
    """What the OLED says of ``stall``: ``said`` while it is still one of its reasons
    (a reason put first a moment does not take the screen), else the first."""
    faults = stall_faults(stall)
    return said if said in faults else next(iter(faults), None)


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
