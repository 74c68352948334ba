"""One turn of the hex game: its side, its allowance (H2) or move card (H5), its moves.

>>> turn = Turn(3, Side.BLACK, 3)
>>> turn.moves_left, too_many(turn)
(3, 'black may make 3 moves this turn and made them all')
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.hex.actions import Move
from companion.games.hex.pieces import Side


@dataclass(frozen=True)
class Turn:
    """One turn: its number in the game (from 1), the side, its allowance and its moves."""

    number: int
    side: Side
    allowed: int
    card: int | None = None
    moves: tuple[Move, ...] = ()

    @property
    def moves_left(self) -> int:
        return max(0, self.allowed - len(self.moves))


def too_many(turn: Turn) -> str:
    """The fault of a move beyond ``turn``'s allowance (H2, H5)."""
    plural = "" if turn.allowed == 1 else "s"
    return f"{turn.side.value} may make {turn.allowed} move{plural} this turn and made them all"
