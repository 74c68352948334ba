"""The two sides and their thirteen pieces each (H1), with the letters of the diagram.

Black is seat 0 and moves first; its centre is ``X``, strike pieces ``x``, support
pieces ``t``. White (seat 1): ``W``, ``w``, ``u``.

    >>> Piece("t").side, Piece("t").kind
    (<Side.BLACK: 'black'>, <Kind.SUPPORT: 'support'>)
    >>> Piece.of(Side.WHITE, Kind.STRIKE)
    <Piece.WHITE_STRIKE: 'w'>
"""

from __future__ import annotations

from enum import Enum


class Side(Enum):
    BLACK = "black"
    WHITE = "white"

    @property
    def seat(self) -> int:
        return 0 if self is Side.BLACK else 1

    @property
    def other(self) -> Side:
        return Side.WHITE if self is Side.BLACK else Side.BLACK

    @classmethod
    def of_seat(cls, seat: int) -> Side:
        return (Side.BLACK, Side.WHITE)[seat]


class Kind(Enum):
    CENTRE = "centre"
    STRIKE = "strike"
    SUPPORT = "support"


class Piece(Enum):
    """A piece, valued by its letter in the H1 diagram."""

    BLACK_CENTRE = "X"
    BLACK_STRIKE = "x"
    BLACK_SUPPORT = "t"
    WHITE_CENTRE = "W"
    WHITE_STRIKE = "w"
    WHITE_SUPPORT = "u"

    @property
    def side(self) -> Side:
        return Side.BLACK if self.value in "Xxt" else Side.WHITE

    @property
    def kind(self) -> Kind:
        return _KINDS[self.value]

    @classmethod
    def of(cls, side: Side, kind: Kind) -> Piece:
        return _PIECES[side, kind]

    def describe(self) -> str:
        """``"white's support piece"``, for messages."""
        return f"{self.side.value}'s {self.kind.value} piece"


_KINDS = {
    "X": Kind.CENTRE,
    "x": Kind.STRIKE,
    "t": Kind.SUPPORT,
    "W": Kind.CENTRE,
    "w": Kind.STRIKE,
    "u": Kind.SUPPORT,
}
_PIECES = {(piece.side, piece.kind): piece for piece in Piece}
