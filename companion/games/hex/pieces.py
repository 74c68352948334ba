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

    # Plain attributes, set once below: the engine asks them in its inner loops.
    seat: int
    other: Side
    centre_piece: Piece
    strike_piece: Piece

    @classmethod
    def of_seat(cls, seat: int) -> Side:
        """Seat 0 is Black, seat 1 White (``current_player()`` answers seats)."""
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

    # Plain attributes, set once below: the engine asks them in its inner loops.
    side: Side
    kind: Kind

    @classmethod
    def of(cls, side: Side, kind: Kind) -> Piece:
        return _PIECES[side, kind]

    def describe(self) -> str:
        """``"white's support piece"``, for messages."""
        return f"{self.side.value}'s {self.kind.value} piece"


_KINDS = {"X": Kind.CENTRE, "x": Kind.STRIKE, "t": Kind.SUPPORT}
_KINDS.update({"W": Kind.CENTRE, "w": Kind.STRIKE, "u": Kind.SUPPORT})
for _piece in Piece:
    _piece.side = Side.BLACK if _piece.value in "Xxt" else Side.WHITE
    _piece.kind = _KINDS[_piece.value]
_PIECES = {(piece.side, piece.kind): piece for piece in Piece}
for _seat, _side in enumerate(Side):
    _side.seat = _seat
    _side.other = Side.WHITE if _side is Side.BLACK else Side.BLACK
    _side.centre_piece = _PIECES[_side, Kind.CENTRE]
    _side.strike_piece = _PIECES[_side, Kind.STRIKE]
