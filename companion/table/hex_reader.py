"""The hex board in the daemon's frames: positions to journal, and the pieces not seen.

:class:`BoardReader` reads each frame of a table whose hex game the camera referees
(:func:`~companion.table.hex_board.read_board`), takes a position the way
:class:`~companion.table.hex_watch.HexWatch` does (the board and every piece still for
:data:`STILL_SECONDS`), and answers it as a :class:`~companion.table.hex_events.BoardSeen`,
the input the session journals and the camera referee's flow plays.

A piece whose code is seen on two cells at once (a copy of its token on the board:
:attr:`~companion.table.hex_board.BoardReading.twice`) keeps the cell it had, as a
hidden one does, and is never missing: it is :attr:`BoardReader.twice` while both
are seen, for the players to take the copy away. A copy off the board (a spare sheet
of tokens beside it) changes nothing.

It also says when a piece stays unseen. A piece under a hand is unseen for a moment,
and hands at work move pieces; so a piece is *missing* when the board has been still
(not moved, no piece seen on a new cell) for :data:`MISSING_STILLS` times the
stillness rule (:data:`STILL_SECONDS`), that is 3 s, and the piece was neither seen
on the board nor hidden (or in glare) in any frame of that time: knocked off, held
up, its code turned away. It is no longer missing as soon as it is seen on the board
again, or hidden. A piece put down in a lamp's glare is missing too (nothing of it is
read, and its old cell is seen empty): when a piece is missing and its last cell was
seen bare, the cells under a lamp's white reflection are looked for on the whole
board (:func:`~companion.table.hex_lamp.lamp_cells`, 2.5-5 ms, only while a piece
is missing), and named with it (:attr:`MissingPiece.lamp`), so that the players are
told to move the lamp rather than to put the piece back. A missing piece whose last
spot another piece read now lies over (:data:`OVER_MM`: a paper token put down over
its neighbour's edge hides the neighbour's code) is named with that piece
(:attr:`MissingPiece.over`), so that they are told to move the two apart.

A piece is *hidden* while a hand, an arm or a sleeve rests over its last cell: in each
still frame where a piece is not seen, its cell is looked at
(:func:`~companion.table.hex_cover.look`); when two looks in a row find the cell and
its neighbourhood covered, the piece keeps its cell and counts as seen, however long
the hand stays (two, so that one blurred frame, where the neighbours' codes are not
read either, is not taken for a hand). Once the hand leaves, the piece is seen again,
or its cell is empty and the 3 s start from then. A piece whose cell is in glare (a
lamp mirrored in a glossy print: :attr:`~companion.table.hex_cover.Cover.GLARE`)
keeps its cell the same way, from the first look, as long as the glare is over it
(:attr:`BoardReader.glared`): nothing of it can be read there, and a piece moved
into the glare is not seen on its new cell, but its old one is then seen empty.

A reader given the game's ``start`` (a game beginning, not one resumed after a
restart) takes it as the first position though pieces of it lie in glare, never seen,
when the board shows nothing else (:func:`~companion.table.hex_start.glared_start`):
those pieces (:attr:`BoardReader.glared_start`) then keep their start cells as pieces
seen and lost in glare do.

A board that has not settled for 10 s though every piece is read (no hand at work) is
:attr:`BoardReader.stall`, with why (:mod:`companion.table.hex_stall`): the board
moving in the picture, a piece read on two cells in turn, two pieces on one cell.

A frame too blurred to judge (:attr:`~companion.table.hex_board.BoardReading.blurred`:
motion blur, where the fiducials are found and the pieces' codes are not) is no look:
it changes neither the pieces seen, nor the hidden ones, nor the board's stillness,
nor the pieces said missing, and takes no position. What the last sharp frames
showed holds through it: a piece seen (or hidden) in the last :data:`STILL_SECONDS`
before the blur counts as seen while it lasts, so a hand that passed over the board
in a blur says nothing, nor does a code that flickers in the first sharp frame after
it; a piece not seen before the blur (turned code down) goes on ageing through it,
and is said missing at the first sharp frame once its 3 s have passed.

    reader = BoardReader()
    for frame in frames:
        seen = reader.feed(frame.image, frame.timestamp)   # a BoardSeen, or None
        reader.missing                                     # the pieces not seen, by marker
        reader.hidden                                      # the pieces under a hand
        reader.glared                                      # the pieces in glare
        reader.twice                                       # the pieces seen twice
        reader.lost_since                                  # since when no board is seen
        reader.stall                                       # why the board never settles
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Final

import numpy as np
import numpy.typing as npt

from card_codes.hex_board import PIECES, TOKEN_MM, marker_piece
from companion.games.hex import Position
from companion.table.hex_board import BoardReading, read_board
from companion.table.hex_cover import Cover, Look, look
from companion.table.hex_events import BoardSeen
from companion.table.hex_lamp import lamp_cells
from companion.table.hex_parallax import Parallax
from companion.table.hex_stall import Stall, StallWatch
from companion.table.hex_start import start_in_glare
from companion.table.hex_view import BoardView
from companion.table.hex_watch import HexWatch, Outline, steady

#: The board must look the same this long (seconds of table time) for a position.
STILL_SECONDS: Final = 0.5
#: A piece unseen while the board looked the same for this many stillness windows
#: (:data:`STILL_SECONDS`) is missing.
MISSING_STILLS: Final = 6
_MARKERS: Final = tuple(piece.marker for piece in PIECES)
#: A piece not seen lies under another read this near where it was last seen (mm
#: between their middles): two 22 mm tokens 3.5 mm over each other, where the one
#: below loses its code (bench/hex_overlap.py: 3 mm over, both are read).
OVER_MM: Final = TOKEN_MM - 3.0


@dataclass(frozen=True)
class MissingPiece:
    """A piece the camera has not seen on the board: its side (``black``/``white``),
    kind (``centre``/``strike``/``support``) and number as printed on it (1-6), its
    marker's id, since when it was not seen (table time), and the glare it may lie in."""

    side: str
    kind: str
    number: int
    marker: int
    since: float
    #: The cells under a lamp's white reflection, where it may lie unread: its last
    #: cell seen bare (or never seen) while glare lies on the board (empty: none).
    lamp: tuple[str, ...] = ()
    #: The marker of a piece read lying over it (a paper token put down over the
    #: edge of its neighbour hides the neighbour's code: :data:`OVER_MM`), or None.
    over: int | None = None

    @property
    def name(self) -> str:
        """For the log: ``white strike 3`` (``black centre``)."""
        return piece_name(self.marker)


def piece_name(marker: int) -> str:
    """The piece carrying ``marker``, for the log: ``white strike 3`` (``black centre``)."""
    side, kind, number = marker_piece(marker)
    return f"{side} {kind}" if kind == "centre" else f"{side} {kind} {number}"


def lying_over(
    spot: tuple[float, float], spots: Mapping[int, tuple[float, float]], *, but: int | None = None
) -> int | None:
    """The piece (of ``spots``: where each piece read lies, by marker) lying over a
    token whose middle is at ``spot`` (board mm), hiding its code: the nearest within
    :data:`OVER_MM`, other than ``but``; None if none is.

    >>> lying_over((0.0, 0.0), {16: (24.0, 0.0), 30: (17.5, 0.0)})
    30
    """
    near = [
        (math.dist(spot, there), other)
        for other, there in spots.items()
        if other != but and math.dist(spot, there) < OVER_MM
    ]
    return min(near)[1] if near else None


class BoardReader:
    """Frames of the hex board to :class:`BoardSeen` inputs and missing pieces."""

    def __init__(
        self, *, still_seconds: float = STILL_SECONDS, start: Position | None = None
    ) -> None:
        self.still_seconds = still_seconds
        #: The game's start, its pieces in glare taken on their cells (module docstring).
        self.start = start
        self.watch = HexWatch(still_frames=2, still_seconds=still_seconds)
        self.reading: BoardReading | None = None
        self._seen: dict[int, float] = {}  # marker: when last seen on the board
        self._cells: dict[int, str] = {}  # marker: the cell it was last seen on
        self._spots: dict[int, tuple[float, float]] = {}  # marker: where it was last seen
        self._same_since = 0.0
        self._outline: Outline = ()
        self._start: float | None = None
        self._sharp_at = 0.0  # the last frame not blurred
        #: Since when every frame has been too blurred to judge (None: the last was sharp).
        self.blurred_since: float | None = None
        #: Since when no frame has shown the board (None: the last one did).
        self.lost_since: float | None = None
        #: Since when no frame has found the board settled, still with every piece on a
        #: cell (None: the last one did). A replay that ends unsettled says since when.
        self.unsettled_since: float | None = None
        #: The pieces missing now (see the module docstring), in marker order.
        self.missing: tuple[MissingPiece, ...] = ()
        #: The pieces hidden now (under a hand), by marker: the last look at each one's cell.
        self.hidden: dict[int, Look] = {}
        #: The pieces in glare now, by marker: the look at each one's cell.
        self.glared: dict[int, Look] = {}
        #: The pieces seen on two cells or more now (a copy of a token), by marker:
        #: the cells (module docstring).
        self.twice: dict[int, tuple[str, ...]] = {}
        self._looks: dict[int, Look] = {}  # marker: the last frame's look, if one was made
        #: Why the board never settles though every piece is read:
        #: :mod:`companion.table.hex_stall`.
        self._stalls = StallWatch()
        self._in_glare: set[int] = set()  # pieces last found in glare, not read since
        #: The board's view on the last frame it was found, with the lens's bend found
        #: (:mod:`companion.table.hex_view`), for the next frame.
        self.view: BoardView | None = None
        #: How standing pieces' codes are seen (:mod:`companion.table.hex_parallax`),
        #: for the next frame.
        self.parallax: Parallax | None = None

    def feed(self, image: npt.NDArray[np.uint8], at: float) -> BoardSeen | None:
        """One frame at ``at`` (table time): a position taken, else ``None``."""
        reading = read_board(image, self.view, self.parallax, self.watch.cells)
        self.reading = reading
        if reading.found:
            self.lost_since = None
        elif self.lost_since is None:
            self.lost_since = at
        self.view = reading.view or self.view
        self.parallax = reading.parallax or self.parallax
        first = self.watch.last is None
        glared = start_in_glare(self.watch, self.start, reading, image, self.parallax)
        position = self.watch.feed(reading, at, glared)
        if self.watch.settled:
            self.unsettled_since = None
        elif self.unsettled_since is None:
            self.unsettled_since = at
        for marker, cell in self.glared_start.items() if position and first else ():
            self._cells[marker], self._seen[marker] = cell, at
        self._look(reading, image, at)
        glare = (*self._in_glare, *self.glared, *self.glared_start)
        self._in_glare = {marker for marker in glare if marker not in reading.pieces}
        self._stalls.feed(reading, at, settled=self.watch.settled, kept=self._in_glare)
        return None if position is None else BoardSeen(position, at, first)

    @property
    def stall(self) -> Stall | None:
        """Why the board has not settled for 10 s, every piece read (None: it has, or
        nothing shows why): :mod:`companion.table.hex_stall`."""
        return self._stalls.stall

    @property
    def glared_start(self) -> dict[int, str]:
        """The pieces taken on their start cells in glare with the first position, by
        marker (module docstring)."""
        return self.watch.glared_start

    def _look(self, reading: BoardReading, image: npt.NDArray[np.uint8], at: float) -> None:
        if self._start is None:
            self._start = at
        if not reading.found:  # no board in sight: nothing to say of its pieces
            self._outline = ()
            self.missing = ()
            self.hidden, self.glared, self._looks, self.twice = {}, {}, {}, {}
            return
        if not reading.blurred:
            self.blurred_since = None
        elif self.blurred_since is None:
            self.blurred_since = at
        if reading.blurred:  # no look: what the last sharp frames showed holds
            recent = self._sharp_at - self.still_seconds
            for marker, seen in self._seen.items():
                if seen >= recent:
                    self._seen[marker] = at
            return
        self._sharp_at = at
        self.twice = reading.twice
        for marker in reading.twice:  # seen, if too often: said as such, not as missing
            self._seen[marker] = at
        moved = not steady(self._outline, reading.outline)
        for marker, cell in reading.pieces.items():
            if cell is not None:
                self._seen[marker] = at
                moved = moved or self._cells.get(marker, cell) != cell
                self._cells[marker] = cell
        self._spots.update(reading.spots)
        if moved:
            self._same_since = at
        self._outline = reading.outline
        self._cover(reading, image, at, still=not moved)
        window = MISSING_STILLS * self.still_seconds
        if at - self._same_since < window:
            self.missing = tuple(
                m
                for m in self.missing
                if reading.pieces.get(m.marker) is None
                and m.marker not in self.hidden
                and m.marker not in self.glared
                and m.marker not in self.twice
            )
            return
        missing = [
            MissingPiece(piece.side, piece.kind, piece.number, piece.marker, since)
            for piece in PIECES
            for since in (self._seen.get(piece.marker, self._start),)
            if reading.pieces.get(piece.marker) is None and at - since >= window
        ]
        lamp = lamp_cells(image, reading.view) if missing and reading.view else ()
        self.missing = tuple(
            replace(piece, lamp=lamp)
            if self._bare(piece.marker)
            else replace(piece, over=self._over(piece.marker, reading))
            for piece in missing
        )

    def _over(self, marker: int, reading: BoardReading) -> int | None:
        """The piece read lying over ``marker`` where it was last seen, if one is; or
        the one said so before, while it is not read anywhere (lifted to be moved)."""
        spot = self._spots.get(marker)
        over = None if spot is None else lying_over(spot, reading.spots, but=marker)
        if over is not None:
            return over
        before = next((m.over for m in self.missing if m.marker == marker), None)
        return before if before is not None and before not in reading.spots else None

    def _bare(self, marker: int) -> bool:
        """True if ``marker``'s last cell was seen with nothing on it (or it has none):
        the piece went elsewhere, maybe into a lamp's glare, not turned code down there."""
        seen = self._looks.get(marker)
        return seen is None or seen.cover is Cover.EMPTY

    def _cover(
        self, reading: BoardReading, image: npt.NDArray[np.uint8], at: float, *, still: bool
    ) -> None:
        """Look at the last cell of each piece not seen in this frame if the board is
        ``still``; a piece found under a hand in two looks in a row is hidden, one in
        glare in one look is glared, and either counts as seen at ``at``."""
        looks: dict[int, Look] = {}
        if still and reading.view is not None:
            read = {cell for cell in reading.pieces.values() if cell is not None}
            read.update(cell for cells in reading.twice.values() for cell in cells)
            by_cell: dict[str, Look] = {}
            for marker, cell in self._cells.items():
                if marker not in reading.pieces:
                    if cell not in by_cell:
                        by_cell[cell] = look(image, reading.view, cell, read, self.parallax)
                    looks[marker] = by_cell[cell]
        before, self._looks = self._looks, looks
        self.hidden = {
            marker: seen
            for marker, seen in looks.items()
            if seen.cover is Cover.HIDDEN
            and marker in before
            and before[marker].cover is Cover.HIDDEN
        }
        self.glared = {marker: seen for marker, seen in looks.items() if seen.cover is Cover.GLARE}
        for marker in (*self.hidden, *self.glared):
            self._seen[marker] = at
