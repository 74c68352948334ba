"""A hex board that never settles: why the referee takes no position, in facts to say.

The referee takes a position only when the board has looked the same for a moment
(:class:`~companion.table.hex_watch.HexWatch`). Players at work keep it from settling
for a while, and that is as it should be: a hand over the board hides pieces, lifts
them, blurs frames. But when every piece is read frame after frame, no hand in sight,
and the board still does not settle for :data:`STALL_SECONDS`, something the players
can mend stalls the game, and nothing else would tell them. :class:`StallWatch` finds
it and says which of these it is (:class:`Stall`):

- the board moves in the picture (its outline moves by more than
  :data:`~companion.table.hex_watch.MOVED_PX` from one frame to the next in at least
  half of them): a camera on a stand that shakes or swings, a board sliding;
- a piece read on one cell, then another, back and forth (:data:`FLICKERS` changes or
  more): a piece lying across the line between two cells, or on the board's edge
  (read on it, then off it);
- two pieces read on one cell: a displaced piece pushed aside but not yet taken to
  its cell (H3).

Whether the board moves is judged on every frame it is found in (a shaking camera
blurs some frames and loses pieces in others), each compared with the frame before
when both found it by the same corner squares: an arm over a corner square shifts
the board's outline a little (found from the others), and a player at work across
the board for a while is no moving board. The pieces' reasons count only the frames
where the board is sharp and every piece is read in it (on a cell or off the board;
a piece in a lamp's glare, never read, counts as read: ``kept``), and only when
:data:`QUIET_SHARE` of the frames since the board last settled are such: so a hand
at work over the board, frames too blurred to judge and the camera off the board
(each said in its own way) never make a stall. Settling again ends it at once.

    >>> watch = StallWatch()
    >>> watch.stall is None
    True
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Final

from card_codes.hex_board import PIECES
from companion.table.hex_board import BoardReading
from companion.table.hex_watch import Outline, steady

#: The board unsettled this long (seconds of table time), every piece read, is a stall.
STALL_SECONDS: Final = 10.0
#: The share of the frames since the board last settled that must show every piece
#: read (no hand at work) for a stall.
QUIET_SHARE: Final = 0.8
#: A piece whose cell changed this many times since the board last settled flickers
#: (c3, c2, c3, c2, c3): a move by hand changes it once or twice.
FLICKERS: Final = 4
#: The board is judged moving on this many frames compared at least (each with the one
#: before it, found by the same corner squares).
FEWEST_PAIRS: Final = 10
_MARKERS: Final = tuple(piece.marker for piece in PIECES)


@dataclass(frozen=True)
class Stall:
    """Why the board has not settled since ``since`` (table time), every piece read."""

    since: float
    #: The board moves in the picture from frame to frame (the camera or the board).
    moving: bool = False
    #: The pieces read on one cell then another, by marker: the cells, in the order
    #: first read (None: off the board).
    flicker: dict[int, tuple[str | None, ...]] = field(default_factory=dict)
    #: The cells two pieces or more are read on in the last frame: their markers.
    shared: dict[str, tuple[int, ...]] = field(default_factory=dict)


class StallWatch:
    """Finds a board that never settles, every piece read (module docstring)."""

    def __init__(self, seconds: float = STALL_SECONDS) -> None:
        self.seconds = seconds
        #: The stall now (None: the board settles, or players are at work).
        self.stall: Stall | None = None
        self._since: float | None = None
        self._frames = 0
        self._pairs = 0  # frames where the board is found by the same corner squares as
        self._moved = 0  # in the one before (compared), and where it moved since
        self._quiet = 0  # frames sharp, every piece read
        self._outline: Outline = ()
        self._squares: list[int] = []  # the corner squares the outline was found by
        self._cells: dict[int, list[str | None]] = {}  # marker: cells read, first order
        self._last: dict[int, str | None] = {}  # marker: its cell in the last quiet frame
        self._changes: dict[int, int] = {}  # marker: how often its cell changed
        self._shared: dict[str, tuple[int, ...]] = {}

    def feed(
        self, reading: BoardReading, at: float, *, settled: bool, kept: Collection[int] = ()
    ) -> Stall | None:
        """One frame's ``reading`` at ``at``; ``settled``: the board settled in it (a
        position taken, or the last one seen again); ``kept``: pieces counted as read
        though they are not (in glare). Returns the stall now."""
        if settled or self._since is None:
            self._restart(at)
            if settled:
                return None
        self._frames += 1
        if reading.found:  # blurred or not: where the board lies is known
            if self._outline and reading.fiducial_ids == self._squares:
                self._pairs += 1
                self._moved += not steady(self._outline, reading.outline)
            self._outline, self._squares = reading.outline, reading.fiducial_ids
        if self._quiet_frame(reading, kept):
            self._count(reading)
        self.stall = self._judge(at)
        return self.stall

    def _restart(self, at: float) -> None:
        self.stall, self._since = None, at
        self._frames = self._pairs = self._moved = self._quiet = 0
        self._outline, self._squares = (), []
        self._cells, self._last, self._changes, self._shared = {}, {}, {}, {}

    @staticmethod
    def _quiet_frame(reading: BoardReading, kept: Collection[int]) -> bool:
        """True if ``reading`` shows the board sharp, every piece read on it or off it."""
        if not reading.found or reading.blurred or reading.twice:
            return False
        return all(marker in reading.pieces or marker in kept for marker in _MARKERS)

    def _count(self, reading: BoardReading) -> None:
        self._quiet += 1
        on: dict[str, list[int]] = {}
        for marker, cell in reading.pieces.items():
            cells = self._cells.setdefault(marker, [])
            if cell not in cells:
                cells.append(cell)
            if marker in self._last and self._last[marker] != cell:
                self._changes[marker] = self._changes.get(marker, 0) + 1
            self._last[marker] = cell
            if cell is not None:
                on.setdefault(cell, []).append(marker)
        self._shared = {cell: tuple(sorted(m)) for cell, m in sorted(on.items()) if len(m) > 1}

    def _judge(self, at: float) -> Stall | None:
        """The stall, if the board has been unsettled long enough with the players'
        hands away, and a reason is found; else None."""
        assert self._since is not None
        if at - self._since < self.seconds:
            return None
        moving = self._pairs >= FEWEST_PAIRS and 2 * self._moved >= self._pairs
        if self._quiet < QUIET_SHARE * self._frames:  # hands at work
            return Stall(self._since, moving) if moving else None
        flicker = {
            marker: tuple(self._cells[marker])
            for marker, changes in sorted(self._changes.items())
            if changes >= FLICKERS
        }
        if not (moving or flicker or self._shared):
            return None  # a piece off the board, say: said as missing
        return Stall(self._since, moving, flicker, dict(self._shared))
