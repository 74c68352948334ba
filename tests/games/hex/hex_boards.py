"""Positions for tests, written as the pieces on a few cells: ``board(X="b4", w="a3 a4")``."""

from __future__ import annotations

from companion.games.hex import CELLS, Cell, Piece, Position


def board(**pieces: str) -> Position:
    """An otherwise empty board with each piece letter on the cells named after it.

    >>> board(X="a1", W="k6", x="b1 b2").board()[:14]
    'X...../xx.....'
    """
    cells: list[Piece | None] = [None] * len(CELLS)
    for letter, names in pieces.items():
        for name in names.split():
            cells[Cell.parse(name).index] = Piece(letter)
    return Position.parse(Position(tuple(cells)).board())


def cells(names: str) -> set[Cell]:
    return {Cell.parse(name) for name in names.split()}
