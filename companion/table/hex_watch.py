"""From frame readings of the hex board to positions: taken only when the board is still
and every piece is accounted for.

Each piece's cell is remembered: a piece not seen in a frame (under a hand, in a
shadow) keeps the cell it was last seen on until it is seen elsewhere, and a piece
seen off the board (set aside, held up) has no cell until it is put down again. A
frame's position is complete when all 26 pieces have a cell and no two share one;
it is taken when the board has not moved (its outline in the picture within
``moved_px``) and the complete position has stayed the same for ``still_frames``
frames in a row and, given the frames' times, for ``still_seconds`` (a live camera's
frames come as fast as the loop takes them). Each position is given once
(:meth:`HexWatch.feed` answers it the frame it is taken, ``None`` otherwise), so a
nudged or turned board gives nothing new: its pieces are on the same cells.

Before the first position is taken, the caller may name pieces not seen to take on
cells in this frame (``glared``: the start's pieces lost in a lamp's glare,
:func:`~companion.table.hex_start.glared_start`); once a position is taken with them,
they keep those cells as pieces seen there do (:attr:`HexWatch.glared_start`).

    >>> watch = HexWatch(still_frames=2)
    >>> watch.pending
    26
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from card_codes.hex_board import PIECES
from companion.games.hex import Cell, Kind, Piece, Position, Side
from companion.table.hex_board import BoardReading

#: The rules' piece each marker is (its side and kind).
PIECE_OF: Final = {piece.marker: Piece.of(Side(piece.side), Kind(piece.kind)) for piece in PIECES}
#: Where the board lies in the picture (:attr:`BoardReading.outline`).
Outline = tuple[tuple[float, float], ...]
#: The board has not moved while its outline stays within this many pixels.
MOVED_PX: Final = 4.0


def steady(before: Outline, after: Outline, moved_px: float = MOVED_PX) -> bool:
    """True if the board did not move between two outlines (none: it moved)."""
    if not before or len(after) != len(before):
        return False
    return all(math.dist(a, b) <= moved_px for a, b in zip(after, before, strict=True))


@dataclass
class HexWatch:
    """Turns :class:`BoardReading` s into positions (module docstring)."""

    still_frames: int = 5
    moved_px: float = MOVED_PX
    still_seconds: float = 0.0

    def __post_init__(self) -> None:
        self.cells: dict[int, str | None] = {marker: None for marker in PIECE_OF}
        self._outline: Outline = ()
        self._candidate: Position | None = None
        self._run = 0
        self._since = 0.0
        self.last: Position | None = None
        #: Whether the last frame found the board settled: still, every piece on a
        #: cell of its own, the same as the frames before for the stillness rule (a
        #: position taken then, or the one taken before).
        self.settled = False
        #: The pieces taken on their start cells in glare with the first position.
        self.glared_start: dict[int, str] = {}

    @property
    def pending(self) -> int:
        """Pieces without a cell (never seen, or seen off the board)."""
        return sum(1 for cell in self.cells.values() if cell is None)

    def feed(
        self, reading: BoardReading, at: float = 0.0, glared: Mapping[int, str] | None = None
    ) -> Position | None:
        """Take one frame's reading (``at``: the frame's time, in seconds); return a new
        stable position, else ``None``. ``glared``: pieces not seen, taken on these
        cells in this frame, until the first position is taken (module docstring)."""
        self.settled = False
        if not reading.found:
            self._run, self._outline = 0, ()
            return None
        if reading.blurred:
            self._candidate, self._run = None, 0
            return None
        still = self._still(reading.outline)
        self._outline = reading.outline
        self.cells.update(reading.pieces)
        glared = dict(glared or {}) if self.last is None else {}
        position = self._complete(glared)
        if not still or position is None or position != self._candidate:
            self._candidate = position
            self._run = 1 if still and position is not None else 0
            self._since = at
            return None
        self._run += 1
        if self._run < self.still_frames or at - self._since < self.still_seconds:
            return None
        self.settled = True
        if position == self.last:
            return None
        if self.last is None:  # the first position: the pieces in glare it takes
            self.glared_start = {m: cell for m, cell in glared.items() if self.cells[m] is None}
            self.cells.update(self.glared_start)
        self.last = position
        return position

    def _still(self, outline: Outline) -> bool:
        return steady(self._outline, outline, self.moved_px)

    def _complete(self, glared: Mapping[int, str]) -> Position | None:
        """The position if every piece has its own cell (``glared``: those not seen
        taken there), else ``None``."""
        return position_of({m: cell or glared.get(m) for m, cell in self.cells.items()})


def position_of(cells: Mapping[int, str | None]) -> Position | None:
    """The position of the pieces' ``cells`` (by marker) if every piece has a cell of
    its own, else ``None``."""
    board: list[Piece | None] = [None] * 91
    for marker, piece in PIECE_OF.items():
        name = cells.get(marker)
        if name is None:
            return None
        index = Cell.parse(name).index
        if board[index] is not None:
            return None
        board[index] = piece
    return Position(tuple(board))
