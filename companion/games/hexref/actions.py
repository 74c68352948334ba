"""What the referee is told, one button press each: a move made, strikes, the end of a turn.

The referee never sees the board (H1-H3 happen between the players), so a move is a
count, not a ``from-to``:

    >>> MoveMade(), Strikes(2), Win(Side.WHITE)
    (MoveMade(), Strikes(count=2), Win(side=<Side.WHITE: 'white'>))
    >>> str(Strikes(2)), str(Win(Side.WHITE))
    ('2 enemy strike pieces on the centre', 'white wins')

The end of a turn and the move card chance turns up (H5) are the board engine's own
:class:`~companion.games.hex.actions.EndTurn` and :class:`~companion.games.hex.actions.Draw`:
they mean the same at a table the referee cannot see.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.hex.actions import Draw, EndTurn
from companion.games.hex.pieces import Side


@dataclass(frozen=True)
class MoveMade:
    """The player to move made one move (H3); the referee counts it down (H2)."""

    def __str__(self) -> str:
        return "a move"


@dataclass(frozen=True)
class Strikes:
    """``count`` enemy strike pieces touch the mover's centre (H2), as the table says.

    The table may set or correct the count at any time during the turn: the
    allowance and the moves left follow.
    """

    count: int

    def __str__(self) -> str:
        plural = "" if self.count == 1 else "s"
        return f"{self.count} enemy strike piece{plural} on the centre"


@dataclass(frozen=True)
class Win:
    """The players declare that ``side`` has won (H4, or H5's win in the card variant).

    The referee cannot see the board, so it takes the table's word; a player who
    concedes is declared the same way (the other side wins). No rule gives a draw:
    even a move that completes both encirclements is the mover's win (H4).
    """

    side: Side

    def __str__(self) -> str:
        return f"{self.side.value} wins"


RefereeAction = MoveMade | EndTurn | Strikes | Draw | Win

__all__ = ["Draw", "EndTurn", "MoveMade", "RefereeAction", "Strikes", "Win"]
