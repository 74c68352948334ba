"""The game's first position through a lamp's glare: the start's pieces lost in it.

A lamp mirrored in a glossy print leaves nothing to read under its white heart
(:mod:`companion.table.hex_cover`). A piece seen, then lost in it, keeps its cell
(:mod:`companion.table.hex_watch`, :mod:`companion.table.hex_reader`); but a piece
lying in it when the camera first looks at the board has never been seen, so no
position is complete and the game would never start. :func:`glared_start` takes the
start as the board when nothing else can be meant (RULES.md H1, issue 24): before the
game's first position is taken,

- every piece the camera has seen stands on a cell the start puts a piece of its kind
  on (its side and kind: two strike pieces of a side are one to the rules), each on
  its own, and none is seen off the board;
- every piece not seen has a start cell of its kind left free, and each of those
  cells is in glare (:attr:`~companion.table.hex_cover.Cover.GLARE`), or at the
  glare's soft edge: its piece's code too faint to read, the cell not white all over,
  but every neighbour found covered with it is in glare (nothing else lies there, a
  hand least of all: a hand is darker than the glare it covers);
- or else every piece not seen has its code seen on that free start cell, faded too
  much to read (:attr:`~companion.table.hex_board.BoardReading.faint`: a reflection's
  soft edge, where the cell is neither bare nor white), the cell not matching its
  print. Faint codes and glare are not mixed: a start cell emptied under a
  reflection's white heart looks as a piece's cell there does, and a game started
  through it would make up a piece (bench/hex_glare.py part 5); with a code seen on
  every cell taken, no cell taken can be bare.

Then the pieces not seen are taken on those cells, in marker order over the cells in
reading order, and kept there as pieces seen and then lost in glare are. Anything else
(a piece seen off its start cell, one not seen whose start cell is plain to see, or
under a hand) takes nothing: the board is waited for, as ever. After a restart the
game's first position is compared with the game's (:mod:`companion.table.hex_referee`),
and this does not apply.

A look costs about 0.15 ms (:mod:`companion.table.hex_cover`); the start's cells are
looked at only while no position has been taken and a piece is not seen.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

import numpy as np
import numpy.typing as npt

from companion.games.hex import Cell, Piece, Position
from companion.table.hex_board import BoardReading
from companion.table.hex_cover import Cover, Look, look
from companion.table.hex_parallax import Parallax
from companion.table.hex_watch import PIECE_OF, HexWatch


def start_in_glare(
    watch: HexWatch,
    start: Position | None,
    reading: BoardReading,
    frame: npt.NDArray[np.uint8],
    parallax: Parallax | None = None,
) -> dict[int, str]:
    """What ``watch`` is to take in glare with this ``frame``'s ``reading``
    (:meth:`HexWatch.feed`'s ``glared``): :func:`glared_start` while the game's first
    position is not taken and a piece is not seen; nothing without a ``start`` (a game
    resumed after a restart, whose first board is compared with the game's)."""
    if start is None or watch.last is not None or not watch.pending:
        return {}
    return glared_start(start, {**watch.cells, **reading.pieces}, reading, frame, parallax)


def start_cells(start: Position, placed: Collection[str], unseen: Iterable[int]) -> dict[int, str]:
    """The pieces ``unseen`` (by marker), each on a cell ``start`` puts a piece of its
    kind on that is none of the cells ``placed`` (a piece is seen there): in marker
    order over the cells in reading order, for each kind with as many such cells left
    as pieces not seen (of a kind with more or fewer: none).

    >>> from companion.games.hex import START
    >>> start_cells(START, {"a2", "a4", "a5", "a6", "b2"}, [12, 30])  # 6 cells for 30
    {12: 'a3'}
    """
    unseen = list(unseen)
    taken: dict[int, str] = {}
    for piece in Piece:
        free = [cell.name for cell in start.cells_of(piece) if cell.name not in placed]
        mine = [marker for marker in unseen if PIECE_OF[marker] is piece]
        if len(free) == len(mine):
            taken.update(zip(mine, free, strict=True))
    return taken


def glared_start(
    start: Position,
    cells: Mapping[int, str | None],
    reading: BoardReading,
    frame: npt.NDArray[np.uint8],
    parallax: Parallax | None = None,
) -> dict[int, str]:
    """The pieces not seen, by marker, each on the start cell in glare it is taken on;
    empty when the rule (module docstring) does not hold. ``cells``: each piece's cell
    as the camera last saw it (``None``: never seen on the board), this ``frame``'s
    ``reading`` included."""
    view = reading.view
    if view is None or reading.blurred:
        return {}
    unseen = [marker for marker in PIECE_OF if cells.get(marker) is None]
    if not unseen or any(marker in reading.pieces for marker in unseen):
        return {}  # nothing to take, or a piece seen off the board
    placed = {cell: marker for marker, cell in cells.items() if cell is not None}
    if len(placed) != len(PIECE_OF) - len(unseen):
        return {}  # two pieces on one cell
    if any(start[Cell.parse(cell)] is not PIECE_OF[m] for cell, m in placed.items()):
        return {}  # a piece seen off its start cell
    taken = start_cells(start, placed, unseen)
    if len(taken) != len(unseen):
        return {}  # a start with fewer pieces of a kind than the box holds
    read = {cell for cell in reading.pieces.values() if cell is not None}
    looks: dict[str, Look] = {}

    def seen(cell: str) -> Look:
        if cell not in looks:
            looks[cell] = look(frame, view, cell, read, parallax)
        return looks[cell]

    def in_glare(cell: str) -> bool:
        at = seen(cell)
        if at.cover is Cover.GLARE:
            return True
        edge = at.cover in (Cover.HIDDEN, Cover.COVERED) and bool(at.covered)
        return edge and all(seen(near).cover is Cover.GLARE for near in at.covered)

    def faint(cell: str) -> bool:
        return cell in reading.faint and seen(cell).cover is not Cover.EMPTY

    cells_taken = taken.values()
    if all(in_glare(cell) for cell in cells_taken) or all(faint(c) for c in cells_taken):
        return taken
    return {}
