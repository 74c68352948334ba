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
- two pieces read on one cell (in a quarter of the frames or more): a displaced piece
  pushed aside but not yet taken to its cell (H3).

The reasons are judged on the frames of the last :data:`STALL_SECONDS` (so a stall is
found 10 s after its cause, whatever came before). Whether the board moves is judged
on every frame it is found in (a shaking camera blurs some frames and loses pieces in
others), each compared with the frame before when both found it by the same corner
squares: an arm over a corner square shifts the board's outline a little (found from
the others), and a player at work across the board for a while is no moving board.
The pieces' reasons count only the frames where the board is sharp and every piece
has been read in the last :data:`READ_SECONDS` (on a cell or off the board; a piece
in a lamp's glare, never read, counts as read: ``kept``), and only when
:data:`QUIET_SHARE` of the frames are such: so a hand at work over the board, frames
too blurred to judge and the camera off the board (each said in its own way) do not
make a stall. Once found, a stall lasts until the board settles, hands at work to
mend it or not.

    >>> watch = StallWatch()
    >>> watch.stall is None
    True
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Final

from card_codes.hex_board import PIECES
from companion.games.hex import Cell
from companion.table.hex_board import BoardReading
from companion.table.hex_watch import Outline, steady

#: The board unsettled this long (seconds of table time), every piece read, is a stall;
#: its reasons are judged on the frames of this long just past.
STALL_SECONDS: Final = 10.0
#: A piece read this recently (seconds of table time: the stillness rule's half
#: second) counts as read in a frame: a faint code missed now and then is no hand at
#: work, a piece under a working hand is unread for longer.
READ_SECONDS: Final = 0.5
#: The share of the frames just past that must show every piece read (no hand at
#: work) for the pieces' reasons.
QUIET_SHARE: Final = 0.8
#: A piece whose cell changed this many times in the frames just past flickers (c3,
#: c2, c3, c2, c3): a move by hand changes it once or twice.
FLICKERS: Final = 4
#: The board is judged moving on this many frames compared at least (each with the one
#: before it, found by the same corner squares).
FEWEST_PAIRS: Final = 10
_MARKERS: Final = tuple(piece.marker for piece in PIECES)
Shared = tuple[str, tuple[int, ...]]  # a cell, and the markers of the pieces read on it
Change = tuple[int, str | None, str | None]  # a piece's marker, its cell before, now


@dataclass(frozen=True)
class Stall:
    """Why the board has not settled since ``since`` (table time), every piece read."""

    since: float
    #: The board moves in the picture from frame to frame (the camera or the board).
    moving: bool = False
    #: The pieces read on one cell then another, by marker: the cells, in the board's
    #: order (None, off the board, last).
    flicker: dict[int, tuple[str | None, ...]] = field(default_factory=dict)
    #: The cells two pieces or more are read on (in a quarter of the frames or more:
    #: a piece pushed aside may quiver between its cell and the next), their markers.
    shared: dict[str, tuple[int, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class _Frame:
    """What one frame adds to the counts: compared with the one before (``pair``) and
    moved; every piece read (``quiet``); then, the pieces whose cell changed since
    the last such frame (marker, cell before, cell now), and the cells shared."""

    at: float
    pair: bool
    moved: bool
    quiet: bool
    changed: tuple[Change, ...] = ()
    shared: tuple[Shared, ...] = ()


class StallWatch:
    """Finds a board that never settles, every piece read (module docstring)."""

    def __init__(self, seconds: float = STALL_SECONDS) -> None:
        self.seconds = seconds
        #: The stall now (None: the board has settled since, or not long ago enough).
        self.stall: Stall | None = None
        self._since: float | None = None
        self._window: deque[_Frame] = deque()  # the frames of the last ``seconds``
        self._pairs = self._moved = self._quiet = 0  # ... counted
        self._changes: Counter[int] = Counter()
        self._places: Counter[tuple[int, str | None]] = Counter()  # (marker, cell) changed
        self._shared: Counter[Shared] = Counter()
        self._outline: Outline = ()
        self._squares: list[int] = []  # the corner squares the outline was found by
        self._read: dict[int, float] = {}  # marker: when last read (or kept)
        self._last: dict[int, str | None] = {}  # marker: its cell in the last quiet frame

    def feed(
        self, reading: BoardReading, at: float, *, settled: bool, kept: Collection[int] = ()
    ) -> None:
        """One frame's ``reading`` at ``at``; ``settled``: the board settled in it (a
        position taken, or the last one seen again); ``kept``: pieces counted as read
        though they are not (in glare)."""
        if settled or self._since is None:
            self._restart(at)
            if settled:
                return
        pair = moved = False
        if reading.found:  # blurred or not: where the board lies is known
            pair = bool(self._outline) and reading.fiducial_ids == self._squares
            moved = pair and not steady(self._outline, reading.outline)
            self._outline, self._squares = reading.outline, reading.fiducial_ids
        for marker in (*reading.pieces, *kept):
            self._read[marker] = at
        quiet = self._quiet_frame(reading, at)
        changed, shared = self._pieces(reading) if quiet else ((), ())
        self._push(_Frame(at, pair, moved, quiet, changed, shared))
        stall = self._judge(at)
        self.stall = stall or self.stall  # till the board settles: hands at work say nothing

    def _restart(self, at: float) -> None:
        self.stall, self._since = None, at
        self._window.clear()
        self._pairs = self._moved = self._quiet = 0
        self._changes, self._places, self._shared = Counter(), Counter(), Counter()
        self._outline, self._squares = (), []
        self._last = {}

    def _quiet_frame(self, reading: BoardReading, at: float) -> bool:
        """True if ``reading`` shows the board sharp, every piece read on it or off it
        (in the last :data:`READ_SECONDS`)."""
        if not reading.found or reading.blurred or reading.twice:
            return False
        recent = at - READ_SECONDS
        return all(self._read.get(marker, -1e18) >= recent for marker in _MARKERS)

    def _pieces(self, reading: BoardReading) -> tuple[tuple[Change, ...], tuple[Shared, ...]]:
        """The pieces whose cell changed since the last quiet frame, and the cells shared."""
        changed: list[Change] = []
        on: dict[str, list[int]] = {}
        for marker, cell in reading.pieces.items():
            if marker in self._last and self._last[marker] != cell:
                changed.append((marker, self._last[marker], cell))
            self._last[marker] = cell
            if cell is not None:
                on.setdefault(cell, []).append(marker)
        shared = tuple((cell, tuple(sorted(m))) for cell, m in sorted(on.items()) if len(m) > 1)
        return tuple(changed), shared

    def _push(self, frame: _Frame) -> None:
        """Count ``frame`` in, and the frames older than ``seconds`` out."""
        self._count(frame, 1)
        self._window.append(frame)
        while self._window[0].at <= frame.at - self.seconds:
            self._count(self._window.popleft(), -1)

    def _count(self, frame: _Frame, sign: int) -> None:
        self._pairs += sign * frame.pair
        self._moved += sign * frame.moved
        self._quiet += sign * frame.quiet
        self._changes.update({marker: sign for marker, _, _ in frame.changed})
        for marker, before, now in frame.changed:
            self._places.update({(marker, before): sign, (marker, now): sign})
        self._shared.update({shared: sign for shared in frame.shared})

    def _judge(self, at: float) -> Stall | None:
        """The stall, if the board has not settled for ``seconds`` and the frames just
        past show why; else None."""
        assert self._since is not None
        if at - self._since < self.seconds:
            return None
        moving = self._pairs >= FEWEST_PAIRS and 2 * self._moved >= self._pairs
        if self._quiet < QUIET_SHARE * len(self._window):  # hands at work
            return Stall(self._since, moving) if moving else None
        flicker = {m: self._cells(m) for m in sorted(self._changes) if self._changes[m] >= FLICKERS}
        shared = {c: m for (c, m), n in sorted(self._shared.items()) if n and 4 * n >= self._quiet}
        if not (moving or flicker or shared):
            return None  # a piece off the board, say: said as missing
        return Stall(self._since, moving, flicker, shared)

    def _cells(self, marker: int) -> tuple[str | None, ...]:
        """The cells ``marker`` was read on in the frames just past, in the board's
        order (off the board, None, last)."""
        cells = [cell for (m, cell), n in self._places.items() if m == marker and n > 0]
        return tuple(sorted(cells, key=lambda cell: 91 if cell is None else Cell.parse(cell).index))
