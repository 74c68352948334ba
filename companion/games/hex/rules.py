"""How many moves a turn allows (H2) and when the game is won (H4, H5).

Both modes count the same way: the board mode reads the strike pieces on the mover's
centre from the position, the referee mode is told them.

>>> from companion.games.hex.position import START
>>> [allowance(START, side, turn) for turn, side in
...  zip(range(1, 8), [Side.BLACK, Side.WHITE] * 4)]
[1, 2, 3, 4, 5, 6, 6]
>>> allowance_with(6, 2), allowance_with(2, 6)
(4, 0)
"""

from __future__ import annotations

from typing import Final

from companion.games.hex.board import NEIGHBOURS
from companion.games.hex.pieces import Kind, Piece, Side
from companion.games.hex.position import Position

#: Every turn after the opening gives this many moves (H2).
FULL_ALLOWANCE: Final = 6
#: H2: a centre has six neighbours, so at most six enemy strike pieces touch it.
MAX_STRIKES: Final = 6


def opening_allowance(turn: int) -> int:
    """Turns 1-5 of the game give 1-5 moves (Black 1, 3, 5; White 2, 4), later ones 6 (H2)."""
    return min(turn, FULL_ALLOWANCE)


def allowance_with(turn: int, strikes: int) -> int:
    """H2 for turn ``turn`` with ``strikes`` enemy strike pieces on the mover's centre."""
    return max(0, opening_allowance(turn) - strikes)


def allowance(position: Position, side: Side, turn: int) -> int:
    """H2: the opening schedule, less one per opposing strike piece on the centre, floor 0."""
    return allowance_with(turn, len(position.strikers_around(side)))


def encircled(position: Position, side: Side, *, edge_surround: bool = False) -> bool:
    """H4: all six neighbours of ``side``'s centre hold opposing strike pieces.

    A centre on the edge has fewer than six neighbours and cannot be encircled until it
    is dragged inside; with ``edge_surround`` (the variant) its on-board neighbours do.
    """
    cells = position.cells
    around = NEIGHBOURS[cells.index(side.centre_piece)]
    if len(around) < 6 and not edge_surround:
        return False
    striker = side.other.strike_piece
    return all(cells[index] is striker for index in around)


def card_win(position: Position, side: Side) -> bool:
    """H5: all of ``side``'s strike pieces form one group and three touch the other centre."""
    strikers = position.cells_of(Piece.of(side, Kind.STRIKE))
    if not strikers or len(position.group(strikers[0])) != len(strikers):
        return False
    return len(position.strikers_around(side.other)) >= 3


def has_won(position: Position, side: Side, variants: frozenset[str]) -> bool:
    """Whether ``side`` holds a winning position under the variants in play.

    The card variant replaces H4's encirclement by H5's win (002: "la position gagnante
    est aussi différente"), so ``edge-surround`` changes nothing there.
    """
    if "cards" in variants:
        return card_win(position, side)
    return encircled(position, side.other, edge_surround="edge-surround" in variants)


def winner_after_move(position: Position, mover: Side, variants: frozenset[str]) -> Side | None:
    """Who has won once ``mover``'s move made ``position``: the mover wins a double win (H4)."""
    for side in (mover, mover.other):
        if has_won(position, side, variants):
            return side
    return None
