"""The board of Naylor's Fibonacci (H1): 91 hexagonal cells named ``a1`` ... ``k6``.

Rows a-k hold 6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6 cells; a cell is its row letter and
its 1-based place from the left. Rows a-f grow, each starting half a cell further
left than the row above; rows g-k shrink. In axial coordinates ``(q, r)`` with
``r = row - 5`` the board is the hexagon ``|q|, |r|, |q + r| <= 5`` and the six
neighbours of ``(q, r)`` are ``(q±1, r)``, ``(q, r±1)``, ``(q+1, r-1)``, ``(q-1, r+1)``.
So a cell of rows a-e touches the cells of the row below with the same place and the
next one, a cell of rows f-j those with the same place and the one before.

    >>> Cell.parse("a1").neighbours()
    (Cell('a2'), Cell('b1'), Cell('b2'))
    >>> len(Cell.parse("f6").neighbours()), Cell.parse("f6").is_edge()
    (6, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from companion.games.errors import NotationError

ROW_LETTERS: Final = "abcdefghijk"
#: Cells on one side of the hexagon (H1).
SIDE: Final = 6
_RADIUS: Final = SIDE - 1
#: Cells per row, a to k.
ROW_LENGTHS: Final = tuple(SIDE + _RADIUS - abs(row - _RADIUS) for row in range(len(ROW_LETTERS)))
_CELL_PATTERN: Final = re.compile(r"([a-k])([1-9][0-9]?)")


class HexNotationError(NotationError):
    """A cell, move, move card or board diagram that cannot be read; ``rule`` names its rule."""

    rule: str

    def __init__(self, what: str, rule: str = "H1") -> None:
        super().__init__(what, rule)


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut short, so that a message about bad input stays one line."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


def _first_q(row: int) -> int:
    return max(-_RADIUS, -_RADIUS - (row - _RADIUS))


#: (row 0-10, place 1-11) of every cell, in reading order (a1, a2, ..., k6).
_PLACES: Final = tuple(
    (row, place) for row, length in enumerate(ROW_LENGTHS) for place in range(1, length + 1)
)
_AXIAL: Final = tuple((_first_q(row) + place - 1, row - _RADIUS) for row, place in _PLACES)
_INDEX_OF_AXIAL: Final = {axial: index for index, axial in enumerate(_AXIAL)}
_DIRECTIONS: Final = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
_NAMES: Final = tuple(f"{ROW_LETTERS[row]}{place}" for row, place in _PLACES)
_INDEX_OF_NAME: Final = {name: index for index, name in enumerate(_NAMES)}
#: The neighbours of every cell by index, in reading order.
NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        sorted(
            _INDEX_OF_AXIAL[(q + dq, r + dr)]
            for dq, dr in _DIRECTIONS
            if (q + dq, r + dr) in _INDEX_OF_AXIAL
        )
    )
    for q, r in _AXIAL
)


@dataclass(frozen=True, order=True, repr=False)
class Cell:
    """One cell of the board, ordered in reading order (a1 < a2 < ... < k6)."""

    index: int

    def __post_init__(self) -> None:
        if not 0 <= self.index < len(_NAMES):
            raise HexNotationError(f"there is no cell number {self.index} (0-{len(_NAMES) - 1})")

    @classmethod
    def parse(cls, text: str) -> Cell:
        """``"d9"`` -> the cell; raise :class:`HexNotationError` (H1) for anything else."""
        index = _INDEX_OF_NAME.get(text) if isinstance(text, str) else None
        if index is None:
            match = _CELL_PATTERN.fullmatch(text) if isinstance(text, str) else None
            hint = "rows a-k, places 1-6 ... 11 from the left"
            if match:
                row = ROW_LETTERS.index(match.group(1))
                hint = f"row {match.group(1)} has places 1-{ROW_LENGTHS[row]}"
            raise HexNotationError(f"{shown(text)} is not a cell of the board ({hint})")
        return CELLS[index]

    @property
    def name(self) -> str:
        return _NAMES[self.index]

    @property
    def row(self) -> int:
        """The row, 0 for a to 10 for k."""
        return _PLACES[self.index][0]

    @property
    def place(self) -> int:
        """The 1-based place from the left of the row."""
        return _PLACES[self.index][1]

    def neighbours(self) -> tuple[Cell, ...]:
        return tuple(CELLS[i] for i in NEIGHBOURS[self.index])

    def is_edge(self) -> bool:
        """True for the 30 cells with fewer than six neighbours (H4)."""
        return len(NEIGHBOURS[self.index]) < 6

    def distance(self, other: Cell) -> int:
        """Steps from cell to cell: ``Cell.parse("a1").distance(Cell.parse("k6")) == 10``."""
        (q1, r1), (q2, r2) = _AXIAL[self.index], _AXIAL[other.index]
        return max(abs(q1 - q2), abs(r1 - r2), abs(q1 + r1 - q2 - r2))

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Cell({self.name!r})"


#: Every cell in reading order.
CELLS: Final = tuple(Cell(index) for index in range(len(_NAMES)))
