"""Where the pieces stand, how they move (H3), and the position as H1's diagram string.

A position is written like the start diagram of H1: rows a-k joined by ``/``, one
character a cell (``X x t`` Black, ``W w u`` White, ``.`` empty). That string is the
``board`` of ``companion score --json`` and reads back with :meth:`Position.parse`.

A move takes a strike or support piece to any cell next to the piece itself or to its
group; a piece standing there (either side's, a centre included) goes to the cell the
mover came from, so a move is a swap of two cells. The group is the connected set of
the mover's pieces of the same kind, or, with ``friendly=True`` (variant
``friendly-groups``), of all the mover's pieces, centre included.

Decisions the rules leave open, as the engine takes them: a piece may land on any
piece, its own centre and the members of its own group included (two pieces of the
same kind and side swap places: nothing changes on the board, but it is a move); a
displaced piece never moves further, so a centre dragged to the mover's cell stays
there, even on the edge.

    >>> START.board()[:16]
    'Xxxxxx/.x...../.'
    >>> len(START.destinations(Cell.parse("d9")))  # Black's six support pieces: one group
    18
    >>> START.after(Cell.parse("b2"), Cell.parse("a1")).board()[:14]  # onto its own centre
    'xxxxxx/.X.....'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from companion.games.hex.board import (
    CELLS,
    NEIGHBOURS,
    ROW_LENGTHS,
    ROW_LETTERS,
    Cell,
    HexNotationError,
)
from companion.games.hex.pieces import Kind, Piece, Side

EMPTY: Final = "."
#: Pieces a side has of each kind; none is ever taken off the board (H1).
PIECES_PER_KIND: Final = {Kind.CENTRE: 1, Kind.STRIKE: 6, Kind.SUPPORT: 6}


@dataclass(frozen=True)
class Position:
    """The piece (or ``None``) on every cell, by cell index."""

    cells: tuple[Piece | None, ...]

    @classmethod
    def parse(cls, board: str) -> Position:
        """Read H1's diagram string; raise :class:`HexNotationError` (H1) naming the fault.

        Fewer strike or support pieces than six are accepted (puzzles, tests); each
        side needs its one centre, the turn allowance and the win depend on it.
        """
        if not isinstance(board, str):
            raise HexNotationError(f"a board is a string, not {type(board).__name__}")
        rows = board.split("/")
        if len(rows) != len(ROW_LENGTHS):
            raise HexNotationError(f"a board has 11 rows a-k joined by '/', not {len(rows)}")
        cells: list[Piece | None] = []
        for letter, row, length in zip(ROW_LETTERS, rows, ROW_LENGTHS, strict=True):
            if len(row) != length:
                raise HexNotationError(f"row {letter} has {length} cells, not {len(row)}: {row!r}")
            for place, char in enumerate(row, start=1):
                if char == EMPTY:
                    cells.append(None)
                elif char in _LETTERS:
                    cells.append(Piece(char))
                else:
                    raise HexNotationError(f"{letter}{place}: {char!r} is none of X x t W w u .")
        position = cls(tuple(cells))
        for piece in Piece:
            count = position.cells.count(piece)
            most = PIECES_PER_KIND[piece.kind]
            if count > most or (piece.kind is Kind.CENTRE and count != most):
                raise HexNotationError(
                    f"{count} of {piece.describe()} {piece.value!r}: a side has "
                    f"{'exactly' if piece.kind is Kind.CENTRE else 'at most'} {most}"
                )
        return position

    def board(self) -> str:
        """The diagram string: ``Xxxxxx/.x...../......../...``."""
        chars = [EMPTY if piece is None else piece.value for piece in self.cells]
        rows, start = [], 0
        for length in ROW_LENGTHS:
            rows.append("".join(chars[start : start + length]))
            start += length
        return "/".join(rows)

    def __str__(self) -> str:
        return self.board()

    def __getitem__(self, cell: Cell) -> Piece | None:
        return self.cells[cell.index]

    def occupied(self) -> Iterator[tuple[Cell, Piece]]:
        """Every piece with its cell, in reading order."""
        for index, piece in enumerate(self.cells):
            if piece is not None:
                yield CELLS[index], piece

    def centre(self, side: Side) -> Cell:
        return CELLS[self.cells.index(side.centre_piece)]

    def cells_of(self, piece: Piece) -> tuple[Cell, ...]:
        return tuple(cell for cell, here in self.occupied() if here is piece)

    def group(self, cell: Cell, *, friendly: bool = False) -> frozenset[Cell]:
        """The connected pieces that carry the piece on ``cell`` (H3)."""
        return frozenset(CELLS[i] for i in self._group(cell.index, friendly))

    def _group(self, start: int, friendly: bool) -> set[int]:
        piece = self.cells[start]
        if piece is None:
            return set()
        # The pieces that may join the group: the same piece, or any of the side's.
        kin = tuple(other for other in Piece if other.side is piece.side) if friendly else (piece,)
        cells = self.cells
        seen = {start}
        stack = [start]
        while stack:
            for near in NEIGHBOURS[stack.pop()]:
                if near not in seen and cells[near] in kin:
                    seen.add(near)
                    stack.append(near)
        return seen

    def destinations(self, cell: Cell, *, friendly: bool = False) -> tuple[Cell, ...]:
        """The cells the piece on ``cell`` may move to (H3), in reading order."""
        reach: set[int] = set()
        for member in self._group(cell.index, friendly):
            reach.update(NEIGHBOURS[member])
        reach.discard(cell.index)
        return tuple(CELLS[i] for i in sorted(reach))

    def after(self, src: Cell, dst: Cell) -> Position:
        """The position after ``src-dst``: whatever stood on ``dst`` goes to ``src`` (H3)."""
        cells = list(self.cells)
        cells[src.index], cells[dst.index] = cells[dst.index], cells[src.index]
        return Position(tuple(cells))

    def strikers_around(self, side: Side) -> tuple[Cell, ...]:
        """The opposing strike pieces next to ``side``'s centre (H2, H4)."""
        striker, cells = side.other.strike_piece, self.cells
        around = NEIGHBOURS[cells.index(side.centre_piece)]
        return tuple(CELLS[i] for i in around if cells[i] is striker)


_LETTERS: Final = frozenset(piece.value for piece in Piece)

#: The start position of H1 (003's diagram).
START: Final = Position.parse(
    "Xxxxxx/.x...../......../........t/..u...ttt./...u...t.../.uuu...t../"
    "u......../......../.....w./wwwwwW"
)
